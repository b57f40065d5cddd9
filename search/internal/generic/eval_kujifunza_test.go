package generic

// Bao la Kujifunza's evaluation against the previous one, run by hand
// behind a flag (docs/performance.md, "Bao la Kujifunza's evaluation");
// without it only the checks of the terms, the gains and the repetition
// run.
//
//	go test ./search/internal/generic -run TestKujiMatch -kuji.match 100 -kuji.nodes 20000
//
// TestKujiMatch plays A (the current search, or as -kuji.threat,
// -kuji.quiesce and -kuji.draw set it) against B (the previous search:
// evalPlain without the material gain, valuing a repetition as the seeds
// on each side; or as -kuji.bthreat, -kuji.bquiesce and -kuji.bdraw set
// it), each move searched as the levels search (baoMove,
// eval_kiswahili_test.go). The threat terms (kujiThreatEval) were
// measured this way and are not used by the levels.

import (
	"context"
	"flag"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

var (
	kujiMatchGames = flag.Int("kuji.match", 0, "TestKujiMatch: games to play (even)")
	kujiNodes      = flag.Uint64("kuji.nodes", 20_000, "TestKujiMatch: positions searched per move")
	kujiOpening    = flag.Int("kuji.opening", 3, "TestKujiMatch: random plies a side before each pair of games")
	kujiSeed       = flag.Uint64("kuji.seed", 1, "TestKujiMatch: seed of the openings")
	kujiThreatA    = flag.Int("kuji.threat", 0, "TestKujiMatch: A's weight of the capture threats (kujiThreatEval; 0: evalPlain)")
	kujiThreatB    = flag.Int("kuji.bthreat", 0, "TestKujiMatch: B's weight of the capture threats")
	kujiMaterialA  = flag.Int("kuji.material", 25, "TestKujiMatch: A's weight of a seed of material, with -kuji.threat (a check of the harness: a negative one must lose)")
	kujiQuiesceA   = flag.Bool("kuji.quiesce", true, "TestKujiMatch: A counts a move's gain in material (captures ordered first and played out at the horizon)")
	kujiQuiesceB   = flag.Bool("kuji.bquiesce", false, "TestKujiMatch: B counts a move's gain in material")
	kujiDrawA      = flag.Bool("kuji.draw", true, "TestKujiMatch: A values a repetition as the draw it is (kujiRepeated)")
	kujiDrawB      = flag.Bool("kuji.bdraw", false, "TestKujiMatch: B values a repetition as the draw it is")
)

// kujiThreatEval is a candidate evaluation measured with TestKujiMatch and
// not used: material (m hundredths a seed, evalPlain's 25) plus w a seed
// of the opponent's biggest pit open to the mover (kujiBiggestOpen) minus
// w a seed of the mover's biggest pit open to the opponent.
func kujiThreatEval(m, w int32) evaluator {
	return func(_ *gsearch, n *gnode) int32 {
		f := kujiTerms(&n.pos)
		return m*f[0] + w*(f[1]-f[2])
	}
}

// kujiTerms is, for p's side to move, its material minus the opponent's,
// the seeds of the opponent's biggest pit open to it and those of its own
// biggest pit open to the opponent.
func kujiTerms(p *engine.Position) [3]int32 {
	me, opp := p.ToMove(), 1-p.ToMove()
	return [3]int32{int32(p.PitSeeds(me) - p.PitSeeds(opp)), int32(kujiBiggestOpen(p, me)), int32(kujiBiggestOpen(p, opp))}
}

// kujiBiggestOpen is the seeds of the biggest front pit of sd's opponent
// that a capture of sd's (J3) takes first, or 0 if sd has no capture: a
// pit of 2..15 seeds whose first lap, either way round sd's ring, ends in
// an occupied front pit of sd's facing an occupied one. Side sd's pit i
// (0-based) is cell 16*sd+i; its ring index is i in the front row (i < 8)
// and 23-i in the back row, clockwise +1 (engine's kujiPitRing); front
// ring index x faces the opponent's front pit 7-x.
func kujiBiggestOpen(p *engine.Position, sd engine.Side) int {
	o, oo := 16*int(sd), 16*int(1-sd)
	best := 0
	for i := range 16 {
		n := p.Cell(engine.Cell(o + i))
		if n < 2 || n > 15 {
			continue
		}
		ring := i
		if i >= 8 {
			ring = 23 - i
		}
		for _, x := range [2]int{(ring + n) & 15, (ring - n) & 15} {
			if x < 8 && p.Cell(engine.Cell(o+x)) > 0 {
				best = max(best, p.Cell(engine.Cell(oo+7-x)))
			}
		}
	}
	return best
}

// TestKujiMatch plays -kuji.match games of Bao la Kujifunza, A against B
// (see the file's comment), each move searched with -kuji.nodes positions:
// every random opening of -kuji.opening plies a side is played twice, A
// South in the first game and North in the second. It prints A's wins,
// draws and losses, the Elo difference with its 95% margin, and each
// player's time per move and mean depth.
func TestKujiMatch(t *testing.T) {
	if *kujiMatchGames == 0 {
		t.Skip("run with -kuji.match N")
	}
	r := engine.MustNew("bao-kujifunza", nil)
	pl := [2]baoPlayer{{evalPlain, *kujiQuiesceA, *kujiDrawA}, {evalPlain, *kujiQuiesceB, *kujiDrawB}}
	if *kujiThreatA != 0 || *kujiMaterialA != 25 {
		pl[0].ev = kujiThreatEval(int32(*kujiMaterialA), int32(*kujiThreatA))
	}
	if *kujiThreatB != 0 {
		pl[1].ev = kujiThreatEval(25, int32(*kujiThreatB))
	}
	playBaoMatch(t, r, pl, *kujiMatchGames, *kujiSeed, *kujiOpening, *kujiNodes)
}

// kujiPosition builds a Bao la Kujifunza position from each side's front
// and back rows as its owner numbers them (pits 1..8 and 9..16), side
// toMove to move.
func kujiPosition(t *testing.T, toMove engine.Side, front, back [2][8]int) engine.Position {
	t.Helper()
	pits := make([][]int, 2)
	for sd := range 2 {
		pits[sd] = append(append([]int(nil), front[sd][:]...), back[sd][:]...)
	}
	p, err := engine.NewPosition(engine.MustNew("bao-kujifunza", nil), engine.Setup{ToMove: toMove, Pits: pits})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// kujiOpen is the position TestKujiTerms, TestKujiGain and
// TestKujiRepetition work on, South to move:
//
//	North back   pits 16..9: 0 0 0 7 0 0 0 0   (pit 13: 7)
//	North front  pits 8..1:  2 0 0 7 0 0 0 5
//	South front  pits 1..8:  0 3 0 6 0 0 2 0
//	South back   pits 9..16: 0 0 0 0 0 0 0 5
//
// South's pit 16 (5 seeds, ring index 8) sown counter-clockwise ("16R")
// ends its first lap in pit 4 (6 seeds), which faces North's pit 5 (7):
// South's only capture (pit 2's laps end in the empty pit 5 or the back
// row, pit 7's in the back row or the empty pit 5, pit 4's in the back
// row). North's pit 13 (ring index 11) sown counter-clockwise ends in its
// pit 5, which faces South's pit 4 (6): North's only capture (its pit 1
// of 5 ends in the empty pit 6 or the back row, its pit 5 of 7 and pit 8
// of 2 in the back row or the empty pit 6).
func kujiOpen(t *testing.T, toMove engine.Side) engine.Position {
	return kujiPosition(t, toMove,
		[2][8]int{{0, 3, 0, 6, 0, 0, 2, 0}, {5, 0, 0, 0, 7, 0, 0, 2}},
		[2][8]int{{0, 0, 0, 0, 0, 0, 0, 5}, {0, 0, 0, 0, 7, 0, 0, 0}})
}

// TestKujiTerms checks the terms of the measured threat evaluation
// (kujiTerms) on positions worked out by hand.
func TestKujiTerms(t *testing.T) {
	r := engine.MustNew("bao-kujifunza", nil)
	start := r.Start()
	open := kujiOpen(t, engine.South)
	north := kujiOpen(t, engine.North)
	tests := []struct {
		name string
		p    engine.Position
		want [3]int32
	}{{
		// Every pit holds 2: every lap of 2 from a front pit ends in an
		// occupied front pit facing an occupied one, or in the back row.
		name: "start",
		p:    start,
		want: [3]int32{0, 2, 2},
	}, {
		name: "open pits, South to move",
		p:    open,
		want: [3]int32{(3 + 6 + 2 + 5) - (5 + 7 + 2 + 7), 7, 6},
	}, {
		name: "open pits, North to move",
		p:    north,
		want: [3]int32{(5 + 7 + 2 + 7) - (3 + 6 + 2 + 5), 6, 7},
	}}
	for _, tc := range tests {
		if got := kujiTerms(&tc.p); got != tc.want {
			t.Errorf("%s: terms %v, want %v", tc.name, got, tc.want)
		}
	}
	if ms := open.Moves(); len(ms) != 1 || ms[0] != (engine.Move{Pit: 16, Dir: engine.DirRight}) {
		t.Errorf("South's moves %v, want only the capture 16R", ms)
	}
}

// TestKujiGain checks that the search counts a Kujifunza move's gain in
// material: in kujiOpen South's only move, 16R, captures North's pit 5
// (7 seeds) and its gain is the material the engine's play of it brings
// South, at least those 7; with the store's gain, as before, it gained
// nothing.
func TestKujiGain(t *testing.T) {
	r := engine.MustNew("bao-kujifunza", nil)
	p := kujiOpen(t, engine.South)
	s := newGSearch(context.Background(), r, newGTT(1<<16), nil, nil)
	kids := s.expand(&gnode{pos: p}, 0)
	if len(kids) != 1 {
		t.Fatalf("%d moves, want 1", len(kids))
	}
	q, err := p.Play(kids[0].move)
	if err != nil {
		t.Fatal(err)
	}
	want := q.PitSeeds(engine.South) - p.PitSeeds(engine.South)
	if int(kids[0].gain) != want || want < 7 {
		t.Errorf("gain %d, material change %d, want equal and at least 7", kids[0].gain, want)
	}
	s.material = nil
	if c := s.expand(&gnode{pos: p}, 0)[0]; c.gain != 0 {
		t.Errorf("store gain of %v: %d, want 0", c.move, c.gain)
	}
}

// TestKujiRepetition checks that a position's third occurrence is valued
// as the draw R1 makes it, not as the seeds on each side (-5 for South in
// kujiOpen, which is what the search counted before), and that its second
// occurrence does not end the line.
func TestKujiRepetition(t *testing.T) {
	r := engine.MustNew("bao-kujifunza", nil)
	p := kujiOpen(t, engine.South)
	tests := []struct {
		name   string
		hist   []engine.Position
		v      int
		ok     bool
		before bool // the search without kujiRepeated
	}{
		{name: "second occurrence", hist: []engine.Position{p}, ok: false},
		{name: "third occurrence", hist: []engine.Position{p, p}, ok: true, v: 0},
		{name: "third occurrence, valued as seeds", hist: []engine.Position{p, p}, ok: true, v: -5, before: true},
	}
	for _, tc := range tests {
		s := newGSearch(context.Background(), r, newGTT(1<<16), tc.hist, nil)
		if tc.before {
			s.rep = nil
		}
		v, ok := s.repetition(&p, p.Key())
		if ok != tc.ok || ok && v != tc.v {
			t.Errorf("%s: repetition (%d, %v), want (%d, %v)", tc.name, v, ok, tc.v, tc.ok)
		}
	}
}
