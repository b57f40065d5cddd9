package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// twoPlayerVariants returns the default rules of every registered
// two-player variant.
func twoPlayerVariants(t *testing.T) []engine.Rules {
	t.Helper()
	var out []engine.Rules
	for _, v := range engine.Variants() {
		if v.Players != 2 {
			continue
		}
		r, err := v.New(nil)
		if err != nil {
			t.Fatalf("%s: %v", v.ID, err)
		}
		out = append(out, r)
	}
	for _, id := range []string{"kalah", "oware", "togyz", "congkak"} {
		if !slices.ContainsFunc(out, func(r engine.Rules) bool { return r.Variant().ID == id }) {
			t.Fatalf("two-player variant %s is not registered", id)
		}
	}
	return out
}

// playRandom plays up to plies random moves from p, stopping before a move
// that would end the game.
func playRandom(p engine.Position, rng *rand.Rand, plies int) engine.Position {
	for range plies {
		moves := p.Moves()
		if len(moves) == 0 {
			break
		}
		q, err := p.Play(moves[rng.IntN(len(moves))])
		if err != nil || q.Status() != engine.Ongoing {
			break
		}
		p = q
	}
	return p
}

// samplePositions returns the start of r and two mid-game positions reached
// by random moves (fixed seed).
func samplePositions(r engine.Rules) []engine.Position {
	rng := rand.New(rand.NewPCG(11, uint64(len(r.Variant().ID))))
	s := r.Start()
	return []engine.Position{s, playRandom(s, rng, 6), playRandom(s, rng, 20)}
}

// isLegal reports whether m is among p's legal moves.
func isLegal(p engine.Position, m engine.Move) bool {
	return slices.Contains(p.Moves(), m)
}

// checkAnalysis checks what every analysis must satisfy: a legal best move
// that starts a legal principal variation, a depth within the limit, some
// nodes.
func checkAnalysis(t *testing.T, p engine.Position, a Analysis, maxDepth int) {
	t.Helper()
	if !isLegal(p, a.Best) {
		t.Fatalf("best move %s is not legal in\n%s", a.Best, p)
	}
	if len(a.PV) == 0 || a.PV[0] != a.Best {
		t.Fatalf("PV %v does not start with the best move %s", a.PV, a.Best)
	}
	q := p
	for i, m := range a.PV {
		if q.Status() != engine.Ongoing {
			t.Fatalf("PV %v goes on after the game ended (move %d)", a.PV, i+1)
		}
		next, err := q.Play(m)
		if err != nil {
			t.Fatalf("PV %v: move %d (%s) is illegal: %v\n%s", a.PV, i+1, m, err, q)
		}
		q = next
	}
	if a.Depth < 1 || (maxDepth > 0 && a.Depth > maxDepth) {
		t.Fatalf("depth %d, want 1..%d", a.Depth, maxDepth)
	}
	if a.Nodes == 0 {
		t.Fatal("no nodes counted")
	}
	if math.IsNaN(a.Score) || math.Abs(a.Score) > float64(p.Seeds()) {
		t.Fatalf("score %v is outside ±%d seeds", a.Score, p.Seeds())
	}
	if a.Proven && a.Score != math.Trunc(a.Score) {
		t.Fatalf("proven score %v is not a whole number of seeds", a.Score)
	}
}

func TestAnalyzeEveryVariant(t *testing.T) {
	const depth = 3
	for _, r := range twoPlayerVariants(t) {
		for i, p := range samplePositions(r) {
			t.Run(fmt.Sprintf("%s/%d", r.Variant().ID, i), func(t *testing.T) {
				a, err := Analyze(context.Background(), p, Limits{Depth: depth})
				if err != nil {
					t.Fatal(err)
				}
				checkAnalysis(t, p, a, depth)
				if a.Depth != depth && !a.Proven {
					t.Errorf("stopped at depth %d of %d without a proof", a.Depth, depth)
				}
				// Depth limits give the same answer every time.
				b, err := Analyze(context.Background(), p, Limits{Depth: depth})
				if err != nil {
					t.Fatal(err)
				}
				if a.Best != b.Best || a.Score != b.Score || !slices.Equal(a.PV, b.PV) || a.Depth != b.Depth || a.Nodes != b.Nodes {
					t.Errorf("two runs differ: %s %v %v d%d n%d, then %s %v %v d%d n%d",
						a.Best, a.Score, a.PV, a.Depth, a.Nodes, b.Best, b.Score, b.PV, b.Depth, b.Nodes)
				}
				// A node limit alone stops the search too.
				c, err := Analyze(context.Background(), p, Limits{Nodes: 3000})
				if err != nil {
					t.Fatal(err)
				}
				checkAnalysis(t, p, c, 0)
			})
		}
	}
}

// TestAnalyzeNodeLimit: Limits.Nodes "stops the search once it has visited
// this many positions", except that depth 1 always completes. The search
// looks at its budget every 1024 nodes, so allow that much (and a little)
// over. 40 000 is Hard's budget; Congkak's depth 1 needs more than 2000.
func TestAnalyzeNodeLimit(t *testing.T) {
	for _, r := range twoPlayerVariants(t) {
		for _, lim := range []uint64{2000, 40_000} {
			if lim > 2000 && r.Variant().ID != "congkak" {
				continue
			}
			t.Run(fmt.Sprintf("%s/%d", r.Variant().ID, lim), func(t *testing.T) {
				d1, err := Analyze(context.Background(), r.Start(), Limits{Depth: 1})
				if err != nil {
					t.Fatal(err)
				}
				a, err := Analyze(context.Background(), r.Start(), Limits{Nodes: lim})
				if err != nil {
					t.Fatal(err)
				}
				checkAnalysis(t, r.Start(), a, 0)
				if slack := uint64(4096); a.Nodes > max(lim, d1.Nodes)+slack {
					t.Errorf("node limit %d (depth 1: %d nodes): visited %d nodes (depth %d)", lim, d1.Nodes, a.Nodes, a.Depth)
				}
				if d1.Nodes >= lim && (a.Depth != 1 || a.Nodes != d1.Nodes || a.Best != d1.Best) {
					t.Errorf("budget %d below depth 1's %d nodes: got depth %d, %d nodes, %s; want depth 1's %s",
						lim, d1.Nodes, a.Depth, a.Nodes, a.Best, d1.Best)
				}
			})
		}
	}
}

// plainMinimax is depth-limited minimax on the store margin for the side to
// move, over the engine's rules alone.
func plainMinimax(p engine.Position, depth int) int {
	me := p.ToMove()
	if p.Status() != engine.Ongoing || depth == 0 {
		return p.Store(me) - p.Store(1-me)
	}
	best := math.MinInt
	for _, m := range p.Moves() {
		q, err := p.Play(m)
		if err != nil {
			panic(err)
		}
		v := plainMinimax(q, depth-1)
		if q.ToMove() != me {
			v = -v
		}
		best = max(best, v)
	}
	return best
}

// tactic is a position built by hand where one move is clearly best.
type tactic struct {
	name    string
	variant string
	south   []int
	north   []int
	stores  []int
	move    int           // the move to find (South to move)
	gain    int           // its immediate gain in South's store
	status  engine.Status // the status after it
	depths  int           // depths 1..depths at which it is best by plain minimax too
}

// tactics: South to move in each.
var tactics = []tactic{
	// Kalah: pit 1's seed lands in empty pit 2, facing North's pit 5 (ten
	// seeds): 11 seeds captured. Pit 6 only puts a seed in the store.
	{"kalah capture", "kalah", []int{1, 0, 0, 0, 0, 2}, []int{1, 1, 1, 1, 10, 1}, []int{15, 15}, 1, 11, engine.Ongoing, 4},
	// Oware: pit 6 sows North's pits 1..3 up to 2, 3, 2: captured
	// backwards from pit 3, 7 seeds. Pit 1 captures nothing.
	{"oware capture", "oware", []int{1, 0, 0, 0, 0, 3}, []int{1, 2, 1, 4, 4, 4}, []int{15, 14}, 6, 7, engine.Ongoing, 4},
	// Oware: South has 23; pit 6 makes North's pits 1 and 2 two each and
	// takes them: 27 of 48, more than half, a win at once.
	{"oware win at once", "oware", []int{1, 0, 0, 0, 0, 2}, []int{1, 1, 4, 4, 4, 4}, []int{23, 4}, 6, 4, engine.SouthWon, 4},
	// Congkak: pit 1's seed lands in empty pit 2, facing North's pit 6
	// (twelve seeds): 13 captured. Pit 6's seed lands in empty pit 7,
	// facing North's empty pit 1: nothing.
	{"congkak capture", "congkak", []int{1, 0, 0, 0, 0, 1, 0}, []int{0, 1, 1, 1, 1, 12, 1}, []int{40, 39}, 1, 13, engine.Ongoing, 3},
	// Togyz: pit 9's two seeds go back into pit 9 and on into North's
	// pit 1, making it ten, even: captured, 85 of 162, a win at once. Pit
	// 1's lone seed only moves to pit 2.
	{"togyz win at once", "togyz", []int{1, 0, 0, 0, 0, 0, 0, 0, 2}, []int{9, 2, 2, 2, 2, 2, 2, 2, 2}, []int{75, 59}, 9, 10, engine.SouthWon, 3},
	// Kalah: pit 1's seed captures North's last five seeds (pit 5, facing
	// pit 2): North's side is empty, the game ends, South sweeps pit 6:
	// 18+6+2 = 26 to 22.
	{"kalah win at once", "kalah", []int{1, 0, 0, 0, 0, 2}, []int{0, 0, 0, 0, 5, 0}, []int{18, 22}, 1, 8, engine.SouthWon, 4},
}

func TestAnalyzeFindsTactics(t *testing.T) {
	for _, c := range tactics {
		t.Run(c.name, func(t *testing.T) {
			r := engine.MustNew(c.variant, nil)
			p := mustPos(t, r, engine.South, c.south, c.north, c.stores, "")
			m := engine.Move{Pit: uint8(c.move)}
			q, err := p.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			if got := q.Store(engine.South) - p.Store(engine.South); got != c.gain || q.Status() != c.status {
				t.Fatalf("move %s gains %d (status %s), worked by hand %d (%s)\n%s", m, got, q.Status(), c.gain, c.status, p)
			}
			for d := 1; d <= c.depths; d++ {
				// The position really is clear: the move is the only best
				// one by plain minimax.
				bestOther := math.MinInt
				for _, o := range p.Moves() {
					if o == m {
						continue
					}
					qo, _ := p.Play(o)
					v := plainMinimax(qo, d-1)
					if qo.ToMove() != engine.South {
						v = -v
					}
					bestOther = max(bestOther, v)
				}
				v := plainMinimax(q, d-1)
				if q.ToMove() != engine.South {
					v = -v
				}
				if v <= bestOther {
					t.Fatalf("depth %d: plain minimax gives move %s %d, another move %d: not a clear position", d, m, v, bestOther)
				}
				a, err := Analyze(context.Background(), p, Limits{Depth: d})
				if err != nil {
					t.Fatal(err)
				}
				checkAnalysis(t, p, a, d)
				if a.Best != m {
					t.Errorf("depth %d: best %s (score %.2f, PV %v), want %s", d, a.Best, a.Score, a.PV, m)
				}
				if q.Status() == engine.SouthWon {
					want := float64(q.Store(engine.South) - q.Store(engine.North))
					if a.Score != want {
						t.Errorf("depth %d: the winning move scores %v, want its final margin %v", d, a.Score, want)
					}
				} else if a.Score < 0 {
					t.Errorf("depth %d: score %.2f after a capture of %d", d, a.Score, c.gain)
				}
			}
		})
	}
}

// TestAnalyzeProvenIsExact: a score the search calls proven is the exact
// value the solver finds.
func TestAnalyzeProvenIsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	proven := 0
	for _, o := range []engine.Options{{"pits": "3", "seeds": "2"}, {"pits": "3", "seeds": "3"}, {"pits": "4", "seeds": "2"}} {
		r := engine.MustNew("kalah", o)
		for i := 0; i < 25; i++ {
			p := r.Start()
			if i > 0 {
				p = playRandom(p, rng, 1+rng.IntN(8))
			}
			a, err := Analyze(context.Background(), p, Limits{Depth: 40})
			if err != nil {
				t.Fatal(err)
			}
			checkAnalysis(t, p, a, 40)
			if !a.Proven {
				continue
			}
			proven++
			s, err := Solve(context.Background(), p, SolveOptions{DBSeeds: -1, CacheDir: "-", MemoryMB: 16})
			if err != nil {
				t.Fatal(err)
			}
			if a.Score != float64(s.Value) {
				t.Fatalf("proven score %v at depth %d, solver %d\n%s", a.Score, a.Depth, s.Value, p)
			}
		}
	}
	if proven < 20 {
		t.Errorf("only %d positions proven: the test checks too little", proven)
	}
}

func TestAnalyzeErrors(t *testing.T) {
	ctx := context.Background()
	r := engine.MustNew("kalah", engine.Options{"pits": "1", "seeds": "1"})
	over, _ := r.Start().Play(engine.Move{Pit: 1})
	if _, err := Analyze(ctx, over, Limits{Depth: 2}); !errors.Is(err, ErrGameOver) {
		t.Errorf("finished game: err %v, want ErrGameOver", err)
	}
	if _, err := Analyze(ctx, engine.MustNew("tchuka", nil).Start(), Limits{Depth: 2}); !errors.Is(err, ErrSolitaire) {
		t.Errorf("solitaire: err %v, want ErrSolitaire", err)
	}
	if _, err := Analyze(ctx, engine.Position{}, Limits{Depth: 2}); err == nil {
		t.Error("zero position: no error")
	}
	// One legal move: it is the answer.
	one := mustPos(t, engine.MustNew("kalah", nil), engine.South, []int{0, 0, 3, 0, 0, 0}, []int{1, 1, 1, 1, 1, 1}, []int{20, 19}, "")
	a, err := Analyze(ctx, one, Limits{Depth: 3})
	if err != nil || a.Best != (engine.Move{Pit: 3}) {
		t.Errorf("single legal move: %s, %v; want 3", a.Best, err)
	}
	// A cancelled context: an error that says so, or an answer of at
	// least depth 1.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	for _, v := range twoPlayerVariants(t) {
		a, err := Analyze(cctx, v.Start(), Limits{Depth: 6})
		if err != nil {
			if !errors.Is(err, context.Canceled) {
				t.Errorf("%s cancelled: err %v", v.Variant().ID, err)
			}
			continue
		}
		checkAnalysis(t, v.Start(), a, 6)
	}
}

// TestAnalyzePartialIteration: when a node budget stops an iteration after
// it has searched a root move that beats the last completed iteration's
// best (searched first), Analyze plays that move. Over random positions
// of several games, every such answer is checked against the same search
// let finish that iteration (its first moves are searched the same way,
// from the same table): the move is not the completed iteration's best,
// its score is a lower bound of the finished iteration's, and the node
// limit gives the same answer twice.
func TestAnalyzePartialIteration(t *testing.T) {
	ctx := context.Background()
	found, positions, least := 0, 80, 8
	if testing.Short() {
		positions, least = 40, 4
	}
	for _, id := range []string{"togyz", "ayoayo", "congkak", "bao-kenya"} {
		r := engine.MustNew(id, nil)
		rng := rand.New(rand.NewPCG(5, uint64(len(id))))
		for i := range positions {
			p := playRandom(r.Start(), rng, 4+rng.IntN(30))
			if p.Status() != engine.Ongoing {
				continue
			}
			lim := Limits{Nodes: uint64(2000 + rng.IntN(20000)), TableMB: 1}
			a, err := Analyze(ctx, p, lim)
			if err != nil {
				t.Fatal(err)
			}
			if !a.Partial {
				continue
			}
			found++
			name := fmt.Sprintf("%s %d (%d nodes)", id, i, lim.Nodes)
			again, err := Analyze(ctx, p, lim)
			if err != nil || again.Best != a.Best || again.Score != a.Score || !again.Partial {
				t.Errorf("%s: a second run answers %s %v (partial %v), the first %s %v", name, again.Best, again.Score, again.Partial, a.Best, a.Score)
			}
			done, err := Analyze(ctx, p, Limits{Depth: a.Depth, TableMB: 1})
			if err != nil {
				t.Fatal(err)
			}
			if done.Best == a.Best {
				t.Errorf("%s: partial answer %s is depth %d's best already", name, a.Best, a.Depth)
			}
			next, err := Analyze(ctx, p, Limits{Depth: a.Depth + 1, TableMB: 1})
			if err != nil {
				t.Fatal(err)
			}
			if next.Score < a.Score {
				t.Errorf("%s: depth %d finished scores %v, below the partial %s's %v", name, a.Depth+1, next.Score, a.Best, a.Score)
			}
			if len(a.PV) == 0 || a.PV[0] != a.Best {
				t.Errorf("%s: PV %v does not start with %s", name, a.PV, a.Best)
			}
			q := p
			for _, m := range a.PV {
				if q, err = q.Play(m); err != nil {
					t.Errorf("%s: PV %v: %v", name, a.PV, err)
					break
				}
			}
		}
	}
	if found < least {
		t.Fatalf("only %d partial answers: the test checks too little", found)
	}
	t.Logf("%d partial answers checked", found)
}
