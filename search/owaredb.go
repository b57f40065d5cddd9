package search

import (
	"context"
	"fmt"

	"github.com/mancala-bot/mancala/engine"
)

// owareDB is an endgame database for Oware (the default rules: grand slams
// capture, no cross-sowing): for every board with at most maxSeeds seeds in
// the pits, seen from the side to move, the seeds the side to move gains
// over the opponent from the seeds on the board with perfect play by both.
//
// The value counts play until the board is cleared: captures, and the
// engine's end when a player cannot move (each side takes the seeds on its
// own side). It leaves out the majority rule, which stops the game as soon
// as a store holds more than half of all the seeds: that needs the stores,
// which the database does not know, and it never changes who wins (stores
// only grow, so a majority once reached is kept to the end). So a
// position's result under the engine's rules (win, draw or loss) is the
// sign of its store margin plus the value; its final margin is that sum
// when no majority is reached on the way.
//
// Captured seeds leave the board, so a board's value depends on boards with
// fewer seeds (after a capture) and on boards with as many (a sowing that
// captures nothing), which can form cycles. Each level (a seed count) is
// solved by iterating bounds to their fixed point: lo and hi start at -k
// and +k (the widest a value can be with k seeds on the board) and are
// tightened, board after board, by lo = max over moves of (gain - hi of
// the child) and hi = max over moves of (gain - lo of the child) until no
// bound moves. lo is then what the side to move can force, within a
// bounded number of moves, against any defence, and hi what the opponent
// can hold it to. Such forcing play never returns to a position (its
// distance to the end decreases), so the third-repetition rule does not
// touch it: where lo == hi the value is exact for a game that reaches the
// board without a position of the same seed count having already occurred
// twice (in particular for a position set up from scratch). Where lo < hi
// the players can keep sowing around the board and the value depends on
// the repetition rule and on the history; the database keeps both bounds
// and says the value is not known.
//
// Boards are indexed as Kalah's are (kalahGeom.rank on the twelve pits,
// mover's first), one byte per bound: 2 * C(K+12, 12) bytes for K seeds.
type owareDB struct {
	maxSeeds int
	lo, hi   []int8
}

// owareGeom ranks Oware boards: the twelve pits as Kalah's six-pit boards.
var owareGeom = newKalahGeom(6, false)

// owareDBSize returns the number of boards with at most k seeds.
func owareDBSize(k int) uint64 { return dbSize(6, k) }

// owareDBParams reports whether the rules are those the database is built
// for: Oware with grand slams capturing and no cross-sowing.
func owareDBParams(r engine.Rules) bool {
	if r == nil || r.Variant().ID != "oware" {
		return false
	}
	o := r.Options()
	return o["grand_slam"] == "capture" && o["cross"] != "true"
}

// owarePlay plays pit i (0..5) of the side to move on board b and returns
// the board seen from the opponent, who moves next, and the seeds
// captured. The move must be legal.
func owarePlay(b kboard, i int) (child kboard, gain int) {
	var r [12]uint8
	for j := range 6 {
		r[j] = uint8(b.my >> (8 * j))
		r[6+j] = uint8(b.opp >> (8 * j))
	}
	s := int(r[i])
	r[i] = 0
	last := i
	for k := range s {
		last = (i + 1 + k%11) % 12
		r[last]++
	}
	if last >= 6 {
		for lo := last; lo >= 6 && (r[lo] == 2 || r[lo] == 3); lo-- {
			gain += int(r[lo])
			r[lo] = 0
		}
	}
	for j := range 6 {
		child.my |= uint64(r[6+j]) << (8 * j)
		child.opp |= uint64(r[j]) << (8 * j)
	}
	return child, gain
}

// owareMoves returns the legal moves of board b as a bit mask of pits
// 0..5; 0 when the game is over (the side to move has no seeds, or the
// opponent has none and no move feeds them).
func owareMoves(b kboard) uint {
	var m uint
	starving := b.opp == 0
	for i := range 6 {
		s := pitAt(b.my, i)
		if s == 0 || starving && s < 6-i {
			continue
		}
		m |= 1 << i
	}
	return m
}

func newOwareDB(k int) *owareDB { return &owareDB{maxSeeds: k} }

// exact returns the value of board b if the database holds it exactly.
func (db *owareDB) exact(b kboard) (int, bool) {
	i := owareGeom.rank(b)
	lo := db.lo[i]
	return int(lo), lo == db.hi[i]
}

// bounds returns the proven bounds of board b's value.
func (db *owareDB) bounds(b kboard) (lo, hi int) {
	i := owareGeom.rank(b)
	return int(db.lo[i]), int(db.hi[i])
}

// build fills the database level by level, calling onLevel (if not nil)
// with each seed count done; it returns ctx's error if cancelled.
func (db *owareDB) build(ctx context.Context, onLevel func(done int)) error {
	K := db.maxSeeds
	n := owareDBSize(K)
	db.lo = make([]int8, n)
	db.hi = make([]int8, n)
	rows := make([][]uint64, K+1)
	for k := range rows {
		rows[k] = compositions(6, k)
	}
	for k := 0; k <= K; k++ {
		// Terminal boards get their value, the others the widest bounds.
		for j := 0; j <= k; j++ {
			for _, my := range rows[j] {
				for _, opp := range rows[k-j] {
					b := kboard{my, opp}
					i := owareGeom.rank(b)
					if owareMoves(b) == 0 {
						v := int8(j - (k - j))
						db.lo[i], db.hi[i] = v, v
					} else {
						db.lo[i], db.hi[i] = int8(-k), int8(k)
					}
				}
			}
		}
		for changed := true; changed; {
			changed = false
			if err := ctx.Err(); err != nil {
				return err
			}
			for j := 1; j <= k; j++ {
				for _, my := range rows[j] {
					for _, opp := range rows[k-j] {
						if db.relax(kboard{my, opp}) {
							changed = true
						}
					}
				}
			}
		}
		if onLevel != nil {
			onLevel(k)
		}
	}
	return nil
}

// relax tightens board b's bounds from its children's and reports whether
// they moved.
func (db *owareDB) relax(b kboard) bool {
	moves := owareMoves(b)
	if moves == 0 {
		return false
	}
	idx := owareGeom.rank(b)
	lo, hi := db.lo[idx], db.hi[idx]
	if lo == hi {
		return false
	}
	nlo, nhi := -128, -128
	for i := range 6 {
		if moves&(1<<i) == 0 {
			continue
		}
		c, g := owarePlay(b, i)
		ci := owareGeom.rank(c)
		nlo = max(nlo, g-int(db.hi[ci]))
		nhi = max(nhi, g-int(db.lo[ci]))
	}
	changed := false
	if int8(nlo) > lo {
		db.lo[idx], changed = int8(nlo), true
	}
	if int8(nhi) < hi {
		db.hi[idx], changed = int8(nhi), true
	}
	return changed
}

// owareBoardOf returns p's board seen from the side to move and the side
// to move's store margin.
func owareBoardOf(p *engine.Position) (kboard, int) {
	me := p.ToMove()
	var b kboard
	for j := range 6 {
		b.my |= uint64(p.Pit(me, j+1)) << (8 * j)
		b.opp |= uint64(p.Pit(1-me, j+1)) << (8 * j)
	}
	return b, p.Store(me) - p.Store(1-me)
}

func (db *owareDB) String() string { return fmt.Sprintf("oware-db-s%d", db.maxSeeds) }
