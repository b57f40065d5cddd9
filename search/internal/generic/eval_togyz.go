package generic

import "github.com/mancala-bot/mancala/engine"

func init() { registerEval("togyz", variantEval{eval: evalTogyz}) }

// evalTogyz: the kazans; a tuzdyk, which brings its owner every seed sown
// into it for the rest of the game (worth more the more seeds are still
// sown: about a seed for every ten on the board); and the opponent's pits
// with an odd count, which one more seed turns even for a capture.
func evalTogyz(s *gsearch, n *gnode) int32 {
	p := &n.pos
	l := s.l
	me, opp := p.ToMove(), 1-p.ToMove()
	v := 100 * s.margin(p)
	board := p.PitSeeds(me) + p.PitSeeds(opp)
	s.marks = p.AppendMarks(s.marks[:0])
	for _, m := range s.marks {
		if m.Kind != engine.MarkTuzdyk {
			continue
		}
		if m.Side == me {
			v += 10 * board
		} else {
			v -= 10 * board
		}
	}
	odd := 0
	for i := 1; i <= l.Pits; i++ {
		if x := p.Cell(l.Pit(opp, i)); x&1 == 1 {
			odd += min(x, 20)
		}
		if x := p.Cell(l.Pit(me, i)); x&1 == 1 {
			odd -= min(x, 20)
		}
	}
	v += 3 * odd
	return int32(v)
}
