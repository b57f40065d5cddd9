package generic

import (
	"math/bits"
	"sync"
)

// gentry is one entry of the generic transposition table: bounds on a
// position's value for a search depth (exactDepth: to the end of the game),
// the best move's index in the move list + 1, and the log2 of the work
// spent, which decides what is replaced.
type gentry struct {
	key    pkey
	lo, hi int32
	depth  uint8
	move   uint8
	work   uint8
}

type gtt struct {
	e    []gentry
	mask uint64
}

const (
	minScore = -1 << 29
	maxScore = 1 << 29
)

// exactDepth is the depth of an entry whose bounds hold with perfect play
// to the end of the game (the same mark as the Kalah solver's table,
// kalah.ExactDepth).
const exactDepth = 255

func newGTT(bytes uint64) *gtt {
	n := uint64(1024)
	for n*2*40 <= bytes {
		n *= 2
	}
	return &gtt{e: make([]gentry, n), mask: n/2 - 1}
}

var gttPool = sync.Pool{}

// getGTT returns a cleared table of the default size from a pool.
func getGTT(bytes uint64) *gtt {
	if t, ok := gttPool.Get().(*gtt); ok && uint64(len(t.e))*40 <= bytes && uint64(len(t.e))*80 > bytes {
		clear(t.e)
		return t
	}
	return newGTT(bytes)
}

func putGTT(t *gtt) { gttPool.Put(t) }

func (t *gtt) probe(k pkey) *gentry {
	i := (k.A & t.mask) * 2
	if e := &t.e[i]; e.key == k {
		return e
	}
	if e := &t.e[i+1]; e.key == k {
		return e
	}
	return nil
}

// store records a fail-soft result v of a search of window (alpha, beta):
// v <= alpha is an upper bound, v >= beta a lower bound, else exact.
func (t *gtt) store(k pkey, v, alpha, beta int32, depth, move uint8, nodes uint64) {
	i := (k.A & t.mask) * 2
	e := &t.e[i]
	switch {
	case e.key == k:
	case t.e[i+1].key == k:
		e = &t.e[i+1]
	default:
		if o := &t.e[i+1]; o.key == (pkey{}) || gprio(o) < gprio(e) {
			e = o
		}
		*e = gentry{key: k, lo: minScore, hi: maxScore}
	}
	if e.depth != depth {
		if depth < e.depth && e.depth == exactDepth {
			return
		}
		e.lo, e.hi, e.depth = minScore, maxScore, depth
	}
	if v > alpha && move != 0 {
		e.move = move
	}
	if v > alpha {
		e.lo = max(e.lo, v)
	}
	if v < beta {
		e.hi = min(e.hi, v)
	}
	if e.lo > e.hi { // inconsistent results from different paths: keep the newest
		if v > alpha {
			e.hi = maxScore
		} else {
			e.lo = minScore
		}
	}
	e.work = max(e.work, uint8(bits.Len64(nodes)))
}

func gprio(e *gentry) int {
	p := int(e.work) + int(e.depth)
	if e.depth == exactDepth {
		p += 64
	}
	return p
}
