package generic

import (
	"context"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// fixedOracle claims that every position with at most max seeds in its
// pits is worth value to its side to move, give or take spread: a value no
// evaluation gives, so a test sees where the search took it.
type fixedOracle struct{ max, value, spread int }

func (o fixedOracle) Bounds(p *engine.Position) (int, int, bool) {
	if inPits(p) > o.max {
		return 0, 0, false
	}
	return o.value - o.spread, o.value + o.spread, true
}

// oracleStart: Oware, South to move with S 0,0,0,0,1,1 / N 1,0,0,0,0,3
// and 21 seeds in each store. Pit 6 sows into North's pit 1, making 2:
// it captures them, leaving 4 seeds in the pits. Pit 5 sows into pit 6
// and captures nothing.
func oracleStart(t *testing.T) (engine.Position, engine.Position) {
	t.Helper()
	r := engine.MustNew("oware", nil)
	p, err := engine.NewPosition(r, engine.Setup{Pits: [][]int{{0, 0, 0, 0, 1, 1}, {1, 0, 0, 0, 0, 3}}, Stores: []int{21, 21}})
	if err != nil {
		t.Fatal(err)
	}
	after, err := p.Play(engine.Move{Kind: engine.Sow, Pit: 6})
	if err != nil || after.Store(engine.South) != 23 {
		t.Fatalf("pit 6: %v, South's store %d, want the capture of 2", err, after.Store(engine.South))
	}
	return p, after
}

// TestOracleEndsLines: the search takes the oracle's value for the
// position after the capture (which it covers: 4 seeds in the pits) and
// so avoids the capture it would otherwise play. Where the history makes
// that value unproven (another position of as many seeds occurred twice,
// so play from the one after the capture may end at its third
// occurrence), it does not end the line there, but its bounds still hold
// the evaluation at the horizon (TestOracleBoundsHoldEvaluation), which
// here is the same move. A search whose every line ends at the oracle's
// proven values is proven; one that ends at an unproven value is not.
func TestOracleEndsLines(t *testing.T) {
	p, after := oracleStart(t)
	oracle := fixedOracle{max: 5, value: 40}            // North, to move after the capture, "wins by 40"
	bounds := fixedOracle{max: 5, value: 40, spread: 8} // the same, not exactly
	all := fixedOracle{max: 48, value: 40}              // every position
	// Another position of 4 seeds in the pits, seen twice before p.
	other, err := engine.NewPosition(p.Rules(), engine.Setup{Pits: [][]int{{0, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 3}}, Stores: []int{21, 23}})
	if err != nil {
		t.Fatal(err)
	}
	twice := []engine.Position{other, p, other}
	tests := []struct {
		name    string
		oracle  Oracle
		history []engine.Position
		want    uint8 // the best move's pit (0: either)
		value   int32 // the root's value if not 0
		probed  bool
		proven  bool
	}{
		{"without an oracle the capture", nil, nil, 6, 0, false, false},
		{"the oracle's value after the capture", oracle, nil, 5, 0, true, false},
		{"history seen once: still trusted", oracle, []engine.Position{after}, 5, 0, true, false},
		{"history seen twice: the exact value held as an evaluation", oracle, twice, 5, 0, false, false},
		{"history seen twice: the bounds held as an evaluation", bounds, twice, 5, 0, false, false},
		{"every child trusted: proven", all, nil, 0, -4000, true, true},
		{"every child exact but unproven: not proven", all, twice, 0, -4000, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x := New(context.Background(), p.Rules(), Options{History: tc.history, Oracle: tc.oracle})
			defer x.Close()
			v, proven := x.Search(p, 1)
			pv := x.PV(p, 1)
			if len(pv) != 1 || tc.want != 0 && pv[0].Pit != tc.want {
				t.Fatalf("best %v (value %d), want pit %d", pv, v, tc.want)
			}
			if tc.value != 0 && v != tc.value {
				t.Errorf("value %d, want %d", v, tc.value)
			}
			if got := x.Probes() > 0; got != tc.probed {
				t.Errorf("oracle used: %v, want %v", got, tc.probed)
			}
			if proven != tc.proven {
				t.Errorf("proven %v, want %v", proven, tc.proven)
			}
		})
	}
}

// TestOracleTrust: the rule trusts applies, counted over the history
// and the line: under a first-recurrence rule (Kalah without
// cross-sowing has none, and the search cuts its cycles at once) no
// earlier position may hold as many seeds in the pits; under the third
// occurrence (Oware) none of them may have occurred twice.
func TestOracleTrust(t *testing.T) {
	oware := engine.MustNew("oware", nil)
	kalah := engine.MustNew("kalah", nil)
	pos := func(r engine.Rules, south, north []int) engine.Position {
		p, err := engine.NewPosition(r, engine.Setup{Pits: [][]int{south, north}})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	o10 := pos(oware, []int{1, 2, 3, 0, 0, 0}, []int{4, 0, 0, 0, 0, 0}) // 10 seeds
	o10b := pos(oware, []int{0, 2, 3, 0, 0, 1}, []int{4, 0, 0, 0, 0, 0})
	k10 := pos(kalah, []int{1, 2, 3, 0, 0, 0}, []int{4, 0, 0, 0, 0, 0})
	tests := []struct {
		name    string
		r       engine.Rules
		history []engine.Position
		seeds   int
		want    bool
	}{
		{"oware, nothing before", oware, nil, 10, true},
		{"oware, two positions of 10 once each", oware, []engine.Position{o10, o10b}, 10, true},
		{"oware, one position of 10 twice", oware, []engine.Position{o10, o10b, o10}, 10, false},
		{"oware, fewer seeds than the history's", oware, []engine.Position{o10, o10}, 9, true},
		{"kalah, one position of 10 before", kalah, []engine.Position{k10}, 10, false},
		{"kalah, fewer seeds", kalah, []engine.Position{k10}, 8, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newGSearch(context.Background(), tc.r, newGTT(1<<16), tc.history, fixedOracle{max: 48})
			if got := s.trusts(tc.seeds); got != tc.want {
				t.Errorf("trusts(%d) = %v, want %v", tc.seeds, got, tc.want)
			}
		})
	}
}

// TestOracleBoundsHoldEvaluation: at the horizon the evaluation of a
// position the oracle covers is held within the oracle's bounds, proven
// or not; bounds that hold it already change nothing.
func TestOracleBoundsHoldEvaluation(t *testing.T) {
	r := engine.MustNew("oware", nil)
	// South to move, no capture anywhere: pit 1 sows into pit 2.
	p, err := engine.NewPosition(r, engine.Setup{Pits: [][]int{{1, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 3}}, Stores: []int{21, 23}})
	if err != nil {
		t.Fatal(err)
	}
	// Another position of 4 seeds, seen twice: the oracle is not trusted.
	other, err := engine.NewPosition(r, engine.Setup{Pits: [][]int{{0, 1, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 3}}, Stores: []int{21, 23}})
	if err != nil {
		t.Fatal(err)
	}
	search := func(o Oracle, history []engine.Position) int32 {
		x := New(context.Background(), r, Options{Oracle: o, History: history})
		defer x.Close()
		v, _ := x.Search(p, 0)
		return v
	}
	plain := search(nil, nil)
	if plain <= -2000 || plain >= 2000 {
		t.Fatalf("evaluation %d, want within 20 seeds for the cases below", plain)
	}
	tests := []struct {
		name    string
		oracle  Oracle
		history []engine.Position
		want    int32
	}{
		{"raised to the lower bound", fixedOracle{max: 4, value: 40, spread: 5}, nil, 3500},
		{"lowered to the upper bound", fixedOracle{max: 4, value: -40, spread: 5}, nil, -3500},
		{"not proven, held all the same", fixedOracle{max: 4, value: 40, spread: 5}, []engine.Position{other, other}, 3500},
		{"wide bounds change nothing", fixedOracle{max: 4, value: 0, spread: 30}, nil, plain},
		{"not covered", fixedOracle{max: 3, value: 40, spread: 5}, nil, plain},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := search(tc.oracle, tc.history); got != tc.want {
				t.Errorf("value %d, want %d", got, tc.want)
			}
		})
	}
}

// fixedFirst is a FirstOracle whose first-recurrence bounds are the store
// margin plus value ± spread for every position of at most max seeds in
// the pits, and whose plain bounds cover nothing.
type fixedFirst struct{ max, value, spread int }

func (fixedFirst) Bounds(*engine.Position) (int, int, bool) { return 0, 0, false }

func (o fixedFirst) FirstBounds(p *engine.Position) (int, int, bool) {
	if inPits(p) > o.max {
		return 0, 0, false
	}
	m := p.Store(p.ToMove()) - p.Store(1-p.ToMove())
	return m + o.value - o.spread, m + o.value + o.spread, true
}

// TestFirstBoundsWidened: under the first-recurrence rule the search asks
// a FirstOracle and widens its bounds by the positions before with as many
// seeds in the pits (their splits, for the side to move, plus the store
// margin they share), worked out by hand here; under the third-occurrence
// rule it does not ask it.
func TestFirstBoundsWidened(t *testing.T) {
	abapa := engine.MustNew("oware", engine.Options{"repetition": "first"})
	pos := func(r engine.Rules, toMove engine.Side, south, north []int) engine.Position {
		p, err := engine.NewPosition(r, engine.Setup{ToMove: toMove, Pits: [][]int{south, north}, Stores: []int{20, 18}})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	h11 := pos(abapa, engine.North, []int{1, 2, 3, 0, 0, 0}, []int{5, 0, 0, 0, 0, 0})   // 11 seeds
	h10a := pos(abapa, engine.North, []int{1, 2, 3, 0, 0, 0}, []int{4, 0, 0, 0, 0, 0})  // 10 seeds, South's split +2
	h10b := pos(abapa, engine.South, []int{1, 0, 0, 0, 0, 0}, []int{4, 5, 0, 0, 0, 0})  // 10 seeds, South's split -8
	south := pos(abapa, engine.South, []int{0, 2, 3, 0, 0, 1}, []int{4, 0, 0, 0, 0, 0}) // 10 seeds, margin +2 for South
	north := pos(abapa, engine.North, []int{0, 2, 3, 0, 0, 1}, []int{4, 0, 0, 0, 0, 0}) // margin -2 for North
	o := fixedFirst{max: 10, value: 1, spread: 1}                                       // [0, 2] for the board
	tests := []struct {
		name    string
		history []engine.Position
		p       engine.Position
		lo, hi  int
	}{
		{"nothing before", nil, south, 2 + 0, 2 + 2},
		{"a position of 11 seeds before", []engine.Position{h11}, south, 2, 4},
		{"South, split +2 before", []engine.Position{h11, h10a}, south, 2, 4},
		{"South, splits +2 and -8 before", []engine.Position{h11, h10a, h10b}, south, 2 - 8, 4},
		{"North, splits +2 and -8 before", []engine.Position{h11, h10a, h10b}, north, -2 - 2, -2 + 8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newGSearch(context.Background(), abapa, newGTT(1<<16), tc.history, o)
			lo, hi, ok := s.firstBounds(&tc.p)
			if !ok || lo != tc.lo || hi != tc.hi {
				t.Errorf("firstBounds = [%d, %d] (ok %v), want [%d, %d]", lo, hi, ok, tc.lo, tc.hi)
			}
			plo, phi, ok := s.probe(&gnode{pos: tc.p})
			if !ok || plo != s.proven(int32(100*tc.lo)) || phi != s.proven(int32(100*tc.hi)) {
				t.Errorf("probe = [%d, %d] (ok %v), want the proven [%d, %d]", plo, phi, ok, tc.lo, tc.hi)
			}
		})
	}
	// Under the engine's third-occurrence rule the first-recurrence bounds
	// are never asked.
	third := engine.MustNew("oware", nil)
	s := newGSearch(context.Background(), third, newGTT(1<<16), nil, o)
	p := pos(third, engine.South, []int{0, 2, 3, 0, 0, 1}, []int{4, 0, 0, 0, 0, 0})
	if _, _, ok := s.probe(&gnode{pos: p}); ok || s.first != nil {
		t.Error("the third-occurrence rule's search asked the first-recurrence bounds")
	}
}

// inPits is the seeds in p's pits, both seats, for the test oracles that
// have no search at hand (gsearch.inPits is the search's own).
func inPits(p *engine.Position) int {
	return p.PitSeeds(engine.South) + p.PitSeeds(engine.North)
}
