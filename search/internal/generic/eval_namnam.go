package generic

import "github.com/mancala-bot/mancala/engine"

func init() { registerEval("namnam", variantEval{eval: evalNamnam}) }

// evalNamnam: Oware Nam Nam is won by seeds over rounds, and what a player
// holds when a round ends decides the next one (the leader's claims), so
// the value is the store difference plus the seeds in the pits each side
// owns now (Position.Owner, pits in the other row included): the owner
// takes a pit's four when it fills mid-sowing, and the count goes on
// smoothly through the claim phase and the round change, where seeds move
// between stores and pits (they count as much as captured ones for that:
// with any other weight the value would jump when a round ends).
func evalNamnam(s *gsearch, n *gnode) int32 {
	p := &n.pos
	l := s.l
	me := p.ToMove()
	v := 100 * s.margin(p)
	for c := range l.Cells {
		cell := engine.Cell(c)
		if l.Cells[c].Kind != engine.PitCell {
			continue
		}
		switch p.Owner(cell) {
		case me:
			v += 100 * p.Cell(cell)
		case 1 - me:
			v -= 100 * p.Cell(cell)
		}
	}
	return int32(v)
}
