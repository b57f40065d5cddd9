package search

import "github.com/mancala-bot/mancala/engine"

// scorer is a final margin for the side to move, for the variants whose
// games are not decided by the stores alone.
type scorer func(p *engine.Position) int

// scorers is the registry of those margins, by variant id (the others are
// decided by the stores).
var scorers = map[string]scorer{"selus": wegueMargin, "sulus": wegueMargin}

// wegueScores returns each side's score by the Selus and Sulus rules (Selus
// rule 5, Sulus rule 6): the store, the seeds in the wegues (traps) the side
// owns, and the seeds in the side's own pits that are not wegues. The
// wegues are read from the position's marks (MarkTrap, owner in Side).
func wegueScores(p *engine.Position) (south, north int) {
	var sc [2]int
	var trap [engine.MaxCells]bool
	var buf [2 * 9]engine.Mark
	for _, m := range p.AppendMarks(buf[:0]) {
		if m.Kind == engine.MarkTrap && m.Side <= engine.North {
			trap[m.Cell] = true
			sc[m.Side] += p.Cell(m.Cell)
		}
	}
	l := p.Rules().Layout()
	for s := range engine.Side(2) {
		sc[s] += p.Store(s)
		for i := 1; i <= l.Pits; i++ {
			if c := l.Pit(s, i); !trap[c] {
				sc[s] += p.Cell(c)
			}
		}
	}
	return sc[0], sc[1]
}

// wegueMargin is the score margin for the side to move.
func wegueMargin(p *engine.Position) int {
	s, n := wegueScores(p)
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
