package engine_test

// A plain, slow reference implementation of Bao la Kiswahili ("bao"),
// written from docs/sources/bao-rules.md (sections 1, 2, 6, 7; rule ids
// in comments) and not from the engine's code: pits[side][pit-1], the ring
// of C4 walked pit by pit, every question answered by playing the move on
// a copy, never-ending moves (R2) found with a map of the states seen
// before relay pick-ups (the engine uses Brent's algorithm).
//
// TestReferenceBaoGames plays random games under random option sets
// through Position.Play and the reference side by side, comparing after
// every move the pits, hands, nyumba ownership, takasia, side to move,
// ply, status and reason and the legal moves, and checking that every
// probe move (pits 1..16, L/R, with and without "+") is accepted exactly
// when the reference lists it. R1 (a Game rule) is not part of it.
// TestReferenceBaoPerft compares perft counts.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// The variant's reference implementation, for TestEveryVariantHasItsTests.
func init() {
	engine.AddReference("bao", TestReferenceBaoGames)
}

type bref struct {
	takasia, houseStop, immune, restrict, suicide, wipeStop bool
	infinite                                                string
	pits                                                    [2][16]int
	hand                                                    [2]int
	owned                                                   [2]bool
	blkSide, blkPit                                         int // blkPit 0: no takasia
	toMove, ply                                             int
	status                                                  engine.Status
	reason                                                  engine.EndReason
}

// brefNext is the next pit clockwise (C4: 1..8, 16..9, 1) or counter-clockwise.
func brefNext(pit int, cw bool) int {
	ring := []int{1, 2, 3, 4, 5, 6, 7, 8, 16, 15, 14, 13, 12, 11, 10, 9}
	i := slices.Index(ring, pit)
	if cw {
		return ring[(i+1)%16]
	}
	return ring[(i+15)%16]
}

// N2: front R is clockwise, back R counter-clockwise.
func brefCW(pit int, d engine.Dir) bool { return (d == engine.DirRight) == (pit <= 8) }

func brefNewOpts(rng *rand.Rand) engine.Options {
	pick := func(v ...string) string { return v[rng.IntN(len(v))] }
	return engine.Options{"takasia": pick("true", "false"), "namua_house": pick("choice", "stop"),
		"house_capture": pick("allowed", "immune"), "namua_restrictions": pick("true", "false"),
		"house_seeds": pick("6", "8"), "infinite": pick("draw", "loss", "illegal"),
		"suicide": pick("forbidden", "allowed"), "wipe": pick("stop", "continue")}
}

func brefStart(o engine.Options) *bref {
	g := &bref{takasia: o["takasia"] != "false", houseStop: o["namua_house"] == "stop", immune: o["house_capture"] == "immune",
		restrict: o["namua_restrictions"] != "false", suicide: o["suicide"] == "allowed", wipeStop: o["wipe"] != "continue",
		infinite: o["infinite"]}
	if g.infinite == "" {
		g.infinite = "draw"
	}
	h := 6
	if o["house_seeds"] == "8" {
		h = 8
	}
	for s := range 2 { // S2
		g.pits[s][4], g.pits[s][5], g.pits[s][6] = h, 2, 2
		g.hand[s] = 32 - h - 4
		g.owned[s] = true
	}
	return g
}

func (g *bref) clone() *bref { c := *g; return &c }

func (g *bref) functional(s int) bool { return g.owned[s] && g.pits[s][4] >= 6 } // S7

func (g *bref) front(s int) (sum, occupied, big int) {
	for i := range 8 {
		sum += g.pits[s][i]
		if g.pits[s][i] > 0 {
			occupied++
		}
		if g.pits[s][i] >= 2 {
			big++
		}
	}
	return
}

// capturable: my front pit i faces seeds that may be taken (S4, S6, S7).
func (g *bref) capturable(me, i int) bool {
	f := 9 - i
	return g.pits[1-me][f-1] > 0 && !(g.immune && f == 5 && g.functional(1-me))
}

// landing is where the first lap of a mtaji move from pit ends (n < 16).
func (g *bref) landing(me, pit int, cw bool) int {
	x := pit
	for range g.pits[me][pit-1] {
		x = brefNext(x, cw)
	}
	return x
}

// isCapture: S10, 2..15 seeds ending in an occupied front pit facing seeds.
func (g *bref) isCapture(me, pit int, cw bool) bool {
	n := g.pits[me][pit-1]
	if n < 2 || n > 15 {
		return false
	}
	x := g.landing(me, pit, cw)
	return x <= 8 && g.pits[me][x-1] > 0 && g.capturable(me, x)
}

func (g *bref) namua(me int) bool { return g.hand[me] > 0 } // S3

func (g *bref) anyCapture(me int) bool {
	if g.namua(me) {
		for i := 1; i <= 8; i++ {
			if g.pits[me][i-1] > 0 && g.capturable(me, i) {
				return true
			}
		}
		return false
	}
	for pit := 1; pit <= 16; pit++ {
		if g.isCapture(me, pit, true) || g.isCapture(me, pit, false) {
			return true
		}
	}
	return false
}

type brefOut struct {
	end                  string // "ended", "wiped", "never"
	safari, hitP, takasa bool
	suicide              bool
}

// exec plays m for the side to move on g (sections 6 S4..S13).
func (g *bref) exec(m engine.Move) (o brefOut) {
	me, op := g.toMove, 1-g.toMove
	pit := int(m.Pit)
	var cur, n int
	var cw, capture bool
	nam := g.namua(me)
	fromHouse := false
	_, occ, _ := g.front(me)
	if nam {
		capture = g.pits[me][pit-1] > 0 && g.capturable(me, pit)
		tax := !capture && pit == 5 && g.functional(me)
		g.pits[me][pit-1]++
		g.hand[me]--
		if capture { // S5
			f := 9 - pit
			n = g.pits[op][f-1]
			g.pits[op][f-1] = 0
			if f == 5 {
				g.owned[op] = false
			}
			switch {
			case pit <= 2:
				cw = true
			case pit >= 7:
				cw = false
			default:
				cw = m.Dir == engine.DirRight
			}
			if cw {
				cur = 9
			} else {
				cur = 16
			}
		} else {
			cw = brefCW(pit, m.Dir)
			cur = pit
			if tax { // S8
				n = 2
				g.pits[me][4] -= 2
			} else {
				n = g.pits[me][pit-1]
				g.pits[me][pit-1] = 0
				if pit == 5 {
					g.owned[me] = false
				}
			}
			o.suicide = occ == 1 && (pit == 1 && !cw || pit == 8 && cw)
		}
	} else {
		cw = brefCW(pit, m.Dir)
		capture = g.isCapture(me, pit, cw)
		fromHouse = pit == 5 && g.functional(me)
		n = g.pits[me][pit-1]
		g.pits[me][pit-1] = 0
		if pit == 5 {
			g.owned[me] = false
		}
		cur = pit
		o.takasa = !capture
		sum, _, _ := g.front(me)
		o.suicide = !capture && sum == 0 && (pit == 1 && !cw || pit == 8 && cw)
	}
	seen := map[string]bool{}
	first, afterCapture := true, capture && nam
	for {
		for range n {
			cur = brefNext(cur, cw)
			g.pits[me][cur-1]++
		}
		if afterCapture { // S6.0
			afterCapture = false
			if s, _, _ := g.front(op); g.wipeStop && s == 0 {
				o.end = "wiped"
				return
			}
		}
		if g.pits[me][cur-1] == 1 { // S6.1
			o.end = "ended"
			return
		}
		if capture && cur <= 8 && g.capturable(me, cur) { // S6.2
			f := 9 - cur
			n = g.pits[op][f-1]
			g.pits[op][f-1] = 0
			if f == 5 {
				g.owned[op] = false
			}
			if g.blkPit == f && g.blkSide == op {
				o.hitP = true
			}
			switch {
			case cur <= 2:
				cw = true
			case cur >= 7:
				cw = false
			}
			if cw {
				cur = 9
			} else {
				cur = 16
			}
			afterCapture, first = true, false
			seen = map[string]bool{}
			continue
		}
		if nam && cur == 5 && g.functional(me) {
			if !capture { // S8
				o.end = "ended"
				return
			}
			o.safari = true // S6.3
			if !m.Plus || g.houseStop {
				o.end = "ended"
				return
			}
		}
		if !nam && !capture && g.blkPit == cur && g.blkSide == me && !(first && fromHouse) { // S13
			o.end = "ended"
			return
		}
		k := fmt.Sprint(g.pits, g.owned, cur, cw) // R2
		if seen[k] {
			o.end = "never"
			return
		}
		seen[k] = true
		first = false
		n = g.pits[me][cur-1]
		g.pits[me][cur-1] = 0
		if cur == 5 {
			g.owned[me] = false
		}
	}
}

func (g *bref) moves() []engine.Move {
	if g.status != engine.Ongoing {
		return nil
	}
	me := g.toMove
	var out []engine.Move
	both := []engine.Dir{engine.DirLeft, engine.DirRight}
	if g.namua(me) { // S4
		if g.anyCapture(me) {
			for i := 1; i <= 8; i++ {
				if g.pits[me][i-1] == 0 || !g.capturable(me, i) {
					continue
				}
				ds := both
				if i <= 2 {
					ds = []engine.Dir{engine.DirRight}
				} else if i >= 7 {
					ds = []engine.Dir{engine.DirLeft}
				}
				for _, d := range ds {
					m := engine.Move{Pit: uint8(i), Dir: d}
					out = append(out, m)
					if !g.houseStop && g.clone().exec(m).safari {
						m.Plus = true
						out = append(out, m)
					}
				}
			}
		} else {
			_, occ, big := g.front(me)
			for i := 1; i <= 8; i++ {
				c := g.pits[me][i-1]
				if c == 0 {
					continue
				}
				if g.restrict {
					if g.functional(me) {
						if i == 5 && occ > 1 {
							continue
						}
					} else if c == 1 && big > 0 {
						continue
					}
				}
				for _, d := range both {
					if !g.suicide && occ == 1 && (i == 1 && d == engine.DirLeft || i == 8 && d == engine.DirRight) {
						continue // S12
					}
					out = append(out, engine.Move{Pit: uint8(i), Dir: d})
				}
			}
		}
	} else if g.anyCapture(me) { // S10
		for pit := 1; pit <= 16; pit++ {
			for _, d := range both {
				if g.isCapture(me, pit, brefCW(pit, d)) {
					out = append(out, engine.Move{Pit: uint8(pit), Dir: d})
				}
			}
		}
		if g.blkPit > 0 && g.blkSide != me { // S13: A must take P
			var hit []engine.Move
			for _, m := range out {
				if g.clone().exec(m).hitP {
					hit = append(hit, m)
				}
			}
			if len(hit) > 0 {
				out = hit
			}
		}
	} else { // S11
		lo, hi := 9, 16
		if _, _, big := g.front(me); big > 0 {
			lo, hi = 1, 8
		}
		sum, _, _ := g.front(me)
		for pit := lo; pit <= hi; pit++ {
			if g.pits[me][pit-1] < 2 || g.blkSide == me && g.blkPit == pit {
				continue
			}
			for _, d := range both {
				cw := brefCW(pit, d)
				if !g.suicide && g.pits[me][pit-1] == sum && (pit == 1 && !cw || pit == 8 && cw) {
					continue // S12
				}
				out = append(out, engine.Move{Pit: uint8(pit), Dir: d})
			}
		}
	}
	if g.infinite == "illegal" { // R2
		var fin []engine.Move
		for _, m := range out {
			if g.clone().exec(m).end != "never" {
				fin = append(fin, m)
			}
		}
		out = fin
	}
	return out
}

func brefWon(s int) engine.Status {
	if s == 0 {
		return engine.SouthWon
	}
	return engine.NorthWon
}

func (g *bref) play(m engine.Move) {
	me := g.toMove
	c := g.clone()
	o := c.exec(m)
	g.ply++
	g.toMove = 1 - me
	if o.end == "never" {
		g.reason = engine.EndNeverEnding
		g.status = engine.Draw
		if g.infinite == "loss" {
			g.status = brefWon(1 - me)
		}
		return
	}
	g.pits, g.hand, g.owned = c.pits, c.hand, c.owned
	if g.blkPit > 0 && g.blkSide != me {
		g.blkPit = 0 // S13: over after A's move
	}
	switch {
	case o.end == "wiped":
		g.status, g.reason = brefWon(me), engine.EndFrontRowEmpty
		return
	case o.suicide:
		g.status, g.reason = brefWon(1-me), engine.EndFrontRowEmpty
		return
	}
	g.settle()
	if g.takasia && o.takasa && g.status == engine.Ongoing {
		g.trigger(me)
	}
}

func (g *bref) settle() {
	me := g.toMove
	a, _, _ := g.front(me)
	b, _, _ := g.front(1 - me)
	switch { // S14
	case a == 0 && b == 0:
		g.status, g.reason = engine.Draw, engine.EndFrontRowEmpty
	case a == 0:
		g.status, g.reason = brefWon(1-me), engine.EndFrontRowEmpty
	case b == 0:
		g.status, g.reason = brefWon(me), engine.EndFrontRowEmpty
	case len(g.moves()) == 0:
		g.status, g.reason = brefWon(1-me), engine.EndNoMoves
	}
}

// trigger is S13 after A's mtaji takasa; B is to move.
func (g *bref) trigger(a int) {
	b := 1 - a
	if g.anyCapture(b) {
		return
	}
	ps := map[int]bool{}
	for pit := 1; pit <= 16; pit++ {
		for _, cw := range []bool{true, false} {
			if g.isCapture(a, pit, cw) {
				ps[9-g.landing(a, pit, cw)] = true
			}
		}
	}
	if len(ps) != 1 {
		return
	}
	var P int
	for k := range ps {
		P = k
	}
	_, occ, big := g.front(b)
	if P == 5 && g.functional(b) || occ == 1 || big == 1 && g.pits[b][P-1] >= 2 {
		return
	}
	g.blkSide, g.blkPit = b, P
}

func brefDiff(p engine.Position, g *bref) []string {
	var d []string
	for s := range 2 {
		for i := range 16 {
			if got := p.Pit(engine.Side(s), i+1); got != g.pits[s][i] {
				d = append(d, fmt.Sprintf("%s pit %d: %d, want %d", engine.Side(s), i+1, got, g.pits[s][i]))
			}
		}
		if p.Hand(engine.Side(s)) != g.hand[s] {
			d = append(d, fmt.Sprintf("hand %d: %d, want %d", s, p.Hand(engine.Side(s)), g.hand[s]))
		}
	}
	var own [2]bool
	blk := ""
	for _, m := range p.Marks() {
		switch m.Kind {
		case engine.MarkNyumba:
			own[m.Side] = true
		case engine.MarkBlocked:
			blk = fmt.Sprint(m.Side, int(m.Cell)%16+1)
		}
	}
	want := ""
	if g.blkPit > 0 {
		want = fmt.Sprint(engine.Side(g.blkSide), g.blkPit)
	}
	if own != g.owned || blk != want {
		d = append(d, fmt.Sprintf("owned %v takasia %q, want %v %q", own, blk, g.owned, want))
	}
	if int(p.ToMove()) != g.toMove || p.Ply() != g.ply || p.Status() != g.status || p.EndReason() != g.reason {
		d = append(d, fmt.Sprintf("to move %s ply %d %s %s, want %d %d %s %s", p.ToMove(), p.Ply(), p.Status(), p.EndReason(), g.toMove, g.ply, g.status, g.reason))
	}
	if got, want := fmt.Sprint(p.Moves()), fmt.Sprint(g.moves()); got != want {
		d = append(d, fmt.Sprintf("moves %s, want %s", got, want))
	}
	return d
}

func TestReferenceBaoGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 11))
	games := 2000
	if testing.Short() {
		games = 60
	}
	for gi := range games {
		opts := brefNewOpts(rng)
		if gi < 20 {
			opts = nil
		}
		p := engine.MustNew("bao", opts).Start()
		g := brefStart(opts)
		var line []engine.Move
		for ply := 0; ply < 300; ply++ {
			if d := brefDiff(p, g); len(d) > 0 {
				t.Fatalf("game %d %v after %v:\n%s\n%v", gi, opts, line, p.String(), d)
			}
			if g.status != engine.Ongoing {
				break
			}
			legal := g.moves()
			for pit := 1; pit <= 16; pit++ { // probes
				for _, dir := range []engine.Dir{engine.DirNone, engine.DirLeft, engine.DirRight} {
					for _, plus := range []bool{false, true} {
						m := engine.Move{Pit: uint8(pit), Dir: dir, Plus: plus}
						_, err := p.Play(m)
						if (err == nil) != slices.Contains(legal, m) {
							t.Fatalf("game %d %v after %v: probe %s: %v, legal %v", gi, opts, line, m, err, legal)
						}
					}
				}
			}
			m := legal[rng.IntN(len(legal))]
			var err error
			if p, err = p.Play(m); err != nil {
				t.Fatal(err)
			}
			g.play(m)
			line = append(line, m)
		}
	}
}

func brefPerft(g *bref, depth int) uint64 {
	ms := g.moves()
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		c := g.clone()
		c.play(m)
		n += brefPerft(c, depth-1)
	}
	return n
}

func TestReferenceBaoPerft(t *testing.T) {
	p := engine.MustNew("bao", nil).Start()
	for d := 1; d <= 8; d++ {
		if got, want := engine.Perft(p, d), brefPerft(brefStart(nil), d); got != want {
			t.Errorf("perft %d: engine %d, reference %d", d, got, want)
		}
	}
}
