package generic

import (
	"sync"

	"github.com/mancala-bot/mancala/engine"
)

func init() {
	registerEval("afrika", variantEval{eval: evalMargin, repeated: func(r engine.Rules, swept int) (int, bool) {
		// Under misere the smaller total wins a game ended by repetition
		// (A6).
		if misere(r) {
			return -swept, true
		}
		return 0, false
	}})
}

// evalMargin is for Afrika: the stores only hold captures, and the seeds
// left on the board are not swept to anyone at the end (the game ends at
// an empty board), so the store difference is the whole score. Under the
// misere option the smaller store wins: the margin counts the other way.
func evalMargin(s *gsearch, n *gnode) int32 {
	v := int32(100 * s.margin(&n.pos))
	if misere(s.r) {
		return -v
	}
	return v
}

var misereRules sync.Map // engine.Rules -> bool

// misere reports whether r has the option misere set (read once per rule
// set: Options copies a map).
func misere(r engine.Rules) bool {
	if v, ok := misereRules.Load(r); ok {
		return v.(bool)
	}
	m := r.Options()["misere"] == "true"
	misereRules.Store(r, m)
	return m
}
