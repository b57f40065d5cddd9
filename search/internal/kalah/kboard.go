package kalah

import (
	"math/bits"

	"github.com/mancala-bot/mancala/engine"
)

// Board is a Kalah board seen from the side to move, without the stores:
// byte i of my is the mover's pit i+1, byte i of opp the opponent's pit i+1
// (each side numbered from its own left). The value of a Kalah position is
// the store difference plus the value of its Board, so the search, the
// transposition table and the endgame database work on kboards alone.
type Board struct{ My, Opp uint64 }

// ksow is what sowing rem seeds (after whole laps) from one pit adds.
type ksow struct {
	my, opp uint64
	store   uint8
	last    int8 // where the last seed lands: 0..n-1 own pit, n the store, n+1.. the opponent's pits
}

// Geom is the fast move generator for one Kalah size and capture rule.
// It is immutable once built and shared.
type Geom struct {
	N            int
	cycle        int // 2n+1 cells: own pits, own store, opponent's pits
	EmptyCapture bool
	ones         uint64 // 0x01 in the bytes of the n pits
	sow          [8][17]ksow
	div          [256]struct{ laps, rem uint8 }
}

func NewGeom(n int, emptyCapture bool) *Geom {
	g := &Geom{N: n, cycle: 2*n + 1, EmptyCapture: emptyCapture}
	for i := range n {
		g.ones |= 1 << (8 * i)
	}
	for i := range n {
		for rem := 0; rem < g.cycle; rem++ {
			e := &g.sow[i][rem]
			e.last = int8(i)
			for k := 1; k <= rem; k++ {
				t := (i + k) % g.cycle
				switch {
				case t < n:
					e.my += 1 << (8 * t)
				case t == n:
					e.store++
				default:
					e.opp += 1 << (8 * (t - n - 1))
				}
				e.last = int8(t)
			}
		}
	}
	for s := range 256 {
		g.div[s].laps, g.div[s].rem = uint8(s/g.cycle), uint8(s%g.cycle)
	}
	return g
}

// PitAt returns byte i of a row.
func PitAt(row uint64, i int) int { return int(uint8(row >> (8 * i))) }

// RowSum adds the bytes of a row; a Kalah board holds at most 128 seeds, so
// no byte of the product carries.
func RowSum(row uint64) int { return int((row * 0x0101010101010101) >> 56) }

// Seeds returns the seeds on the board.
func (b Board) Seeds() int { return RowSum(b.My) + RowSum(b.Opp) }

// Play sows the mover's pit i (0-based, non-empty). It returns the board
// after the move as seen by the next player to move, the seeds the mover
// gained (store, captures and, when the game ends, the difference of the
// seeds swept), whether the mover moves again, and whether the game is over.
func (g *Geom) Play(b Board, i int) (child Board, gain int, extra, over bool) {
	sh := uint(8 * i)
	s := uint8(b.My >> sh)
	my := b.My &^ (0xff << sh)
	d := g.div[s]
	e := &g.sow[i][d.rem]
	lap := uint64(d.laps) * g.ones
	my += lap + e.my
	opp := b.Opp + lap + e.opp
	gain = int(d.laps) + int(e.store)
	last := int(e.last)
	if last == g.N {
		extra = true
	} else if last < g.N && uint8(my>>(8*last)) == 1 {
		oi := uint(8 * (g.N - 1 - last))
		k := int(uint8(opp >> oi))
		if k > 0 || g.EmptyCapture {
			my &^= 0xff << (8 * last)
			opp &^= 0xff << oi
			gain += k + 1
		}
	}
	if my == 0 || opp == 0 {
		return Board{}, gain + RowSum(my) - RowSum(opp), false, true
	}
	if extra {
		return Board{my, opp}, gain, true, false
	}
	return Board{opp, my}, gain, false, false
}

// Rank returns the board's number in the combinatorial number system:
// the 2n pit counts, mover's first, are a composition of the k seeds, and
// rank = sum over j of C(P_j + j, j+1) where P_j is the sum of the first
// j+1 counts. Boards with fewer seeds come first: the boards of up to k
// seeds are numbered 0..C(k+2n, 2n)-1, which is how the endgame database
// is indexed. The rank is exact while C(k+2n, 2n) fits in 64 bits.
func (g *Geom) Rank(b Board) uint64 {
	var r uint64
	p := 0
	row := b.My
	for j := range g.N {
		p += int(uint8(row))
		row >>= 8
		r += rankTab[j&15][(p+j)&511]
	}
	row = b.Opp
	for j := g.N; j < 2*g.N; j++ {
		p += int(uint8(row))
		row >>= 8
		r += rankTab[j&15][(p+j)&511]
	}
	return r
}

// rankTab[j][x] = C(x, j+1), laid out so that rank's indexing needs no
// bounds checks.
var rankTab = func() (t [16][512]uint64) {
	for j := range t {
		for x := range binomTab[0] {
			t[j][x] = binomTab[j+1][x]
		}
	}
	return t
}()

// hashKey is the table key of boards too big to rank: a 64-bit mix of the
// rows, never 0.
func hashKey(b Board) uint64 {
	h := (b.My*0x9E3779B97F4A7C15 ^ (b.Opp*0xC2B2AE3D27D4EB4F)>>7) * 0xD6E8FEB86659FD93
	return h ^ h>>32 | 1
}

// moveMask returns a bit per non-empty pit of the mover.
func (g *Geom) moveMask(b Board) uint {
	// Set the high bit of each non-empty byte.
	x := b.My
	nz := ((x & 0x7f7f7f7f7f7f7f7f) + 0x7f7f7f7f7f7f7f7f | x) & 0x8080808080808080
	var m uint
	for nz != 0 {
		t := bits.TrailingZeros64(nz)
		m |= 1 << (t / 8)
		nz &= nz - 1
	}
	return m
}

// View is an engine Kalah position turned into a Board, with the
// store difference for the side to move.
type View struct {
	B      Board
	Margin int // mover's store minus the opponent's
	mover  engine.Side
}

// kalahRowOf reads side s's pits into a row.
func kalahRowOf(p *engine.Position, l *engine.Layout, s engine.Side) uint64 {
	var row uint64
	for i := 1; i <= l.Pits; i++ {
		row |= uint64(uint8(p.Cell(l.Pit(s, i)))) << (8 * (i - 1))
	}
	return row
}

func ViewOf(p *engine.Position) View {
	l := p.Rules().Layout()
	me := p.ToMove()
	return View{
		B:      Board{kalahRowOf(p, l, me), kalahRowOf(p, l, 1-me)},
		Margin: p.Cell(l.Store(me)) - p.Cell(l.Store(1-me)),
		mover:  me,
	}
}

// Params reports whether r is plain Kalah the fast solver handles (the
// pie rule is handled around it) and its size and capture rule. Kalah with
// cross-sowing is not: the generic search plays it.
func Params(r engine.Rules) (n int, emptyCapture, pie, ok bool) {
	if r.Variant().ID != "kalah" || r.Options()["cross"] == "true" {
		return 0, false, false, false
	}
	o := r.Options()
	n = r.Layout().Pits
	return n, o["empty_capture"] == "true", o["pie"] == "true", n >= 1 && n <= 8
}

var kalahGeoms [9][2]*Geom

func init() {
	for n := 1; n <= 8; n++ {
		kalahGeoms[n][0] = NewGeom(n, false)
		kalahGeoms[n][1] = NewGeom(n, true)
	}
}

func GeomFor(n int, emptyCapture bool) *Geom {
	if emptyCapture {
		return kalahGeoms[n][1]
	}
	return kalahGeoms[n][0]
}
