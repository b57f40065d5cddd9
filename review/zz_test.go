package review

import (
	"context"
	"math"
	"testing"
)

func TestZZRef(t *testing.T) {
	for _, name := range []string{"kalah", "kalah66"} {
		start, moves := recorded(t, name)
		ref, err := Game(context.Background(), start, moves, Options{Depth: 15, Unsmoothed: true})
		if err != nil {
			t.Fatal(err)
		}
		ref2, _ := Game(context.Background(), start, moves, Options{Depth: 14, Unsmoothed: true})
		for _, raw := range []bool{true, false} {
			rv, _ := Game(context.Background(), start, moves, Options{Depth: 10, Unsmoothed: raw})
			var d1, d2 float64
			n := 0
			for i, e := range rv.Evals {
				if e.Exact || ref.Evals[i].Exact {
					continue
				}
				r := (ref.Evals[i].South + ref2.Evals[i].South) / 2
				d1 += math.Abs(e.South - r)
				d2 += math.Abs(e.South - ref.Evals[i].South)
				n++
			}
			t.Logf("%s raw %v: mean |eval - ref(14,15 mean)| %.2f, |eval - ref15| %.2f over %d", name, raw, d1/float64(n), d2/float64(n), n)
		}
	}
}
