package engine_test

// A plain, slow reference implementation of Ayo-ayo (Abawo, Anyiwoli),
// written from docs/sources/more-games-rules.md section 3 (rule numbers
// in comments) and conventions C3-C6, not from the engine's code. The board
// is pits[side][pit-1]; a seed walks pit by pit; a never-ending move (C4) is
// found with a map of every state seen before a relay lift (the engine uses
// Brent's algorithm); the repetition rule (C6) keeps the game's history.
//
// TestReferenceAyoayoGames plays thousands of random games (from the start
// and from random layouts) through engine.Game and the reference side by
// side, comparing after every move the pits, stores, side to move, ply,
// status, end reason, extra, the legal moves and the reason given for every
// pit number. TestReferenceAyoayoPerft compares perft counts.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// The variant's reference implementation, for TestEveryVariantHasItsTests.
func init() {
	engine.AddReference("ayoayo", TestReferenceAyoayoGames)
}

type ayref struct {
	n       int
	capture string
	starve  bool

	pits   [2][]int
	stores [2]int
	toMove int
	ply    int
	status engine.Status
	reason engine.EndReason
	seen   map[string]int
}

func ayrefNew(opts engine.Options) *ayref {
	r := engine.MustNew("ayoayo", opts).Options()
	g := &ayref{capture: r["capture"], starve: r["starve"] == "true", seen: map[string]int{}}
	fmt.Sscan(r["pits"], &g.n)
	g.pits = [2][]int{make([]int, g.n), make([]int, g.n)}
	return g
}

// board copies the board only (no history), to try a move on.
func (g *ayref) board() *ayref {
	c := *g
	c.pits = [2][]int{slices.Clone(g.pits[0]), slices.Clone(g.pits[1])}
	c.seen = nil
	return &c
}

func (g *ayref) clone() *ayref {
	c := g.board()
	c.seen = map[string]int{}
	for k, v := range g.seen {
		c.seen[k] = v
	}
	return c
}

// bytes writes the pits and the extra numbers as a map key.
func (g *ayref) bytes(more ...int) string {
	b := make([]byte, 0, 2*g.n+len(more))
	for s := range 2 {
		for _, k := range g.pits[s] {
			b = append(b, byte(k))
		}
	}
	for _, k := range more {
		b = append(b, byte(k))
	}
	return string(b)
}

func (g *ayref) key() string { return g.bytes(g.stores[0], g.stores[1], g.toMove) }

func (g *ayref) remember() { g.seen = map[string]int{g.key(): 1} }

func (g *ayref) total() int {
	t := g.stores[0] + g.stores[1]
	for s := range 2 {
		for _, k := range g.pits[s] {
			t += k
		}
	}
	return t
}

func (g *ayref) row(s int) int {
	t := 0
	for _, k := range g.pits[s] {
		t += k
	}
	return t
}

// sow plays side me's pit (rules 2-4) on g; it reports false (g then
// undefined) when the move never ends (C4).
func (g *ayref) sow(me, pit int) bool {
	side, p := me, pit
	hand := g.pits[side][p-1]
	g.pits[side][p-1] = 0
	seen := map[string]bool{}
	for {
		for hand > 0 {
			// C3: counter-clockwise, South 1..n then North 1..n.
			if p++; p > g.n {
				p, side = 1, 1-side
			}
			g.pits[side][p-1]++
			hand--
			if g.pits[side][p-1] == 4 { // rule 3
				by := me
				switch {
				case g.capture == "owner":
					by = side
				case g.capture == "mixed" && hand > 0:
					by = side
				}
				g.pits[side][p-1] = 0
				g.stores[by] += 4
				if hand == 0 {
					return true // rule 4
				}
			}
		}
		if g.pits[side][p-1] == 1 { // rule 4: it was empty
			return true
		}
		k := g.bytes(side, p)
		if seen[k] {
			return false // C4
		}
		seen[k] = true
		hand = g.pits[side][p-1]
		g.pits[side][p-1] = 0
	}
}

func (g *ayref) movesOf(side int) []engine.Move {
	var ms []engine.Move
	for pit := 1; pit <= g.n; pit++ {
		if g.pits[side][pit-1] == 0 {
			continue
		}
		if g.board().sow(side, pit) {
			ms = append(ms, engine.Move{Pit: uint8(pit)})
		}
	}
	return ms
}

func (g *ayref) legalMoves() []engine.Move {
	if g.status != engine.Ongoing {
		return nil
	}
	return g.movesOf(g.toMove)
}

func (g *ayref) why(m engine.Move) engine.Reason {
	switch {
	case g.status != engine.Ongoing:
		return engine.GameOver
	case m.Kind == engine.Swap:
		return engine.SwapUnavailable
	case m.Dir != engine.DirNone:
		return engine.NeedsNoDirection
	case m.Pit < 1 || int(m.Pit) > g.n:
		return engine.NoSuchPit
	case g.pits[g.toMove][m.Pit-1] == 0:
		return engine.EmptyPit
	}
	if !g.board().sow(g.toMove, int(m.Pit)) {
		return engine.NeverEnding
	}
	return 0
}

func ayrefWon(s int) engine.Status {
	if s == 0 {
		return engine.SouthWon
	}
	return engine.NorthWon
}

// sweepOwn: each player adds his own row to his store; the bigger wins.
func (g *ayref) sweepOwn(r engine.EndReason) {
	for s := range 2 {
		for i := range g.pits[s] {
			g.stores[s] += g.pits[s][i]
			g.pits[s][i] = 0
		}
	}
	g.reason = r
	switch {
	case g.stores[0] > g.stores[1]:
		g.status = engine.SouthWon
	case g.stores[1] > g.stores[0]:
		g.status = engine.NorthWon
	default:
		g.status = engine.Draw
	}
}

// settle: rule 5a, then 5b.
func (g *ayref) settle() {
	if g.status != engine.Ongoing {
		return
	}
	t := g.total()
	for s := range 2 {
		if 2*g.stores[s] > t {
			g.status, g.reason = ayrefWon(s), engine.EndMajority
			return
		}
	}
	if 2*g.stores[0] == t && 2*g.stores[1] == t {
		g.status, g.reason = engine.Draw, engine.EndMajority
		return
	}
	if len(g.movesOf(g.toMove)) > 0 {
		return
	}
	if g.starve {
		g.status, g.reason = ayrefWon(1-g.toMove), engine.EndNoMoves
		return
	}
	if len(g.movesOf(1-g.toMove)) > 0 {
		g.toMove = 1 - g.toMove // C5: a pass
		return
	}
	g.sweepOwn(engine.EndNoMoves)
}

func (g *ayref) play(m engine.Move) {
	if !g.sow(g.toMove, int(m.Pit)) {
		panic("reference: a never-ending move was played")
	}
	g.ply++
	g.toMove = 1 - g.toMove
	g.settle()
	if g.status == engine.Ongoing { // 5c, C6
		k := g.key()
		if g.seen[k]++; g.seen[k] >= 3 {
			g.sweepOwn(engine.EndRepetition)
		}
	}
}

func ayrefDiff(p engine.Position, g *ayref) []string {
	var d []string
	for s := range 2 {
		for i := 1; i <= g.n; i++ {
			if got := p.Pit(engine.Side(s), i); got != g.pits[s][i-1] {
				d = append(d, fmt.Sprintf("%s pit %d: engine %d, reference %d", engine.Side(s), i, got, g.pits[s][i-1]))
			}
		}
		if got := p.Store(engine.Side(s)); got != g.stores[s] {
			d = append(d, fmt.Sprintf("%s store: engine %d, reference %d", engine.Side(s), got, g.stores[s]))
		}
	}
	if p.Status() != g.status || p.EndReason() != g.reason {
		d = append(d, fmt.Sprintf("status: engine %s (%s), reference %s (%s)", p.Status(), p.EndReason(), g.status, g.reason))
	}
	if g.status == engine.Ongoing && int(p.ToMove()) != g.toMove {
		d = append(d, fmt.Sprintf("to move: engine %s, reference %s", p.ToMove(), engine.Side(g.toMove)))
	}
	if p.Ply() != g.ply {
		d = append(d, fmt.Sprintf("ply: engine %d, reference %d", p.Ply(), g.ply))
	}
	if len(p.Extra()) != 0 {
		d = append(d, fmt.Sprintf("extra: %v", p.Extra()))
	}
	if got, want := fmt.Sprint(p.Moves()), fmt.Sprint(g.legalMoves()); got != want {
		d = append(d, fmt.Sprintf("moves: engine %s, reference %s", got, want))
	}
	for pit := 0; pit <= g.n+2; pit++ {
		for _, dir := range []engine.Dir{engine.DirNone, engine.DirLeft} {
			m := engine.Move{Pit: uint8(pit), Dir: dir}
			q := p
			if got, want := engine.ReasonOf(p.Rules().Check(&q, m)), g.why(m); got != want {
				d = append(d, fmt.Sprintf("move %s: engine reason %d, reference %d", m, got, want))
			}
		}
	}
	return d
}

func ayrefOptionSets() []engine.Options {
	var sets []engine.Options
	for _, c := range []string{"sower", "owner", "mixed"} {
		for _, st := range []string{"true", "false"} {
			sets = append(sets, engine.Options{"capture": c, "starve": st})
		}
	}
	return append(sets, engine.Options{"capture": "mixed", "pits": "12"}, engine.Options{"pits": "12", "starve": "false"},
		engine.Options{"capture": "owner", "pits": "4", "starve": "false"})
}

// ayrefRandom draws a layout: sparse boards, small endgames and a few big
// piles that go round the ring; stores take the rest of 8n seeds or so.
func ayrefRandom(rng *rand.Rand, opts engine.Options) *ayref {
	g := ayrefNew(opts)
	max := []int{3, 5, 8, 20}[rng.IntN(4)]
	for s := range 2 {
		for i := range g.pits[s] {
			if rng.IntN(3) > 0 {
				g.pits[s][i] = rng.IntN(max)
			}
		}
	}
	rest := 8*g.n - g.row(0) - g.row(1)
	if rest > 0 {
		g.stores[0] = rng.IntN(rest/2 + 1)
		g.stores[1] = rng.IntN(rest/2 + 1)
	}
	g.toMove = rng.IntN(2)
	return g
}

func ayrefPlay(t *testing.T, opts engine.Options, start engine.Position, g *ayref, rng *rand.Rand, counts map[string]int) {
	t.Helper()
	r := refReplay[*ayref]{what: fmt.Sprint(opts), diff: ayrefDiff, maxPly: 2000, pick: refRandomMove(rng)}
	r.play(t, start, g)
	counts[g.reason.String()]++
}

func TestReferenceAyoayoGames(t *testing.T) {
	games := 240
	if testing.Short() {
		games = 60
	}
	rng := rand.New(rand.NewPCG(13, 0xa40))
	counts := map[string]int{}
	for _, opts := range ayrefOptionSets() {
		rules := engine.MustNew("ayoayo", opts)
		for k := 0; k < games; k++ {
			if k%2 == 0 {
				g := ayrefNew(opts)
				for s := range 2 {
					for i := range g.pits[s] {
						g.pits[s][i] = 4
					}
				}
				ayrefPlay(t, opts, rules.Start(), g, rng, counts)
				continue
			}
			g := ayrefRandom(rng, opts)
			s := engine.Setup{ToMove: engine.Side(g.toMove), Pits: [][]int{g.pits[0], g.pits[1]}, Stores: g.stores[:]}
			p, err := engine.NewPosition(rules, s)
			c := g.board()
			c.settle()
			if accept := c.status == engine.Ongoing && c.toMove == g.toMove; accept != (err == nil) {
				t.Fatalf("%v: NewPosition(%v) error %v, but the reference accepts: %v", opts, s, err, accept)
			}
			if err != nil {
				counts["refused setup"]++
				continue
			}
			ayrefPlay(t, opts, p, g, rng, counts)
		}
	}
	t.Logf("game ends: %v", counts)
}

func TestReferenceAyoayoPerft(t *testing.T) {
	for _, opts := range []engine.Options{nil, {"capture": "owner", "starve": "false"}, {"capture": "mixed", "pits": "12"}} {
		depth := 6
		if opts["pits"] == "12" {
			depth = 5
		}
		if testing.Short() {
			depth = 3
		}
		p := engine.MustNew("ayoayo", opts).Start()
		g := ayrefNew(opts)
		for s := range 2 {
			for i := range g.pits[s] {
				g.pits[s][i] = 4
			}
		}
		g.remember()
		for d := 1; d <= depth; d++ {
			want := modelPerft(g, d, (*ayref).clone)
			if got := engine.Perft(p, d); got != want {
				t.Errorf("%v: Perft(start, %d) = %d, reference %d", opts, d, got, want)
			}
			if got := engine.PerftFull(p, d); got != want {
				t.Errorf("%v: PerftFull(start, %d) = %d, reference %d", opts, d, got, want)
			}
			t.Logf("%v: perft %d = %d", opts, d, want)
		}
	}
}
