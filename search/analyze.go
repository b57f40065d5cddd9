package search

import (
	"context"
	"errors"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/generic"
	"github.com/mancala-bot/mancala/search/internal/kalah"
)

// Limits bound an analysis. The search stops at the first limit reached;
// with none set it thinks for DefaultAnalyzeTime. Depth and Nodes give the
// same result on every run and machine; Time and a context deadline do not
// (a search stopped by them keeps its last completed depth, and a better
// root move the stopped iteration found).
type Limits struct {
	// Depth is the deepest iteration, in plies (an extra turn is a ply).
	Depth int
	// Nodes stops the search once it has visited this many positions; of
	// the iteration it interrupts only a root move searched to the end
	// that beats the previous iteration's best is kept (see
	// Analysis.Partial). Depth 1 always completes (unless
	// Time or the context stop it), so a budget smaller than depth 1 needs
	// still gives a searched move; depth 1 is bounded (quiescence follows
	// at most quiesceWidth moves to a depth of 8).
	Nodes uint64
	// Time stops the search after this long.
	Time time.Duration
	// History lists the positions played before this one, oldest first,
	// for the repetition rule (Oware); nil is an empty history.
	History []engine.Position
	// TableMB is the transposition table's size (0: 16 MB).
	TableMB int
}

// DefaultAnalyzeTime is the thinking time of an analysis given no limit.
const DefaultAnalyzeTime = 2 * time.Second

// MoveScore is one root move and its score at the last completed depth, in
// seeds for the side to move.
type MoveScore struct {
	Move  engine.Move
	Score float64
}

// Analysis is the result of Analyze.
type Analysis struct {
	// Best is the move the search prefers.
	Best engine.Move
	// Score is its evaluation in seeds for the side to move: the final
	// store margin it expects (positive: the side to move wins by that).
	Score float64
	// Proven is true when Score is the exact value with perfect play (the
	// search reached the end of every line).
	Proven bool
	// PV is the principal variation, starting with Best.
	PV []engine.Move
	// Depth is the last completed iteration's depth in plies.
	Depth int
	// Partial reports that Best, Score and PV come from the iteration a
	// limit stopped after Depth: a root move it searched to the end beat
	// the last completed iteration's best (PV is that move and what the
	// table holds after it).
	Partial bool
	// Nodes counts the positions visited; Elapsed is the time taken.
	Nodes   uint64
	Elapsed time.Duration
}

// NodesPerSecond is Nodes divided by Elapsed.
func (a Analysis) NodesPerSecond() float64 {
	return float64(a.Nodes) / max(a.Elapsed.Seconds(), 1e-9)
}

// Errors returned by the package.
var (
	// ErrGameOver: the position is finished; there is nothing to search.
	ErrGameOver = errors.New("the game is over")
	// ErrSolitaire: a two-player search was asked of a solitaire (use
	// SolveSolitaire), or SolveSolitaire of a two-player game.
	ErrSolitaire    = errors.New("a solitaire has no opponent: it is solved with SolveSolitaire")
	ErrNotSolitaire = errors.New("not a solitaire")
	// ErrPlayers: the variant has more than two players.
	ErrPlayers = errors.New("only two-player games can be searched")
	// ErrTooLarge: the exact solver's node budget ran out.
	ErrTooLarge = kalah.ErrTooLarge
)

// checkSearchable returns the error for a position no two-player search
// can take.
func checkSearchable(p engine.Position) error {
	if p.Rules() == nil {
		return errors.New("no position")
	}
	switch n := p.Rules().Layout().Sides; {
	case n == 1:
		return ErrSolitaire
	case n > 2:
		return ErrPlayers
	}
	if p.Status() != engine.Ongoing {
		return ErrGameOver
	}
	return nil
}

// Analyze searches p by iterative deepening within lim and returns the best
// move, its evaluation and the principal variation. It returns ErrGameOver,
// ErrSolitaire or ErrPlayers for positions it cannot search, and ctx's
// error only when ctx ends before depth 1 is complete; otherwise a search
// cut short by ctx returns its last completed depth. A game of more than two
// seats (Ruma) is searched as analyzeParanoid says. In Oware, the endgame
// database for p's rules, when it is in memory, answers every position of
// the search it covers (generic.Oracle): a line ends there with the
// database's value, counted to the end of the board, where the game's
// history cannot make the repetition rule change it; at the horizon its
// bounds hold the evaluation in, proven or not.
func Analyze(ctx context.Context, p engine.Position, lim Limits) (Analysis, error) {
	if p.Rules() != nil && p.Rules().Layout().Sides > 2 {
		return analyzeParanoid(ctx, p, lim)
	}
	if err := checkSearchable(p); err != nil {
		return Analysis{}, err
	}
	t0 := time.Now()
	tb := uint64(16 << 20)
	if lim.TableMB > 0 {
		tb = uint64(lim.TableMB) << 20
	}
	o := generic.Options{TableBytes: tb, Pooled: true, History: lim.History, Oracle: oracleFor(p)}
	if lim.Time > 0 {
		o.Deadline = t0.Add(lim.Time)
	} else if lim.Depth == 0 && lim.Nodes == 0 {
		o.Deadline = t0.Add(DefaultAnalyzeTime)
	}
	s := generic.New(ctx, p.Rules(), o)
	defer s.Close()
	var res Analysis
	maxDepth := lim.Depth
	if maxDepth <= 0 {
		maxDepth = 200
	}
	for d := 1; d <= maxDepth; d++ {
		if d == 2 {
			s.SetNodeLimit(lim.Nodes)
			if lim.Nodes > 0 && s.Nodes() >= lim.Nodes {
				break
			}
		}
		v, proven := s.Search(p, d)
		if stopped, _ := s.Stopped(); stopped {
			// A root move searched to the end at this depth that beats
			// the last depth's best move, which was searched first, is
			// the better move (its score is this depth's).
			if first, best, score, done := s.Partial(); res.Depth > 0 && done >= 2 && first == res.Best && best != first {
				res.Best, res.Score, res.PV = best, float64(score)/100, []engine.Move{best}
				if q, err := p.Play(best); err == nil && q.Status() == engine.Ongoing {
					res.PV = append(res.PV, s.PV(q, d+7)...)
				}
				res.Partial = true
			}
			break
		}
		res.Depth = d
		res.Score = float64(v) / 100
		res.PV = s.PV(p, d+8)
		res.Proven = proven
		if len(res.PV) > 0 {
			res.Best = res.PV[0]
		}
		if res.Proven {
			break
		}
		// Another iteration takes a few times as long as this one: do not
		// start what the deadline would cut short.
		if !o.Deadline.IsZero() && time.Until(o.Deadline) < time.Since(t0)*2 {
			break
		}
	}
	res.Nodes = s.Nodes()
	res.Elapsed = time.Since(t0)
	if res.Depth == 0 {
		if _, err := s.Stopped(); err != nil && !errors.Is(err, ErrTooLarge) && ctx.Err() != nil {
			return res, err
		}
		// Not even depth 1: take the first legal move.
		moves := p.Moves()
		res.Best = moves[0]
		res.PV = moves[:1]
	}
	if res.Best == (engine.Move{}) {
		res.Best = p.Moves()[0]
		res.PV = []engine.Move{res.Best}
	}
	return res, nil
}

// scoreMoves scores every root move at depth by full-window searches (after
// iterative deepening up to it for the ordering), in seeds for the side to
// move. The node budget lim (0: none) and ctx may stop it early; stopped is
// then true and the scores are those of the last completed depth.
func scoreMoves(ctx context.Context, p engine.Position, hist []engine.Position, depth int, lim uint64) (moves []MoveScore, stopped bool) {
	s := generic.New(ctx, p.Rules(), generic.Options{TableBytes: 4 << 20, Pooled: true, History: hist, Nodes: lim})
	defer s.Close()
	for d := 1; d <= depth; d++ {
		scored, stopped := s.ScoreMoves(p, d)
		if stopped {
			return moves, true
		}
		moves = make([]MoveScore, len(scored))
		for i, m := range scored {
			moves[i] = MoveScore{m.Move, float64(m.Value) / 100}
		}
	}
	return moves, false
}
