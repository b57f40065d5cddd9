package search

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

func checkTally(t *testing.T, res MatchResult, games int) {
	t.Helper()
	if res.Games != games || res.Wins+res.Draws+res.Losses != res.Games {
		t.Fatalf("tally %+v: want %d games = wins + draws + losses", res, games)
	}
	if res.Wins < 0 || res.Draws < 0 || res.Losses < 0 {
		t.Fatalf("negative tally %+v", res)
	}
}

func TestPlayMatchDeterministic(t *testing.T) {
	r := kalahRules(4, 3)
	opts := MatchOptions{Games: 5, Seed: 9, Workers: 2}
	a, err := PlayMatch(context.Background(), r, Beginner, Easy, opts)
	if err != nil {
		t.Fatal(err)
	}
	checkTally(t, a, 6) // 5 rounded up to even
	b, err := PlayMatch(context.Background(), r, Beginner, Easy, opts)
	if err != nil {
		t.Fatal(err)
	}
	if a != b {
		t.Errorf("same options, two results: %+v and %+v", a, b)
	}
	// The number of workers changes the order the games finish in, not
	// the games.
	opts.Workers = 1
	if c, err := PlayMatch(context.Background(), r, Beginner, Easy, opts); err != nil || c != a {
		t.Errorf("one worker: %+v, %v; two workers %+v", c, err, a)
	}
	// The players the other way round: another match, the same count.
	d, err := PlayMatch(context.Background(), r, Easy, Beginner, opts)
	if err != nil {
		t.Fatal(err)
	}
	checkTally(t, d, 6)
}

// TestPlayMatchColours: Perfect against itself plays the game's exact value
// in every game, so with A moving first in game 0 and second in game 1 the
// margins are +v and -v. Kalah(4,3) is worth 6 to the first player.
func TestPlayMatchColours(t *testing.T) {
	isolateCache(t)
	r := kalahRules(4, 3)
	if err := Prepare(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	v, err := Solve(context.Background(), r.Start(), SolveOptions{DBSeeds: -1, CacheDir: "-", MemoryMB: 32})
	if err != nil || v.Value != 6 {
		t.Fatalf("Kalah(4,3) value %d, %v; want 6", v.Value, err)
	}
	var mu sync.Mutex
	var margins []int
	last := 0
	res, err := PlayMatch(context.Background(), r, Perfect, Perfect, MatchOptions{
		Games: 2, Seed: 1, OpeningPlies: -1, Workers: 1,
		Progress: func(m MatchResult) {
			mu.Lock()
			defer mu.Unlock()
			margins = append(margins, m.Margin-last)
			last = m.Margin
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	checkTally(t, res, 2)
	if len(margins) != 2 || margins[0] != 6 || margins[1] != -6 {
		t.Fatalf("game margins %v, want [6 -6] (A first, then second)", margins)
	}
	if res.Wins != 1 || res.Losses != 1 || res.Margin != 0 {
		t.Errorf("tally %+v, want one win, one loss, margin 0", res)
	}
	// With random openings every pair of games still starts from one
	// position, A taking each side once: the margins cancel pair by pair.
	margins, last = nil, 0
	res, err = PlayMatch(context.Background(), r, Perfect, Perfect, MatchOptions{Games: 4, Seed: 3, Workers: 1, Progress: func(m MatchResult) {
		margins = append(margins, m.Margin-last)
		last = m.Margin
	}})
	if err != nil {
		t.Fatal(err)
	}
	checkTally(t, res, 4)
	for i := 0; i+1 < len(margins); i += 2 {
		if margins[i] != -margins[i+1] {
			t.Errorf("games %d and %d (one opening): margins %d and %d", i, i+1, margins[i], margins[i+1])
		}
	}
	if res.Wins != res.Losses || res.Margin != 0 {
		t.Errorf("tally %+v: want wins = losses and margin 0", res)
	}
	// Perfect wins every game it starts against Beginner (the first player
	// wins Kalah(4,3) by 6), so it scores at least half.
	margins, last = nil, 0
	res, err = PlayMatch(context.Background(), r, Perfect, Beginner, MatchOptions{Games: 4, Seed: 5, OpeningPlies: -1, Workers: 1, Progress: func(m MatchResult) {
		margins = append(margins, m.Margin-last)
		last = m.Margin
	}})
	if err != nil {
		t.Fatal(err)
	}
	checkTally(t, res, 4)
	for i := 0; i < len(margins); i += 2 {
		if margins[i] < 6 {
			t.Errorf("game %d, Perfect first: margin %d, below the value 6", i, margins[i])
		}
		if margins[i+1] < -6 {
			t.Errorf("game %d, Perfect second: margin %d, below the value -6", i+1, margins[i+1])
		}
	}
	if res.Score() < 0.5 {
		t.Errorf("Perfect against Beginner scores %v", res.Score())
	}
}

func TestPlayMatchProgressAndErrors(t *testing.T) {
	r := kalahRules(3, 3)
	calls := 0
	var lastSeen MatchResult
	res, err := PlayMatch(context.Background(), r, Easy, Medium, MatchOptions{Games: 6, Seed: 2, Workers: 3, Progress: func(m MatchResult) {
		calls++ // Progress runs from one goroutine at a time
		if m.Games != calls || m.Wins+m.Draws+m.Losses != m.Games {
			t.Errorf("progress call %d: %+v", calls, m)
		}
		lastSeen = m
	}})
	if err != nil {
		t.Fatal(err)
	}
	checkTally(t, res, 6)
	if calls != 6 || lastSeen != res {
		t.Errorf("%d progress calls, last %+v; result %+v", calls, lastSeen, res)
	}
	if _, err := PlayMatch(context.Background(), engine.MustNew("tchuka", nil), Easy, Easy, MatchOptions{Games: 2}); !errors.Is(err, ErrPlayers) {
		t.Errorf("solitaire: err %v, want ErrPlayers", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = PlayMatch(ctx, r, Easy, Easy, MatchOptions{Games: 4})
	if !errors.Is(err, context.Canceled) || res.Games != 0 {
		t.Errorf("cancelled: %+v, %v; want no games and context.Canceled", res, err)
	}
	if _, err := PlayMatch(context.Background(), r, Level(0), Easy, MatchOptions{Games: 2}); err == nil {
		t.Error("unknown level: no error")
	}
}

func TestMatchScoreAndElo(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-6 }
	cases := []struct {
		r     MatchResult
		score float64
		elo   float64 // NaN: not checked
	}{
		{MatchResult{}, 0.5, 0},
		{MatchResult{Games: 10, Wins: 5, Losses: 5}, 0.5, 0},
		{MatchResult{Games: 10, Draws: 10}, 0.5, 0},
		{MatchResult{Games: 10, Wins: 3, Draws: 4, Losses: 3}, 0.5, 0},
		{MatchResult{Games: 10, Wins: 3, Draws: 2, Losses: 5}, 0.4, -400 * math.Log10(1.5)},
		// 75%: 400·log10(3).
		{MatchResult{Games: 4, Wins: 3, Losses: 1}, 0.75, 400 * math.Log10(3)},
		{MatchResult{Games: 8, Wins: 5, Draws: 2, Losses: 1}, 0.75, 400 * math.Log10(3)},
		// A sweep counts as half a game short of it: 9.5 of 10.
		{MatchResult{Games: 10, Wins: 10}, 1, 400 * math.Log10(19)},
		{MatchResult{Games: 10, Losses: 10}, 0, -400 * math.Log10(19)},
	}
	for _, c := range cases {
		if got := c.r.Score(); !near(got, c.score) {
			t.Errorf("%+v: score %v, want %v", c.r, got, c.score)
		}
		diff, margin := c.r.Elo()
		if !near(diff, c.elo) {
			t.Errorf("%+v: Elo %v, want %v", c.r, diff, c.elo)
		}
		switch {
		case c.r.Games == 0:
			if !math.IsInf(margin, 1) {
				t.Errorf("no games: margin %v, want +Inf", margin)
			}
		case !(margin > 0) || math.IsInf(margin, 0):
			t.Errorf("%+v: margin %v, want positive and finite", c.r, margin)
		}
	}
	// More wins, higher; the mirror image, the opposite.
	prev := math.Inf(-1)
	for w := 0; w <= 20; w++ {
		r := MatchResult{Games: 20, Wins: w, Losses: 20 - w}
		d, _ := r.Elo()
		if d <= prev {
			t.Errorf("%d wins of 20: Elo %v, not above %v", w, d, prev)
		}
		prev = d
		m, _ := MatchResult{Games: 20, Wins: 20 - w, Losses: w}.Elo()
		if !near(d, -m) {
			t.Errorf("%d-%d: %v, mirrored %v", w, 20-w, d, m)
		}
		if (w > 10) != (d > 0) || (w == 10) != near(d, 0) {
			t.Errorf("%d wins of 20: Elo %v has the wrong sign", w, d)
		}
	}
	// The same score over more games: the same estimate, a narrower margin.
	prevMargin := math.Inf(1)
	for _, n := range []int{10, 40, 160, 640} {
		r := MatchResult{Games: n, Wins: n * 6 / 10, Losses: n * 4 / 10}
		d, margin := r.Elo()
		if !near(d, 400*math.Log10(1.5)) {
			t.Errorf("%d games at 60%%: Elo %v", n, d)
		}
		if margin >= prevMargin {
			t.Errorf("%d games at 60%%: margin %v, not below %v", n, margin, prevMargin)
		}
		prevMargin = margin
	}
	// Draws are less uncertain than wins and losses at the same score.
	_, mDraws := MatchResult{Games: 20, Draws: 20}.Elo()
	_, mSplit := MatchResult{Games: 20, Wins: 10, Losses: 10}.Elo()
	if mDraws >= mSplit {
		t.Errorf("all draws: margin %v, not below split wins and losses %v", mDraws, mSplit)
	}
}

// TestPairMargin: the mean summed margin of a pair and its 95% interval,
// worked by hand: pairs summing to +4, +2, 0 and -2 have mean 1 and
// sample variance (9+1+1+9)/3 = 20/3, so a standard error of
// sqrt(20/3/4) = 1.291 and a half-width of 1.96 times that, 2.530.
func TestPairMargin(t *testing.T) {
	r := MatchResult{Games: 8, PairWins: 2, PairDraws: 1, PairLosses: 1, PairMarginSum: 4, PairMarginSquares: 16 + 4 + 0 + 4}
	mean, margin := r.PairMargin()
	if math.Abs(mean-1) > 1e-9 || math.Abs(margin-2.530) > 0.001 {
		t.Errorf("PairMargin() = %v ± %v, want 1 ± 2.530", mean, margin)
	}
	// One pair has no spread to measure; none has no mean either.
	if mean, margin := (MatchResult{Games: 2, PairWins: 1, PairMarginSum: 6, PairMarginSquares: 36}).PairMargin(); mean != 6 || !math.IsInf(margin, 1) {
		t.Errorf("one pair: %v ± %v, want 6 ± +Inf", mean, margin)
	}
	if mean, margin := (MatchResult{}).PairMargin(); mean != 0 || !math.IsInf(margin, 1) {
		t.Errorf("no pair: %v ± %v, want 0 ± +Inf", mean, margin)
	}
}

// TestBalancedOpening: in Gabata most random two-ply openings already
// decide the game (a quick search finds one side 10 to 40 seeds ahead);
// the match's openings are drawn again until neither side leads by more
// than openingLimit, the same opening for the same seed.
func TestBalancedOpening(t *testing.T) {
	r := engine.MustNew("gabata", nil)
	gap := func(p engine.Position) float64 {
		a, err := Analyze(context.Background(), p, Limits{Nodes: openingNodes})
		if err != nil {
			t.Fatal(err)
		}
		return math.Abs(a.Score)
	}
	unbalanced := 0
	for pair := range uint64(4) {
		if g := gap(RandomOpening(r.Start(), 2, rand.New(rand.NewPCG(1, pair)))); g > openingLimit(r.Start()) {
			unbalanced++
		}
		p := balancedOpening(context.Background(), r.Start(), 2, openingNodes, 0, rand.New(rand.NewPCG(1, pair)), nil)
		if p.Ply() != 2 || p.Status() != engine.Ongoing {
			t.Fatalf("pair %d: opening at ply %d, status %v; want ply 2, ongoing", pair, p.Ply(), p.Status())
		}
		if g := gap(p); g > openingLimit(p) {
			t.Errorf("pair %d: opening %v scores %+.2f, beyond %.2f", pair, p.Key(), g, openingLimit(p))
		}
		if q := balancedOpening(context.Background(), r.Start(), 2, openingNodes, 0, rand.New(rand.NewPCG(1, pair)), nil); q.Key() != p.Key() {
			t.Errorf("pair %d: the same seed drew two openings", pair)
		}
	}
	if unbalanced == 0 {
		t.Error("every first draw was balanced: the test shows nothing")
	}
	// No opening: the start itself.
	if p := balancedOpening(context.Background(), r.Start(), 0, openingNodes, 0, rand.New(rand.NewPCG(1, 0)), nil); p.Key() != r.Start().Key() {
		t.Error("no opening plies: not the start")
	}
}

// TestPlayMatchRecord: every game reaches Record once, before Progress
// counts it; a record replays from its start to a finished game worth its
// margin to A, and the two games of a pair share their start with A on
// each side once.
func TestPlayMatchRecord(t *testing.T) {
	r := kalahRules(3, 3)
	var recs []GameRecord
	res, err := PlayMatch(context.Background(), r, Easy, Medium, MatchOptions{Games: 6, Seed: 4, Workers: 2,
		Record: func(g GameRecord) { recs = append(recs, g) },
		Progress: func(m MatchResult) {
			if len(recs) != m.Games {
				t.Errorf("progress at %d games after %d records", m.Games, len(recs))
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	checkTally(t, res, 6)
	if len(recs) != 6 {
		t.Fatalf("%d records, want 6", len(recs))
	}
	byGame := map[int]GameRecord{}
	margin := 0
	for _, g := range recs {
		if _, dup := byGame[g.Game]; dup || g.Game < 1 || g.Game > 6 {
			t.Fatalf("record numbered %d (duplicate or out of 1..6)", g.Game)
		}
		byGame[g.Game] = g
		margin += g.Margin
		p := g.Start
		for j, s := range g.Moves {
			m, err := engine.ParseMove(s)
			if err != nil {
				t.Fatalf("game %d move %d %q: %v", g.Game, j, s, err)
			}
			if p, err = p.Play(m); err != nil {
				t.Fatalf("game %d move %d %q: %v", g.Game, j, s, err)
			}
		}
		if p.Status() == engine.Ongoing {
			t.Errorf("game %d: its moves leave the game going on", g.Game)
		}
		aSide, err := engine.ParseSide(g.ASide)
		if err != nil {
			t.Fatalf("game %d: a_side %q: %v", g.Game, g.ASide, err)
		}
		if want := resultMargin(p, aSide); g.Margin != want {
			t.Errorf("game %d: margin %d, its last position gives A %d", g.Game, g.Margin, want)
		}
	}
	if margin != res.Margin {
		t.Errorf("records' margins add up to %d, the tally's to %d", margin, res.Margin)
	}
	var pairs [3]int // A's wins, draws, losses by summed margin
	for i := 1; i <= 6; i += 2 {
		switch sum := byGame[i].Margin + byGame[i+1].Margin; {
		case sum > 0:
			pairs[0]++
		case sum == 0:
			pairs[1]++
		default:
			pairs[2]++
		}
	}
	if got := [3]int{res.PairWins, res.PairDraws, res.PairLosses}; got != pairs {
		t.Errorf("pairs +%d =%d -%d, the records give +%d =%d -%d", got[0], got[1], got[2], pairs[0], pairs[1], pairs[2])
	}
	sum, squares := 0, 0
	for i := 1; i <= 6; i += 2 {
		m := byGame[i].Margin + byGame[i+1].Margin
		sum, squares = sum+m, squares+m*m
	}
	if res.PairMarginSum != sum || res.PairMarginSquares != squares {
		t.Errorf("pair margins: sum %d, squares %d; the records give %d, %d", res.PairMarginSum, res.PairMarginSquares, sum, squares)
	}
	for i := 1; i <= 6; i += 2 {
		a, b := byGame[i], byGame[i+1]
		if a.Start.Key() != b.Start.Key() || a.ASide != "south" || b.ASide != "north" {
			t.Errorf("games %d and %d: sides %s, %s; same start %v", i, i+1, a.ASide, b.ASide, a.Start.Key() == b.Start.Key())
		}
	}
}

// TestOpeningBook: the pairs' openings are drawn in pair order whichever
// pair asks first, none is given twice while the draws offer another, and
// a draw from nothing but used openings still ends with one of them.
func TestOpeningBook(t *testing.T) {
	r := kalahRules(3, 3)
	const pairs = 4
	inOrder := &openingBook{start: r.Start(), plies: 2, nodes: openingNodes, seed: 11}
	seen := map[engine.Key]int{}
	for i := range pairs {
		p := inOrder.opening(context.Background(), i)
		if j, dup := seen[p.Key()]; dup {
			t.Errorf("pairs %d and %d share an opening", j, i)
		}
		seen[p.Key()] = i
		if p.Ply() == 0 || p.Status() != engine.Ongoing {
			t.Errorf("pair %d: opening at ply %d, status %v", i, p.Ply(), p.Status())
		}
	}
	backwards := &openingBook{start: r.Start(), plies: 2, nodes: openingNodes, seed: 11}
	for i := pairs - 1; i >= 0; i-- {
		if p := backwards.opening(context.Background(), i); p.Key() != inOrder.opening(context.Background(), i).Key() {
			t.Errorf("pair %d: asked last to first, another opening", i)
		}
	}
	// Every opening of one ply used: the draw still ends, with one of them.
	used := map[engine.Key]bool{}
	for _, m := range r.Start().Moves() {
		if p, err := r.Start().Play(m); err == nil {
			used[p.Key()] = true
		}
	}
	p := balancedOpening(context.Background(), r.Start(), 1, openingNodes, 0, rand.New(rand.NewPCG(1, 2)), used)
	if !used[p.Key()] {
		t.Errorf("all one-ply openings used: got %v, not one of them", p.Key())
	}
}

// TestOpeningLead: MatchOptions.OpeningLead replaces openingLimit as the
// largest lead an accepted opening may have: every pair's opening is
// within it by the judging search, and some differ from the openings the
// default limit (here 2.4 seeds) accepts for the same seed.
func TestOpeningLead(t *testing.T) {
	r := engine.MustNew("kalah", nil)
	const nodes, lead = 2000, 1.0
	var starts []engine.Position
	_, err := PlayMatch(context.Background(), r, Beginner, Beginner, MatchOptions{Games: 12, Seed: 3, Workers: 1, OpeningPlies: 3,
		OpeningNodes: nodes, OpeningLead: lead,
		Record: func(g GameRecord) {
			if g.Game%2 == 1 {
				starts = append(starts, g.Start)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if len(starts) != 6 {
		t.Fatalf("%d openings recorded, want 6", len(starts))
	}
	differ := 0
	for i, p := range starts {
		a, err := Analyze(context.Background(), p, Limits{Nodes: nodes})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(a.Score) > lead {
			t.Errorf("pair %d: a %d-position search scores its opening %+.2f, beyond %.1f", i, nodes, a.Score, lead)
		}
		rng := rand.New(rand.NewPCG(3, uint64(i)))
		if q := balancedOpening(context.Background(), r.Start(), 3, nodes, 0, rng, nil); q.Key() != p.Key() {
			differ++
		}
	}
	if differ == 0 {
		t.Error("every opening is the one the default limit accepts: the lead changed nothing")
	}
}

// TestOpeningNodes: the openings are judged by a search of OpeningNodes
// positions: each pair's opening is balanced by that search's measure
// (judged by the default 20 000 positions instead, one of these six is
// not).
func TestOpeningNodes(t *testing.T) {
	r := engine.MustNew("gabata", nil)
	const nodes = 1000
	var starts []engine.Position
	_, err := PlayMatch(context.Background(), r, Beginner, Beginner, MatchOptions{Games: 12, Seed: 2, Workers: 1, OpeningNodes: nodes,
		Record: func(g GameRecord) {
			if g.Game%2 == 1 {
				starts = append(starts, g.Start)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range starts {
		a, err := Analyze(context.Background(), p, Limits{Nodes: nodes})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(a.Score) > openingLimit(p) {
			t.Errorf("pair %d: a %d-position search scores its opening %+.1f, beyond %.1f", i, nodes, a.Score, openingLimit(p))
		}
	}
}

// TestPlayMatchCutAtMaxPlies: a game that reaches MaxPlies ends there,
// counted in Cut and marked in its record, and is scored as it stands by
// the rules' aim: the stores in Kalah; in Ohojitxi, where a side wants to
// shed its seeds, the seeds each side holds (its pits, and the other
// side's drop in hand), the fewer the better.
func TestPlayMatchCutAtMaxPlies(t *testing.T) {
	for _, tc := range []struct {
		rules    engine.Rules
		maxPlies int
		// lead is South's lead as the game stands, worked out from the
		// rules' aim independently of the engine.
		lead func(p engine.Position) int
	}{
		{kalahRules(3, 3), 1, func(p engine.Position) int { return p.Store(engine.South) - p.Store(engine.North) }},
		{engine.MustNew("ohojitxi", nil), 12, func(p engine.Position) int {
			held := func(s engine.Side) int { return p.PitSeeds(s) + p.Hand(1-s) }
			return held(engine.North) - held(engine.South)
		}},
	} {
		t.Run(tc.rules.Variant().ID, func(t *testing.T) {
			var recs []GameRecord
			res, err := PlayMatch(context.Background(), tc.rules, Easy, Easy, MatchOptions{Games: 4, OpeningPlies: -1, MaxPlies: tc.maxPlies,
				Workers: 1, Seed: 3, Record: func(g GameRecord) { recs = append(recs, g) }})
			if err != nil {
				t.Fatal(err)
			}
			checkTally(t, res, 4)
			if res.Cut != 4 || len(recs) != 4 {
				t.Fatalf("%d games cut, %d records; want all 4 cut at ply %d", res.Cut, len(recs), tc.maxPlies)
			}
			nonzero := false
			for _, g := range recs {
				p := g.Start
				for _, s := range g.Moves {
					m, err := engine.ParseMove(s)
					if err != nil {
						t.Fatal(err)
					}
					if p, err = p.Play(m); err != nil {
						t.Fatalf("game %d move %q: %v", g.Game, s, err)
					}
				}
				if !g.Cut || p.Status() != engine.Ongoing || p.Ply() != tc.maxPlies {
					t.Errorf("game %d: cut %v, %s at ply %d; want cut while under way at ply %d", g.Game, g.Cut, p.Status(), p.Ply(), tc.maxPlies)
				}
				want := tc.lead(p)
				if g.ASide == "north" {
					want = -want
				}
				if g.Margin != want {
					t.Errorf("game %d: margin %d, want %d as the game stood\n%s", g.Game, g.Margin, want, p.String())
				}
				nonzero = nonzero || want != 0
			}
			if !nonzero {
				t.Error("every cut game stood level: the test does not tell the counts apart")
			}
		})
	}
}

// TestPlayMatchSeats: each player moves for its own seats. Replaying every
// game of a match, each move is the one its player's level chooses there
// (the levels are deterministic for a seed), A holding South in the first
// game of a pair and North, or in Ruma with players=2 East and West, in
// the second; and the records' margins are A's by the rules' count. Ruma
// with four players is refused.
func TestPlayMatchSeats(t *testing.T) {
	for _, tc := range []struct {
		rules engine.Rules
		sides [2]string
	}{
		{kalahRules(4, 3), [2]string{"south", "north"}},
		{engine.MustNew("ruma", engine.Options{"players": "2", "seeds": "2"}), [2]string{"south", "east"}},
	} {
		t.Run(tc.rules.Variant().ID, func(t *testing.T) {
			const seed = 4
			var recs []GameRecord
			res, err := PlayMatch(t.Context(), tc.rules, Easy, Medium, MatchOptions{Games: 4, Seed: seed, Workers: 1,
				Record: func(g GameRecord) { recs = append(recs, g) }})
			if err != nil {
				t.Fatal(err)
			}
			checkTally(t, res, 4)
			differ := 0 // moves where the other level would have chosen otherwise
			for _, rec := range recs {
				i := rec.Game - 1
				if rec.ASide != tc.sides[i%2] {
					t.Errorf("game %d: A at %s, want %s", rec.Game, rec.ASide, tc.sides[i%2])
				}
				aSide, err := engine.ParseSide(rec.ASide)
				if err != nil {
					t.Fatal(err)
				}
				g := engine.NewGame(rec.Start)
				for _, s := range rec.Moves {
					p := g.Position()
					mine := p.ToMove() == aSide
					if partner, ok := engine.Partner(tc.rules, aSide); ok && p.ToMove() == partner {
						mine = true
					}
					own, other := Easy, Medium
					if !mine {
						own, other = Medium, Easy
					}
					lseed := int64(seed) ^ int64(i)<<20 ^ int64(p.Ply())
					want, err := own.Move(t.Context(), g, lseed)
					if err != nil {
						t.Fatal(err)
					}
					if alt, err := other.Move(t.Context(), g, lseed); err == nil && alt != want {
						differ++
					}
					if want.String() != s {
						t.Fatalf("game %d, ply %d, %s to move (A at %s): played %s, its level chooses %s", rec.Game, p.Ply(), p.ToMove(), aSide, s, want)
					}
					m, _ := engine.ParseMove(s)
					if _, err := g.Play(m); err != nil {
						t.Fatal(err)
					}
				}
				end := g.Position()
				if end.Status() == engine.Ongoing || rec.Margin != resultMargin(end, aSide) {
					t.Errorf("game %d: %s, margin %d, want the finished game's %d", rec.Game, end.Status(), rec.Margin, resultMargin(end, aSide))
				}
			}
			if differ == 0 {
				t.Error("the two levels chose alike everywhere: the test cannot tell the seats apart")
			}
		})
	}
	if _, err := PlayMatch(t.Context(), engine.MustNew("ruma", nil), Easy, Easy, MatchOptions{Games: 2}); !errors.Is(err, ErrPlayers) {
		t.Errorf("ruma with four players: %v, want ErrPlayers", err)
	}
}

// TestBalancedOpeningRuma: in Ruma, judged by the paranoid search, an
// opening an earlier pair used is not given again while the draws offer
// another: with all of South's first moves but one used, that one comes.
func TestBalancedOpeningRuma(t *testing.T) {
	r := engine.MustNew("ruma", engine.Options{"players": "2"})
	moves := r.Start().Moves()
	if len(moves) < 3 {
		t.Fatalf("ruma's start has %d moves", len(moves))
	}
	for free := range moves {
		used := map[engine.Key]bool{}
		var want engine.Position
		for i, m := range moves {
			p, err := r.Start().Play(m)
			if err != nil {
				t.Fatal(err)
			}
			if i == free {
				want = p
			} else {
				used[p.Key()] = true
			}
		}
		got := balancedOpening(t.Context(), r.Start(), 1, openingNodes, 0, rand.New(rand.NewPCG(7, uint64(free))), used)
		if got.Key() != want.Key() {
			t.Errorf("only move %s's opening unused: got %s", moves[free], got.String())
		}
	}
}
