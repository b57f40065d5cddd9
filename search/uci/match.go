package uci

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

// MatchOptions configure PlayMatch.
type MatchOptions struct {
	// Command is the engine's program and arguments (no shell).
	Command []string
	// EngineOptions are sent with setoption after the handshake.
	EngineOptions []Option
	// Games is the number of games (rounded up to an even number, so that
	// every opening is played with both colours).
	Games int
	// Seed makes the openings and the level's variation repeatable.
	Seed int64
	// OpeningPlies random legal moves start every pair of games (0: none).
	OpeningPlies int
	// OpeningNodes, if > 0, has each pair's opening judged as a level
	// match judges its own (search.BalancedOpenings): drawn again while a
	// search of that many positions finds one side more than OpeningLead
	// seeds ahead (0: 5% of the seeds, at least 2). At 0 the openings are
	// the random ones, as in the matches measured before it existed.
	OpeningNodes uint64
	OpeningLead  float64
	// Workers is the number of games played at once, each with an engine
	// process of its own (0: 1).
	Workers int
	// LevelTime, if > 0, is the level's deadline for each move (its
	// context's deadline; the level may stop sooner on its own budget).
	LevelTime time.Duration
	// LevelNoBudget, with LevelTime, has the level search until its
	// deadline, past its node budget (search.WithoutNodeBudget): equal
	// time per move for both sides.
	LevelNoBudget bool
	// EngineLimits are the go command's limits for every engine move.
	EngineLimits Limits
	// EngineTimeout is how long the engine may take to answer a go command
	// before it forfeits the game (0: twice its movetime plus 5 s, or 5
	// minutes without a movetime).
	EngineTimeout time.Duration
	// MaxPlies ends a game that runs longer, scored by the stores as
	// they stand and counted in Cut and Ends["max_plies"] (0: 2000).
	MaxPlies int
	// Progress, if set, is called after every game with the tally so far
	// (from one goroutine at a time).
	Progress func(MatchResult)
	// Record, if set, is called after every game with its record (from
	// one goroutine at a time, before Progress), so that games can be
	// studied move by move.
	Record func(GameRecord)
}

// GameRecord is one game of a match as it was played.
type GameRecord struct {
	// Game is the game's number, from 1.
	Game int `json:"game"`
	// LevelSide is the level's seat: "south" (it moved first from the
	// opening) or "north".
	LevelSide string `json:"level_side"`
	// Start is the position after the random opening.
	Start engine.Position `json:"start"`
	// Moves are the moves from Start, in the engine's notation (A–F South's
	// pits 1–6, a–f North's).
	Moves []string `json:"moves"`
	// End is how the game ended (a key of MatchResult.Ends), Margin the
	// level's final margin (> 0 a win) and Stores the final stores,
	// South's then North's.
	End    string `json:"end"`
	Margin int    `json:"margin"`
	Stores [2]int `json:"stores"`
	// FirstRecurrence is the number of moves from Start to the first
	// recurrence of a position since the last capture (where Abapa's rule
	// ends a game), -1 if none came before the end: a game that Abapa's
	// rule itself ended (End "repetition" under repetition=first) has -1.
	FirstRecurrence int `json:"first_recurrence"`
	// Forfeit says why the engine forfeited the game, if it did.
	Forfeit string `json:"forfeit,omitempty"`
}

// Side tallies the games that ended one way, from the level's side.
type Side struct {
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
}

// MatchResult is a match's tally from the level's side, with what was
// measured along the way.
type MatchResult struct {
	search.MatchResult
	// Ends counts the games by how they ended, each with the level's
	// wins, draws and losses: an engine.EndReason's name ("majority",
	// "repetition", "no_moves", ...), "max_plies" for a game stopped at
	// MaxPlies, "forfeit" for a game the engine forfeited.
	Ends map[string]Side
	// Forfeits lists why the engine forfeited each game it forfeited
	// (an illegal move, the process exiting, no answer in time).
	Forfeits []string
	// Disagreements counts the engine answering "no move" (it thought the
	// game over) in a position the referee had not ended, which happens
	// when its repetition rule ends games sooner than ours. The engine is
	// then asked again with the current position alone, no history.
	Disagreements int
	// LevelMoves and EngineMoves count the moves each side chose, and
	// LevelTime and EngineTime the wall time they took (for the engine,
	// from sending the position to reading its move).
	LevelMoves, EngineMoves int
	LevelTime, EngineTime   time.Duration
	// EngineDepths holds the depth the engine last reported for each of
	// its moves that reported one (Aalina reports none for a book move).
	EngineDepths []int
	// FirstRecurrence is the tally had every game ended at the first
	// recurrence of a position (same seeds, same side to move) since the
	// last capture, each side taking the seeds on its side: Abapa's rule,
	// which Aalina plays. A game without a recurrence counts as it ended.
	// While our rules end a game later (at the third occurrence) this is
	// the Abapa result of the games as played; with Abapa's rule it equals
	// the tally. Recurrences counts the games that had one.
	FirstRecurrence search.MatchResult
	Recurrences     int
}

// MedianEngineDepth returns the median of EngineDepths, 0 if empty.
func (r MatchResult) MedianEngineDepth() float64 {
	if len(r.EngineDepths) == 0 {
		return 0
	}
	d := slices.Clone(r.EngineDepths)
	slices.Sort(d)
	n := len(d)
	if n%2 == 1 {
		return float64(d[n/2])
	}
	return float64(d[n/2-1]+d[n/2]) / 2
}

// PlayMatch plays level against the engine of opts.Command under rules r
// (Oware only: see CheckRules): game 2i and game 2i+1 start from the same
// random opening, the level playing South in the first and North in the
// second. Each worker starts its own engine process and sends
// "ucinewgame" before every game; the process is restarted after a game
// it forfeited by exiting or by not answering in time.
//
// The referee is an engine.Game under r: the engine forfeits a game (a
// win for the level, listed in Forfeits) when its move is not legal
// there, when its process exits, or when it does not answer within
// EngineTimeout. The tally is returned with ctx's error if ctx ends
// first (the engines are then killed); other errors (the engine cannot
// be started, ErrNotOware, a level's error) end the match.
func PlayMatch(ctx context.Context, r engine.Rules, level search.Level, opts MatchOptions) (MatchResult, error) {
	if err := CheckRules(r); err != nil {
		return MatchResult{}, err
	}
	games := opts.Games + opts.Games%2
	workers := max(opts.Workers, 1)
	opening := func(ctx context.Context, pair int) engine.Position {
		rng := rand.New(rand.NewPCG(uint64(opts.Seed), uint64(pair)))
		return search.RandomOpening(r.Start(), opts.OpeningPlies, rng)
	}
	if opts.OpeningNodes > 0 && opts.OpeningPlies > 0 {
		opening = search.NewBalancedOpenings(r.Start(), opts.OpeningPlies, opts.OpeningNodes, opts.OpeningLead, opts.Seed).Opening
	}
	var (
		mu       sync.Mutex
		res      = MatchResult{Ends: map[string]Side{}}
		firstErr error
		next     int
		wg       sync.WaitGroup
		// pairs and firstPairs pair the games as played and as they
		// would have ended at the first recurrence.
		pairs, firstPairs search.PairTally
	)
	fail := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		mu.Unlock()
	}
	for range min(workers, games) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var eng *Engine
			defer func() {
				if eng != nil {
					eng.Close()
				}
			}()
			for {
				mu.Lock()
				i := next
				next++
				stop := firstErr != nil
				mu.Unlock()
				if i >= games || stop || ctx.Err() != nil {
					return
				}
				if eng == nil {
					var err error
					if eng, err = Start(ctx, opts.Command, opts.EngineOptions); err != nil {
						fail(err)
						return
					}
				}
				start := opening(ctx, i/2)
				if err := ctx.Err(); err != nil {
					fail(err)
					return
				}
				gr, err := playGame(ctx, start, level, eng, i, opts)
				if err != nil {
					fail(err)
					return
				}
				if gr.restart {
					eng.Kill()
					eng = nil
				}
				mu.Lock()
				res.add(gr)
				pairs.Add(&res.MatchResult, i/2, gr.margin)
				firstPairs.Add(&res.FirstRecurrence, i/2, gr.firstMargin())
				if opts.Record != nil {
					opts.Record(gr.record)
				}
				if opts.Progress != nil {
					opts.Progress(res)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return res, firstErr
}

// gameResult is one game's outcome and measurements.
type gameResult struct {
	margin        int // the level's store margin; > 0 a win
	abapaMargin   int // the margin at the first recurrence, if recurred
	recurred      bool
	end           string // see MatchResult.Ends
	forfeit       string // why the engine forfeited, if it did
	restart       bool   // the engine process must be replaced
	disagreements int
	levelMoves    int
	engineMoves   int
	levelTime     time.Duration
	engineTime    time.Duration
	depths        []int
	record        GameRecord
}

// firstMargin is the level's margin had the game ended at its first
// recurrence: abapaMargin if it had one, else margin.
func (gr gameResult) firstMargin() int {
	if gr.recurred {
		return gr.abapaMargin
	}
	return gr.margin
}

// add counts gr in r (its pair is counted by PlayMatch).
func (r *MatchResult) add(gr gameResult) {
	r.Games++
	r.Margin += gr.margin
	s := r.Ends[gr.end]
	switch {
	case gr.margin > 0:
		r.Wins++
		s.Wins++
	case gr.margin < 0:
		r.Losses++
		s.Losses++
	default:
		r.Draws++
		s.Draws++
	}
	r.Ends[gr.end] = s
	if gr.end == "max_plies" {
		r.Cut++
	}
	fr := &r.FirstRecurrence
	m := gr.firstMargin()
	if gr.recurred {
		r.Recurrences++
	}
	fr.Games++
	fr.Margin += m
	switch {
	case m > 0:
		fr.Wins++
	case m < 0:
		fr.Losses++
	default:
		fr.Draws++
	}
	if gr.forfeit != "" {
		r.Forfeits = append(r.Forfeits, gr.forfeit)
	}
	r.Disagreements += gr.disagreements
	r.LevelMoves += gr.levelMoves
	r.EngineMoves += gr.engineMoves
	r.LevelTime += gr.levelTime
	r.EngineTime += gr.engineTime
	r.EngineDepths = append(r.EngineDepths, gr.depths...)
}

// playGame plays game i from start: the level is South in even games.
func playGame(ctx context.Context, start engine.Position, level search.Level, eng *Engine, i int, opts MatchOptions) (gameResult, error) {
	var gr gameResult
	levelSide := engine.Side(i % 2)
	g := engine.NewGame(start)
	maxPlies := opts.MaxPlies
	if maxPlies <= 0 {
		maxPlies = 2000
	}
	timeout := opts.EngineTimeout
	if timeout <= 0 {
		timeout = 5 * time.Minute
		if t := opts.EngineLimits.MoveTime; t > 0 {
			timeout = 2*t + 5*time.Second
		}
	}
	recurredAt := -1
	forfeit := func(why string, restart bool) (gameResult, error) {
		gr.end, gr.forfeit, gr.restart = "forfeit", fmt.Sprintf("game %d, ply %d: %s", i+1, g.Position().Ply(), why), restart
		gr.margin = g.Position().Seeds() // a win for the level whatever the stores say
		gr.record = recordOf(i, levelSide, g, gr, recurredAt)
		return gr, nil
	}
	if err := eng.NewGame(ctx); err != nil {
		if ctx.Err() != nil {
			return gr, ctx.Err()
		}
		return forfeit(err.Error(), true)
	}
	var rec recurrence
	for g.Position().Status() == engine.Ongoing && g.Position().Ply() < maxPlies {
		p := g.Position()
		if !gr.recurred && rec.seen(p) {
			gr.recurred = true
			recurredAt = len(g.Moves())
			gr.abapaMargin = p.Store(levelSide) + p.PitSeeds(levelSide) - p.Store(1-levelSide) - p.PitSeeds(1-levelSide)
		}
		if p.ToMove() == levelSide {
			lctx, cancel := ctx, context.CancelFunc(func() {})
			if opts.LevelTime > 0 {
				lctx, cancel = context.WithTimeout(ctx, opts.LevelTime)
				if opts.LevelNoBudget {
					lctx = search.WithoutNodeBudget(lctx)
				}
			}
			t0 := time.Now()
			m, err := level.Move(lctx, g, opts.Seed^int64(i)<<20^int64(p.Ply()))
			gr.levelTime += time.Since(t0)
			cancel()
			if err != nil {
				if ctx.Err() != nil {
					return gr, ctx.Err()
				}
				return gr, fmt.Errorf("level %s: %w", level, err)
			}
			gr.levelMoves++
			if _, err := g.Play(m); err != nil {
				return gr, errors.Join(fmt.Errorf("level %s played an illegal move", level), err)
			}
			continue
		}
		m, forfeitWhy, restart, err := engineMove(ctx, eng, g, opts.EngineLimits, timeout, &gr)
		if err != nil {
			return gr, err
		}
		if forfeitWhy != "" {
			return forfeit(forfeitWhy, restart)
		}
		if _, err := g.Play(m); err != nil {
			return forfeit(fmt.Sprintf("illegal move %s: %v", mustMoveString(p, m), err), false)
		}
	}
	p := g.Position()
	gr.margin = p.Store(levelSide) - p.Store(1-levelSide)
	if w, ok := p.Status().Winner(); ok && (w == levelSide) != (gr.margin > 0) {
		// A win the stores do not show (not in Oware's rules today): count it.
		gr.margin = p.Seeds()
		if w != levelSide {
			gr.margin = -gr.margin
		}
	}
	gr.end = p.EndReason().String()
	if p.Status() == engine.Ongoing {
		gr.end = "max_plies"
	}
	gr.record = recordOf(i, levelSide, g, gr, recurredAt)
	return gr, nil
}

// recordOf is game i's record: g as played, gr's outcome, the first
// recurrence at ply recurredAt from g's start (-1: none).
func recordOf(i int, levelSide engine.Side, g *engine.Game, gr gameResult, recurredAt int) GameRecord {
	ps, ms := g.Positions(), g.Moves()
	moves := make([]string, len(ms))
	for j, m := range ms {
		moves[j] = mustMoveString(ps[j], m)
	}
	p := g.Position()
	return GameRecord{
		Game: i + 1, LevelSide: levelSide.String(), Start: g.Start(), Moves: moves,
		End: gr.end, Margin: gr.margin, Stores: [2]int{p.Store(engine.South), p.Store(engine.North)},
		FirstRecurrence: recurredAt, Forfeit: gr.forfeit,
	}
}

// recurrence finds the first recurrence of a position since the last
// capture.
type recurrence struct {
	keys   map[engine.Key]bool
	stores int
}

// seen reports whether p occurred before since the last capture, and
// notes it.
func (r *recurrence) seen(p engine.Position) bool {
	if st := p.Store(engine.South) + p.Store(engine.North); r.keys == nil || st != r.stores {
		r.keys, r.stores = map[engine.Key]bool{}, st
	}
	k := p.Key()
	if r.keys[k] {
		return true
	}
	r.keys[k] = true
	return false
}

// engineMove asks the engine for its move in g's position. It returns the
// move, or why the engine forfeits (and whether its process must be
// replaced), or ctx's error when the match is cancelled.
func engineMove(ctx context.Context, eng *Engine, g *engine.Game, lim Limits, timeout time.Duration, gr *gameResult) (m engine.Move, forfeit string, restart bool, err error) {
	p := g.Position()
	args, err := PositionArgs(g)
	if err != nil {
		return m, "", false, err
	}
	for attempt := 0; ; attempt++ {
		ectx, cancel := context.WithTimeout(ctx, timeout)
		t0 := time.Now()
		reply, err := eng.Go(ectx, args, lim)
		gr.engineTime += time.Since(t0)
		cancel()
		switch {
		case ctx.Err() != nil:
			return m, "", false, ctx.Err()
		case errors.Is(err, context.DeadlineExceeded):
			return m, fmt.Sprintf("no move within %v", timeout), true, nil
		case err != nil:
			return m, err.Error(), true, nil
		}
		if reply.Move == "0000" && attempt == 0 {
			// The engine thinks the game is over (its repetition rule):
			// ask again without the history.
			gr.disagreements++
			f, err := FEN(p)
			if err != nil {
				return m, "", false, err
			}
			args = "fen " + f
			continue
		}
		gr.engineMoves++
		if reply.Depth > 0 {
			gr.depths = append(gr.depths, reply.Depth)
		}
		m, err := ParseMove(p, reply.Move)
		if err != nil {
			return m, fmt.Sprintf("illegal move %q: %v", reply.Move, err), false, nil
		}
		return m, "", false, nil
	}
}

// mustMoveString writes m for messages, falling back to Go syntax.
func mustMoveString(p engine.Position, m engine.Move) string {
	if s, err := MoveString(p, m); err == nil {
		return s
	}
	return fmt.Sprintf("%+v", m)
}
