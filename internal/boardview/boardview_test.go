package boardview

import (
	"slices"
	"strconv"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/store"
)

// A move naming an opponent's pit is written as that pit's label on the
// board with an arrow toward its row: up for South on a two-row board (and
// for anyone on a board drawn from the mover's seat), down for North.
func TestMoveTextNamesTheOpponentsPit(t *testing.T) {
	two := engine.MustNew("afrika", nil).Layout() // 8 pits a side, drawn from South
	four := engine.MustNew("tshuba", engine.Options{"cols": "4"}).Layout()
	tests := []struct {
		l    *engine.Layout
		move string
		ev   []engine.Event
		want string
	}{
		{two, "3", []engine.Event{{Kind: engine.EventPickup, Side: engine.South}}, "3"},
		{two, "11", []engine.Event{{Kind: engine.EventCapture, Side: engine.South}}, "↑3"},
		{two, "11", []engine.Event{{Kind: engine.EventCapture, Side: engine.North}}, "↓3"},
		{four, "15", []engine.Event{{Kind: engine.EventCapture, Side: engine.North}}, "↑7"},
		{two, "swap", nil, "swap"},
		{two, "17", []engine.Event{{Kind: engine.EventCapture, Side: engine.South}}, "17"},
	}
	for _, tc := range tests {
		if got := MoveText(tc.l, tc.move, tc.ev); got != tc.want {
			t.Errorf("MoveText(%s) = %q, want %q", tc.move, got, tc.want)
		}
	}
}

func TestTurnOrder(t *testing.T) {
	tests := []struct {
		n    int
		want []engine.Side
	}{
		{1, []engine.Side{engine.South}},
		{2, []engine.Side{engine.South, engine.North}},
		{4, []engine.Side{engine.South, engine.East, engine.North, engine.West}},
	}
	for _, tc := range tests {
		if got := TurnOrder(tc.n); !slices.Equal(got, tc.want) {
			t.Errorf("TurnOrder(%d) = %v, want %v", tc.n, got, tc.want)
		}
	}
}

// seatNames names seat i "seat i", and side s "the s seat".
func seatNames(b Board) Board {
	b.Name = func(seat int) string { return "seat " + strconv.Itoa(seat) }
	b.SeatName = func(side engine.Side) string { return "the " + side.String() + " seat" }
	return b
}

// After a pie-rule swap the player of seat 0 plays North: the names and
// the result follow the seats.
func TestOptionsAfterASwap(t *testing.T) {
	g := engine.NewGame(engine.MustNew("kalah", engine.Options{"pie": "true"}).Start())
	for _, m := range []string{"1", "swap"} {
		mv, err := engine.ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Play(mv); err != nil {
			t.Fatalf("play %s: %v", m, err)
		}
	}
	p := g.Position()
	if !p.Swapped() {
		t.Fatal("not swapped after the swap")
	}
	rec := &store.Game{Players: make([]store.Player, 2), Result: "south_won"}
	tests := []struct {
		final  bool
		status engine.Status
	}{
		{false, engine.Ongoing},
		{true, engine.NorthWon},
	}
	for _, tc := range tests {
		o := Options(seatNames(Board{Rec: rec, Rules: p.Rules(), Pos: p, Final: tc.final}))
		if o.Names != [2]string{"seat 1", "seat 0"} || o.Seats != [engine.MaxSides]string{} || o.Viewer != engine.South || o.Status != tc.status {
			t.Errorf("final %v: names %q, seats %q, viewer %v, status %v; want seats 1 and 0 by side, no seats, South, %v",
				tc.final, o.Names, o.Seats, o.Viewer, o.Status, tc.status)
		}
	}
}

// A table of four names every seat and is drawn from the seat to move
// while the game goes on; its final board is drawn from South's seat.
func TestOptionsAtATable(t *testing.T) {
	g := engine.NewGame(engine.MustNew("ruma", nil).Start())
	if _, err := g.Play(g.Position().Moves()[0]); err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	if p.ToMove() == engine.South {
		t.Fatal("South to move again after South's move; the test wants another seat")
	}
	rec := &store.Game{Players: make([]store.Player, 4), Result: "draw"}
	for _, final := range []bool{false, true} {
		o := Options(seatNames(Board{Rec: rec, Rules: p.Rules(), Pos: p, Final: final}))
		wantViewer, wantStatus := p.ToMove(), engine.Ongoing
		if final {
			wantViewer, wantStatus = engine.South, engine.Draw
		}
		if o.Viewer != wantViewer || o.Status != wantStatus {
			t.Errorf("final %v: viewer %v, status %v; want %v, %v", final, o.Viewer, o.Status, wantViewer, wantStatus)
		}
		for side := range 4 {
			if want := "seat " + strconv.Itoa(side); o.Seats[side] != want {
				t.Errorf("seat of side %d = %q, want %q", side, o.Seats[side], want)
			}
			if want := "the " + engine.Side(side).String() + " seat"; o.SeatLabels[side] != want {
				t.Errorf("label of side %d = %q, want %q", side, o.SeatLabels[side], want)
			}
		}
	}
}
