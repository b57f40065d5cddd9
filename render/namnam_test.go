package render

import (
	"bytes"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// TestNamnamOwners: Oware Nam Nam's pits owned by the other row's player
// are drawn in their owner's colour, and the round is written ("R2"). A
// golden pins the look of a round-2 position with mixed ownership (South
// owns North's pits 2 and 6, North South's pit 3).
func TestNamnamOwners(t *testing.T) {
	p, err := engine.ParsePosition([]byte(`{"variant":"namnam","to_move":"north","ply":40,` +
		`"pits":{"south":[4,0,7,1,4,2],"north":[3,4,0,5,4,2]},"stores":{"south":8,"north":4},` +
		`"extra":{"round":2,"phase":"play","claims":0,"owner":{"south":["south","south","north","south","south","south"],` +
		`"north":["north","south","north","north","north","south"]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Names: [2]string{"@alice", "@bob"}}
	var b bytes.Buffer
	if err := PNG(&b, p, o); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "namnam_owners", b.Bytes())

	l := p.Rules().Layout()
	g := geomFor(l, 0, true)
	s := stateOf(p, g, o)
	switch {
	case s.foreign[l.Pit(engine.North, 2)] != engine.South+1, s.foreign[l.Pit(engine.North, 6)] != engine.South+1:
		t.Errorf("South's pits in North's row not marked")
	case s.foreign[l.Pit(engine.South, 3)] != engine.North+1:
		t.Errorf("North's pit in South's row not marked")
	case s.foreign[l.Pit(engine.North, 1)] != 0 || s.foreign[l.Pit(engine.South, 1)] != 0:
		t.Errorf("a pit of its row's player marked")
	case s.round != 2:
		t.Errorf("round %d, want 2", s.round)
	}
	plain := *s
	plain.foreign, plain.round = [engine.MaxCells]engine.Side{}, 0
	a, c := Board(p, o), Board(p, o)
	drawMarked(c, g, &plain, collectMarks(g, nil), o.Names)
	if bytes.Equal(a.Pix, c.Pix) {
		t.Error("the owners and the round drew nothing")
	}
}

// TestNamnamRoundChange: the animation of a move that ends a round
// replays the new round's set-up (fills) to the position after: seeds,
// owners and the round; so does a claim.
func TestNamnamRoundChange(t *testing.T) {
	p, err := engine.ParsePosition([]byte(`{"variant":"namnam","pits":{"south":[0,0,0,0,0,1],"north":[3,0,0,0,0,4]},"stores":{"south":24,"north":16}}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"6", "8", "12"} {
		mv, _ := engine.ParseMove(m)
		after, ev, err := p.PlayEvents(mv)
		if err != nil {
			t.Fatal(err)
		}
		g := geomFor(p.Rules().Layout(), 0, false)
		rp := newReplayer(p, g)
		for _, e := range ev {
			rp.apply(e)
		}
		got, want := rp.after(), stateOf(after, g, Options{})
		if got.cells != want.cells || got.foreign != want.foreign || got.round != want.round || got.toMove != want.toMove {
			t.Errorf("move %s: replayed %v %v round %d %s to move, want %v %v round %d %s", m, got.cells, got.foreign, got.round, got.toMove, want.cells, want.foreign, want.round, want.toMove)
		}
		var b bytes.Buffer
		if err := Animation(&b, p, ev, Options{}); err != nil {
			t.Fatal(err)
		}
		p = after
	}
}

// TestNamnamNewRoundBadges: the board after a move that ends a round shows
// the new round's set-up, so it carries no badges of the old round's
// sowing (the "+8" on a store holding 4 after the refill, "−4" on
// a refilled pit); a claim keeps its start mark.
func TestNamnamNewRoundBadges(t *testing.T) {
	p, err := engine.ParsePosition([]byte(`{"variant":"namnam","pits":{"south":[0,0,0,0,0,1],"north":[3,0,0,0,0,4]},"stores":{"south":24,"north":16}}`))
	if err != nil {
		t.Fatal(err)
	}
	g := geomFor(p.Rules().Layout(), 0, false)
	mv, _ := engine.ParseMove("6") // captures North's 4 and the last four: round 1 ends, 28:20
	after, ev, err := p.PlayEvents(mv)
	if err != nil || after.Round() != 2 {
		t.Fatalf("round %d, %v", after.Round(), err)
	}
	m := collectMarks(g, ev)
	for c := range m.gained {
		if m.gained[c] != 0 || m.taken[c] != 0 || m.sown[c] {
			t.Errorf("cell %d after the refill: gained %d, taken %d, sown %v", c, m.gained[c], m.taken[c], m.sown[c])
		}
	}
	// Before the fills the same sowing has its badges.
	var sowing []engine.Event
	for _, e := range ev {
		if e.Kind == engine.EventFill {
			break
		}
		sowing = append(sowing, e)
	}
	if m := collectMarks(g, sowing); m.gained[g.store(engine.South)] == 0 {
		t.Errorf("the sowing alone gained nothing: %v", m.gained)
	}
	claim, _ := engine.ParseMove("12")
	_, ev, err = after.PlayEvents(claim)
	if err != nil {
		t.Fatal(err)
	}
	if m := collectMarks(g, ev); m.start != p.Rules().Layout().Pit(engine.North, 6) {
		t.Errorf("the claim's start mark is on %d", m.start)
	}
}
