// Package generic searches any two-seat variant through the engine's
// Rules: the heuristic search the levels and the analysis use, and the
// exact solver of every game but Kalah (which has its own, package
// search/internal/kalah).
//
// The heuristic search (ab.go) is principal variation alpha-beta with a
// transposition table (tt.go), killer moves and a history table,
// late-move reductions where the variant registers them (Oware), and
// quiescence on captures and extra turns beyond the nominal depth; values
// are in hundredths of a seed for the side to move. The exact search
// (search.go: test, solveRoot) is MTD(f) over null-window searches with
// enhanced transposition cutoffs; values are final store margins in seeds.
// Both apply the variant's repetition rule along each line, counting the
// game's history too, and both value a finished game as outcome.go says.
//
// Each variant's evaluation lives in eval_<variant>.go and registers itself
// in init (registerEval); eval.go holds the registry and the shared terms.
// A variant without one is searched with evalPlain.
//
// The package's surface is small: New returns a Searcher for one caller,
// whose Search, PV, ScoreMoves and Solve package search builds its levels,
// analysis, review scores and solver on; HasEval reports a registered
// evaluation. A Searcher stops at its context's end, its deadline or its
// node budget, and Stopped says which (ErrTooLarge for the budget).
package generic
