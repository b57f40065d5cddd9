package render

import (
	"bytes"
	"image/color"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// rumaMid is a Ruma position in mid-game: East one pass from going out,
// West out, North to move after South's 6, which made East pass.
func rumaMid(t *testing.T) (engine.Position, []engine.Event) {
	t.Helper()
	p, err := engine.ParsePosition([]byte(`{"variant":"ruma","to_move":"south","ply":30,` +
		`"pits":{"south":[1,0,2,0,2,1],"east":[0,0,1,0,0,0],"north":[3,2,2,1,2,3],"west":[2,1,2,3,1,2]},` +
		`"stores":{"south":20,"east":14,"north":17,"west":13},` +
		`"extra":{"penalty":{"east":10,"west":3},"penalty_pits":{"east":4,"west":2},"out":["west"]}}`))
	if err != nil {
		t.Fatal(err)
	}
	q, ev, err := p.PlayEvents(engine.Move{Pit: 6})
	if err != nil {
		t.Fatal(err)
	}
	return q, ev
}

// TestRumaBoard: the square board at the start and in mid-game (a pass
// with its penalty, a seat out), from South's seat and from East's, where
// East's row is at the bottom with its pocket 1 on the left.
func TestRumaBoard(t *testing.T) {
	start := engine.MustNew("ruma", nil).Start()
	mid, ev := rumaMid(t)
	for _, c := range []struct {
		name string
		p    engine.Position
		o    Options
	}{
		{"ruma_start", start, Options{}},
		{"ruma_mid", mid, Options{Events: ev, Scale: 0.7}},
		{"ruma_mid_east", mid, Options{Events: ev, Viewer: engine.East, Scale: 0.65,
			Seats:      [engine.MaxSides]string{"@alice", "@bob", "@carol_the_long_named", "@dave"},
			SeatLabels: [engine.MaxSides]string{"South", "North", "East", "West"}}},
	} {
		var b bytes.Buffer
		if err := PNG(&b, c.p, c.o); err != nil {
			t.Fatal(err)
		}
		checkGolden(t, c.name, b.Bytes())
	}
	l := start.Rules().Layout()
	for _, v := range []engine.Side{engine.South, engine.East, engine.North, engine.West} {
		g := geomFor(layoutFor(l, Options{Viewer: v}), 0, false)
		x1, y1 := g.center(l.Pit(v, 1))
		x6, y6 := g.center(l.Pit(v, 6))
		xs, ys := g.center(l.Store(v))
		if y1 != y6 || y1 < float64(g.h)*0.8 || x1 >= x6 || xs <= x6 || ys != y6 {
			t.Errorf("viewer %s: pocket 1 at (%.0f, %.0f), 6 at (%.0f, %.0f), ruma at (%.0f, %.0f): want the row at the bottom, left to right, the ruma on the right",
				v, x1, y1, x6, y6, xs, ys)
		}
	}
	// Every frame of the animation draws; the last shows the position after.
	var b bytes.Buffer
	if err := Animation(&b, mustBefore(t), ev, Options{}); err != nil {
		t.Fatal(err)
	}
}

func mustBefore(t *testing.T) engine.Position {
	t.Helper()
	p, err := engine.ParsePosition([]byte(`{"variant":"ruma","to_move":"south","ply":30,` +
		`"pits":{"south":[1,0,2,0,2,1],"east":[0,0,1,0,0,0],"north":[3,2,2,1,2,3],"west":[2,1,2,3,1,2]},` +
		`"stores":{"south":20,"east":14,"north":17,"west":13},` +
		`"extra":{"penalty":{"east":10,"west":3},"penalty_pits":{"east":4,"west":2},"out":["west"]}}`))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestRumaAnimationEnd: the last frame's state is the position after the
// move: the penalty seed moved, East's point counted, North to move.
func TestRumaAnimationEnd(t *testing.T) {
	before := mustBefore(t)
	after, ev := rumaMid(t)
	g := geomFor(before.Rules().Layout(), 0, false)
	rp := newReplayer(before, g)
	for _, e := range ev {
		rp.apply(e)
	}
	s, want := rp.after(), stateOf(after, g, Options{})
	if s.cells != want.cells || s.toMove != want.toMove || *s.ruma != *want.ruma {
		t.Errorf("replayed %v %s %+v, want %v %s %+v", s.cells, s.toMove, *s.ruma, want.cells, want.toMove, *want.ruma)
	}
}

// TestRumaPalette: the four seats' colours stay apart pairwise, and from
// the last move's white, the board and the wells, with normal vision and
// the simulated dichromacies.
func TestRumaPalette(t *testing.T) {
	seats := []color.RGBA{colSouth, colEast, colNorth, colWest}
	for _, m := range cvdMatrices {
		for i, a := range seats {
			for j := i + 1; j < len(seats); j++ {
				if d := deltaE(a, seats[j], m.m); d < keyDelta {
					t.Errorf("%s: seats %d and %d are ΔE %.1f apart", m.name, i, j, d)
				}
			}
			for _, b := range []color.RGBA{colMove, colBoard, colWell} {
				if d := deltaE(a, b, m.m); d < markDelta {
					t.Errorf("%s: seat %d and %v are ΔE %.1f apart", m.name, i, b, d)
				}
			}
		}
	}
}
