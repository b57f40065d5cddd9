package generic

import "github.com/mancala-bot/mancala/engine"

// Bao la Kiswahili (docs/sources/bao-rules.md, section 6). The game has no
// stores: a capture moves the opponent's seeds onto the capturer's rows,
// and a player loses when his front row is empty (E1) or he cannot move
// (E2). So the material, the seeds a side has on its rows and in hand, is
// what the evaluation starts from; the terms of baoFeatures add what the
// front rows say about the captures to come.
func init() {
	registerEval("bao", variantEval{eval: baoEvaluator(&baoWeights), material: baoMaterial, repeated: baoRepeated})
}

// baoRepeated: a position's third occurrence draws (R1; the board has no
// stores to sweep the seeds into).
func baoRepeated(engine.Rules, int) (int, bool) { return 0, true }

// baoMaterial is the seeds side sd has on its rows and in hand.
func baoMaterial(p *engine.Position, sd engine.Side) int { return p.PitSeeds(sd) + p.Hand(sd) }

// The terms of Bao's evaluation, each counted for the side to move. Front
// pit i of a side (0-based, pit i+1) faces the opponent's front pit 7-i
// (C3); a "facing pair" is two occupied front pits facing each other. In
// the namua stage either side, with seeds in hand, captures the other's pit
// of a facing pair by placing a seed in its own (S4, S5); in the mtaji stage
// a sowing must end in its own pit of the pair first (S10), so a facing
// pair is a threat there too, if a less direct one.
const (
	// bzMaterial: the seeds on the mover's rows and in hand minus the
	// opponent's (all 64 are always on the board or in hand).
	bzMaterial = iota
	// bzThreatMine: the seeds of the opponent's biggest pit in a facing
	// pair, which the mover can take next.
	bzThreatMine
	// bzThreatTheirs: the seeds of the mover's biggest pit in a facing
	// pair, which the opponent threatens.
	bzThreatTheirs
	// bzFront: the mover's occupied front pits minus the opponent's (a
	// front row with few occupied pits is near E1, and has few moves).
	bzFront
	// bzNyumba: 1 for the mover's functional nyumba (owned, 6 seeds or
	// more: S7), minus 1 for the opponent's.
	bzNyumba
	baoFeatures
)

// The weights of the terms, in hundredths of a seed per unit: a seed of
// material a quarter of a seed (as the evaluation before these terms), a
// seed of the biggest pit in a facing pair half as much, for the mover or
// against it. Each term was measured alone against the previous
// evaluation (TestBaoMatch; docs/performance.md, "Bao la Kiswahili's
// evaluation"): the threats gained on top of the quiescence; the front
// row (25) and the nyumba (50) showed no gain and are left at 0.
const (
	bzWMaterial     = 25
	bzWThreatMine   = 12
	bzWThreatTheirs = -12
	bzWFront        = 0
	bzWNyumba       = 0
)

// baoWeights is the evaluation's weights, indexed by term.
var baoWeights = [baoFeatures]int32{
	bzMaterial:     bzWMaterial,
	bzThreatMine:   bzWThreatMine,
	bzThreatTheirs: bzWThreatTheirs,
	bzFront:        bzWFront,
	bzNyumba:       bzWNyumba,
}

// baoEvaluator scores a position as the terms of baoFeatures weighted by
// w, for the side to move.
func baoEvaluator(w *[baoFeatures]int32) evaluator {
	return func(s *gsearch, n *gnode) int32 {
		f := baoTerms(s, &n.pos)
		var v int32
		for i, x := range f {
			v += w[i] * x
		}
		return v
	}
}

// baoTerms computes the terms of baoFeatures for p's side to move.
func baoTerms(s *gsearch, p *engine.Position) (f [baoFeatures]int32) {
	me, opp := p.ToMove(), 1-p.ToMove()
	f[bzMaterial] = int32(p.PitSeeds(me) + p.Hand(me) - p.PitSeeds(opp) - p.Hand(opp))
	mo, oo := 16*int(me), 16*int(opp)
	var bigMine, bigTheirs, front int
	for i := range 8 {
		a, b := p.Cell(engine.Cell(mo+i)), p.Cell(engine.Cell(oo+7-i))
		if a > 0 {
			front++
		}
		if p.Cell(engine.Cell(oo+i)) > 0 {
			front--
		}
		if a > 0 && b > 0 {
			bigMine = max(bigMine, b)
			bigTheirs = max(bigTheirs, a)
		}
	}
	f[bzThreatMine] = int32(bigMine)
	f[bzThreatTheirs] = int32(bigTheirs)
	f[bzFront] = int32(front)
	s.marks = p.AppendMarks(s.marks[:0])
	for _, m := range s.marks {
		if m.Kind != engine.MarkNyumba || p.Cell(m.Cell) < 6 {
			continue
		}
		if m.Side == me {
			f[bzNyumba]++
		} else {
			f[bzNyumba]--
		}
	}
	return f
}
