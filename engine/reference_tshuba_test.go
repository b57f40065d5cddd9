package engine_test

// A plain, slow reference implementation of Tshuba, written from
// docs/sources/more-games-rules.md section 11 (rule numbers in
// comments) and conventions C3, C4, C6, and not from the engine's code.
// The board is pits[side][pit-1] and stores[side]; a seed walks from pit
// to pit by rule 4 written out pit by pit; a never-ending move (C4) is
// found by keeping every state seen before a relay pick-up in a map (the
// engine uses Brent's algorithm); the repetition rule (rule 8, C6) keeps
// the game's history.
//
// TestReferenceTshubaGames plays random games under every option set
// through engine.Game and the reference side by side and compares every
// position: pits, stores, side to move, ply, status and reason,
// extra.bonus, the legal moves and the reason given for every probe move
// (0..4N+2). Half of the games start from random positions (sparse boards,
// big piles that go round the ring, bonus captures due).
// TestReferenceTshubaPerft compares perft counts.

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// The variant's reference implementation, for TestEveryVariantHasItsTests.
func init() {
	engine.AddReference("tshuba", TestReferenceTshubaGames)
}

type tref struct {
	n      int // columns
	bonus  int // option bonus
	single bool

	pits   [2][]int
	stores [2]int
	toMove int
	due    int // bonus captures still due
	ply    int
	status engine.Status
	reason engine.EndReason
	seen   map[string]int
}

var trefCounts map[string]int

// trefMaxLaps is the bound on a move's laps the reference tests set in the
// engine too (engine.LowerRelayLapBound): a move still relaying after it
// counts as never-ending. The engine's own bound is far above anything
// met from the start position, but random positions with big piles can
// relay for long cycles that the reference's map would take long to close.
const trefMaxLaps = 1 << 12

func trefCount(what string) {
	if trefCounts != nil {
		trefCounts[what]++
	}
}

func trefNew(opts engine.Options) *tref {
	g := &tref{n: 8, bonus: 1}
	if opts["cols"] != "" {
		g.n, _ = strconv.Atoi(opts["cols"])
	}
	if opts["bonus"] != "" {
		g.bonus, _ = strconv.Atoi(opts["bonus"])
	}
	g.single = opts["take_single_outer"] == "true"
	for s := range 2 {
		g.pits[s] = make([]int, 2*g.n)
	}
	return g
}

func trefStart(opts engine.Options) *tref {
	g := trefNew(opts)
	for s := range 2 {
		for i := range g.pits[s] {
			g.pits[s][i] = 2 // rule 3
		}
	}
	g.remember()
	return g
}

func (g *tref) clone() *tref {
	c := *g
	for s := range 2 {
		c.pits[s] = slices.Clone(g.pits[s])
	}
	return &c
}

func (g *tref) key() string { return fmt.Sprint(g.pits, g.stores, g.toMove, g.due) }

func (g *tref) remember() { g.seen = map[string]int{g.key(): 1} }

// next is the pit (1-based) after pit k of the same side (rule 4).
func (g *tref) next(k int) int {
	n := g.n
	switch {
	case k >= 2 && k <= n: // inner row, toward the owner's left
		return k - 1
	case k == 1: // down to the back row
		return n + 1
	case k < 2*n: // back row, toward his right
		return k + 1
	}
	return n // 2N: up to the inner row
}

func (g *tref) sum(side int) int {
	t := 0
	for _, x := range g.pits[side] {
		t += x
	}
	return t
}

// sow plays the sowing of pit on g; it returns the pit where the last seed
// fell into an empty pit, or 0 for a move that never ends (C4).
func (g *tref) sow(pit int) int {
	me := g.toMove
	seen := map[string]bool{}
	hand := g.pits[me][pit-1]
	g.pits[me][pit-1] = 0
	at := pit
	for lap := 0; ; lap++ {
		if lap > trefMaxLaps { // the engine's bound, lowered to this by the tests
			trefCount("lap bound")
			return 0
		}
		for ; hand > 0; hand-- {
			at = g.next(at)
			g.pits[me][at-1]++
		}
		if g.pits[me][at-1] == 1 { // C3: empty before the last seed
			return at
		}
		key := make([]byte, 0, 2*g.n+1)
		for _, x := range g.pits[me] {
			key = append(key, byte(x))
		}
		st := string(append(key, byte(at)))
		if seen[st] {
			return 0
		}
		seen[st] = true
		trefCount("relay")
		hand = g.pits[me][at-1]
		g.pits[me][at-1] = 0
	}
}

func (g *tref) ends(pit int) bool { return g.clone().sow(pit) != 0 }

func (g *tref) legalMoves() []engine.Move {
	if g.status != engine.Ongoing {
		return nil
	}
	return g.moves()
}

func (g *tref) moves() []engine.Move {
	var out []engine.Move
	me, opp := g.toMove, 1-g.toMove
	if g.due > 0 {
		for j := 1; j <= 2*g.n; j++ {
			if g.pits[opp][j-1] > 0 {
				out = append(out, engine.Move{Pit: uint8(2*g.n + j)})
			}
		}
		return out
	}
	for k := 1; k <= 2*g.n; k++ {
		if g.pits[me][k-1] > 0 && g.ends(k) {
			out = append(out, engine.Move{Pit: uint8(k)})
		}
	}
	return out
}

func (g *tref) why(m engine.Move) engine.Reason {
	if g.status != engine.Ongoing {
		return engine.GameOver
	}
	if m.Dir != engine.DirNone {
		return engine.NeedsNoDirection
	}
	k := int(m.Pit)
	if g.due > 0 {
		switch {
		case k >= 1 && k <= 2*g.n:
			return engine.MustCapture
		case k > 2*g.n && k <= 4*g.n:
			if g.pits[1-g.toMove][k-2*g.n-1] == 0 {
				return engine.EmptyPit
			}
			return 0
		}
		return engine.NoSuchPit
	}
	switch {
	case k < 1 || k > 2*g.n:
		return engine.NoSuchPit
	case g.pits[g.toMove][k-1] == 0:
		return engine.EmptyPit
	case !g.ends(k):
		return engine.NeverEnding
	}
	return 0
}

func trefWon(side int) engine.Status {
	if side == 0 {
		return engine.SouthWon
	}
	return engine.NorthWon
}

func (g *tref) settle() {
	if g.status != engine.Ongoing {
		return
	}
	me := g.toMove
	mine, theirs := g.sum(me), g.sum(1-me)
	switch { // rule 7
	case mine == 0 && theirs == 0:
		g.status, g.reason = engine.Draw, engine.EndEmptySide
	case theirs == 0:
		g.status, g.reason = trefWon(me), engine.EndEmptySide
	case mine == 0:
		g.status, g.reason = trefWon(1-me), engine.EndEmptySide
	case len(g.moves()) == 0:
		g.status, g.reason = trefWon(1-me), engine.EndNoMoves
	}
	if g.status != engine.Ongoing {
		trefCount("game ended: " + g.reason.String())
		if w, ok := g.status.Winner(); ok { // the winner takes every seed
			for s := range 2 {
				for i, x := range g.pits[s] {
					g.stores[w] += x
					g.pits[s][i] = 0
				}
			}
			g.stores[w] += g.stores[1-w]
			g.stores[1-w] = 0
		}
		g.due = 0
	}
}

func (g *tref) play(m engine.Move) {
	me, opp := g.toMove, 1-g.toMove
	k := int(m.Pit)
	g.ply++
	if g.due > 0 { // rule 5: the bonus capture
		trefCount("bonus capture")
		j := k - 2*g.n
		g.stores[me] += g.pits[opp][j-1]
		g.pits[opp][j-1] = 0
		g.due--
	} else {
		last := g.sow(k)
		if last <= g.n && g.pits[opp][g.n+1-last-1] > 0 { // rule 5
			trefCount("capture")
			g.stores[me] += g.pits[opp][g.n-last]
			g.pits[opp][g.n-last] = 0
			back := 2*g.n + 1 - last
			if b := g.pits[opp][back-1]; b >= 2 || g.single && b == 1 {
				trefCount("back pit captured")
				g.stores[me] += b
				g.pits[opp][back-1] = 0
			}
			g.due = g.bonus
		}
	}
	if g.due == 0 {
		g.toMove = opp
	}
	g.settle()
	if g.status == engine.Ongoing && g.seen != nil { // rule 8
		g.seen[g.key()]++
		if g.seen[g.key()] >= 3 {
			trefCount("repetition")
			g.status, g.reason = engine.Draw, engine.EndRepetition
		}
	}
}

// trefKeepSeen is a clone of g with a copy of the positions it has seen.
func trefKeepSeen(g *tref) *tref {
	c := g.clone()
	c.seen = maps.Clone(g.seen)
	return c
}

func trefDiff(p engine.Position, g *tref) string {
	var d []string
	for s := range 2 {
		for i := range g.pits[s] {
			if got := p.Pit(engine.Side(s), i+1); got != g.pits[s][i] {
				d = append(d, fmt.Sprintf("%s pit %d: %d, want %d", engine.Side(s), i+1, got, g.pits[s][i]))
			}
		}
		if got := p.Store(engine.Side(s)); got != g.stores[s] {
			d = append(d, fmt.Sprintf("%s store: %d, want %d", engine.Side(s), got, g.stores[s]))
		}
	}
	if int(p.ToMove()) != g.toMove || p.Ply() != g.ply || p.Status() != g.status || p.EndReason() != g.reason {
		d = append(d, fmt.Sprintf("to move %s ply %d %s %s, want %d %d %s %s", p.ToMove(), p.Ply(), p.Status(), p.EndReason(), g.toMove, g.ply, g.status, g.reason))
	}
	if b, _ := p.Extra()["bonus"].(int); b != g.due {
		d = append(d, fmt.Sprintf("extra.bonus %v, want %d", p.Extra()["bonus"], g.due))
	}
	if fmt.Sprint(p.Moves()) != fmt.Sprint(g.legalMoves()) {
		d = append(d, fmt.Sprintf("moves %v, want %v", p.Moves(), g.legalMoves()))
	}
	for k := 0; k <= 4*g.n+2; k++ {
		m := engine.Move{Pit: uint8(k)}
		_, err := p.Play(m)
		if got, want := engine.ReasonOf(err), g.why(m); got != want && !(k == 0 && got != 0) {
			d = append(d, fmt.Sprintf("move %d: reason %d (%v), want %d", k, got, err, want))
		}
	}
	if len(d) == 0 {
		return ""
	}
	return fmt.Sprint(d)
}

func trefRandom(rng *rand.Rand, opts engine.Options) *tref {
	g := trefNew(opts)
	profile := rng.IntN(4)
	for s := range 2 {
		for i := range g.pits[s] {
			switch profile {
			case 0: // sparse
				if rng.IntN(3) == 0 {
					g.pits[s][i] = 1 + rng.IntN(3)
				}
			case 1: // the usual counts
				g.pits[s][i] = rng.IntN(5)
			case 2: // a few big piles that go round
				if rng.IntN(6) == 0 {
					g.pits[s][i] = 2*g.n + rng.IntN(2*g.n)
				} else {
					g.pits[s][i] = rng.IntN(3)
				}
			default: // an endgame of a handful of seeds
				if rng.IntN(5) == 0 {
					g.pits[s][i] = 1 + rng.IntN(2)
				}
			}
		}
		g.stores[s] = rng.IntN(20)
	}
	g.toMove = rng.IntN(2)
	if g.bonus > 0 && rng.IntN(5) == 0 {
		g.due = 1 + rng.IntN(g.bonus)
	}
	g.ply = rng.IntN(50)
	return g
}

func trefTotal(g *tref) int { return g.sum(0) + g.sum(1) + g.stores[0] + g.stores[1] }

func trefOptionSets() []engine.Options {
	return []engine.Options{
		nil,
		{"cols": "4"},
		{"cols": "4", "bonus": "0"},
		{"cols": "4", "bonus": "2", "take_single_outer": "true"},
		{"cols": "8", "bonus": "2"},
		{"cols": "8", "bonus": "0", "take_single_outer": "true"},
	}
}

func trefPlayGame(t *testing.T, opts engine.Options, start engine.Position, ref *tref, rng *rand.Rand) int {
	t.Helper()
	diff := func(p engine.Position, g *tref) []string {
		if d := trefDiff(p, g); d != "" {
			return []string{d}
		}
		return nil
	}
	r := refReplay[*tref]{what: fmt.Sprint(opts), diff: diff, maxPly: 401, pick: refRandomMove(rng)}
	return r.play(t, start, ref)
}

func TestReferenceTshubaGames(t *testing.T) {
	defer engine.LowerRelayLapBound(trefMaxLaps)()
	trefCounts = map[string]int{}
	defer func() { trefCounts = nil }()
	games := 100
	if testing.Short() {
		games = 30
	}
	positions, refused := 0, 0
	for oi, opts := range trefOptionSets() {
		rules := engine.MustNew("tshuba", opts)
		rng := rand.New(rand.NewPCG(uint64(oi), 0x75b))
		for range games {
			positions += trefPlayGame(t, opts, rules.Start(), trefStart(opts), rng)
		}
		for played := 0; played < games; {
			ref := trefRandom(rng, opts)
			if trefTotal(ref) > 255 {
				continue
			}
			over := ref.clone()
			over.settle()
			setup := engine.Setup{ToMove: engine.Side(ref.toMove), Ply: ref.ply, Pits: [][]int{ref.pits[0], ref.pits[1]},
				Stores: ref.stores[:]}
			if ref.due > 0 {
				setup.Extra = map[string]json.RawMessage{"bonus": json.RawMessage(strconv.Itoa(ref.due))}
			}
			p, ok := refNewPosition(t, fmt.Sprint(opts), rules, setup, over.status, over.reason, ref.pits)
			if !ok {
				refused++
				continue
			}
			positions += trefPlayGame(t, opts, p, ref, rng)
			played++
		}
	}
	t.Logf("%d positions compared; %d random setups rightly refused as finished", positions, refused)
	t.Logf("situations met: %v", trefCounts)
	// Not met, and not asserted: a player whose every move never ends (no
	// such board turned up in millions of random ones; tshuba_test.go
	// reaches the rule with the lap bound lowered) and the third
	// repetition (captures come too soon; tshuba_test.go calls the rule).
	for _, what := range []string{"capture", "relay", "bonus capture", "back pit captured", "game ended: empty_side"} {
		if trefCounts[what] == 0 {
			t.Errorf("random games never met %q", what)
		}
	}
}

func TestReferenceTshubaPerft(t *testing.T) {
	defer engine.LowerRelayLapBound(trefMaxLaps)()
	depth := 5
	if testing.Short() {
		depth = 4
	}
	for _, opts := range []engine.Options{nil, {"cols": "4"}, {"cols": "4", "bonus": "2", "take_single_outer": "true"}} {
		p := engine.MustNew("tshuba", opts).Start()
		for d := 1; d <= depth; d++ {
			want := modelPerft(trefStart(opts), d, trefKeepSeen)
			if got := engine.Perft(p, d); got != want {
				t.Errorf("%v: Perft(start, %d) = %d, reference %d", opts, d, got, want)
			}
			if got := engine.PerftFull(p, d); got != want {
				t.Errorf("%v: PerftFull(start, %d) = %d, reference %d", opts, d, got, want)
			}
		}
	}
	rng := rand.New(rand.NewPCG(5, 0x75b))
	for k := 0; k < 60; {
		opts := trefOptionSets()[k%len(trefOptionSets())]
		ref := trefRandom(rng, opts)
		ref.due, ref.ply = 0, 0
		if trefTotal(ref) > 255 {
			continue
		}
		p, err := engine.NewPosition(engine.MustNew("tshuba", opts), engine.Setup{ToMove: engine.Side(ref.toMove),
			Pits: [][]int{ref.pits[0], ref.pits[1]}, Stores: ref.stores[:]})
		if err != nil {
			continue
		}
		ref.remember()
		for d := 1; d <= 3; d++ {
			if got, want := engine.Perft(p, d), modelPerft(ref, d, trefKeepSeen); got != want {
				j, _ := p.MarshalJSON()
				t.Fatalf("Perft(%s, %d) = %d, reference %d", j, d, got, want)
			}
		}
		k++
	}
}
