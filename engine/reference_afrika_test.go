package engine_test

// A plain, slow reference implementation of Afrika, written from
// docs/sources/more-games-rules.md section 6 (rule numbers A1-A6 in
// comments) and not from the engine's code: pits[side][pit-1], a seed walks
// the 16 pits one by one, captures are searched by reading the rule
// literally, and the repetition rule keeps the game's history in a map.
//
// TestReferenceAfrikaGames plays thousands of random games (from the start
// and from random positions) through engine.Game and the reference side by
// side under every option set, comparing every position: pits, stores, side
// to move, ply, status and end reason, the legal moves and the reason of
// every refused probe. TestReferenceAfrikaPerft compares perft counts.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// The variant's reference implementation, for TestEveryVariantHasItsTests.
func init() {
	engine.AddReference("afrika", TestReferenceAfrikaGames)
}

type aref struct {
	early, misere bool

	pits   [2][8]int
	stores [2]int
	toMove int
	ply    int
	status engine.Status
	reason engine.EndReason
	seen   map[string]int
}

func (g *aref) key() string { return fmt.Sprint(g.pits, g.stores, g.toMove) }

func (g *aref) remember() { g.seen = map[string]int{g.key(): 1} }

func (g *aref) clone() *aref {
	c := *g
	c.seen = nil
	return &c
}

// captures lists, for the mover, the opponent's pits (1..8) A2 allows.
func (g *aref) captures() []int {
	me, opp := g.toMove, 1-g.toMove
	var cands []int
	small := 1 << 30
	for i := 1; i <= 8; i++ {
		facing := 9 - i
		if g.pits[me][i-1] == 0 && g.pits[opp][facing-1] > 0 {
			cands = append(cands, facing)
			small = min(small, g.pits[opp][facing-1])
		}
	}
	var out []int
	for _, j := range cands {
		if g.pits[opp][j-1] == small {
			out = append(out, j)
		}
	}
	slices.Sort(out)
	return out
}

func (g *aref) legalMoves() []engine.Move {
	if g.status != engine.Ongoing {
		return nil
	}
	var ms []engine.Move
	if cs := g.captures(); len(cs) > 0 {
		for _, j := range cs {
			ms = append(ms, engine.Move{Pit: uint8(8 + j)})
		}
		return ms
	}
	for i := 1; i <= 8; i++ {
		if g.pits[g.toMove][i-1] > 0 {
			ms = append(ms, engine.Move{Pit: uint8(i)})
		}
	}
	return ms
}

// why is the reason a probe move is refused (0: legal).
func (g *aref) why(m engine.Move) engine.Reason {
	switch {
	case g.status != engine.Ongoing:
		return engine.GameOver
	case m.Kind == engine.Swap:
		return engine.SwapUnavailable
	case m.Dir != engine.DirNone:
		return engine.NeedsNoDirection
	case m.Pit < 1 || m.Pit > 16:
		return engine.NoSuchPit
	}
	cs := g.captures()
	if m.Pit <= 8 {
		if len(cs) > 0 {
			return engine.MustCapture
		}
		if g.pits[g.toMove][m.Pit-1] == 0 {
			return engine.EmptyPit
		}
		return 0
	}
	j := int(m.Pit) - 8
	if g.pits[1-g.toMove][j-1] == 0 || g.pits[g.toMove][9-j-1] != 0 {
		return engine.NotCapturable
	}
	if !slices.Contains(cs, j) {
		return engine.MustCaptureSmallest
	}
	return 0
}

func (g *aref) play(m engine.Move) {
	me := g.toMove
	if m.Pit > 8 { // A2
		j := int(m.Pit) - 8
		g.stores[me] += g.pits[1-me][j-1]
		g.pits[1-me][j-1] = 0
	} else { // A3: walk the ring of 16 pits, skipping the origin
		side, pit := me, int(m.Pit)
		n := g.pits[side][pit-1]
		g.pits[side][pit-1] = 0
		s, i := side, pit
		for n > 0 {
			i++
			if i > 8 {
				i, s = 1, 1-s
			}
			if s == side && i == pit {
				continue
			}
			g.pits[s][i-1]++
			n--
		}
	}
	g.ply++
	g.toMove = 1 - me
	g.settle()
	if g.status == engine.Ongoing && g.seen != nil {
		k := g.key()
		g.seen[k]++
		if g.seen[k] >= 3 { // A6
			for s := range 2 {
				for i := range 8 {
					g.stores[s] += g.pits[s][i]
					g.pits[s][i] = 0
				}
			}
			g.decide(engine.EndRepetition)
		}
	}
}

func (g *aref) total() (board, all int) {
	for s := range 2 {
		for _, n := range g.pits[s] {
			board += n
		}
		all += g.stores[s]
	}
	return board, all + board
}

func (g *aref) settle() {
	board, all := g.total()
	if g.early || g.misere {
		for s := range 2 {
			if 2*g.stores[s] > all {
				g.status, g.reason = arefWinner(s, g.misere), engine.EndMajority
				return
			}
		}
	}
	if board == 0 {
		g.decide(engine.EndNoMoves)
	}
}

func arefWinner(bigger int, misere bool) engine.Status {
	w := bigger
	if misere {
		w = 1 - bigger
	}
	return []engine.Status{engine.SouthWon, engine.NorthWon}[w]
}

func (g *aref) decide(r engine.EndReason) {
	g.reason = r
	switch {
	case g.stores[0] > g.stores[1]:
		g.status = arefWinner(0, g.misere)
	case g.stores[1] > g.stores[0]:
		g.status = arefWinner(1, g.misere)
	default:
		g.status = engine.Draw
	}
}

func arefDiff(p engine.Position, g *aref) []string {
	var d []string
	for s := range 2 {
		for i := range 8 {
			if got := p.Pit(engine.Side(s), i+1); got != g.pits[s][i] {
				d = append(d, fmt.Sprintf("%s pit %d: engine %d, reference %d", engine.Side(s), i+1, got, g.pits[s][i]))
			}
		}
		if got := p.Store(engine.Side(s)); got != g.stores[s] {
			d = append(d, fmt.Sprintf("%s store: engine %d, reference %d", engine.Side(s), got, g.stores[s]))
		}
	}
	if int(p.ToMove()) != g.toMove || p.Ply() != g.ply || p.Status() != g.status || p.EndReason() != g.reason {
		d = append(d, fmt.Sprintf("engine %s ply %d %s %s, reference %s ply %d %s %s", p.ToMove(), p.Ply(), p.Status(), p.EndReason(),
			engine.Side(g.toMove), g.ply, g.status, g.reason))
	}
	if p.Extra() != nil {
		d = append(d, fmt.Sprintf("extra %v, want none", p.Extra()))
	}
	em, rm := fmt.Sprint(p.Moves()), fmt.Sprint(g.legalMoves())
	if em != rm {
		d = append(d, fmt.Sprintf("moves: engine %s, reference %s", em, rm))
	}
	for pit := 0; pit <= 18; pit++ {
		for _, m := range []engine.Move{{Pit: uint8(pit)}, {Pit: uint8(pit), Dir: engine.DirLeft}} {
			_, err := p.Play(m)
			if got, want := engine.ReasonOf(err), g.why(m); got != want {
				d = append(d, fmt.Sprintf("move %s: engine reason %d (%v), reference %d", m, got, err, want))
			}
		}
	}
	return d
}

func arefOptionSets() []engine.Options {
	return []engine.Options{
		{"early_end": "false", "misere": "false"},
		{"early_end": "true", "misere": "false"},
		{"early_end": "false", "misere": "true"},
		{"early_end": "true", "misere": "true"},
	}
}

func arefNew(opts engine.Options) *aref {
	return &aref{early: opts["early_end"] == "true", misere: opts["misere"] == "true"}
}

func arefStart(opts engine.Options) *aref {
	g := arefNew(opts)
	for s := range 2 {
		for i := range 8 {
			g.pits[s][i] = 8
		}
	}
	return g
}

// arefRandom is a random position: sparse boards and endgames, which
// repeat and end more often than the opening.
func arefRandom(rng *rand.Rand, opts engine.Options) *aref {
	g := arefNew(opts)
	density := 1 + rng.IntN(4)
	for s := range 2 {
		for i := range 8 {
			if rng.IntN(density) == 0 {
				g.pits[s][i] = rng.IntN(6)
				if rng.IntN(10) == 0 {
					g.pits[s][i] = 10 + rng.IntN(12)
				}
			}
		}
	}
	board, _ := g.total()
	rest := 128 - board
	if rest < 0 {
		rest = 0
	}
	g.stores[0] = rng.IntN(rest/2 + 1)
	g.stores[1] = rest - g.stores[0]
	g.toMove = rng.IntN(2)
	return g
}

func arefPlayGame(t *testing.T, opts engine.Options, start engine.Position, ref *aref, rng *rand.Rand) int {
	t.Helper()
	r := refReplay[*aref]{what: fmt.Sprint(opts), diff: arefDiff, maxPly: 1000, pick: refRandomMove(rng)}
	n := r.play(t, start, ref)
	arefCounts[ref.reason.String()]++
	return n
}

var arefCounts = map[string]int{}

func TestReferenceAfrikaGames(t *testing.T) {
	games := 500
	if testing.Short() {
		games = 50
	}
	positions := 0
	for oi, opts := range arefOptionSets() {
		rules := engine.MustNew("afrika", opts)
		rng := rand.New(rand.NewPCG(uint64(oi), 0xaf))
		for range games {
			positions += arefPlayGame(t, opts, rules.Start(), arefStart(opts), rng)
		}
		for played := 0; played < games; {
			ref := arefRandom(rng, opts)
			over := ref.clone()
			over.settle()
			setup := engine.Setup{ToMove: engine.Side(ref.toMove), Pits: [][]int{ref.pits[0][:], ref.pits[1][:]}, Stores: ref.stores[:]}
			p, err := engine.NewPosition(rules, setup)
			if (err == nil) != (over.status == engine.Ongoing) {
				t.Fatalf("%v: NewPosition(%v) error %v, reference status %s", opts, setup, err, over.status)
			}
			if err != nil {
				continue
			}
			positions += arefPlayGame(t, opts, p, ref, rng)
			played++
		}
	}
	t.Logf("%d positions compared; games ended: %v", positions, arefCounts)
	if arefCounts["repetition"] == 0 && !testing.Short() {
		t.Logf("no game ended by repetition")
	}
}

func TestReferenceAfrikaPerft(t *testing.T) {
	depth := 6
	if testing.Short() {
		depth = 4
	}
	for _, opts := range arefOptionSets()[:1] {
		p := engine.MustNew("afrika", opts).Start()
		for d := 1; d <= depth; d++ {
			if got, want := engine.Perft(p, d), modelPerft(arefStart(opts), d, (*aref).clone); got != want {
				t.Errorf("%v: perft(%d) = %d, reference %d", opts, d, got, want)
			} else {
				t.Logf("perft(%d) = %d", d, got)
			}
		}
	}
}
