package generic

import "github.com/mancala-bot/mancala/engine"

// An Oracle knows bounds on the value of some positions from outside the
// search: an endgame database. The search asks it at every node below the
// root (and at the captures quiescence follows), and uses its answer in
// one of two ways (see probe):
//
//   - as a proof, where the answer is sure to hold on the line searched
//     (see trusts): the line ends with the oracle's value, or its bounds
//     cut the node off, as a finished game's value would;
//   - as an evaluation, where the history or the line could make the
//     repetition rule end the game differently, so that the bounds are
//     not proven there, but the oracle knows the value exactly (lo ==
//     hi) for play that does not repeat: the line ends with that value as
//     a heuristic leaf, like the evaluation's. It counts as a leaf of the
//     horizon (Search's proven is then false), it enters the
//     transposition table only as a heuristic search's values do (never
//     at exactDepth), and the exact solver (test) never asks the oracle.
//
// At the horizon (quiesce), the bounds of a position the oracle covers,
// proven or not, also hold the heuristic evaluation in: a value below lo
// is raised to lo, one above hi lowered to hi.
//
// An engine that plays the first-recurrence rule (Abapa) trusts the
// oracle only on the first position of each seed count, right after a
// capture; in slow endgames, where nobody captures for many moves, the
// second use gives the search the database's knowledge all the same.
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
// for its side to move, where the oracle covers n, with proven true when
// trusts says they hold on this line. Where they are not proven it answers
// only an exact value (lo == hi), which the caller must take as a
// heuristic leaf (counting it in horizon), never as a proof.
func (s *gsearch) probe(n *gnode) (lo, hi int32, proven, ok bool) {
	if s.oracle == nil {
		return 0, 0, false, false
	}
	l, h, ok := s.oracle.Bounds(&n.pos)
	if !ok {
		return 0, 0, false, false
	}
	proven = s.trusts(inPits(&n.pos))
	if !proven && l != h {
		return 0, 0, false, false
	}
	s.probes++
	return int32(100 * l), int32(100 * h), proven, true
}

// inPits is the number of seeds in p's pits (two seats), what the oracle's
// trust depends on: unlike the seeds in the stores, it never grows.
func inPits(p *engine.Position) int {
	return p.PitSeeds(engine.South) + p.PitSeeds(engine.North)
}
