package render

import (
	"bytes"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// The three-row board of Gabata, Selus and Sulus: each side owns its back
// row and half of the middle row. Goldens pin the look from both seats;
// the turn's tint covers the side's half of the middle row and not the
// other half; a Selus wegue (MarkTrap) is drawn in its owner's colour.

const selusTraps = `{"variant":"selus","to_move":"north","ply":31,` +
	`"pits":{"south":[1,0,0,0,0,1,0,1,12],"north":[1,5,0,3,0,2,0,0,1]},"stores":{"south":14,"north":13},"status":"ongoing",` +
	`"extra":{"wegue":{"south":["","north","","","","","","","south"],"north":["","south","","north","","","","",""]},` +
	`"opening":{"south":false,"north":false}}}`

func TestThreeRowGolden(t *testing.T) {
	start := engine.MustNew("gabata", nil).Start()
	sel, err := engine.ParsePosition([]byte(selusTraps))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		p    engine.Position
		o    Options
	}{
		{"gabata_start", start, Options{Names: [2]string{"@alice", "@bob"}}},
		{"selus_traps", sel, Options{}},
		{"selus_traps_north", sel, Options{Viewer: engine.North}},
	} {
		var b bytes.Buffer
		if err := PNG(&b, c.p, c.o); err != nil {
			t.Fatal(err)
		}
		checkGolden(t, c.name, b.Bytes())
	}
}

// TestThreeRowTint: the tint of the side to move covers all its nine pits,
// its half of the middle row included, and not the opponent's half.
func TestThreeRowTint(t *testing.T) {
	for _, viewer := range []engine.Side{engine.South, engine.North} {
		for _, side := range []engine.Side{engine.South, engine.North} {
			r := engine.MustNew("gabata", nil)
			p := r.Start()
			if side == engine.North {
				p = mustPlay(t, p, 1)
			}
			o := Options{Viewer: viewer}
			img := Board(p, o)
			g := geomFor(layoutFor(r.Layout(), o), 0, false)
			l := r.Layout()
			// A point between two pits of the middle row, on the edge of
			// the wells: inside the mover's half, outside the other.
			mine := l.Pit(side, 8)
			theirs := l.Pit(1-side, 8)
			probe := func(c engine.Cell) [4]uint8 {
				x, y := g.center(c)
				x += g.pitch / 2 // between this pit and the next
				i := img.PixOffset(int(x), int(y+g.pitR*0.9))
				return [4]uint8(img.Pix[i : i+4])
			}
			plain := Board(p, Options{Viewer: viewer, Status: engine.Draw}) // no tint on a finished board
			gm, gt := probe(mine), probe(theirs)
			x, y := g.center(mine)
			x += g.pitch / 2
			i := plain.PixOffset(int(x), int(y+g.pitR*0.9))
			pm := [4]uint8(plain.Pix[i : i+4])
			x, y = g.center(theirs)
			x += g.pitch / 2
			i = plain.PixOffset(int(x), int(y+g.pitR*0.9))
			pt := [4]uint8(plain.Pix[i : i+4])
			if gm == pm {
				t.Errorf("viewer %s, %s to move: its half of the middle row is not tinted", viewer, side)
			}
			if gt != pt {
				t.Errorf("viewer %s, %s to move: the opponent's half of the middle row is tinted", viewer, side)
			}
		}
	}
}

// TestThreeRowTraps: Selus wegues are marked with their owners, and drawn.
func TestThreeRowTraps(t *testing.T) {
	p, err := engine.ParsePosition([]byte(selusTraps))
	if err != nil {
		t.Fatal(err)
	}
	l := p.Rules().Layout()
	g := geomFor(l, 0, false)
	s := stateOf(p, g, Options{})
	if s.trap[l.Pit(engine.South, 2)] != engine.North+1 || s.trap[l.Pit(engine.South, 9)] != engine.South+1 ||
		s.trap[l.Pit(engine.North, 2)] != engine.South+1 || s.trap[l.Pit(engine.North, 4)] != engine.North+1 || s.trap[l.Pit(engine.South, 1)] != 0 {
		t.Errorf("traps %v", s.trap[:18])
	}
	plain := *s
	plain.trap = [engine.MaxCells]engine.Side{}
	a, c := Board(p, Options{}), Board(p, Options{})
	drawMarked(c, g, &plain, collectMarks(g, nil), [2]string{})
	if bytes.Equal(a.Pix, c.Pix) {
		t.Error("the traps drew nothing")
	}
}

func mustPlay(t *testing.T, p engine.Position, pits ...uint8) engine.Position {
	t.Helper()
	for _, n := range pits {
		var err error
		if p, err = p.Play(engine.Move{Pit: n}); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// TestThreeRowTrapAnimated: the animation's last frame, replayed from the
// events, shows a trap the move made.
func TestThreeRowTrapAnimated(t *testing.T) {
	r := engine.MustNew("sulus", nil)
	p, err := engine.NewPosition(r, engine.Setup{Pits: [][]int{{1, 0, 0, 0, 0, 0, 0, 0, 1}, {3, 0, 0, 0, 0, 0, 0, 0, 0}}})
	if err != nil {
		t.Fatal(err)
	}
	after, ev, err := p.PlayEvents(engine.Move{Pit: 9})
	if err != nil {
		t.Fatal(err)
	}
	g := geomFor(r.Layout(), 0, false)
	rp := newReplayer(p, g)
	for _, e := range ev {
		rp.apply(e)
	}
	n1 := r.Layout().Pit(engine.North, 1)
	if got, want := rp.after().trap[n1], stateOf(after, g, Options{}).trap[n1]; got != want || want != engine.South+1 {
		t.Errorf("the last frame's trap at North 1: %d, the position's %d", got, want)
	}
	var b bytes.Buffer
	if err := Animation(&b, p, ev, Options{}); err != nil {
		t.Fatal(err)
	}
}

// TestThreeRowPassAnimated: when the opponent cannot move and passes, the
// animation's last frame gives the turn back to the mover.
func TestThreeRowPassAnimated(t *testing.T) {
	p, err := engine.ParsePosition([]byte(`{"variant":"selus","to_move":"south","ply":20,` +
		`"pits":{"south":[1,0,1,0,0,0,0,0,0],"north":[0,2,0,0,0,0,0,0,0]},"stores":{"south":25,"north":25},"status":"ongoing",` +
		`"extra":{"wegue":{"south":["","","","","","","","",""],"north":["","north","","","","","","",""]},"opening":{"south":false,"north":false}}}`))
	if err != nil {
		t.Fatal(err)
	}
	after, ev, err := p.PlayEvents(engine.Move{Pit: 1})
	if err != nil || after.ToMove() != engine.South {
		t.Fatalf("%v: %s to move", err, after.ToMove())
	}
	g := geomFor(p.Rules().Layout(), 0, false)
	rp := newReplayer(p, g)
	for _, e := range ev {
		rp.apply(e)
	}
	if got := rp.after().toMove; got != engine.South {
		t.Errorf("the last frame gives the turn to %s; events %v", got, ev)
	}
}
