package review

import (
	"context"
	"errors"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// handGame is Kalah with four pits and two seeds each (16 seeds), from a
// late position, South to move:
//
//	North   pits 4..1: 0 0 0 1    store 5
//	South   pits 1..4: 2 0 2 0    store 6
//
// South played pit 1 (ply 1) and North pit 1 (ply 2), which ended it.
//
// By hand (cells: South's pits 0..3, its store 4, North's pits 5..8;
// cell i faces 8-i; a last seed in an own empty pit captures only when the
// facing pit has seeds):
//   - pit 1 (played) sows cells 1 and 2: South 0 1 3 0. North's only move,
//     pit 1, sows cell 6, empty and facing cell 2's three seeds: North
//     captures 3+1 = 4 (store 9), its pits are empty, South sweeps 1
//     (store 7). Final 7:9, South -2.
//   - pit 3 sows cell 3 and the store (7): an extra turn, South 2 0 0 1.
//     Then pit 1 (0 1 1 1, no capture: cell 6 is empty) lets North capture
//     1+1 = 2 (store 7) and South sweeps 2 (store 9): +2; pit 4 (store 8,
//     another turn) then pit 1 (0 1 1 0) ends the same, 9:7, +2.
//
// So the start is worth +2 for South, pit 1 -2: a loss of 4, the turning
// point; the better move is pit 3, which kept the extra turn, and pit 1 gave
// away a capture of 4 (North's pit 1), where after pit 3 and South's next
// move of the same turn North's pit 1 captures 2.
const handGame = `{"variant":"kalah","options":{"pits":4,"seeds":2},"to_move":"south","ply":10,
	"pits":{"south":[2,0,2,0],"north":[1,0,0,0]},"stores":{"south":6,"north":5},"status":"ongoing","extra":{}}`

func TestHandCheckedTurningPoint(t *testing.T) {
	start, err := engine.ParsePosition([]byte(handGame))
	if err != nil {
		t.Fatal(err)
	}
	rv, err := Game(context.Background(), start, []engine.Move{{Pit: 1}, {Pit: 1}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !rv.Complete {
		t.Error("not complete")
	}
	want := []Eval{{South: 2, Exact: true, Known: true}, {South: -2, Exact: true, Known: true}, {South: -2, Exact: true, Known: true}}
	for i, e := range rv.Evals {
		if e != want[i] {
			t.Errorf("eval %d = %+v, want %+v", i, e, want[i])
		}
	}
	if len(rv.Turning) != 1 {
		t.Fatalf("turning points %+v, want one", rv.Turning)
	}
	tp := rv.Turning[0]
	wantTP := TurningPoint{Index: 0, Loss: 4, MarginPlayed: -2, MarginBest: 2,
		Played: Effect{Move: engine.Move{Pit: 1}, Reply: engine.Move{Pit: 1}, ReplyCaptured: 4, ReplyPit: engine.Move{Pit: 1}},
		Better: Effect{Move: engine.Move{Pit: 3}, ExtraTurn: true, Reply: engine.Move{Pit: 1}, ReplyCaptured: 2, ReplyPit: engine.Move{Pit: 1}}}
	if tp != wantTP {
		t.Errorf("turning point %+v, want %+v", tp, wantTP)
	}
	if pl := rv.Plies[1]; pl.Loss != 0 || !pl.Exact || pl.Best != (engine.Move{Pit: 1}) {
		t.Errorf("North's forced reply: %+v", pl)
	}
}

// TestDeadline: a context already ended leaves every position not Known
// (the last value carried: 0), the finished end exact, and no error.
func TestDeadline(t *testing.T) {
	r, err := engine.New("kalah", nil)
	if err != nil {
		t.Fatal(err)
	}
	g := engine.NewGame(r.Start())
	for _, m := range []int{3, 6, 1} {
		if _, err := g.Play(engine.Move{Pit: uint8(m)}); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rv, err := Game(ctx, r.Start(), g.Moves(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rv.Complete || len(rv.Evals) != 4 {
		t.Fatalf("complete %v, %d evals", rv.Complete, len(rv.Evals))
	}
	for i, e := range rv.Evals {
		if e.Known || e.South != 0 {
			t.Errorf("eval %d = %+v, want not known", i, e)
		}
	}
}

func TestRefusesTablesOfFour(t *testing.T) {
	r, err := engine.New("ruma", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Game(context.Background(), r.Start(), nil, Options{}); !errors.Is(err, ErrSeats) {
		t.Errorf("ruma: %v, want ErrSeats", err)
	}
}

// TestEveryTwoSeatVariant reviews a few moves of every two-seat variant
// at a shallow depth: no error, one evaluation per position.
func TestEveryTwoSeatVariant(t *testing.T) {
	for _, v := range engine.Variants() {
		r, err := v.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Layout().Sides != 2 {
			continue
		}
		t.Run(v.ID, func(t *testing.T) {
			g := engine.NewGame(r.Start())
			for range 4 {
				if g.Position().Status().Over() {
					break
				}
				if _, err := g.Play(g.Position().Moves()[0]); err != nil {
					t.Fatal(err)
				}
			}
			rv, err := Game(context.Background(), r.Start(), g.Moves(), Options{Depth: 2})
			if err != nil {
				t.Fatal(err)
			}
			if len(rv.Evals) != len(g.Moves())+1 || !rv.Complete {
				t.Errorf("%d evals for %d moves, complete %v", len(rv.Evals), len(g.Moves()), rv.Complete)
			}
		})
	}
}
