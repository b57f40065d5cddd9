package puzzle

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
)

// solutions lists every sequence of pits that clears a solitaire, by brute
// force through the engine.
func solutions(p engine.Position) [][]string {
	if p.Status() == engine.Solved {
		return [][]string{{}}
	}
	var out [][]string
	for _, m := range p.Moves() {
		q, _ := p.Play(m)
		if q.Status() == engine.Failed {
			continue
		}
		for _, s := range solutions(q) {
			out = append(out, append([]string{m.String()}, s...))
		}
	}
	return out
}

// failing returns a legal first move that loses at once.
func failing(p engine.Position) string {
	for _, m := range p.Moves() {
		if q, _ := p.Play(m); q.Status() == engine.Failed {
			return m.String()
		}
	}
	return ""
}

// emptyPit returns a pit of the side to move with no seeds ("" if none).
func emptyPit(p engine.Position) string {
	for i := 1; i <= p.Rules().Layout().Pits; i++ {
		if p.Pit(p.ToMove(), i) == 0 {
			return strconv.Itoa(i)
		}
	}
	return ""
}

type checkCase struct {
	name   string
	answer []string
	kind   string // "" for a right answer
	index  int
	msg    string // a part of the message
}

func runChecks(t *testing.T, p Puzzle, cases []checkCase) {
	t.Helper()
	for _, c := range cases {
		err := p.CheckText(c.answer)
		if c.kind == "" {
			if err != nil {
				t.Errorf("%s: %s %q: %v", p.ID, c.name, c.answer, err)
			}
			continue
		}
		var ce *CheckError
		if !errors.As(err, &ce) {
			t.Errorf("%s: %s %q: error %v, want a %s CheckError", p.ID, c.name, c.answer, err, c.kind)
			continue
		}
		if ce.Kind != c.kind || ce.Index != c.index || !strings.Contains(ce.Error(), c.msg) || strings.Contains(ce.Error(), "\n") {
			t.Errorf("%s: %s %q: %s at %d %q; want %s at %d containing %q", p.ID, c.name, c.answer, ce.Kind, ce.Index, ce.Error(), c.kind, c.index, c.msg)
		}
	}
}

func TestCheckSolitaire(t *testing.T) {
	// The classic start, four pits of two: a hand-made puzzle.
	start := engine.MustNew("tchuka", nil).Start()
	sols := solutions(start)
	if len(sols) == 0 {
		t.Fatal("the classic Tchuka Ruma start has no solution")
	}
	p := Puzzle{ID: "classic", Kind: Solitaire, Variant: "tchuka", Position: start, Answer: sols[0]}
	sol := sols[0]
	cases := []checkCase{
		{"right", sol, "", 0, ""},
		{"right, one string", []string{strings.Join(sol, " ")}, "", 0, ""},
		{"right, commas", []string{strings.Join(sol, ",")}, "", 0, ""},
		{"wrong first move", []string{failing(start)}, Wrong, 1, "ends in an empty pit"},
		{"illegal: no such pit", []string{"5"}, Illegal, 1, "there is no pit 5"},
		{"illegal: a direction", []string{"1L"}, Illegal, 1, "no sowing direction"},
		{"not finished", sol[:len(sol)-1], Unfinished, 0, "seeds are still in the pits"},
		{"nothing", nil, Unfinished, 0, "no move given"},
		{"too many", append(slices.Clone(sol), "1"), TooMany, len(sol) + 1, "the board is clear"},
		{"malformed", []string{sol[0], "x"}, Malformed, 2, `"x" is not a move`},
		{"malformed: pit 0", []string{"0"}, Malformed, 1, "not a pit number"},
		{"malformed: negative", []string{"-1"}, Malformed, 1, "not a move"},
	}
	// An empty pit after the first move.
	q, _ := start.Play(engine.Move{Pit: uint8(mustAtoi(sol[0]))})
	if e := emptyPit(q); e != "" && q.Status() == engine.Ongoing {
		cases = append(cases, checkCase{"illegal: empty pit", []string{sol[0], e}, Illegal, 2, "pit " + e + " is empty"})
	}
	runChecks(t, p, cases)
	// Every other solution counts too.
	for _, s := range sols {
		if err := p.CheckText(s); err != nil {
			t.Errorf("solution %v: %v", s, err)
		}
	}

	// A generated puzzle: every solution found by brute force is accepted.
	mon := mustForDate(t, day("2026-11-16"))
	all := solutions(mon.Position)
	if len(all) == 0 || !slices.ContainsFunc(all, func(s []string) bool { return slices.Equal(s, mon.Answer) }) {
		t.Fatalf("%s: answer %v not among the %d solutions", mon.ID, mon.Answer, len(all))
	}
	for _, s := range all {
		if err := mon.CheckText(s); err != nil {
			t.Errorf("%s: solution %v: %v", mon.ID, s, err)
		}
	}
	runChecks(t, mon, []checkCase{
		{"prefix", mon.Answer[:2], Unfinished, 0, "not finished"},
		{"wrong", []string{failing(mon.Position)}, Wrong, 1, "wrong"},
	})
}

func mustAtoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		panic(err)
	}
	return n
}

// findPuzzle returns the first puzzle from 2026-11-16 on that ok accepts.
func findPuzzle(t *testing.T, ok func(Puzzle) bool) Puzzle {
	t.Helper()
	d := day("2026-11-16")
	for range 120 {
		if wd := d.Weekday(); wd != time.Monday && wd != time.Saturday {
			if p := mustForDate(t, d); ok(p) {
				return p
			}
		}
		d = d.AddDate(0, 0, 1)
	}
	t.Fatal("no such puzzle in 120 days")
	return Puzzle{}
}

// otherMove returns a legal move of p other than m.
func otherMove(p engine.Position, m string) string {
	for _, x := range p.Moves() {
		if x.String() != m {
			return x.String()
		}
	}
	return ""
}

func TestCheckBestMove(t *testing.T) {
	// A whole turn: the answer earns an extra turn.
	turn := findPuzzle(t, func(p Puzzle) bool { return len(p.Answer) >= 2 })
	a := turn.Answer
	after, _ := turn.Position.Play(turn.Moves()[0])
	side := strings.ToUpper(turn.Position.ToMove().String()[:1]) + turn.Position.ToMove().String()[1:]
	cases := []checkCase{
		{"right", a, "", 0, ""},
		{"right, one string", []string{strings.Join(a, " ")}, "", 0, ""},
		{"first move only", a[:1], Unfinished, 0, side + " moves again after " + a[0]},
		{"wrong first move", []string{otherMove(turn.Position, a[0])}, Wrong, 1, "is not the move that does it"},
		{"too many", append(slices.Clone(a), "1"), TooMany, len(a) + 1, "turn is over after"},
		{"malformed", []string{a[0], "three"}, Malformed, 2, "not a move"},
		{"nothing", []string{""}, Unfinished, 0, "no move given"},
	}
	if o := otherMove(after, a[1]); o != "" {
		cases = append(cases, checkCase{"wrong second move", []string{a[0], o}, Wrong, 2, "is not the best way to go on"})
	}
	if e := emptyPit(turn.Position); e != "" {
		cases = append(cases, checkCase{"illegal: empty pit", []string{e}, Illegal, 1, "pit " + e + " is empty"})
	}
	cases = append(cases, checkCase{"illegal: no such pit", []string{"9"}, Illegal, 1, "there is no pit 9"})
	runChecks(t, turn, cases)

	// A single move: every other legal move is wrong.
	single := findPuzzle(t, func(p Puzzle) bool { return len(p.Answer) == 1 && p.GoalKey != GoalForcedWin })
	for _, m := range single.Position.Moves() {
		err := single.Check([]engine.Move{m})
		if (err == nil) != (m.String() == single.Answer[0]) {
			t.Errorf("%s: move %s: %v (answer %v)", single.ID, m, err, single.Answer)
		}
	}

	// A forced win: one move, nothing more.
	fw := findPuzzle(t, func(p Puzzle) bool { return p.GoalKey == GoalForcedWin && p.GoalArgs["n"].(int) >= 2 })
	runChecks(t, fw, []checkCase{
		{"right", fw.Answer, "", 0, ""},
		{"wrong", []string{otherMove(fw.Position, fw.Answer[0])}, Wrong, 1, "wrong"},
		{"too many", []string{fw.Answer[0], "1"}, TooMany, 2, "too many moves"},
		{"malformed", []string{"1.5"}, Malformed, 1, "not a move"},
	})

	// No puzzle at all.
	if err := (Puzzle{}).Check([]engine.Move{{Pit: 1}}); err == nil {
		t.Error("the zero Puzzle accepts an answer")
	}
}
