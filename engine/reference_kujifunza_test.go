package engine_test

// A plain, slow reference implementation of Bao la Kujifunza, written from
// docs/sources/bao-rules.md (sections 1, 2, 5, 7; rule ids in comments)
// and not from the engine's code. The board is pits[side][pit-1]; a seed
// walks from pit to pit by the ring of C4 written out pit by pit; every
// question (is this move a capture? does it ever end?) is answered by
// playing it on a copy; a never-ending move (R2) is found by keeping every
// state seen before a relay pick-up in a map (not Brent's algorithm, as the
// engine does); the repetition rule (R1) keeps the game's history.
//
// TestReferenceKujifunzaGames plays random games under every option set
// through engine.Game and the reference side by side and compares every
// position: pits, side to move, ply, status and reason, the legal moves,
// the reason given for probe moves (every pit 0..17 with L, R and no
// letter), and Position.Play's result. Half of the games start from random
// positions (sparse boards, big piles that lap the ring, endgames of a
// handful of seeds that repeat). TestReferenceKujifunzaPerft compares
// perft counts.

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// The variant's reference implementation, for TestEveryVariantHasItsTests.
func init() {
	engine.AddReference("bao-kujifunza", TestReferenceKujifunzaGames)
}

type kref struct {
	infinite, suicide, wipe string

	pits   [2][16]int
	toMove int
	ply    int
	status engine.Status
	reason engine.EndReason
	seen   map[string]int // R1: occurrences of each position in this game
}

var krefCounts map[string]int

func krefCount(what string) {
	if krefCounts != nil {
		krefCounts[what]++
	}
}

// C4: clockwise, a side's pits run 1, 2, ..., 8, 16, 15, ..., 9, 1.
func krefNext(pit int, cw bool) int {
	if cw {
		switch {
		case pit < 8:
			return pit + 1
		case pit == 8:
			return 16
		case pit == 9:
			return 1
		default:
			return pit - 1
		}
	}
	switch {
	case pit == 1:
		return 9
	case pit <= 8:
		return pit - 1
	case pit == 16:
		return 8
	default:
		return pit + 1
	}
}

// krefClockwise reads a move's letter (N2): in the front row R is
// clockwise, in the back row L is.
func krefClockwise(pit int, d engine.Dir) bool {
	if pit <= 8 {
		return d == engine.DirRight
	}
	return d == engine.DirLeft
}

func (g *kref) clone() *kref {
	c := *g
	c.seen = nil
	return &c
}

func (g *kref) key() string { return fmt.Sprint(g.pits, g.toMove) }

func (g *kref) remember() { g.seen = map[string]int{g.key(): 1} }

func (g *kref) front(side int) int {
	n := 0
	for i := 0; i < 8; i++ {
		n += g.pits[side][i]
	}
	return n
}

// isCapture: J3, the first lap of 2..15 seeds ends in a front pit that was
// occupied, facing an occupied opponent pit. Played seed by seed.
func (g *kref) isCapture(pit int, cw bool) bool {
	me := g.toMove
	n := g.pits[me][pit-1]
	if n < 2 || n > 15 {
		return false
	}
	c := g.clone()
	c.pits[me][pit-1] = 0
	x := pit
	for ; n > 0; n-- {
		x = krefNext(x, cw)
		c.pits[me][x-1]++
	}
	return x <= 8 && c.pits[me][x-1] > 1 && c.pits[1-me][9-x-1] > 0
}

func (g *kref) anyCapture() bool {
	for pit := 1; pit <= 16; pit++ {
		if g.isCapture(pit, true) || g.isCapture(pit, false) {
			return true
		}
	}
	return false
}

// isSuicide: J8, the only occupied front pit is a kichwa and the takasa
// leaves it towards the back row.
func (g *kref) isSuicide(pit int, cw bool) bool {
	me := g.toMove
	if g.front(me) != g.pits[me][pit-1] {
		return false
	}
	return pit == 1 && !cw || pit == 8 && cw
}

// sowMove plays the move on g's pits and reports how it ended: "end",
// "wiped" (E1 with wipe=stop) or "never" (R2).
func (g *kref) sowMove(pit int, cw bool) string {
	me := g.toMove
	capture := g.isCapture(pit, cw)
	n := g.pits[me][pit-1]
	g.pits[me][pit-1] = 0
	x := pit
	states := map[string]bool{}
	captured := false
	if n >= 16 {
		krefCount("lap of 16 or more")
	}
	for {
		for ; n > 0; n-- {
			x = krefNext(x, cw)
			g.pits[me][x-1]++
		}
		if captured { // E1 at the end of the lap after a capture
			captured = false
			if g.front(1-me) == 0 {
				krefCount("opponent's front row emptied")
				if g.wipe == "stop" {
					return "wiped"
				}
			}
		}
		if g.pits[me][x-1] == 1 {
			return "end" // J6.1 / J7
		}
		if capture && x <= 8 && g.pits[1-me][9-x-1] > 0 { // J6.2, J5
			n = g.pits[1-me][9-x-1]
			g.pits[1-me][9-x-1] = 0
			switch {
			case x <= 2:
				cw = true
			case x >= 7:
				cw = false
			}
			krefCount("capture")
			// the first seed goes into the kichwa itself
			if cw {
				x = 9 // the pit before pit 1, clockwise
			} else {
				x = 16 // the pit before pit 8, counter-clockwise
			}
			captured = true
			states = map[string]bool{}
			continue
		}
		// J6.3 / J7: relay; R2 records the state first.
		k := fmt.Sprint(g.pits, x, cw)
		if states[k] {
			krefCount("never-ending move")
			return "never"
		}
		states[k] = true
		krefCount("relay")
		n = g.pits[me][x-1]
		g.pits[me][x-1] = 0
	}
}

func (g *kref) neverEnds(pit int, cw bool) bool {
	return g.clone().sowMove(pit, cw) == "never"
}

// moves lists the legal moves whatever the status (J3, J4, J7, J8, R2).
func (g *kref) moves() []engine.Move {
	me := g.toMove
	var out []engine.Move
	capture := g.anyCapture()
	frontTwo := false
	for i := 0; i < 8; i++ {
		frontTwo = frontTwo || g.pits[me][i] >= 2
	}
	for pit := 1; pit <= 16; pit++ {
		if g.pits[me][pit-1] < 2 {
			continue
		}
		for _, d := range []engine.Dir{engine.DirLeft, engine.DirRight} {
			cw := krefClockwise(pit, d)
			switch {
			case capture && !g.isCapture(pit, cw):
				continue
			case !capture && pit > 8 && frontTwo:
				continue
			case !capture && g.suicide == "forbidden" && g.isSuicide(pit, cw):
				continue
			case g.infinite == "illegal" && g.neverEnds(pit, cw):
				continue
			}
			out = append(out, engine.Move{Pit: uint8(pit), Dir: d})
		}
	}
	return out
}

func (g *kref) legalMoves() []engine.Move {
	if g.status != engine.Ongoing {
		return nil
	}
	return g.moves()
}

func (g *kref) why(m engine.Move) engine.Reason {
	switch {
	case g.status != engine.Ongoing:
		return engine.GameOver
	case m.Kind == engine.Swap:
		return engine.SwapUnavailable
	case m.Pit < 1 || m.Pit > 16:
		return engine.NoSuchPit
	case m.Dir == engine.DirNone:
		return engine.DirectionNeeded
	}
	pit := int(m.Pit)
	switch g.pits[g.toMove][pit-1] {
	case 0:
		return engine.EmptyPit
	case 1:
		return engine.SingletonPit
	}
	for _, x := range g.moves() {
		if x == m {
			return 0
		}
	}
	cw := krefClockwise(pit, m.Dir)
	frontTwo := false
	for i := 0; i < 8; i++ {
		frontTwo = frontTwo || g.pits[g.toMove][i] >= 2
	}
	switch {
	case g.isCapture(pit, cw):
		return engine.NeverEnding
	case g.anyCapture():
		return engine.MustCapture
	case pit > 8 && frontTwo:
		return engine.FrontRowFirst
	case g.suicide == "forbidden" && g.isSuicide(pit, cw):
		return engine.FrontRowEmptied
	}
	return engine.NeverEnding
}

func krefWon(side int) engine.Status {
	if side == 0 {
		return engine.SouthWon
	}
	return engine.NorthWon
}

// settle: E1 (either front row empty; both: a draw), then E2.
func (g *kref) settle() {
	if g.status != engine.Ongoing {
		return
	}
	me := g.toMove
	switch {
	case g.front(me) == 0 && g.front(1-me) == 0:
		g.status, g.reason = engine.Draw, engine.EndFrontRowEmpty
	case g.front(me) == 0:
		g.status, g.reason = krefWon(1-me), engine.EndFrontRowEmpty
	case g.front(1-me) == 0:
		g.status, g.reason = krefWon(me), engine.EndFrontRowEmpty
	case len(g.moves()) == 0:
		g.status, g.reason = krefWon(1-me), engine.EndNoMoves
	}
}

func (g *kref) play(m engine.Move) {
	me := g.toMove
	pit := int(m.Pit)
	cw := krefClockwise(pit, m.Dir)
	suicide := g.isSuicide(pit, cw) && !g.isCapture(pit, cw)
	c := g.clone()
	out := c.sowMove(pit, cw)
	g.ply++
	g.toMove = 1 - me
	switch {
	case out == "never": // R2: not carried out
		if g.infinite == "loss" {
			g.status, g.reason = krefWon(1-me), engine.EndNeverEnding
		} else {
			g.status, g.reason = engine.Draw, engine.EndNeverEnding
		}
	case out == "wiped":
		g.pits = c.pits
		g.status, g.reason = krefWon(me), engine.EndFrontRowEmpty
	case suicide:
		krefCount("suicide")
		g.pits = c.pits
		g.status, g.reason = krefWon(1-me), engine.EndFrontRowEmpty
	default:
		g.pits = c.pits
		g.settle()
	}
	if g.seen != nil && g.status == engine.Ongoing { // R1
		k := g.key()
		if g.seen[k]++; g.seen[k] >= 3 {
			krefCount("repetition")
			g.status, g.reason = engine.Draw, engine.EndRepetition
		}
	}
}

func krefDiff(p engine.Position, g *kref) []string {
	var d []string
	for s := 0; s < 2; s++ {
		for i := 0; i < 16; i++ {
			if got := p.Pit(engine.Side(s), i+1); got != g.pits[s][i] {
				d = append(d, fmt.Sprintf("%s pit %d: engine %d, reference %d", engine.Side(s), i+1, got, g.pits[s][i]))
			}
		}
		if p.Store(engine.Side(s)) != 0 {
			d = append(d, "a store holds seeds")
		}
	}
	if p.ToMove() != engine.Side(g.toMove) || p.Ply() != g.ply {
		d = append(d, fmt.Sprintf("to move/ply: engine %s %d, reference %s %d", p.ToMove(), p.Ply(), engine.Side(g.toMove), g.ply))
	}
	if p.Status() != g.status || p.EndReason() != g.reason {
		d = append(d, fmt.Sprintf("status: engine %s (%s), reference %s (%s)", p.Status(), p.EndReason(), g.status, g.reason))
	}
	if x := p.Extra(); len(x) != 0 {
		d = append(d, fmt.Sprintf("extra: %v", x))
	}
	if em, rm := refMovesString(p.Moves()), refMovesString(g.legalMoves()); em != rm {
		d = append(d, fmt.Sprintf("moves: engine %s, reference %s", em, rm))
	}
	for pit := 0; pit <= 17; pit++ {
		for _, dir := range []engine.Dir{engine.DirNone, engine.DirLeft, engine.DirRight} {
			m := engine.Move{Pit: uint8(pit), Dir: dir}
			q, err := p.Play(m)
			want := g.why(m)
			if got := engine.ReasonOf(err); got != want || (err != nil) != (want != 0) {
				d = append(d, fmt.Sprintf("move %s: engine %v (reason %d), reference reason %d", m, err, got, want))
			}
			if err != nil && q != p {
				d = append(d, fmt.Sprintf("refused move %s changed the position", m))
			}
		}
	}
	return d
}

// krefRandom draws a random position: profile 0 sparse, 1 mixed, 2 heavy
// piles, 3 an endgame of a few seeds.
func krefRandom(rng *rand.Rand, opts engine.Options) *kref {
	g := krefNew(opts)
	profile := rng.IntN(4)
	for s := 0; s < 2; s++ {
		for i := 0; i < 16; i++ {
			r := rng.IntN(100)
			switch profile {
			case 0:
				g.pits[s][i] = []int{0, 0, 0, 1, 1, 2, 2, 3}[r%8]
			case 1:
				if r < 70 {
					g.pits[s][i] = rng.IntN(5)
				} else {
					g.pits[s][i] = rng.IntN(12)
				}
			case 2:
				if r < 85 {
					g.pits[s][i] = rng.IntN(4)
				} else {
					g.pits[s][i] = 10 + rng.IntN(30)
				}
			default:
				if r < 80 {
					g.pits[s][i] = 0
				} else {
					g.pits[s][i] = 1 + rng.IntN(2)
				}
			}
		}
	}
	g.toMove = rng.IntN(2)
	g.ply = rng.IntN(100)
	return g
}

func krefTotal(g *kref) int {
	n := 0
	for s := range g.pits {
		for _, k := range g.pits[s] {
			n += k
		}
	}
	return n
}

func krefNew(opts engine.Options) *kref {
	return &kref{infinite: refOpt(opts, "infinite", "draw"), suicide: refOpt(opts, "suicide", "forbidden"), wipe: refOpt(opts, "wipe", "stop")}
}

func krefStart(opts engine.Options) *kref {
	g := krefNew(opts)
	for s := range g.pits {
		for i := range g.pits[s] {
			g.pits[s][i] = 2 // J2
		}
	}
	return g
}

func krefOptionSets() []engine.Options {
	var out []engine.Options
	for _, inf := range []string{"draw", "loss", "illegal"} {
		for _, sui := range []string{"forbidden", "allowed"} {
			for _, wipe := range []string{"stop", "continue"} {
				out = append(out, engine.Options{"infinite": inf, "suicide": sui, "wipe": wipe})
			}
		}
	}
	return out
}

func krefPlayGame(t *testing.T, opts engine.Options, start engine.Position, ref *kref, rng *rand.Rand) int {
	return krefReplay(t, opts, start, ref, rng, nil)
}

// krefReplay plays random moves, or the moves of script when it is not nil.
func krefReplay(t *testing.T, opts engine.Options, start engine.Position, ref *kref, rng *rand.Rand, script []string) int {
	t.Helper()
	pick := refRandomMove(rng)
	if script != nil {
		pick = refScript(t, script)
	}
	r := refReplay[*kref]{what: fmt.Sprint(opts), diff: krefDiff, maxPly: 1000, pick: pick}
	positions := r.play(t, start, ref)
	krefCount("game ended: " + ref.reason.String())
	return positions
}

func TestReferenceKujifunzaGames(t *testing.T) {
	krefCounts = map[string]int{}
	defer func() { krefCounts = nil }()
	games := 80
	if testing.Short() {
		games = 10
	}
	positions, refused := 0, 0
	for oi, opts := range krefOptionSets() {
		rules := engine.MustNew("bao-kujifunza", opts)
		rng := rand.New(rand.NewPCG(uint64(oi), 0xba0))
		for range games {
			positions += krefPlayGame(t, opts, rules.Start(), krefStart(opts), rng)
		}
		for played := 0; played < games; {
			ref := krefRandom(rng, opts)
			if total := krefTotal(ref); total > 255 {
				continue
			}
			over := ref.clone()
			over.settle()
			setup := engine.Setup{ToMove: engine.Side(ref.toMove), Ply: ref.ply, Pits: [][]int{ref.pits[0][:], ref.pits[1][:]}}
			p, ok := refNewPosition(t, fmt.Sprint(opts), rules, setup, over.status, over.reason, ref.pits)
			if !ok {
				refused++
				continue
			}
			positions += krefPlayGame(t, opts, p, ref, rng)
			played++
		}
	}
	t.Logf("%d positions compared; %d random setups rightly refused as finished", positions, refused)
	t.Logf("situations met: %v", krefCounts)
	for _, what := range []string{"capture", "relay", "opponent's front row emptied", "lap of 16 or more", "game ended: front_row_empty", "game ended: no_moves"} {
		if krefCounts[what] == 0 {
			t.Errorf("random games never met %q", what)
		}
	}
}

// TestReferenceKujifunzaScripted replays the hand-picked R1 and R2 cases
// of kujifunza_test.go through the reference.
func TestReferenceKujifunzaScripted(t *testing.T) {
	krefCounts = map[string]int{}
	defer func() { krefCounts = nil }()
	side := []int{0, 0, 0, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0}
	cycle := "5R 5R 6R 6R 7R 7R 15L 15L 14L 14L 13L 13L 12L 12L 11L 11L 10L 10L 9L 9L 1R 1R 2R 2R 3R 3R 4R 4R"
	never := []int{0, 2, 1, 0, 2, 1, 2, 0, 4, 2, 0, 1, 0, 1, 0, 1}
	north1 := []int{1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0}
	for _, c := range []struct {
		opts         engine.Options
		south, north []int
		moves        string
		count        string
	}{
		{nil, side, side, "8L 8L 7L 7L " + cycle + " " + cycle, "repetition"},
		{nil, never, north1, "7R", "never-ending move"},
		{engine.Options{"infinite": "loss"}, never, north1, "7R", "never-ending move"},
		{engine.Options{"infinite": "illegal"}, never, north1, "7L", "never-ending move"},
	} {
		ref := krefNew(c.opts)
		copy(ref.pits[0][:], c.south)
		copy(ref.pits[1][:], c.north)
		p, err := engine.NewPosition(engine.MustNew("bao-kujifunza", c.opts), engine.Setup{Pits: [][]int{c.south, c.north}})
		if err != nil {
			t.Fatal(err)
		}
		krefReplay(t, c.opts, p, ref, nil, strings.Fields(c.moves))
		if krefCounts[c.count] == 0 {
			t.Errorf("%v %s: the reference met no %s", c.opts, c.moves, c.count)
		}
	}
}

func TestReferenceKujifunzaPerft(t *testing.T) {
	depth := 6
	if testing.Short() {
		depth = 4
	}
	for _, opts := range []engine.Options{nil, {"infinite": "illegal", "suicide": "allowed", "wipe": "continue"}} {
		p := engine.MustNew("bao-kujifunza", opts).Start()
		ref := krefStart(opts) // no history: perft from the start meets no repetition at these depths
		for d := 1; d <= depth; d++ {
			want := modelPerft(ref, d, (*kref).clone)
			if got := engine.Perft(p, d); got != want {
				t.Errorf("%v: Perft(start, %d) = %d, reference %d", opts, d, got, want)
			}
			if got := engine.PerftFull(p, d); got != want {
				t.Errorf("%v: PerftFull(start, %d) = %d, reference %d", opts, d, got, want)
			}
		}
	}
	rng := rand.New(rand.NewPCG(5, 0xbeef))
	rules := engine.MustNew("bao-kujifunza", nil)
	for k := 0; k < 40; {
		ref := krefRandom(rng, nil)
		if krefTotal(ref) > 255 {
			continue
		}
		p, err := engine.NewPosition(rules, engine.Setup{ToMove: engine.Side(ref.toMove), Pits: [][]int{ref.pits[0][:], ref.pits[1][:]}})
		if err != nil {
			continue
		}
		ref.ply = 0
		ref.remember()
		for d := 1; d <= 3; d++ {
			if got, want := engine.Perft(p, d), modelPerft(ref, d, krefKeepSeen); got != want {
				j, _ := p.MarshalJSON()
				t.Fatalf("Perft(%s, %d) = %d, reference %d", j, d, got, want)
			}
		}
		k++
	}
}

// krefKeepSeen is a clone of g with a copy of the positions it has seen,
// for perft with the repetition rule applied along each line, as
// engine.Perft does.
func krefKeepSeen(g *kref) *kref {
	c := g.clone()
	c.seen = maps.Clone(g.seen)
	return c
}
