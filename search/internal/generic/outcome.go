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
