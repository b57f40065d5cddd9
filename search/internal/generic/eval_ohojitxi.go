package generic

import "github.com/mancala-bot/mancala/engine"

func init() {
	registerEval("ohojitxi", variantEval{eval: evalOhojitxi, repeated: func(engine.Rules, int) (int, bool) {
		return 0, true // a game ended by repetition is drawn (O8)
	}})
}

// evalOhojitxi is for Ohojitxi, where the aim is to get rid of one's own
// seeds (O7) and there are no stores: the fewer seeds on the mover's side
// than on the opponent's, the better. Seeds captured and still to be
// dropped (the mover's hand) are already the opponent's. A pit of 3 is
// half a capture in waiting: a sowing ending there takes it (and the 4s
// behind it), so each counts a little for its owner.
func evalOhojitxi(s *gsearch, n *gnode) int32 {
	p := &n.pos
	me := p.ToMove()
	// Half a seed per seed: a won game is worth every seed in play (see
	// final), more than any position short of it.
	v := 50 * (p.PitSeeds(1-me) + p.Hand(me) - p.PitSeeds(me) - p.Hand(1-me))
	for i := 1; i <= 6; i++ {
		if p.Pit(me, i) == 3 {
			v += 10
		}
		if p.Pit(1-me, i) == 3 {
			v -= 10
		}
	}
	return int32(v)
}
