package engine

// Scores returns each side's score by the rules' own count, for the games
// whose result is not the stores' contents (Selus and Sulus: the store,
// the seeds in the traps a side owns and in its own other pits); ok is
// false for the others, whose score is what the stores hold. For a
// finished game it is the count that decided it.
func (p Position) Scores() (south, north int, ok bool) {
	s, has := p.rules.(interface{ scores(p Position) (int, int) })
	if !has {
		return 0, 0, false
	}
	south, north = s.scores(p) // by value: a pointer would make p escape
	return south, north, true
}

// FinalMargin returns South's margin by the rules' count: South's score
// minus North's where the rules give scores (Scores), the seeds South owns
// (in its pits and in hand) minus North's in games without stores (Bao la
// Kiswahili, Bao la Kujifunza, Ohojitxi), the stores' difference
// otherwise. Where the rules named a winner the count does not favour
// (Afrika's misere, Bao's player left without a move, Ohojitxi's player
// who emptied his pits), it is all the seeds in play for the winner. For
// an unfinished position it is the count as it stands. In Ruma with
// players=2 it is the margin of the player holding South and North: all
// the seeds for a won game, and under way the seeds on the row of the
// East-West player's seat nearest to emptying it less those on South's
// or North's, whichever has fewer (a seat emptying its row wins). A match scores its
// games, and a review the end of its graph, by it.
func (p Position) FinalMargin() int {
	if t, ok := p.rules.(interface{ playerMargin(p Position) (int, bool) }); ok {
		if m, ok := t.playerMargin(p); ok {
			return m
		}
	}
	var m int
	switch south, north, ok := p.Scores(); {
	case ok:
		m = south - north
	case p.rules.Layout().Store(South) == NoCell:
		m = p.PitSeeds(South) + p.Hand(South) - p.PitSeeds(North) - p.Hand(North)
	default:
		m = p.Store(South) - p.Store(North)
	}
	switch w, ok := p.Status().Winner(); {
	case ok && w == South && m <= 0:
		return p.Seeds()
	case ok && w == North && m >= 0:
		return -p.Seeds()
	}
	return m
}

// StandingMargin returns South's margin in a game stopped before its end
// (a match's ply limit): FinalMargin for a finished game; for one under
// way the same count as it stands, except in the games whose aim is to
// get rid of one's seeds (Ohojitxi), where a side is ahead by the seeds
// it holds fewer than the other: those in its pits and those the other
// side has in hand to drop on it.
func (p Position) StandingMargin() int {
	if p.Status() != Ongoing {
		return p.FinalMargin()
	}
	if s, ok := p.rules.(interface{ standing(p Position) int }); ok {
		return s.standing(p)
	}
	return p.FinalMargin()
}
