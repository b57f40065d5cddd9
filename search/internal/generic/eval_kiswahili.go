package generic

// Bao la Kiswahili: as bao-kujifunza (eval_kujifunza.go), with the seeds
// still in hand, which will be entered on their owner's side (S4).
func init() { registerEval("bao", variantEval{eval: evalHand}) }

// evalHand is evalPlain counting the seeds in hand with the side's own.
func evalHand(s *gsearch, n *gnode) int32 {
	p := &n.pos
	me := p.ToMove()
	return int32(100*s.margin(p) + 25*(p.PitSeeds(me)+p.Hand(me)-p.PitSeeds(1-me)-p.Hand(1-me)))
}
