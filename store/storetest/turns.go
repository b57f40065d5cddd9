package storetest

import (
	"testing"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store"
)

// testUserGames: a user's live games on one platform, newest change first,
// with their channels' places and live notices; finished games, other
// platforms and other people's games are left out.
func testUserGames(t *testing.T, s bot.Store) {
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
	if err := s.SetTurnNotice(ctx, store.Notice{GameID: g1.ID, UserID: "u-bob", MessageID: "m-7"}); err != nil {
		t.Fatal(err)
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
func testUserGamesLimit(t *testing.T, s bot.Store) {
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
func testNotify(t *testing.T, s bot.Store) {
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

// testTurnNotices: one live notice per game; clearing needs the same
// message id.
func testTurnNotices(t *testing.T, s bot.Store) {
	ctx := t.Context()
	g := mustCreate(t, s, newGame("discord", "c1"))
	_, err := s.TurnNotice(ctx, g.ID)
	wantErr(t, "TurnNotice before any", err, store.ErrNotFound)
	set := func(user, msg string) {
		t.Helper()
		if err := s.SetTurnNotice(ctx, store.Notice{GameID: g.ID, UserID: user, MessageID: msg}); err != nil {
			t.Fatal(err)
		}
	}
	want := func(user, msg string) {
		t.Helper()
		n, err := s.TurnNotice(ctx, g.ID)
		if err != nil || n != (store.Notice{GameID: g.ID, UserID: user, MessageID: msg}) {
			t.Errorf("TurnNotice = %+v, %v; want %s by %s", n, err, msg, user)
		}
	}
	set("u-bob", "m1")
	want("u-bob", "m1")
	set("u-alice", "m2")
	want("u-alice", "m2")
	if err := s.ClearTurnNotice(ctx, g.ID, "m1"); err != nil { // an older one: nothing
		t.Fatal(err)
	}
	want("u-alice", "m2")
	if err := s.ClearTurnNotice(ctx, g.ID, "m2"); err != nil {
		t.Fatal(err)
	}
	_, err = s.TurnNotice(ctx, g.ID)
	wantErr(t, "TurnNotice after clearing", err, store.ErrNotFound)
	if err := s.ClearTurnNotice(ctx, g.ID, "m2"); err != nil {
		t.Errorf("clearing twice: %v", err)
	}
}
