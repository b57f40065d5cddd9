package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/kalah"
	"github.com/mancala-bot/mancala/search/internal/oware"
)

// Level is a strength of the bot's play.
//
//   - Beginner looks two plies ahead and picks at random among the moves
//     that are not clearly bad, favouring the better ones: it misses what
//     a beginner misses, but never leaves a big capture on the table nor
//     hands one over at once (no move more than 2.5 seeds worse than the
//     best it sees).
//   - Easy looks three plies ahead, with less randomness and a tighter
//     limit (1.5 seeds).
//   - Medium looks five plies ahead and varies only among moves within
//     half a seed of the best.
//   - Hard searches 40 000 positions (a few hundredths of a second) and
//     plays the best move it finds.
//   - Expert searches 1 500 000 positions (well under MaxThink on this
//     project's machines), stopping at MaxThink if the machine is slow.
//     Hard and Expert play exactly where that is cheap: a Kalah board with
//     at most PerfectDBSeeds seeds in the pits whose endgame database is in
//     memory, and positions their search solves (see Choose).
//   - Perfect plays a move of the exact solution when it has one within
//     its budget, and Expert's move otherwise. In Kalah (no pie-rule swap
//     pending) it reads its opening book first (BuildKalahBook, "mancala
//     book kalah"), then solves from the current position, whatever the
//     seeds left, with the largest endgame database in the cache (the
//     book's; else up to DefaultDBSeeds found on disk; else the 16-seed
//     one, PerfectDBSeeds, built on first use) for at most 3 million
//     positions and 60% of MaxThink, leaving the rest to Expert's search
//     when the solve does not finish. With the 22-seed database Kalah(6,4)
//     solves within that from about the fourth ply on, with the 16-seed one
//     from about the tenth; the book covers the plies before. The other
//     games: positions with at most 10 seeds in the pits, and Oware
//     without cross-sowing from the endgame database of its grand-slam
//     rule, every board of at most OwareDBSeeds seeds whose value is exact
//     there (about a third of the 12-seed boards, the others can cycle)
//     while the game's history leaves the database's lines alone
//     (oware.TrustedAfter). ExactFromStart tells where
//     that is every move of the game; in Oware (ExactInEndgames) the bot
//     offers it under a name that says it is exact in solved endgames
//     only; elsewhere the name is kept for games created with it, and
//     plays as described (Expert until the end is near).
//
// Beginner, Easy and Medium vary their moves; the variation is drawn from
// the seed and the position, so the same position, level and seed always
// give the same move. Hard, Expert and Perfect do not vary: their move
// depends on the position (and, for Oware, the game's history) alone, as
// long as the MaxThink safety stop does not cut in.
type Level int

// The levels, weakest first.
const (
	Beginner Level = iota + 1
	Easy
	Medium
	Hard
	Expert
	Perfect
)

// MaxThink is the longest any level thinks about a move (it also honours
// the context's deadline).
const MaxThink = 2 * time.Second

var levelNames = [...]string{"", "beginner", "easy", "medium", "hard", "expert", "perfect"}

// Levels returns every level, weakest first.
func Levels() []Level { return []Level{Beginner, Easy, Medium, Hard, Expert, Perfect} }

// String returns the level's name ("beginner", ...).
func (l Level) String() string {
	if l >= Beginner && l <= Perfect {
		return levelNames[l]
	}
	return fmt.Sprintf("level%d", int(l))
}

// ParseLevel reads a level's name (case-insensitive) or its number 1..6.
// The error lists the names.
func ParseLevel(s string) (Level, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for i, n := range levelNames {
		if i > 0 && (t == n || t == fmt.Sprint(i)) {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("unknown level %q (known: %s)", s, strings.Join(levelNames[1:], ", "))
}

// levelSpec is what a level does.
type levelSpec struct {
	depth  int     // noisy levels: the depth every move is scored at
	cutoff float64 // noisy levels: moves this many seeds below the best are never played
	temp   float64 // noisy levels: the softmax temperature, in seeds
	nodes  uint64  // searching levels: the node budget
	solve  bool    // Perfect: try the exact solver first
}

// The exact solver's part in Perfect: in Kalah it is tried on every
// position for perfectKalahBudget nodes (see perfectKalahMove; under the
// pie rule's pending swap, on positions with at most perfectKalahGate
// seeds in the pits), in the other games on positions with at most
// perfectOtherGate seeds for perfectOtherBudget nodes.
const (
	perfectKalahGate   = 36
	perfectKalahBudget = 3_000_000
	perfectOtherGate   = 10
	perfectOtherBudget = 1_000_000
	// PerfectDBSeeds is the Kalah endgame database Perfect uses when no
	// larger one is in the cache (30 MB for six pits, built on first use
	// in about ten seconds; see Prepare).
	PerfectDBSeeds = 16
)

var levelSpecs = [...]levelSpec{
	Beginner: {depth: 1, cutoff: 3, temp: 1.5},
	Easy:     {depth: 2, cutoff: 1, temp: 0.35},
	Medium:   {depth: 5, cutoff: 0.3, temp: 0.1},
	Hard:     {nodes: 40_000},
	Expert:   {nodes: 1_500_000},
	Perfect:  {nodes: 1_500_000, solve: true},
}

// unbudgetedKey marks a context made by WithoutNodeBudget.
type unbudgetedKey struct{}

// WithoutNodeBudget returns a copy of ctx under which the searching levels
// (Hard, Expert, and Perfect where it searches) search past their node
// budget until ctx ends or MaxThink has passed: given a deadline a move,
// the level then uses all of it. A match at equal time per move against
// another program uses it (mancala match --movetime D --no-budget). Moves
// chosen so depend on the machine's speed and load, unlike the levels'
// usual ones.
func WithoutNodeBudget(ctx context.Context) context.Context {
	return context.WithValue(ctx, unbudgetedKey{}, true)
}

// nodeBudget is the node budget of a searching level's spec under ctx:
// spec.nodes, or no limit (the largest count) under WithoutNodeBudget.
func nodeBudget(ctx context.Context, spec levelSpec) uint64 {
	if ctx.Value(unbudgetedKey{}) != nil {
		return math.MaxUint64
	}
	return spec.nodes
}

// Decision is a level's move and what the level knows of it.
type Decision struct {
	Move engine.Move
	// Exact reports that Value is proven by an exact search (the Kalah
	// or Oware endgame database, Perfect's Kalah opening book, or the
	// solver finishing within its budget) and that Move achieves it. Value is then the final store
	// margin the side to move gets with best play by both sides from the
	// position before Move (positive: it wins by that many). From the
	// Oware database the margin counts play to the end of the board: the
	// majority rule may end the game sooner, with the same winner and a
	// smaller margin. For a solitaire, Exact means
	// that Move starts a sequence that clears the board, and Value is 0.
	Exact bool
	Value int
	// ToBoardEnd reports that Value is an Oware database margin, counted
	// to the end of the board: its sign (who wins) is exact, its size is
	// not the game's own final margin.
	ToBoardEnd bool
}

// Move returns the level's move in the game's current position. It uses
// the game's history for the repetition rule. Errors: ErrGameOver when the
// game is over, ErrPlayers for more than two players, an error for an
// unknown level, and ctx's error when ctx ends before any move is chosen
// (a search cut short by ctx otherwise returns the best move so far).
func (l Level) Move(ctx context.Context, g *engine.Game, seed int64) (engine.Move, error) {
	d, err := l.Choose(ctx, g, seed)
	return d.Move, err
}

// MoveFrom is Move for a position and the positions played before it
// (oldest first; nil for none).
func (l Level) MoveFrom(ctx context.Context, p engine.Position, history []engine.Position, seed int64) (engine.Move, error) {
	d, err := l.ChooseFrom(ctx, p, history, seed)
	return d.Move, err
}

// Choose is Move with what is known of the move: whether it comes from an
// exact result, and its value then. Beginner, Easy and Medium never claim
// an exact value (their moves vary on purpose). Hard and Expert do when
// the position is answered exactly: a Kalah board with at most
// PerfectDBSeeds seeds in the pits while an endgame database holding it is
// in memory (Prepare, or a Perfect game, loads one), or a search that
// reaches the end of every line, confirmed by the solver. Perfect does when
// its solver answers (see Level and ExactFromStart).
func (l Level) Choose(ctx context.Context, g *engine.Game, seed int64) (Decision, error) {
	ps := g.Positions()
	return l.ChooseFrom(ctx, ps[len(ps)-1], ps[:len(ps)-1], seed)
}

// ChooseFrom is Choose for a position and the positions played before it
// (oldest first; nil for none).
//
// In Oware, on a board within Perfect's endgame database whose value is
// not exact there (play can cycle), Perfect's answer is checked against
// the database's bounds: it is never Exact (the generic solver's value
// can miss a repetition), and a move that does not secure the board's
// proven lower bound is replaced by one that does.
func (l Level) ChooseFrom(ctx context.Context, p engine.Position, history []engine.Position, seed int64) (Decision, error) {
	d, err := l.chooseFrom(ctx, p, history, seed)
	if err != nil || l != Perfect {
		return d, err
	}
	slam, ok := oware.Params(p.Rules())
	if !ok {
		return d, nil
	}
	db := oware.LoadedDBNoWait(slam, owareSeeds(slam), CacheDir())
	if db == nil || p.PitSeeds(engine.South)+p.PitSeeds(engine.North) > db.MaxSeeds {
		return d, nil
	}
	b, _ := oware.BoardOf(&p)
	lo, hi := db.Bounds(b)
	if lo == hi {
		return d, nil
	}
	d.Exact, d.Value = false, 0
	if i := int(d.Move.Pit) - 1; i >= 0 && i < 6 && db.Moves(b)&(1<<i) != 0 {
		c, g := db.Play(b, i)
		if _, chi := db.Bounds(c); g-chi >= lo {
			return d, nil
		}
	}
	if pit, ok := db.BestMove(b); ok {
		d.Move = engine.Move{Kind: engine.Sow, Pit: uint8(pit + 1)}
	}
	return d, nil
}

func (l Level) chooseFrom(ctx context.Context, p engine.Position, history []engine.Position, seed int64) (Decision, error) {
	if l < Beginner || l > Perfect {
		return Decision{}, fmt.Errorf("unknown level %d", int(l))
	}
	if p.Rules() != nil && p.Rules().Layout().Sides == 1 {
		return l.solitaireMove(ctx, p, seed)
	}
	if p.Rules() != nil && p.Rules().Layout().Sides > 2 {
		return l.paranoidMove(ctx, p, seed)
	}
	if err := checkSearchable(p); err != nil {
		return Decision{}, err
	}
	spec := levelSpecs[l]
	if spec.nodes > 0 {
		// The database answers at once, a forced move too.
		if d, ok := endgameLookup(p, spec.solve); ok {
			return d, nil
		}
	}
	moves := p.Moves()
	_, _, _, kalah := kalah.Params(p.Rules())
	// Perfect proves a forced move's value too in Kalah (the move lines say
	// whether the bot plays perfectly).
	if len(moves) == 1 && !(spec.solve && kalah && !p.SwapPending()) {
		return Decision{Move: moves[0]}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, MaxThink)
	defer cancel()
	if spec.solve {
		if g, k, ok := wholeGameDB(p.Rules()); ok && awaitDB(ctx, g, k) == nil {
			if d, ok := endgameLookup(p, true); ok {
				return d, nil
			}
			// Before the pie rule's choice: a few lookups through the solver.
			res, err := Solve(ctx, p, SolveOptions{DBSeeds: k, History: history, MemoryMB: 256})
			if err == nil {
				return Decision{Move: res.Best, Exact: true, Value: res.Value}, nil
			}
		}
		if slam, ok := oware.Params(p.Rules()); ok && p.PitSeeds(engine.South)+p.PitSeeds(engine.North) <= owareSeeds(slam) {
			if db, err := awaitOwareDB(ctx, slam); err == nil {
				if d, ok := owareLookup(db, p, history); ok {
					return d, nil
				}
			}
		}
		if kalah && !p.SwapPending() {
			return perfectKalahMove(ctx, p, history)
		}
		gate, budget := perfectOtherGate, uint64(perfectOtherBudget)
		g, k, kalah := perfectDB(p.Rules())
		if kalah {
			gate, budget = perfectKalahGate, perfectKalahBudget
		}
		if seeds := p.PitSeeds(engine.South) + p.PitSeeds(engine.North); seeds <= gate && solverProves(p.Rules()) {
			// The database first; its build goes on if the time runs out,
			// for the moves to come. (Up to 12 seeds Solve takes a small
			// database, quick to build.)
			if kalah && seeds > 12 && awaitDB(ctx, g, k) != nil {
				return analyzeMove(context.Background(), p, history, 20_000)
			}
			res, err := Solve(ctx, p, SolveOptions{MaxNodes: budget, DBSeeds: PerfectDBSeeds, History: history, MemoryMB: 256})
			if err == nil {
				return Decision{Move: res.Best, Exact: true, Value: res.Value}, nil
			}
			if !errors.Is(err, ErrTooLarge) && !errors.Is(err, context.DeadlineExceeded) {
				return Decision{}, err
			}
			if ctx.Err() != nil {
				// The solver used the time: answer at once.
				return analyzeMove(context.Background(), p, history, 20_000)
			}
		}
	}
	if spec.nodes > 0 {
		return analyzeMove(ctx, p, history, nodeBudget(ctx, spec))
	}
	scores, _ := scoreMoves(ctx, p, history, spec.depth, 0)
	if len(scores) == 0 {
		if err := ctx.Err(); err != nil {
			return Decision{}, err
		}
		return Decision{Move: moves[0]}, nil
	}
	return Decision{Move: pickNoisy(scores, spec, rngFor(p, seed))}, nil
}

// wholeGameDBBoards caps the endgame database that makes Perfect exact
// from the start: one byte a board, so 16 MB, built in about a second on
// one core (Kalah(4,3): 10.5 million boards in 0.6 s) and then read from
// the disk cache.
const wholeGameDBBoards = 16 << 20

// ExactFromStart reports whether Perfect plays exactly, from the start of
// every game under r, within MaxThink. That holds in two cases:
//
//   - r is Kalah (with any capture and pie rule) on a board small enough
//     that every position of the game (every board with at most all its
//     seeds in the pits) is in an endgame database of at most 16 million
//     boards. Each of Perfect's moves is then a lookup in that database,
//     which is built on the first move (about a second; see Prepare) and
//     kept on disk. That holds for Kalah with 1 or 2 pits, 3 pits of up to
//     6 seeds, 4 pits of up to 3, and 5 or 6 pits of 1 seed.
//   - r is Kalah without the pie rule, with the same seeds in every pit
//     (Kalah(6,4) among them), and a complete opening book for it, with
//     the endgame database it was built with, is in the cache directory
//     (see BuildKalahBook, "mancala book kalah"). Perfect's moves are then
//     the book's while the board is in it, and its exact solve from the
//     position after that: the book holds every board Perfect can meet
//     whose solve does not fit in half its budget. Past the book the
//     budget is a count of positions (3 million, about a second on this
//     project's machines, and the book leaves only boards of at most half
//     that): on a machine too slow or too busy to search them within
//     Perfect's share of MaxThink, a move falls back to Expert's, and is
//     not marked Exact.
//
// Elsewhere (Kalah(6,4) without the book, Oware, Togyz Kumalak, Congkak)
// no search here can prove the value of the start within the bot's think
// time: there Perfect plays exactly only where its solve fits in its
// budget (Kalah: from a few plies in with a 22-seed database, about ten
// with the 16-seed one) or an endgame database answers, and Expert's
// moves before.
func ExactFromStart(r engine.Rules) bool {
	if _, _, ok := wholeGameDB(r); ok {
		return true
	}
	return r != nil && bookReady(r)
}

// wholeGameDB returns the database that holds every position of a game
// under r, if ExactFromStart.
func wholeGameDB(r engine.Rules) (g *kalah.Geom, k int, ok bool) {
	if r == nil {
		return nil, 0, false
	}
	n, ec, _, ok := kalah.Params(r)
	if !ok {
		return nil, 0, false
	}
	k = r.Start().Seeds()
	if k > 40 || kalah.DBSize(n, k) > wholeGameDBBoards {
		return nil, 0, false
	}
	return kalah.GeomFor(n, ec), k, true
}

// awaitDB makes sure the database (g, k) is in memory, building it if need
// be. The build goes on in the background if ctx ends first (it is
// bounded by wholeGameDBBoards), so that a later move finds it.
func awaitDB(ctx context.Context, g *kalah.Geom, k int) error {
	_, err := awaitKalahDB(ctx, g, k)
	return err
}

// await runs f on a goroutine of its own, with the background context
// (goBackground), and returns its result, or ctx's error if ctx ends
// first; f then goes on, so that its work, a database's load or build,
// serves the calls to come.
func await[T any](ctx context.Context, f func(context.Context) (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	goBackground(func(bctx context.Context) {
		v, err := f(bctx)
		done <- result{v, err}
	})
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}

// awaitOwareDB returns Perfect's Oware database for grand-slam rule slam,
// loading or building it if needed; the build goes on if ctx ends first.
func awaitOwareDB(ctx context.Context, slam oware.Slam) (*oware.DB, error) {
	return await(ctx, func(bctx context.Context) (*oware.DB, error) {
		return oware.GetDB(bctx, slam, owareSeeds(slam), CacheDir())
	})
}

// endgameLookup answers from an endgame database already in memory (it
// never builds or loads one, nor waits for one being built) a Kalah position, after any pie-rule swap,
// with at most PerfectDBSeeds seeds in the pits, or with whole (Perfect)
// any position of a game that ExactFromStart covers.
func endgameLookup(p engine.Position, whole bool) (Decision, bool) {
	n, ec, _, ok := kalah.Params(p.Rules())
	if !ok || p.SwapPending() {
		return Decision{}, false
	}
	seeds := p.PitSeeds(engine.South) + p.PitSeeds(engine.North)
	if seeds > PerfectDBSeeds {
		if _, k, ok := wholeGameDB(p.Rules()); !whole || !ok || seeds > k {
			return Decision{}, false
		}
	}
	g := kalah.GeomFor(n, ec)
	db := kalah.LoadedDBNoWait(g, seeds, 40, CacheDir())
	if db == nil {
		return Decision{}, false
	}
	v := kalah.ViewOf(&p)
	val, pit := kalah.NewSolver(g, nil, db).DBMove(v.B)
	return Decision{Move: engine.Move{Pit: uint8(pit)}, Exact: true, Value: v.Margin + val}, true
}

// Prepare loads, or builds and caches on disk, the Kalah endgame database
// for the rules r that Perfect uses (for the boards ExactFromStart covers,
// the one that holds the whole game; else the largest in the cache, see
// perfectKalahMove) and Hard and Expert look up near the end, or Perfect's
// Oware database (OwarePerfectSeedsFor: r's grand-slam rule), so that the
// bot's first such move does not wait for it. In Oware it also gives Hard,
// Expert and Analyze's search the database to consult at every position
// it covers (they never load it themselves), and under the
// first-recurrence rule (Abapa) it builds the oware.FirstDB they consult
// as well. It does nothing for other games, and returns ctx's error if
// cancelled.
func Prepare(ctx context.Context, r engine.Rules) error {
	if slam, ok := oware.Params(r); ok {
		if r.RepetitionLimit() == 2 {
			if _, err := oware.GetFirst(ctx, slam, owareFirstSeeds); err != nil {
				return err
			}
		}
		_, err := oware.GetDB(ctx, slam, owareSeeds(slam), CacheDir())
		return err
	}
	if g, k, ok := wholeGameDB(r); ok {
		_, _, err := kalah.GetDB(ctx, g, k, CacheDir())
		return err
	}
	if _, _, _, ok := kalah.Params(r); !ok {
		return nil
	}
	g, k := perfectKalahDB(r)
	_, _, err := kalah.GetDB(ctx, g, k, CacheDir())
	return err
}

// perfectDB returns the endgame database Perfect's solver uses under r
// (PerfectDBSeeds, or fewer if it would not fit the solver's memory), if r
// is Kalah.
func perfectDB(r engine.Rules) (g *kalah.Geom, k int, ok bool) {
	n, ec, _, ok := kalah.Params(r)
	if !ok {
		return nil, 0, false
	}
	return kalah.GeomFor(n, ec), min(PerfectDBSeeds, kalah.MaxDBSeeds(n, (256<<20)-(64<<20))), true
}

// solverProves reports whether Solve's value is a proof under r: not in
// games with a repetition rule (Oware, Ayo, Bao's laps, cross-sowing
// Kalah...), where a value the solver stored from one line can miss a
// repetition that another line reaches (the graph-history interaction Solve
// describes). Measured in Oware: Solve calls a draw the board S 0,0,1,0,1,2
// / N 1,0,1,0,0,2 (stores 20/20, South to move) that North wins by 4, as
// the endgame database and a proof through engine.Game agree. There the
// levels claim no exact value from the solver.
func solverProves(r engine.Rules) bool { return r == nil || r.RepetitionLimit() == 0 }

// confirmBudget bounds the solver's check of a proven analysis: such a
// position's tree is small, and a budget keeps the check cheap anyway.
const confirmBudget = 200_000

// analyzeMove is the searching levels' move. When the search reaches the
// end of every line, the solver confirms the value (and gives the move it
// proves), so that an exact claim never rests on the heuristic search. In
// games where the solver's value is no proof (solverProves), the claim
// comes from Oware's endgame database when it is in memory and answers
// (owareLookup), and is not made otherwise. An Oware position the
// database answers exactly is answered so, unsearched; one it proves a
// win for the line the level has kept to since the last capture, with
// the database's move and no claim (owareStrategyWin).
func analyzeMove(ctx context.Context, p engine.Position, history []engine.Position, nodes uint64) (Decision, error) {
	if db := loadedOwareDB(p.Rules()); db != nil {
		if d, ok := owareLookup(db, p, history); ok && d.Exact {
			return d, nil
		}
		if m, ok := owareStrategyWin(db, p, history); ok {
			return Decision{Move: m}, nil
		}
	}
	a, err := Analyze(ctx, p, Limits{Nodes: nodes, History: history, TableMB: 16})
	if err != nil {
		return Decision{}, err
	}
	if a.Proven && !solverProves(p.Rules()) {
		// The database's answer where it has one; else no claim.
		if d, ok := owareLookup(loadedOwareDB(p.Rules()), p, history); ok {
			return d, nil
		}
		return Decision{Move: a.Best}, nil
	}
	if a.Proven {
		res, err := Solve(ctx, p, SolveOptions{MaxNodes: confirmBudget, DBSeeds: -1, CacheDir: "-", History: history, MemoryMB: 16})
		if err == nil {
			return Decision{Move: res.Best, Exact: true, Value: res.Value}, nil
		}
	}
	return Decision{Move: a.Best}, nil
}

// pickNoisy draws a move: those within spec.cutoff of the best, weighted
// by exp((score - best) / temp).
func pickNoisy(scores []MoveScore, spec levelSpec, rng *rand.Rand) engine.Move {
	best := math.Inf(-1)
	for _, s := range scores {
		best = max(best, s.Score)
	}
	var w []float64
	var sum float64
	for _, s := range scores {
		x := 0.0
		if s.Score >= best-spec.cutoff-1e-9 {
			x = math.Exp((s.Score - best) / spec.temp)
		}
		w = append(w, x)
		sum += x
	}
	r := rng.Float64() * sum
	for i, x := range w {
		if r < x {
			return scores[i].Move
		}
		r -= x
	}
	for i := len(w) - 1; i >= 0; i-- {
		if w[i] > 0 {
			return scores[i].Move
		}
	}
	return scores[0].Move
}

// rngFor seeds a generator from the seed and the position, so that a level
// varies between positions and seeds but repeats itself on both.
func rngFor(p engine.Position, seed int64) *rand.Rand {
	k := p.Key()
	return rand.New(rand.NewPCG(uint64(seed)^k.A, k.B^uint64(p.Ply())))
}

// solitaireMove: every level follows a solution when there is one; without
// one, the higher levels play the move that keeps the game going longest
// and the lower ones any move that does not end it at once.
func (l Level) solitaireMove(ctx context.Context, p engine.Position, seed int64) (Decision, error) {
	if p.Status() != engine.Ongoing {
		return Decision{}, ErrGameOver
	}
	ctx, cancel := context.WithTimeout(ctx, MaxThink)
	defer cancel()
	if res, err := SolveSolitaire(ctx, p, false); err == nil && res.Solvable && len(res.Solution) > 0 {
		return Decision{Move: engine.Move{Pit: uint8(res.Solution[0])}, Exact: true}, nil
	}
	moves := p.Moves()
	var alive []engine.Move
	for _, m := range moves {
		if q, err := p.Play(m); err == nil && q.Status() != engine.Failed {
			alive = append(alive, m)
		}
	}
	if len(alive) == 0 {
		alive = moves
	}
	return Decision{Move: alive[rngFor(p, seed).IntN(len(alive))]}, nil
}
