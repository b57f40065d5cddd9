package search

import (
	"sync"
	"time"

	"github.com/mancala-bot/mancala/engine"
)

// Progress is how far a solve has got: what SolveOptions.Progress receives
// as the solve goes on.
type Progress struct {
	// Stage is "database" while the Kalah endgame database is built,
	// "depth" during the iterative deepening that gives the exact search
	// its first guess and move ordering, and "exact" during the exact
	// search.
	Stage string
	// DBSeeds and DBDone: the database being built and the seed count up
	// to which it is done.
	DBSeeds, DBDone int
	// Depth is the deepest iteration of the depth stage completed (0:
	// none yet).
	Depth int
	// Lower and Upper bound the value, as proven so far (at first, minus
	// and plus every seed on the board).
	Lower, Upper int
	// Best is the best move found so far (zero before the first): the move
	// that proves Lower once the exact stage has raised it, else the depth
	// stage's best. BestProven says which.
	Best       engine.Move
	BestProven bool
	// Nodes counts the positions searched so far; Elapsed is the time since
	// the solve began (database included).
	Nodes   uint64
	Elapsed time.Duration
}

// progressNodes is how often, in positions searched, Progress is called
// between the steps of the search.
const progressNodes = 1 << 20

// tracker keeps a solve's progress: the partial result when a limit stops
// it, and the reports to SolveOptions.Progress. Every method may be called
// from any of the solver's threads.
type tracker struct {
	fn   func(Progress)
	t0   time.Time
	mu   sync.Mutex
	p    Progress
	next uint64 // the node count of the next report
	// offset turns the Kalah solver's board values (store differences
	// still to gain) into the position's (final store margins).
	offset int
	// root: the solver works on the root position (bounds and moves are
	// the position's), not on positions after a pie-rule choice.
	root bool
}

func newTracker(fn func(Progress), t0 time.Time, seeds int) *tracker {
	return &tracker{fn: fn, t0: t0, p: Progress{Lower: -seeds, Upper: seeds}, next: progressNodes, root: true}
}

// report calls fn with the current state; t.mu must be held.
func (t *tracker) report() {
	if t.fn != nil {
		p := t.p
		p.Elapsed = time.Since(t.t0)
		t.fn(p)
	}
}

// Nodes records the node count, reporting when it passes the next mark.
func (t *tracker) Nodes(n uint64) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.p.Nodes = max(t.p.Nodes, n)
	if n >= t.next {
		t.next = (n/progressNodes + 1) * progressNodes
		t.report()
	}
}

// Stage starts a stage.
func (t *tracker) Stage(s string) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.p.Stage = s
	t.report()
}

// dbLevel records that the database is built up to done of k seeds.
func (t *tracker) dbLevel(done, k int) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.p.Stage, t.p.DBSeeds, t.p.DBDone = "database", k, done
	t.report()
}

// Depth records a completed iteration of the depth stage and its move.
func (t *tracker) Depth(d int, best engine.Move, nodes uint64) {
	if t == nil || !t.root {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.p.Stage, t.p.Depth, t.p.Nodes = "depth", d, max(t.p.Nodes, nodes)
	if !t.p.BestProven && best != (engine.Move{}) {
		t.p.Best = best
	}
	t.report()
}

// Bounds records the exact stage's bounds (in the solver's units) and, if
// best is not zero, the move that proves the lower one.
func (t *tracker) Bounds(lo, hi int, best engine.Move, nodes uint64) {
	if t == nil || !t.root {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.p.Stage, t.p.Nodes = "exact", max(t.p.Nodes, nodes)
	t.p.Lower = max(t.p.Lower, lo+t.offset)
	t.p.Upper = min(t.p.Upper, hi+t.offset)
	if best != (engine.Move{}) {
		t.p.Best, t.p.BestProven = best, true
	}
	t.report()
}

// snapshot returns the state.
func (t *tracker) snapshot() Progress {
	t.mu.Lock()
	defer t.mu.Unlock()
	p := t.p
	p.Elapsed = time.Since(t.t0)
	return p
}
