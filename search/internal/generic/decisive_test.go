package generic

import (
	"context"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// seedsOracle answers by the seeds in the pits alone: bounds[n] for a
// position with n seeds in its pits, for its side to move.
type seedsOracle map[int][2]int

func (o seedsOracle) Bounds(p *engine.Position) (int, int, bool) {
	b, ok := o[inPits(p)]
	return b[0], b[1], ok
}

// TestDecisiveLocksInWin: Oware, South to move with S 0,0,0,0,1,1 /
// N 1,0,0,0,0,3 and 21 seeds in each store (oracleStart). Pit 6 captures
// 2, leaving 4 seeds in the pits, and the oracle proves that position lost
// by 1 seed for North (South wins by 1). Pit 5 captures nothing and leaves
// 6 seeds; a position of 6 seeds occurred twice before, so the oracle's
// bounds there (North loses by 8 to 12) are unproven and only hold the
// evaluation at the horizon, at −8 seeds or lower for North. Scored by
// margin, South would take the unproven 8 seeds over the sure 1; scored by
// the winner first, it takes the sure win, and Search reports its margin.
func TestDecisiveLocksInWin(t *testing.T) {
	p, _ := oracleStart(t)
	six, err := engine.NewPosition(p.Rules(), engine.Setup{Pits: [][]int{{1, 0, 0, 0, 0, 1}, {1, 0, 0, 0, 0, 3}}, Stores: []int{21, 21}})
	if err != nil {
		t.Fatal(err)
	}
	oracle := seedsOracle{4: {-1, -1}, 6: {-12, -8}}
	tests := []struct {
		name     string
		decisive bool
		pit      uint8
		value    int32 // the root's value, or its lower bound if atLeast
		atLeast  bool
	}{
		{"by the winner first: the sure narrow win", true, 6, 100, false},
		{"by margin alone: the unproven larger margin", false, 5, 800, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x := New(context.Background(), p.Rules(), Options{History: []engine.Position{six, six}, Oracle: oracle})
			defer x.Close()
			if !x.s.decisive {
				t.Fatal("Oware is not scored by the winner")
			}
			x.s.decisive = tc.decisive
			v, _ := x.Search(p, 1)
			pv := x.PV(p, 1)
			if len(pv) != 1 || pv[0].Pit != tc.pit {
				t.Fatalf("best %v (value %d), want pit %d", pv, v, tc.pit)
			}
			if tc.atLeast && v < tc.value || !tc.atLeast && v != tc.value {
				t.Errorf("value %d, want %d (at least: %v)", v, tc.value, tc.atLeast)
			}
		})
	}
}

// TestProvenRanks: a decisive variant's proven outcomes rank by winner
// first and margin100 recovers the margin; the other variants' values are
// unchanged.
func TestProvenRanks(t *testing.T) {
	ow := newGSearch(context.Background(), engine.MustNew("oware", nil), newGTT(1<<16), nil, nil)
	ka := newGSearch(context.Background(), engine.MustNew("kalah", nil), newGTT(1<<16), nil, nil)
	if ka.decisive {
		t.Fatal("Kalah is scored by the winner first; only Oware should be")
	}
	tests := []struct {
		s    *gsearch
		v    int32
		want int32
	}{
		{ow, 100, decided + 100},
		{ow, -100, -decided - 100},
		{ow, 0, 0},
		{ow, 4800, decided + 4800},
		{ka, 100, 100},
		{ka, -4800, -4800},
	}
	for _, tc := range tests {
		got := tc.s.proven(tc.v)
		if got != tc.want {
			t.Errorf("proven(%d) = %d, want %d", tc.v, got, tc.want)
		}
		if back := margin100(got); back != tc.v {
			t.Errorf("margin100(%d) = %d, want %d", got, back, tc.v)
		}
	}
	// A sure win by 1 seed outranks a heuristic 40 seeds; a sure loss by
	// 1 ranks below a heuristic −40.
	if !(ow.proven(100) > 4000 && ow.proven(-100) < -4000) {
		t.Error("proven outcomes do not dominate heuristic values")
	}
}
