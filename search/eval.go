package search

import (
	"github.com/mancala-bot/mancala/engine"
)

// evaluator scores a position that is not over, for its side to move, in
// hundredths of a seed. Every evaluation starts from the store difference
// (what the final score counts) and adds what the variant's players know
// matters; the search's quiescence resolves the captures and extra turns
// that are pending, so the evaluations stay positional.
type evaluator func(s *gsearch, n *gnode) int32

// evaluators is the registry of the variants' evaluations, by variant id:
// a new two-player variant adds its line here (or reuses one). Without
// one, the search uses evalPlain. Solitaires are solved, not evaluated.
var evaluators = map[string]evaluator{
	"kalah":   evalStore,
	"congkak": evalStore,
	"oware":   evalOware,
	"togyz":   evalTogyz,
	// bao-kenya sows into the mover's store like Kalah (K3, K5); in
	// bao-laps the stores only hold captures and the seeds left on a side
	// go to its owner at the end (L8), which is what evalPlain counts.
	"bao-kenya": evalStore,
	"bao-laps":  evalPlain,
	// bao-kujifunza has no stores: captured seeds join the capturer's
	// rows, so the seeds on each side are what evalPlain counts.
	"bao-kujifunza": evalPlain,
	// Bao la Kiswahili: as bao-kujifunza, with the seeds still in hand,
	// which will be entered on their owner's side (S4).
	"bao": evalHand,
	// Ruma has four seats: the levels search it with paranoid.go's own
	// evaluation; this entry is never used (Analyze refuses it).
	"ruma": evalPlain,
	// Ayo-ayo and La'b madjnuni: stores hold captures; seeds left on a side
	// go to its owner at the end (5b, 5c; rule 6), what evalPlain counts.
	"ayoayo":   evalPlain,
	"madjnuni": evalPlain,
	// Afrika: only captures count (misère: the fewer the better).
	"afrika": evalMargin,
	// Ohojitxi: whoever empties his own pits wins; no stores.
	"ohojitxi": evalOhojitxi,
	// Nam Nam: the store margin plus the seeds in owned pits.
	"namnam": evalNamnam,
	// The three-row games (eval_wegue.go).
	"gabata": evalPlain, "selus": evalWegue, "sulus": evalWegue,
	// Tshuba: the store margin and half the seeds on each side (eval_tshuba.go).
	"tshuba": evalTshuba,
}

// HasEval reports whether variant id has an evaluation of its own in the
// heuristic search (Analyze and the levels); one without it is searched
// with the plain one: the store difference and the seeds on each side.
func HasEval(id string) bool {
	_, ok := evaluators[id]
	return ok
}

func evaluatorFor(r engine.Rules) evaluator {
	if ev, ok := evaluators[r.Variant().ID]; ok {
		return ev
	}
	return evalPlain
}

// evalPlain: the store difference and, at a quarter of a seed each, the
// seeds on each side (they go to the side's owner if the game ends now).
func evalPlain(s *gsearch, n *gnode) int32 {
	p := &n.pos
	me := p.ToMove()
	return int32(100*s.margin(p) + 25*(p.PitSeeds(me)-p.PitSeeds(1-me)))
}

// evalHand is evalPlain counting the seeds in hand with the side's own.
func evalHand(s *gsearch, n *gnode) int32 {
	p := &n.pos
	me := p.ToMove()
	return int32(100*s.margin(p) + 25*(p.PitSeeds(me)+p.Hand(me)-p.PitSeeds(1-me)-p.Hand(1-me)))
}

// evalStore is for Kalah and Congkak, where seeds are sown into one's own
// store. Besides the stores it counts:
//   - the mover's extra-turn moves (a pit holding exactly the seeds that
//     reach the store): each is a free move, worth most of a seed;
//   - seeds kept on one's own side, which the owner takes when a side runs
//     dry; but a big heap in one's rightmost pits also feeds the opponent,
//     so they count for a fifth of a seed;
//   - capture threats against the mover's heaps: an opponent's empty pit
//     that faces one of the mover's non-empty pits and that an opponent's
//     sowing can end in.
func evalStore(s *gsearch, n *gnode) int32 {
	p := &n.pos
	l := s.l
	np := l.Pits
	me, opp := p.ToMove(), 1-p.ToMove()
	v := 100 * s.margin(p)
	var mine, theirs [engine.MaxPits + 1]int
	sm, so := 0, 0
	for i := 1; i <= np; i++ {
		mine[i] = p.Cell(l.Pit(me, i))
		theirs[i] = p.Cell(l.Pit(opp, i))
		sm += mine[i]
		so += theirs[i]
	}
	v += 20 * (sm - so)
	extra := 0
	for i := 1; i <= np; i++ {
		if mine[i] == np+1-i {
			extra++
		}
	}
	v += 70 * min(extra, 2)
	// The opponent's reachable empty pits facing the mover's seeds.
	threat := 0
	for j := 1; j <= np; j++ {
		if theirs[j] != 0 || mine[np+1-j] == 0 {
			continue
		}
		for i := 1; i < j; i++ {
			if theirs[i] == j-i {
				threat = max(threat, mine[np+1-j]+1)
				break
			}
		}
	}
	v -= 40 * threat
	return int32(v)
}

// evalOware: the stores; pits of the opponent holding 1 or 2 seeds (one or
// two more make a capture) against the mover's own; and mobility, since a
// side with few moves is soon forced to feed or be starved.
func evalOware(s *gsearch, n *gnode) int32 {
	p := &n.pos
	l := s.l
	me, opp := p.ToMove(), 1-p.ToMove()
	v := 100 * s.margin(p)
	weak := 0
	for i := 1; i <= l.Pits; i++ {
		switch p.Cell(l.Pit(opp, i)) {
		case 1, 2:
			weak++
		}
		switch p.Cell(l.Pit(me, i)) {
		case 1, 2:
			weak--
		case 0:
			v -= 8
		}
		if p.Cell(l.Pit(opp, i)) == 0 {
			v += 8
		}
	}
	v += 12 * weak
	v += 5 * (p.PitSeeds(me) - p.PitSeeds(opp))
	return int32(v)
}

// evalTogyz: the kazans; a tuzdyk, which brings its owner every seed sown
// into it for the rest of the game (worth more the more seeds are still
// sown: about a seed for every ten on the board); and the opponent's pits
// with an odd count, which one more seed turns even for a capture.
func evalTogyz(s *gsearch, n *gnode) int32 {
	p := &n.pos
	l := s.l
	me, opp := p.ToMove(), 1-p.ToMove()
	v := 100 * s.margin(p)
	board := p.PitSeeds(me) + p.PitSeeds(opp)
	s.marks = p.AppendMarks(s.marks[:0])
	for _, m := range s.marks {
		if m.Kind != engine.MarkTuzdyk {
			continue
		}
		if m.Side == me {
			v += 10 * board
		} else {
			v -= 10 * board
		}
	}
	odd := 0
	for i := 1; i <= l.Pits; i++ {
		if x := p.Cell(l.Pit(opp, i)); x&1 == 1 {
			odd += min(x, 20)
		}
		if x := p.Cell(l.Pit(me, i)); x&1 == 1 {
			odd -= min(x, 20)
		}
	}
	v += 3 * odd
	return int32(v)
}
