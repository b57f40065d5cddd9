package search

import (
	"context"
	"time"

	"github.com/mancala-bot/mancala/engine"
)

// The levels for games of more than two seats (Ruma): a paranoid search.
// The bot's side (its seat, or with players=2 both seats of its player)
// maximizes and every other seat minimizes, as if all of them played
// together against it; alpha-beta over the engine's positions, with
// iterative deepening in a node budget (Hard, Expert, Perfect) or a fixed
// depth and a noisy choice (Beginner, Easy, Medium, as for two players).
// The seats' passes and penalties happen inside the engine's moves.
//
// The evaluation, from the bot's side, in hundredths of a seed: for each
// seat still in, its "health" is minus its row's seeds (a seat wins by
// emptying its row) minus its penalties, each worth two seeds at the
// default limit of 12 (more when the limit is lower); the value is the
// best health among the bot's seats minus the best among the others'.

// paranoidDepth is the depth of the noisy levels; paranoidNodes the
// budgets of the searching ones.
var (
	paranoidDepth = [...]int{Beginner: 1, Easy: 2, Medium: 4}
	paranoidNodes = [...]uint64{Hard: 20_000, Expert: 400_000, Perfect: 400_000}
)

const paranoidWin = 1_000_000

type paranoid struct {
	ctx   context.Context
	mine  [engine.MaxSides]bool
	limit int
	nodes uint64
	stop  bool
	bufs  [64][engine.MaxMoves]engine.Move
}

// paranoidMove is Level.ChooseFrom for games of more than two seats.
func (l Level) paranoidMove(ctx context.Context, p engine.Position, seed int64) (Decision, error) {
	if p.Status() != engine.Ongoing {
		return Decision{}, ErrGameOver
	}
	moves := p.Moves()
	if len(moves) == 1 {
		return Decision{Move: moves[0]}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, MaxThink)
	defer cancel()
	s := newParanoid(ctx, p)
	if l <= Medium {
		spec := levelSpecs[l]
		var scores []MoveScore
		for _, m := range moves {
			q, _ := p.Play(m)
			v := s.search(q, paranoidDepth[l]-1, -2*paranoidWin, 2*paranoidWin, 1)
			scores = append(scores, MoveScore{Move: m, Score: float64(v) / 100})
		}
		return Decision{Move: pickNoisy(scores, spec, rngFor(p, seed))}, nil
	}
	best := moves[0]
	s.nodes = paranoidNodes[l] // for all the iterations
	for depth := 1; depth < len(s.bufs)-1; depth++ {
		m, v, ok := s.root(p, moves, depth)
		if !ok {
			break
		}
		best = m
		if v >= paranoidWin-100 || v <= -paranoidWin+100 || s.nodes == 0 {
			break // decided, or the budget is spent
		}
	}
	return Decision{Move: best}, nil
}

func newParanoid(ctx context.Context, p engine.Position) *paranoid {
	s := &paranoid{ctx: ctx, limit: 12, nodes: 1 << 40}
	o := p.Rules().Options()
	me := p.ToMove()
	s.mine[me] = true
	if o["players"] == "2" { // South with North, East with West
		for x := range engine.Side(engine.MaxSides) {
			s.mine[x] = teamSeat(x) == teamSeat(me)
		}
	}
	if n := atoiDefault(o["penalty_limit"], 12); n > 0 {
		s.limit = n
	}
	return s
}

func teamSeat(s engine.Side) engine.Side {
	if s == engine.South || s == engine.North {
		return engine.South
	}
	return engine.East
}

func atoiDefault(v string, d int) int {
	n := 0
	for _, c := range v {
		if c < '0' || c > '9' {
			return d
		}
		n = 10*n + int(c-'0')
	}
	if v == "" {
		return d
	}
	return n
}

// root searches every move at depth; ok is false when the search was cut
// short before the iteration finished.
func (s *paranoid) root(p engine.Position, moves []engine.Move, depth int) (engine.Move, int, bool) {
	alpha := -2 * paranoidWin
	best := moves[0]
	for _, m := range moves {
		q, _ := p.Play(m)
		v := s.search(q, depth-1, alpha, 2*paranoidWin, 1)
		if s.stop {
			return best, alpha, false
		}
		if v > alpha {
			alpha, best = v, m
		}
	}
	return best, alpha, true
}

func (s *paranoid) search(p engine.Position, depth, alpha, beta, ply int) int {
	if p.Status() != engine.Ongoing {
		if w, ok := p.Status().Winner(); ok && s.mine[w] {
			return paranoidWin - ply
		}
		return -paranoidWin + ply
	}
	if depth <= 0 || ply >= len(s.bufs)-1 {
		return s.eval(&p)
	}
	if s.nodes > 0 {
		s.nodes--
	}
	if s.nodes == 0 || s.nodes&1023 == 0 && s.ctx.Err() != nil {
		s.stop = true
		return 0
	}
	r := p.Rules()
	moves := r.AppendMoves(&p, s.bufs[ply][:0])
	maxing := s.mine[p.ToMove()]
	for _, m := range moves {
		q := p
		r.Apply(&q, m, nil)
		v := s.search(q, depth-1, alpha, beta, ply+1)
		if s.stop {
			return 0
		}
		if maxing && v > alpha {
			alpha = v
		} else if !maxing && v < beta {
			beta = v
		}
		if alpha >= beta {
			break
		}
	}
	if maxing {
		return alpha
	}
	return beta
}

// eval scores p for the bot's side (see the package comment above).
func (s *paranoid) eval(p *engine.Position) int {
	mine, theirs := -1<<30, -1<<30
	for x := range engine.Side(engine.MaxSides) {
		if p.Out(x) {
			continue
		}
		h := -100*p.PitSeeds(x) - 2400*p.Penalties(x)/s.limit
		if s.limit-p.Penalties(x) == 1 {
			h -= 300 // one pass from going out
		}
		if s.mine[x] {
			mine = max(mine, h)
		} else {
			theirs = max(theirs, h)
		}
	}
	return mine - theirs
}

// analyzeParanoid is Analyze for games of more than two seats (Ruma): the
// levels' paranoid search for the side to move (its seat, or its player's
// two seats), deepened within lim. Score is the paranoid evaluation in
// seeds (see above): the side to move's best seat against the best other
// seat; a line forced against every other seat playing together scores
// ±ParanoidWin. It is never Proven (a loss against a coalition is not a
// loss with perfect play), and PV holds the best move only. It returns
// ErrGameOver for a finished game, and ctx's error only when ctx ends
// before depth 1 is complete.
func analyzeParanoid(ctx context.Context, p engine.Position, lim Limits) (Analysis, error) {
	if p.Status() != engine.Ongoing {
		return Analysis{}, ErrGameOver
	}
	t0 := time.Now()
	d := lim.Time
	if d <= 0 && lim.Depth == 0 && lim.Nodes == 0 {
		d = DefaultAnalyzeTime
	}
	if d > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, t0.Add(d))
		defer cancel()
	}
	s := newParanoid(ctx, p)
	budget := uint64(1 << 40)
	if lim.Nodes > 0 {
		budget = lim.Nodes
	}
	s.nodes = budget
	moves := p.Moves()
	maxDepth := len(s.bufs) - 2
	if lim.Depth > 0 && lim.Depth < maxDepth {
		maxDepth = lim.Depth
	}
	var res Analysis
	for depth := 1; depth <= maxDepth; depth++ {
		m, v, ok := s.root(p, moves, depth)
		if !ok {
			break
		}
		res.Best, res.PV, res.Depth = m, []engine.Move{m}, depth
		res.Score = float64(v) / 100
		switch {
		case v >= paranoidWin-1000:
			res.Score = ParanoidWin
		case v <= -paranoidWin+1000:
			res.Score = -ParanoidWin
		}
		if res.Score == ParanoidWin || res.Score == -ParanoidWin || s.nodes == 0 {
			break
		}
	}
	res.Nodes, res.Elapsed = budget-s.nodes, time.Since(t0)
	if res.Depth == 0 {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		res.Best, res.PV = moves[0], moves[:1]
	}
	return res, nil
}

// ParanoidWin is the score Analyze gives a game of more than two seats
// that the side to move wins (or loses, negated) whatever the others do
// together.
const ParanoidWin = 1000
