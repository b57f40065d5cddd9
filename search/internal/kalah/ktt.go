package kalah

import (
	"math/bits"
	"runtime"
	"sync/atomic"

	"github.com/mancala-bot/mancala/search/internal/dbfile"
)

// TT is the Kalah solver's transposition table, shared by the solver's
// threads without locks: an entry is two words, the data and the key xored
// with the data, each read and written atomically; an entry torn by two
// threads writing at once no longer matches its key and reads as absent.
// Four entries make a bucket of one cache line.
//
// Keys are the boards' ranks in the combinatorial number system (see
// Geom.Rank), which are exact; boards so big that the rank would not
// fit in 64 bits (eight pits and more than 100 seeds) use a 64-bit hash.
type TT struct {
	Buckets []kbucket
	shift   uint
}

type kbucket [4]struct{ check, data atomic.Uint64 }

// kdata is an entry's data: bounds on the board's value, the depth they
// hold for (ExactDepth: to the end of the game), the best move found (pit
// index + 1) and the log2 of the work spent on it, which decides what is
// replaced.
type kdata struct {
	lo, hi int8
	depth  uint8
	move   uint8
	work   uint8
}

func (d kdata) pack() uint64 {
	return uint64(uint8(d.lo)) | uint64(uint8(d.hi))<<8 | uint64(d.depth)<<16 | uint64(d.move)<<24 | uint64(d.work)<<32 | 1<<40
}

func unpack(x uint64) kdata {
	return kdata{lo: int8(x), hi: int8(x >> 8), depth: uint8(x >> 16), move: uint8(x >> 24), work: uint8(x >> 32)}
}

// ExactDepth marks bounds that hold with perfect play to the end.
const ExactDepth = 255

// NewTT returns a table of at most bytes bytes (at least 256 buckets).
func NewTT(bytes uint64) *TT {
	n := uint64(256)
	for n*2*64 <= bytes {
		n *= 2
	}
	b, free := dbfile.HugeAlloc[kbucket](int(n))
	t := &TT{Buckets: b, shift: uint(64 - bits.TrailingZeros64(n))}
	runtime.AddCleanup(t, func(free func()) { free() }, free)
	return t
}

func (t *TT) bucket(key uint64) *kbucket {
	return &t.Buckets[(key*0x9E3779B97F4A7C15)>>t.shift]
}

// probe returns the entry for key.
func (t *TT) probe(key uint64) (kdata, bool) {
	b := t.bucket(key)
	for i := range b {
		d := b[i].data.Load()
		if b[i].check.Load()^d == key && d != 0 {
			return unpack(d), true
		}
	}
	return kdata{}, false
}

func clamp8(v int) int8 { return int8(max(-128, min(127, v))) }

// store records the outcome of a null-window test at beta: v >= beta is a
// lower bound, v < beta an upper bound.
func (t *TT) store(key uint64, v, beta int, depth, move, work uint8) {
	b := t.bucket(key)
	slot := -1
	var e kdata
	for i := range b {
		d := b[i].data.Load()
		if b[i].check.Load()^d == key && d != 0 {
			slot, e = i, unpack(d)
			break
		}
	}
	if slot < 0 {
		slot = 0
		p0 := kprio(b[0].data.Load())
		for i := 1; i < len(b); i++ {
			if p := kprio(b[i].data.Load()); p < p0 {
				slot, p0 = i, p
			}
		}
		e = kdata{lo: -128, hi: 127, depth: depth}
	}
	if e.depth != depth {
		if depth < e.depth && e.depth == ExactDepth {
			return // never overwrite an exact bound with a horizon one
		}
		e.lo, e.hi, e.depth = -128, 127, depth
	}
	if v >= beta {
		e.lo = max(e.lo, clamp8(v))
		if move != 0 {
			e.move = move
		}
	} else {
		e.hi = min(e.hi, clamp8(v))
		if e.move == 0 {
			e.move = move
		}
	}
	e.work = max(e.work, work)
	d := e.pack()
	b[slot].data.Store(d)
	b[slot].check.Store(key ^ d)
}

// kprio ranks an entry for replacement: empty first, then horizon
// entries, then by work.
func kprio(d uint64) int {
	if d == 0 {
		return -1
	}
	e := unpack(d)
	p := int(e.work)
	if e.depth == ExactDepth {
		p += 64
	}
	return p
}

func (t *TT) Clear() { clear(t.Buckets) }
