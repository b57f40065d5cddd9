package generic

// Oware's evaluation tools, run by hand behind flags (docs/performance.md,
// "Oware's evaluation"); without the flags only the checks at the end run.
//
//	go test ./search/internal/generic -run TestOwareSelfPlay -oware.selfplay 600 -oware.nodes 8000 -oware.data /tmp/oware.txt
//	go test ./search/internal/generic -run TestOwareTune -oware.data /tmp/oware.txt
//	go test ./search/internal/generic -run TestOwareMatch -oware.match 40 -oware.opt grand_slam=nocapture
//
// TestOwareSelfPlay plays games between two copies of the current
// evaluation and writes their quiet positions with each game's result;
// TestOwareTune fits the weights to them (Texel tuning); TestOwareMatch
// plays the current evaluation (or -oware.weights) against the previous
// one, evalOwareV0, searched as the levels search (analyzeLike).

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
)

var (
	owareSelfPlayGames = flag.Int("oware.selfplay", 0, "TestOwareSelfPlay: games to play")
	owareDataFile      = flag.String("oware.data", "", "TestOwareSelfPlay's output, TestOwareTune's input")
	owareMatchGames    = flag.Int("oware.match", 0, "TestOwareMatch: games to play (even)")
	owareNodes         = flag.Uint64("oware.nodes", 1_500_000, "positions searched per move (Expert's budget by default)")
	owareOpt           = flag.String("oware.opt", "", "rule options k=v, comma-separated, for the games (e.g. grand_slam=nocapture,repetition=first); TestOwareSelfPlay plays every game under them when set")
	owareOpening       = flag.Int("oware.opening", 3, "TestOwareMatch: random plies a side before each pair of games")
	owareSeed          = flag.Uint64("oware.seed", 1, "seed of the openings")
	owareWeightsFlag   = flag.String("oware.weights", "", "TestOwareMatch: player A's weights, TestOwareSelfPlay: both players', TestOwareTune: the starting ones; comma-separated (default: owareWeights)")
	owareBWeightsFlag  = flag.String("oware.bweights", "", "TestOwareMatch: player B's weights (default: the previous evaluation, evalOwareV0)")
	owareQDepth        = flag.Int("oware.qdepth", 0, "TestOwareMatch: player A's quiescence depth (0: the search's own, -1: none)")
	owareBQDepth       = flag.Int("oware.bqdepth", 0, "TestOwareMatch: player B's quiescence depth (0: the search's own, -1: none)")
	owareReduce        = flag.Int("oware.reduce", -1, "TestOwareMatch: player A's late-move reduction index (-1: the search's own, 0: none)")
	owareBReduce       = flag.Int("oware.breduce", -1, "TestOwareMatch: player B's late-move reduction index (-1: the search's own, 0: none)")
	owareFixed         = flag.String("oware.fixed", "", "TestOwareTune: terms (indexes from 0, comma-separated) kept at their starting weights")
	owareBNodes        = flag.Uint64("oware.bnodes", 0, "TestOwareMatch: player B's positions a move (0: -oware.nodes), to give the cheaper evaluation the same time")
)

// evalOwareV0 is the evaluation before the terms of owareFeatures, kept to
// measure against: the stores; the opponent's houses holding 1 or 2 seeds
// against the mover's; empty houses; the seeds on each side.
func evalOwareV0(s *gsearch, n *gnode) int32 {
	p := &n.pos
	l := s.l
	me, opp := p.ToMove(), 1-p.ToMove()
	v := 100 * s.margin(p)
	weak := 0
	for i := 1; i <= l.Pits; i++ {
		switch p.Cell(l.Pit(opp, i)) {
		case 1, 2:
			weak++
		}
		switch p.Cell(l.Pit(me, i)) {
		case 1, 2:
			weak--
		case 0:
			v -= 8
		}
		if p.Cell(l.Pit(opp, i)) == 0 {
			v += 8
		}
	}
	v += 12 * weak
	v += 5 * (p.PitSeeds(me) - p.PitSeeds(opp))
	return int32(v)
}

func owareRules(t testing.TB) engine.Rules {
	opts := engine.Options{}
	for _, kv := range strings.Split(*owareOpt, ",") {
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			t.Fatalf("-oware.opt %q: want k=v,...", *owareOpt)
		}
		opts[k] = v
	}
	r, err := engine.New("oware", opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// analyzeLike chooses a move as the searching levels do (search.Analyze
// with a node budget): iterative deepening, the budget counted from depth
// 2 on, the move of the last complete iteration; qdepth, if not 0, sets
// the quiescence's depth (-1: none); reduce, if not -1, sets the index
// late-move reductions start from (0: none). It returns the move, the
// depth reached and the positions searched.
func analyzeLike(r engine.Rules, p engine.Position, hist []engine.Position, ev evaluator, nodes uint64, qdepth, reduce int) (engine.Move, int, uint64) {
	x := New(context.Background(), r, Options{TableBytes: 16 << 20, Pooled: true, History: hist})
	defer x.Close()
	x.s.ev = ev
	if reduce >= 0 {
		x.s.reduceFrom = reduce
	}
	if qdepth != 0 {
		x.s.qdepth = max(qdepth, 0)
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

// randomOpening plays plies random moves from the start, never ending the
// game.
func randomOpening(r engine.Rules, plies int, rng *rand.Rand) *engine.Game {
	g := engine.NewGame(r.Start())
	for range plies {
		moves := g.Position().Moves()
		m := moves[rng.IntN(len(moves))]
		q, err := g.Position().Play(m)
		if err != nil || q.Status() != engine.Ongoing {
			break
		}
		if _, err := g.Play(m); err != nil {
			break
		}
	}
	return g
}

// playerStats is one player's thinking over a match.
type playerStats struct {
	moves  int
	time   time.Duration
	nodes  uint64
	depths int
}

func (ps playerStats) String() string {
	n := max(ps.moves, 1)
	return fmt.Sprintf("%.3f s/move, %.0f nodes/s, mean depth %.1f",
		ps.time.Seconds()/float64(n), float64(ps.nodes)/max(ps.time.Seconds(), 1e-9), float64(ps.depths)/float64(n))
}

// playOware plays one game from g, side aSide moved by ev[0], the other by
// ev[1], each searching nodes[i] positions a move with a quiescence
// qdepth[i] plies deep and late-move reductions from reduce[i] (both as
// analyzeLike takes them), and returns aSide's final store margin.
func playOware(r engine.Rules, g *engine.Game, aSide engine.Side, ev [2]evaluator, nodes [2]uint64, qdepth, reduce [2]int, st *[2]playerStats) int {
	for g.Position().Status() == engine.Ongoing && g.Position().Ply() < 2000 {
		ps := g.Positions()
		p := ps[len(ps)-1]
		who := 1
		if p.ToMove() == aSide {
			who = 0
		}
		t0 := time.Now()
		m, d, n := analyzeLike(r, p, ps[:len(ps)-1], ev[who], nodes[who], qdepth[who], reduce[who])
		st[who].time += time.Since(t0)
		st[who].moves++
		st[who].nodes += n
		st[who].depths += d
		if _, err := g.Play(m); err != nil {
			panic(err)
		}
	}
	p := g.Position()
	return p.Store(aSide) - p.Store(1-aSide)
}

// owareRingOf is p's ring of houses seen from its side to move (see
// owareFeatures) and the seeds captured.
func owareRingOf(p *engine.Position) (h [12]int, captured int) {
	me := p.ToMove()
	for i := range 6 {
		h[i] = p.Pit(me, i+1)
		h[6+i] = p.Pit(1-me, i+1)
	}
	return h, p.Store(engine.South) + p.Store(engine.North)
}

// quiet reports whether no legal move of p captures.
func quiet(p engine.Position) bool {
	me := p.ToMove()
	for _, m := range p.Moves() {
		q, err := p.Play(m)
		if err == nil && q.Store(me) > p.Store(me) {
			return false
		}
	}
	return true
}

// TestOwareSelfPlay plays -oware.selfplay games between two copies of the
// current evaluation at -oware.nodes a move, after 4 to 8 random plies,
// alternately under the default rules and grand_slam=nocapture (or all
// under -oware.opt's rules when it is set), and writes
// to -oware.data a line for each quiet position after the opening: the
// game's number, the rule, the ring of houses from the mover's side, the
// seeds captured, the mover's store margin and the game's final margin for
// the mover.
func TestOwareSelfPlay(t *testing.T) {
	if *owareSelfPlayGames == 0 {
		t.Skip("run with -oware.selfplay N -oware.data FILE")
	}
	f, err := os.Create(*owareDataFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	defer w.Flush()
	rules := [2]engine.Rules{
		engine.MustNew("oware", nil),
		engine.MustNew("oware", engine.Options{"grand_slam": "nocapture"}),
	}
	if *owareOpt != "" {
		rules = [2]engine.Rules{owareRules(t), owareRules(t)}
	}
	ev := owareEvaluator(&owareWeights)
	if *owareWeightsFlag != "" {
		ev = owareEvaluator(parseWeights(t, *owareWeightsFlag))
	}
	rng := rand.New(rand.NewPCG(*owareSeed, 7))
	var st [2]playerStats
	for i := range *owareSelfPlayGames {
		r := rules[i%2]
		g := randomOpening(r, 4+rng.IntN(5), rng)
		from := len(g.Positions())
		playOware(r, g, engine.South, [2]evaluator{ev, ev}, [2]uint64{*owareNodes, *owareNodes}, [2]int{}, [2]int{-1, -1}, &st)
		ps := g.Positions()
		end := ps[len(ps)-1]
		southMargin := end.Store(engine.South) - end.Store(engine.North)
		for _, p := range ps[from-1 : len(ps)-1] {
			if !quiet(p) {
				continue
			}
			h, captured := owareRingOf(&p)
			res := southMargin
			if p.ToMove() == engine.North {
				res = -res
			}
			fmt.Fprintf(w, "%d %d", i, i%2)
			for _, x := range h {
				fmt.Fprintf(w, " %d", x)
			}
			me := p.ToMove()
			fmt.Fprintf(w, " %d %d %d\n", captured, p.Store(me)-p.Store(1-me), res)
		}
		if (i+1)%20 == 0 {
			t.Logf("%d games, %s", i+1, st[0])
		}
	}
}

// tunePos is a position of the tuning data: its terms, store margin and
// the game's result for its side to move (1, 0.5 or 0).
type tunePos struct {
	game   int
	f      [owFeatures]float64
	margin float64
	y      float64
}

func readTuneData(t *testing.T, name string) []tunePos {
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var out []tunePos
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		fs := strings.Fields(line)
		if len(fs) != 17 {
			t.Fatalf("line %q: want 17 fields", line)
		}
		var x [17]int
		for i, s := range fs {
			if x[i], err = strconv.Atoi(s); err != nil {
				t.Fatalf("line %q: %v", line, err)
			}
		}
		var h [12]int
		copy(h[:], x[2:14])
		f := owareFeatures(&h, x[14])
		tp := tunePos{game: x[0], margin: float64(x[15]), y: 0.5}
		for i, v := range f {
			tp.f[i] = float64(v)
		}
		switch {
		case x[16] > 0:
			tp.y = 1
		case x[16] < 0:
			tp.y = 0
		}
		out = append(out, tp)
	}
	return out
}

// texelLoss is the mean squared difference between the results and the
// logistic curve of the evaluation with weights w: 1/(1+exp(-k*v/100)).
func texelLoss(ps []tunePos, w []float64, k float64) float64 {
	sum := 0.0
	for i := range ps {
		p := &ps[i]
		v := 100 * p.margin
		for j, x := range p.f {
			v += w[j] * x
		}
		d := p.y - 1/(1+math.Exp(-k*v/100))
		sum += d * d
	}
	return sum / float64(len(ps))
}

// TestOwareTune fits the evaluation's weights to -oware.data (written by
// TestOwareSelfPlay): Texel tuning. The store difference keeps its 100 a
// seed; the scale k of the logistic curve is fitted first, with the
// current weights (owareWeights, or -oware.weights); then the weights, by
// Adam on the squared error over the positions of nine games in ten, the
// tenth held out to check that the fit generalizes; the terms -oware.fixed
// lists keep their starting weights. It prints both losses before and
// after and the weights.
func TestOwareTune(t *testing.T) {
	if *owareDataFile == "" || *owareSelfPlayGames != 0 {
		t.Skip("run with -oware.data FILE (from TestOwareSelfPlay)")
	}
	all := readTuneData(t, *owareDataFile)
	var train, hold []tunePos
	for _, p := range all {
		if p.game%10 == 9 {
			hold = append(hold, p)
		} else {
			train = append(train, p)
		}
	}
	fixed := make([]bool, owFeatures)
	if *owareFixed != "" {
		for _, f := range strings.Split(*owareFixed, ",") {
			i, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || i < 0 || i >= owFeatures {
				t.Fatalf("-oware.fixed %q: want term indexes from 0 to %d", *owareFixed, owFeatures-1)
			}
			fixed[i] = true
		}
	}
	start := &owareWeights
	if *owareWeightsFlag != "" {
		start = parseWeights(t, *owareWeightsFlag)
	}
	w := make([]float64, owFeatures)
	for i, x := range start {
		w[i] = float64(x)
	}
	// The curve's scale, by a scan then a finer one.
	k, best := 0.0, math.Inf(1)
	for _, step := range []float64{0.1, 0.01, 0.001} {
		lo := max(k-10*step, step)
		for c := lo; c <= lo+20*step; c += step {
			if l := texelLoss(train, w, c); l < best {
				k, best = c, l
			}
		}
	}
	t.Logf("%d positions (%d held out), k %.3f", len(train), len(hold), k)
	t.Logf("before: train loss %.5f, held-out loss %.5f, weights %v", best, texelLoss(hold, w, k), w)
	// Adam on the weights.
	m, v := make([]float64, owFeatures), make([]float64, owFeatures)
	const lr, b1, b2 = 0.5, 0.9, 0.999
	grad := make([]float64, owFeatures)
	for it := 1; it <= 1500; it++ {
		clear(grad)
		for i := range train {
			p := &train[i]
			e := 100 * p.margin
			for j, x := range p.f {
				e += w[j] * x
			}
			s := 1 / (1 + math.Exp(-k*e/100))
			g := -2 * (p.y - s) * s * (1 - s) * k / 100
			for j, x := range p.f {
				grad[j] += g * x
			}
		}
		for j := range w {
			if fixed[j] {
				continue
			}
			gj := grad[j] / float64(len(train))
			m[j] = b1*m[j] + (1-b1)*gj
			v[j] = b2*v[j] + (1-b2)*gj*gj
			mh := m[j] / (1 - math.Pow(b1, float64(it)))
			vh := v[j] / (1 - math.Pow(b2, float64(it)))
			w[j] -= lr * mh / (math.Sqrt(vh) + 1e-12)
		}
		if it%300 == 0 {
			t.Logf("iteration %d: train loss %.5f", it, texelLoss(train, w, k))
		}
	}
	rounded := make([]string, owFeatures)
	for i, x := range w {
		w[i] = math.Round(x)
		rounded[i] = strconv.Itoa(int(w[i]))
	}
	t.Logf("after: train loss %.5f, held-out loss %.5f", texelLoss(train, w, k), texelLoss(hold, w, k))
	t.Logf("weights (owSeeds, owSeedsLate, owEmpty, owWeakMine, owWeakTheirs, owKroo, owTempo, owThreatTheirs: %s", strings.Join(rounded, ","))
}

func parseWeights(t *testing.T, s string) *[owFeatures]int32 {
	fs := strings.Split(s, ",")
	if len(fs) != owFeatures {
		t.Fatalf("weights %q: want %d numbers", s, owFeatures)
	}
	var w [owFeatures]int32
	for i, f := range fs {
		x, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			t.Fatalf("weights %q: %v", s, err)
		}
		w[i] = int32(x)
	}
	return &w
}

// TestOwareMatch plays -oware.match games, A (the current evaluation, or
// -oware.weights) against B (the previous one, evalOwareV0, or
// -oware.bweights), each move searched as the levels do with -oware.nodes
// positions: every random opening of -oware.opening plies a side is played
// twice, A South in the first game and North in the second. It prints A's
// wins, draws and losses, the Elo difference with its 95% margin, and
// each player's time per move.
func TestOwareMatch(t *testing.T) {
	if *owareMatchGames == 0 {
		t.Skip("run with -oware.match N")
	}
	r := owareRules(t)
	ev := [2]evaluator{owareEvaluator(&owareWeights), evalOwareV0}
	if *owareWeightsFlag != "" {
		ev[0] = owareEvaluator(parseWeights(t, *owareWeightsFlag))
	}
	if *owareBWeightsFlag != "" {
		ev[1] = owareEvaluator(parseWeights(t, *owareBWeightsFlag))
	}
	nodes := [2]uint64{*owareNodes, *owareNodes}
	if *owareBNodes != 0 {
		nodes[1] = *owareBNodes
	}
	var st [2]playerStats
	var wins, draws, losses, margin int
	for i := range *owareMatchGames + *owareMatchGames%2 {
		rng := rand.New(rand.NewPCG(*owareSeed, uint64(i/2)))
		g := randomOpening(r, 2**owareOpening, rng)
		aSide := engine.Side(i % 2)
		m := playOware(r, g, aSide, ev, nodes, [2]int{*owareQDepth, *owareBQDepth}, [2]int{*owareReduce, *owareBReduce}, &st)
		margin += m
		switch {
		case m > 0:
			wins++
		case m < 0:
			losses++
		default:
			draws++
		}
		elo, pm := eloOf(wins, draws, losses)
		t.Logf("game %d: A %s, margin %+d; A +%d =%d -%d, Elo %+.0f ± %.0f", i+1, aSide, m, wins, draws, losses, elo, pm)
	}
	elo, pm := eloOf(wins, draws, losses)
	t.Logf("%s, %d (B: %d) positions a move: A +%d =%d -%d, Elo %+.0f ± %.0f (95%%), mean margin %+.2f",
		r.Variant().ID+" "+*owareOpt, nodes[0], nodes[1], wins, draws, losses, elo, pm, float64(margin)/float64(wins+draws+losses))
	t.Logf("A: %s", st[0])
	t.Logf("B: %s", st[1])
}

// eloOf is the Elo difference a score implies and the half-width of its
// 95% interval (the formula of search.MatchResult.Elo).
func eloOf(w, d, l int) (diff, margin float64) {
	n := float64(w + d + l)
	s := (float64(w) + float64(d)/2) / n
	lo, hi := 0.5/n, 1-0.5/n
	elo := func(x float64) float64 {
		x = min(max(x, lo), hi)
		return -400 * math.Log10(1/x-1)
	}
	v := (float64(w)*(1-s)*(1-s) + float64(d)*(0.5-s)*(0.5-s) + float64(l)*s*s) / n
	se := math.Sqrt(v / n)
	if se == 0 {
		se = 0.5 / n
	}
	return elo(s) + 0, (elo(s+1.96*se) - elo(s-1.96*se)) / 2 // + 0: no "-0"
}

// TestOwareBestCapture checks owareBestCapture against the rules: on the
// positions of random games, for each side, the most seeds one sowing
// captures (the engine's store gain, legal or not under the feeding rule;
// sowings that empty the other side are left out, since a grand slam and
// the end of the game add more to the store than the capture).
func TestOwareBestCapture(t *testing.T) {
	r := engine.MustNew("oware", nil)
	l := r.Layout()
	rng := rand.New(rand.NewPCG(3, 4))
	checked, captures := 0, 0
	for range 300 {
		p := r.Start()
		for p.Status() == engine.Ongoing && p.Ply() < 300 { // (random play can cycle)
			h, _ := owareRingOf(&p)
			me := p.ToMove()
			want, ok := 0, true
			for pit := 1; pit <= 6; pit++ {
				if p.Pit(me, pit) == 0 {
					continue
				}
				q := p
				r.Apply(&q, engine.Move{Kind: engine.Sow, Pit: uint8(pit)}, nil)
				if q.PitSeeds(1-me) == 0 {
					ok = false
					break
				}
				want = max(want, q.Cell(l.Store(me))-p.Cell(l.Store(me)))
			}
			if ok {
				if got := owareBestCapture(&h, 0); got != want {
					t.Fatalf("%v, %s to move: owareBestCapture %d, the rules capture %d", h, me, got, want)
				}
				checked++
				if want > 0 {
					captures++
				}
			}
			moves := p.Moves()
			q, err := p.Play(moves[rng.IntN(len(moves))])
			if err != nil {
				t.Fatal(err)
			}
			p = q
		}
	}
	if captures < 100 {
		t.Fatalf("only %d of %d positions had a capture: the check saw too few", captures, checked)
	}
}

// BenchmarkOwareEval: the evaluation's cost, against the previous one's,
// on the positions of a random game.
func BenchmarkOwareEval(b *testing.B) {
	r := engine.MustNew("oware", nil)
	rng := rand.New(rand.NewPCG(5, 6))
	var nodes []gnode
	for p := r.Start(); p.Status() == engine.Ongoing && p.Ply() < 300; {
		nodes = append(nodes, gnode{pos: p})
		moves := p.Moves()
		p, _ = p.Play(moves[rng.IntN(len(moves))])
	}
	s := newGSearch(context.Background(), r, newGTT(1<<16), nil, nil)
	for _, c := range []struct {
		name string
		ev   evaluator
	}{{"current", owareEvaluator(&owareWeights)}, {"v0", evalOwareV0}} {
		b.Run(c.name, func(b *testing.B) {
			sum := int32(0)
			for i := range b.N {
				sum += c.ev(s, &nodes[i%len(nodes)])
			}
			_ = sum
		})
	}
}

// BenchmarkOwareSearch: positions searched per second with the current
// evaluation and the previous one, a move from a middle-game position at
// 300 000 positions.
func BenchmarkOwareSearch(b *testing.B) {
	r := engine.MustNew("oware", nil)
	g := randomOpening(r, 12, rand.New(rand.NewPCG(7, 8)))
	p := g.Position()
	for _, c := range []struct {
		name string
		ev   evaluator
	}{{"current", owareEvaluator(&owareWeights)}, {"v0", evalOwareV0}} {
		b.Run(c.name, func(b *testing.B) {
			var nodes uint64
			for range b.N {
				_, _, n := analyzeLike(r, p, nil, c.ev, 300_000, 0, -1)
				nodes += n
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// TestOwareEvalTerms: with the previous evaluation's weights and the new
// terms at zero, owareEvaluator scores every position of random games as
// evalOwareV0 does (the terms count what it counted), and the terms follow
// the side to move (a position and its mirror with the other side to move
// have the same terms).
func TestOwareEvalTerms(t *testing.T) {
	v0 := owareEvaluator(&[owFeatures]int32{owSeeds: 5, owEmpty: -8, owWeakMine: -12, owWeakTheirs: 12})
	r := engine.MustNew("oware", nil)
	s := newGSearch(context.Background(), r, newGTT(1<<16), nil, nil)
	rng := rand.New(rand.NewPCG(9, 10))
	n := 0
	for range 100 {
		for p := r.Start(); p.Status() == engine.Ongoing && p.Ply() < 300; n++ {
			nd := gnode{pos: p}
			if got, want := v0(s, &nd), evalOwareV0(s, &nd); got != want {
				t.Fatalf("%v: owareEvaluator %d, evalOwareV0 %d", p, got, want)
			}
			moves := p.Moves()
			p, _ = p.Play(moves[rng.IntN(len(moves))])
		}
	}
	h := [12]int{0, 1, 2, 12, 3, 0, 2, 0, 5, 1, 1, 13}
	got := owareFeatures(&h, 8)
	want := [owFeatures]int32{
		owSeeds:        18 - 22,
		owSeedsLate:    -4,
		owEmpty:        2 - 1,
		owWeakMine:     2,
		owWeakTheirs:   3,
		owKroo:         0,
		owTempo:        2 - 3, // mine: houses 2 and 3 (1 and 2 seeds); theirs: houses 1, 4 and 5
		owThreatTheirs: 5,     // their 13 seeds lap the board and end in my house 2: 1+2 and 0+2
	}
	if got != want {
		t.Errorf("owareFeatures(%v, 8) = %v, want %v", h, got, want)
	}
}
