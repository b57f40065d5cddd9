package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/store"
)

// TestRumaAgainstTheBot: "new ruma bot" seats the bot at East, North and
// West and starts at once; after each of alice's moves the bot plays its
// seats until alice is to move again or the game is over, and the game
// ends with a result by seat, the winning bot named with its seat.
func TestRumaAgainstTheBot(t *testing.T) {
	h := newHarness(t, nil)
	r := one(t, h.say("alice", "new ruma bot beginner seeds=2"))
	if r.Private || !strings.Contains(r.Text, "Everyone is seated: South @alice · East Bot · North Bot · West Bot.") {
		t.Fatalf("start: %+v", r)
	}
	g := h.live()
	if g == nil || g.Phase != store.PhasePlaying || len(g.Players) != 4 || g.Players[engine.East].Level != "beginner" {
		t.Fatalf("seats %+v", g)
	}
	for i := 0; i < 300 && h.live() != nil; i++ {
		rs := h.say("alice", "1")
		if one(t, rs).Private {
			// Pit 1 may be illegal: play the first legal move instead.
			g := h.live()
			lg := replay(t, g)
			rs = h.say("alice", lg.Position().Moves()[0].String())
			if one(t, rs).Private {
				t.Fatalf("alice's move refused: %q", rs[0].Text)
			}
		}
		r = rs[0]
		if g := h.live(); g != nil {
			if p := replay(t, g).Position(); p.ToMove() != engine.South {
				t.Fatalf("after the bot's moves %v is to move", p.ToMove())
			}
		}
	}
	last, err := h.db.LastGame(t.Context(), "test", "c1")
	if err != nil || last.Phase != store.PhaseOver {
		t.Fatalf("the game did not end: %+v, %v", last, err)
	}
	w := map[string]string{"south_won": "@alice", "east_won": "Bot (East)", "north_won": "Bot (North)", "west_won": "Bot (West)"}[last.Result]
	if w == "" || !strings.Contains(r.Text, "Game over: "+w+" wins.") {
		t.Errorf("result %q, final text %q", last.Result, r.Text)
	}
	rec, err := h.db.Record(t.Context(), "test", "alice")
	if err != nil || rec.Wins+rec.Losses != 1 {
		t.Errorf("alice's record %+v, %v", rec, err)
	}
}

// TestTableInvitations: names and the bot together, too many names, a
// name twice, and a seated player's decline calling the table off.
func TestTableInvitations(t *testing.T) {
	h := newHarness(t, nil)
	h.wantRefusal(h.say("alice", "new ruma @b @c @d @e"), "room for 3 more", nil)
	h.wantRefusal(h.say("alice", "new ruma @b @b"), "@b is named twice", nil)
	h.wantRefusal(h.say("alice", "new ruma @alice"), "challenge yourself", nil)
	h.wantRefusal(h.say("alice", "new kalah @b @c"), "Name one opponent", nil)

	r := one(t, h.say("alice", "new ruma @bob bot"))
	if !strings.Contains(r.Text, "East @bob (invited) · North Bot · West Bot") {
		t.Fatalf("challenge: %q", r.Text)
	}
	before := h.live()
	h.wantRefusal(h.press("carol", buttonFor(t, r, "✔")), "meant for another player", before)
	r = one(t, h.press("bob", buttonFor(t, r, "✔")))
	if !strings.Contains(r.Text, "Everyone is seated") || !strings.Contains(r.Text, "@alice to move.") {
		t.Fatalf("accept: %q", r.Text)
	}
	// A late /join is refused: every seat is taken.
	h.wantRefusal(h.say("carol", "/join"), "Every seat of the game here is taken", h.live())

	// Claims: bob idles; alice takes his seat out and the game goes on.
	h.say("alice", "1")
	h.advance(25 * time.Hour)
	g := h.live()
	if p := replay(t, g).Position(); p.ToMove() != engine.East {
		t.Fatalf("East is not to move: %v", p.ToMove())
	}
	r = one(t, h.say("alice", "/claim"))
	if !strings.Contains(r.Text, "@bob has not moved for too long and is out of the game.") {
		t.Errorf("claim: %q", r.Text)
	}
	if g := h.live(); g == nil || g.Moves[1].Move != "out:east" || g.Moves[1].UserID != "alice" {
		t.Errorf("after the claim: %+v", g)
	}
}

// TestTableRematch: a rematch of a table moves everyone one seat on and
// invites the people again.
func TestTableRematch(t *testing.T) {
	h := newHarness(t, nil)
	h.say("alice", "new ruma @bob @carol @dave")
	for _, u := range []string{"bob", "carol", "dave"} {
		h.say(u, "/accept")
	}
	for _, u := range []string{"bob", "carol", "dave"} {
		h.say(u, "/resign")
	}
	last, err := h.db.LastGame(t.Context(), "test", "c1")
	if err != nil || last.Result != "south_won" || last.Reason != "seat_out" {
		t.Fatalf("last game %+v, %v", last, err)
	}
	r := one(t, h.say("carol", "/rematch"))
	if !strings.Contains(r.Text, "South @bob (invited) · East @carol · North @dave (invited) · West @alice (invited)") {
		t.Errorf("rematch: %q", r.Text)
	}
}

// TestTableOnlyBotsLeft: when the last person leaves a table the bot
// plays, the game ends (won by the first seat still in) and counts as a
// loss for the person.
func TestTableOnlyBotsLeft(t *testing.T) {
	h := newHarness(t, nil)
	h.say("alice", "new ruma bot")
	r := one(t, h.say("alice", "/resign"))
	if !strings.Contains(r.Text, "@alice leaves the game") || !strings.Contains(r.Text, "Game over: Bot (East) wins. No person is left in the game.") {
		t.Errorf("resign: %q", r.Text)
	}
	if h.live() != nil {
		t.Fatal("the game goes on with bots only")
	}
	if rec, err := h.db.Record(t.Context(), "test", "alice"); err != nil || rec.Losses != 1 || rec.Wins != 0 {
		t.Errorf("alice's record %+v, %v", rec, err)
	}
}
