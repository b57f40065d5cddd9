package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// testUserGames: a user's live games on one platform, newest change first,
// with their channels' places and live notices; finished games, other
// platforms and other people's games are left out.
func testUserGames(t *testing.T, s store.Store) {
	ctx := t.Context()
	if got, err := s.UserGames(ctx, "discord", "u-alice"); err != nil || len(got) != 0 {
		t.Fatalf("UserGames of nobody's games = %v, %v; want none", got, err)
	}
	g1 := mustCreate(t, s, newGame("discord", "c1")) // alice and bob, updated at(30)
	g2 := newGame("discord", "c2")
	g2.Players = []store.Player{person("u-carol", "Carol"), person("u-alice", "Alice")}
	g2.UpdatedAt = at(60)
	mustCreate(t, s, g2)
	challenge := newGame("discord", "c3")
	challenge.Phase, challenge.Moves = store.PhaseChallenge, nil
	challenge.Players = []store.Player{person("u-alice", "Alice"), {Name: "@dave"}}
	challenge.UpdatedAt = at(45)
	mustCreate(t, s, challenge)
	mustCreate(t, s, finished("discord", "c4", person("u-alice", "Alice"), person("u-bob", "Bob"), "south_won", at(100)))
	mustCreate(t, s, newGame("telegram", "-1001"))
	mustCreate(t, s, newGame("discord", "c5")) // alice and bob again, a second live game

	if err := s.SetPlace(ctx, "discord", "c2", store.Place{Link: "https://old", Title: "old"}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPlace(ctx, "discord", "c2", store.Place{Link: "https://discord.com/channels/G/c2", Title: "#games"}); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.SwapTurnNotice(ctx, "", store.Notice{GameID: g1.ID, UserID: "u-bob", MessageID: "m-7"}); !ok || err != nil {
		t.Fatalf("recording a notice: %v, %v", ok, err)
	}

	got, err := s.UserGames(ctx, "discord", "u-alice")
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, u := range got {
		ids = append(ids, u.Game.ID)
	}
	// g2 (at 60), the challenge (at 45), then g1 and c5 (both at 30: the
	// higher id first).
	c5 := g1.ID + 5
	want := []int64{g2.ID, challenge.ID, c5, g1.ID}
	if len(ids) != len(want) {
		t.Fatalf("UserGames ids %v, want %v", ids, want)
	}
	for i := range want {
		if ids[i] != want[i] {
			t.Fatalf("UserGames ids %v, want %v", ids, want)
		}
	}
	if p := got[0].Place; p.Link != "https://discord.com/channels/G/c2" || p.Title != "#games" {
		t.Errorf("place of c2 = %+v", p)
	}
	if got[0].Notice != "" || got[3].Notice != "m-7" || got[3].Place != (store.Place{}) {
		t.Errorf("notices %q, %q (want \"\", m-7); place of c1 %+v (want none)", got[0].Notice, got[3].Notice, got[3].Place)
	}
	if len(got[3].Game.Moves) != 3 || got[3].Game.Players[1].UserID != "u-bob" {
		t.Errorf("game c1 read back without its moves or seats: %+v", got[3].Game)
	}
	if got, err := s.UserGames(ctx, "discord", "u-dave"); err != nil || len(got) != 0 {
		t.Errorf("an invited name without a user id has games %v, %v", got, err)
	}
	if got, err := s.UserGames(ctx, "discord", ""); err != nil || len(got) != 0 {
		t.Errorf("UserGames of the bot's empty id = %v, %v; want none", got, err)
	}
}

// testUserGamesLimit: at most store.MaxUserGames, the newest.
func testUserGamesLimit(t *testing.T, s store.Store) {
	for i := range store.MaxUserGames + 2 {
		g := newGame("discord", "c"+string(rune('A'+i)))
		g.UpdatedAt = at(100 + i)
		mustCreate(t, s, g)
	}
	got, err := s.UserGames(t.Context(), "discord", "u-bob")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != store.MaxUserGames || !got[0].Game.UpdatedAt.Equal(at(100+store.MaxUserGames+1)) {
		t.Fatalf("%d games, newest updated %v; want %d, %v", len(got), got[0].Game.UpdatedAt, store.MaxUserGames, at(100+store.MaxUserGames+1))
	}
}

// testNotify: on by default, per user and platform.
func testNotify(t *testing.T, s store.Store) {
	ctx := t.Context()
	check := func(platform, user string, want bool) {
		t.Helper()
		on, err := s.Notify(ctx, platform, user)
		if err != nil || on != want {
			t.Errorf("Notify(%s, %s) = %v, %v; want %v", platform, user, on, err, want)
		}
	}
	check("discord", "u1", true)
	if err := s.SetNotify(ctx, "discord", "u1", false); err != nil {
		t.Fatal(err)
	}
	check("discord", "u1", false)
	check("telegram", "u1", true)
	check("discord", "u2", true)
	if err := s.SetNotify(ctx, "discord", "u1", true); err != nil {
		t.Fatal(err)
	}
	check("discord", "u1", true)
}

// testTurnNotices: at most one live notice per game, changed only by a
// swap from the message id it holds ("" none); a swap from anything else
// changes nothing and says so.
func testTurnNotices(t *testing.T, s store.Store) {
	ctx := t.Context()
	g := mustCreate(t, s, newGame("discord", "c1"))
	other := mustCreate(t, s, newGame("discord", "c2"))
	_, err := s.TurnNotice(ctx, g.ID)
	wantErr(t, "TurnNotice before any", err, store.ErrNotFound)
	swap := func(old, user, msg string, want bool) {
		t.Helper()
		ok, err := s.SwapTurnNotice(ctx, old, store.Notice{GameID: g.ID, UserID: user, MessageID: msg})
		if err != nil || ok != want {
			t.Fatalf("SwapTurnNotice(%q -> %q by %q) = %v, %v; want %v", old, msg, user, ok, err, want)
		}
	}
	want := func(user, msg string) {
		t.Helper()
		n, err := s.TurnNotice(ctx, g.ID)
		if msg == "" {
			if !errors.Is(err, store.ErrNotFound) {
				t.Errorf("TurnNotice = %+v, %v; want none", n, err)
			}
			return
		}
		if err != nil || n != (store.Notice{GameID: g.ID, UserID: user, MessageID: msg}) {
			t.Errorf("TurnNotice = %+v, %v; want %s by %s", n, err, msg, user)
		}
	}
	swap("", "", "", true) // none to none: there is none
	swap("", "u-bob", "m1", true)
	want("u-bob", "m1")
	swap("", "u-alice", "m2", false) // there is one now
	swap("m0", "u-alice", "m2", false)
	swap("", "", "", false) // "is there none?": no
	want("u-bob", "m1")
	swap("m1", "u-alice", "m2", true)
	want("u-alice", "m2")
	swap("m1", "", "", false) // an older one: nothing
	want("u-alice", "m2")
	// Another game's notice is its own.
	if ok, err := s.SwapTurnNotice(ctx, "", store.Notice{GameID: other.ID, UserID: "u-bob", MessageID: "m2"}); !ok || err != nil {
		t.Fatalf("the other game's notice: %v, %v", ok, err)
	}
	swap("m2", "", "", true)
	want("", "")
	swap("m2", "", "", false) // removed once only
	if n, err := s.TurnNotice(ctx, other.ID); err != nil || n.MessageID != "m2" {
		t.Errorf("the other game's notice %+v, %v; want m2", n, err)
	}
}

// testConcurrentNotices: processes racing on one game's notice. Each of
// several writers records its own message, swapping out whatever it read
// (retrying when it lost the race); then each of several removers tries to
// take out the one left. Every message ends exactly once: taken out by
// exactly one swap (its deleter) or still live, and at most one is live.
func testConcurrentNotices(t *testing.T, s store.Store) {
	ctx := t.Context()
	g := mustCreate(t, s, newGame("discord", "c1"))
	const writers = 8
	var mu sync.Mutex
	takenOut := map[string]int{} // message id -> times a swap took it out
	var wg sync.WaitGroup
	errs := make(chan error, 2*writers)
	for i := range writers {
		wg.Go(func() {
			msg := fmt.Sprintf("m%d", i)
			for {
				cur, err := s.TurnNotice(ctx, g.ID)
				if err != nil && !errors.Is(err, store.ErrNotFound) {
					errs <- err
					return
				}
				ok, err := s.SwapTurnNotice(ctx, cur.MessageID, store.Notice{GameID: g.ID, UserID: "u-bob", MessageID: msg})
				if err != nil {
					errs <- err
					return
				}
				if ok {
					if cur.MessageID != "" {
						mu.Lock()
						takenOut[cur.MessageID]++
						mu.Unlock()
					}
					return
				}
			}
		})
	}
	wg.Wait()
	live, err := s.TurnNotice(ctx, g.ID)
	if err != nil {
		t.Fatalf("after the writers: %v", err)
	}
	// The removers all read the live one, then race to take it out.
	removed := make(chan bool, writers)
	for range writers {
		wg.Go(func() {
			ok, err := s.SwapTurnNotice(ctx, live.MessageID, store.Notice{GameID: g.ID})
			if err != nil {
				errs <- err
			}
			removed <- ok
		})
	}
	wg.Wait()
	close(errs)
	close(removed)
	for err := range errs {
		t.Fatal(err)
	}
	wins := 0
	for ok := range removed {
		if ok {
			wins++
			takenOut[live.MessageID]++
		}
	}
	if wins != 1 {
		t.Errorf("%d removers took out %s, want exactly 1", wins, live.MessageID)
	}
	for i := range writers {
		msg := fmt.Sprintf("m%d", i)
		if takenOut[msg] != 1 {
			t.Errorf("message %s taken out %d times, want exactly once (taken out: %v, last live %s)", msg, takenOut[msg], takenOut, live.MessageID)
		}
	}
	_, err = s.TurnNotice(ctx, g.ID)
	wantErr(t, "TurnNotice at the end", err, store.ErrNotFound)
}

// testMarkReminded: a turn is marked pinged once, at the version read,
// without changing the version; a new version (a move) or a game over
// refuses it.
func testMarkReminded(t *testing.T, s store.Store) {
	ctx := t.Context()
	g := newGame("discord", "c1")
	g.TurnStarted, g.Reminded = at(100), time.Time{}
	g = mustCreate(t, s, g)
	mark := func(version int64, when time.Time, want bool) {
		t.Helper()
		ok, err := s.MarkReminded(ctx, g.ID, version, when)
		if err != nil || ok != want {
			t.Fatalf("MarkReminded(version %d, %v) = %v, %v; want %v", version, when, ok, err, want)
		}
	}
	mark(g.Version+1, at(200), false) // not the stored version
	mark(g.Version, at(200), true)
	mark(g.Version, at(300), false) // pinged already this turn
	got, err := s.Game(ctx, g.ID)
	if err != nil || got.Version != g.Version || !got.Reminded.Equal(at(200)) || !got.TurnStarted.Equal(at(100)) {
		t.Fatalf("after the mark: %+v, %v; want version %d, reminded %v", got, err, g.Version, at(200))
	}
	// A new turn: pinged again once.
	got.TurnStarted, got.Reminded = at(400), time.Time{}
	if err := s.UpdateGame(ctx, got); err != nil {
		t.Fatal(err)
	}
	mark(got.Version-1, at(500), false)
	mark(got.Version, at(500), true)
	// Racing processes: one mark wins.
	got.TurnStarted, got.Reminded = at(600), time.Time{}
	if err := s.UpdateGame(ctx, got); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for i := range 8 {
		wg.Go(func() {
			ok, err := s.MarkReminded(ctx, got.ID, got.Version, at(700+i))
			if err != nil {
				t.Error(err)
			}
			if ok {
				mu.Lock()
				wins++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if wins != 1 {
		t.Errorf("%d racing marks won, want 1", wins)
	}
	// A game over is not pinged.
	got.TurnStarted, got.Reminded = at(800), time.Time{}
	got.Phase, got.Result, got.Reason = store.PhaseOver, "south_won", "resigned"
	if err := s.UpdateGame(ctx, got); err != nil {
		t.Fatal(err)
	}
	mark(got.Version, at(900), false)
}
