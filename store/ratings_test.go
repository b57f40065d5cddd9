package store_test

import (
	"testing"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// TestBothMoved: a game counts for ratings once each of its two players
// made a move, by user id: not before any move, not after South's extra
// turns only; a pie-rule swap is a move.
func TestBothMoved(t *testing.T) {
	two := []store.Player{{UserID: "a", Name: "A"}, {UserID: "b", Name: "B"}}
	mv := func(users ...string) []store.Move {
		var ms []store.Move
		for i, u := range users {
			ms = append(ms, store.Move{Ply: i, Move: "1", UserID: u})
		}
		return ms
	}
	swap := mv("a", "b")
	swap[1].Move = "swap"
	for _, c := range []struct {
		name    string
		players []store.Player
		moves   []store.Move
		want    bool
	}{
		{"no move", two, nil, false},
		{"South only", two, mv("a"), false},
		{"South's extra turns", two, mv("a", "a", "a"), false},
		{"North only", two, mv("", "b"), false},
		{"one each", two, mv("a", "b"), true},
		{"a swap", two, swap, true},
		{"against the bot", []store.Player{{UserID: "a"}, {Name: "Bot", Level: "easy"}}, mv("a", ""), false},
		{"one seat", two[:1], mv("a"), false},
	} {
		if got := store.BothMoved(&store.Game{Players: c.players, Moves: c.moves}); got != c.want {
			t.Errorf("%s: BothMoved = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestRatingDay: the day of the daily cap is the UTC calendar day,
// whatever the time's zone.
func TestRatingDay(t *testing.T) {
	kyiv := time.FixedZone("UTC+2", 2*3600)
	for _, c := range []struct {
		t    time.Time
		want string
	}{
		{time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), "2026-12-01"},
		{time.Date(2026, 12, 1, 23, 59, 59, 999_000_000, time.UTC), "2026-12-01"},
		{time.Date(2026, 12, 2, 1, 0, 0, 0, kyiv), "2026-12-01"},
		{time.Date(2026, 12, 2, 2, 0, 0, 0, kyiv), "2026-12-02"},
	} {
		from, to := store.RatingDay(c.t)
		if got := from.Format(time.DateOnly); got != c.want || from.Location() != time.UTC ||
			!from.Add(24*time.Hour).Equal(to) || c.t.Before(from) || !c.t.Before(to) {
			t.Errorf("RatingDay(%v) = %v, %v; want the UTC day %s", c.t, from, to, c.want)
		}
	}
}
