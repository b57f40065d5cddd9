package generic

func init() { registerEval("oware", variantEval{eval: evalOware}) }

// evalOware: the stores; pits of the opponent holding 1 or 2 seeds (one or
// two more make a capture) against the mover's own; and mobility, since a
// side with few moves is soon forced to feed or be starved.
func evalOware(s *gsearch, n *gnode) int32 {
	p := &n.pos
	l := s.l
	me, opp := p.ToMove(), 1-p.ToMove()
	v := 100 * s.margin(p)
	weak := 0
	for i := 1; i <= l.Pits; i++ {
		switch p.Cell(l.Pit(opp, i)) {
		case 1, 2:
			weak++
		}
		switch p.Cell(l.Pit(me, i)) {
		case 1, 2:
			weak--
		case 0:
			v -= 8
		}
		if p.Cell(l.Pit(opp, i)) == 0 {
			v += 8
		}
	}
	v += 12 * weak
	v += 5 * (p.PitSeeds(me) - p.PitSeeds(opp))
	return int32(v)
}
