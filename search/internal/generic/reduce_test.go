package generic

import (
	"context"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// searchWith runs iterative deepening on p up to depth with late-move
// reductions from reduceFrom (-1: the variant's own, 0: none) and returns
// the last iteration's value, whether it was proven, and the positions
// visited. It stops at the first proven value.
func searchWith(t *testing.T, p engine.Position, depth, reduceFrom int) (v int32, proven bool, nodes uint64) {
	t.Helper()
	x := New(context.Background(), p.Rules(), Options{TableBytes: 16 << 20})
	defer x.Close()
	if reduceFrom >= 0 {
		x.s.reduceFrom = reduceFrom
	}
	for d := 1; d <= depth && !proven; d++ {
		v, proven = x.Search(p, d)
	}
	return v, proven, x.Nodes()
}

// TestLateMoveReductions: Oware's search reduces late quiet moves: from
// the start, 13 plies deep, it visits fewer positions with them than
// without. Where the search reaches the end of every line (its value
// proven) the reductions cannot change the value, as a reduced line that
// meets the horizon makes the value unproven: a Kalah endgame (S
// 2,1,3,0,2,1 / N 1,3,0,2,1,2, stores 9 and 10; South to move), searched
// to its end, is proven the same with reductions from the second move as
// without. Oware's endgames seldom prove (their lines cycle), so Kalah,
// whose games always end, carries that check.
func TestLateMoveReductions(t *testing.T) {
	ow := engine.MustNew("oware", nil)
	if evaluators["oware"].reduceFrom <= 0 {
		t.Fatal("Oware's search has no late-move reductions")
	}
	_, _, plain := searchWith(t, ow.Start(), 13, 0)
	_, _, reduced := searchWith(t, ow.Start(), 13, -1)
	t.Logf("Oware's start, depth 13: %d positions without reductions, %d with", plain, reduced)
	if reduced >= plain {
		t.Errorf("Oware's start, depth 13: %d positions with reductions, %d without: want fewer", reduced, plain)
	}

	ka := engine.MustNew("kalah", nil)
	end, err := engine.NewPosition(ka, engine.Setup{Pits: [][]int{{2, 1, 3, 0, 2, 1}, {1, 3, 0, 2, 1, 2}}, Stores: []int{9, 10}})
	if err != nil {
		t.Fatal(err)
	}
	vPlain, okPlain, _ := searchWith(t, end, 60, 0)
	vReduced, okReduced, _ := searchWith(t, end, 60, 2)
	if !okPlain || !okReduced {
		t.Fatalf("Kalah endgame not proven within 60 plies: without reductions %v, with %v", okPlain, okReduced)
	}
	if vPlain != vReduced {
		t.Errorf("Kalah endgame: proven value %d with reductions, %d without", vReduced, vPlain)
	}
}
