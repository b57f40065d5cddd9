package terminal_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// emptySideGame finds a game of variant played with random legal moves
// from a seeded generator that ends with a side's pits empty and a winner,
// and returns its moves and the finished game.
func emptySideGame(t *testing.T, variant string) ([]engine.Move, *engine.Game) {
	t.Helper()
	return endedGame(t, variant, nil, engine.EndEmptySide)
}

// endedGame finds a game of variant under opts played with random legal
// moves from a seeded generator that ends for reason with a winner.
func endedGame(t *testing.T, variant string, opts engine.Options, reason engine.EndReason) ([]engine.Move, *engine.Game) {
	t.Helper()
	for seed := uint64(1); seed < 2000; seed++ {
		rng := rand.New(rand.NewPCG(seed, 24))
		g := engine.NewGame(engine.MustNew(variant, opts).Start())
		var moves []engine.Move
		for len(moves) < 300 && !g.Position().Status().Over() {
			ms := g.Position().Moves()
			m := ms[rng.IntN(len(ms))]
			if _, err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			moves = append(moves, m)
		}
		p := g.Position()
		if _, won := p.Status().Winner(); won && p.EndReason() == reason {
			return moves, g
		}
	}
	t.Fatalf("no random game of %s ends for %s", variant, reason)
	return nil, nil
}

// TestEndReasonNamesTheEmptySide: the end of a game that stopped because
// a side's pits ran out names the player whose pits are empty: in
// Ohojitxi that is the winner (who got rid of all the seeds), in Tshuba
// the loser (whose seeds the winner then takes). Both in English and in
// Russian, through the terminal chat between two people.
func TestEndReasonNamesTheEmptySide(t *testing.T) {
	for _, tc := range []struct {
		variant, locale string
		emptyIsWinner   bool
		win, why        string // with W the winner, E the empty side's player
	}{
		{"ohojitxi", "", true, "Game over: @W wins, ", "All of @E’s pits are empty."},
		{"ohojitxi", "ru", true, "Партия окончена: побеждает @W, счёт ", "У игрока @E опустели все лунки."},
		{"tshuba", "", false, "Game over: @W wins, ", "All of @E’s pits are empty."},
		{"tshuba", "pl", false, "Koniec partii: wygrywa @W, wynik ", "Wszystkie dołki gracza @E są puste."},
	} {
		t.Run(tc.variant+"/"+tc.locale, func(t *testing.T) {
			moves, g := emptySideGame(t, tc.variant)
			users := [2]string{"alice", "bob"}
			c, out := chat(t)
			c.Locale = tc.locale
			say(c, out, "alice> /new "+tc.variant+" @bob")
			say(c, out, "bob> /accept")
			replay := engine.NewGame(engine.MustNew(tc.variant, nil).Start())
			var last string
			for i, m := range moves {
				mover := users[replay.Position().ToMove()&1]
				if _, err := replay.Play(m); err != nil {
					t.Fatal(err)
				}
				last = say(c, out, mover+"> /move "+m.String())
				if strings.Contains(last, " only) ") {
					t.Fatalf("ply %d: %s's move %s refused:\n%s", i, mover, m, last)
				}
			}
			p := g.Position()
			w, _ := p.Status().Winner()
			empty := w
			if !tc.emptyIsWinner {
				empty = 1 - w
			}
			r := strings.NewReplacer("@W", "@"+users[w&1], "@E", "@"+users[empty&1])
			for _, want := range []string{r.Replace(tc.win), r.Replace(tc.why)} {
				if !strings.Contains(last, want) {
					t.Errorf("the end does not say %q:\n%s", want, last)
				}
			}
		})
	}
}

// TestEndWhenNeitherCanMove: Selus and Sulus (like Ayo-ayo with
// starve=false, whose random games end otherwise) end for want of moves only when neither player can move (one who cannot
// passes until then), so the end names nobody: "Neither player can move.",
// not "@x has no move left"; in English and in Danish.
func TestEndWhenNeitherCanMove(t *testing.T) {
	for _, tc := range []struct {
		variant, newArgs, locale, want string
		opts                           engine.Options
	}{
		{"selus", "", "", "Neither player can move.", nil},
		{"selus", "", "da", "Ingen af spillerne kan trække.", nil},
		{"sulus", "", "", "Neither player can move.", nil},
	} {
		t.Run(tc.variant+"/"+tc.locale, func(t *testing.T) {
			moves, _ := endedGame(t, tc.variant, tc.opts, engine.EndNoMoves)
			users := [2]string{"alice", "bob"}
			c, out := chat(t)
			c.Locale = tc.locale
			say(c, out, "alice> /new "+tc.variant+" @bob"+tc.newArgs)
			say(c, out, "bob> /accept")
			replay := engine.NewGame(engine.MustNew(tc.variant, tc.opts).Start())
			var last string
			for i, m := range moves {
				mover := users[replay.Position().ToMove()&1]
				if _, err := replay.Play(m); err != nil {
					t.Fatal(err)
				}
				last = say(c, out, mover+"> /move "+m.String())
				if strings.Contains(last, " only) ") {
					t.Fatalf("ply %d: %s's move %s refused:\n%s", i, mover, m, last)
				}
			}
			if !strings.Contains(last, tc.want) || strings.Contains(last, "has no move left") {
				t.Errorf("the end does not say %q:\n%s", tc.want, last)
			}
		})
	}
}

// TestBaoScoreCountsHands: Bao la Kiswahili has no stores; a game that
// ends in the namua stage, with seeds still in hand, scores each side's
// seeds on the board and in hand (64 in all), not the board's alone; in
// English and in Russian.
func TestBaoScoreCountsHands(t *testing.T) {
	var moves []engine.Move
	var g *engine.Game
	for seed := uint64(1); seed < 3000 && g == nil; seed++ {
		rng := rand.New(rand.NewPCG(seed, 24))
		h := engine.NewGame(engine.MustNew("bao", nil).Start())
		var ms []engine.Move
		for len(ms) < 400 && !h.Position().Status().Over() {
			legal := h.Position().Moves()
			m := legal[rng.IntN(len(legal))]
			if _, err := h.Play(m); err != nil {
				t.Fatal(err)
			}
			ms = append(ms, m)
		}
		p := h.Position()
		if _, won := p.Status().Winner(); won && p.Hand(engine.South)+p.Hand(engine.North) > 0 {
			moves, g = ms, h
		}
	}
	if g == nil {
		t.Fatal("no random game of bao ends with seeds in hand")
	}
	p := g.Position()
	w, _ := p.Status().Winner()
	seeds := func(s engine.Side) string { return strconv.Itoa(p.PitSeeds(s) + p.Hand(s)) }
	if n := p.PitSeeds(engine.South) + p.Hand(engine.South) + p.PitSeeds(engine.North) + p.Hand(engine.North); n != 64 {
		t.Fatalf("%d seeds in all", n)
	}
	for _, tc := range []struct{ locale, want string }{
		{"", "wins, " + seeds(w) + ":" + seeds(1-w) + "."},
		{"ru", "счёт " + seeds(w) + ":" + seeds(1-w) + "."},
	} {
		users := [2]string{"alice", "bob"}
		c, out := chat(t)
		c.Locale = tc.locale
		say(c, out, "alice> /new bao @bob")
		say(c, out, "bob> /accept")
		replay := engine.NewGame(engine.MustNew("bao", nil).Start())
		var last string
		for i, m := range moves {
			mover := users[replay.Position().ToMove()&1]
			if _, err := replay.Play(m); err != nil {
				t.Fatal(err)
			}
			last = say(c, out, mover+"> /move "+m.String())
			if strings.Contains(last, " only) ") {
				t.Fatalf("ply %d: %s's move %s refused:\n%s", i, mover, m, last)
			}
		}
		if !strings.Contains(last, tc.want) {
			t.Errorf("%s: the end does not say %q:\n%s", tc.locale, tc.want, last)
		}
	}
}
