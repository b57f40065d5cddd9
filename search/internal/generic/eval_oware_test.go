package generic

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// TestOwareEvalForRules: the search evaluates Oware under a first-recurrence
// rule with owareFirstWeights, and under the third-occurrence rule (with
// either grand-slam rule) with owareWeights, on every position of random
// games; the two weight sets score some of those positions differently,
// so a search given the wrong one fails here.
func TestOwareEvalForRules(t *testing.T) {
	cases := []struct {
		opts engine.Options
		want *[owFeatures]int32
	}{
		{nil, &owareWeights},
		{engine.Options{"grand_slam": "nocapture"}, &owareWeights},
		{engine.Options{"repetition": "first"}, &owareFirstWeights},
		{engine.Options{"grand_slam": "nocapture", "repetition": "first"}, &owareFirstWeights},
	}
	for _, c := range cases {
		r := engine.MustNew("oware", c.opts)
		s := newGSearch(context.Background(), r, newGTT(1<<16), nil, nil)
		want, other := owareEvaluator(c.want), owareEvaluator(&owareFirstWeights)
		if c.want == &owareFirstWeights {
			other = owareEvaluator(&owareWeights)
		}
		rng := rand.New(rand.NewPCG(11, 12))
		n, differ := 0, 0
		for range 20 {
			for p := r.Start(); p.Status() == engine.Ongoing && p.Ply() < 200; n++ {
				nd := gnode{pos: p}
				got := s.ev(s, &nd)
				if w := want(s, &nd); got != w {
					t.Fatalf("%v %v: the search's evaluation %d, want %d", c.opts, p, got, w)
				}
				if other(s, &nd) != got {
					differ++
				}
				moves := p.Moves()
				p, _ = p.Play(moves[rng.IntN(len(moves))])
			}
		}
		if differ == 0 {
			t.Fatalf("%v: the two weight sets agree on all %d positions: the check tells nothing", c.opts, n)
		}
	}
}
