package engine_test

// A plain, slow reference implementation of Oware Nam Nam, written from
// docs/sources/more-games-rules.md section 2 (rule numbers in comments)
// and conventions C2-C6, not from the engine's code. The board is
// pits[row][pit-1] with owner[row][pit-1]; a seed walks pit by pit; a
// never-ending move (C4) is found by keeping every state seen before a
// relay lift in a map (the engine uses Brent's algorithm); the repetition
// rule (C6, within the round) keeps the game's history in a map.
//
// TestReferenceNamnamGames plays random games through engine.Game and the
// reference side by side and compares every position: pits, stores, side
// to move, ply, status and reason, extra (as JSON), the legal moves, and
// the reason given for probe moves 0..13. Half of the games start from
// random positions (any round, any ownership, few seeds).
// TestReferenceNamnamPerft compares perft counts.

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// The variant's reference implementation, for TestEveryVariantHasItsTests.
func init() {
	engine.AddReference("namnam", TestReferenceNamnamGames)
}

type nref struct {
	pits   [2][6]int
	owner  [2][6]int
	stores [2]int
	round  int
	claim  bool
	claims int
	toMove int
	ply    int
	status engine.Status
	reason engine.EndReason
	seen   map[string]int
}

func (g *nref) clone() *nref {
	c := *g
	c.seen = map[string]int{}
	for k, v := range g.seen {
		c.seen[k] = v
	}
	return &c
}

func (g *nref) key() string {
	return fmt.Sprint(g.pits, g.owner, g.stores, g.round, g.claim, g.claims, g.toMove)
}

// nrefPit: move k (1..12) of side me names (C2): its own row 1..6, the
// other row's pit k-6.
func nrefPit(me, k int) (row, j int) {
	if k <= 6 {
		return me, k - 1
	}
	return 1 - me, k - 7
}

func nrefNext(row, j int) (int, int) {
	if j < 5 {
		return row, j + 1
	}
	return 1 - row, 0
}

func (g *nref) onBoard() int {
	n := 0
	for r := range 2 {
		for j := range 6 {
			n += g.pits[r][j]
		}
	}
	return n
}

// sow plays the sowing of (row, j) by me (4-7). It returns never = true
// for a move whose relays never end (C4), and over for the last four.
func (g *nref) sow(me, row, j int) (never, over bool) {
	states := map[string]bool{}
	hand := g.pits[row][j]
	g.pits[row][j] = 0
	for {
		for hand > 0 {
			row, j = nrefNext(row, j)
			g.pits[row][j]++
			hand--
			if g.pits[row][j] == 4 { // 5: 3 made 4
				who := me // the last seed: the mover
				if hand > 0 {
					who = g.owner[row][j] // seeds in hand: the owner
				}
				g.pits[row][j] = 0
				g.stores[who] += 4
				if g.onBoard()+hand == 4 { // 7: the last four
					for r := range 2 {
						for k := range 6 {
							g.stores[who] += g.pits[r][k]
							g.pits[r][k] = 0
						}
					}
					g.stores[who] += hand
					return false, true
				}
				if hand == 0 {
					return false, false
				}
			}
		}
		if g.pits[row][j] == 1 { // 6: it was empty
			return false, false
		}
		st := fmt.Sprint(g.pits, row, j)
		if states[st] {
			return true, false
		}
		states[st] = true
		hand = g.pits[row][j] // 6: relay
		g.pits[row][j] = 0
	}
}

func (g *nref) neverEnds(me, row, j int) bool {
	c := *g // the history is not needed
	never, _ := c.sow(me, row, j)
	return never
}

func (g *nref) canMove(me int) bool {
	for k := 1; k <= 12; k++ {
		row, j := nrefPit(me, k)
		if g.owner[row][j] == me && g.pits[row][j] > 0 && !g.neverEnds(me, row, j) {
			return true
		}
	}
	return false
}

func (g *nref) why(m engine.Move) engine.Reason {
	switch {
	case g.status != engine.Ongoing:
		return engine.GameOver
	case m.Kind == engine.Swap:
		return engine.SwapUnavailable
	case m.Dir != engine.DirNone || m.Plus:
		return engine.NeedsNoDirection
	case m.Pit < 1 || m.Pit > 12:
		return engine.NoSuchPit
	}
	me := g.toMove
	row, j := nrefPit(me, int(m.Pit))
	if g.claim { // 11: a pit of the other row, not yet his
		if row == me || g.owner[row][j] == me {
			return engine.ClaimNeeded
		}
		return 0
	}
	switch {
	case g.owner[row][j] != me: // 3
		return engine.NotYourPit
	case g.pits[row][j] == 0:
		return engine.EmptyPit
	case g.neverEnds(me, row, j): // C4
		return engine.NeverEnding
	}
	return 0
}

func (g *nref) legal() []engine.Move {
	var out []engine.Move
	for k := 1; k <= 12; k++ {
		m := engine.Move{Pit: uint8(k)}
		if g.why(m) == 0 {
			out = append(out, m)
		}
	}
	return out
}

func nrefStarter(round int) int { return 1 - round%2 } // 12: South odd, North even

// endRound: 9-12, the board being empty.
func (g *nref) endRound() {
	s, n := g.stores[0], g.stores[1]
	if n == 0 || s == 0 { // 9
		g.status, g.reason = engine.SouthWon, engine.EndMajority
		if s == 0 {
			g.status = engine.NorthWon
		}
		return
	}
	g.round++
	for r := range 2 {
		for j := range 6 {
			g.owner[r][j] = r
		}
	}
	if s == n { // 10
		for r := range 2 {
			for j := range 6 {
				g.pits[r][j] = 4
				g.stores[r] -= 4
			}
		}
		g.toMove = nrefStarter(g.round)
		g.settle()
		return
	}
	lead := 0
	if n > s {
		lead = 1
	}
	for j := range 6 { // 11
		g.pits[lead][j] = 4
		g.stores[lead] -= 4
	}
	g.claim, g.claims = true, g.stores[lead]/4 // a-6
	g.toMove = lead
}

// settlement: 8, the board to the round's starter.
func (g *nref) settlement() {
	to := nrefStarter(g.round)
	for r := range 2 {
		for j := range 6 {
			g.stores[to] += g.pits[r][j]
			g.pits[r][j] = 0
		}
	}
	g.endRound()
}

func (g *nref) settle() {
	if g.status != engine.Ongoing || g.claim {
		return
	}
	if g.canMove(g.toMove) {
		return
	}
	if g.canMove(1 - g.toMove) { // 8, C5: a pass
		g.toMove = 1 - g.toMove
		return
	}
	g.settlement()
}

func (g *nref) play(m engine.Move) {
	me := g.toMove
	row, j := nrefPit(me, int(m.Pit))
	g.ply++
	if g.claim {
		g.pits[row][j] = 4
		g.stores[me] -= 4
		g.owner[row][j] = me
		g.claims--
		if g.claims == 0 {
			for k := range 6 {
				if g.owner[row][k] == 1-me {
					g.pits[row][k] = 4
					g.stores[1-me] -= 4
				}
			}
			g.claim = false
			g.toMove = nrefStarter(g.round)
			g.settle()
		}
	} else {
		if _, over := g.sow(me, row, j); over {
			g.endRound()
		} else {
			g.toMove = 1 - me
			g.settle()
		}
	}
	if g.status == engine.Ongoing {
		k := g.key()
		g.seen[k]++
		if g.seen[k] >= 3 { // C6 within the round: 8
			g.settlement()
			if g.status == engine.Ongoing {
				g.seen[g.key()]++
			}
		}
	}
}

func (g *nref) extraJSON() string {
	names := [2]string{"south", "north"}
	own := map[string][]string{}
	for r := range 2 {
		for j := range 6 {
			own[names[r]] = append(own[names[r]], names[g.owner[r][j]])
		}
	}
	phase := "play"
	if g.claim {
		phase = "claim"
	}
	b, _ := json.Marshal(map[string]any{"round": g.round, "phase": phase, "claims": g.claims, "owner": own})
	return string(b)
}

func nrefDiff(p engine.Position, g *nref) []string {
	var d []string
	for r := range 2 {
		for j := range 6 {
			if p.Pit(engine.Side(r), j+1) != g.pits[r][j] {
				d = append(d, fmt.Sprintf("%s pit %d: %d, ref %d", engine.Side(r), j+1, p.Pit(engine.Side(r), j+1), g.pits[r][j]))
			}
			if o := p.Owner(p.Rules().Layout().Pit(engine.Side(r), j+1)); int(o) != g.owner[r][j] {
				d = append(d, fmt.Sprintf("%s pit %d owner %s, ref %d", engine.Side(r), j+1, o, g.owner[r][j]))
			}
		}
		if p.Store(engine.Side(r)) != g.stores[r] {
			d = append(d, fmt.Sprintf("%s store %d, ref %d", engine.Side(r), p.Store(engine.Side(r)), g.stores[r]))
		}
	}
	if int(p.ToMove()) != g.toMove || p.Ply() != g.ply || p.Status() != g.status || p.EndReason() != g.reason {
		d = append(d, fmt.Sprintf("to move %s ply %d %s %s, ref %d %d %s %s", p.ToMove(), p.Ply(), p.Status(), p.EndReason(), g.toMove, g.ply, g.status, g.reason))
	}
	if x, _ := json.Marshal(p.Extra()); string(x) != g.extraJSON() {
		d = append(d, fmt.Sprintf("extra %s, ref %s", x, g.extraJSON()))
	}
	if got, want := fmt.Sprint(p.Moves()), fmt.Sprint(g.legal()); got != want {
		d = append(d, fmt.Sprintf("moves %s, ref %s", got, want))
	}
	for k := 0; k <= 13; k++ {
		m := engine.Move{Pit: uint8(k)}
		if got, want := engine.ReasonOf(p.Rules().Check(&p, m)), g.why(m); got != want && !(k == 0 && want != engine.GameOver) {
			d = append(d, fmt.Sprintf("move %d: reason %d, ref %d", k, got, want))
		}
	}
	return d
}

func nrefStart() *nref {
	g := &nref{round: 1, seen: map[string]int{}}
	for r := range 2 {
		for j := range 6 {
			g.pits[r][j], g.owner[r][j] = 4, r
		}
	}
	g.seen[g.key()] = 1
	return g
}

// nrefRandom returns a random play-phase position with 48 seeds whose
// side to move has a move, or nil.
func nrefRandom(rng *rand.Rand) *nref {
	g := &nref{round: 1 + rng.IntN(12), seen: map[string]int{}, toMove: rng.IntN(2), ply: rng.IntN(100)}
	board := 4 * (1 + rng.IntN(4))
	if rng.IntN(4) == 0 {
		board = 4 * (1 + rng.IntN(11))
	}
	s := 4 * rng.IntN((48-board)/4+1)
	g.stores = [2]int{s, 48 - board - s}
	for r := range 2 {
		for j := range 6 {
			g.owner[r][j] = r
			if rng.IntN(3) == 0 {
				g.owner[r][j] = 1 - r
			}
		}
	}
	for range board {
		g.pits[rng.IntN(2)][rng.IntN(6)]++
	}
	if !g.canMove(g.toMove) {
		return nil
	}
	g.seen[g.key()] = 1
	return g
}

func nrefPosition(t *testing.T, g *nref) engine.Position {
	t.Helper()
	var s engine.Setup
	s.ToMove, s.Ply = engine.Side(g.toMove), g.ply
	s.Pits = [][]int{g.pits[0][:], g.pits[1][:]}
	s.Stores = g.stores[:]
	var x map[string]json.RawMessage
	_ = json.Unmarshal([]byte(g.extraJSON()), &x)
	s.Extra = x
	p, err := engine.NewPosition(engine.MustNew("namnam", nil), s)
	if err != nil {
		t.Fatalf("NewPosition: %v (%s)", err, g.extraJSON())
	}
	return p
}

func nrefPlay(t *testing.T, start engine.Position, ref *nref, rng *rand.Rand, maxPly int) int {
	t.Helper()
	g := engine.NewGame(start)
	var moves []string
	for n := 0; ; n++ {
		p := g.Position()
		if d := nrefDiff(p, ref); len(d) > 0 {
			j, _ := start.MarshalJSON()
			t.Fatalf("from %s after %v:\n%s\n%v", j, moves, p.String(), d)
		}
		legal := p.Moves()
		if len(legal) == 0 || n >= maxPly {
			return n + 1
		}
		m := legal[rng.IntN(len(legal))]
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		ref.play(m)
		moves = append(moves, m.String())
	}
}

func TestReferenceNamnamGames(t *testing.T) {
	games, plies := 1000, 400
	if testing.Short() {
		games, plies = 100, 300
	}
	rules := engine.MustNew("namnam", nil)
	rng := rand.New(rand.NewPCG(13, 0x4a4a))
	positions, rounds, ended := 0, 0, 0
	for range games {
		ref := nrefStart()
		positions += nrefPlay(t, rules.Start(), ref, rng, plies)
		rounds += ref.round
		if ref.status != engine.Ongoing {
			ended++
		}
	}
	for played := 0; played < games; {
		ref := nrefRandom(rng)
		if ref == nil {
			continue
		}
		played++
		positions += nrefPlay(t, nrefPosition(t, ref), ref, rng, 300)
	}
	t.Logf("%d positions compared; %d of %d games from the start finished within %d plies, %d rounds", positions, ended, games, plies, rounds)
	if ended == 0 || rounds < 2*games {
		t.Errorf("%d games finished, %d rounds: the games do not go far enough", ended, rounds)
	}
}

func nrefPerft(g *nref, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range g.legal() {
		c := g.clone()
		c.play(m)
		n += nrefPerft(c, depth-1)
	}
	return n
}

func TestReferenceNamnamPerft(t *testing.T) {
	rules := engine.MustNew("namnam", nil)
	depth := 6 // the TestPerftTable entry
	if testing.Short() {
		depth = 4
	}
	for d := 1; d <= depth; d++ {
		if got, want := engine.Perft(rules.Start(), d), nrefPerft(nrefStart(), d); got != want {
			t.Errorf("perft %d: engine %d, reference %d", d, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for played := 0; played < 30; {
		ref := nrefRandom(rng)
		if ref == nil {
			continue
		}
		played++
		p := nrefPosition(t, ref)
		for d := 1; d <= 4; d++ {
			if got, want := engine.Perft(p, d), nrefPerft(ref, d); got != want {
				j, _ := p.MarshalJSON()
				t.Fatalf("%s perft %d: engine %d, reference %d", j, d, got, want)
			}
		}
	}
}
