package engine_test

// A plain, slow reference implementation of La'b madjnuni, written from
// docs/sources/more-games-rules.md section 10 (rule numbers in comments)
// and conventions C3-C6, not from the engine's code. The board is
// pits[side][pit-1]; a seed walks pit by pit; a never-ending move (C4) is
// found with a map of every state seen before a relay lift; the repetition
// rule (C6) keeps the game's history.
//
// TestReferenceMadjnuniGames plays thousands of games (the game has no
// choices: each layout is one game) from the start with every seeds option
// and from random layouts of 98 seeds (at least 2 a pit, as the source
// lays them out) and sparse ones, comparing after every move the pits,
// stores, side to move, ply, status, end reason, extra, the legal move and
// the reason given for every pit number. TestReferenceMadjnuniPerft compares
// perft (1 while the game goes on, 0 after it ended) along whole games.

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// The variant's reference implementation, for TestEveryVariantHasItsTests.
func init() {
	engine.AddReference("madjnuni", TestReferenceMadjnuniGames)
}

type mref struct {
	opposite bool

	pits   [2][7]int
	stores [2]int
	toMove int
	ply    int
	status engine.Status
	reason engine.EndReason
	seen   map[string]int
}

func mrefNew(opts engine.Options, seeds int) *mref {
	g := &mref{opposite: engine.MustNew("madjnuni", opts).Options()["opposite"] == "true", seen: map[string]int{}}
	for s := range 2 {
		for i := range 7 {
			g.pits[s][i] = seeds
		}
	}
	return g
}

// board copies the board only (no history), to try a move on.
func (g *mref) board() *mref {
	c := *g
	c.seen = nil
	return &c
}

func (g *mref) clone() *mref {
	c := *g
	c.seen = map[string]int{}
	for k, v := range g.seen {
		c.seen[k] = v
	}
	return &c
}

// bytes writes the pits and the extra numbers as a map key.
func (g *mref) bytes(more ...int) string {
	b := make([]byte, 0, 14+len(more))
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

func (g *mref) key() string { return g.bytes(g.stores[0], g.stores[1], g.toMove) }

func (g *mref) remember() { g.seen = map[string]int{g.key(): 1} }

// head: rule 3, pit 7 or the nearest non-empty pit to its left; 0 if none.
func (g *mref) head(side int) int {
	for pit := 7; pit >= 1; pit-- {
		if g.pits[side][pit-1] > 0 {
			return pit
		}
	}
	return 0
}

// next: C3, counter-clockwise, South 1..7 then North 1..7.
func mrefNext(side, pit int) (int, int) {
	if pit == 7 {
		return 1 - side, 1
	}
	return side, pit + 1
}

// sow plays side me's pit (rules 4, 5) on g; false when it never ends (C4).
func (g *mref) sow(me, pit int) bool {
	side, p := me, pit
	hand := g.pits[side][p-1]
	g.pits[side][p-1] = 0
	seen := map[string]bool{}
	for {
		for ; hand > 0; hand-- {
			side, p = mrefNext(side, p)
			g.pits[side][p-1]++
		}
		switch g.pits[side][p-1] {
		case 1:
			return true
		case 2, 4:
			// Rule 5: this pit and the following ones holding 2 or 4,
			// each with the pit facing it (South i faces North 8-i).
			for k := 0; k < 14; k++ {
				if k > 0 {
					side, p = mrefNext(side, p)
					if n := g.pits[side][p-1]; n != 2 && n != 4 {
						break
					}
				}
				g.stores[me] += g.pits[side][p-1]
				g.pits[side][p-1] = 0
				if g.opposite {
					g.stores[me] += g.pits[1-side][8-p-1]
					g.pits[1-side][8-p-1] = 0
				}
			}
			return true
		}
		k := g.bytes(side, p)
		if seen[k] {
			return false
		}
		seen[k] = true
		hand = g.pits[side][p-1]
		g.pits[side][p-1] = 0
	}
}

func (g *mref) legalMoves() []engine.Move {
	if g.status != engine.Ongoing {
		return nil
	}
	h := g.head(g.toMove)
	if h == 0 || !g.board().sow(g.toMove, h) {
		return nil
	}
	return []engine.Move{{Pit: uint8(h)}}
}

func (g *mref) why(m engine.Move) engine.Reason {
	switch {
	case g.status != engine.Ongoing:
		return engine.GameOver
	case m.Kind == engine.Swap:
		return engine.SwapUnavailable
	case m.Dir != engine.DirNone:
		return engine.NeedsNoDirection
	case m.Pit < 1 || m.Pit > 7:
		return engine.NoSuchPit
	case g.pits[g.toMove][m.Pit-1] == 0:
		return engine.EmptyPit
	case int(m.Pit) != g.head(g.toMove):
		return engine.NotHeadPit
	case !g.board().sow(g.toMove, int(m.Pit)):
		return engine.NeverEnding
	}
	return 0
}

func (g *mref) sweepOwn(r engine.EndReason) {
	for s := range 2 {
		for i := range 7 {
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

// settle: rule 6.
func (g *mref) settle() {
	if g.status == engine.Ongoing && len(g.legalMoves()) == 0 {
		g.sweepOwn(engine.EndNoMoves)
	}
}

func (g *mref) play(m engine.Move) {
	if !g.sow(g.toMove, int(m.Pit)) {
		panic("reference: a never-ending move was played")
	}
	g.ply++
	g.toMove = 1 - g.toMove
	g.settle()
	if g.status == engine.Ongoing { // rule 6, C6
		k := g.key()
		if g.seen[k]++; g.seen[k] >= 3 {
			g.sweepOwn(engine.EndRepetition)
		}
	}
}

func mrefDiff(p engine.Position, g *mref) []string {
	var d []string
	for s := range 2 {
		for i := 1; i <= 7; i++ {
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
	if int(p.ToMove()) != g.toMove || p.Ply() != g.ply {
		d = append(d, fmt.Sprintf("to move, ply: engine %s %d, reference %s %d", p.ToMove(), p.Ply(), engine.Side(g.toMove), g.ply))
	}
	if len(p.Extra()) != 0 {
		d = append(d, fmt.Sprintf("extra: %v", p.Extra()))
	}
	if got, want := fmt.Sprint(p.Moves()), fmt.Sprint(g.legalMoves()); got != want {
		d = append(d, fmt.Sprintf("moves: engine %s, reference %s", got, want))
	}
	for pit := 0; pit <= 9; pit++ {
		for _, dir := range []engine.Dir{engine.DirNone, engine.DirRight} {
			m := engine.Move{Pit: uint8(pit), Dir: dir}
			q := p
			if got, want := engine.ReasonOf(p.Rules().Check(&q, m)), g.why(m); got != want {
				d = append(d, fmt.Sprintf("move %s: engine reason %d, reference %d", m, got, want))
			}
		}
	}
	return d
}

// mrefPlay plays the game from start to its end in both implementations.
func mrefPlay(t *testing.T, opts engine.Options, start engine.Position, g *mref) {
	t.Helper()
	r := refReplay[*mref]{what: fmt.Sprint(opts), diff: mrefDiff, maxPly: 5000, pick: refFirstMove}
	r.play(t, start, g)
}

// mrefRandom lays out 98 seeds, at least 2 a pit (the source's setup), or
// a sparse board.
func mrefRandom(rng *rand.Rand, opts engine.Options) *mref {
	g := mrefNew(opts, 0)
	if rng.IntN(2) == 0 {
		for s := range 2 {
			for i := range 7 {
				g.pits[s][i] = 2
			}
		}
		for range 98 - 28 {
			g.pits[rng.IntN(2)][rng.IntN(7)]++
		}
		return g
	}
	max := 2 + rng.IntN(12)
	for s := range 2 {
		for i := range 7 {
			g.pits[s][i] = rng.IntN(max)
		}
	}
	g.stores = [2]int{rng.IntN(20), rng.IntN(20)}
	g.toMove = rng.IntN(2)
	return g
}

func TestReferenceMadjnuniGames(t *testing.T) {
	games := 1200
	if testing.Short() {
		games = 300
	}
	counts := map[string]int{}
	for _, opts := range []engine.Options{nil, {"opposite": "false"}} {
		for s := 2; s <= 12; s++ {
			o := engine.Options{"seeds": fmt.Sprint(s)}
			for k, v := range opts {
				o[k] = v
			}
			g := mrefNew(o, s)
			mrefPlay(t, o, engine.MustNew("madjnuni", o).Start(), g)
			counts[g.reason.String()]++
		}
		rules := engine.MustNew("madjnuni", opts)
		rng := rand.New(rand.NewPCG(17, 0x3ad))
		for k := 0; k < games; k++ {
			g := mrefRandom(rng, opts)
			s := engine.Setup{ToMove: engine.Side(g.toMove), Pits: [][]int{g.pits[0][:], g.pits[1][:]}, Stores: g.stores[:]}
			p, err := engine.NewPosition(rules, s)
			c := g.board()
			c.settle()
			if (c.status == engine.Ongoing) != (err == nil) {
				t.Fatalf("%v: NewPosition(%v) error %v, the reference's status %s", opts, s, err, c.status)
			}
			if err != nil {
				counts["refused setup"]++
				continue
			}
			mrefPlay(t, opts, p, g)
			counts[g.reason.String()]++
		}
	}
	t.Logf("game ends: %v", counts)
}

// TestReferenceMadjnuniPerft: with no choice, perft is 1 for every depth up
// to the game's length and 0 beyond; compared along whole games from the
// start and from random layouts (some ending by repetition).
func TestReferenceMadjnuniPerft(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 0x3ad))
	rules := engine.MustNew("madjnuni", nil)
	for k := 0; k < 20; k++ {
		p := rules.Start()
		g := mrefNew(nil, 7)
		if k > 0 {
			g = mrefRandom(rng, nil)
			var err error
			if p, err = engine.NewPosition(rules, engine.Setup{ToMove: engine.Side(g.toMove), Pits: [][]int{g.pits[0][:], g.pits[1][:]}, Stores: g.stores[:]}); err != nil {
				continue
			}
		}
		c := g.clone()
		mrefPlay(t, nil, p, c)
		length := c.ply - g.ply
		for _, d := range []int{1, length / 2, length, length + 1} {
			want := uint64(0)
			if d <= length {
				want = 1
			}
			if got := engine.Perft(p, d); d > 0 && got != want {
				j, _ := p.MarshalJSON()
				t.Fatalf("Perft(%s, %d) = %d, want %d (the game lasts %d plies, %s)", j, d, got, want, length, c.reason)
			}
		}
	}
}
