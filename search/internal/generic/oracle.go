package generic

import "github.com/mancala-bot/mancala/engine"

// An Oracle knows bounds on the value of some positions from outside the
// search: an endgame database. The heuristic search (ab, quiesce; the
// exact solver, test, never asks it) uses them in two ways:
//
//   - as a proof, below the root and at the captures quiescence follows,
//     where they are sure to hold on the line searched (see trusts and
//     probe): the line ends with the oracle's value, or its bounds cut
//     the node off, as a finished game's value would;
//   - as a guide, at the horizon (quiesce), proven or not: the heuristic
//     evaluation of a position the oracle covers is held within its
//     bounds (raised to lo, lowered to hi). Where the history could make
//     the repetition rule end the game otherwise, that is only a better
//     evaluation: the search still plays the line on to its horizon,
//     where it sees the repetitions the oracle cannot know, and the value
//     counts as a heuristic leaf (Search's proven is false; the table
//     keeps it as any heuristic value, never at exactDepth).
//
// An engine that plays the first-recurrence rule (Abapa) trusts the
// oracle's Bounds only on the first position of each seed count, right
// after a capture (a FirstOracle's FirstBounds, where it has them, at
// every node); in slow endgames, where nobody captures for many moves, the
// second use gives the search the database's knowledge all the same.
// Ending the line at an unproven exact value instead (as a leaf at every
// node) played worse than both (docs/performance.md).
type Oracle interface {
	// Bounds returns bounds on p's value for its side to move, in seeds
	// (a final store margin with perfect play by both, with lo == hi when
	// the value is known), and ok false when p is not covered. The bounds
	// must hold for play that never returns to a position (forcing play,
	// as a retrograde analysis proves it), and p's rules must never add
	// seeds to the pits (captures only take them out), so that a position
	// with fewer seeds than every earlier one cannot repeat one of them.
	// Bounds is called from the searching goroutine only and must not
	// allocate.
	Bounds(p *engine.Position) (lo, hi int, ok bool)
}

// A FirstOracle also knows bounds that hold under the first-recurrence
// rule (RepetitionLimit 2) whatever the history, once widened by it: an
// endgame database that counts that rule's end (oware.FirstDB). A search
// under that rule asks FirstBounds before Bounds.
type FirstOracle interface {
	Oracle
	// FirstBounds returns bounds on p's value for its side to move, in
	// seeds (a final store margin), that hold when no position with as
	// many seeds in the pits occurred before p, and ok false when p is
	// not covered. With such positions before p, the bounds hold once
	// widened to each one's value were the game to end there (its store
	// margin plus the seeds on the mover's side minus the opponent's, for
	// p's side to move): probe does that. It is called from the searching
	// goroutine only and must not allocate.
	FirstBounds(p *engine.Position) (lo, hi int, ok bool)
}

// firstBounds returns the first-recurrence bounds on p's value (see
// FirstOracle), widened by the positions with as many seeds in the pits
// that the history and the line hold (runSeeds: p itself is not on the
// line yet). The store margin is that of p, which those positions share:
// seeds leave the pits only by captures, which reach the stores. Every
// position before p must be on the line: ab asks before pushing p, with
// its parent pushed; quiescence, which does not push, asks only at
// captures (Oware's quiescence follows nothing else), where p starts a
// seed count of its own and nothing is widened.
func (s *gsearch) firstBounds(p *engine.Position) (lo, hi int, ok bool) {
	lo, hi, ok = s.first.FirstBounds(p)
	if !ok {
		return 0, 0, false
	}
	if t := len(s.runSeeds) - 1; t >= 0 && s.runSeeds[t] == int32(s.inPits(p)) {
		mn, mx := int(s.runMin[t]), int(s.runMax[t])
		if p.ToMove() != engine.South {
			mn, mx = -mx, -mn
		}
		m := s.margin(p)
		lo, hi = min(lo, m+mn), max(hi, m+mx)
	}
	return lo, hi, true
}

// trusts reports whether the oracle's bounds hold for a position with
// seeds in its pits, reached by the current line. They come from play that
// never returns to a position, so the repetition rule could only cut that
// play short at a position the history or the line already holds, and
// those all have as many seeds (seeds in the pits never increase):
//
//   - a game ended by the first recurrence (RepetitionLimit 2, and games
//     without a rule, whose cycles the search cuts at once): trusted when
//     no earlier position has that many seeds, such as right after a
//     capture;
//   - by a later occurrence: trusted when no position of that many seeds
//     has occurred twice yet (then no position can reach its third
//     occurrence on play that visits it once more at most).
func (s *gsearch) trusts(seeds int) bool {
	if seeds >= len(s.bySeeds) {
		return true
	}
	if s.repLim <= 2 {
		return s.bySeeds[seeds] == 0
	}
	return s.twiceSeeds[seeds] == 0
}

// probe returns the oracle's bounds on n's value, in hundredths of a seed
// for its side to move (as proven says: they are proven), where the oracle
// covers n and trusts says they hold.
func (s *gsearch) probe(n *gnode) (lo, hi int32, ok bool) {
	if s.oracle == nil {
		return 0, 0, false
	}
	if s.first != nil {
		if l, h, ok := s.firstBounds(&n.pos); ok {
			s.probes++
			return s.proven(int32(100 * l)), s.proven(int32(100 * h)), true
		}
	}
	if !s.trusts(s.inPits(&n.pos)) {
		return 0, 0, false
	}
	l, h, ok := s.oracle.Bounds(&n.pos)
	if !ok {
		return 0, 0, false
	}
	s.probes++
	return s.proven(int32(100 * l)), s.proven(int32(100 * h)), true
}

// bounded holds v, the heuristic evaluation of n in hundredths of a seed
// for its side to move, within the oracle's bounds on n, proven or not
// (see Oracle); v unchanged where the oracle does not cover n. Unproven,
// the bounds stay margins here, never ranked as proven outcomes.
func (s *gsearch) bounded(n *gnode, v int32) int32 {
	if s.oracle == nil {
		return v
	}
	if s.first != nil {
		if lo, hi, ok := s.firstBounds(&n.pos); ok {
			return min(max(v, int32(100*lo)), int32(100*hi))
		}
	}
	lo, hi, ok := s.oracle.Bounds(&n.pos)
	if !ok {
		return v
	}
	return min(max(v, int32(100*lo)), int32(100*hi))
}

// inPits is the number of seeds in p's pits (two seats; p under the
// searched rules), what the oracle's trust depends on: unlike the seeds in
// the stores, it never grows. It reads the cells once, since the search
// asks at nearly every node.
func (s *gsearch) inPits(p *engine.Position) int {
	cells := p.Cells()
	return s.seedsOf(&cells, engine.South) + s.seedsOf(&cells, engine.North)
}

// seedsOf is the seeds in side's pits of a position of the searched rules
// whose cells are cells (p.PitSeeds(side), without its calls).
func (s *gsearch) seedsOf(cells *[engine.MaxCells]uint8, side engine.Side) int {
	n := 0
	for _, c := range s.l.PitCells(side) {
		n += int(cells[c])
	}
	return n
}
