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
