package search

import "github.com/mancala-bot/mancala/search/internal/generic"

// HasEval reports whether variant id has registered its own evaluation for
// the heuristic search (Analyze and the levels), in
// search/internal/generic/eval_<id>.go; one without it is searched with the
// plain one: the store difference and the seeds on each side.
func HasEval(id string) bool { return generic.HasEval(id) }
