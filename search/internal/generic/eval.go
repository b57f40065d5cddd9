package generic

import (
	"github.com/mancala-bot/mancala/engine"
)

// evaluator scores a position that is not over, for its side to move, in
// hundredths of a seed. Every evaluation starts from the store difference
// (what the final score counts) and adds what the variant's players know
// matters; the search's quiescence resolves the captures and extra turns
// that are pending, so the evaluations stay positional.
type evaluator func(s *gsearch, n *gnode) int32

// variantEval is what the heuristic search knows of a variant beyond its
// rules. Each eval_<variant>.go registers its variants' in an init
// function (registerEval).
type variantEval struct {
	// eval scores the positions (evalPlain is a valid choice).
	eval evaluator
	// evalFor, if set, picks the evaluator for the rules' options (a rule
	// that changes what a position is worth, such as Oware's repetition
	// rule); eval is then the one for the default options.
	evalFor func(r engine.Rules) evaluator
	// repeated, if set, is the value, for the side to move, of a position
	// that ends the game by repetition where the rules end it otherwise
	// than by each side taking the seeds on its side (swept is that
	// outcome's margin; see repetition): ok false keeps that outcome.
	repeated func(r engine.Rules, swept int) (v int, ok bool)
	// margin, if set, is the final margin for the side to move, for a
	// variant whose games are not decided by the stores alone (Selus,
	// Sulus); registerEval enters it in scorers.
	margin scorer
	// material, if set, is the seeds side s owns in p, for a variant
	// without stores whose captures move seeds onto the capturer's side
	// (Bao la Kiswahili): the search counts a move's gain, which orders
	// the moves and decides what its quiescence plays out, as the change
	// of the mover's material instead of its store's.
	material func(p *engine.Position, s engine.Side) int
	// decisive, if set, makes the heuristic search score a proven
	// outcome (a finished game, a repetition that ends it, an oracle's
	// trusted bounds) by its winner first: a win above every heuristic
	// value, a loss below, the margin deciding only between outcomes of
	// one kind (see proven). For a variant whose winner is the side with
	// the larger final margin (Oware), so that the search locks in a sure
	// narrow win rather than chase a larger heuristic margin.
	decisive bool
	// reduceFrom, if above 0, turns on late-move reductions in the
	// heuristic search: from that index in the ordered moves on, a quiet
	// move (no gain, no extra turn, not a killer) at depth 3 or more below
	// the root is searched a ply shallower first, and again at its full
	// depth only if it beats the best so far (see gsearch.reduceFrom).
	// Measured per variant: docs/performance.md, "Late-move reductions".
	reduceFrom int
}

// scorer is a final margin for the side to move, for the variants whose
// games are not decided by the stores alone.
type scorer func(p *engine.Position) int

// scorers is the registry of those margins, by variant id (the others are
// decided by the stores), filled by registerEval.
var scorers = map[string]scorer{}

// evaluators is the registry of the variants' evaluations, by variant id.
// Solitaires are solved, not evaluated, and register none.
var evaluators = map[string]variantEval{}

// registerEval enters variant id's evaluation; it panics on a second one
// for the same id or on a nil eval.
func registerEval(id string, e variantEval) {
	if e.eval == nil {
		panic("search: evaluation of " + id + " registered without eval")
	}
	if _, dup := evaluators[id]; dup {
		panic("search: evaluation registered twice: " + id)
	}
	evaluators[id] = e
	if e.margin != nil {
		scorers[id] = e.margin
	}
}

// HasEval reports whether variant id has registered its evaluation for the
// heuristic search (Analyze and the levels), in its search/internal/generic/eval_<id>.go;
// one without it is searched with the plain one, evalPlain: the store
// difference and the seeds on each side.
func HasEval(id string) bool {
	_, ok := evaluators[id]
	return ok
}

func evaluatorFor(r engine.Rules) evaluator {
	if e, ok := evaluators[r.Variant().ID]; ok {
		if e.evalFor != nil {
			return e.evalFor(r)
		}
		return e.eval
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
