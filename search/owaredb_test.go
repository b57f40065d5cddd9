package search

import (
	"context"
	"errors"
	"math/rand"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

var owareRules = engine.MustNew("oware", nil)

// owarePosition sets up board b with South to move and South's store
// margin d (stores of 10 and 10+|d|).
func owarePosition(t testing.TB, b kboard, d int) (engine.Position, error) {
	t.Helper()
	var s, n [6]int
	for j := range 6 {
		s[j], n[j] = pitAt(b.my, j), pitAt(b.opp, j)
	}
	return engine.NewPosition(owareRules, engine.Setup{
		ToMove: engine.South,
		Pits:   [][]int{s[:], n[:]},
		Stores: []int{10 + max(d, 0), 10 + max(-d, 0)},
	})
}

// TestOwarePlayMatchesEngine checks the database's move generator against
// the engine's rules on random boards: the same legal moves, the same
// child boards and captures, the same end.
func TestOwarePlayMatchesEngine(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for range 20000 {
		var b kboard
		seeds := rng.Intn(30)
		for range seeds {
			j := rng.Intn(12)
			if j < 6 {
				b.my += 1 << (8 * j)
			} else {
				b.opp += 1 << (8 * (j - 6))
			}
		}
		p, err := owarePosition(t, b, 0)
		mask := owareMoves(b)
		if err != nil {
			if mask != 0 {
				t.Fatalf("%v: engine says over (%v), database has moves %b", b, err, mask)
			}
			continue
		}
		var em uint
		for _, m := range p.Moves() {
			em |= 1 << (m.Pit - 1)
		}
		if em != mask {
			t.Fatalf("%v: engine moves %b, database %b", b, em, mask)
		}
		for i := range 6 {
			if mask&(1<<i) == 0 {
				continue
			}
			c, g := owarePlay(b, i)
			q, err := p.Play(engine.Move{Kind: engine.Sow, Pit: uint8(i + 1)})
			if err != nil {
				t.Fatal(err)
			}
			if got := q.Store(engine.South) - p.Store(engine.South); got != g && q.Status() == engine.Ongoing {
				t.Fatalf("%v pit %d: engine captures %d, database %d", b, i+1, got, g)
			}
			if q.Status() != engine.Ongoing {
				continue // a majority, or the end sweep: the pits are emptied
			}
			cb, _ := owareBoardOf(&q)
			if cb != c {
				t.Fatalf("%v pit %d: engine child %v, database %v", b, i+1, cb, c)
			}
		}
	}
}

// bruteSearch is a brute-force minimax over the engine's rules, the
// third-repetition rule of Game included: every line is played through a
// Game, with no bound and no table but one of results that no repetition
// touched (those do not depend on the line that led to the position).
type bruteSearch struct {
	memo  map[engine.Key]int8
	nodes int
	limit int // nodes; past it the search gives up
}

var errBruteLimit = errors.New("brute force: node limit")

// outcome returns the result of g's position for the side to move with
// perfect play (+1 win, 0 draw, -1 loss) and whether a repetition ended a
// line it depends on.
func (s *bruteSearch) outcome(g *engine.Game) (v int, rep bool) {
	if s.nodes++; s.nodes > s.limit {
		panic(errBruteLimit)
	}
	p := g.Position()
	if p.Status() != engine.Ongoing {
		rep = p.EndReason() == engine.EndRepetition
		switch w, ok := p.Status().Winner(); {
		case !ok:
			return 0, rep
		case w == p.ToMove():
			return 1, rep
		default:
			return -1, rep
		}
	}
	k := p.Key()
	if v, ok := s.memo[k]; ok {
		return int(v), false
	}
	best := -2
	for _, m := range p.Moves() {
		if _, err := g.Play(m); err != nil {
			panic(err)
		}
		cv, crep := s.outcome(g)
		g.Undo()
		if -cv == 1 { // a win: nothing else matters
			best, rep = 1, crep
			break
		}
		best = max(best, -cv)
		rep = rep || crep
	}
	if !rep {
		s.memo[k] = int8(best)
	}
	return best, rep
}

// bruteOutcome returns the result of p with perfect play from scratch
// under the engine's rules, or ok false past limit nodes.
func bruteOutcome(p engine.Position, limit int) (v int, ok bool) {
	s := &bruteSearch{memo: map[engine.Key]int8{}, limit: limit}
	defer func() {
		if r := recover(); r != nil {
			if r != errBruteLimit {
				panic(r)
			}
			ok = false
		}
	}()
	v, _ = s.outcome(engine.NewGame(p))
	return v, true
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// TestOwareDBBruteForce checks every board of up to owareBruteSeeds seeds
// against a brute-force minimax over the engine itself (with Game's
// repetition rule): for each board, with South's store margin d set to
// -v-1, -v and -v+1 (v the database's value), the engine's result must be
// a loss, a draw and a win, which pins v exactly. Where the database only
// has bounds, the result must agree with them.
func TestOwareDBBruteForce(t *testing.T) {
	const K = owareBruteSeeds
	db := newOwareDB(K)
	if err := db.build(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	exact, open, total, checked, given := 0, 0, 0, 0, 0
	for k := 1; k <= K; k++ {
		for j := 1; j <= k; j++ {
			for _, my := range compositions(6, j) {
				for _, opp := range compositions(6, k-j) {
					b := kboard{my, opp}
					if owareMoves(b) == 0 {
						continue
					}
					total++
					lo, hi := db.bounds(b)
					if lo == hi {
						exact++
					} else {
						open++
					}
					for d := -hi - 1; d <= -lo+1; d++ {
						if d < -k || d > k {
							continue // not a position: a majority already
						}
						p, err := owarePosition(t, b, d)
						if err != nil {
							t.Fatalf("%v d=%d: %v", b, d, err)
						}
						got, ok := bruteOutcome(p, owareBruteNodes)
						if !ok {
							given++
							continue
						}
						checked++
						switch {
						case d+lo > 0 && got != 1, d+hi < 0 && got != -1, lo == hi && got != sign(d+lo):
							t.Fatalf("%v margin %+d: brute force %+d, database bounds [%d, %d]", b, d, got, lo, hi)
						}
					}
				}
			}
		}
	}
	t.Logf("%d boards of 1 to %d seeds with moves: %d exact, %d with bounds only; %d positions checked, %d given up (over %d nodes)",
		total, K, exact, open, checked, given, owareBruteNodes)
}

const (
	owareBruteSeeds = 3
	owareBruteNodes = 20_000
)
