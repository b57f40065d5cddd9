package storetest

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/store"
)

// testPageIDs: every game created gets its own valid page id, and every
// read returns it (Game, GameByPage, LiveGame, LastGame, IdleGames,
// UserGames); UpdateGame never changes it.
func testPageIDs(t *testing.T, s store.Store) {
	ctx := t.Context()
	live := mustCreate(t, s, newGame("discord", "c1"))
	over := mustCreate(t, s, finished("discord", "c2", person("u-alice", "Alice"), person("u-carol", "Carol"), "draw", at(0)))
	other := mustCreate(t, s, newGame("telegram", "c1"))
	seen := map[string]int64{}
	for _, g := range []*store.Game{live, over, other} {
		if !store.ValidPageID(g.PageID) {
			t.Fatalf("game %d: PageID %q is not a page id", g.ID, g.PageID)
		}
		if id, ok := seen[g.PageID]; ok {
			t.Fatalf("games %d and %d have the same PageID %q", id, g.ID, g.PageID)
		}
		seen[g.PageID] = g.ID
		got, err := s.GameByPage(ctx, g.PageID)
		if err != nil {
			t.Fatalf("GameByPage(%q): %v", g.PageID, err)
		}
		sameGame(t, got, g)
		sameGame(t, mustGame(t, s, g.ID), g)
	}

	got, err := s.LiveGame(ctx, "discord", "c1")
	if err != nil || got.PageID != live.PageID {
		t.Errorf("LiveGame: PageID %q, %v; want %q", pageOf(got), err, live.PageID)
	}
	got, err = s.LastGame(ctx, "discord", "c2")
	if err != nil || got.PageID != over.PageID {
		t.Errorf("LastGame: PageID %q, %v; want %q", pageOf(got), err, over.PageID)
	}
	idle, err := s.IdleGames(ctx, at(1000))
	if err != nil || len(idle) != 2 || idle[0].PageID != live.PageID || idle[1].PageID != other.PageID {
		t.Errorf("IdleGames: %d games, %v; want %q and %q", len(idle), err, live.PageID, other.PageID)
	}
	ugs, err := s.UserGames(ctx, "discord", "u-alice")
	if err != nil || len(ugs) != 1 || ugs[0].Game.PageID != live.PageID {
		t.Errorf("UserGames: %d games, %v; want the live one, page %q", len(ugs), err, live.PageID)
	}

	// An update that brings another page id writes everything else.
	upd := clone(live)
	upd.PageID = store.NewPageID()
	upd.Moves = append(upd.Moves, store.Move{Move: "1", UserID: "u-bob", At: at(40)})
	mustUpdate(t, s, upd)
	got = mustGame(t, s, live.ID)
	if got.PageID != live.PageID || len(got.Moves) != 4 {
		t.Errorf("after an update carrying page %q: PageID %q, %d moves; want %q, 4 moves",
			upd.PageID, got.PageID, len(got.Moves), live.PageID)
	}
	if _, err := s.GameByPage(ctx, upd.PageID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GameByPage(the page id the update carried): %v, want ErrNotFound", err)
	}
}

func pageOf(g *store.Game) string {
	if g == nil {
		return ""
	}
	return g.PageID
}

// testPageIDGiven: a valid page id given to CreateGame is kept; a
// malformed one, or one another game has, is refused with an error that is
// not ErrChannelBusy, writing nothing and leaving g.PageID as it was.
func testPageIDGiven(t *testing.T, s store.Store) {
	ctx := t.Context()
	const mine = "9hT2eZp0QwYk4rB7dF1nXg"
	g := newGame("discord", "c1")
	g.PageID = mine
	mustCreate(t, s, g)
	if g.PageID != mine {
		t.Errorf("CreateGame changed the given PageID to %q", g.PageID)
	}
	if got, err := s.GameByPage(ctx, mine); err != nil || got.ID != g.ID {
		t.Errorf("GameByPage(%q): %v; want game %d", mine, err, g.ID)
	}

	for _, page := range []string{mine, "9hT2eZp0QwYk4rB7dF1nX", "9hT2eZp0QwYk4rB7dF1n+g", "9hT2eZp0QwYk4rB7dF1nXh"} {
		dup := finished("discord", "c2", person("a", "A"), person("b", "B"), "draw", at(0))
		dup.PageID = page
		err := s.CreateGame(ctx, dup)
		if err == nil || errors.Is(err, store.ErrChannelBusy) || errors.Is(err, store.ErrNotFound) {
			t.Errorf("CreateGame with PageID %q: error %v, want a refusal", page, err)
		}
		if dup.PageID != page || dup.ID != 0 {
			t.Errorf("refused CreateGame left PageID %q, ID %d", dup.PageID, dup.ID)
		}
		if _, err := s.LastGame(ctx, "discord", "c2"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("refused CreateGame with PageID %q stored a game: LastGame error %v", page, err)
		}
	}

	// A create refused for a busy channel does not keep the id it drew.
	busy := newGame("discord", "c1")
	wantErr(t, "CreateGame in a busy channel", s.CreateGame(ctx, busy), store.ErrChannelBusy)
	if busy.PageID != "" {
		t.Errorf("refused CreateGame left PageID %q", busy.PageID)
	}
}

// testGameByPageNotFound: unknown and malformed page ids get ErrNotFound;
// malformed ones without asking the database (a cancelled context does not
// matter to them), ids are compared exactly (another case is another id).
func testGameByPageNotFound(t *testing.T, s store.Store) {
	ctx := t.Context()
	g := mustCreate(t, s, newGame("discord", "c1"))
	swapped := swapCase(g.PageID)
	unknown := store.NewPageID()
	for _, id := range []string{unknown, swapped, "AAAAAAAAAAAAAAAAAAAAAA"} {
		if id == g.PageID {
			continue
		}
		_, err := s.GameByPage(ctx, id)
		wantErr(t, "GameByPage("+id+")", err, store.ErrNotFound)
	}
	malformed := []string{"", g.PageID[:21], g.PageID + "A", g.PageID[:21] + "=", g.PageID[:20] + "+/",
		strings.Repeat("%", 22), "' OR page_id IS NOT NULL", "1"}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	for _, id := range malformed {
		_, err := s.GameByPage(ctx, id)
		wantErr(t, "GameByPage("+id+")", err, store.ErrNotFound)
		_, err = s.GameByPage(cancelled, id)
		wantErr(t, "GameByPage("+id+") with a cancelled context", err, store.ErrNotFound)
	}
	// A well-formed id is looked up: the cancelled context stops it.
	_, err := s.GameByPage(cancelled, g.PageID)
	wantErr(t, "GameByPage(a game's id) with a cancelled context", err, context.Canceled)
}

// swapCase returns s with its letters' case swapped.
func swapCase(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		case r >= 'A' && r <= 'Z':
			return r - 'A' + 'a'
		}
		return r
	}, s)
}
