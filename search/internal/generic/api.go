package generic

import (
	"context"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/kalah"
)

// ErrTooLarge is the error of a search stopped by its node budget
// (Options.Nodes, SetNodeLimit): the same value as the Kalah solver's, so
// that package search exports one error for both.
var ErrTooLarge = kalah.ErrTooLarge

// Tracker receives an exact solve's progress (package search's progress
// reports implement it). Its methods are called from the searching
// goroutine.
type Tracker interface {
	// Nodes reports the positions searched so far (every few thousand).
	Nodes(n uint64)
	// Stage names the solve's stage: "depth" while Solve deepens.
	Stage(name string)
	// Depth reports a completed iteration of the depth stage.
	Depth(depth int, best engine.Move, nodes uint64)
	// Bounds reports the exact value's bounds after each MTD(f) step;
	// best is the move that proved the lower bound (zero if none did).
	Bounds(lower, upper int, best engine.Move, nodes uint64)
}

type noTracker struct{}

func (noTracker) Nodes(uint64)                         {}
func (noTracker) Stage(string)                         {}
func (noTracker) Depth(int, engine.Move, uint64)       {}
func (noTracker) Bounds(int, int, engine.Move, uint64) {}

// Options configure a Searcher.
type Options struct {
	// TableBytes is the transposition table's size (0: 16 MB).
	TableBytes uint64
	// Pooled takes the table from a pool of tables of that size, and
	// Close returns it (for the many short searches of the levels and
	// the review); without it the table is allocated for this search.
	Pooled bool
	// History lists the positions before the root, oldest first, for the
	// repetition rule.
	History []engine.Position
	// Nodes stops the search after about that many positions with
	// ErrTooLarge (0: no limit).
	Nodes uint64
	// Deadline stops the search with context.DeadlineExceeded (zero:
	// none, but the context's own deadline always applies).
	Deadline time.Time
	// Tracker receives Solve's progress (nil: none).
	Tracker Tracker
	// Oracle, if set, answers the positions it covers in the heuristic
	// search (Search, ScoreMoves, Solve's depth stage; not in the exact
	// one, whose values are margins to the game's end while an oracle's
	// may count past it).
	Oracle Oracle
}

// A Searcher searches the positions of one two-seat game for one caller
// (it is not safe for concurrent use). Its transposition table is kept
// between calls, so that each iteration orders the next one's moves.
type Searcher struct {
	s      *gsearch
	pooled bool
}

// MinScore and MaxScore bound every heuristic value: Search's full window.
const (
	MinScore = minScore
	MaxScore = maxScore
)

// New returns a Searcher for the positions of rules r (two seats; the
// caller checks it). It searches until ctx ends, o.Deadline passes or
// o.Nodes runs out, whichever comes first; Stopped says which.
func New(ctx context.Context, r engine.Rules, o Options) *Searcher {
	bytes := o.TableBytes
	if bytes == 0 {
		bytes = 16 << 20
	}
	var tt *gtt
	if o.Pooled {
		tt = getGTT(bytes)
	} else {
		tt = newGTT(bytes)
	}
	s := newGSearch(ctx, r, tt, o.History, o.Oracle)
	s.limit = o.Nodes
	s.deadline = o.Deadline
	if o.Tracker != nil {
		s.tr = o.Tracker
	}
	return &Searcher{s: s, pooled: o.Pooled}
}

// Close gives a pooled table back; the Searcher must not be used after.
func (x *Searcher) Close() {
	if x.pooled && x.s.tt != nil {
		putGTT(x.s.tt)
	}
	x.s.tt = nil
}

// SetNodeLimit changes the node budget (0: none), counted from the
// Searcher's start.
func (x *Searcher) SetNodeLimit(n uint64) { x.s.limit = n }

// Probes is the number of the oracle's answers the search used.
func (x *Searcher) Probes() uint64 { return x.s.probes }

// Nodes is the number of positions searched so far.
func (x *Searcher) Nodes() uint64 { return x.s.nodes }

// Stopped reports whether a limit stopped the search, and which:
// ErrTooLarge, context.DeadlineExceeded or the context's error. A stopped
// Searcher returns meaningless values from then on.
func (x *Searcher) Stopped() (bool, error) { return x.s.stopped, x.s.errStop }

// Search is one iteration of the heuristic search: p's value for its side
// to move to depth plies (an extra turn is a ply), in hundredths of a seed,
// with quiescence on captures and extra turns beyond it, and proven
// reports whether every line reached the end of the game (the value is
// then exact, in hundredths). It is meaningless when the search stopped.
func (x *Searcher) Search(p engine.Position, depth int) (value int32, proven bool) {
	x.s.horizon = 0
	x.s.rootDone = 0
	v := x.s.ab(&gnode{pos: p}, 0, depth, minScore, maxScore)
	return margin100(v), x.s.horizon == 0
}

// Partial is what the last Search learned before a limit stopped it: the
// first root move it searched to the end (normally the best of the
// iteration before: the table's move is searched first), the best of
// those it searched to the end with its value, in hundredths of a seed
// for the side to move, and how many it searched. Every root move after
// the first is searched against the best value so far, so best differs
// from first only when it is better at the stopped iteration's depth.
// done is 0 when the search stopped before the first root move was
// through, or answered the root without searching its moves.
func (x *Searcher) Partial() (first, best engine.Move, value int32, done int) {
	return x.s.rootFirst, x.s.rootBest, margin100(x.s.rootValue), x.s.rootDone
}

// PV is the principal variation from p, as the table holds it after
// Search, at most max moves.
func (x *Searcher) PV(p engine.Position, max int) []engine.Move {
	return x.s.pv(&gnode{pos: p}, max)
}

// Scored is a move with its value, in hundredths of a seed for the side to
// move at the root.
type Scored struct {
	Move  engine.Move
	Value int32
}

// ScoreMoves scores every legal move of p by a full-window search of
// depth-1 plies after it: the values, in the moves' order, for p's side
// to move. stopped reports that a limit cut it short (the scores are then
// incomplete and must be dropped).
func (x *Searcher) ScoreMoves(p engine.Position, depth int) (scores []Scored, stopped bool) {
	s := x.s
	root := &gnode{pos: p}
	kids := s.expand(root, 0)
	// expand reuses ply 0's slot: copy the children out first.
	cs := append([]gnode(nil), kids...)
	scores = make([]Scored, 0, len(cs))
	s.push(&p, p.Key())
	defer s.pop()
	for i := range cs {
		c := &cs[i]
		var v int32
		if c.flip {
			v = -s.ab(c, 1, depth-1, minScore, maxScore)
		} else {
			v = s.ab(c, 1, depth-1, minScore, maxScore)
		}
		if s.stopped {
			return scores, true
		}
		scores = append(scores, Scored{c.move, margin100(v)})
	}
	return scores, false
}

// Solve finds p's exact value, the final store margin for its side to move
// with perfect play (in seeds), and a move that reaches it: iterative
// deepening of the heuristic search first (its guess, Tracker stage
// "depth"), then MTD(f) (stage "exact"). ok is false when the search
// stopped (see Stopped); the Tracker then holds what was found.
func (x *Searcher) Solve(p engine.Position) (value int, best engine.Move, ok bool) {
	s := x.s
	root := &gnode{pos: p}
	guess := s.deepen(root)
	if s.stopped {
		return 0, engine.Move{}, false
	}
	s.tr.Stage("exact")
	v, m := s.solveRoot(root, guess)
	if s.stopped {
		return 0, engine.Move{}, false
	}
	return v, m, true
}
