package search

import (
	"context"
	"sync"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/generic"
	"github.com/mancala-bot/mancala/search/internal/kalah"
)

// SolveOptions configure Solve. The zero value is usable.
type SolveOptions struct {
	// MemoryMB is the memory the solver may use for its transposition
	// table and, for Kalah, its endgame database (0: DefaultMemoryMB).
	// The table takes a quarter of it, at most maxTableBytes (2 GB); the
	// database takes the largest seed count that fits in the rest (and in
	// DBSeeds).
	MemoryMB int
	// DBSeeds caps the Kalah endgame database: boards with at most this
	// many seeds left in the pits are looked up (0: DefaultDBSeeds; -1: no
	// database). It is never larger than the seeds on the board.
	DBSeeds int
	// CacheDir is where endgame databases are kept between runs ("": the
	// directory CacheDir returns; "-": build them in memory only).
	CacheDir string
	// MaxNodes stops the solver with ErrTooLarge after this many positions
	// (0: no limit; ctx can stop it too).
	MaxNodes uint64
	// Time stops the search with context.DeadlineExceeded after this long
	// (0: no limit), counted once the endgame database is ready: a
	// database built for the first time (a bounded, one-off cost, cached on
	// disk) is not cut short by it, only by ctx.
	Time time.Duration
	// Progress, if not nil, is called as the solve goes on: at each step
	// (a level of the database built, an iteration of the depth stage, a
	// bound proven) and every million positions or so in between. It is
	// called from the solving goroutines, one call at a time, and must
	// return quickly.
	Progress func(Progress)
	// Threads is the number of threads the Kalah solver searches with (0:
	// 1). With more than one the value is the same, but the node count,
	// and the best move where several are best, can vary between runs.
	Threads int
	// History lists the positions before this one, oldest first, for the
	// repetition rule (Oware).
	History []engine.Position
	// MaxBuildMB caps the Kalah endgame database Solve builds (0: no cap):
	// a database larger than this many MB is used only when it is in
	// memory or in the cache directory already; otherwise Solve uses the
	// largest smaller one that is, or builds the largest that fits the
	// cap, and Result.DBWanted names the one it did not build. A command
	// sets it so that nothing large is written to the cache unasked.
	MaxBuildMB int
}

// maxTableBytes caps the transposition table: past it the memory goes to
// the endgame database, which saves more.
const maxTableBytes = 2 << 30

// DefaultMemoryMB is the solver's default memory budget: a 256 MB table and
// up to 768 MB of endgame database.
const DefaultMemoryMB = 1024

// DefaultDBSeeds is the default cap of the Kalah endgame database. For six
// pits the 22-seed database is 548 MB and takes about three minutes to
// build on two cores, once: it is then read from the disk cache in a
// second. With fewer pits the budget covers more seeds (four pits: every
// board of up to 24 seeds in 10 MB, the whole of Kalah(4,3)); with seven or
// eight pits it covers fewer (18 and 16 seeds).
const DefaultDBSeeds = 22

// Result is an exact solution.
type Result struct {
	// Value is the final store margin for the side to move with perfect
	// play by both sides: positive when the side to move wins by that many
	// seeds, 0 for a draw. For Kalah it counts the end-of-game sweep.
	Value int
	// Best is a move that achieves Value.
	Best engine.Move
	// Nodes counts the positions searched (database lookups included);
	// Elapsed is the time taken, database included.
	Nodes   uint64
	Elapsed time.Duration
	// DBSeeds is the endgame database used (-1: none), DBTime the time
	// spent building or loading it, DBBuilt whether it was built now.
	DBSeeds int
	DBTime  time.Duration
	DBBuilt bool
	// DBWanted is the database Solve would have used but did not build
	// for SolveOptions.MaxBuildMB (0: none), and DBWantedBytes its size.
	DBWanted      int
	DBWantedBytes uint64
	// Lower and Upper bound the value as proven: both are Value when the
	// solve is done. When a limit stops it (ErrTooLarge, or the deadline
	// of ctx or Time), they are the bounds proven so far, Best is the best
	// move found so far (zero if none; with BestProven it achieves at
	// least Lower, else it is the depth stage's choice) and Depth is the
	// depth the iterative deepening before the exact search reached.
	Lower, Upper int
	BestProven   bool
	Depth        int
}

// Solve returns the exact value of p with perfect play and a best move.
//
// Kalah of every size is solved by a dedicated solver: MTD(f) driven by
// iterative deepening, a transposition table, enhanced transposition
// cutoffs, move ordering and an endgame database built by retrograde
// analysis (cached on disk under CacheDir). Every other two-player variant,
// and positions under Kalah's pie rule until the swap is no longer
// possible, go through the engine's rules with the same MTD(f) search,
// after iterative deepening of the heuristic search (to guessDepth plies,
// or guessNodes positions) for its first guess and move ordering.
// Oware's third-repetition rule is applied along each searched line,
// counting opts.History; values that depend on the line are not stored in
// the table, though one stored from another line may still miss a
// repetition only this line would reach (the graph-history interaction that
// most solvers accept). In variants without a repetition rule a line that
// returns to a position is scored as if the game stopped there with each
// side taking the seeds on its side.
//
// Errors: ErrGameOver for a finished game, ErrSolitaire for a solitaire,
// ErrPlayers for more than two players, ErrTooLarge when opts.MaxNodes runs
// out, context.DeadlineExceeded when opts.Time does, and ctx's error when
// it is cancelled or its deadline passes. After the last three, the Result
// holds what the solve had found (see Result.Lower).
func Solve(ctx context.Context, p engine.Position, opts SolveOptions) (Result, error) {
	if err := checkSearchable(p); err != nil {
		return Result{}, err
	}
	t0 := time.Now()
	mem := uint64(opts.MemoryMB)
	if mem == 0 {
		mem = DefaultMemoryMB
	}
	mem <<= 20
	ttBytes := min(mem/4, maxTableBytes)
	tr := newTracker(opts.Progress, t0, p.Seeds())
	if n, ec, _, ok := kalah.Params(p.Rules()); ok {
		return solveKalah(ctx, p, opts, kalah.GeomFor(n, ec), ttBytes, mem-ttBytes, t0, tr)
	}
	if opts.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.Time)
		defer cancel()
	}
	s := generic.New(ctx, p.Rules(), generic.Options{TableBytes: ttBytes, History: opts.History, Nodes: opts.MaxNodes, Tracker: tr})
	v, best, solved := s.Solve(p)
	res := Result{Value: v, Best: best, Nodes: s.Nodes(), Elapsed: time.Since(t0), DBSeeds: -1}
	if !solved {
		res.partial(tr)
		_, err := s.Stopped()
		return res, err
	}
	res.Lower, res.Upper, res.BestProven, res.Depth = v, v, true, tr.snapshot().Depth
	return res, nil
}

// partial fills what a stopped solve knows from its tracker.
func (res *Result) partial(tr *tracker) {
	p := tr.snapshot()
	res.Value = 0
	res.Lower, res.Upper, res.Depth = p.Lower, p.Upper, p.Depth
	res.Best, res.BestProven = p.Best, p.BestProven
}

// kttPool keeps Kalah tables between solves, by geometry, to save
// allocating them again (they are cleared before reuse).
var kttPool struct {
	sync.Mutex
	m map[*kalah.Geom][]*kalah.TT
}

// getKTT returns a cleared table (a solve must not depend on the ones
// before it: same position, same move).
func getKTT(g *kalah.Geom, bytes uint64) *kalah.TT {
	kttPool.Lock()
	l := kttPool.m[g]
	for i := len(l) - 1; i >= 0; i-- {
		if t := l[i]; uint64(len(t.Buckets))*64 <= bytes && uint64(len(t.Buckets))*128 > bytes {
			kttPool.m[g] = append(l[:i], l[i+1:]...)
			kttPool.Unlock()
			t.Clear()
			return t
		}
	}
	kttPool.Unlock()
	return kalah.NewTT(bytes)
}

func putKTT(g *kalah.Geom, t *kalah.TT) {
	kttPool.Lock()
	defer kttPool.Unlock()
	if kttPool.m == nil {
		kttPool.m = map[*kalah.Geom][]*kalah.TT{}
	}
	if len(kttPool.m[g]) < 2 {
		kttPool.m[g] = append(kttPool.m[g], t)
	}
}

func solveKalah(ctx context.Context, p engine.Position, opts SolveOptions, g *kalah.Geom, ttBytes, dbBudget uint64, t0 time.Time, tr *tracker) (Result, error) {
	res := Result{DBSeeds: -1}
	k := opts.DBSeeds
	if k == 0 {
		k = DefaultDBSeeds
	}
	k = min(k, kalah.MaxDBSeeds(g.N, dbBudget))
	dir := opts.CacheDir
	if dir == "" {
		dir = CacheDir()
	} else if dir == "-" {
		dir = ""
	}
	// A board with no more seeds than the database holds is answered by
	// any database that holds its seeds: one already loaded, else a small
	// one (at least 12 seeds, quick to build), not the largest allowed.
	if seeds := p.PitSeeds(engine.South) + p.PitSeeds(engine.North); seeds <= k {
		if j := kalah.LoadedDB(g, seeds, k, dir); j > 0 {
			k = j
		} else {
			k = max(seeds, min(k, 12))
		}
	}
	if capBytes := uint64(opts.MaxBuildMB) << 20; opts.MaxBuildMB > 0 && k >= 1 && kalah.DBBytes(g.N, k) > capBytes && !dbCached(g, k, dir) {
		res.DBWanted, res.DBWantedBytes = k, kalah.DBBytes(g.N, k)
		j := kalah.MaxDBSeeds(g.N, capBytes)
		for c := k - 1; c > j; c-- {
			if dbCached(g, c, dir) {
				j = c
				break
			}
		}
		k = j
	}
	var db *kalah.DB
	if k >= 1 {
		td := time.Now()
		var err error
		db, res.DBBuilt, err = kalah.GetDBFn(ctx, g, k, dir, func(done int) { tr.dbLevel(done, k) })
		res.DBTime = time.Since(td)
		if err != nil {
			res.Elapsed = time.Since(t0)
			res.partial(tr)
			return res, err
		}
		res.DBSeeds = k
	}
	if opts.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.Time)
		defer cancel()
	}
	tt := getKTT(g, ttBytes)
	defer putKTT(g, tt)
	s := kalah.NewSolver(g, tt, db)
	s.Ctx, s.Limit, s.Threads = ctx, opts.MaxNodes, max(opts.Threads, 1)
	s.Tr = tr
	ps := &pieSolver{s: s}
	// Bounds and moves of the Kalah solver are the root's only when no
	// pie-rule choice comes first.
	tr.root = !p.SwapPending()
	if tr.root {
		tr.offset = kalah.ViewOf(&p).Margin
	}
	v, best := ps.value(p)
	res.Value, res.Best, res.Nodes = v, best, s.Nodes.Load()
	res.Elapsed = time.Since(t0)
	if s.Stopped() {
		res.partial(tr)
		return res, s.ErrStop
	}
	res.Lower, res.Upper, res.BestProven, res.Depth = v, v, true, tr.snapshot().Depth
	return res, nil
}

// pieSolver solves Kalah positions in which the pie rule's swap is still to
// come: it walks the engine's positions until the swap is gone and hands
// every position after that to the Kalah solver (package kalah).
type pieSolver struct {
	s *kalah.Solver
}

func (ps *pieSolver) value(p engine.Position) (int, engine.Move) {
	if p.Status() != engine.Ongoing {
		me := p.ToMove()
		return p.Store(me) - p.Store(1-me), engine.Move{}
	}
	if !p.SwapPending() {
		v := kalah.ViewOf(&p)
		val, pit := ps.s.Solve(v.B)
		return v.Margin + val, engine.Move{Pit: uint8(pit)}
	}
	best, bestMove := -1<<30, engine.Move{}
	for _, m := range p.Moves() {
		q, err := p.Play(m)
		if err != nil {
			continue
		}
		cv, _ := ps.value(q)
		if ps.s.Stopped() {
			return 0, engine.Move{}
		}
		if q.ToMove() != p.ToMove() || m.Kind == engine.Swap {
			cv = -cv
		}
		if cv > best {
			best, bestMove = cv, m
		}
	}
	return best, bestMove
}
