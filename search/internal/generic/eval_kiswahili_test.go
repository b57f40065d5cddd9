package generic

// Bao la Kiswahili's evaluation against the previous one, run by hand
// behind a flag (docs/performance.md, "Bao la Kiswahili's evaluation");
// without it only the checks of the terms and of the gains run.
//
//	go test ./search/internal/generic -run TestBaoMatch -bao.match 40 -bao.nodes 20000
//
// TestBaoMatch plays A (the current evaluation and search, or
// -bao.weights / -bao.quiesce) against B (the previous evaluation,
// evalBaoV0, searched without the material gain and valuing a repetition
// as the seeds on each side: what the levels did before), each move searched as the levels search (analyzeLike).

import (
	"context"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
)

var (
	baoMatchGames = flag.Int("bao.match", 0, "TestBaoMatch: games to play (even)")
	baoNodes      = flag.Uint64("bao.nodes", 20_000, "TestBaoMatch: positions searched per move")
	baoOpening    = flag.Int("bao.opening", 3, "TestBaoMatch: random plies a side before each pair of games")
	baoSeed       = flag.Uint64("bao.seed", 1, "TestBaoMatch: seed of the openings")
	baoWeightsA   = flag.String("bao.weights", "", "TestBaoMatch: A's weights, comma-separated in the order of baoFeatures (default: baoWeights)")
	baoWeightsB   = flag.String("bao.bweights", "", "TestBaoMatch: B's weights (default: the previous evaluation, evalBaoV0)")
	baoQuiesceA   = flag.Bool("bao.quiesce", true, "TestBaoMatch: A counts a move's gain in material (captures ordered first and played out at the horizon)")
	baoQuiesceB   = flag.Bool("bao.bquiesce", false, "TestBaoMatch: B counts a move's gain in material")
	baoDrawA      = flag.Bool("bao.draw", true, "TestBaoMatch: A values a repetition as the draw it is (baoRepeated)")
	baoDrawB      = flag.Bool("bao.bdraw", false, "TestBaoMatch: B values a repetition as the draw it is")
)

// evalBaoV0 is the evaluation before baoFeatures, kept to measure against:
// the material alone, a quarter of a seed a seed.
func evalBaoV0(s *gsearch, n *gnode) int32 {
	p := &n.pos
	me := p.ToMove()
	return int32(100*s.margin(p) + 25*(p.PitSeeds(me)+p.Hand(me)-p.PitSeeds(1-me)-p.Hand(1-me)))
}

// baoPlayer is how one side of TestBaoMatch searches.
type baoPlayer struct {
	ev      evaluator
	quiesce bool // the material gain (variantEval.material) on
	draw    bool // a repetition is a draw (variantEval.repeated) rather than the seeds on each side
}

// baoMove chooses a move as analyzeLike does, for player pl.
func baoMove(r engine.Rules, p engine.Position, hist []engine.Position, pl baoPlayer, nodes uint64) (engine.Move, int, uint64) {
	x := New(context.Background(), r, Options{TableBytes: 16 << 20, Pooled: true, History: hist})
	defer x.Close()
	x.s.ev = pl.ev
	if !pl.quiesce {
		x.s.material = nil
	}
	if !pl.draw {
		x.s.rep = nil
	}
	var best engine.Move
	depth := 0
	for d := 1; d <= 200; d++ {
		if d == 2 {
			x.SetNodeLimit(nodes)
			if x.Nodes() >= nodes {
				break
			}
		}
		_, proven := x.Search(p, d)
		if stopped, _ := x.Stopped(); stopped {
			break
		}
		depth = d
		if pv := x.PV(p, 1); len(pv) > 0 {
			best = pv[0]
		}
		if proven {
			break
		}
	}
	if best == (engine.Move{}) {
		best = p.Moves()[0]
	}
	return best, depth, x.Nodes()
}

// playBao plays one game from g, side aSide moved by pl[0], the other by
// pl[1], and returns 1, 0 or -1 as aSide wins, draws or loses (a game
// still on after 1000 plies is a draw).
func playBao(r engine.Rules, g *engine.Game, aSide engine.Side, pl [2]baoPlayer, nodes uint64, st *[2]playerStats) int {
	for g.Position().Status() == engine.Ongoing && g.Position().Ply() < 1000 {
		ps := g.Positions()
		p := ps[len(ps)-1]
		who := 1
		if p.ToMove() == aSide {
			who = 0
		}
		start := time.Now()
		m, d, n := baoMove(r, p, ps[:len(ps)-1], pl[who], nodes)
		st[who].time += time.Since(start)
		st[who].moves++
		st[who].nodes += n
		st[who].depths += d
		if _, err := g.Play(m); err != nil {
			panic(err)
		}
	}
	w, ok := g.Position().Status().Winner()
	switch {
	case !ok:
		return 0
	case w == aSide:
		return 1
	}
	return -1
}

func parseBaoWeights(t *testing.T, s string) *[baoFeatures]int32 {
	fs := strings.Split(s, ",")
	if len(fs) != baoFeatures {
		t.Fatalf("weights %q: want %d numbers", s, baoFeatures)
	}
	var w [baoFeatures]int32
	for i, f := range fs {
		x, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			t.Fatalf("weights %q: %v", s, err)
		}
		w[i] = int32(x)
	}
	return &w
}

// TestBaoMatch plays -bao.match games of Bao la Kiswahili, A against B
// (see the file's comment), each move searched with -bao.nodes positions:
// every random opening of -bao.opening plies a side is played twice, A
// South in the first game and North in the second. It prints A's wins,
// draws and losses, the Elo difference with its 95% margin, and each
// player's time per move and mean depth.
func TestBaoMatch(t *testing.T) {
	if *baoMatchGames == 0 {
		t.Skip("run with -bao.match N")
	}
	r := engine.MustNew("bao", nil)
	pl := [2]baoPlayer{{baoEvaluator(&baoWeights), *baoQuiesceA, *baoDrawA}, {evalBaoV0, *baoQuiesceB, *baoDrawB}}
	if *baoWeightsA != "" {
		pl[0].ev = baoEvaluator(parseBaoWeights(t, *baoWeightsA))
	}
	if *baoWeightsB != "" {
		pl[1].ev = baoEvaluator(parseBaoWeights(t, *baoWeightsB))
	}
	playBaoMatch(t, r, pl, *baoMatchGames, *baoSeed, *baoOpening, *baoNodes)
}

// playBaoMatch plays games (rounded up to even) between pl[0] (A) and
// pl[1] (B) from openings of opening random plies a side drawn from seed,
// each opening twice with A on either side, at nodes positions a move,
// and logs each game and the result with its Elo.
func playBaoMatch(t *testing.T, r engine.Rules, pl [2]baoPlayer, games int, seed uint64, opening int, nodes uint64) {
	t.Helper()
	var st [2]playerStats
	var wins, draws, losses int
	for i := range games + games%2 {
		rng := rand.New(rand.NewPCG(seed, uint64(i/2)))
		g := randomOpening(r, 2*opening, rng)
		aSide := engine.Side(i % 2)
		res := playBao(r, g, aSide, pl, nodes, &st)
		switch res {
		case 1:
			wins++
		case -1:
			losses++
		default:
			draws++
		}
		elo, pm := eloOf(wins, draws, losses)
		t.Logf("game %d: A %s, %+d after %d plies (%s); A +%d =%d -%d, Elo %+.0f ± %.0f", i+1, aSide, res, g.Position().Ply(), g.Position().Status(), wins, draws, losses, elo, pm)
	}
	elo, pm := eloOf(wins, draws, losses)
	t.Logf("%s, %d positions a move: A +%d =%d -%d, Elo %+.0f ± %.0f (95%%)", r.Variant().ID, nodes, wins, draws, losses, elo, pm)
	t.Logf("A: %s", st[0])
	t.Logf("B: %s", st[1])
}

// baoPosition builds a Bao position: front and back rows of each side as
// its owner numbers them (pits 1..8 and 9..16), the seeds in hand, South
// to move.
func baoPosition(t *testing.T, front, back [2][8]int, hand [2]int) engine.Position {
	t.Helper()
	r := engine.MustNew("bao", nil)
	pits := make([][]int, 2)
	for sd := range 2 {
		pits[sd] = append(append([]int(nil), front[sd][:]...), back[sd][:]...)
	}
	extra, err := json.Marshal(map[string]any{"hand": map[string]int{"south": hand[0], "north": hand[1]},
		"nyumba_owned": map[string]bool{"south": true, "north": true}, "takasia": nil})
	if err != nil {
		t.Fatal(err)
	}
	var ex map[string]json.RawMessage
	if err := json.Unmarshal(extra, &ex); err != nil {
		t.Fatal(err)
	}
	p, err := engine.NewPosition(r, engine.Setup{Pits: pits, Extra: ex})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBaoTerms checks the terms of baoFeatures on positions worked out by
// hand.
func TestBaoTerms(t *testing.T) {
	s := newGSearch(context.Background(), engine.MustNew("bao", nil), newGTT(1<<16), nil, nil)
	tests := []struct {
		name        string
		front, back [2][8]int
		hand        [2]int
		want        [baoFeatures]int32
	}{{
		name:  "start",
		front: [2][8]int{{0, 0, 0, 0, 6, 2, 2, 0}, {0, 0, 0, 0, 6, 2, 2, 0}},
		hand:  [2]int{22, 22},
		want:  [baoFeatures]int32{},
	}, {
		// South's pit 6 (2 seeds) faces North's pit 3 (4), South's pit
		// 8 (1) North's pit 1 (9); North's nyumba holds 5, so it is
		// not functional.
		name:  "facing pairs",
		front: [2][8]int{{0, 0, 0, 0, 6, 2, 0, 1}, {9, 0, 4, 0, 5, 0, 0, 0}},
		back:  [2][8]int{{3, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 2}},
		hand:  [2]int{10, 9},
		want: [baoFeatures]int32{
			bzMaterial:     (6 + 2 + 1 + 3 + 10) - (9 + 4 + 5 + 2 + 9),
			bzThreatMine:   9,
			bzThreatTheirs: 2,
			bzFront:        0,
			bzNyumba:       1,
		},
	}}
	for _, tc := range tests {
		p := baoPosition(t, tc.front, tc.back, tc.hand)
		if got := baoTerms(s, &p); got != tc.want {
			t.Errorf("%s: terms %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestBaoGain checks that the search counts a Bao move's gain in material:
// in the "facing pairs" position of TestBaoTerms, South, with seeds in
// hand, must capture (S4), and each move's gain is the material the
// engine's own play of it brings South (at least the 9 seeds of North's
// pit 1 for the best); with the store's gain, as before, every move
// gained nothing.
func TestBaoGain(t *testing.T) {
	r := engine.MustNew("bao", nil)
	p := baoPosition(t, [2][8]int{{0, 0, 0, 0, 6, 2, 0, 1}, {9, 0, 4, 0, 5, 0, 0, 0}},
		[2][8]int{{3, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 2}}, [2]int{10, 9})
	s := newGSearch(context.Background(), r, newGTT(1<<16), nil, nil)
	before := p.PitSeeds(engine.South) + p.Hand(engine.South)
	best := 0
	for _, c := range s.expand(&gnode{pos: p}, 0) {
		q, err := p.Play(c.move)
		if err != nil {
			t.Fatal(err)
		}
		want := q.PitSeeds(engine.South) + q.Hand(engine.South) - before
		if int(c.gain) != want {
			t.Errorf("move %v: gain %d, want %d", c.move, c.gain, want)
		}
		best = max(best, want)
	}
	if best < 9 {
		t.Errorf("best gain %d, want at least 9", best)
	}
	s.material = nil
	for _, c := range s.expand(&gnode{pos: p}, 0) {
		if c.gain != 0 {
			t.Errorf("store gain of %v: %d, want 0", c.move, c.gain)
		}
	}
}
