package oware

import (
	"context"
	"runtime"
	"sync"

	"github.com/mancala-bot/mancala/search/internal/kalah"
)

// FirstDB holds, for every board of up to MaxSeeds seeds under one
// grand-slam rule, bounds on its value under the first-recurrence rule
// (Abapa's: the game ends as soon as a position comes back, each side
// taking the seeds on its own side), counting that end where DB's bounds
// count only play that never repeats. The values are DB's kind: what the
// side to move gains over the opponent from the seeds on the board.
//
// # What the bounds mean
//
// A board's bounds hold for a game in which no position of the board's
// seed count occurred before it (the first position after a capture, or
// a position set up from scratch); with such a history H they still hold
// as FirstDB.Bounds widens them: the lower bound no higher than the split
// (seeds on the mover's side minus the opponent's, for the side to move at
// the bounded board) of any position of H, the upper bound no lower.
//
// Lo(b) >= v when the side to move, P, has a strategy that makes every
// line end in one of two ways: a capture whose proven result for P is at
// least v, or play that stays, from some point on, among positions where
// the end by recurrence would give P at least v (P's Safe positions).
// Such a strategy exists, if at all, as a ranking of positions (layers
// of the nested fixed point μX.νY. CPre(X) ∪ (Safe ∩ CPre(Y)), the
// standard solution of such co-Büchi games): the rank never grows along
// a line the strategy plays, and while it stays the same every position
// is Safe. A position that recurs does so within a stretch of one rank
// (the rank cannot grow back), so the recurrence, and with it the game,
// ends on a Safe position, at least v for P; a position of H that recurs
// ends it at its own split, hence the widening. Hi(b) is the same for the
// opponent, negated. The bounds are never looser than DB's (which count
// the forcing lines only), and a capture's result uses the bounds of the
// level below, where no position has occurred yet.
//
// They are not the value of the game: a side may do better by steering
// the play back to a position of its own choosing, which the bounds leave
// out. Where they meet, the value is exact (given the history condition).
type FirstDB struct {
	Slam     Slam
	MaxSeeds int
	Lo, Hi   []int8
}

// noExit marks a board without moves that capture, in firstLevel.
const noExit = -128

// firstLevel is one level's boards (one seed count k) as a game graph:
// the moves that stay in the level as edges (forward and reverse), those
// that capture summarized by their proven results.
type firstLevel struct {
	first uint64 // the rank of the level's first board
	n     int    // boards
	split []int8 // the end by recurrence's value for the side to move
	// exA is the best proven result for the side to move of a capturing
	// move (its gain minus the child's upper bound), exB the best it can
	// hope for (the gain minus the child's lower bound); noExit when no
	// move captures. A board without moves has both at its end's value.
	exA, exB []int8
	cs, ch   []int32 // children of board i: ch[cs[i]:cs[i+1]] (local indices)
	ps, pr   []int32 // parents, the same edges reversed
}

// BuildFirst builds the k-seed first-recurrence bounds for grand-slam
// rule s, level by level on GOMAXPROCS goroutines. It returns ctx's error
// if cancelled, and nothing else.
func BuildFirst(ctx context.Context, s Slam, k int) (*FirstDB, error) {
	n := DBSize(k)
	f := &FirstDB{Slam: s, MaxSeeds: k, Lo: make([]int8, n), Hi: make([]int8, n)}
	for j := 1; j <= k; j++ {
		if err := f.buildLevel(ctx, j); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// Bounds returns b's bounds with no history (see FirstDB), ok false when
// b holds more than MaxSeeds seeds. It does not allocate.
func (f *FirstDB) Bounds(b kalah.Board) (lo, hi int, ok bool) {
	if b.Seeds() > f.MaxSeeds {
		return 0, 0, false
	}
	i := Geom.Rank(b)
	return int(f.Lo[i]), int(f.Hi[i]), true
}

// level returns level k's graph; the lower levels must be done.
func (f *FirstDB) level(k int) *firstLevel {
	l := &firstLevel{}
	if k > 0 {
		l.first = DBSize(k - 1)
	}
	l.n = int(DBSize(k) - l.first)
	boards := make([]kalah.Board, l.n)
	for j := 0; j <= k; j++ {
		opps := kalah.Compositions(6, k-j)
		for _, my := range kalah.Compositions(6, j) {
			for _, opp := range opps {
				b := kalah.Board{My: my, Opp: opp}
				boards[Geom.Rank(b)-l.first] = b
			}
		}
	}
	l.split = make([]int8, l.n)
	l.exA = make([]int8, l.n)
	l.exB = make([]int8, l.n)
	l.cs = make([]int32, l.n+1)
	l.ch = make([]int32, 0, 3*l.n)
	for i, b := range boards {
		l.split[i] = int8(kalah.RowSum(b.My) - kalah.RowSum(b.Opp))
		l.exA[i], l.exB[i] = noExit, noExit
		moves := f.Slam.Moves(b)
		if moves == 0 {
			l.exA[i], l.exB[i] = l.split[i], l.split[i]
		}
		for p := range 6 {
			if moves&(1<<p) == 0 {
				continue
			}
			c, g := f.Slam.Play(b, p)
			ci := Geom.Rank(c)
			if g == 0 {
				l.ch = append(l.ch, int32(ci-l.first))
				continue
			}
			l.exA[i] = max(l.exA[i], int8(g-int(f.Hi[ci])))
			l.exB[i] = max(l.exB[i], int8(g-int(f.Lo[ci])))
		}
		l.cs[i+1] = int32(len(l.ch))
	}
	// The reverse edges, counted then placed.
	l.ps = make([]int32, l.n+1)
	for _, c := range l.ch {
		l.ps[c+1]++
	}
	for i := range l.n {
		l.ps[i+1] += l.ps[i]
	}
	l.pr = make([]int32, len(l.ch))
	fill := make([]int32, l.n)
	for i := range l.n {
		for _, c := range l.ch[l.cs[i]:l.cs[i+1]] {
			l.pr[l.ps[c]+fill[c]] = int32(i)
			fill[c]++
		}
	}
	return l
}

// buildLevel fills level k's bounds: for each threshold v, the boards
// where the side to move (and those where the side not to move) can
// secure v (firstLevel.solve); a board's lower bound is the highest v the
// side to move secures, its upper bound minus the highest the other side
// secures. The thresholds are independent, shared out among goroutines.
func (f *FirstDB) buildLevel(ctx context.Context, k int) error {
	l := f.level(k)
	var next sync.Mutex
	v := -k + 1
	counts := make([][]uint8, min(runtime.GOMAXPROCS(0), 2*k))
	var wg sync.WaitGroup
	for w := range counts {
		counts[w] = make([]uint8, 2*l.n)
		wg.Add(1)
		go func(count []uint8) {
			defer wg.Done()
			sc := newFirstScratch(l.n)
			for ctx.Err() == nil {
				next.Lock()
				t := v
				v++
				next.Unlock()
				if t > k {
					return
				}
				l.solve(t, sc)
				for id, in := range sc.win {
					if in {
						count[id]++
					}
				}
			}
		}(counts[w])
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	for i := range l.n {
		mover, other := -k, -k
		for _, c := range counts {
			mover += int(c[i])
			other += int(c[l.n+i])
		}
		f.Lo[l.first+uint64(i)] = int8(mover)
		f.Hi[l.first+uint64(i)] = int8(-other)
	}
	return nil
}

// safe reports whether node id (see solve) is Safe at threshold v: the
// end by recurrence there would give the protagonist at least v.
func (l *firstLevel) safe(v, id int) bool {
	if id < l.n {
		return int(l.split[id]) >= v
	}
	return -int(l.split[id-l.n]) >= v
}

// firstScratch is one goroutine's working memory for firstLevel.solve.
type firstScratch struct {
	win, inY []bool
	left     []int32 // the opponent's nodes: moves not yet into win
	cnt      []int32 // P's nodes: moves into Y or win
	queue    []int32
}

func newFirstScratch(n int) *firstScratch {
	return &firstScratch{
		win: make([]bool, 2*n), inY: make([]bool, 2*n),
		left: make([]int32, n), cnt: make([]int32, n), queue: make([]int32, 0, 2*n),
	}
}

// solve leaves in sc.win the nodes from which the protagonist P secures
// at least v: node i < n is board i with P to move, node n+i board i with
// P's opponent to move (see FirstDB for the game). This is the co-Büchi
// game's usual solution: starting from the nodes P wins at once (a
// capture that secures v, or a board without moves whose end does), it
// alternates two steps until the second adds nothing:
//
//   - the attractor: add every node of P's with a move into win, and
//     every node of the opponent's with no capture below v and all its
//     other moves into win;
//   - the trap: add the largest set Y of Safe nodes from which P can keep
//     the play in Y or win (a node of P's with a move into Y ∪ win, a
//     node of the opponent's with no capture below v and every move into
//     Y ∪ win).
//
// The order of additions gives the ranks FirstDB's strategy follows.
func (l *firstLevel) solve(v int, sc *firstScratch) {
	n := l.n
	win, inY, left, cnt := sc.win, sc.inY, sc.left, sc.cnt
	clear(win)
	safe := func(id int) bool { return l.safe(v, id) }
	bad := func(i int) bool { return int(l.exB[i]) > -v }
	q := sc.queue[:0]
	add := func(id int) {
		if !win[id] {
			win[id] = true
			q = append(q, int32(id))
		}
	}
	for i := range n {
		left[i] = l.cs[i+1] - l.cs[i]
		if int(l.exA[i]) >= v {
			add(i)
		}
		if left[i] == 0 && !bad(i) {
			add(n + i)
		}
	}
	for {
		// The attractor of win.
		for len(q) > 0 {
			id := int(q[len(q)-1])
			q = q[:len(q)-1]
			if id >= n { // the opponent's node won: P's parents move there
				for _, p := range l.pr[l.ps[id-n]:l.ps[id-n+1]] {
					add(int(p))
				}
				continue
			}
			for _, p := range l.pr[l.ps[id]:l.ps[id+1]] {
				if left[p]--; left[p] == 0 && !bad(int(p)) {
					add(n + int(p))
				}
			}
		}
		// The trap outside win, by removing the nodes that cannot stay.
		remove := func(id int) {
			inY[id] = false
			q = append(q, int32(id))
		}
		for i := range n {
			inY[i] = !win[i] && safe(i)
			inY[n+i] = !win[n+i] && safe(n+i) && !bad(i)
		}
		// Count P's moves into Y ∪ win before removing anything: each
		// removal below takes one off, once per edge.
		for i := range n {
			if inY[i] {
				c := int32(0)
				for _, k := range l.ch[l.cs[i]:l.cs[i+1]] {
					if inY[n+int(k)] || win[n+int(k)] {
						c++
					}
				}
				cnt[i] = c
			}
		}
		for i := range n {
			if inY[i] && cnt[i] == 0 {
				remove(i)
			}
			if inY[n+i] {
				for _, k := range l.ch[l.cs[i]:l.cs[i+1]] {
					if !inY[k] && !win[k] {
						remove(n + i)
						break
					}
				}
			}
		}
		for len(q) > 0 {
			id := int(q[len(q)-1])
			q = q[:len(q)-1]
			if id >= n { // P's parents lose a move
				for _, p := range l.pr[l.ps[id-n]:l.ps[id-n+1]] {
					if inY[p] {
						if cnt[p]--; cnt[p] == 0 {
							remove(int(p))
						}
					}
				}
				continue
			}
			for _, p := range l.pr[l.ps[id]:l.ps[id+1]] { // the opponent can leave
				if inY[n+int(p)] {
					remove(n + int(p))
				}
			}
		}
		for id, in := range inY {
			if in {
				add(id)
			}
		}
		if len(q) == 0 {
			sc.queue = q
			return
		}
	}
}

// Widen returns the bounds [lo, hi] of a board, for its side to move,
// widened for one earlier position of its level in the game whose split,
// for that same side, is s (see FirstDB): the game may end by that
// position's recurrence at s.
func (f *FirstDB) Widen(lo, hi, s int) (int, int) { return min(lo, s), max(hi, s) }
