package generic

import "github.com/mancala-bot/mancala/engine"

func init() {
	registerEval("oware", variantEval{eval: owareEvaluator(&owareWeights), evalFor: owareEvalFor, decisive: true, reduceFrom: 2})
}

// owareEvalFor is the evaluation for r's options: under a first-recurrence
// rule (Abapa's repetition=first) the weights fitted to games under
// Abapa's rules (owareFirstWeights), else owareWeights. The first
// recurrence ends many endgames, each side taking the seeds on its side,
// and play steers for it or away from it; the terms are worth otherwise.
func owareEvalFor(r engine.Rules) evaluator {
	if r.RepetitionLimit() == 2 {
		return owareEvaluator(&owareFirstWeights)
	}
	return owareEvaluator(&owareWeights)
}

// The terms of Oware's evaluation (owareFeatures), each counted for the
// side to move. The search adds them, weighted, to the store difference
// (100 a seed); its quiescence already plays out the captures the side to
// move has, so the terms are about what the next moves can do.
const (
	// owSeeds: the seeds in the mover's houses minus the opponent's
	// (seeds at home are material to sow, and each side takes its own when
	// the game ends for want of moves or by repetition).
	owSeeds = iota
	// owSeedsLate: owSeeds times the seeds already captured, over 8: late
	// in the game the seeds on a side are nearly its owner's.
	owSeedsLate
	// owEmpty: the mover's empty houses minus the opponent's (an empty house
	// is a move fewer, and one sowing away from a capturable one).
	owEmpty
	// owWeakMine, owWeakTheirs: the mover's, and the opponent's, houses
	// holding 1 or 2 seeds, which one or two more seeds make capturable.
	owWeakMine
	owWeakTheirs
	// owKroo: houses of 12 seeds or more (a kroo: its sowing laps the board
	// and can end in a big capture), the mover's minus the opponent's.
	owKroo
	// owTempo: houses whose sowing stays on the own side (a waiting move
	// that feeds nothing), the mover's minus the opponent's.
	owTempo
	// owThreatTheirs: the seeds the opponent's best capture would take if
	// it were the opponent's turn (the threat the mover must parry).
	owThreatTheirs
	owFeatures
)

// The weights of the terms, in hundredths of a seed per unit, fitted to
// self-play games by Texel tuning (TestOwareTune in tune_test.go; see
// docs/performance.md, "Oware's evaluation"): 216 games between two copies
// of the evaluation with the previous weights, 8 000 positions a move,
// after 4 to 8 random plies, half under the default rules and half with
// grand_slam=nocapture; their 16 472 quiet positions after the opening (no
// capture for the side to move), those of 20 games (1 828) held out. The
// squared error of the logistic curve of the evaluation against the
// game's result fell from 0.1476 to 0.1395 (held out: 0.2004 to 0.1887);
// the store difference keeps its 100 a seed. What the fit says: an empty
// house costs nearly a seed (a move fewer, and a house the opponent's
// sowings turn capturable), a kroo is worth more than a seed, a waiting
// move that feeds nothing most of one, a seed the opponent threatens
// nearly half; the seeds at home count for little once the rest is known.
const (
	owWSeeds        = -3
	owWSeedsLate    = -3
	owWEmpty        = -89
	owWWeakMine     = -23
	owWWeakTheirs   = 8
	owWKroo         = 123
	owWTempo        = 74
	owWThreatTheirs = -44
)

// owareWeights is the evaluation's weights, indexed by term.
var owareWeights = [owFeatures]int32{
	owSeeds:        owWSeeds,
	owSeedsLate:    owWSeedsLate,
	owEmpty:        owWEmpty,
	owWeakMine:     owWWeakMine,
	owWeakTheirs:   owWWeakTheirs,
	owKroo:         owWKroo,
	owTempo:        owWTempo,
	owThreatTheirs: owWThreatTheirs,
}

// owareFirstWeights is the evaluation's weights under a first-recurrence
// rule (Abapa), fitted as owareWeights were (TestOwareTune), to 1 200
// self-play games under Abapa's rules (grand_slam=nocapture,
// repetition=first) between two copies of the evaluation with
// owareWeights, 20 000 positions a move, after 4 to 8 random plies
// (TestOwareSelfPlay -oware.seed 37): their 114 741 quiet positions,
// those of one game in ten held out. The squared error fell from 0.1533
// to 0.1509 (held out: 0.1515 to 0.1485). Where the fit differs from
// owareWeights: the mover's houses of 1 or 2 seeds count a little for
// him and the opponent's against him (the reverse), a kroo nearly two
// seeds, and the seeds at home a little for their owner until about 13
// seeds are captured, against him after (owSeeds, owSeedsLate): under
// owareWeights they count against him throughout. docs/performance.md
// ("Abapa's weights") has the measurement.
var owareFirstWeights = [owFeatures]int32{
	owSeeds:        5,
	owSeedsLate:    -3,
	owEmpty:        -77,
	owWeakMine:     23,
	owWeakTheirs:   -35,
	owKroo:         181,
	owTempo:        73,
	owThreatTheirs: -48,
}

// owareEvaluator scores a position as the store difference (100 a seed)
// plus the terms of owareFeatures weighted by w, for the side to move.
func owareEvaluator(w *[owFeatures]int32) evaluator {
	return func(s *gsearch, n *gnode) int32 {
		p := &n.pos
		l := s.l
		me, opp := p.ToMove(), 1-p.ToMove()
		cells := p.Cells()
		var h [12]int
		for i, c := range l.PitCells(me)[:6] {
			h[i] = int(cells[c])
		}
		for i, c := range l.PitCells(opp)[:6] {
			h[6+i] = int(cells[c])
		}
		sm, so := int(cells[l.Store(me)]), int(cells[l.Store(opp)])
		f := owareFeatures(&h, sm+so)
		v := int32(100 * (sm - so))
		for i, x := range f {
			v += w[i] * x
		}
		return v
	}
}

// owareFeatures computes the evaluation's terms (owSeeds...) for the side
// to move, from h, the ring of houses seen from it (h[0..5] its houses 1
// to 6, h[6..11] the opponent's 1 to 6, in sowing order) and the seeds
// already captured. The threats follow the counter-clockwise sowing of the
// default rules (under cross-sowing they are an approximation) and count a
// grand slam as a capture.
func owareFeatures(h *[12]int, captured int) (f [owFeatures]int32) {
	var seeds, empty, weak, kroo, tempo [2]int32
	for side := range 2 {
		for i := range 6 {
			x := h[6*side+i]
			seeds[side] += int32(x)
			switch {
			case x == 0:
				empty[side]++
			case x <= 2:
				weak[side]++
			case x >= 12:
				kroo[side]++
			}
			if x > 0 && x < 6-i {
				tempo[side]++
			}
		}
	}
	f[owSeeds] = seeds[0] - seeds[1]
	f[owSeedsLate] = f[owSeeds] * int32(captured) / 8
	f[owEmpty] = empty[0] - empty[1]
	f[owWeakMine] = weak[0]
	f[owWeakTheirs] = weak[1]
	f[owKroo] = kroo[0] - kroo[1]
	f[owTempo] = tempo[0] - tempo[1]
	f[owThreatTheirs] = int32(owareBestCapture(h, 6))
	return f
}

// owareBestCapture returns the most seeds one sowing from the houses
// h[from..from+5] captures on the other side of the ring h (from is 0 or
// 6), sowing counter-clockwise and skipping the emptied house on laps.
func owareBestCapture(h *[12]int, from int) int {
	best := 0
	lo := 6 - from // the victim's first ring index
	for o := from; o < from+6; o++ {
		n := h[o]
		if n == 0 {
			continue
		}
		got := 0
		if n < 11 {
			// No lap: every victim's house up to the last got one seed.
			last := o + n
			if last >= 12 {
				last -= 12
			}
			if last < lo || last >= lo+6 {
				continue
			}
			for j := last; j >= lo; j-- {
				c := h[j] + 1
				if c != 2 && c != 3 {
					break
				}
				got += c
			}
		} else {
			laps, rem := n/11, n%11
			reach := rem // the last seed's distance from o
			if reach == 0 {
				reach = 11
			}
			last := (o + reach) % 12
			if last < lo || last >= lo+6 {
				continue
			}
			for j := last; j >= lo; j-- {
				c := h[j] + laps
				if (j-o+12)%12 <= rem {
					c++
				}
				if c != 2 && c != 3 {
					break
				}
				got += c
			}
		}
		best = max(best, got)
	}
	return best
}
