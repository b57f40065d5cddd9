package rulebook

import (
	"math/rand/v2"
	"sync/atomic"

	"github.com/mancala-bot/mancala/engine"
)

// want is an example to find: the section it illustrates and the feature
// its move must show.
type want struct {
	section string
	shows   Feature
}

// Search limits: a feature no game shows within them is left out.
const (
	searchGames  = 100
	searchPlies  = 200
	searchMinPly = 6 // examples start from positions that look mid-game
	maxVisited   = 20000
)

// searches counts the calls of searchAll, for a test that the standard
// boards use their hand-picked positions.
var searches atomic.Int64

// searchAll finds an example for each wanted feature by playing games of
// random moves from the start (seeded, so the result is always the same):
// the first position, at least searchMinPly plies in, with a legal move
// that shows the feature.
func searchAll(r engine.Rules, ws []want) []Example {
	searches.Add(1)
	found := make([]*Example, len(ws))
	left := len(ws)
	for game := range uint64(searchGames) {
		rng := rand.New(rand.NewPCG(game, 0x6d616e63616c61))
		p := r.Start()
		for ply := 0; ply < searchPlies && !p.Status().Over(); ply++ {
			moves := p.Moves()
			if len(moves) == 0 {
				break
			}
			if ply >= searchMinPly {
				for _, m := range moves {
					left -= try(found, ws, p, m)
				}
				if left == 0 {
					return collect(found)
				}
			}
			next, err := p.Play(moves[rng.IntN(len(moves))])
			if err != nil {
				break
			}
			p = next
		}
	}
	return collect(found)
}

// breadthFirst finds an example for each wanted feature among the
// positions reachable from the start, nearest first (pits in order), up to
// maxVisited positions.
func breadthFirst(r engine.Rules, ws []want) []Example {
	found := make([]*Example, len(ws))
	left := len(ws)
	start := r.Start()
	seen := map[engine.Position]bool{start: true}
	queue := []engine.Position{start}
	for len(queue) > 0 && left > 0 && len(seen) < maxVisited {
		p := queue[0]
		queue = queue[1:]
		for _, m := range p.Moves() {
			after, ev, err := p.PlayEvents(m)
			if err != nil {
				continue
			}
			left -= record(found, ws, p, m, after, ev)
			if !after.Status().Over() && !seen[after] {
				seen[after] = true
				queue = append(queue, after)
			}
		}
	}
	return collect(found)
}

// solution finds a solitaire's winning line by depth first search (pits in
// order, positions known to fail remembered), up to maxVisited positions,
// and returns the position before its last move with that move.
func solution(r engine.Rules) (engine.Position, engine.Move, bool) {
	dead := map[engine.Position]bool{}
	var dfs func(p engine.Position) (engine.Position, engine.Move, bool)
	dfs = func(p engine.Position) (engine.Position, engine.Move, bool) {
		for _, m := range p.Moves() {
			q, err := p.Play(m)
			switch {
			case err != nil:
			case q.Status() == engine.Solved:
				return p, m, true
			case !q.Status().Over() && !dead[q] && len(dead) < maxVisited:
				if b, bm, ok := dfs(q); ok {
					return b, bm, true
				}
				dead[q] = true
			}
		}
		return p, engine.Move{}, false
	}
	return dfs(r.Start())
}

// try plays m in p and records it as the example of every wanted feature
// not found yet that it shows. It returns the number recorded.
func try(found []*Example, ws []want, p engine.Position, m engine.Move) int {
	after, ev, err := p.PlayEvents(m)
	if err != nil {
		return 0
	}
	return record(found, ws, p, m, after, ev)
}

// record records m, played in p with these results, as the example of
// every wanted feature not found yet that it shows, and returns the number
// recorded.
func record(found []*Example, ws []want, p engine.Position, m engine.Move, after engine.Position, ev []engine.Event) int {
	n := 0
	for i, w := range ws {
		if found[i] != nil {
			continue
		}
		if e := (Example{Section: w.section, Shows: w.shows, Before: p, Move: m}); e.checkPlayed(after, ev, nil) == nil {
			found[i] = &e
			n++
		}
	}
	return n
}

// collect returns the examples found, in the order wanted.
func collect(found []*Example) []Example {
	var ex []Example
	for _, e := range found {
		if e != nil {
			ex = append(ex, *e)
		}
	}
	return ex
}
