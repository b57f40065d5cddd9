package search

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// bruteForce is plain minimax over the engine's positions, with nothing
// but the rules: the final store margin for the side to move with perfect
// play. The side to move changes sign only when the player changes (a new
// side to move, or the pie rule's swap). A line that comes back to a
// position is scored as the solver documents: each side takes the seeds on
// its side (for Oware only at the third occurrence, counting hist). Kalah
// positions never come back (seeds only leave the pits or move forward in
// the mover's row), so their values are memoized.
func bruteForce(p engine.Position, path []engine.Position, hist []engine.Position) int {
	v, _ := bruteForceBudget(p, path, hist, 0)
	return v
}

// bruteForceBudget is bruteForce that gives up (ok false) after visiting
// budget positions (0: no limit).
func bruteForceBudget(p engine.Position, path []engine.Position, hist []engine.Position, budget int) (v int, ok bool) {
	left := budget
	if budget == 0 {
		left = -1
	}
	defer func() {
		if r := recover(); r != nil {
			if r != errBudget {
				panic(r)
			}
			v, ok = 0, false
		}
	}()
	var keys []string
	for _, q := range hist {
		keys = append(keys, stateKey(q))
	}
	for _, q := range path {
		keys = append(keys, stateKey(q))
	}
	return bruteForceMemo(p, keys, map[string]int{}, &left), true
}

var errBudget = errors.New("brute force budget exhausted")

// bruteForceMemo: seen lists the keys of the positions before p (history
// and line).
func bruteForceMemo(p engine.Position, seen []string, memo map[string]int, left *int) int {
	if *left == 0 {
		panic(errBudget)
	}
	*left--
	me := p.ToMove()
	if p.Status() != engine.Ongoing {
		return p.Store(me) - p.Store(1-me)
	}
	acyclic := p.Rules().Variant().ID == "kalah"
	k := stateKey(p)
	if acyclic {
		if v, ok := memo[k]; ok {
			return v
		}
	} else {
		limit := 2
		if p.Rules().Variant().ID == "oware" {
			limit = p.Rules().RepetitionLimit() // 3, or 2 under repetition=first
		}
		n := 1
		for _, x := range seen {
			if x == k {
				n++
			}
		}
		if n >= limit {
			return p.Store(me) + p.PitSeeds(me) - p.Store(1-me) - p.PitSeeds(1-me)
		}
	}
	best := -1 << 30
	for _, m := range p.Moves() {
		q, err := p.Play(m)
		if err != nil {
			panic(err)
		}
		v := bruteForceMemo(q, append(seen, k), memo, left)
		if q.ToMove() != me || m.Kind == engine.Swap {
			v = -v
		}
		best = max(best, v)
	}
	if acyclic {
		memo[k] = best
	}
	return best
}

// stateKey identifies a position as the repetition rule does: everything
// but the ply count.
func stateKey(p engine.Position) string {
	s := p.Setup()
	extra := ""
	if s.Extra != nil {
		b, _ := json.Marshal(s.Extra)
		extra = string(b)
	}
	return fmt.Sprint(s.ToMove, s.Pits, s.Stores, s.Status, extra)
}

func mustPos(t *testing.T, r engine.Rules, toMove engine.Side, south, north []int, stores []int, extra string) engine.Position {
	t.Helper()
	s := engine.Setup{ToMove: toMove, Pits: [][]int{south, north}, Stores: stores}
	if extra != "" {
		if err := json.Unmarshal([]byte(extra), &s.Extra); err != nil {
			t.Fatal(err)
		}
	}
	p, err := engine.NewPosition(r, s)
	if err != nil {
		t.Fatalf("NewPosition: %v", err)
	}
	return p
}

func solveOpts(t *testing.T) SolveOptions {
	return SolveOptions{CacheDir: t.TempDir(), MemoryMB: 64}
}

// checkSolve solves p, compares the value with brute force and checks that
// the best move achieves it.
func checkSolve(t *testing.T, p engine.Position, opts SolveOptions) Result {
	t.Helper()
	want := bruteForce(p, nil, nil)
	res, err := Solve(context.Background(), p, opts)
	if err != nil {
		t.Fatalf("Solve(%v): %v", p.Setup(), err)
	}
	if res.Value != want {
		t.Fatalf("Solve value %d, brute force %d, position\n%s", res.Value, want, p)
	}
	q, err := p.Play(res.Best)
	if err != nil {
		t.Fatalf("best move %s: %v\n%s", res.Best, err, p)
	}
	v := bruteForce(q, []engine.Position{p}, nil)
	if q.ToMove() != p.ToMove() || res.Best.Kind == engine.Swap {
		v = -v
	}
	if v != want {
		t.Fatalf("best move %s reaches %d, not the value %d\n%s", res.Best, v, want, p)
	}
	return res
}

func TestSolveKalahStartsAgainstBruteForce(t *testing.T) {
	for _, c := range []struct{ pits, seeds int }{{1, 1}, {1, 5}, {2, 1}, {2, 2}, {2, 3}, {3, 1}, {3, 2}, {4, 1}} {
		for _, ec := range []bool{false, true} {
			for _, db := range []int{-1, 3, 8} {
				name := fmt.Sprintf("kalah(%d,%d)/ec=%v/db=%d", c.pits, c.seeds, ec, db)
				t.Run(name, func(t *testing.T) {
					r := engine.MustNew("kalah", engine.Options{"pits": strconv.Itoa(c.pits), "seeds": strconv.Itoa(c.seeds), "empty_capture": strconv.FormatBool(ec)})
					opts := solveOpts(t)
					opts.DBSeeds = db
					checkSolve(t, r.Start(), opts)
				})
			}
		}
	}
}

// randomPosition plays random moves from the start until at most maxSeeds
// seeds are left in the pits (or the game would end).
func randomPosition(r engine.Rules, rng *rand.Rand, maxSeeds int) (engine.Position, bool) {
	p := r.Start()
	for p.PitSeeds(engine.South)+p.PitSeeds(engine.North) > maxSeeds {
		moves := p.Moves()
		if len(moves) == 0 {
			return p, false
		}
		q, _ := p.Play(moves[rng.IntN(len(moves))])
		if q.Status() != engine.Ongoing {
			return p, false
		}
		p = q
	}
	return p, true
}

func TestSolveKalahPositionsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 15
	if testing.Short() {
		n = 4
	}
	for _, opts := range []engine.Options{
		{"pits": "6", "seeds": "4"},
		{"pits": "6", "seeds": "4", "empty_capture": "true"},
		{"pits": "4", "seeds": "3"},
		{"pits": "8", "seeds": "2"},
	} {
		r := engine.MustNew("kalah", opts)
		for i := 0; i < n; {
			p, ok := randomPosition(r, rng, 8)
			if !ok {
				continue
			}
			i++
			o := solveOpts(t)
			o.DBSeeds = []int{-1, 4, 6}[i%3]
			checkSolve(t, p, o)
		}
	}
}

func TestSolveKalahPie(t *testing.T) {
	for _, c := range []struct{ pits, seeds int }{{2, 1}, {2, 2}, {3, 1}} {
		r := engine.MustNew("kalah", engine.Options{"pits": strconv.Itoa(c.pits), "seeds": strconv.Itoa(c.seeds), "pie": "true"})
		checkSolve(t, r.Start(), solveOpts(t))
		// And at North's first turn, where the swap is one of the moves.
		p, _ := r.Start().Play(r.Start().Moves()[0])
		if p.Status() == engine.Ongoing {
			checkSolve(t, p, solveOpts(t))
		}
	}
}

func TestSolveOtherVariantsAgainstBruteForce(t *testing.T) {
	cases := []struct {
		name    string
		variant string
		opts    engine.Options
		toMove  engine.Side
		south   []int
		north   []int
		stores  []int
		extra   string
	}{
		{"oware grand slam forbidden", "oware", engine.Options{"grand_slam": "forbidden"}, engine.South, []int{0, 0, 0, 0, 1, 1}, []int{1, 1, 0, 0, 0, 0}, []int{22, 22}, ""},
		{"oware cycle", "oware", nil, engine.South, []int{0, 0, 0, 0, 0, 1}, []int{0, 0, 0, 0, 0, 1}, []int{23, 23}, ""},
		{"congkak", "congkak", nil, engine.South, []int{0, 1, 0, 2, 0, 0, 0}, []int{1, 0, 0, 1, 0, 0, 0}, []int{45, 44}, ""},
		{"congkak no relay", "congkak", engine.Options{"relay": "false"}, engine.North, []int{1, 0, 1, 0, 0, 0, 0}, []int{0, 2, 0, 0, 1, 0, 0}, []int{40, 54}, ""},
		{"togyz tuzdyk", "togyz", nil, engine.North, []int{0, 2, 0, 0, 0, 0, 0, 0, 0}, []int{1, 0, 0, 0, 0, 0, 0, 0, 1}, []int{79, 79}, `{"tuzdyk":{"south":0,"north":3}}`},
		{"togyz makes tuzdyk", "togyz", nil, engine.South, []int{0, 0, 0, 0, 0, 0, 0, 0, 3}, []int{0, 2, 0, 0, 0, 0, 0, 0, 0}, []int{80, 77}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := engine.MustNew(c.variant, c.opts)
			p := mustPos(t, r, c.toMove, c.south, c.north, c.stores, c.extra)
			if _, ok := bruteForceBudget(p, nil, nil, 100_000); !ok {
				t.Fatalf("too big for brute force:\n%s", p)
			}
			checkSolve(t, p, solveOpts(t))
		})
	}
}

// TestSolveRandomEndgames checks the solver against brute force on random
// sparse endgames of the variants whose lines can cycle, keeping those
// brute force can finish.
func TestSolveRandomEndgames(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 5
	if testing.Short() {
		n = 2
	}
	for _, c := range []struct {
		variant string
		opts    engine.Options
		total   int
	}{
		{"oware", nil, 48},
		{"oware", engine.Options{"grand_slam": "forbidden"}, 48},
		{"oware", engine.Options{"grand_slam": "nocapture"}, 48},
		{"congkak", nil, 98},
		{"togyz", nil, 162},
	} {
		r := engine.MustNew(c.variant, c.opts)
		pits := r.Layout().Pits
		done, tries := 0, 0
		for done < n && tries < 50*n {
			tries++
			var rows [2][]int
			left := 2 + rng.IntN(4)
			for s := range 2 {
				rows[s] = make([]int, pits)
			}
			for range left {
				rows[rng.IntN(2)][rng.IntN(pits)]++
			}
			south := (c.total-left)/2 - 2 + rng.IntN(5)
			setup := engine.Setup{ToMove: engine.Side(rng.IntN(2)), Pits: rows[:], Stores: []int{south, c.total - left - south}}
			if c.variant == "togyz" && rng.IntN(2) == 0 {
				// South's tuzdyk on a pit of North's that is empty.
				if n := 1 + rng.IntN(8); rows[1][n-1] == 0 {
					setup.Extra = map[string]json.RawMessage{"tuzdyk": json.RawMessage(fmt.Sprintf(`{"south":%d,"north":0}`, n))}
				}
			}
			p, err := engine.NewPosition(r, setup)
			if err != nil {
				continue
			}
			want, ok := bruteForceBudget(p, nil, nil, 20_000)
			if !ok {
				continue
			}
			done++
			res, err := Solve(context.Background(), p, solveOpts(t))
			if err != nil || res.Value != want {
				t.Fatalf("%s: Solve = %d, %v; brute force %d\n%s", c.variant, res.Value, err, want, p)
			}
		}
		if done < n/2 {
			t.Errorf("%s: only %d positions small enough for brute force", c.variant, done)
		}
	}
}

func TestSolveErrors(t *testing.T) {
	ctx := context.Background()
	r := engine.MustNew("kalah", engine.Options{"pits": "1", "seeds": "1"})
	over, _ := r.Start().Play(engine.Move{Pit: 1})
	if _, err := Solve(ctx, over, solveOpts(t)); !errors.Is(err, ErrGameOver) {
		t.Errorf("finished game: err %v, want ErrGameOver", err)
	}
	if _, err := Solve(ctx, engine.MustNew("tchuka", nil).Start(), solveOpts(t)); !errors.Is(err, ErrSolitaire) {
		t.Errorf("solitaire: err %v, want ErrSolitaire", err)
	}
	o := solveOpts(t)
	o.MaxNodes, o.DBSeeds = 100, -1
	if _, err := Solve(ctx, engine.MustNew("kalah", nil).Start(), o); !errors.Is(err, ErrTooLarge) {
		t.Errorf("node budget: err %v, want ErrTooLarge", err)
	}
	if _, err := Solve(ctx, engine.MustNew("oware", nil).Start(), o); !errors.Is(err, ErrTooLarge) {
		t.Errorf("oware node budget: err %v, want ErrTooLarge", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	o.MaxNodes = 0
	if _, err := Solve(cctx, engine.MustNew("togyz", nil).Start(), o); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err %v, want context.Canceled", err)
	}
}
