package engine_test

// A plain, slow reference implementation of the three-row games Gabata,
// Selus and Sulus, written from docs/sources/more-games-rules.md
// sections 7-9 (rule numbers in comments) and not from the engine's code.
// The board is pits[side][pit-1]; a seed walks pit by pit along the path
// South 1..9, North 1..9; a pit's column is worked out from the board
// section's geometry; a never-ending move (C4) is found by keeping every
// state seen before a relay pick-up in a map (not Brent's algorithm); the
// repetition rule (C6) keeps the game's history.
//
// The tests (TestReferenceGabata*, TestReferenceSelus* in
// reference_selus_test.go, TestReferenceSulus* in reference_sulus_test.go)
// play random games through engine.Game and the reference side by side,
// from the start and from random set-up positions, and compare every
// position: pits, stores, side to move, ply, status and reason, extra, the
// legal moves and the reason given for probe moves; and perft counts.

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// The variant's reference implementation, for TestEveryVariantHasItsTests.
func init() {
	engine.AddReference("gabata", TestReferenceGabataGames)
}

type t3ref struct {
	game    string // "gabata", "selus", "sulus"
	serial  bool   // gabata
	both    bool   // gabata column=both
	weak    bool   // selus weak_traps
	nishtav bool   // sulus rule=nishtav|lame

	pits    [2][9]int
	store   [2]int
	trap    [2][9]int // 0: no wegue; 1 + owner
	opening [2]bool   // the side has not finished his first move
	toMove  int
	ply     int
	status  engine.Status
	reason  engine.EndReason
	seen    map[string]int
}

var t3Counts map[string]int

func t3Count(what string) {
	if t3Counts != nil {
		t3Counts[what]++
	}
}

type t3spot struct{ side, i int }

// The path: South 1..9, North 1..9, South 1 ...
func t3next(s t3spot) t3spot {
	if s.i < 8 {
		return t3spot{s.side, s.i + 1}
	}
	return t3spot{1 - s.side, 0}
}

// t3column: the board section's columns, from South's left. A side's pits
// 1..6 are its back row from its left, 7..9 its half of the middle row
// from the board's edge.
func t3column(s t3spot) int {
	n := s.i + 1
	if s.side == 0 {
		if n <= 6 {
			return n - 1
		}
		return 12 - n
	}
	if n <= 6 {
		return 6 - n
	}
	return n - 7
}

func t3newRef(game string, opts engine.Options) *t3ref {
	return &t3ref{game: game, serial: refOpt(opts, "serial", "true") == "true", both: refOpt(opts, "column", "opponent") == "both",
		weak: refOpt(opts, "weak_traps", "false") == "true", nishtav: refOpt(opts, "rule", "aydi") != "aydi"}
}

func t3startRef(game string, opts engine.Options) *t3ref {
	g := t3newRef(game, opts)
	for s := range 2 {
		for i := range 9 {
			g.pits[s][i] = 3
		}
	}
	if game != "gabata" {
		g.opening = [2]bool{true, true}
	}
	return g
}

func (g *t3ref) clone() *t3ref {
	c := *g
	c.seen = nil
	return &c
}

func (g *t3ref) remember() { g.seen = map[string]int{g.key(): 1} }

func (g *t3ref) key() string {
	return fmt.Sprint(g.pits, g.store, g.trap, g.opening, g.toMove)
}

func (g *t3ref) get(s t3spot) *int { return &g.pits[s.side][s.i] }

// sow plays side me's move from pit (1..9) on g; it returns false for a
// move that never ends (C4), and whether the mover moves again (Selus).
func (g *t3ref) sow(me, pit int) (ends, again bool) {
	pos := t3spot{me, pit - 1}
	n := *g.get(pos)
	*g.get(pos) = 0
	states := map[[21]int]bool{}
	for {
		for ; n > 0; n-- {
			pos = t3next(pos)
			*g.get(pos)++
		}
		held := *g.get(pos) - 1
		if g.game == "gabata" {
			if held == 0 { // [3]: the column
				took := 0
				for s := range 2 {
					for i := range 9 {
						q := t3spot{s, i}
						if q != pos && t3column(q) == t3column(pos) && (s != me || g.both) {
							took += *g.get(q)
							*g.get(q) = 0
						}
					}
				}
				g.store[me] += took
				if took > 0 {
					t3Count("capture")
				}
				if took == 0 || !g.serial {
					return true, false
				}
				t3Count("serial capture") // [4]
				*g.get(pos) = 0
				n = 1
				continue
			}
		} else {
			if w := g.trap[pos.side][pos.i]; w != 0 { // 3a
				if g.game == "sulus" || pos == (t3spot{me, 0}) || held == 0 {
					t3Count("seed into a trap")
					return true, false
				}
				*g.get(pos) -= 2
				g.store[me] += 2
				t3Count("wegue capture")
				again = w-1 == me || pos == t3spot{1 - me, 0}
				if g.weak && *g.get(pos) == 0 {
					g.trap[pos.side][pos.i] = 0
					t3Count("weak wegue cleared")
				}
				return true, again
			}
			if held == 0 { // 3c
				return true, false
			}
			if held == 3 && !g.opening[me] && (g.game == "selus" || pos.side != me) { // 3b
				owner := me
				if g.game == "sulus" && g.nishtav {
					owner = 1 - me
				}
				g.trap[pos.side][pos.i] = owner + 1
				t3Count("trap made")
				return true, false
			}
		}
		// relay
		var st [21]int
		for s := range 2 {
			copy(st[9*s:], g.pits[s][:])
		}
		st[18], st[19], st[20] = g.store[0], g.store[1], 9*pos.side+pos.i
		if states[st] {
			t3Count("never-ending move")
			return false, false
		}
		states[st] = true
		t3Count("relay")
		n = *g.get(pos)
		*g.get(pos) = 0
	}
}

func (g *t3ref) movesOf(me int) []engine.Move {
	var out []engine.Move
	for pit := 1; pit <= 9; pit++ {
		if g.pits[me][pit-1] == 0 || g.trap[me][pit-1] != 0 {
			continue
		}
		if ends, _ := g.clone().sow(me, pit); ends {
			out = append(out, engine.Move{Pit: uint8(pit)})
		}
	}
	return out
}

func (g *t3ref) legalMoves() []engine.Move {
	if g.status != engine.Ongoing {
		return nil
	}
	return g.movesOf(g.toMove)
}

func (g *t3ref) why(m engine.Move) engine.Reason {
	switch {
	case g.status != engine.Ongoing:
		return engine.GameOver
	case m.Dir != engine.DirNone:
		return engine.NeedsNoDirection
	case m.Pit < 1 || m.Pit > 9:
		return engine.NoSuchPit
	case g.trap[g.toMove][m.Pit-1] != 0:
		return engine.TrapPit
	case g.pits[g.toMove][m.Pit-1] == 0:
		return engine.EmptyPit
	}
	if ends, _ := g.clone().sow(g.toMove, int(m.Pit)); !ends {
		return engine.NeverEnding
	}
	return 0
}

func (g *t3ref) decide(a, b int, why engine.EndReason) {
	switch {
	case a > b:
		g.status = engine.SouthWon
	case b > a:
		g.status = engine.NorthWon
	default:
		g.status = engine.Draw
	}
	g.reason = why
	t3Count("game ended: " + why.String())
}

// score: Selus rule 5, Sulus rule 6.
func (g *t3ref) score(s int) int {
	n := g.store[s]
	for side := range 2 {
		for i := range 9 {
			if w := g.trap[side][i]; w == s+1 || w == 0 && side == s {
				n += g.pits[side][i]
			}
		}
	}
	return n
}

// settle: Gabata rule 5; Selus rules 4-5.
func (g *t3ref) settle() {
	if g.status != engine.Ongoing {
		return
	}
	if len(g.movesOf(g.toMove)) > 0 {
		return
	}
	if g.game == "gabata" {
		other := 1 - g.toMove
		for s := range 2 {
			for i := range 9 {
				g.store[other] += g.pits[s][i]
				g.pits[s][i] = 0
			}
		}
		g.decide(g.store[0], g.store[1], engine.EndNoMoves)
		return
	}
	if len(g.movesOf(1-g.toMove)) > 0 {
		t3Count("pass")
		g.toMove = 1 - g.toMove
		return
	}
	g.decide(g.score(0), g.score(1), engine.EndNoMoves)
}

func (g *t3ref) repeated() {
	if g.game == "gabata" { // rule 6
		for s := range 2 {
			for i := range 9 {
				g.store[s] += g.pits[s][i]
				g.pits[s][i] = 0
			}
		}
		g.decide(g.store[0], g.store[1], engine.EndRepetition)
		return
	}
	g.decide(g.score(0), g.score(1), engine.EndRepetition)
}

func (g *t3ref) play(m engine.Move) {
	me := g.toMove
	_, again := g.sow(me, int(m.Pit))
	g.opening[me] = false
	g.ply++
	g.toMove = 1 - me
	if again {
		g.toMove = me
		t3Count("extra move")
	}
	g.settle()
	if g.status == engine.Ongoing && g.seen != nil {
		k := g.key()
		g.seen[k]++
		if g.seen[k] >= 3 {
			g.repeated()
		}
	}
}

func (g *t3ref) extraJSON() string {
	if g.game == "gabata" {
		return "{}"
	}
	w := map[string][]string{}
	for s := range 2 {
		row := make([]string, 9)
		for i, x := range g.trap[s] {
			if x != 0 {
				row[i] = engine.Side(x - 1).String()
			}
		}
		w[engine.Side(s).String()] = row
	}
	j, _ := json.Marshal(map[string]any{"wegue": w, "opening": map[string]bool{"south": g.opening[0], "north": g.opening[1]}})
	return string(j)
}

func t3diff(p engine.Position, g *t3ref) []string {
	var d []string
	for s := 0; s < 2; s++ {
		for i := 0; i < 9; i++ {
			if got := p.Pit(engine.Side(s), i+1); got != g.pits[s][i] {
				d = append(d, fmt.Sprintf("%s pit %d: engine %d, reference %d", engine.Side(s), i+1, got, g.pits[s][i]))
			}
		}
		if got := p.Store(engine.Side(s)); got != g.store[s] {
			d = append(d, fmt.Sprintf("%s store: engine %d, reference %d", engine.Side(s), got, g.store[s]))
		}
	}
	if p.ToMove() != engine.Side(g.toMove) || p.Ply() != g.ply {
		d = append(d, fmt.Sprintf("to move/ply: engine %s %d, reference %s %d", p.ToMove(), p.Ply(), engine.Side(g.toMove), g.ply))
	}
	if p.Status() != g.status || p.EndReason() != g.reason {
		d = append(d, fmt.Sprintf("status: engine %s (%s), reference %s (%s)", p.Status(), p.EndReason(), g.status, g.reason))
	}
	ej := "{}"
	if x := p.Extra(); len(x) != 0 {
		b, _ := json.Marshal(x)
		ej = string(b)
	}
	if rj := g.extraJSON(); ej != rj {
		d = append(d, fmt.Sprintf("extra: engine %s, reference %s", ej, rj))
	}
	if g.game != "gabata" {
		for s := range 2 {
			n := 0
			for _, m := range p.Marks() {
				if m.Kind == engine.MarkTrap {
					n++
				}
			}
			_ = s
			want := 0
			for side := range 2 {
				for _, x := range g.trap[side] {
					if x != 0 {
						want++
					}
				}
			}
			if n != want {
				d = append(d, fmt.Sprintf("marks: engine %d traps, reference %d", n, want))
			}
		}
	}
	if em, rm := refMovesString(p.Moves()), refMovesString(g.legalMoves()); em != rm {
		d = append(d, fmt.Sprintf("moves: engine %s, reference %s", em, rm))
	}
	for pit := 0; pit <= 19; pit += 1 {
		for _, dir := range []engine.Dir{engine.DirNone, engine.DirLeft} {
			m := engine.Move{Pit: uint8(pit), Dir: dir}
			if pit == 0 {
				continue
			}
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

// t3random draws a random position: sparse, mixed, piles, or an endgame;
// for Selus and Sulus some traps (Sulus: owned as the rule says) and
// random openings.
func t3random(rng *rand.Rand, game string, opts engine.Options) *t3ref {
	g := t3newRef(game, opts)
	profile := rng.IntN(4)
	for s := 0; s < 2; s++ {
		for i := 0; i < 9; i++ {
			r := rng.IntN(100)
			switch profile {
			case 0:
				g.pits[s][i] = []int{0, 0, 0, 1, 1, 2, 2, 3}[r%8]
			case 1:
				g.pits[s][i] = rng.IntN(6)
			case 2:
				if r < 85 {
					g.pits[s][i] = rng.IntN(4)
				} else {
					g.pits[s][i] = 10 + rng.IntN(30)
				}
			default:
				if r < 75 {
					g.pits[s][i] = 0
				} else {
					g.pits[s][i] = 1 + rng.IntN(3)
				}
			}
			if game != "gabata" && rng.IntN(8) == 0 {
				owner := rng.IntN(2)
				if game == "sulus" {
					owner = 1 - s
					if g.nishtav {
						owner = s
					}
				}
				g.trap[s][i] = owner + 1
			}
		}
	}
	if game != "sulus" {
		g.store = [2]int{rng.IntN(20), rng.IntN(20)}
	}
	if game != "gabata" {
		g.opening = [2]bool{rng.IntN(4) == 0, rng.IntN(4) == 0}
	}
	g.toMove = rng.IntN(2)
	g.ply = rng.IntN(100)
	return g
}

func (g *t3ref) total() int {
	n := g.store[0] + g.store[1]
	for s := range g.pits {
		for _, k := range g.pits[s] {
			n += k
		}
	}
	return n
}

func (g *t3ref) setup() engine.Setup {
	s := engine.Setup{ToMove: engine.Side(g.toMove), Ply: g.ply, Pits: [][]int{g.pits[0][:], g.pits[1][:]}, Stores: g.store[:]}
	if g.game != "gabata" {
		_ = json.Unmarshal([]byte(g.extraJSON()), &s.Extra)
	}
	return s
}

// t3replay plays random moves from start, or the moves of script.
func t3replay(t *testing.T, opts engine.Options, start engine.Position, ref *t3ref, rng *rand.Rand, script []string) int {
	t.Helper()
	pick := refRandomMove(rng)
	if script != nil {
		pick = refScript(t, script)
	}
	r := refReplay[*t3ref]{what: ref.game + " " + fmt.Sprint(opts), diff: t3diff, maxPly: 600, pick: pick}
	return r.play(t, start, ref)
}

// t3games plays games from the start and from random set-ups under every
// option set.
func t3games(t *testing.T, rules func(engine.Options) engine.Rules, game string, optionSets []engine.Options, games int) {
	t3Counts = map[string]int{}
	defer func() { t3Counts = nil }()
	if testing.Short() {
		games /= 8
	}
	positions, refused := 0, 0
	for oi, opts := range optionSets {
		r := rules(opts)
		rng := rand.New(rand.NewPCG(uint64(oi), 0x3a0))
		for range games {
			positions += t3replay(t, opts, r.Start(), t3startRef(game, opts), rng, nil)
		}
		for played := 0; played < games; {
			ref := t3random(rng, game, opts)
			if ref.total() > 72 {
				continue
			}
			// What NewPosition must do: refuse a finished position, pass
			// for a side to move that cannot move (Selus, Sulus).
			over := ref.clone()
			over.settle()
			p, ok := refNewPosition(t, fmt.Sprint(opts), r, ref.setup(), over.status, over.reason, ref.pits)
			if !ok {
				refused++
				continue
			}
			ref.toMove = over.toMove
			positions += t3replay(t, opts, p, ref, rng, nil)
			played++
		}
	}
	t.Logf("%d positions compared; %d random setups rightly refused as finished", positions, refused)
	t.Logf("situations met: %v", t3Counts)
}

// t3keepSeen is a clone of g with a copy of the positions it has seen.
func t3keepSeen(g *t3ref) *t3ref {
	c := g.clone()
	c.seen = maps.Clone(g.seen)
	return c
}

// t3perftCompare compares perft counts from the start and from random
// positions.
func t3perftCompare(t *testing.T, r engine.Rules, game string, opts engine.Options, depth int) {
	t.Helper()
	p := r.Start()
	ref := t3startRef(game, opts)
	ref.remember()
	for d := 1; d <= depth; d++ {
		want := modelPerft(ref, d, t3keepSeen)
		if got := engine.Perft(p, d); got != want {
			t.Errorf("%s %v: Perft(start, %d) = %d, reference %d", game, opts, d, got, want)
		}
		if got := engine.PerftFull(p, d); got != want {
			t.Errorf("%s %v: PerftFull(start, %d) = %d, reference %d", game, opts, d, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(5, 0x3eef))
	for k := 0; k < 30; {
		ref := t3random(rng, game, opts)
		if ref.total() > 72 {
			continue
		}
		p, err := engine.NewPosition(r, ref.setup())
		if err != nil {
			continue
		}
		ref.toMove = int(p.ToMove())
		ref.ply = p.Ply()
		ref.remember()
		for d := 1; d <= 3; d++ {
			if got, want := engine.Perft(p, d), modelPerft(ref, d, t3keepSeen); got != want {
				j, _ := p.MarshalJSON()
				t.Fatalf("Perft(%s, %d) = %d, reference %d", j, d, got, want)
			}
		}
		k++
	}
}

func TestReferenceGabataGames(t *testing.T) {
	var sets []engine.Options
	for _, serial := range []string{"true", "false"} {
		for _, col := range []string{"opponent", "both"} {
			sets = append(sets, engine.Options{"serial": serial, "column": col})
		}
	}
	t3games(t, func(o engine.Options) engine.Rules { return engine.MustNew("gabata", o) }, "gabata", sets, 400)
}

func TestReferenceGabataPerft(t *testing.T) {
	depth := 5
	if testing.Short() {
		depth = 3
	}
	for _, opts := range []engine.Options{nil, {"serial": "false", "column": "both"}} {
		t3perftCompare(t, engine.MustNew("gabata", opts), "gabata", opts, depth)
	}
}

// The section 14 vector and the never-ending move through the reference.
func TestReferenceGabataScripted(t *testing.T) {
	for _, c := range []struct {
		opts         engine.Options
		south, north []int
		stores       [2]int
		moves        string
	}{
		{nil, []int{0, 0, 0, 1, 0, 0, 2, 2, 0}, []int{3, 5, 1, 1, 1, 1, 1, 1, 1}, [2]int{}, "4"},
		{engine.Options{"serial": "false"}, []int{0, 0, 0, 1, 0, 0, 2, 2, 0}, []int{3, 5, 1, 1, 1, 1, 1, 1, 1}, [2]int{}, "4"},
		{engine.Options{"column": "both"}, []int{0, 0, 0, 1, 0, 0, 2, 2, 0}, []int{3, 5, 1, 1, 1, 1, 1, 1, 1}, [2]int{}, "4"},
		{nil, []int{2, 1, 0, 2, 1, 0, 1, 3, 1}, []int{0, 2, 1, 0, 1, 0, 2, 1, 0}, [2]int{17, 19}, "1"},
	} {
		ref := t3newRef("gabata", c.opts)
		copy(ref.pits[0][:], c.south)
		copy(ref.pits[1][:], c.north)
		ref.store = c.stores
		p, err := engine.NewPosition(engine.MustNew("gabata", c.opts), ref.setup())
		if err != nil {
			t.Fatal(err)
		}
		t3replay(t, c.opts, p, ref, nil, strings.Fields(c.moves))
	}
}
