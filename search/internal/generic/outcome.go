package generic

import "github.com/mancala-bot/mancala/engine"

// final is the value of a finished position for its side to move: the
// store margin, as the exact solver counts it, unless the rules named a
// winner the margin does not favour (Afrika's misere, where the bigger
// store loses; Ohojitxi and the four-row Bao games, which have no stores):
// then a win or loss worth all the seeds in play, more than any margin
// short of the end (the analysis reports scores within that bound).
// In every other game the winner has the bigger store, and nothing changes.
func (s *gsearch) final(p *engine.Position) int {
	m := s.margin(p)
	w, ok := p.Status().Winner()
	switch {
	case !ok:
		return m
	case w == p.ToMove() && m <= 0:
		return p.Seeds()
	case w != p.ToMove() && m >= 0:
		return -p.Seeds()
	}
	return m
}

// repeated is the value of a position that ends the game by repetition,
// for its side to move, where the rules end it otherwise than by each side
// taking the seeds on its side (see repetition): what the variant's
// evaluation registered (variantEval.repeated; Ohojitxi's draw, O8, and
// Afrika's misere, A6). ok is false for the other rules.
func (s *gsearch) repeated(_ *engine.Position, swept int) (v int, ok bool) {
	if s.rep != nil {
		return s.rep(s.r, swept)
	}
	return 0, false
}

// decided is what a proven win (loss) adds to (takes from) its margin in
// the heuristic search of a decisive variant, in hundredths of a seed:
// above every evaluation (a few thousand at most) and every margin, and
// far enough below maxScore for any margin on top.
const decided = 1 << 24

// proven turns v, a proven outcome's final margin in hundredths of a seed
// for the side to move, into the heuristic search's value: for a decisive
// variant a win (v > 0) is decided+v, a loss v−decided and a draw 0, so
// that every win ranks above every heuristic value and every loss below;
// v itself for the others. It is monotonic, so bounds stay bounds.
func (s *gsearch) proven(v int32) int32 {
	switch {
	case !s.decisive || v == 0:
		return v
	case v > 0:
		return v + decided
	default:
		return v - decided
	}
}

// margin100 undoes proven: the final margin (or heuristic value) in
// hundredths of a seed of a value of the heuristic search, what Search and
// ScoreMoves report.
func margin100(v int32) int32 {
	switch {
	case v > decided/2:
		return v - decided
	case v < -decided/2:
		return v + decided
	default:
		return v
	}
}
