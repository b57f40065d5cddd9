package generic

func init() { registerEval("tshuba", variantEval{eval: evalTshuba}) }

// evalTshuba is for Tshuba (engine/tshuba.go): the stores hold the seeds
// each player captured, and the game is won by taking every seed of the
// opponent's, the winner then taking the seeds left in his pits into his
// store. So the final store margin is (64 - the loser's captures) against
// those captures, and along the way what counts is the seeds each side
// still has to play with: the store difference plus half the difference
// of the seeds on each side (a player with none has lost, which the
// engine's status says before this is ever asked).
func evalTshuba(s *gsearch, n *gnode) int32 {
	p := &n.pos
	me := p.ToMove()
	return int32(100*s.margin(p) + 50*(p.PitSeeds(me)-p.PitSeeds(1-me)))
}
