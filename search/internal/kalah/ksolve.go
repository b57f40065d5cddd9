package kalah

import (
	"context"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/mancala-bot/mancala/engine"
)

// Solver is the exact Kalah solver: MTD(f) over null-window alpha-beta on
// kboards, with a transposition table, enhanced transposition cutoffs,
// move ordering and the endgame database below dbSeeds seeds. Iterative
// deepening with the store difference as horizon value gives MTD(f) its
// first guess and the table its first moves.
//
// A board's value has the parity of its seeds (every seed ends in a store),
// so every exact test is moved to a threshold of that parity and every
// bound rounded to it: half the thresholds, tighter bounds.
//
// With more than one thread, the exact tests run as "lazy SMP": every
// thread searches the same test sharing the table, the helpers taking the
// root's moves in another order, so that they prove subtrees the main
// thread then finds in the table. The main thread's result is the answer.
type Solver struct {
	g       *Geom
	tt      *TT
	db      *DB  // nil: none
	dbSeeds int  // boards with at most this many seeds are looked up (-1: none)
	hashed  bool // keys are hashes (boards too big to rank)
	etcMin  int  // enhanced transposition cutoffs at boards of at least this many seeds
	Threads int
	busy    *busySet // with several threads: the boards being searched
	busyMin int      // boards of at least this many seeds are marked busy

	Ctx     context.Context
	Limit   uint64 // node budget (0: none)
	Nodes   atomic.Uint64
	stop    atomic.Bool // the solve is over (budget, context)
	ErrStop error
	mu      sync.Mutex
	Tr      Progress // progress (NewSolver: none)
}

// kworker is one thread's search state.
type kworker struct {
	s        *Solver
	nodes    uint64 // counted here, added to s.nodes every so often
	rotate   int    // helpers: how far to rotate the root's move order
	done     *atomic.Bool
	children []*[8]kchild
}

type kchild struct {
	b      Board
	key    uint64
	gain   int8
	extra  bool
	pit    uint8
	known  bool // lo is the exact value (from the database)
	etc    bool // lo and hi are bounds from the table
	lo, hi int8
	order  int32
}

func NewSolver(g *Geom, tt *TT, db *DB) *Solver {
	s := &Solver{g: g, tt: tt, db: db, dbSeeds: -1, Ctx: context.Background(), Threads: 1, Tr: noProgress{}}
	if db != nil {
		s.dbSeeds = db.maxSeeds
	}
	s.etcMin = s.dbSeeds + 6
	return s
}

func (s *Solver) Stopped() bool { return s.stop.Load() }

// prepare sets the key mode for boards of up to k seeds.
func (s *Solver) prepare(k int) {
	s.hashed = binomial(k+2*s.g.N, 2*s.g.N) >= 1<<63
}

func (s *Solver) key(b Board) uint64 {
	if s.hashed {
		return hashKey(b)
	}
	return s.g.Rank(b)
}

// flush adds the worker's count to the solver's and checks the budget and
// the context.
func (w *kworker) flush() {
	s := w.s
	n := s.Nodes.Add(w.nodes)
	w.nodes = 0
	s.Tr.Nodes(n)
	var err error
	switch {
	case s.Limit > 0 && n > s.Limit:
		err = ErrTooLarge
	case s.Ctx.Err() != nil:
		err = s.Ctx.Err()
	default:
		return
	}
	s.mu.Lock()
	if s.ErrStop == nil {
		s.ErrStop = err
	}
	s.mu.Unlock()
	s.stop.Store(true)
}

// halted reports whether the worker must unwind: the solve is stopped, or
// (for a helper) the main thread has finished this test.
func (w *kworker) halted() bool {
	return w.s.stop.Load() || (w.done != nil && w.done.Load())
}

// test is a null-window search at beta of board b (k seeds, table key
// key) to depth (ExactDepth: to the end of the game): its result v is a
// lower bound on the board's value if v >= beta, an upper bound otherwise
// (fail-soft). After halted, its result means nothing.
func (w *kworker) test(b Board, key uint64, k, beta int, depth uint8, ply int) int {
	s := w.s
	w.nodes++
	if w.nodes >= 4096 {
		w.flush()
	}
	if w.halted() {
		return 0
	}
	if k <= s.dbSeeds {
		return int(s.db.Vals[key])
	}
	exact := depth == ExactDepth
	if exact {
		beta += (beta - k) & 1
	}
	if beta > k {
		return k
	}
	if beta <= -k {
		return -k
	}
	if depth == 0 {
		return 0 // the horizon: stores as they are
	}
	var ttMove uint8
	if e, ok := s.tt.probe(key); ok {
		if e.depth >= depth {
			if int(e.lo) >= beta {
				return int(e.lo)
			}
			if int(e.hi) < beta {
				return int(e.hi)
			}
		}
		ttMove = e.move
	}
	cd := depth
	if cd != ExactDepth {
		cd--
	}
	g := s.g
	for ply >= len(w.children) {
		w.children = append(w.children, new([8]kchild))
	}
	kids := w.children[ply]
	nk := 0
	best := -1 << 30
	var bestPit uint8
	// Generate the children first, then look them all up (the table for
	// enhanced transposition cutoffs, the database for exact values) in
	// one pass: the loads are independent, so their cache misses overlap.
	m := g.moveMask(b)
	for m != 0 {
		i := bits.TrailingZeros(m)
		m &= m - 1
		child, gain, extra, over := g.Play(b, i)
		if over {
			if gain > best {
				best, bestPit = gain, uint8(i+1)
			}
			continue
		}
		c := &kids[nk]
		nk++
		c.b, c.key, c.gain, c.extra, c.pit = child, s.key(child), int8(gain), extra, uint8(i+1)
	}
	if best >= beta {
		s.tt.store(key, best, beta, depth, bestPit, 0)
		return best
	}
	etc := k >= s.etcMin
	for j := range nk {
		c := &kids[j]
		c.known, c.etc = false, false
		if k-int(c.gain) <= s.dbSeeds {
			c.lo, c.known = s.db.Vals[c.key], true
		} else if etc {
			if e, ok := s.tt.probe(c.key); ok && e.depth >= cd {
				c.lo, c.hi, c.etc = e.lo, e.hi, true
			}
		}
	}
	for j := range nk {
		c := &kids[j]
		gain := int(c.gain)
		// Exact children (database) and enhanced transposition cutoffs:
		// a child's stored bound may already prove this node's.
		v := -1 << 30
		switch {
		case c.known && c.extra:
			v = gain + int(c.lo)
		case c.known:
			v = gain - int(c.lo)
		case c.etc && c.extra:
			v = gain + int(c.lo)
		case c.etc:
			v = gain - int(c.hi)
		}
		if v > best {
			best, bestPit = v, c.pit
			if best >= beta {
				s.tt.store(key, best, beta, depth, bestPit, 0)
				return best
			}
		}
		// Ordering: the table's move; extra turns, rightmost first (one
		// from the right leaves the extra turns on its left playable);
		// moves that gain seeds, biggest gain first; then the rest,
		// rightmost first.
		i := int32(c.pit) - 1
		var o int32
		switch {
		case c.known:
			o = -1 // done
		case c.pit == ttMove:
			o = 1 << 30
		case c.extra:
			o = 1<<29 + i
		case gain > 0:
			o = 1<<28 + int32(gain)<<8
		default:
			o = i
		}
		if ply == 0 && w.rotate > 0 && o >= 0 {
			// A helper thread takes the root's moves in another order.
			o = (i + int32(w.rotate)) % 8
		}
		c.order = o
	}
	// Insertion sort of the children still to search, best first (the
	// database's are done).
	var idx [8]uint8
	n := 0
	for j := range nk {
		if kids[j].known {
			continue
		}
		a := n
		for ; a > 0 && kids[j].order > kids[idx[a-1]].order; a-- {
			idx[a] = idx[a-1]
		}
		idx[a] = uint8(j)
		n++
	}
	n0 := s.Nodes.Load() + w.nodes
	// With several threads, a child another thread is searching is put
	// off to a second pass (after the first child: "ABDADA"), so that the
	// threads spread over the tree instead of searching the same lines.
	share := s.busy != nil && k >= s.busyMin
	if share {
		s.busy.enter(key)
		defer s.busy.leave(key)
	}
	var deferred [8]uint8
	nd := 0
	for pass := 0; pass < 2; pass++ {
		list := idx[:n]
		if pass == 1 {
			list = deferred[:nd]
		}
		for j, ci := range list {
			c := &kids[ci]
			if pass == 0 && share && j > 0 && s.busy.has(c.key) {
				deferred[nd] = ci
				nd++
				continue
			}
			gain := int(c.gain)
			var v int
			if c.extra {
				v = gain + w.test(c.b, c.key, k-gain, beta-gain, cd, ply+1)
			} else {
				v = gain - w.test(c.b, c.key, k-gain, gain-beta+1, cd, ply+1)
			}
			if w.halted() {
				return 0
			}
			if v > best {
				best, bestPit = v, c.pit
				if best >= beta {
					pass = 2
					break
				}
			}
		}
	}
	// Round to the parity of the board's value.
	if exact {
		if best >= beta {
			best += (best - k) & 1
		} else {
			best -= (best - k) & 1
		}
	}
	s.tt.store(key, best, beta, depth, bestPit, uint8(bits.Len64(s.Nodes.Load()+w.nodes-n0)))
	return best
}

// rootTest runs test at the root on every thread: the helpers until the
// main thread is done.
func (s *Solver) rootTest(main *kworker, helpers []*kworker, b Board, key uint64, k, beta int, depth uint8) int {
	if len(helpers) == 0 || depth != ExactDepth {
		return main.test(b, key, k, beta, depth, 0)
	}
	var done atomic.Bool
	var wg sync.WaitGroup
	for _, h := range helpers {
		h.done = &done
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.test(b, key, k, beta, depth, 0)
			s.Nodes.Add(h.nodes)
			h.nodes = 0
		}()
	}
	v := main.test(b, key, k, beta, depth, 0)
	done.Store(true)
	wg.Wait()
	return v
}

// Solve returns the exact value of b and a best pit (1-based): iterative
// deepening to guess, then MTD(f) to the end. After stopped, the results
// mean nothing.
func (s *Solver) Solve(b Board) (int, int) {
	main := &kworker{s: s}
	var helpers []*kworker
	for i := 1; i < s.Threads; i++ {
		helpers = append(helpers, &kworker{s: s, rotate: 1 + 2*(i-1)})
	}
	if s.Threads > 1 {
		s.busy = new(busySet)
		s.busyMin = s.dbSeeds + 4
	}
	defer func() { s.Nodes.Add(main.nodes); main.nodes = 0 }()
	k := b.Seeds()
	s.prepare(k)
	if k <= s.dbSeeds {
		return s.DBMove(b)
	}
	guess := 0
	s.Tr.Stage("depth")
	for d := 2; d <= 14; d += 2 {
		var pit int
		guess, pit = s.mtdf(main, helpers, b, guess, uint8(d))
		if s.Stopped() {
			return 0, 0
		}
		s.Tr.Depth(d, engine.Move{Pit: uint8(pit)}, s.Nodes.Load()+main.nodes)
	}
	s.Tr.Stage("exact")
	return s.mtdf(main, helpers, b, guess, ExactDepth)
}

// DBMove answers from the database: its value, and a move that reaches it.
func (s *Solver) DBMove(b Board) (int, int) {
	best, bp := -1<<30, 0
	for i := range s.g.N {
		if PitAt(b.My, i) == 0 {
			continue
		}
		child, gain, extra, over := s.g.Play(b, i)
		v := gain
		if !over {
			if extra {
				v += s.db.Value(child)
			} else {
				v -= s.db.Value(child)
			}
		}
		if v > best {
			best, bp = v, i+1
		}
	}
	return best, bp
}

// mtdf finds the value of b to depth by a series of null-window tests,
// starting from guess. It returns the value and a best pit (1-based).
func (s *Solver) mtdf(main *kworker, helpers []*kworker, b Board, guess int, depth uint8) (int, int) {
	k := b.Seeds()
	key := s.key(b)
	lo, hi := -k, k
	f := max(lo, min(hi, guess))
	for lo < hi {
		beta := f
		if f == lo {
			beta = f + 1
		}
		v := s.rootTest(main, helpers, b, key, k, beta, depth)
		if s.Stopped() {
			return 0, 0
		}
		var proof engine.Move
		if v >= beta {
			lo = v
			// The table's move at the root is the one that failed high.
			if e, ok := s.tt.probe(key); ok && e.move != 0 && PitAt(b.My, int(e.move)-1) != 0 {
				proof = engine.Move{Pit: e.move}
			}
		} else {
			hi = v
		}
		if depth == ExactDepth {
			s.Tr.Bounds(lo, hi, proof, s.Nodes.Load()+main.nodes)
		}
		f = v
	}
	// A move that reaches the value: the table's, checked, or the first
	// that passes the test.
	if e, ok := s.tt.probe(key); ok && e.move != 0 && PitAt(b.My, int(e.move)-1) != 0 && main.reaches(b, k, int(e.move)-1, lo, depth) {
		return lo, int(e.move)
	}
	first := 0
	for i := range s.g.N {
		if PitAt(b.My, i) == 0 {
			continue
		}
		if first == 0 {
			first = i + 1
		}
		if main.reaches(b, k, i, lo, depth) {
			return lo, i + 1
		}
	}
	return lo, first
}

// reaches reports whether pit i's value is at least beta.
func (w *kworker) reaches(b Board, k, i, beta int, depth uint8) bool {
	s := w.s
	cd := depth
	if cd != ExactDepth {
		cd--
	}
	child, gain, extra, over := s.g.Play(b, i)
	switch {
	case over:
		return gain >= beta
	case extra:
		return gain+w.test(child, s.key(child), k-gain, beta-gain, cd, 1) >= beta
	default:
		return gain-w.test(child, s.key(child), k-gain, gain-beta+1, cd, 1) >= beta
	}
}

// busySet records the boards the solver's threads are searching: a
// direct-mapped table of keys, lossy by design (a board whose slot is taken
// is simply not recorded, and a reader can miss one). It only steers the
// order of the search, never its result.
type busySet struct {
	slots [1 << 14]atomic.Uint64
}

func (t *busySet) slot(key uint64) *atomic.Uint64 {
	return &t.slots[(key*0x9E3779B97F4A7C15)>>50]
}

// enter marks key busy if its slot is free.
func (t *busySet) enter(key uint64) { t.slot(key).CompareAndSwap(0, key+1) }

// leave unmarks key if it is the slot's.
func (t *busySet) leave(key uint64) { t.slot(key).CompareAndSwap(key+1, 0) }

// has reports whether key is marked busy.
func (t *busySet) has(key uint64) bool { return t.slot(key).Load() == key+1 }
