package oware

import (
	"context"
	"math/rand"
	"os"
	"strconv"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/kalah"
)

// TestProbe checks Probe against Bounds on every board of up to 6 seeds
// (game-over boards included), its refusal of boards with more seeds,
// ProbePosition's store margin, and that neither allocates.
func TestProbe(t *testing.T) {
	const K = 6
	db := NewDB(NoCapture, K)
	if err := db.Build(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	n := 0
	for k := 0; k <= K+1; k++ {
		for j := 0; j <= k; j++ {
			for _, my := range kalah.Compositions(6, j) {
				for _, opp := range kalah.Compositions(6, k-j) {
					b := kalah.Board{My: my, Opp: opp}
					lo, hi, ok := db.Probe(b)
					if k > K {
						if ok {
							t.Fatalf("%v (%d seeds): probed in a %d-seed database", b, k, K)
						}
						continue
					}
					n++
					wlo, whi := db.Bounds(b)
					if !ok || int(lo) != wlo || int(hi) != whi {
						t.Fatalf("%v: probe [%d, %d] %v, bounds [%d, %d]", b, lo, hi, ok, wlo, whi)
					}
				}
			}
		}
	}
	if n != int(DBSize(K)) {
		t.Errorf("%d boards probed, the database holds %d", n, DBSize(K))
	}
	r := engine.MustNew("oware", engine.Options{"grand_slam": "nocapture"})
	p, err := engine.NewPosition(r, engine.Setup{ToMove: engine.North,
		Pits: [][]int{{0, 0, 1, 0, 0, 2}, {1, 0, 0, 2, 0, 0}}, Stores: []int{20, 22}})
	if err != nil {
		t.Fatal(err)
	}
	b, margin := BoardOf(&p)
	if margin != 2 || b != (kalah.Board{My: 0x0200_0001, Opp: 0x0200_0001_0000}) {
		t.Fatalf("BoardOf: %x %x, margin %d", b.My, b.Opp, margin)
	}
	lo, hi, ok := db.ProbePosition(&p)
	wlo, whi := db.Bounds(b)
	if !ok || lo != 2+wlo || hi != 2+whi {
		t.Errorf("ProbePosition: [%d, %d] %v, want [%d, %d]", lo, hi, ok, 2+wlo, 2+whi)
	}
	if a := testing.AllocsPerRun(100, func() { db.Probe(b); db.ProbePosition(&p) }); a != 0 {
		t.Errorf("a probe allocates %v times", a)
	}
}

// probeBoards returns n random boards of up to k seeds, each seed count
// equally likely, the seeds dropped into random pits.
func probeBoards(n, k int) []kalah.Board {
	rng := rand.New(rand.NewSource(1))
	out := make([]kalah.Board, n)
	for i := range out {
		for range rng.Intn(k + 1) {
			if j := rng.Intn(12); j < 6 {
				out[i].My += 1 << (8 * j)
			} else {
				out[i].Opp += 1 << (8 * (j - 6))
			}
		}
	}
	return out
}

// probeDB returns the default rule's database of OWARE_PROBE_SEEDS seeds
// (default 8; 12 is the bot's) for the probe benchmarks: loaded from the
// cache directory OWARE_PROBE_DIR if set (built and saved there if
// missing), else built in memory (12 seeds: about 15 s on two cores).
func probeDB(b *testing.B) *DB {
	k := 8
	if s := os.Getenv("OWARE_PROBE_SEEDS"); s != "" {
		k, _ = strconv.Atoi(s)
	}
	db, err := GetDB(context.Background(), Capture, k, os.Getenv("OWARE_PROBE_DIR"))
	if err != nil {
		b.Fatal(err)
	}
	return db
}

// BenchmarkProbe reports the time of one Probe on random boards of up to
// the database's seeds (probeDB), each seed count equally likely.
func BenchmarkProbe(b *testing.B) {
	db := probeDB(b)
	boards := probeBoards(1<<16, db.MaxSeeds)
	b.ResetTimer()
	sum := 0
	for i := range b.N {
		lo, hi, _ := db.Probe(boards[i&(1<<16-1)])
		sum += int(lo) + int(hi)
	}
	b.ReportMetric(float64(len(db.Lo)), "boards")
	_ = sum
}

// BenchmarkProbePosition is BenchmarkProbe through engine positions
// (ProbePosition: the board read from the position, the store margin
// added).
func BenchmarkProbePosition(b *testing.B) {
	db := probeDB(b)
	r := engine.MustNew("oware", nil)
	var ps []engine.Position
	for _, bd := range probeBoards(1<<12, db.MaxSeeds) {
		var s, n [6]int
		for j := range 6 {
			s[j], n[j] = kalah.PitAt(bd.My, j), kalah.PitAt(bd.Opp, j)
		}
		k := bd.Seeds()
		p, err := engine.NewPosition(r, engine.Setup{ToMove: engine.South, Pits: [][]int{s[:], n[:]}, Stores: []int{(48 - k) / 2, 48 - k - (48-k)/2}})
		if err == nil {
			ps = append(ps, p)
		}
	}
	b.ResetTimer()
	sum := 0
	for i := range b.N {
		lo, hi, _ := db.ProbePosition(&ps[i%len(ps)])
		sum += lo + hi
	}
	_ = sum
}

// firstRecurrence is Oware's rules with the game ending at the first
// recurrence of a position (Abapa's), for TrustedAfter's test: only the
// repetition limit differs.
type firstRecurrence struct{ engine.Rules }

func (firstRecurrence) RepetitionLimit() int { return 2 }

// TestTrustedAfter checks TrustedAfter on histories under the engine's
// third-occurrence rule and under a first-recurrence rule: only the
// positions with the current seed count matter, L-1 occurrences of one
// of them (two under the third-occurrence rule, one under the first
// recurrence) make the bounds untrusted.
func TestTrustedAfter(t *testing.T) {
	third := engine.MustNew("oware", nil)
	first := firstRecurrence{third}
	at := func(r engine.Rules, south, north []int, stores []int) engine.Position {
		t.Helper()
		p, err := engine.NewPosition(r, engine.Setup{ToMove: engine.South, Pits: [][]int{south, north}, Stores: stores})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		name   string
		rules  engine.Rules
		limit  int
		trusts []bool // by history: none, an earlier level, q, q q, p, p p, an earlier level twice
	}{
		{"third occurrence", third, 3, []bool{true, true, true, false, true, false, true}},
		{"first recurrence", first, 2, []bool{true, true, false, false, false, false, true}},
	} {
		if got := c.rules.RepetitionLimit(); got != c.limit {
			t.Fatalf("%s: limit %d", c.name, got)
		}
		p := at(c.rules, []int{0, 1, 0, 0, 2, 0}, []int{1, 0, 0, 0, 0, 1}, []int{20, 23})
		q := at(c.rules, []int{0, 0, 1, 0, 2, 0}, []int{1, 0, 0, 0, 1, 0}, []int{20, 23}) // the same seed count
		e := at(c.rules, []int{0, 1, 0, 0, 2, 2}, []int{1, 0, 0, 0, 0, 1}, []int{20, 21}) // two seeds more
		histories := [][]engine.Position{nil, {e}, {e, q}, {q, e, q}, {p}, {p, q, p}, {e, e}}
		for i, h := range histories {
			if got := TrustedAfter(&p, h); got != c.trusts[i] {
				t.Errorf("%s, history %d: trusted %v, want %v", c.name, i, got, c.trusts[i])
			}
		}
	}
}

// TestChildTrusted plays random games through engine.Game under the
// engine's third-occurrence rule and under a first-recurrence rule, from
// sparse random boards where positions recur often, and checks at every
// ply that ChildTrusted, carried from the start (where TrustedAfter
// answers), agrees with TrustedAfter on the whole history.
func TestChildTrusted(t *testing.T) {
	third := engine.MustNew("oware", nil)
	for _, r := range []engine.Rules{third, firstRecurrence{third}} {
		limit := r.RepetitionLimit()
		rng := rand.New(rand.NewSource(int64(limit)))
		plies, trusted, repeats := 0, 0, 0
		for _, bd := range probeBoards(400, 8) {
			var s, n [6]int
			for j := range 6 {
				s[j], n[j] = kalah.PitAt(bd.My, j), kalah.PitAt(bd.Opp, j)
			}
			p, err := engine.NewPosition(r, engine.Setup{ToMove: engine.South, Pits: [][]int{s[:], n[:]}, Stores: []int{20, 48 - 20 - bd.Seeds()}})
			if err != nil || p.Status() != engine.Ongoing {
				continue
			}
			g := engine.NewGame(p)
			flag := TrustedAfter(&p, nil)
			for g.Position().Status() == engine.Ongoing && len(g.Moves()) < 200 {
				ps := g.Positions()
				q := ps[len(ps)-1]
				first := true
				for _, h := range ps[:len(ps)-1] {
					if h.Key() == q.Key() {
						first = false
					}
				}
				if !first {
					repeats++
				}
				moves := q.Moves()
				if _, err := g.Play(moves[rng.Intn(len(moves))]); err != nil {
					t.Fatal(err)
				}
				c := g.Position()
				if c.Status() != engine.Ongoing {
					break
				}
				captured := c.PitSeeds(engine.South)+c.PitSeeds(engine.North) < q.PitSeeds(engine.South)+q.PitSeeds(engine.North)
				flag = ChildTrusted(limit, flag, captured, first)
				ps = g.Positions()
				if want := TrustedAfter(&c, ps[:len(ps)-1]); flag != want {
					t.Fatalf("limit %d, ply %d: ChildTrusted %v, TrustedAfter %v\n%v", limit, len(ps)-1, flag, want, c)
				}
				plies++
				if flag {
					trusted++
				}
			}
		}
		t.Logf("limit %d: %d plies, %d trusted, %d positions met before", limit, plies, trusted, repeats)
		// Under the first-recurrence rule no ongoing position was met
		// before: the game ends when one comes back.
		if trusted == 0 || trusted == plies || (repeats == 0) != (limit == 2) {
			t.Errorf("limit %d: the games do not exercise both answers (and, under the third-occurrence rule, repetitions)", limit)
		}
	}
}

// TestStrategyTrusted plays games under Abapa's rules (grand_slam=nocapture,
// repetition=first) from random boards of 5 or 6 seeds, South playing the
// database's move (BestMove) at each of its turns and North random moves,
// and checks StrategyTrusted at South's turns: it holds there on every
// such line, after North's quiet moves too (where TrustedAfter does not);
// and on lines where South's first move was another quiet move, it does
// not hold at South's next turn of that seed count.
func TestStrategyTrusted(t *testing.T) {
	r := engine.MustNew("oware", engine.Options{"grand_slam": "nocapture", "repetition": "first"})
	db := NewDB(NoCapture, 6)
	if err := db.Build(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(7))
	onLine, afterQuiet, offLine := 0, 0, 0
	for trial := range 400 {
		k := 5 + trial%2
		var pits [12]int
		for range k {
			pits[rng.Intn(12)]++
		}
		p, err := engine.NewPosition(r, engine.Setup{ToMove: engine.South, Pits: [][]int{pits[:6], pits[6:]}, Stores: []int{21, 27 - k}})
		if err != nil || p.Status() != engine.Ongoing {
			continue
		}
		deviate := false // South's first move left the strategy
		g := engine.NewGame(p)
		southMoves := 0
		for range 40 {
			ps := g.Positions()
			q, history := ps[len(ps)-1], ps[:len(ps)-1]
			if q.Status() != engine.Ongoing {
				break
			}
			moves := q.Moves()
			m := moves[rng.Intn(len(moves))]
			if q.ToMove() == engine.South {
				b, _ := BoardOf(&q)
				seeds := b.Seeds()
				lo, _ := db.Bounds(b)
				trusted := StrategyTrusted(db, &q, history)
				sameLevel := len(history) > 0 && history[len(history)-1].PitSeeds(engine.South)+history[len(history)-1].PitSeeds(engine.North) == seeds
				switch {
				case deviate && southMoves == 1 && sameLevel && trusted:
					t.Fatalf("trial %d: South left the strategy at its first move, yet StrategyTrusted holds at\n%s", trial, &q)
				case deviate && southMoves == 1 && sameLevel:
					offLine++
				case !deviate && trial%4 != 3 && !trusted:
					t.Fatalf("trial %d: South followed the strategy, yet StrategyTrusted refuses\n%s", trial, &q)
				case !deviate && trial%4 != 3:
					onLine++
					if !TrustedAfter(&q, history) {
						afterQuiet++
					}
				}
				if lo == -seeds {
					break // a trivial guarantee: the strategy plays no line here
				}
				pit, _ := db.BestMove(b)
				m = engine.Move{Kind: engine.Sow, Pit: uint8(pit + 1)}
				if trial%4 == 3 && southMoves == 0 {
					// Another quiet move, if there is one.
					for _, o := range moves {
						if c, gain := db.Play(b, int(o.Pit)-1); o.Pit != m.Pit && gain == 0 && db.Moves(c) != 0 {
							m, deviate = o, true
							break
						}
					}
				}
				southMoves++
			}
			if _, err := g.Play(m); err != nil {
				t.Fatalf("trial %d: %v", trial, err)
			}
		}
	}
	t.Logf("StrategyTrusted held at %d of South's turns on its strategy's lines (%d of them after a quiet move, where TrustedAfter refuses); refused at %d after a first move off it", onLine, afterQuiet, offLine)
	if afterQuiet < 50 || offLine < 10 {
		t.Fatalf("too few checks: %d after quiet moves, %d off the strategy", afterQuiet, offLine)
	}
}
