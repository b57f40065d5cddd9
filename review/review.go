package review

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

// ErrSeats is Game's refusal of a game that is not between two seats (a
// table of four, a solitaire).
var ErrSeats = errors.New("review: only games of two seats are reviewed")

// Options configure a review. The zero value uses the defaults.
type Options struct {
	// Depth is the search depth every position is evaluated at, in plies
	// (0: DefaultDepth): each move's score is the mean of its scores at
	// Depth and Depth-1 (see Unsmoothed).
	Depth int
	// ExactSeeds: positions with at most this many seeds left in the pits
	// are solved exactly, move by move, when the solver answers within
	// ExactNodes positions per move (0: DefaultExactSeeds; -1: never).
	ExactSeeds int
	// ExactNodes is the solver's budget for one move (0: DefaultExactNodes).
	ExactNodes uint64
	// Turning is how many turning points to keep at most (0:
	// DefaultTurning).
	Turning int
	// Unsmoothed evaluates each position at Depth alone instead of the
	// mean of Depth and Depth-1 (search.ScoreMovesSmoothed): the graph as
	// it was before the smoothing, kept for the measurements that compare
	// the two (QuietSwing).
	Unsmoothed bool
}

// The defaults of Options.
const (
	DefaultDepth      = 10
	DefaultExactSeeds = 12
	DefaultExactNodes = 200_000
	DefaultTurning    = 3
	// MinLoss is the smallest loss, in seeds, that makes a turning point:
	// below it a move is as good as the best one for a search of this
	// depth.
	MinLoss = 1.0
)

func (o Options) withDefaults() Options {
	if o.Depth <= 0 {
		o.Depth = DefaultDepth
	}
	if o.ExactSeeds == 0 {
		o.ExactSeeds = DefaultExactSeeds
	}
	if o.ExactNodes == 0 {
		o.ExactNodes = DefaultExactNodes
	}
	if o.Turning <= 0 {
		o.Turning = DefaultTurning
	}
	return o
}

// Review is the analysis of a game.
type Review struct {
	// Plies are the game's moves in order.
	Plies []Ply
	// Evals are the evaluations, from South's side, of the start (0) and
	// of the position after each ply (i+1 after Plies[i]); len(Plies)+1 of
	// them. A finished position's is its final margin, exact.
	Evals []Eval
	// Turning are the turning points, the one that changed the balance
	// most first (a loss while far ahead weighs less: see turningPoints).
	Turning []TurningPoint
	// Complete is false when the context ended before every position was
	// searched at the full depth: some Evals are then of a shallower depth,
	// or not Known.
	Complete bool
	// Depth is the search depth the review was asked for (Options.Depth,
	// its default applied).
	Depth int
	// unsolved marks the positions the solver could not answer within its
	// budget, not to be tried again in the next pass.
	unsolved []bool
}

// Eval is one position's evaluation.
type Eval struct {
	// South is the value in seeds for South: the final store margin
	// (South's score minus North's) the search expects with best play;
	// positive is good for South.
	South float64
	// Exact reports that South is proven (the solver, or a finished game).
	Exact bool
	// Known is false for a position the time did not allow to search: South
	// is then the last known value before it (0 at the start).
	Known bool
	// Depth is the depth searched (0 when Exact or not Known).
	Depth int
}

// Ply is one move of the game.
type Ply struct {
	// Before is the position the move was played in; Mover is its side to
	// move, Move the move, Events what it did.
	Before engine.Position
	Mover  engine.Side
	Move   engine.Move
	Events []engine.Event
	// Best is the move the analysis prefers in Before; BestValue and
	// Played are the values of Best and of Move for the mover, in seeds;
	// Loss is BestValue-Played (0 when the position was not scored).
	Best              engine.Move
	BestValue, Played float64
	Loss              float64
	// Scored reports that every move of Before was scored; Exact that the
	// scores are proven.
	Scored, Exact bool
}

// TurningPoint is a move that lost much of the mover's value, compared
// with the best move.
type TurningPoint struct {
	// Index is the ply's index in Review.Plies.
	Index int
	// Played and Better are what the move played and the better one did,
	// as their principal variations tell.
	Played, Better Effect
	// Loss is the value lost, in seeds for the mover: the search's
	// BestValue-Played, not clamped.
	Loss float64
	// MarginPlayed and MarginBest are the final margins (the mover's
	// score minus the opponent's) the search expects after the move played
	// and after the best one, rounded to whole seeds and clamped to what is
	// still possible from the position (see Margins): never a loss larger
	// than the seeds in play. MarginBest > MarginPlayed.
	MarginPlayed, MarginBest int
}

// Effect is what a move did at once, and what followed it on the
// principal variation of the search from the position it led to: the
// opponent's next turn, then the mover's.
type Effect struct {
	Move engine.Move
	// Captured counts the seeds the move took for the mover.
	Captured int
	// ExtraTurn reports that the mover moves again.
	ExtraTurn bool
	// Ends reports that the move ended the game.
	Ends bool
	// Reply is the opponent's first move of its next turn on the principal
	// variation (the zero Move when the game ends first), with whether it
	// earns an extra turn; ReplyCaptured counts the seeds the opponent
	// captures in that whole turn, and ReplyPit is its move that captured
	// the most of them (the zero Move when it captures nothing).
	Reply          engine.Move
	ReplyCaptured  int
	ReplyExtraTurn bool
	ReplyPit       engine.Move
	// NextCaptured counts the seeds the mover captures in its next turn
	// after the opponent's, and NextPit is its move that captured the most
	// of them (the zero Move when none).
	NextCaptured int
	NextPit      engine.Move
}

// Game reviews the game played from start by moves, within ctx: when ctx
// ends (its deadline), the positions not yet searched keep the value of a
// shallower pass, or are marked not Known, and Complete is false. Errors:
// ErrSeats for a game not between two seats, and an error naming the ply
// of a move the engine refuses. The result is the same on every run when
// ctx does not end first.
func Game(ctx context.Context, start engine.Position, moves []engine.Move, o Options) (*Review, error) {
	o = o.withDefaults()
	if start.Rules() == nil || start.Rules().Layout().Sides != 2 {
		return nil, ErrSeats
	}
	g := engine.NewGame(start)
	rv := &Review{Plies: make([]Ply, len(moves)), Depth: o.Depth}
	for i, m := range moves {
		before := g.Position()
		ev, err := g.Play(m)
		if err != nil {
			return nil, fmt.Errorf("review: move %d (%s): %w", i+1, m, err)
		}
		rv.Plies[i] = Ply{Before: before, Mover: before.ToMove(), Move: m, Events: ev}
	}
	positions := g.Positions()
	rv.Evals = make([]Eval, len(positions))
	rv.unsolved = make([]bool, len(positions))
	// The finished end first: it is exact and costs nothing.
	last := positions[len(positions)-1]
	if last.Status().Over() {
		rv.Evals[len(positions)-1] = Eval{South: float64(last.FinalMargin()), Exact: true, Known: true}
	}
	// A shallow pass gives every position a value quickly; deeper ones
	// then replace it as long as the time allows, the moves that lost the
	// most in the pass before first (the candidate turning points), so
	// that a deadline leaves the rest at the shallower depth.
	rv.Complete = true
	order := make([]int, len(positions))
	for i := range order {
		order[i] = i
	}
	for _, depth := range passes(o.Depth) {
		sort.SliceStable(order, func(a, b int) bool { return rv.lossAt(order[a]) > rv.lossAt(order[b]) })
		for _, i := range order {
			if rv.Evals[i].Exact {
				continue
			}
			if ctx.Err() != nil {
				rv.Complete = false
				break
			}
			if err := rv.evaluate(ctx, positions, i, depth, o); err != nil {
				return nil, err
			}
		}
	}
	for i := range rv.Evals { // positions never reached keep the last value
		if !rv.Evals[i].Known && i > 0 {
			rv.Evals[i].South = rv.Evals[i-1].South
		}
	}
	rv.Turning = rv.turningPoints(ctx, positions, o)
	return rv, nil
}

// passes are the depths of the successive passes: 3, 6 and depth (fewer
// when depth is small).
func passes(depth int) []int {
	var out []int
	for _, d := range []int{3, 6} {
		if d < depth {
			out = append(out, d)
		}
	}
	return append(out, depth)
}

// lossAt is the loss of the move played in position i, as scored so far
// (0 for the last position).
func (rv *Review) lossAt(i int) float64 {
	if i < len(rv.Plies) {
		return rv.Plies[i].Loss
	}
	return 0
}

// evaluate scores every move of positions[i] (exactly when cheap, else at
// depth) and records the position's value and, for a played move, its loss.
// A search cut short by ctx leaves the earlier value in place.
func (rv *Review) evaluate(ctx context.Context, positions []engine.Position, i, depth int, o Options) error {
	p := positions[i]
	if p.Status().Over() {
		return nil
	}
	hist := positions[:i]
	var scores []search.MoveScore
	exact := false
	if !rv.unsolved[i] {
		scores, exact = exactScores(ctx, p, hist, o)
		rv.unsolved[i] = !exact
	}
	if !exact {
		var complete bool
		var err error
		score := search.ScoreMovesSmoothed
		if o.Unsmoothed {
			score = search.ScoreMoves
		}
		scores, complete, err = score(ctx, p, hist, depth)
		if err != nil {
			return fmt.Errorf("review: ply %d: %w", i+1, err)
		}
		if !complete || len(scores) == 0 {
			return nil // the time ran out: keep the shallower pass's value
		}
	}
	best := scores[0]
	for _, s := range scores[1:] {
		if s.Score > best.Score {
			best = s
		}
	}
	e := Eval{South: toSouth(p.ToMove(), best.Score), Exact: exact, Known: true}
	if !exact {
		e.Depth = depth
	}
	rv.Evals[i] = e
	if i < len(rv.Plies) {
		pl := &rv.Plies[i]
		for _, s := range scores {
			if s.Move == pl.Move {
				pl.Best, pl.BestValue, pl.Played = best.Move, best.Score, s.Score
				pl.Loss = max(best.Score-s.Score, 0)
				pl.Scored, pl.Exact = true, exact
			}
		}
	}
	return nil
}

// exactScores solves every move of p when p has few enough seeds in its
// pits and the solver answers each within the budget; ok is false
// otherwise.
func exactScores(ctx context.Context, p engine.Position, hist []engine.Position, o Options) (scores []search.MoveScore, ok bool) {
	if o.ExactSeeds < 0 || p.PitSeeds(engine.South)+p.PitSeeds(engine.North) > o.ExactSeeds {
		return nil, false
	}
	mover := p.ToMove()
	h := append(append([]engine.Position(nil), hist...), p)
	for _, m := range p.Moves() {
		c, err := p.Play(m)
		if err != nil {
			return nil, false
		}
		var v int
		if c.Status().Over() {
			v = c.FinalMargin()
			if mover == engine.North {
				v = -v
			}
		} else {
			res, err := search.Solve(ctx, c, search.SolveOptions{MaxNodes: o.ExactNodes, DBSeeds: -1, CacheDir: "-", MemoryMB: 16, History: h})
			if err != nil {
				return nil, false
			}
			v = res.Value
			if c.ToMove() != mover {
				v = -v
			}
		}
		scores = append(scores, search.MoveScore{Move: m, Score: float64(v)})
	}
	return scores, len(scores) > 0
}

// toSouth turns a value for side s into South's.
func toSouth(s engine.Side, v float64) float64 {
	if s == engine.North {
		return -v
	}
	return v
}

// turningPoints picks the plies with the largest losses (at least MinLoss
// seeds), weighed by how much they changed the balance, and works out what
// the played and the better move did.
func (rv *Review) turningPoints(ctx context.Context, positions []engine.Position, o Options) []TurningPoint {
	var idx []int
	for i, pl := range rv.Plies {
		if pl.Scored && pl.Loss >= MinLoss && pl.Best != pl.Move {
			idx = append(idx, i)
		}
	}
	// A loss counts for how much it changed the balance: losing 10 seeds
	// of a 30-seed lead changes less than losing a 4-seed lead. The
	// values are squashed (soft, by tanh) to a quarter of the seeds in
	// play before they are compared.
	scale := math.Max(float64(positions[0].Seeds())/4, 4)
	weight := func(pl Ply) float64 {
		return scale * (math.Tanh(pl.BestValue/scale) - math.Tanh(pl.Played/scale))
	}
	sort.SliceStable(idx, func(a, b int) bool { return weight(rv.Plies[idx[a]]) > weight(rv.Plies[idx[b]]) })
	if len(idx) > o.Turning {
		idx = idx[:o.Turning]
	}
	var out []TurningPoint
	for _, i := range idx {
		pl := rv.Plies[i]
		hist := positions[:i+1]
		mb, mp := Margins(pl.Before, pl.BestValue, pl.Played)
		out = append(out, TurningPoint{
			Index:        i,
			Loss:         pl.Loss,
			MarginPlayed: mp,
			MarginBest:   mb,
			Played:       effect(ctx, pl.Before, pl.Move, hist, o.Depth),
			Better:       effect(ctx, pl.Before, pl.Best, hist, o.Depth),
		})
	}
	return out
}

// effect plays m in p and follows the principal variation of a search of
// depth-1 plies (of 1 ply when ctx has ended) from the position it leads
// to, through the opponent's next turn and the mover's turn after it.
// hist ends with p.
func effect(ctx context.Context, p engine.Position, m engine.Move, hist []engine.Position, depth int) Effect {
	e := Effect{Move: m}
	mover := p.ToMove()
	c, ev, err := p.PlayEvents(m)
	if err != nil {
		return e
	}
	e.Captured, e.ExtraTurn = gains(mover, ev)
	e.Ends = c.Status().Over()
	if e.Ends || m.Kind == engine.Swap {
		return e
	}
	if ctx.Err() != nil {
		ctx, depth = context.Background(), 2
	}
	a, err := search.Analyze(ctx, c, search.Limits{Depth: max(depth-1, 1), History: hist, TableMB: 4})
	if err != nil {
		return e
	}
	e.follow(c, a.PV, mover)
	return e
}

// follow plays pv from c, the position after the mover's move: the rest
// of the mover's turn (extra turns), the opponent's turn (Reply...), the
// mover's next turn (Next...); it stops there, at the end of the game, at
// a swap or at a move the engine refuses.
func (e *Effect) follow(c engine.Position, pv []engine.Move, mover engine.Side) {
	const (
		ours = iota
		theirs
		oursNext
	)
	phase := ours
	var replyBest, nextBest int
	for _, m := range pv {
		side := c.ToMove()
		switch {
		case side != mover && phase == ours:
			phase = theirs
		case side == mover && phase == theirs:
			phase = oursNext
		case side != mover && phase == oursNext:
			return
		}
		next, ev, err := c.PlayEvents(m)
		if err != nil || m.Kind == engine.Swap {
			return
		}
		captured, extra := gains(side, ev)
		switch phase {
		case theirs:
			if e.Reply == (engine.Move{}) {
				e.Reply, e.ReplyExtraTurn = m, extra
			}
			e.ReplyCaptured += captured
			if captured > replyBest {
				replyBest, e.ReplyPit = captured, m
			}
		case oursNext:
			e.NextCaptured += captured
			if captured > nextBest {
				nextBest, e.NextPit = captured, m
			}
		}
		if next.Status().Over() {
			return
		}
		c = next
	}
}

// Margins clamps the final margins (for p's side to move) that the search
// expects after two of its moves, best and played, to what p still allows
// (see inPlay) and rounds them to whole seeds; best comes out above played
// (by a seed at least) as long as there is a seed in play. So a turning
// point never claims a loss of more than the seeds in play: the mover's
// score can fall by at most (best-played)/2, which is never more than them.
func Margins(p engine.Position, best, played float64) (b, pl int) {
	lo, hi := marginRange(p)
	clamp := func(v float64) int { return max(lo, min(hi, int(math.Round(v)))) }
	b, pl = clamp(best), clamp(played)
	if b <= pl {
		switch {
		case pl+1 <= hi:
			b = pl + 1
		case b-1 >= lo:
			pl = b - 1
		}
	}
	return b, pl
}

// marginRange is the range of final margins for p's side to move that
// p still allows: the seeds already won stay won, the seeds in play
// (inPlay) may go either way.
func marginRange(p engine.Position) (lo, hi int) {
	n, whole := inPlay(p)
	if whole {
		return -n, n
	}
	me := p.ToMove()
	now := p.Store(me) - p.Store(1-me)
	return now - n, now + n
}

// inPlay counts the seeds p's players may still win: the seeds in the pits
// where captured seeds stay in the stores (whole false), or every seed of
// the game where they do not, or where the score is not the stores (whole
// true: games without stores, Nam Nam's rounds that sow the stores again,
// Selus and Sulus).
func inPlay(p engine.Position) (n int, whole bool) {
	l := p.Rules().Layout()
	if _, _, ok := p.Scores(); ok || l.Store(engine.South) == engine.NoCell || p.Rules().Variant().ID == "namnam" {
		return p.Seeds(), true
	}
	return p.PitSeeds(engine.South) + p.PitSeeds(engine.North), false
}

// gains counts the seeds a move of side s captured for s, and whether s
// moves again after it.
func gains(s engine.Side, ev []engine.Event) (captured int, extra bool) {
	for _, e := range ev {
		switch e.Kind {
		case engine.EventCapture:
			if e.Side == s {
				captured += e.Count
			}
		case engine.EventExtraTurn:
			extra = e.Side == s || e.Side == engine.NoSide
		}
	}
	return captured, extra
}
