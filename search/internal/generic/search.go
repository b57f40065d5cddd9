package generic

import (
	"context"
	"math"
	"time"

	"github.com/mancala-bot/mancala/engine"
)

// gnode is a position on a search line.
type gnode struct {
	pos   engine.Position
	move  engine.Move
	gain  int16 // seeds the mover's store gained by move (its material, for a variant with variantEval.material)
	flip  bool  // the player to move changed (a new side, or a swap)
	order int64 // move ordering, highest first; the low 7 bits hold the move's index (MaxMoves <= 128)
}

// The move index kept in gnode.order's low 7 bits must fit.
var _ [128 - engine.MaxMoves]struct{}

// gsearch searches any two-player variant through the engine's Rules: the
// exact solver (test, values in seeds) and the heuristic search (ab, values
// in hundredths of a seed) share it.
type gsearch struct {
	r      engine.Rules
	l      *engine.Layout
	tt     *gtt
	ev     evaluator
	repLim int // occurrences that end the game (0: none; a cycle is cut at once)

	path  []pkey    // the current line, root first
	count *repTable // occurrences on the line and in the history

	kids [][]gnode
	bufs [][engine.MaxMoves]engine.Move

	ctx      context.Context
	deadline time.Time
	nodes    uint64
	limit    uint64
	stopped  bool
	errStop  error
	repCuts  uint64 // lines ended by the repetition rule (their values depend on the line)
	// cacheCycles stores results that depend on a repetition in the table
	// all the same.
	cacheCycles bool
	horizon     uint64 // leaves evaluated heuristically
	// The root moves the current iteration has searched to the end: how
	// many, the first and the best of them with its value (see
	// Searcher.Partial).
	rootDone  int
	rootFirst engine.Move
	rootBest  engine.Move
	rootValue int32
	killers   [][2]engine.Move
	history   [2][engine.MaxPits*2 + 2]int32
	qdepth    int
	tr        Tracker                                     // the solver's progress (never nil; see New)
	marks     []engine.Mark                               // scratch for the evaluations
	score     scorer                                      // the final margin of games not decided by the stores (nil: the stores)
	material  func(p *engine.Position, s engine.Side) int // a move's gain is its change (nil: the store's; see variantEval)
	rep       func(r engine.Rules, swept int) (int, bool) // the variant's value of a repetition (nil: the seeds swept; see variantEval)
	decisive  bool                                        // proven outcomes scored by their winner first (see variantEval, proven)
	// reduceFrom, when above 0, is the index in the ordered moves from
	// which a quiet move (no gain, no extra turn, not a killer) at depth 3
	// or more below the root is searched a ply shallower first, and again
	// at its full depth only if it beats the best so far (see variantEval).
	reduceFrom int

	// The oracle (an endgame database; nil: none) and what deciding when
	// to trust it needs: by the seeds in the pits, how many positions of
	// the line and the history hold that many, and how many distinct ones
	// of those occurred twice or more.
	oracle     Oracle
	bySeeds    []int32
	twiceSeeds []int32
	pathSeeds  []int  // the seeds in the pits of each position of path
	probes     uint64 // the oracle's answers used

	// The oracle's first-recurrence bounds (nil: none, or another
	// repetition rule) and, for each position of the history and the
	// line in order, its seeds in the pits and the lowest and highest
	// split (South's pits minus North's) of the positions with as many
	// seeds up to it: the widening FirstOracle's bounds need.
	first          FirstOracle
	runSeeds       []int32
	runMin, runMax []int32
}

func newGSearch(ctx context.Context, r engine.Rules, tt *gtt, hist []engine.Position, oracle Oracle) *gsearch {
	s := &gsearch{r: r, l: r.Layout(), tt: tt, ctx: ctx, qdepth: 8, marks: make([]engine.Mark, 0, 2*engine.MaxSides), tr: noTracker{}}
	s.ev = evaluatorFor(r)
	s.score = scorers[r.Variant().ID]
	s.material = evaluators[r.Variant().ID].material
	s.rep = evaluators[r.Variant().ID].repeated
	s.decisive = evaluators[r.Variant().ID].decisive
	s.reduceFrom = evaluators[r.Variant().ID].reduceFrom
	s.repLim = r.RepetitionLimit()
	s.cacheCycles = true
	s.count = newRepTable()
	s.oracle = oracle
	if f, ok := oracle.(FirstOracle); ok && s.repLim == 2 {
		s.first = f
	}
	for i := range hist {
		s.enter(&hist[i], hist[i].Key())
	}
	return s
}

// line returns the slot for the children of ply.
func (s *gsearch) line(ply int) []gnode {
	for ply >= len(s.kids) {
		s.kids = append(s.kids, make([]gnode, engine.MaxMoves))
		s.bufs = append(s.bufs, [engine.MaxMoves]engine.Move{})
		s.killers = append(s.killers, [2]engine.Move{})
	}
	return s.kids[ply]
}

// visit counts a node of the heuristic search (ab and quiesce, which can
// be most of the tree) and reports whether the search must stop; limits
// are looked at every 1024 nodes.
func (s *gsearch) visit() bool {
	s.nodes++
	return s.nodes&0x3ff == 0 && s.checkStop() || s.stopped
}

func (s *gsearch) checkStop() bool {
	if s.stopped {
		return true
	}
	s.tr.Nodes(s.nodes)
	switch {
	case s.limit > 0 && s.nodes > s.limit:
		s.stopped, s.errStop = true, ErrTooLarge
	case s.ctx.Err() != nil:
		s.stopped, s.errStop = true, s.ctx.Err()
	case !s.deadline.IsZero() && time.Now().After(s.deadline):
		s.stopped, s.errStop = true, context.DeadlineExceeded
	}
	return s.stopped
}

// push adds p, whose key is k, to the current line; pop takes the last
// position off.
func (s *gsearch) push(p *engine.Position, k pkey) {
	s.path = append(s.path, k)
	s.enter(p, k)
	if s.oracle != nil {
		s.pathSeeds = append(s.pathSeeds, s.inPits(p))
	}
}

func (s *gsearch) pop() {
	k := s.path[len(s.path)-1]
	s.path = s.path[:len(s.path)-1]
	n := s.count.dec(k)
	if s.oracle != nil {
		c := s.pathSeeds[len(s.pathSeeds)-1]
		s.pathSeeds = s.pathSeeds[:len(s.pathSeeds)-1]
		s.bySeeds[c]--
		if n == 1 {
			s.twiceSeeds[c]--
		}
	}
	if s.first != nil {
		t := len(s.runSeeds) - 1
		s.runSeeds, s.runMin, s.runMax = s.runSeeds[:t], s.runMin[:t], s.runMax[:t]
	}
}

// enter counts an occurrence of p (key k), on the line or in the history.
func (s *gsearch) enter(p *engine.Position, k pkey) {
	seen := s.count.inc(k)
	if s.oracle == nil {
		return
	}
	cells := p.Cells()
	south, north := s.seedsOf(&cells, engine.South), s.seedsOf(&cells, engine.North)
	c := south + north
	for c >= len(s.bySeeds) {
		s.bySeeds = append(s.bySeeds, 0)
		s.twiceSeeds = append(s.twiceSeeds, 0)
	}
	s.bySeeds[c]++
	if seen == 2 {
		s.twiceSeeds[c]++
	}
	if s.first != nil {
		sp := int32(south - north)
		lo, hi := sp, sp
		if t := len(s.runSeeds) - 1; t >= 0 && s.runSeeds[t] == int32(c) {
			lo, hi = min(lo, s.runMin[t]), max(hi, s.runMax[t])
		}
		s.runSeeds = append(s.runSeeds, int32(c))
		s.runMin = append(s.runMin, lo)
		s.runMax = append(s.runMax, hi)
	}
}

// margin is the store difference for the side to move.
func (s *gsearch) margin(p *engine.Position) int {
	if s.score != nil {
		return s.score(p)
	}
	me := p.ToMove()
	return p.Cell(s.l.Store(me)) - p.Cell(s.l.Store(1-me))
}

// repetition reports whether reaching k ends the game by the repetition
// rule (or, for variants without one, closes a cycle), and the value then:
// each side takes the seeds on its own side.
func (s *gsearch) repetition(p *engine.Position, k pkey) (int, bool) {
	seen := 1 + int(s.count.get(k))
	lim := s.repLim
	if lim == 0 {
		lim = 2
	}
	if seen < lim {
		return 0, false
	}
	if s.score != nil {
		return s.score(p), true
	}
	me := p.ToMove()
	cells := p.Cells()
	v := s.margin(p) + s.seedsOf(&cells, me) - s.seedsOf(&cells, 1-me)
	if w, ok := s.repeated(p, v); ok {
		return w, true
	}
	return v, true
}

// expand plays every legal move of n into the children slot of ply and
// returns them.
func (s *gsearch) expand(n *gnode, ply int) []gnode {
	kids := s.line(ply)
	moves := s.r.AppendMoves(&n.pos, s.bufs[ply][:0])
	me := n.pos.ToMove()
	st := s.l.Store(me)
	before := n.pos.Cell(st)
	if s.material != nil {
		before = s.material(&n.pos, me)
	}
	for i, m := range moves {
		c := &kids[i]
		c.pos = n.pos
		s.r.Apply(&c.pos, m, nil)
		c.move = m
		if s.material != nil {
			c.gain = int16(s.material(&c.pos, me) - before)
		} else {
			c.gain = int16(c.pos.Cell(st) - before)
		}
		c.flip = c.pos.ToMove() != me || m.Kind == engine.Swap
	}
	return kids[:len(moves)]
}

func sortKids(kids []gnode) {
	for a := 1; a < len(kids); a++ {
		for j := a; j > 0 && kids[j].order > kids[j-1].order; j-- {
			kids[j], kids[j-1] = kids[j-1], kids[j]
		}
	}
}

// test is the exact solver's null-window search: the value of n with
// perfect play (final store margin for its side to move) is at least beta
// if the result is, and at most the result otherwise.
func (s *gsearch) test(n *gnode, ply int, beta int) int {
	s.nodes++
	if s.nodes&0x3fff == 0 && s.checkStop() {
		return 0
	}
	if s.stopped {
		return 0
	}
	p := &n.pos
	if p.Status() != engine.Ongoing {
		return s.final(p)
	}
	k := p.Key()
	if v, ok := s.repetition(p, k); ok {
		s.repCuts++
		return v
	}
	total := p.Seeds()
	if beta > total {
		return total
	}
	if beta <= -total {
		return -total
	}
	ttMove := uint8(0)
	if e := s.tt.probe(k); e != nil {
		if e.depth == exactDepth {
			if int(e.lo) >= beta {
				return int(e.lo)
			}
			if int(e.hi) < beta {
				return int(e.hi)
			}
		}
		ttMove = e.move
	}
	kids := s.expand(n, ply)
	best := minScore
	bestIdx := 0
	for i := range kids {
		c := &kids[i]
		c.order = int64(c.gain) * 16
		if !c.flip {
			c.order += 8
		}
		if uint8(i+1) == ttMove {
			c.order = 1 << 22
		}
		c.order = c.order<<7 | int64(i) // keep the move's index
		// Finished children and enhanced transposition cutoffs.
		var lo int
		known := false
		if c.pos.Status() != engine.Ongoing {
			lo, known = s.final(&c.pos), true
			if c.flip {
				lo = -lo
			}
		} else if e := s.tt.probe(c.pos.Key()); e != nil && e.depth == exactDepth {
			if c.flip {
				lo, known = -int(e.hi), e.hi < maxScore
			} else {
				lo, known = int(e.lo), e.lo > minScore
			}
		}
		if known && lo >= beta {
			s.tt.store(k, int32(lo), int32(beta-1), int32(beta), exactDepth, uint8(i+1), 1)
			return lo
		}
	}
	sortKids(kids)
	s.push(p, k)
	cuts, n0 := s.repCuts, s.nodes
	for j := range kids {
		c := &kids[j]
		var v int
		if c.flip {
			v = -s.test(c, ply+1, 1-beta)
		} else {
			v = s.test(c, ply+1, beta)
		}
		if s.stopped {
			s.pop()
			return 0
		}
		if v > best {
			best, bestIdx = v, int(c.order&127)+1
			if v >= beta {
				break
			}
		}
	}
	s.pop()
	if s.repCuts == cuts || s.cacheCycles {
		s.tt.store(k, int32(best), int32(beta-1), int32(beta), exactDepth, uint8(bestIdx), s.nodes-n0)
	}
	return best
}

// The depth stage of the exact solver: iterative deepening of the heuristic
// search, to give MTD(f) its first guess, the table its first moves, and a
// stopped solve a move. It deepens to guessDepth plies at most, and starts
// no iteration past guessNodes positions.
const (
	guessDepth = 14
	guessNodes = 500_000
)

// deepen runs the depth stage and returns the guess (in seeds).
func (s *gsearch) deepen(root *gnode) int {
	guess := 0
	s.tr.Stage("depth")
	for d := 1; d <= guessDepth && s.nodes < guessNodes; d++ {
		s.horizon = 0
		v := s.ab(root, 0, d, minScore, maxScore)
		if s.stopped {
			break
		}
		guess = int(math.Round(float64(margin100(v)) / 100))
		var best engine.Move
		if pv := s.pv(root, 1); len(pv) > 0 {
			best = pv[0]
		}
		s.tr.Depth(d, best, s.nodes)
		if s.horizon == 0 {
			break // every line ended: the exact search is quick
		}
	}
	return guess
}

// rootMove returns the table's move at root (zero if none).
func (s *gsearch) rootMove(root *gnode) engine.Move {
	e := s.tt.probe(root.pos.Key())
	if e == nil || e.move == 0 {
		return engine.Move{}
	}
	moves := s.r.AppendMoves(&root.pos, nil)
	if int(e.move) > len(moves) {
		return engine.Move{}
	}
	return moves[e.move-1]
}

// solveRoot finds the exact value of root by MTD(f) from guess and a move
// that reaches it.
func (s *gsearch) solveRoot(root *gnode, guess int) (int, engine.Move) {
	total := root.pos.Seeds()
	lower, upper := -total, total
	g := max(lower, min(upper, guess))
	for lower < upper {
		beta := g
		if g == lower {
			beta = g + 1
		}
		g = s.test(root, 0, beta)
		if s.stopped {
			return 0, engine.Move{}
		}
		var proof engine.Move
		if g < beta {
			upper = g
		} else {
			lower = g
			proof = s.rootMove(root) // the move that failed high
		}
		s.tr.Bounds(lower, upper, proof, s.nodes)
	}
	v := lower
	kids := s.expand(root, 0)
	s.push(&root.pos, root.pos.Key())
	defer s.pop()
	for i := range kids {
		c := &kids[i]
		var cv int
		if c.flip {
			cv = -s.test(c, 1, 1-v)
		} else {
			cv = s.test(c, 1, v)
		}
		if s.stopped {
			return 0, engine.Move{}
		}
		if cv >= v {
			return v, c.move
		}
	}
	return v, kids[0].move
}
