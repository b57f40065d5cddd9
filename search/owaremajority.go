package search

import (
	"context"
	"errors"
	"slices"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/kalah"
	"github.com/mancala-bot/mancala/search/internal/oware"
)

// ErrMajorityTooLarge is OwareMajority's error when the position reaches
// more states than its limit.
var ErrMajorityTooLarge = errors.New("oware: too many positions for the majority analysis")

// OwareMajorityResult is the value of an Oware position under the game's
// own end, majority rule included (see OwareMajority).
type OwareMajorityResult struct {
	// Exact reports that the value is known (Lower == Upper); otherwise
	// play can cycle and the repetition rule decides.
	Exact        bool
	Lower, Upper int
	// Best secures Lower and makes progress (its line never comes back to
	// a position), when Exact.
	Best engine.Move
	// States is the number of positions analysed.
	States int
}

// majState is a board seen from the side to move and that side's store
// margin.
type majState struct {
	b kalah.Board
	d int
}

// OwareMajority solves an Oware position (any grand-slam rule, no
// cross-sowing, no history) under
// the engine's own end of the game: a store holding more than half of all
// the seeds ends it at once (the seeds left on the board counting for
// nobody), a player to move without a legal move ends it with each side
// taking the seeds on its side. It analyses every position reachable from
// p (boards and store margins, at most limit of them) by iterating lower
// and upper bounds of the final store margin to their fixed point, as the
// endgame database does for boards alone: where they meet the value is
// exact for a game started from p, and Best achieves it without coming
// back to a position. Errors: ErrMajorityTooLarge past limit states, ctx's
// error, and an error for other rules or a finished game.
func OwareMajority(ctx context.Context, p engine.Position, limit int) (OwareMajorityResult, error) {
	slam, ok := oware.Params(p.Rules())
	if !ok || p.Status() != engine.Ongoing {
		return OwareMajorityResult{}, errors.New("oware majority: not an ongoing Oware position without cross-sowing")
	}
	b, d := oware.BoardOf(&p)
	total := p.Seeds()
	root := majState{b, d}
	index := map[majState]int32{root: 0}
	states := []majState{root}
	// The moves of state i are edges[first[i]:first[i+1]], in pit order.
	type edge struct {
		child int32 // -1: the move ends the game
		final int32 // the mover's final margin when it does
	}
	var edges []edge
	first := []int32{0}
	for i := 0; i < len(states); i++ {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return OwareMajorityResult{}, err
			}
		}
		s := states[i]
		moves := slam.Moves(s.b)
		for pit := range 6 {
			if moves&(1<<pit) == 0 {
				continue
			}
			c, g := slam.Play(s.b, pit)
			d2 := s.d + g // the mover's margin after the move
			k2 := c.Seeds()
			mine := (total - k2 + d2) / 2
			switch {
			case 2*mine > total:
				edges = append(edges, edge{-1, int32(d2)})
				continue
			case slam.Moves(c) == 0:
				// c is seen from the opponent: c.my are its pits.
				edges = append(edges, edge{-1, int32(d2 + kalah.RowSum(c.Opp) - kalah.RowSum(c.My))})
				continue
			}
			cs := majState{c, -d2}
			ci, ok := index[cs]
			if !ok {
				if len(states) >= limit {
					return OwareMajorityResult{States: len(states)}, ErrMajorityTooLarge
				}
				ci = int32(len(states))
				index[cs] = ci
				states = append(states, cs)
			}
			edges = append(edges, edge{ci, 0})
		}
		first = append(first, int32(len(edges)))
	}
	n := len(states)
	// The parents of state i (the states with a move to it) are
	// parents[pfirst[i]:pfirst[i+1]].
	pfirst := make([]int32, n+1)
	for _, e := range edges {
		if e.child >= 0 {
			pfirst[e.child+1]++
		}
	}
	for i := range n {
		pfirst[i+1] += pfirst[i]
	}
	parents := make([]int32, pfirst[n])
	fill := slices.Clone(pfirst[:n])
	for i := range n {
		for _, e := range edges[first[i]:first[i+1]] {
			if e.child >= 0 {
				parents[fill[e.child]] = int32(i)
				fill[e.child]++
			}
		}
	}
	lo, hi := make([]int32, n), make([]int32, n)
	dhi := make([]int32, n) // the sweep at which hi settled
	for i, s := range states {
		k := s.b.Seeds()
		lo[i], hi[i] = int32(s.d-k), int32(s.d+k)
	}
	// Each sweep computes every state's bounds from the previous sweep's
	// (what each side can force within about as many plies), so that
	// the sweep at which an upper bound settled measures progress (see
	// oware.DB.Build). A state's new bounds can differ from its last ones
	// only if a child's moved in the previous sweep, so after the first
	// sweep only the parents of the states that moved are computed again
	// (and not those already exact, which stay so): the same bounds, in
	// the same sweeps, as computing every state every time.
	prevLo, prevHi := slices.Clone(lo), slices.Clone(hi)
	work := make([]int32, n)
	for i := range work {
		work[i] = int32(i)
	}
	var moved []int32
	queued := make([]int32, n) // the last sweep that queued the state
	for sweep := int32(1); len(work) > 0; sweep++ {
		if err := ctx.Err(); err != nil {
			return OwareMajorityResult{}, err
		}
		moved = moved[:0]
		for _, i := range work {
			nlo, nhi := int32(-1<<20), int32(-1<<20)
			for _, e := range edges[first[i]:first[i+1]] {
				if e.child < 0 {
					nlo, nhi = max(nlo, e.final), max(nhi, e.final)
				} else {
					nlo, nhi = max(nlo, -prevHi[e.child]), max(nhi, -prevLo[e.child])
				}
			}
			m := false
			if nlo > lo[i] {
				lo[i], m = nlo, true
			}
			if nhi < hi[i] {
				hi[i], dhi[i], m = nhi, sweep, true
			}
			if m {
				moved = append(moved, i)
			}
		}
		work = work[:0]
		for _, c := range moved {
			prevLo[c], prevHi[c] = lo[c], hi[c]
			for _, i := range parents[pfirst[c]:pfirst[c+1]] {
				if queued[i] != sweep && lo[i] != hi[i] {
					queued[i] = sweep
					work = append(work, i)
				}
			}
		}
	}
	res := OwareMajorityResult{Exact: lo[0] == hi[0], Lower: int(lo[0]), Upper: int(hi[0]), States: n}
	// The best move: one reaching the lower bound, whose child's upper
	// bound settled first (a move ending the game settles at once).
	best, bestD := -1, 1<<30
	moves := slam.Moves(b)
	j := first[0]
	for pit := range 6 {
		if moves&(1<<pit) == 0 {
			continue
		}
		e := edges[j]
		j++
		v, dd := e.final, int32(0)
		if e.child >= 0 {
			v, dd = -hi[e.child], dhi[e.child]
		}
		if v == lo[0] && int(dd) < bestD {
			best, bestD = pit, int(dd)
		}
	}
	if best >= 0 {
		res.Best = engine.Move{Kind: engine.Sow, Pit: uint8(best + 1)}
	}
	return res, nil
}
