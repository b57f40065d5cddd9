package search

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/kalah"
)

// isolateCache points the endgame database cache (Perfect, Prepare) at a
// temporary directory, so that no test writes to the user's cache.
func isolateCache(t *testing.T) {
	t.Helper()
	setCacheDir(t, t.TempDir())
}

// setCacheDir makes dir the cache folder for the test, and stops at its
// end the database builds it left going on in the background (they would
// take the CPU from the tests after it).
func setCacheDir(t testing.TB, dir string) {
	t.Helper()
	t.Setenv("MANCALA_CACHE_DIR", dir)
	t.Cleanup(StopBackground)
}

func kalahRules(pits, seeds int) engine.Rules {
	return engine.MustNew("kalah", engine.Options{"pits": strconv.Itoa(pits), "seeds": strconv.Itoa(seeds)})
}

// sparseEndgames returns positions of r with a few seeds left in the pits
// (from 2 to maxLeft), South or North to move, made with a fixed seed.
func sparseEndgames(t *testing.T, r engine.Rules, n, maxLeft int) []engine.Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(31, uint64(len(r.Variant().ID))))
	pits := r.Layout().Pits
	total := r.Start().Seeds()
	var out []engine.Position
	for tries := 0; len(out) < n && tries < 1000; tries++ {
		rows := [][]int{make([]int, pits), make([]int, pits)}
		left := 2 + rng.IntN(maxLeft-1)
		for range left {
			rows[rng.IntN(2)][rng.IntN(pits)]++
		}
		south := (total-left)/2 - 2 + rng.IntN(5)
		p, err := engine.NewPosition(r, engine.Setup{ToMove: engine.Side(rng.IntN(2)), Pits: rows, Stores: []int{south, total - left - south}})
		if err != nil || p.Status() != engine.Ongoing || len(p.Moves()) < 2 {
			continue
		}
		out = append(out, p)
	}
	if len(out) < n {
		t.Fatalf("%s: only %d sparse endgames", r.Variant().ID, len(out))
	}
	return out
}

func TestLevelNames(t *testing.T) {
	levels := Levels()
	want := []string{"beginner", "easy", "medium", "hard", "expert", "perfect"}
	if len(levels) != len(want) {
		t.Fatalf("Levels() = %v, want %d levels", levels, len(want))
	}
	for i, l := range levels {
		if l.String() != want[i] {
			t.Errorf("level %d is %q, want %q", i+1, l, want[i])
		}
		if i > 0 && l <= levels[i-1] {
			t.Errorf("Levels() not weakest first: %v", levels)
		}
		for _, s := range []string{l.String(), strings.ToUpper(l.String()), " " + l.String() + "\t", strconv.Itoa(i + 1)} {
			got, err := ParseLevel(s)
			if err != nil || got != l {
				t.Errorf("ParseLevel(%q) = %v, %v; want %v", s, got, err, l)
			}
		}
	}
	for _, s := range []string{"", "0", "7", "-1", "expertt", "level3", "hard!", "beginner easy", "1.0"} {
		l, err := ParseLevel(s)
		if err == nil {
			t.Errorf("ParseLevel(%q) = %v, want an error", s, l)
			continue
		}
		if !strings.Contains(err.Error(), "beginner, easy, medium, hard, expert, perfect") {
			t.Errorf("ParseLevel(%q): error %q does not list the levels", s, err)
		}
	}
	if got := Level(0).String(); got != "level0" {
		t.Errorf("Level(0).String() = %q", got)
	}
	if got := Level(9).String(); got != "level9" {
		t.Errorf("Level(9).String() = %q", got)
	}
}

func TestLevelErrors(t *testing.T) {
	ctx := context.Background()
	start := engine.MustNew("kalah", nil).Start()
	for _, l := range []Level{0, Perfect + 1, -1} {
		if _, err := l.MoveFrom(ctx, start, nil, 1); err == nil {
			t.Errorf("level %d: no error", int(l))
		}
	}
	over, _ := kalahRules(1, 1).Start().Play(engine.Move{Pit: 1})
	failed, _ := tchuka(4, 2).Start().Play(engine.Move{Pit: 1})
	for _, l := range Levels() {
		for _, p := range []engine.Position{over, failed} {
			if _, err := l.MoveFrom(ctx, p, nil, 1); !errors.Is(err, ErrGameOver) {
				t.Errorf("%s on a finished %s game: err %v, want ErrGameOver", l, p.Rules().Variant().ID, err)
			}
		}
	}
}

// checkLevelMove asks level l for a move in p (after the history hist) and
// checks that it is legal.
func checkLevelMove(t *testing.T, l Level, p engine.Position, hist []engine.Position, seed int64) engine.Move {
	t.Helper()
	m, err := l.MoveFrom(context.Background(), p, hist, seed)
	if err != nil {
		t.Fatalf("%s seed %d: %v\n%s", l, seed, err, p)
	}
	if !isLegal(p, m) {
		t.Fatalf("%s seed %d: illegal move %s in\n%s", l, seed, m, p)
	}
	return m
}

// quickEndgames returns sparse endgames of r (2 to 4 seeds in the pits)
// that Expert and Perfect answer in a few thousand nodes, so that no test
// waits for MaxThink even under the race detector: the analysis proves its
// value within 10 000 nodes (Expert stops there, with the same search),
// and for the games other than Kalah the generic solver needs at most
// 20 000 (Perfect's solve). For Kalah, r must have its database prepared.
func quickEndgames(t *testing.T, r engine.Rules, n int) []engine.Position {
	t.Helper()
	var out []engine.Position
	for _, p := range sparseEndgames(t, r, 8*n, 4) {
		a, err := Analyze(context.Background(), p, Limits{Nodes: 10_000, TableMB: 16})
		if err != nil || !a.Proven {
			continue
		}
		if _, _, _, kalah := kalah.Params(r); !kalah {
			if _, err := Solve(context.Background(), p, SolveOptions{MaxNodes: 20_000, MemoryMB: 256}); err != nil {
				continue
			}
		}
		if out = append(out, p); len(out) == n {
			return out
		}
	}
	t.Fatalf("%s: only %d quick endgames", r.Variant().ID, len(out))
	return nil
}

// TestLevelsLegalMoves: the levels up to Hard give a legal move at the
// start and in mid-game positions of every two-player variant, with their
// default options. (Expert and Perfect search up to 1.5 million positions
// there: they are checked on small boards in TestLevelsLegalMovesSmall.)
func TestLevelsLegalMoves(t *testing.T) {
	for _, r := range twoPlayerVariants(t) {
		t.Run(r.Variant().ID, func(t *testing.T) {
			t.Parallel()
			for i, p := range samplePositions(r) {
				for _, l := range []Level{Beginner, Easy, Medium, Hard} {
					if l == Medium && i == 0 && r.Variant().ID == "congkak" {
						// Medium's full-width five plies with Congkak's
						// relay sowing take MaxThink (and, under the race
						// detector, well past it: see TestAnalyzeNodeLimit).
						continue
					}
					if l == Hard && i > 0 {
						continue // 40 000 nodes: the start is enough (see TestLevelsDeterministic)
					}
					checkLevelMove(t, l, p, nil, int64(i))
				}
			}
		})
	}
	// Move reads the game: the position and its history.
	t.Run("game", func(t *testing.T) {
		t.Parallel()
		r := engine.MustNew("oware", nil)
		g := engine.NewGame(r.Start())
		for range 12 {
			ps := g.Positions()
			m, err := Medium.Move(context.Background(), g, 4)
			if err != nil {
				t.Fatal(err)
			}
			if want := checkLevelMove(t, Medium, ps[len(ps)-1], ps[:len(ps)-1], 4); m != want {
				t.Fatalf("Move %s, MoveFrom %s", m, want)
			}
			if _, err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// smallKalahs returns the small Kalah boards the strong levels are tested
// on, their databases prepared in the test's cache directory.
func smallKalahs(t *testing.T) []engine.Rules {
	t.Helper()
	rs := []engine.Rules{kalahRules(4, 2), kalahRules(3, 3), kalahRules(4, 3)}
	for _, r := range rs {
		// As the bot does: the database first, so that Perfect's first move
		// does not build it within MaxThink.
		if err := Prepare(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	return rs
}

// TestLevelsLegalMovesSmall: every level, Expert and Perfect included,
// gives a legal move at the start of small Kalah boards and in endgames of
// every game.
func TestLevelsLegalMovesSmall(t *testing.T) {
	isolateCache(t)
	var positions []engine.Position
	for _, r := range smallKalahs(t) {
		positions = append(positions, r.Start())
	}
	positions = append(positions, quickEndgames(t, kalahRules(4, 3), 2)...)
	for _, v := range []string{"oware", "togyz", "congkak"} {
		positions = append(positions, quickEndgames(t, engine.MustNew(v, nil), 2)...)
	}
	for _, p := range positions {
		for _, l := range Levels() {
			if l == Expert && p.Rules() == kalahRules(4, 3) && p.Ply() == 0 {
				continue // half a million nodes to prove: MaxThink under -race
			}
			checkLevelMove(t, l, p, nil, 3)
		}
	}
}

// TestLevelsDeterministic: the same position, level and seed give the same
// move. Positions are chosen where no level comes near MaxThink.
func TestLevelsDeterministic(t *testing.T) {
	isolateCache(t)
	small := smallKalahs(t)
	var positions []engine.Position
	positions = append(positions, samplePositions(engine.MustNew("kalah", nil))[:2]...)
	positions = append(positions, samplePositions(engine.MustNew("oware", nil))[1:]...)
	positions = append(positions, samplePositions(small[2])...)
	for _, p := range positions {
		levels := []Level{Beginner, Easy, Medium}
		for _, l := range levels {
			for _, seed := range []int64{0, 7, -3} {
				a := checkLevelMove(t, l, p, nil, seed)
				b := checkLevelMove(t, l, p, nil, seed)
				if a != b {
					t.Errorf("%s seed %d: %s then %s\n%s", l, seed, a, b, p)
				}
			}
		}
	}
	for _, p := range []engine.Position{positions[0], positions[len(positions)-1]} {
		if a, b := checkLevelMove(t, Hard, p, nil, 1), checkLevelMove(t, Hard, p, nil, 1); a != b {
			t.Errorf("Hard: %s then %s\n%s", a, b, p)
		}
	}
	var strong []engine.Position
	for _, r := range small[:2] {
		strong = append(strong, r.Start())
	}
	strong = append(strong, quickEndgames(t, small[2], 1)...)
	for _, v := range []string{"oware", "togyz", "congkak"} {
		strong = append(strong, quickEndgames(t, engine.MustNew(v, nil), 1)...)
	}
	for _, p := range strong {
		for _, l := range []Level{Expert, Perfect} {
			if a, b := checkLevelMove(t, l, p, nil, 1), checkLevelMove(t, l, p, nil, 1); a != b {
				t.Errorf("%s: %s then %s\n%s", l, a, b, p)
			}
		}
	}
}

// TestLevelsVariation: the noisy levels vary their moves with the seed,
// only among the moves they score within their cutoff of the best (the
// scores of scoreMoves at the level's depth); Hard does not vary.
func TestLevelsVariation(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	var positions []engine.Position
	for _, r := range []engine.Rules{engine.MustNew("kalah", nil), engine.MustNew("oware", nil), kalahRules(4, 3)} {
		for range 4 {
			positions = append(positions, playRandom(r.Start(), rng, 2+rng.IntN(25)))
		}
	}
	const seeds = 16
	for _, l := range []Level{Beginner, Easy, Medium} {
		spec := levelSpecs[l]
		varied := 0
		for _, p := range positions {
			scores, stopped := scoreMoves(context.Background(), p, nil, spec.depth, 0)
			if stopped || len(scores) != len(p.Moves()) {
				t.Fatalf("scoreMoves: %d scores for %d moves, stopped %v", len(scores), len(p.Moves()), stopped)
			}
			best := scores[0].Score
			for _, s := range scores {
				best = max(best, s.Score)
			}
			seen := map[engine.Move]bool{}
			for seed := range int64(seeds) {
				m := checkLevelMove(t, l, p, nil, seed)
				seen[m] = true
				for _, s := range scores {
					if s.Move == m && s.Score < best-spec.cutoff-1e-9 {
						t.Errorf("%s seed %d plays %s scored %.2f, best %.2f, cutoff %v\n%s", l, seed, m, s.Score, best, spec.cutoff, p)
					}
				}
			}
			if len(seen) > 1 {
				varied++
			}
		}
		if varied == 0 {
			t.Errorf("%s plays the same move for %d seeds in all %d positions", l, seeds, len(positions))
		}
		t.Logf("%s varies in %d of %d positions", l, varied, len(positions))
	}
	// Beginner varies at the very start of Kalah, where several moves are
	// close.
	seen := map[engine.Move]bool{}
	for seed := range int64(seeds) {
		seen[checkLevelMove(t, Beginner, engine.MustNew("kalah", nil).Start(), nil, seed)] = true
	}
	if len(seen) < 2 {
		t.Errorf("Beginner plays only %v at Kalah's start over %d seeds", seen, seeds)
	}
	// Hard depends on the position alone.
	for _, p := range []engine.Position{positions[0], positions[4]} {
		first := checkLevelMove(t, Hard, p, nil, 0)
		for _, seed := range []int64{1, -9} {
			if m := checkLevelMove(t, Hard, p, nil, seed); m != first {
				t.Errorf("Hard: seed 0 plays %s, seed %d %s\n%s", first, seed, m, p)
			}
		}
	}
}

// TestLevelsNeverAbsurd: the noisy levels never leave a big capture on the
// table nor hand one over at once.
func TestLevelsNeverAbsurd(t *testing.T) {
	kalah := engine.MustNew("kalah", nil)
	// Capture: pit 1's seed lands in empty pit 2 and takes North's pit 5
	// (ten seeds); pit 6 only puts a seed into the store (see tactics).
	capture := mustPos(t, kalah, engine.South, []int{1, 0, 0, 0, 0, 2}, []int{1, 1, 1, 1, 10, 1}, []int{15, 15}, "")
	// Hand-over: South's heap of ten in pit 2 faces North's empty pit 5.
	// North's pit 3 holds one seed, which lands in occupied pit 4: no
	// threat. South's pit 6 (four seeds: store, North 1, 2, 3) makes North's
	// pit 3 two, and North's 3 then ends in pit 5 and takes the heap: 11
	// seeds. Pit 1 (into the heap) and pit 2 (the heap itself) hand nothing
	// over.
	handOver := mustPos(t, kalah, engine.South, []int{1, 10, 0, 0, 0, 4}, []int{0, 0, 1, 2, 0, 3}, []int{13, 14}, "")
	q, _ := handOver.Play(engine.Move{Pit: 6})
	if q.ToMove() != engine.North || q.Pit(engine.North, 3) != 2 {
		t.Fatalf("after 6: North's pit 3 holds %d, %s to move\n%s", q.Pit(engine.North, 3), q.ToMove(), q)
	}
	if q2, _ := q.Play(engine.Move{Pit: 3}); q2.Store(engine.North)-q.Store(engine.North) != 11 {
		t.Fatalf("North's 3 after South's 6 takes %d, not 11\n%s", q2.Store(engine.North)-q.Store(engine.North), q2)
	}
	for _, o := range []int{1, 2} {
		q, _ := handOver.Play(engine.Move{Pit: uint8(o)})
		for _, m := range q.Moves() {
			if q2, _ := q.Play(m); q2.Store(engine.North)-q.Store(engine.North) > 1 && q.ToMove() == engine.North {
				t.Fatalf("after South's %d North's %s captures\n%s", o, m, q)
			}
		}
	}
	for _, l := range []Level{Beginner, Easy, Medium} {
		for seed := range int64(200) {
			if m := checkLevelMove(t, l, capture, nil, seed); m != (engine.Move{Pit: 1}) {
				t.Fatalf("%s seed %d leaves the capture of 11: plays %s", l, seed, m)
			}
			if m := checkLevelMove(t, l, handOver, nil, seed); m == (engine.Move{Pit: 6}) {
				t.Fatalf("%s seed %d hands over the heap: plays 6", l, seed)
			}
		}
	}
}

// TestPickNoisy: the noisy levels draw among the moves within their cutoff
// of the best (levelSpecs), favouring the better.
func TestPickNoisy(t *testing.T) {
	mv := func(i int) engine.Move { return engine.Move{Pit: uint8(i)} }
	scores := []MoveScore{{mv(1), -20}, {mv(2), -3.2}, {mv(3), -2.8}, {mv(4), -0.9}, {mv(5), -0.2}, {mv(6), 0}}
	for _, l := range []Level{Beginner, Easy, Medium} {
		spec := levelSpecs[l]
		counts := map[engine.Move]int{}
		for seed := range uint64(3000) {
			counts[pickNoisy(scores, spec, rand.New(rand.NewPCG(seed, 1)))]++
		}
		for _, s := range scores {
			n := counts[s.Move]
			switch within := s.Score >= -spec.cutoff; {
			case !within && n > 0:
				t.Errorf("%s (cutoff %v) played a move %v seeds worse %d times", l, spec.cutoff, -s.Score, n)
			case within && s.Score > -0.5 && n == 0:
				t.Errorf("%s never played the move %v seeds worse", l, -s.Score)
			}
		}
		if counts[mv(6)] < counts[mv(4)] {
			t.Errorf("%s: the best move drawn %d times, one 0.9 worse %d", l, counts[mv(6)], counts[mv(4)])
		}
	}
	// A single candidate, and all equal.
	if m := pickNoisy(scores[5:], levelSpecs[Beginner], rand.New(rand.NewPCG(1, 2))); m != mv(6) {
		t.Errorf("one move: %s", m)
	}
}

// childValue is the exact value, for the side to move in p, of playing m.
func childValue(t *testing.T, p engine.Position, m engine.Move, opts SolveOptions) int {
	t.Helper()
	q, err := p.Play(m)
	if err != nil {
		t.Fatalf("%s: %v", m, err)
	}
	var v int
	if q.Status() != engine.Ongoing {
		v = q.Store(q.ToMove()) - q.Store(1-q.ToMove())
	} else {
		res, err := Solve(context.Background(), q, opts)
		if err != nil {
			t.Fatal(err)
		}
		v = res.Value
	}
	if q.ToMove() != p.ToMove() {
		v = -v
	}
	return v
}

// TestPerfectMatchesSolve: Perfect's move keeps the exact value.
func TestPerfectMatchesSolve(t *testing.T) {
	isolateCache(t)
	exact := SolveOptions{DBSeeds: -1, CacheDir: "-", MemoryMB: 32}
	rng := rand.New(rand.NewPCG(41, 42))
	var positions []engine.Position
	for _, r := range smallKalahs(t) {
		positions = append(positions, r.Start())
		for range 2 {
			positions = append(positions, playRandom(r.Start(), rng, 1+rng.IntN(10)))
		}
	}
	for _, p := range positions {
		if p.Status() != engine.Ongoing {
			continue
		}
		root, err := Solve(context.Background(), p, exact)
		if err != nil {
			t.Fatal(err)
		}
		best := -1 << 30
		for _, m := range p.Moves() {
			best = max(best, childValue(t, p, m, exact))
		}
		if best != root.Value {
			t.Fatalf("Solve says %d, its children %d\n%s", root.Value, best, p)
		}
		m := checkLevelMove(t, Perfect, p, nil, 1)
		if v := childValue(t, p, m, exact); v != root.Value {
			t.Errorf("Perfect plays %s worth %d; the value is %d (Solve's move %s)\n%s", m, v, root.Value, root.Best, p)
		}
	}
	// The other games' small endgames go to the generic solver. Only those
	// it answers in a few thousand nodes are used, so that Perfect's solve
	// is well inside MaxThink on any machine.
	checked := 0
	for _, v := range []string{"oware", "togyz", "congkak"} {
		r := engine.MustNew(v, nil)
		for _, p := range sparseEndgames(t, r, 4, 8) {
			root, err := Solve(context.Background(), p, SolveOptions{MaxNodes: 20_000, MemoryMB: 256})
			if errors.Is(err, ErrTooLarge) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			m := checkLevelMove(t, Perfect, p, nil, 1)
			if got := childValue(t, p, m, SolveOptions{History: []engine.Position{p}}); got != root.Value {
				t.Errorf("%s: Perfect plays %s worth %d; the value is %d\n%s", v, m, got, root.Value, p)
			}
			checked++
		}
	}
	if checked < 6 {
		t.Errorf("only %d endgames checked", checked)
	}
}

// TestSolveThreads: two threads find the same value as one, and a move that
// achieves it.
func TestSolveThreads(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	r := kalahRules(4, 3)
	positions := []engine.Position{r.Start()}
	for range 4 {
		positions = append(positions, playRandom(r.Start(), rng, 2+rng.IntN(6)))
	}
	ec := engine.MustNew("kalah", engine.Options{"pits": "4", "seeds": "3", "empty_capture": "true"})
	positions = append(positions, ec.Start())
	for _, p := range positions {
		var vals [2]int
		for i, threads := range []int{1, 2} {
			for _, db := range []int{-1, 8} {
				res, err := Solve(context.Background(), p, SolveOptions{DBSeeds: db, CacheDir: "-", MemoryMB: 32, Threads: threads})
				if err != nil {
					t.Fatal(err)
				}
				if db == -1 {
					vals[i] = res.Value
				} else if res.Value != vals[i] {
					t.Fatalf("threads %d: %d with the database, %d without", threads, res.Value, vals[i])
				}
				if v := childValue(t, p, res.Best, SolveOptions{DBSeeds: -1, CacheDir: "-", MemoryMB: 32}); v != res.Value {
					t.Errorf("threads %d: best move %s is worth %d, not %d\n%s", threads, res.Best, v, res.Value, p)
				}
			}
		}
		if vals[0] != vals[1] {
			t.Errorf("one thread %d, two %d\n%s", vals[0], vals[1], p)
		}
	}
	if start, err := Solve(context.Background(), r.Start(), SolveOptions{DBSeeds: -1, CacheDir: "-", Threads: 2}); err != nil || start.Value != 6 {
		t.Errorf("Kalah(4,3) with two threads: %d, %v; want 6", start.Value, err)
	}
	if start, err := Solve(context.Background(), ec.Start(), SolveOptions{DBSeeds: -1, CacheDir: "-", Threads: 2}); err != nil || start.Value != 8 {
		t.Errorf("Kalah(4,3) with empty capture, two threads: %d, %v; want 8", start.Value, err)
	}
}

// TestWithoutNodeBudget: a searching level's budget holds under a plain
// context and is lifted under WithoutNodeBudget, for a context derived
// from it too (a match's per-move deadline).
func TestWithoutNodeBudget(t *testing.T) {
	ctx := t.Context()
	free := WithoutNodeBudget(ctx)
	timed, cancel := context.WithTimeout(free, time.Hour)
	defer cancel()
	for _, l := range []Level{Hard, Expert, Perfect} {
		spec := levelSpecs[l]
		if got := nodeBudget(ctx, spec); got != spec.nodes || got == 0 {
			t.Errorf("%s: budget %d under a plain context, want %d", l, got, spec.nodes)
		}
		for _, c := range []context.Context{free, timed} {
			if got := nodeBudget(c, spec); got != math.MaxUint64 {
				t.Errorf("%s: budget %d without a budget, want no limit", l, got)
			}
		}
	}
}
