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
//   - Perfect plays a move of the exact solution when the position is small
//     enough for the solver to answer within its budget (Kalah with at
//     most 36 seeds left in the pits, with the 16-seed endgame database;
//     the other games with at most 10), and Expert's move otherwise.
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

// The exact solver's part in Perfect: it is tried on positions with at
// most gate seeds in the pits, for at most budget nodes.
const (
	perfectKalahGate   = 36
	perfectKalahBudget = 3_000_000
	perfectOtherGate   = 10
	perfectOtherBudget = 1_000_000
	// PerfectDBSeeds is the Kalah endgame database Perfect uses (30 MB for
	// six pits, built on first use in about ten seconds; see Prepare).
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

// Move returns the level's move in the game's current position. It uses
// the game's history for the repetition rule. Errors: ErrGameOver when the
// game is over, ErrPlayers for more than two players, an error for an
// unknown level, and ctx's error when ctx ends before any move is chosen
// (a search cut short by ctx otherwise returns the best move so far).
func (l Level) Move(ctx context.Context, g *engine.Game, seed int64) (engine.Move, error) {
	ps := g.Positions()
	return l.MoveFrom(ctx, ps[len(ps)-1], ps[:len(ps)-1], seed)
}

// MoveFrom is Move for a position and the positions played before it
// (oldest first; nil for none).
func (l Level) MoveFrom(ctx context.Context, p engine.Position, history []engine.Position, seed int64) (engine.Move, error) {
	if l < Beginner || l > Perfect {
		return engine.Move{}, fmt.Errorf("unknown level %d", int(l))
	}
	if p.Rules() != nil && p.Rules().Layout().Sides == 1 {
		return l.solitaireMove(ctx, p, seed)
	}
	if err := checkSearchable(p); err != nil {
		return engine.Move{}, err
	}
	moves := p.Moves()
	if len(moves) == 1 {
		return moves[0], nil
	}
	ctx, cancel := context.WithTimeout(ctx, MaxThink)
	defer cancel()
	spec := levelSpecs[l]
	if spec.solve {
		gate, budget := perfectOtherGate, uint64(perfectOtherBudget)
		if _, _, _, ok := kalahParams(p.Rules()); ok {
			gate, budget = perfectKalahGate, perfectKalahBudget
		}
		if p.PitSeeds(engine.South)+p.PitSeeds(engine.North) <= gate {
			res, err := Solve(ctx, p, SolveOptions{MaxNodes: budget, DBSeeds: PerfectDBSeeds, History: history, MemoryMB: 256})
			if err == nil {
				return res.Best, nil
			}
			if !errors.Is(err, ErrTooLarge) && !errors.Is(err, context.DeadlineExceeded) {
				return engine.Move{}, err
			}
			if ctx.Err() != nil {
				// The solver used the time: answer at once.
				return analyzeMove(context.Background(), p, history, 20_000)
			}
		}
	}
	if spec.nodes > 0 {
		return analyzeMove(ctx, p, history, spec.nodes)
	}
	scores, _ := scoreMoves(ctx, p, history, spec.depth, 0)
	if len(scores) == 0 {
		if err := ctx.Err(); err != nil {
			return engine.Move{}, err
		}
		return moves[0], nil
	}
	return pickNoisy(scores, spec, rngFor(p, seed)), nil
}

// Prepare loads, or builds and caches on disk, what Perfect needs for the
// rules r (the Kalah endgame database), so that the bot's first Perfect
// move does not wait for it. It does nothing for other games, and returns
// ctx's error if cancelled.
func Prepare(ctx context.Context, r engine.Rules) error {
	n, ec, _, ok := kalahParams(r)
	if !ok {
		return nil
	}
	k := min(PerfectDBSeeds, maxDBSeeds(n, (256<<20)-(64<<20)))
	_, _, err := getKalahDB(ctx, geomFor(n, ec), k, CacheDir())
	return err
}

func analyzeMove(ctx context.Context, p engine.Position, history []engine.Position, nodes uint64) (engine.Move, error) {
	a, err := Analyze(ctx, p, Limits{Nodes: nodes, History: history, TableMB: 16})
	if err != nil {
		return engine.Move{}, err
	}
	return a.Best, nil
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
	t := newAuxTracker(p.Rules())
	k := t.key(&p, t.initial(p))
	return rand.New(rand.NewPCG(uint64(seed)^k.a, k.b^uint64(p.Ply())))
}

// solitaireMove: every level follows a solution when there is one; without
// one, the higher levels play the move that keeps the game going longest
// and the lower ones any move that does not end it at once.
func (l Level) solitaireMove(ctx context.Context, p engine.Position, seed int64) (engine.Move, error) {
	if p.Status() != engine.Ongoing {
		return engine.Move{}, ErrGameOver
	}
	ctx, cancel := context.WithTimeout(ctx, MaxThink)
	defer cancel()
	if res, err := SolveSolitaire(ctx, p, false); err == nil && res.Solvable && len(res.Solution) > 0 {
		return engine.Move{Pit: uint8(res.Solution[0])}, nil
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
	return alive[rngFor(p, seed).IntN(len(alive))], nil
}
