package search

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/kalah"
	"github.com/mancala-bot/mancala/search/internal/oware"
)

// choose runs ChooseFrom and checks that the move is legal.
func choose(t *testing.T, l Level, p engine.Position, hist []engine.Position) Decision {
	t.Helper()
	d, err := l.ChooseFrom(context.Background(), p, hist, 7)
	if err != nil {
		t.Fatalf("%s: %v\n%s", l, err, p)
	}
	if !isLegal(p, d.Move) {
		t.Fatalf("%s: illegal move %s in\n%s", l, d.Move, p)
	}
	return d
}

// checkExact checks an exact decision against the value want: the claim,
// and that the move achieves it (by the solver without a database).
func checkExact(t *testing.T, l Level, p engine.Position, d Decision, want int) {
	t.Helper()
	if !d.Exact {
		t.Errorf("%s plays %s, not exact; the value is %d\n%s", l, d.Move, want, p)
		return
	}
	if d.Value != want {
		t.Errorf("%s claims %d, the value is %d\n%s", l, d.Value, want, p)
	}
	if got := childValue(t, p, d.Move, SolveOptions{DBSeeds: -1, CacheDir: "-", MemoryMB: 16}); got != want {
		t.Errorf("%s plays %s worth %d; it claims %d, the value is %d\n%s", l, d.Move, got, d.Value, want, p)
	}
}

func TestExactFromStart(t *testing.T) {
	kalah := func(o engine.Options) engine.Rules { return engine.MustNew("kalah", o) }
	cases := []struct {
		r    engine.Rules
		want bool
	}{
		{kalahRules(4, 3), true},  // 24 seeds, 10.5 million boards
		{kalahRules(3, 6), true},  // 36 seeds, 5.2 million
		{kalahRules(6, 1), true},  // 12 seeds, 2.7 million
		{kalahRules(1, 8), true},  // 16 seeds, 153
		{kalahRules(2, 8), true},  // 32 seeds, 58 905
		{kalahRules(4, 4), false}, // 32 seeds, 77 million
		{kalahRules(3, 7), false}, // 42 seeds: past the database's 40
		{kalahRules(5, 2), false}, // 20 seeds, 30 million
		{kalahRules(7, 1), false}, // 14 seeds, 40 million
		{kalah(nil), false},       // Kalah(6,4)
		{kalah(engine.Options{"pits": "4", "seeds": "3", "pie": "true"}), true},
		{kalah(engine.Options{"pits": "4", "seeds": "3", "empty_capture": "true"}), true},
		{engine.MustNew("oware", nil), false},
		{engine.MustNew("togyz", nil), false},
		{engine.MustNew("congkak", nil), false},
		{engine.MustNew("tchuka", nil), false},
		{nil, false},
	}
	for _, c := range cases {
		if got := ExactFromStart(c.r); got != c.want {
			name := "nil"
			if c.r != nil {
				name = c.r.Variant().ID + " " + c.r.Start().String()
			}
			t.Errorf("ExactFromStart(%s) = %v, want %v", name, got, c.want)
		}
	}
}

// TestPerfectExactWholeGame: on a board ExactFromStart covers, every one
// of Perfect's moves is exact, from the start to the end, forced moves
// included, and its value is the solver's.
func TestPerfectExactWholeGame(t *testing.T) {
	isolateCache(t)
	rng := rand.New(rand.NewPCG(61, 62))
	for _, r := range []engine.Rules{
		kalahRules(3, 3),
		engine.MustNew("kalah", engine.Options{"pits": "3", "seeds": "2", "pie": "true"}),
		engine.MustNew("kalah", engine.Options{"pits": "3", "seeds": "3", "empty_capture": "true"}),
	} {
		// The first move builds the database (no Prepare): at most 134 596
		// boards, milliseconds, well within MaxThink.
		g := engine.NewGame(r.Start())
		perfect := g.Position().ToMove()
		moves := 0
		for g.Position().Status() == engine.Ongoing {
			p := g.Position()
			var m engine.Move
			if p.ToMove() == perfect {
				d, err := Perfect.Choose(context.Background(), g, 1)
				if err != nil {
					t.Fatal(err)
				}
				want, err := Solve(context.Background(), p, SolveOptions{DBSeeds: -1, CacheDir: "-", MemoryMB: 16})
				if err != nil {
					t.Fatal(err)
				}
				checkExact(t, Perfect, p, d, want.Value)
				m = d.Move
				moves++
			} else {
				ms := p.Moves()
				m = ms[rng.IntN(len(ms))]
			}
			if _, err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		if moves < 3 {
			t.Errorf("%s: only %d of Perfect's moves checked", r.Start(), moves)
		}
	}
}

// kalahEndgames are Kalah(6,4) positions with a few seeds left.
func kalahEndgames(t *testing.T) []engine.Position {
	r := engine.MustNew("kalah", nil)
	return []engine.Position{
		mustPos(t, r, engine.South, []int{0, 0, 0, 0, 1, 1}, []int{0, 0, 0, 0, 0, 2}, []int{21, 23}, ""),
		mustPos(t, r, engine.South, []int{1, 0, 2, 0, 0, 1}, []int{0, 3, 0, 0, 1, 0}, []int{20, 20}, ""),
		mustPos(t, r, engine.North, []int{0, 2, 0, 0, 0, 0}, []int{2, 0, 0, 1, 0, 1}, []int{24, 18}, ""),
		mustPos(t, r, engine.South, []int{0, 0, 0, 3, 0, 1}, []int{1, 1, 1, 0, 0, 0}, []int{21, 20}, ""),
	}
}

// TestChooseExactEndgames: Hard, Expert and Perfect claim the exact value
// of Kalah endgames with a few seeds (the value by brute force), and play
// a move that achieves it; the noisy levels never claim one.
func TestChooseExactEndgames(t *testing.T) {
	isolateCache(t)
	for _, p := range kalahEndgames(t) {
		want := bruteForce(p, nil, nil)
		for _, l := range []Level{Hard, Expert, Perfect} {
			checkExact(t, l, p, choose(t, l, p, nil), want)
		}
		for _, l := range []Level{Beginner, Easy, Medium} {
			if d := choose(t, l, p, nil); d.Exact {
				t.Errorf("%s claims an exact value %d\n%s", l, d.Value, p)
			}
		}
	}
	// Oware: the solver's value is no proof there (solverProves), so the
	// search's proven endgames are claimed only from the endgame database,
	// once it is in memory, with its value (checked against brute force
	// in owaredb_test.go).
	r := engine.MustNew("oware", nil)
	endgames := quickEndgames(t, r, 4)
	for _, p := range endgames {
		for _, l := range []Level{Hard, Expert} {
			if d := choose(t, l, p, nil); d.Exact {
				t.Errorf("oware without its database: %s claims %d\n%s", l, d.Value, p)
			}
		}
	}
	if err := Prepare(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	db := oware.LoadedDBNoWait(oware.Capture, owarePerfectSeeds, CacheDir())
	exact := 0
	for _, p := range endgames {
		want, ok := owareLookup(db, p, nil) // not ok: play can cycle
		exact += map[bool]int{true: 1}[ok]
		for _, l := range []Level{Hard, Expert} {
			d := choose(t, l, p, nil)
			if d.Exact != ok || ok && (d.Value != want.Value || !d.ToBoardEnd) {
				t.Errorf("oware: %s claims %d (exact %v), the database %d (exact %v)\n%s", l, d.Value, d.Exact, want.Value, ok, p)
			}
		}
	}
	if exact == 0 {
		t.Error("oware: no endgame with an exact value: the test checks too little")
	}
}

// TestChooseEndgameDatabase: once the endgame database is in memory, Hard
// answers Kalah boards of at most PerfectDBSeeds seeds from it, exactly,
// where its 40 000-node search alone does not prove the value.
func TestChooseEndgameDatabase(t *testing.T) {
	isolateCache(t)
	r := kalahRules(5, 3) // the database of 16 seeds: 5.3 million boards
	rng := rand.New(rand.NewPCG(71, 72))
	var positions []engine.Position
	for len(positions) < 6 {
		p := playRandom(r.Start(), rng, 6+rng.IntN(10))
		if s := p.PitSeeds(engine.South) + p.PitSeeds(engine.North); p.Status() == engine.Ongoing && s >= 14 && s <= PerfectDBSeeds && len(p.Moves()) > 1 {
			positions = append(positions, p)
		}
	}
	unproven := 0
	for _, p := range positions {
		if !choose(t, Hard, p, nil).Exact {
			unproven++
		}
	}
	if unproven == 0 {
		t.Error("Hard proves every position without the database: the test checks too little")
	}
	if err := Prepare(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	for _, p := range positions {
		want, err := Solve(context.Background(), p, SolveOptions{DBSeeds: -1, CacheDir: "-", MemoryMB: 16})
		if err != nil {
			t.Fatal(err)
		}
		checkExact(t, Hard, p, choose(t, Hard, p, nil), want.Value)
	}
	// The start of Kalah(4,3) is in its whole-game database: Perfect
	// answers it exactly (6, as TestSolveThreads says); Hard does not look
	// past PerfectDBSeeds seeds.
	r = kalahRules(4, 3)
	if err := Prepare(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	if d := choose(t, Hard, r.Start(), nil); d.Exact {
		t.Errorf("Hard at the start of Kalah(4,3): exact %d", d.Value)
	}
	checkExact(t, Perfect, r.Start(), choose(t, Perfect, r.Start(), nil), 6)
}

// TestChooseNotExact: where nothing is proven, nothing is claimed; Perfect
// on a game it cannot solve plays on (as Expert) without a claim.
func TestChooseNotExact(t *testing.T) {
	for _, v := range []string{"kalah", "oware", "togyz"} {
		p := engine.MustNew(v, nil).Start()
		if d := choose(t, Hard, p, nil); d.Exact {
			t.Errorf("%s: Hard claims %d at the start", v, d.Value)
		}
	}
	// Perfect on Oware (a game created when perfect was offered there):
	// cut short, it still answers with a legal move and claims nothing.
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	p := engine.MustNew("oware", nil).Start()
	d, err := Perfect.ChooseFrom(ctx, p, nil, 1)
	if err != nil || !isLegal(p, d.Move) || d.Exact {
		t.Errorf("Perfect on Oware: %+v, %v", d, err)
	}
}

// TestChooseSolitaire: a solitaire's move is exact when it starts a
// solution.
func TestChooseSolitaire(t *testing.T) {
	r := engine.MustNew("tchuka", nil) // four pits of two: solvable, 3 4 3 4 2 4
	d := choose(t, Medium, r.Start(), nil)
	if !d.Exact || d.Move != (engine.Move{Pit: 3}) || d.Value != 0 {
		t.Errorf("tchuka: %+v, want pit 3, exact", d)
	}
	r = engine.MustNew("tchuka", engine.Options{"pits": "4", "seeds": "3"}) // not solvable
	if d := choose(t, Expert, r.Start(), nil); d.Exact {
		t.Errorf("unsolvable tchuka: %+v claims exact", d)
	}
}

// TestPerfectDatabaseBuildGoesOn: when a move's time ends while Perfect's
// endgame database is being built, Perfect still answers, and the build
// goes on for the moves to come (it used to be cancelled, and started
// again at every move).
func TestPerfectDatabaseBuildGoesOn(t *testing.T) {
	isolateCache(t)
	r := kalahRules(5, 3) // 30 seeds: Perfect's 16-seed database, 5.3 million boards
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	d, err := Perfect.ChooseFrom(ctx, r.Start(), nil, 1)
	if err != nil || !isLegal(r.Start(), d.Move) || d.Exact {
		t.Fatalf("Perfect with its time over: %+v, %v", d, err)
	}
	g, k, _ := perfectDB(r)
	for kalah.LoadedDBNoWait(g, k, k, CacheDir()) == nil {
		// The build started by the move finishes on its own.
		time.Sleep(10 * time.Millisecond)
	}
	rng := rand.New(rand.NewPCG(81, 82))
	p := r.Start()
	for p.PitSeeds(engine.South)+p.PitSeeds(engine.North) > k || len(p.Moves()) < 2 {
		p = playRandom(r.Start(), rng, 8+rng.IntN(12))
	}
	want, err := Solve(context.Background(), p, SolveOptions{DBSeeds: -1, CacheDir: "-", MemoryMB: 16})
	if err != nil {
		t.Fatal(err)
	}
	checkExact(t, Perfect, p, choose(t, Perfect, p, nil), want.Value)
}
