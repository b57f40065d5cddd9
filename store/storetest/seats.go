package storetest

import (
	"reflect"
	"testing"

	"github.com/mancala-bot/mancala/store"
)

// testFourSeats: a Ruma challenge with open seats round-trips with its four
// seats, filling them and leaving one writes only the changes, and the
// records of four-seat games count a win for the winning seat's player and
// a loss for everyone else at the table (by person in Ruma for two).
func testFourSeats(t *testing.T, s store.Store) {
	ctx := t.Context()
	alice, bob, carol, dave := person("alice", "Alice"), person("bob", "Bob"), person("carol", "Carol"), person("dave", "Dave")
	g := &store.Game{
		Platform: "discord", Channel: "c4", Variant: "ruma",
		Players:    []store.Player{alice, {Name: "@bob"}, {}, {}},
		Challenger: "alice", Phase: store.PhaseChallenge,
		DrawOffer: -1, UndoOffer: -1, CreatedAt: at(0), UpdatedAt: at(0),
	}
	want := clone(g)
	mustCreate(t, s, g)
	want.ID, want.Version, want.PageID = g.ID, 1, g.PageID
	sameGame(t, mustGame(t, s, g.ID), want)

	g.Players[1], g.Players[2], g.Players[3] = bob, carol, theBot
	g.Phase = store.PhasePlaying
	g.Moves = []store.Move{{Move: "3", UserID: "alice", At: at(5)}, {Move: "1", UserID: "bob", At: at(6)}}
	mustUpdate(t, s, g)
	sameGame(t, mustGame(t, s, g.ID), g)
	live, err := s.LiveGame(ctx, "discord", "c4")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(live.Players, g.Players) {
		t.Errorf("live seats %+v, want %+v", live.Players, g.Players)
	}

	// Fewer seats than stored (a game rewritten for two): the rest go.
	g.Players = g.Players[:2]
	mustUpdate(t, s, g)
	sameGame(t, mustGame(t, s, g.ID), g)

	n := 0
	add := func(result string, players ...store.Player) {
		n++
		f := finished("tg", "c1", store.Player{}, store.Player{}, result, at(100+n))
		f.Variant, f.Players = "ruma", players
		mustCreate(t, s, f)
	}
	add("west_won", alice, bob, carol, dave)   // dave wins, three lose
	add("east_won", alice, bob, carol, theBot) // carol beats two people and the bot
	add("north_won", alice, alice, bob, bob)   // Ruma for two: alice once
	add("west_won", alice, alice, bob, bob)    // bob once
	add("east_won", carol, alice, bob, dave)   // seat 2 is East: bob
	for _, want := range []store.Record{
		{UserID: "alice", Name: "Alice", Wins: 1, Losses: 4},
		{UserID: "bob", Name: "Bob", Wins: 2, Losses: 3},
		{UserID: "carol", Name: "Carol", Wins: 1, Losses: 2},
		{UserID: "dave", Name: "Dave", Wins: 1, Losses: 1},
	} {
		got, err := s.Record(ctx, "tg", want.UserID)
		if err != nil || got != want {
			t.Errorf("Record(%s) = %+v, %v; want %+v", want.UserID, got, err, want)
		}
	}
	lb, err := s.Leaderboard(ctx, "tg", "c1", 10)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range lb {
		ids = append(ids, r.UserID)
	}
	if want := []string{"bob", "dave", "carol", "alice"}; !reflect.DeepEqual(ids, want) {
		t.Errorf("leaderboard %v, want %v", ids, want)
	}
}
