package generic

import "github.com/mancala-bot/mancala/engine"

func init() {
	// Kalah and Congkak sow into the mover's store.
	registerEval("kalah", variantEval{eval: evalStore})
	registerEval("congkak", variantEval{eval: evalStore})
}

// evalStore is for Kalah and Congkak, where seeds are sown into one's own
// store. Besides the stores it counts:
//   - the mover's extra-turn moves (a pit holding exactly the seeds that
//     reach the store): each is a free move, worth most of a seed;
//   - seeds kept on one's own side, which the owner takes when a side runs
//     dry; but a big heap in one's rightmost pits also feeds the opponent,
//     so they count for a fifth of a seed;
//   - capture threats against the mover's heaps: an opponent's empty pit
//     that faces one of the mover's non-empty pits and that an opponent's
//     sowing can end in.
func evalStore(s *gsearch, n *gnode) int32 {
	p := &n.pos
	l := s.l
	np := l.Pits
	me, opp := p.ToMove(), 1-p.ToMove()
	v := 100 * s.margin(p)
	var mine, theirs [engine.MaxPits + 1]int
	sm, so := 0, 0
	for i := 1; i <= np; i++ {
		mine[i] = p.Cell(l.Pit(me, i))
		theirs[i] = p.Cell(l.Pit(opp, i))
		sm += mine[i]
		so += theirs[i]
	}
	v += 20 * (sm - so)
	extra := 0
	for i := 1; i <= np; i++ {
		if mine[i] == np+1-i {
			extra++
		}
	}
	v += 70 * min(extra, 2)
	// The opponent's reachable empty pits facing the mover's seeds.
	threat := 0
	for j := 1; j <= np; j++ {
		if theirs[j] != 0 || mine[np+1-j] == 0 {
			continue
		}
		for i := 1; i < j; i++ {
			if theirs[i] == j-i {
				threat = max(threat, mine[np+1-j]+1)
				break
			}
		}
	}
	v -= 40 * threat
	return int32(v)
}
