package generic

import "github.com/mancala-bot/mancala/engine"

// The three-row games: Gabata with the plain evaluation, Selus and Sulus
// with evalWegue and their count of the final margin.
func init() {
	registerEval("gabata", variantEval{eval: evalPlain})
	registerEval("selus", variantEval{eval: evalWegue, margin: wegueMargin})
	registerEval("sulus", variantEval{eval: evalWegue, margin: wegueMargin})
}

// wegueMargin is the score margin for the side to move, by the Selus and
// Sulus count (engine.Position.Scores: the store, the seeds in the traps
// the side owns and in its own other pits).
func wegueMargin(p *engine.Position) int {
	s, n, _ := p.Scores()
	if p.ToMove() == engine.South {
		return s - n
	}
	return n - s
}

// evalWegue (Selus, Sulus): the stores and the seeds in owned wegues count
// in full, as they do at the end; seeds in one's own ordinary pits at a
// quarter (they are sown away, often into the opponent's wegues); and each
// wegue owned is worth a little more, for the seeds it will still catch.
func evalWegue(s *gsearch, n *gnode) int32 {
	p := &n.pos
	me := p.ToMove()
	v := 0
	var trap [engine.MaxCells]bool
	s.marks = p.AppendMarks(s.marks[:0])
	for _, m := range s.marks {
		if m.Kind != engine.MarkTrap {
			continue
		}
		trap[m.Cell] = true
		w := 100*p.Cell(m.Cell) + 60
		if m.Side != me {
			w = -w
		}
		v += w
	}
	l := s.l
	for i := 1; i <= l.Pits; i++ {
		if c := l.Pit(me, i); !trap[c] {
			v += 25 * p.Cell(c)
		}
		if c := l.Pit(1-me, i); !trap[c] {
			v -= 25 * p.Cell(c)
		}
	}
	return int32(v + 100*(p.Store(me)-p.Store(1-me)))
}
