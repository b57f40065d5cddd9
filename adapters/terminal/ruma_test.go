package terminal_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/adapters/terminal"
	"github.com/mancala-bot/mancala/engine"
)

// rumaGame finds a game of Ruma for four (options opts) played with
// random legal moves from a seeded generator in which some seat is forced
// to pass and the game ends, and returns its moves.
func rumaGame(t *testing.T, opts engine.Options) []engine.Move {
	t.Helper()
	for seed := uint64(1); seed < 500; seed++ {
		rng := rand.New(rand.NewPCG(seed, 4))
		g := engine.NewGame(engine.MustNew("ruma", opts).Start())
		var moves []engine.Move
		passed := false
		for len(moves) < 400 && !g.Position().Status().Over() {
			ms := g.Position().Moves()
			m := ms[rng.IntN(len(ms))]
			ev, err := g.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			moves = append(moves, m)
			for _, e := range ev {
				passed = passed || e.Kind == engine.EventPenalty
			}
		}
		if passed && g.Position().Status().Over() {
			return moves
		}
	}
	t.Fatal("no random game with a forced pass")
	return nil
}

// say sends one line to the chat and returns what it printed.
func say(c *terminal.Chat, out *bytes.Buffer, line string) string {
	out.Reset()
	c.Line(context.Background(), line)
	return out.String()
}

// TestRumaForFourEndToEnd: a whole game of Ruma for four people in the
// terminal chat, from the challenge to the end: the three invited accept,
// a move out of turn and a stranger's press are refused and change
// nothing, every caption pings the player to move, a forced pass shows
// its penalty, the end names the winner with every seat's row, and the
// records count a win for the winner and a loss for the three others.
func TestRumaForFourEndToEnd(t *testing.T) {
	c, out := chat(t)
	users := map[engine.Side]string{engine.South: "alice", engine.East: "bob", engine.North: "carol", engine.West: "dave"}
	opts := engine.Options{"seeds": "2"}
	moves := rumaGame(t, opts)

	got := say(c, out, "alice> /new ruma @bob @carol @dave seeds=2")
	for _, want := range []string{"@alice opens a table of Ruma", "South @alice · East @bob (invited) · North @carol (invited) · West @dave (invited)",
		"[✔ Accept]", "[✖ Decline]"} {
		if !strings.Contains(got, want) {
			t.Fatalf("the challenge lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "Take a seat") {
		t.Errorf("a table without open seats offers one:\n%s", got)
	}
	if got := say(c, out, "erin> ✔"); !strings.Contains(got, "meant for another player") {
		t.Errorf("a stranger accepted:\n%s", got)
	}
	if got := say(c, out, "bob> ✔"); !strings.Contains(got, "@bob takes a seat.") || !strings.Contains(got, "East @bob ·") {
		t.Errorf("bob's accept:\n%s", got)
	}
	say(c, out, "carol> /accept")
	got = say(c, out, "dave> ✔")
	if !strings.Contains(got, "Everyone is seated: South @alice · East @bob · North @carol · West @dave.") ||
		!strings.Contains(got, "@alice to move.") {
		t.Fatalf("the game did not start:\n%s", got)
	}

	// Out of turn, and a stranger: refused, nothing changes.
	if got := say(c, out, "bob> 1"); !strings.Contains(got, "(to bob only) It’s not your turn: @alice is to move.") {
		t.Errorf("bob out of turn:\n%s", got)
	}
	if got := say(c, out, "erin> 2"); !strings.Contains(got, "(to erin only) You’re not playing in this game") {
		t.Errorf("a stranger's press:\n%s", got)
	}

	g := engine.NewGame(engine.MustNew("ruma", opts).Start())
	var passes int
	var last string
	for i, m := range moves {
		mover := users[g.Position().ToMove()]
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		last = say(c, out, mover+"> "+m.String())
		if strings.Contains(last, " only) ") {
			t.Fatalf("ply %d: %s's move %s refused:\n%s", i, mover, m, last)
		}
		if !strings.Contains(last, "@"+mover+" played pit "+m.String()+".") {
			t.Fatalf("ply %d: no move line:\n%s", i, last)
		}
		if p := g.Position(); !p.Status().Over() {
			if want := "@" + users[p.ToMove()] + " to move."; !strings.Contains(last, want) {
				t.Fatalf("ply %d: the caption does not ping %q:\n%s", i, want, last)
			}
		}
		if strings.Contains(last, "has no legal move and passes: penalty point") {
			passes++
		}
	}
	if passes == 0 {
		t.Errorf("no forced pass was shown")
	}
	p := g.Position()
	w, ok := p.Status().Winner()
	if !ok {
		t.Fatalf("the game ended without a winner: %v", p.Status())
	}
	winner := users[w]
	for _, want := range []string{"Game over: @" + winner + " wins.", "\nSouth, @alice", "\nEast, @bob",
		"\nNorth, @carol", "\nWest, @dave", ": row ", "penalty points ", "[↻ Rematch]"} {
		if !strings.Contains(last, want) {
			t.Errorf("the end lacks %q:\n%s", want, last)
		}
	}
	for _, u := range users {
		want := "@" + u + ": 0 wins, 1 loss, 0 draws."
		if u == winner {
			want = "@" + u + ": 1 win, 0 losses, 0 draws."
		}
		if got := say(c, out, u+"> /stats"); !strings.Contains(got, want) {
			t.Errorf("%s's stats: want %q in\n%s", u, want, got)
		}
	}
}

// TestRumaOpenSeats: "new ruma" without names leaves three open seats;
// anyone takes one with 🪑 or /join, nobody takes two, and the game starts
// when the table is full. One named player must accept, and may decline,
// which calls the game off.
func TestRumaOpenSeats(t *testing.T) {
	c, out := chat(t)
	got := say(c, out, "alice> /new ruma")
	for _, want := range []string{"East open seat · North open seat · West open seat", "[🪑 Take a seat]", "press 🪑 Take a seat or send /join"} {
		if !strings.Contains(got, want) {
			t.Fatalf("the open table lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "[✔ Accept]") {
		t.Errorf("nobody is invited, yet there is an accept button:\n%s", got)
	}
	if got := say(c, out, "alice> 🪑"); !strings.Contains(got, "(to alice only) That’s your own challenge") {
		t.Errorf("alice took a second seat:\n%s", got)
	}
	if got := say(c, out, "bob> 🪑"); !strings.Contains(got, "@bob takes a seat.") || !strings.Contains(got, "East @bob · North open seat") {
		t.Errorf("bob's seat:\n%s", got)
	}
	if got := say(c, out, "bob> /join"); !strings.Contains(got, "(to bob only) You already have a seat") {
		t.Errorf("bob took two seats:\n%s", got)
	}
	say(c, out, "carol> /join")
	got = say(c, out, "dave> 🪑")
	if !strings.Contains(got, "Everyone is seated: South @alice · East @bob · North @carol · West @dave.") ||
		!strings.Contains(got, "@alice to move.") || !strings.Contains(got, "buttons: [1]") {
		t.Fatalf("the game did not start:\n%s", got)
	}
	// A four-seat game has no draws nor undo; resigning leaves the seat.
	if got := say(c, out, "bob> /draw"); !strings.Contains(got, "no draws") {
		t.Errorf("draw at a table:\n%s", got)
	}
	if got := say(c, out, "alice> /undo"); !strings.Contains(got, "can’t be taken back") {
		t.Errorf("undo at a table:\n%s", got)
	}
	got = say(c, out, "carol> /resign")
	if !strings.Contains(got, "@carol leaves the game; the others play on.") || !strings.Contains(got, "@alice to move.") {
		t.Errorf("carol's resignation:\n%s", got)
	}
	if got := say(c, out, "carol> /resign"); !strings.Contains(got, "already out") {
		t.Errorf("carol resigned twice:\n%s", got)
	}
	say(c, out, "bob> /resign")
	got = say(c, out, "dave> /resign")
	if !strings.Contains(got, "Game over: @alice wins. Every other seat is out.") {
		t.Errorf("the last seat left does not win:\n%s", got)
	}

	// A named player declines: the game is off.
	say(c, out, "alice> /new ruma @bob")
	if got := say(c, out, "bob> ✖"); !strings.Contains(got, "@bob declined the challenge.") {
		t.Errorf("bob's decline:\n%s", got)
	}
	if got := say(c, out, "carol> /join"); !strings.Contains(got, "no game in this channel") {
		t.Errorf("the declined table is still open:\n%s", got)
	}
}

// TestRumaForTwo: "new ruma players=2 @bob" is a two-person challenge;
// bob holds East and West and moves at both.
func TestRumaForTwo(t *testing.T) {
	c, out := chat(t)
	got := say(c, out, "alice> /new ruma players=2 @bob")
	if !strings.Contains(got, "@alice challenges @bob to a game of Ruma") {
		t.Fatalf("the challenge:\n%s", got)
	}
	got = say(c, out, "bob> ✔")
	if !strings.Contains(got, "Challenge accepted! @alice moves first, @bob second.") {
		t.Fatalf("the accept:\n%s", got)
	}
	g := engine.NewGame(engine.MustNew("ruma", engine.Options{"players": "2"}).Start())
	holder := map[engine.Side]string{engine.South: "alice", engine.North: "alice", engine.East: "bob", engine.West: "bob"}
	for range 4 {
		p := g.Position()
		m := p.Moves()[0]
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		got = say(c, out, holder[p.ToMove()]+"> "+m.String())
		if strings.Contains(got, " only) ") {
			t.Fatalf("%s's move %s refused:\n%s", holder[p.ToMove()], m, got)
		}
	}
	got = say(c, out, "bob> /resign")
	if !strings.Contains(got, "Game over: @alice wins.") {
		t.Errorf("bob's resignation:\n%s", got)
	}
	if got := say(c, out, "alice> /stats"); !strings.Contains(got, "@alice: 1 win, 0 losses") {
		t.Errorf("alice's stats:\n%s", got)
	}
	if got := say(c, out, "bob> /stats"); !strings.Contains(got, "@bob: 0 wins, 1 loss") {
		t.Errorf("bob's stats:\n%s", got)
	}
}
