package engine_test

// A plain, slow reference implementation of Ohojitxi, written from
// docs/sources/more-games-rules.md section 5 (rule numbers O1-O8 in
// comments) and not from the engine's code. The board is the drawn 6x2
// grid itself (rank 0 at the top, as South sees it); each player's loop is
// the path of grid squares O1 describes, walked square by square; the
// repetition rule keeps the game's history in a map.
//
// TestReferenceOhojitxiGames plays thousands of random games (from the
// start and from random positions, capped at 400 plies) through
// engine.Game and the reference side by side, comparing every position:
// pits, side to move, ply, status and end reason, extra (drop, last_drop),
// seeds in hand, the legal moves and the reason of every refused probe.
// TestReferenceOhojitxiPerft compares perft counts.

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// The variant's reference implementation, for TestEveryVariantHasItsTests.
func init() {
	engine.AddReference("ohojitxi", TestReferenceOhojitxiGames)
}

// orefLoop is each side's loop (O1) as grid squares {rank, file}: South
// from its seat (near rank 5): near-left, near-right, middle-right,
// far-right, far-left, middle-left; North the same from the other end of
// the board.
var orefLoop = [2][6][2]int{
	{{5, 0}, {5, 1}, {4, 1}, {3, 1}, {3, 0}, {4, 0}},
	{{0, 1}, {0, 0}, {1, 0}, {2, 0}, {2, 1}, {1, 1}},
}

type oref struct {
	grid     [6][2]int
	toMove   int
	drop     int
	lastDrop [2]int
	ply      int
	status   engine.Status
	reason   engine.EndReason
	seen     map[string]int
}

func (g *oref) key() string { return fmt.Sprint(g.grid, g.toMove, g.drop, g.lastDrop) }

func (g *oref) remember() { g.seen = map[string]int{g.key(): 1} }

func (g *oref) pit(side, n int) *int {
	sq := orefLoop[side][n-1]
	return &g.grid[sq[0]][sq[1]]
}

func (g *oref) sideSeeds(side int) int {
	n := 0
	for i := 1; i <= 6; i++ {
		n += *g.pit(side, i)
	}
	return n
}

func (g *oref) clone() *oref {
	c := *g
	c.seen = nil
	return &c
}

func (g *oref) legalMoves() []engine.Move {
	if g.status != engine.Ongoing {
		return nil
	}
	var ms []engine.Move
	if g.drop > 0 { // O5
		for j := 1; j <= 6; j++ {
			if j != g.lastDrop[g.toMove] {
				ms = append(ms, engine.Move{Pit: uint8(6 + j)})
			}
		}
		return ms
	}
	for i := 1; i <= 6; i++ {
		if *g.pit(g.toMove, i) > 0 {
			ms = append(ms, engine.Move{Pit: uint8(i)})
		}
	}
	return ms
}

func (g *oref) why(m engine.Move) engine.Reason {
	switch {
	case g.status != engine.Ongoing:
		return engine.GameOver
	case m.Kind == engine.Swap:
		return engine.SwapUnavailable
	case m.Dir != engine.DirNone:
		return engine.NeedsNoDirection
	case m.Pit < 1 || m.Pit > 12:
		return engine.NoSuchPit
	case g.drop > 0 && m.Pit <= 6:
		return engine.DropPending
	case g.drop > 0 && int(m.Pit)-6 == g.lastDrop[g.toMove]:
		return engine.SameDropPit
	case g.drop > 0:
		return 0
	case m.Pit > 6:
		return engine.NoSuchPit
	case *g.pit(g.toMove, int(m.Pit)) == 0:
		return engine.EmptyPit
	}
	return 0
}

func (g *oref) play(m engine.Move) {
	me := g.toMove
	g.ply++
	if g.drop > 0 { // O5
		j := int(m.Pit) - 6
		*g.pit(1-me, j) += g.drop
		g.drop = 0
		g.lastDrop[me] = j
		g.toMove = 1 - me
		g.settle()
	} else {
		// O3: one lap round the own loop.
		i := int(m.Pit)
		n := *g.pit(me, i)
		*g.pit(me, i) = 0
		for ; n > 0; n-- {
			i = i%6 + 1
			*g.pit(me, i)++
		}
		// O4: a last pit of exactly 4, and the 4s before it.
		if *g.pit(me, i) == 4 {
			for k := 0; k < 6 && *g.pit(me, i) == 4; k++ {
				g.drop += 4
				*g.pit(me, i) = 0
				i--
				if i == 0 {
					i = 6
				}
			}
		} else {
			g.toMove = 1 - me // O6
		}
	}
	if g.status == engine.Ongoing && g.seen != nil {
		k := g.key()
		g.seen[k]++
		if g.seen[k] >= 3 { // O8
			g.status, g.reason = engine.Draw, engine.EndRepetition
		}
	}
}

// settle is O7.
func (g *oref) settle() {
	if g.drop > 0 {
		return
	}
	for _, s := range []int{1 - g.toMove, g.toMove} {
		if g.sideSeeds(s) == 0 {
			g.status, g.reason = []engine.Status{engine.SouthWon, engine.NorthWon}[s], engine.EndEmptySide
			return
		}
	}
}

func orefDiff(p engine.Position, g *oref) []string {
	var d []string
	for s := range 2 {
		for i := 1; i <= 6; i++ {
			if got, want := p.Pit(engine.Side(s), i), *g.pit(s, i); got != want {
				d = append(d, fmt.Sprintf("%s pit %d: engine %d, reference %d", engine.Side(s), i, got, want))
			}
		}
		if p.Store(engine.Side(s)) != 0 {
			d = append(d, "a store holds seeds")
		}
	}
	if int(p.ToMove()) != g.toMove || p.Ply() != g.ply || p.Status() != g.status || p.EndReason() != g.reason {
		d = append(d, fmt.Sprintf("engine %s ply %d %s %s, reference %s ply %d %s %s", p.ToMove(), p.Ply(), p.Status(), p.EndReason(),
			engine.Side(g.toMove), g.ply, g.status, g.reason))
	}
	x := p.Setup().Extra
	if got, want := fmt.Sprintf("%s %s", x["drop"], x["last_drop"]), fmt.Sprintf(`%d {"south":%d,"north":%d}`, g.drop, g.lastDrop[0], g.lastDrop[1]); got != want {
		d = append(d, fmt.Sprintf("extra: engine %s, reference %s", got, want))
	}
	if p.Hand(p.ToMove()) != g.drop || p.Hand(1-p.ToMove()) != 0 {
		d = append(d, fmt.Sprintf("hands %d %d, drop %d", p.Hand(engine.South), p.Hand(engine.North), g.drop))
	}
	em, rm := fmt.Sprint(p.Moves()), fmt.Sprint(g.legalMoves())
	if em != rm {
		d = append(d, fmt.Sprintf("moves: engine %s, reference %s", em, rm))
	}
	for pit := 0; pit <= 15; pit++ {
		m := engine.Move{Pit: uint8(pit)}
		if pit == 15 {
			m = engine.Move{Pit: 7, Dir: engine.DirRight}
		}
		{
			_, err := p.Play(m)
			if got, want := engine.ReasonOf(err), g.why(m); got != want {
				d = append(d, fmt.Sprintf("move %s: engine reason %d (%v), reference %d", m, got, err, want))
			}
		}
	}
	return d
}

func orefStart() *oref {
	g := &oref{}
	for r := range 6 {
		g.grid[r] = [2]int{4, 4}
	}
	return g
}

// orefRandom is a random position: small piles, sometimes a pending drop.
func orefRandom(rng *rand.Rand) *oref {
	g := &oref{toMove: rng.IntN(2)}
	for r := range 6 {
		for f := range 2 {
			g.grid[r][f] = rng.IntN(6)
			if rng.IntN(12) == 0 {
				g.grid[r][f] = 6 + rng.IntN(10)
			}
		}
	}
	if rng.IntN(4) == 0 {
		g.drop = 4 * (1 + rng.IntN(3))
	}
	g.lastDrop = [2]int{rng.IntN(7), rng.IntN(7)}
	return g
}

var orefCounts = map[string]int{}

func orefPlayGame(t *testing.T, start engine.Position, ref *oref, rng *rand.Rand) int {
	t.Helper()
	r := refReplay[*oref]{what: "ohojitxi", diff: orefDiff, maxPly: 400, pick: refRandomMove(rng), each: func(ref *oref) {
		if ref.drop > 0 {
			orefCounts["capture"]++
		}
	}}
	n := r.play(t, start, ref)
	orefCounts["ended: "+ref.reason.String()]++
	return n
}

func TestReferenceOhojitxiGames(t *testing.T) {
	games := 600
	if testing.Short() {
		games = 40
	}
	rules := engine.MustNew("ohojitxi", nil)
	rng := rand.New(rand.NewPCG(5, 0x0407))
	positions := 0
	for range games {
		positions += orefPlayGame(t, rules.Start(), orefStart(), rng)
	}
	for played := 0; played < games; {
		ref := orefRandom(rng)
		over := ref.clone()
		over.settle()
		var pits [2][]int
		for s := range 2 {
			for i := 1; i <= 6; i++ {
				pits[s] = append(pits[s], *ref.pit(s, i))
			}
		}
		p, err := engine.ParsePosition([]byte(fmt.Sprintf(`{"variant":"ohojitxi","to_move":%q,"pits":{"south":%s,"north":%s},"stores":{"south":0,"north":0},"extra":{"drop":%d,"last_drop":{"south":%d,"north":%d}}}`,
			engine.Side(ref.toMove), strings.Join(strings.Fields(fmt.Sprint(pits[0])), ","), strings.Join(strings.Fields(fmt.Sprint(pits[1])), ","),
			ref.drop, ref.lastDrop[0], ref.lastDrop[1])))
		if (err == nil) != (over.status == engine.Ongoing) {
			t.Fatalf("ParsePosition of %v: error %v, reference status %s", ref.grid, err, over.status)
		}
		if err != nil {
			continue
		}
		positions += orefPlayGame(t, p, ref, rng)
		played++
	}
	t.Logf("%d positions compared; %v", positions, orefCounts)
}

func TestReferenceOhojitxiPerft(t *testing.T) {
	depth := 8
	if testing.Short() {
		depth = 5
	}
	p := engine.MustNew("ohojitxi", nil).Start()
	for d := 1; d <= depth; d++ {
		if got, want := engine.Perft(p, d), modelPerft(orefStart(), d, (*oref).clone); got != want {
			t.Errorf("perft(%d) = %d, reference %d", d, got, want)
		} else {
			t.Logf("perft(%d) = %d", d, got)
		}
	}
}
