package oware

import (
	"context"
	"errors"
	"os"
	"strconv"
	"testing"

	"github.com/mancala-bot/mancala/search/internal/kalah"
)

// levelBoards returns every board of exactly k seeds.
func levelBoards(k int) []kalah.Board {
	var out []kalah.Board
	for j := 0; j <= k; j++ {
		for _, my := range kalah.Compositions(6, j) {
			for _, opp := range kalah.Compositions(6, k-j) {
				out = append(out, kalah.Board{My: my, Opp: opp})
			}
		}
	}
	return out
}

// TestStrategyLinesNeverRepeat checks the fact the package documentation's
// reading of the bounds under every repetition rule rests on: a line in
// which one side plays the database's move (BestMove) at each of its
// turns and the other side any move never comes back to a position while
// the first side's guarantee is not trivial. For each level (seed count
// k, up to 8, 6 with -short; OWARE_LINES_SEEDS sets another) of each
// grand-slam rule it builds the graph whose nodes are the level's boards,
// once with the strategy's side to move and once with the other side to
// move, and whose edges are the moves that stay in the level (captures
// leave it): one from each of the strategy's nodes, every move from the
// others'. The graph must have no cycle (a topological order takes every
// node), whichever node a line starts from. A node where the strategy's
// side is guaranteed only -k (its lower bound -k, or the other side's
// upper bound k: no more than the whole board can be lost) has no edges:
// any play meets that guarantee, and the test shows that such cycles
// exist (two seeds sown round the board for ever).
func TestStrategyLinesNeverRepeat(t *testing.T) {
	K := 8
	if testing.Short() {
		K = 6
	}
	if s := os.Getenv("OWARE_LINES_SEEDS"); s != "" {
		K, _ = strconv.Atoi(s)
	}
	for _, slam := range Slams {
		t.Run(slam.String(), func(t *testing.T) {
			db := NewDB(slam, K)
			if err := db.Build(context.Background(), nil); err != nil {
				t.Fatal(err)
			}
			nodes, edges, trivial := 0, 0, 0
			for k := 1; k <= K; k++ {
				n, e, tr := checkLevelAcyclic(t, db, k)
				nodes += n
				edges += e
				trivial += tr
			}
			t.Logf("up to %d seeds: %d nodes, %d of them with a trivial guarantee, %d edges, no cycle", K, nodes, trivial, edges)
			// Two seeds on pit 6 of each side sown round for ever: the
			// strategy cannot make progress there, and need not.
			b := kalah.Board{My: 1 << 40, Opp: 1 << 40}
			if lo, hi := db.Bounds(b); lo != -2 || hi != 2 {
				t.Errorf("%v: bounds [%d, %d], want the trivial [-2, 2]", b, lo, hi)
			}
		})
	}
}

// checkLevelAcyclic builds level k's graph (see TestStrategyLinesNeverRepeat)
// and fails the test if it has a cycle. Node 2i is board i with the
// strategy's side to move, 2i+1 with the other side to move.
func checkLevelAcyclic(t *testing.T, db *DB, k int) (nodes, edges, trivial int) {
	boards := levelBoards(k)
	index := make(map[kalah.Board]int32, len(boards))
	for i, b := range boards {
		index[b] = int32(i)
	}
	succ := make([][]int32, 2*len(boards))
	indeg := make([]int32, 2*len(boards))
	for i, b := range boards {
		moves := db.Moves(b)
		if moves == 0 {
			continue
		}
		lo, hi := db.Bounds(b)
		// The strategy's node: its move, if it stays in the level.
		pit, ok := db.BestMove(b)
		switch {
		case !ok:
			t.Fatalf("%v: moves %b but no database move", b, moves)
		case lo == -k:
			trivial++
		default:
			if c, g := db.Play(b, pit); g == 0 {
				succ[2*i] = append(succ[2*i], 2*index[c]+1)
			}
		}
		// The other side's node: every move that stays in the level.
		if hi == k {
			trivial++
			continue
		}
		for pit := range 6 {
			if moves&(1<<pit) == 0 {
				continue
			}
			if c, g := db.Play(b, pit); g == 0 {
				succ[2*i+1] = append(succ[2*i+1], 2*index[c])
			}
		}
	}
	for _, s := range succ {
		for _, c := range s {
			indeg[c]++
		}
		edges += len(s)
	}
	var queue []int32
	for i, d := range indeg {
		if d == 0 {
			queue = append(queue, int32(i))
		}
	}
	done := 0
	for len(queue) > 0 {
		n := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		done++
		for _, c := range succ[n] {
			if indeg[c]--; indeg[c] == 0 {
				queue = append(queue, c)
			}
		}
	}
	if done != len(succ) {
		// Name a node on a cycle: one left with a predecessor left.
		for i, d := range indeg {
			if d > 0 {
				b := boards[i/2]
				lo, hi := db.Bounds(b)
				t.Fatalf("%v, %d seeds: %d of %d nodes on or behind a cycle, e.g. %v (strategy's side to move: %v) bounds [%d, %d]",
					db.Slam, k, len(succ)-done, len(succ), b, i%2 == 0, lo, hi)
			}
		}
	}
	return len(succ), edges, trivial
}

// errFirstLimit is firstRule's panic past its node limit.
var errFirstLimit = errors.New("first-recurrence brute force: node limit")

// firstRule is a brute-force alpha-beta search under a first-recurrence
// rule (as Abapa's): the game ends as soon as a position comes back, each
// side taking the seeds on its own side. Moves are the database's
// (Slam.Play, checked against the engine by search's
// TestOwarePlayMatchesEngine and TestOwareDBRetrograde); the values are
// the database's kind, what the side to move gains from the seeds on the
// board until it is cleared. It keeps no table (a result can depend on
// the positions before it) and tries the database's move first, which
// changes its speed, never its result.
type firstRule struct {
	db    *DB
	path  map[kalah.Board]bool // the level's positions so far, the current one included
	nodes int
	limit int
}

// split is the value of the end of the game on board b: each side takes
// the seeds on its own side.
func split(b kalah.Board) int { return kalah.RowSum(b.My) - kalah.RowSum(b.Opp) }

// value returns b's value for the side to move within (alpha, beta),
// fail-soft, f.path holding the positions of b's level played before b
// and b itself.
func (f *firstRule) value(b kalah.Board, alpha, beta int) int {
	if f.nodes++; f.nodes > f.limit {
		panic(errFirstLimit)
	}
	moves := f.db.Moves(b)
	if moves == 0 {
		return split(b)
	}
	order := make([]int, 0, 6)
	if pit, ok := f.db.BestMove(b); ok {
		order = append(order, pit)
	}
	for i := range 6 {
		if moves&(1<<i) != 0 && (len(order) == 0 || order[0] != i) {
			order = append(order, i)
		}
	}
	best := -1 << 20
	for _, i := range order {
		c, g := f.db.Play(b, i)
		a, bt := max(alpha, best)-g, beta-g // the window for g - cv
		var cv int
		switch {
		case g > 0: // a new level, with no history
			saved := f.path
			f.path = map[kalah.Board]bool{c: true}
			cv = f.value(c, -bt, -a)
			f.path = saved
		case f.path[c]:
			cv = split(c) // c comes back: the game ends
		default:
			f.path[c] = true
			cv = f.value(c, -bt, -a)
			delete(f.path, c)
		}
		best = max(best, g-cv)
		if best >= beta {
			break
		}
	}
	return best
}

// within reports whether b's value, f.path holding its level's history
// and b, lies within [lo, hi], by two null-window searches; ok is false
// past the node limit.
func (f *firstRule) within(b kalah.Board, lo, hi int) (in, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if r != errFirstLimit {
				panic(r)
			}
			in, ok = false, false
		}
	}()
	path := f.path
	f.nodes = 0
	if v := f.value(b, lo-1, lo); v < lo {
		return false, true
	}
	f.path = path
	f.nodes = 0
	if v := f.value(b, hi, hi+1); v > hi {
		return false, true
	}
	return true, true
}

// TestBoundsUnderFirstRecurrence checks the package documentation's
// claims for a first-recurrence rule against a brute force (firstRule) on
// every board of up to 3 seeds (OWARE_FIRST_SEEDS sets another count; at
// 4 the brute force gives up on about half the boards within its limit
// and takes minutes) of each grand-slam rule: a board that is the first of
// its seed count in the game (no history to recur) has its value within
// the database's bounds (so its exact value where they meet); and, so
// that the condition is not idle, with a history of one earlier position
// of the level (a parent whose move reached the board without capturing),
// the value leaves the bounds on some boards. A board the brute force
// cannot finish within its node limit is counted and left out.
func TestBoundsUnderFirstRecurrence(t *testing.T) {
	K := 3
	if s := os.Getenv("OWARE_FIRST_SEEDS"); s != "" {
		K, _ = strconv.Atoi(s)
	}
	for _, slam := range Slams {
		t.Run(slam.String(), func(t *testing.T) {
			db := NewDB(slam, K)
			if err := db.Build(context.Background(), nil); err != nil {
				t.Fatal(err)
			}
			f := &firstRule{db: db, limit: 200_000}
			checked, exact, given, outside, withHistory, givenHistory := 0, 0, 0, 0, 0, 0
			for k := 1; k <= K; k++ {
				for _, b := range levelBoards(k) {
					if db.Moves(b) == 0 {
						continue
					}
					lo, hi := db.Bounds(b)
					f.path = map[kalah.Board]bool{b: true}
					in, ok := f.within(b, lo, hi)
					if !ok {
						given++
						continue
					}
					checked++
					if !in {
						t.Fatalf("%v: the value under the first-recurrence rule with no history leaves the bounds [%d, %d]", b, lo, hi)
					}
					if lo == hi {
						exact++
					}
				}
				// Each board after a parent in its level.
				for _, q := range levelBoards(k) {
					moves := db.Moves(q)
					for i := range 6 {
						if moves&(1<<i) == 0 {
							continue
						}
						b, g := db.Play(q, i)
						if g > 0 || b == q || db.Moves(b) == 0 {
							continue
						}
						lo, hi := db.Bounds(b)
						f.path = map[kalah.Board]bool{q: true, b: true}
						in, ok := f.within(b, lo, hi)
						if !ok {
							givenHistory++
							continue
						}
						withHistory++
						if !in {
							outside++
						}
					}
				}
			}
			t.Logf("up to %d seeds: %d boards checked with no history (%d exact), %d given up; after an earlier position: %d of %d values outside the bounds (%d given up)",
				K, checked, exact, given, outside, withHistory, givenHistory)
			if checked == 0 {
				t.Fatal("nothing checked")
			}
			if outside == 0 {
				t.Error("no board's value leaves its bounds after an earlier position of its level: the history condition is not shown to matter")
			}
		})
	}
}

// strategyNode is a position of a level in the brute force of
// TestStrategyLowerBound: a board and whether the strategy's side moves
// (the engine's positions tell the sides apart; a board alone does not).
type strategyNode struct {
	b    kalah.Board
	mine bool
}

// firstValue is the brute force of TestStrategyLowerBound: the value for
// the side to move of node n under the first-recurrence rule, path holding
// the level's positions played before n and n itself, within (alpha,
// beta), fail-soft. It panics with errFirstLimit past *budget nodes.
func firstValue(db *DB, n strategyNode, path map[strategyNode]bool, alpha, beta int, budget *int) int {
	if *budget--; *budget < 0 {
		panic(errFirstLimit)
	}
	moves := db.Moves(n.b)
	if moves == 0 {
		return split(n.b)
	}
	best := -1 << 20
	for i := range 6 {
		if moves&(1<<i) == 0 {
			continue
		}
		c, g := db.Play(n.b, i)
		cn := strategyNode{c, !n.mine}
		a, bt := max(alpha, best)-g, beta-g
		var cv int
		switch {
		case g > 0: // a new level: no history
			cv = firstValue(db, cn, map[strategyNode]bool{cn: true}, -bt, -a, budget)
		case path[cn]:
			cv = split(c)
		default:
			path[cn] = true
			cv = firstValue(db, cn, path, -bt, -a, budget)
			delete(path, cn)
		}
		best = max(best, g-cv)
		if best >= beta {
			break
		}
	}
	return best
}

// TestStrategyLowerBound checks StrategyTrusted's claim against a brute
// force under the first-recurrence rule, on every board of up to 3 seeds
// of each grand-slam rule as a level's first position, either side to
// move: along every line of up to 6 plies in the level in which one side
// plays BestMove at each of its turns (with a guarantee that is not
// trivial) and the other any quiet move, the value at each of the first
// side's turns, with the line as its history, is at least the board's
// lower bound. So that the condition is not idle, the same check on lines
// where the first side's first move was another quiet move finds values
// below the bound.
func TestStrategyLowerBound(t *testing.T) {
	const K, plies = 3, 6
	for _, slam := range Slams {
		t.Run(slam.String(), func(t *testing.T) {
			db := NewDB(slam, K)
			if err := db.Build(context.Background(), nil); err != nil {
				t.Fatal(err)
			}
			checked, given, below := 0, 0, 0
			var walk func(n strategyNode, path map[strategyNode]bool, left int, deviated bool)
			walk = func(n strategyNode, path map[strategyNode]bool, left int, deviated bool) {
				moves := db.Moves(n.b)
				if moves == 0 {
					return
				}
				k := kalah.RowSum(n.b.My) + kalah.RowSum(n.b.Opp)
				lo, _ := db.Bounds(n.b)
				if n.mine && len(path) > 1 {
					holds, ok := firstCompare(db, n, path, lo, false)
					switch {
					case !ok:
						given++
					case deviated && !holds:
						below++
					case !deviated && !holds:
						t.Fatalf("%v: after the strategy's line of %d positions the value is below the lower bound %d", n.b, len(path)-1, lo)
					case !deviated:
						checked++
					}
				}
				if left == 0 {
					return
				}
				for i := range 6 {
					if moves&(1<<i) == 0 {
						continue
					}
					dev := deviated
					if n.mine {
						pit, _ := db.BestMove(n.b)
						switch {
						case lo == -k:
							return // a trivial guarantee: the strategy has no line here
						case i != pit && (deviated || len(path) > 1):
							continue // the strategy's move only (one deviation, at the first turn)
						case i != pit:
							dev = true
						}
					}
					c, g := db.Play(n.b, i)
					cn := strategyNode{c, !n.mine}
					if g > 0 || path[cn] {
						continue // a capture leaves the level; a recurrence ends the game
					}
					path[cn] = true
					walk(cn, path, left-1, dev)
					delete(path, cn)
				}
			}
			for k := 1; k <= K; k++ {
				for _, b := range levelBoards(k) {
					for _, mine := range []bool{true, false} {
						n := strategyNode{b, mine}
						walk(n, map[strategyNode]bool{n: true}, plies, false)
					}
				}
			}
			t.Logf("up to %d seeds: %d positions on strategy lines checked (%d given up); after a first move off the strategy, %d values below the bound", K, checked, given, below)
			if checked == 0 {
				t.Fatal("nothing checked")
			}
			if below == 0 {
				t.Error("no value falls below its bound off the strategy's lines: the condition is not shown to matter")
			}
		})
	}
}
