package engine_test

// A plain, slow reference implementation of Ruma, written from
// docs/sources/more-games-rules.md §4 (rule numbers in comments) and not
// from the engine's code. The board is rows[seat][pocket-1] and rumas[seat]
// with seats numbered in turn order (0 South, 1 East, 2 North, 3 West); a
// seed walks pocket by pocket, a ruma after each row's sixth pocket.
//
// TestReferenceRuma plays random games (both player counts, every seed
// count, small and default penalty limits, some seats leaving) through the
// engine and the reference side by side and compares every position: pits,
// rumas, penalty pits, penalties, seats out, side to move, ply, status and
// the legal moves. TestReferenceRumaPerft compares perft counts.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// The variant's reference implementation, for TestEveryVariantHasItsTests.
func init() {
	engine.AddReference("ruma", TestReferenceRuma)
}

var rrSeat = [4]engine.Side{engine.South, engine.East, engine.North, engine.West}

type rref struct {
	two     bool
	limit   int
	rows    [4][6]int
	rumas   [4]int
	penPits [4]int
	penalty [4]int
	out     [4]bool
	toMove  int
	ply     int
	status  engine.Status
}

func rrNew(players, seeds, limit int) *rref {
	g := &rref{two: players == 2, limit: limit}
	for s := range 4 {
		for i := range 6 {
			g.rows[s][i] = seeds // rule 2
		}
	}
	return g
}

// where is a place on the sowing track: a pocket (0..5) or the ruma (6) of
// a seat.
type where struct{ seat, pos int }

func (w where) next() where {
	if w.pos == 6 {
		return where{(w.seat + 1) % 4, 0}
	}
	return where{w.seat, w.pos + 1}
}

func (g *rref) at(w where) *int {
	if w.pos == 6 {
		return &g.rumas[w.seat]
	}
	return &g.rows[w.seat][w.pos]
}

// sow plays pocket (1..6) of the seat to move on g and returns where the
// last seed fell and how many that place held before it.
func (g *rref) sow(pocket int) (where, int) {
	w := where{g.toMove, pocket - 1}
	n := *g.at(w)
	*g.at(w) = 0
	before := 0
	for range n { // rule 5: every ruma too, the origin too past 27
		w = w.next()
		before = *g.at(w)
		*g.at(w)++
	}
	return w, before
}

func (g *rref) legal(seat, pocket int) bool {
	if g.rows[seat][pocket-1] == 0 {
		return false
	}
	c := *g
	c.toMove = seat
	w, _ := c.sow(pocket)
	return w.pos == 6 || *c.at(w) >= 2 // rule 6
}

func (g *rref) moves() []int {
	var out []int
	if g.status != engine.Ongoing {
		return nil
	}
	for i := 1; i <= 6; i++ {
		if g.legal(g.toMove, i) {
			out = append(out, i)
		}
	}
	return out
}

func (g *rref) win(seat int) {
	if g.two {
		g.status = engine.Won(rrSeat[seat%2]) // S+N: south_won; E+W: east_won
		return
	}
	g.status = engine.Won(rrSeat[seat])
}

// putOut puts seat out; it reports whether that ended the game.
func (g *rref) putOut(seat int) bool {
	g.out[seat] = true
	if g.two {
		g.win(seat + 1) // the other player
		return true
	}
	var in []int
	for s := range 4 {
		if !g.out[s] {
			in = append(in, s)
		}
	}
	if len(in) == 1 {
		g.toMove = in[0]
		g.win(in[0])
		return true
	}
	return false
}

// passOn gives the turn to the next seat in, with the passes of rule 9.
func (g *rref) passOn() {
	s := g.toMove
	for {
		for {
			s = (s + 1) % 4
			if !g.out[s] {
				break
			}
		}
		g.toMove = s
		if len(g.moves()) > 0 {
			return
		}
		g.penalty[s]++ // rule 9
		if g.rumas[s] > 0 {
			g.rumas[s]--
			g.penPits[s]++
		}
		if g.penalty[s] >= g.limit && g.putOut(s) { // rule 10
			return
		}
	}
}

func (g *rref) play(pocket int) {
	g.sow(pocket)
	g.ply++
	empty := true
	for _, n := range g.rows[g.toMove] {
		empty = empty && n == 0
	}
	if empty { // rule 8
		g.win(g.toMove)
		return
	}
	g.passOn()
}

func (g *rref) leave(seat int) {
	wasToMove := seat == g.toMove
	if g.putOut(seat) {
		return
	}
	if wasToMove {
		g.passOn()
	}
}

func (g *rref) compare(t *testing.T, p engine.Position, what string) {
	t.Helper()
	l := p.Rules().Layout()
	bad := p.Status() != g.status || p.Ply() != g.ply
	if g.status == engine.Ongoing {
		bad = bad || p.ToMove() != rrSeat[g.toMove]
	}
	for i, s := range rrSeat {
		for k := range 6 {
			bad = bad || p.Pit(s, k+1) != g.rows[i][k]
		}
		bad = bad || p.Store(s) != g.rumas[i] || p.Penalties(s) != g.penalty[i] || p.Out(s) != g.out[i]
		for c, ci := range l.Cells {
			if ci.Kind == engine.PenaltyCell && ci.Owner == s {
				bad = bad || p.Cell(engine.Cell(c)) != g.penPits[i]
			}
		}
	}
	var em []int
	for _, m := range p.Moves() {
		em = append(em, int(m.Pit))
	}
	if bad || !slices.Equal(em, g.moves()) {
		j, _ := p.MarshalJSON()
		t.Fatalf("%s: engine %s\nmoves %v\nreference %+v, moves %v", what, j, em, *g, g.moves())
	}
}

func TestReferenceRuma(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	games := 3000
	if testing.Short() {
		games = 300
	}
	ends, longest := map[string]int{}, 0
	for n := range games {
		players := []int{4, 2}[n%2]
		seeds := 2 + n/2%3
		limit := []int{0, 1, 2, 3}[n/6%4]
		opts := engine.Options{"players": fmt.Sprint(players), "seeds": fmt.Sprint(seeds), "penalty_limit": fmt.Sprint(limit)}
		if limit == 0 { // not given
			delete(opts, "penalty_limit")
			limit = 12
			if seeds == 2 {
				limit = 6
			}
		}
		p := engine.MustNew("ruma", opts).Start()
		g := rrNew(players, seeds, limit)
		g.compare(t, p, "start")
		for step := 0; p.Status() == engine.Ongoing; step++ {
			what := fmt.Sprintf("game %d %v step %d", n, opts, step)
			if step > 2000 { // rule 11: every game ends
				t.Fatalf("%s: the game goes on", what)
			}
			if rng.IntN(60) == 0 { // a seat leaves
				s := rng.IntN(4)
				q, _, err := p.Leave(rrSeat[s])
				if g.out[s] {
					if err == nil {
						t.Fatalf("%s: %s left twice", what, rrSeat[s])
					}
					continue
				}
				if err != nil {
					t.Fatalf("%s: leave %s: %v", what, rrSeat[s], err)
				}
				p = q
				g.leave(s)
				g.compare(t, p, what+" leave "+rrSeat[s].String())
				continue
			}
			ms := p.Moves()
			m := ms[rng.IntN(len(ms))]
			q, err := p.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			p = q
			g.play(int(m.Pit))
			g.compare(t, p, what+" move "+m.String())
		}
		ends[p.Status().String()+" "+p.EndReason().String()]++
		longest = max(longest, p.Ply())
	}
	t.Logf("%v; longest game %d plies", ends, longest)
}

func (g *rref) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range g.moves() {
		c := *g
		c.play(m)
		n += c.perft(depth - 1)
	}
	return n
}

func TestReferenceRumaPerft(t *testing.T) {
	for _, c := range []struct {
		players, seeds, limit, depth int
	}{{4, 4, 12, 5}, {2, 2, 6, 6}, {4, 3, 1, 6}} {
		opts := engine.Options{"players": fmt.Sprint(c.players), "seeds": fmt.Sprint(c.seeds), "penalty_limit": fmt.Sprint(c.limit)}
		p := engine.MustNew("ruma", opts).Start()
		for d := 1; d <= c.depth; d++ {
			if got, want := engine.Perft(p, d), rrNew(c.players, c.seeds, c.limit).perft(d); got != want {
				t.Errorf("%v depth %d: engine %d, reference %d", opts, d, got, want)
			}
		}
	}
}
