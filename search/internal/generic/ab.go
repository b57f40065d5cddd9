package generic

import (
	"github.com/mancala-bot/mancala/engine"
)

// The heuristic search: principal-variation alpha-beta with a
// transposition table, killer and history move ordering, late-move
// reductions of quiet moves where the variant registers them
// (variantEval.reduceFrom), and a quiescence search of captures and extra
// turns at the horizon. Values are in
// hundredths of a seed for the side to move; a finished game scores its
// exact store margin.

// child searches c (a child of the node at ply) with the window (alpha,
// beta) of the parent, turning the value to the parent's side.
func (s *gsearch) child(c *gnode, ply, depth int, alpha, beta int32) int32 {
	if c.flip {
		return -s.ab(c, ply+1, depth, -beta, -alpha)
	}
	return s.ab(c, ply+1, depth, alpha, beta)
}

// terminal scores a finished game or a repetition (as proven says); ok is
// false otherwise.
func (s *gsearch) terminal(n *gnode) (k pkey, v int32, ok bool) {
	p := &n.pos
	if p.Status() != engine.Ongoing {
		return k, s.proven(int32(100 * s.final(p))), true
	}
	k = p.Key()
	if r, rep := s.repetition(p, k); rep {
		s.repCuts++
		return k, s.proven(int32(100 * r)), true
	}
	return k, 0, false
}

func (s *gsearch) ab(n *gnode, ply, depth int, alpha, beta int32) int32 {
	if s.visit() {
		return 0
	}
	k, tv, done := s.terminal(n)
	if done {
		return tv
	}
	if ply > 0 {
		// Below the root (whose move the caller needs), the oracle's
		// value ends the line, and its bounds may cut it off.
		if lo, hi, ok := s.probe(n); ok {
			switch {
			case lo == hi, lo >= beta:
				return lo
			case hi <= alpha:
				return hi
			}
		}
	}
	if depth <= 0 {
		return s.quiesce(n, ply, alpha, beta, s.qdepth)
	}
	ttMove := uint8(0)
	if e := s.tt.probe(k); e != nil {
		if int(e.depth) >= depth {
			if e.lo >= beta || e.lo == e.hi {
				return e.lo
			}
			if e.hi <= alpha {
				return e.hi
			}
		}
		ttMove = e.move
	}
	kids := s.expand(n, ply)
	me := n.pos.ToMove() & 1
	for i := range kids {
		c := &kids[i]
		var o int32
		switch {
		case uint8(i+1) == ttMove:
			o = 1 << 24
		case c.move == s.killers[ply][0]:
			o = 1 << 22
		case c.move == s.killers[ply][1]:
			o = 1<<22 - 1
		default:
			o = min(s.history[me][c.move.Pit], 1<<20)
		}
		if c.gain >= 2 || !c.flip {
			o += 1<<23 + int32(c.gain)<<8
		}
		c.order = int64(o)<<7 | int64(i)
	}
	sortKids(kids)
	s.push(&n.pos, k)
	n0 := s.nodes
	best := int32(minScore)
	bestIdx := 0
	a := alpha
	late := s.reduceFrom > 0 && depth >= 3 && ply > 0
	for j := range kids {
		c := &kids[j]
		var v int32
		if j == 0 {
			v = s.child(c, ply, depth-1, a, beta)
		} else {
			d := depth - 1
			if late && j >= s.reduceFrom && c.gain < 2 && c.flip && c.move != s.killers[ply][0] && c.move != s.killers[ply][1] {
				d-- // a late quiet move: a shallower look first
			}
			v = s.child(c, ply, d, a, a+1)
			if d < depth-1 && v > a && !s.stopped {
				v = s.child(c, ply, depth-1, a, a+1)
			}
			if v > a && v < beta && !s.stopped {
				v = s.child(c, ply, depth-1, a, beta)
			}
		}
		if s.stopped {
			break
		}
		if ply == 0 {
			s.rootDone++
			if j == 0 {
				s.rootFirst = c.move
			}
			if j == 0 || v > best {
				s.rootBest, s.rootValue = c.move, v
			}
		}
		if v > best {
			best, bestIdx = v, int(c.order&127)+1
			if v > a {
				a = v
				if v >= beta {
					if c.gain < 2 && c.flip && c.move != s.killers[ply][0] {
						s.killers[ply][1] = s.killers[ply][0]
						s.killers[ply][0] = c.move
					}
					s.history[me][c.move.Pit] += int32(depth * depth)
					break
				}
			}
		}
	}
	s.pop()
	if s.stopped {
		return 0
	}
	s.tt.store(k, best, alpha, beta, uint8(min(depth, exactDepth-1)), uint8(bestIdx), s.nodes-n0)
	return best
}

// quiesceWidth is how many of the best-ordered captures and extra turns
// quiescence follows at each position. Without it relay sowing (Congkak),
// where most moves capture or give another turn, grows the quiescence tree
// past any node budget before depth 1 is complete.
const quiesceWidth = 3

// quiesce resolves captures and extra turns below the horizon: the side to
// move may stand on the evaluation or play one of them.
func (s *gsearch) quiesce(n *gnode, ply int, alpha, beta int32, qd int) int32 {
	s.horizon++
	stand := s.bounded(n, s.ev(s, n))
	if stand >= beta || qd == 0 {
		return stand
	}
	best := stand
	alpha = max(alpha, stand)
	kids := s.expand(n, ply)
	for i := range kids {
		c := &kids[i]
		c.order = int64(c.gain)
		if !c.flip {
			c.order += 64
		}
	}
	sortKids(kids)
	for i := range min(len(kids), quiesceWidth) {
		c := &kids[i]
		if c.gain < 2 && c.flip {
			break // the quiet moves are sorted last
		}
		if s.visit() {
			return best
		}
		var v int32
		if _, tv, done := s.terminal(c); done {
			v = tv
			if c.flip {
				v = -v
			}
		} else if lo, hi, ok := s.probe(c); ok && lo == hi {
			v = lo
			if c.flip {
				v = -v
			}
		} else if c.flip {
			v = -s.quiesce(c, ply+1, -beta, -alpha, qd-1)
		} else {
			v = s.quiesce(c, ply+1, alpha, beta, qd-1)
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}

// pv follows the table's best moves from root, up to max moves.
func (s *gsearch) pv(root *gnode, max int) []engine.Move {
	var out []engine.Move
	n := *root
	seen := map[pkey]bool{}
	var buf [engine.MaxMoves]engine.Move
	for len(out) < max && n.pos.Status() == engine.Ongoing {
		k := n.pos.Key()
		if seen[k] {
			break
		}
		seen[k] = true
		e := s.tt.probe(k)
		if e == nil || e.move == 0 {
			break
		}
		moves := s.r.AppendMoves(&n.pos, buf[:0])
		if int(e.move) > len(moves) {
			break
		}
		m := moves[e.move-1]
		q := n
		s.r.Apply(&q.pos, m, nil)
		out = append(out, m)
		n = q
	}
	return out
}
