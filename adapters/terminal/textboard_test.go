package terminal_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// markedGame finds the start of a game of variant played with random legal
// moves from a seeded generator up to the first position with a mark of
// kind, and returns its moves and that position.
func markedGame(t *testing.T, variant string, kind engine.MarkKind) ([]engine.Move, engine.Position) {
	t.Helper()
	for seed := uint64(1); seed < 500; seed++ {
		rng := rand.New(rand.NewPCG(seed, 5))
		g := engine.NewGame(engine.MustNew(variant, nil).Start())
		var moves []engine.Move
		for len(moves) < 200 && !g.Position().Status().Over() {
			ms := g.Position().Moves()
			m := ms[rng.IntN(len(ms))]
			if _, err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			moves = append(moves, m)
			for _, mk := range g.Position().Marks() {
				if mk.Kind == kind && !g.Position().Status().Over() {
					return moves, g.Position()
				}
			}
		}
	}
	t.Fatalf("no random game of %s makes a %s", variant, kind)
	return nil, engine.Position{}
}

// playMoves plays moves between alice (South) and bob in a new game of
// variant and returns the last reply.
func playMoves(t *testing.T, locale, variant string, moves []engine.Move) string {
	t.Helper()
	c, out := chat(t)
	c.Locale = locale
	say(c, out, "alice> /new "+variant+" @bob")
	say(c, out, "bob> /accept")
	g := engine.NewGame(engine.MustNew(variant, nil).Start())
	users := [2]string{"alice", "bob"}
	var last string
	for i, m := range moves {
		mover := users[g.Position().ToMove()&1]
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		last = say(c, out, mover+"> /move "+m.String())
		if strings.Contains(last, " only) ") {
			t.Fatalf("ply %d: %s's move %s refused:\n%s", i, mover, m, last)
		}
	}
	return last
}

// TestTextBoard: the text board under a reply says whose turn it is only
// once (the reply says it), numbers every row's pits (Selus's middle row,
// Ohojitxi's upper rows), and shows in the reader's language what the
// drawing cannot: Togyz Kumalak's tuzdyks and Selus's traps with their
// owners, Nam Nam's round, Ruma's penalty points.
func TestTextBoard(t *testing.T) {
	t.Run("turn once", func(t *testing.T) {
		c, out := chat(t)
		say(c, out, "alice> /new kalah @bob")
		got := say(c, out, "bob> /accept")
		if n := strings.Count(got, "@alice to move"); n != 1 {
			t.Errorf("the turn is said %d times:\n%s", n, got)
		}
		if !strings.Contains(got, "\nKalah\n") {
			t.Errorf("the board has no title line:\n%s", got)
		}
	})
	t.Run("pit numbers", func(t *testing.T) {
		c, out := chat(t)
		say(c, out, "alice> /new selus @bob")
		if got := say(c, out, "bob> /accept"); !strings.Contains(got, "N7  N8  N9  S9  S8  S7") {
			t.Errorf("Selus's middle row is not numbered:\n%s", got)
		}
		say(c, out, "alice> /resign")
		say(c, out, "alice> /new ohojitxi @bob")
		got := say(c, out, "bob> /accept")
		for _, want := range []string{" N3  N6\n", " N4  N5\n", " S5  S4\n", " S6  S3\n"} {
			if !strings.Contains(got, want) {
				t.Errorf("Ohojitxi's rows: no %q in\n%s", want, got)
			}
		}
	})
	for _, tc := range []struct {
		variant, locale, head string
		kind                  engine.MarkKind
	}{
		{"togyz", "", "Tuzdyks: ", engine.MarkTuzdyk},
		{"togyz", "ru", "Туздыки: ", engine.MarkTuzdyk},
		{"selus", "", "Traps (wegue): ", engine.MarkTrap},
		{"selus", "pl", "Pułapki (wegue): ", engine.MarkTrap},
	} {
		t.Run(tc.variant+"/"+tc.locale, func(t *testing.T) {
			moves, p := markedGame(t, tc.variant, tc.kind)
			l := p.Rules().Layout()
			var parts []string
			for side, name := range []string{"@alice", "@bob"} {
				var pits []string
				for _, m := range p.Marks() {
					if m.Kind == tc.kind && int(m.Side) == side {
						ci := l.Cells[m.Cell]
						pits = append(pits, fmt.Sprintf("%s%d", strings.ToUpper(ci.Owner.String()[:1]), ci.Pit))
					}
				}
				if len(pits) > 0 {
					parts = append(parts, name+": "+strings.Join(pits, " "))
				}
			}
			want := tc.head + strings.Join(parts, " · ") + "\n"
			if got := playMoves(t, tc.locale, tc.variant, moves); !strings.Contains(got, want) {
				t.Errorf("want %q in\n%s", want, got)
			}
		})
	}
	t.Run("ruma penalties", func(t *testing.T) {
		c, out := chat(t)
		c.Locale = "pl"
		say(c, out, "alice> /new ruma @bob @carol @dave")
		say(c, out, "bob> /accept")
		say(c, out, "carol> /accept")
		got := say(c, out, "dave> /accept")
		if !strings.Contains(got, "Punkty karne: Południe 0 · Wschód 0 · Północ 0 · Zachód 0\n") || strings.Contains(got, "penalties") {
			t.Errorf("Ruma's penalty points:\n%s", got)
		}
	})
}

// TestTextBoardRound: Nam Nam's text board says the round and, between
// rounds, how many pits the leader still claims, in the reader's language
// (Russian here), never the engine's English "round 2, claims left".
func TestTextBoardRound(t *testing.T) {
	var moves []engine.Move
	var claims int
	var round int
	for seed := uint64(1); seed < 500 && moves == nil; seed++ {
		rng := rand.New(rand.NewPCG(seed, 5))
		g := engine.NewGame(engine.MustNew("namnam", nil).Start())
		var ms []engine.Move
		for len(ms) < 300 && !g.Position().Status().Over() {
			legal := g.Position().Moves()
			m := legal[rng.IntN(len(legal))]
			if _, err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			ms = append(ms, m)
			if x := g.Position().Extra(); x["phase"] == "claim" {
				moves, claims, round = ms, x["claims"].(int), g.Position().Round()
				break
			}
		}
	}
	if moves == nil {
		t.Fatal("no random game of namnam reaches a claim")
	}
	pits := map[int]string{1: "лунку", 2: "лунки", 3: "лунки", 4: "лунки", 5: "лунок"}[claims]
	want := fmt.Sprintf("Раунд %d, осталось занять %d %s\n", round, claims, pits)
	if got := playMoves(t, "ru", "namnam", moves); !strings.Contains(got, want) || strings.Contains(got, "claims left") {
		t.Errorf("want %q in\n%s", want, got)
	}
}
