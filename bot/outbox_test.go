package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
)

// owed returns how many boards the outbox holds.
func (h *harness) owed() int {
	h.t.Helper()
	st, err := h.db.Outbox(context.Background())
	if err != nil {
		h.t.Fatal(err)
	}
	return st.Owed
}

// otherProcess is a second bot on the harness's database and clock, as
// another process would be.
func (h *harness) otherProcess(opp bot.Opponent) *bot.Bot {
	return bot.New(bot.Config{
		Store: h.db, Opponent: opp, Holder: "other",
		Now:         func() time.Time { h.mu.Lock(); defer h.mu.Unlock(); return h.now },
		NotifyAfter: time.Hour, ClaimAfter: 24 * time.Hour,
	})
}

// TestOutboxOwesUnshownMoves: every move is owed to its channel until the
// adapter confirms its board (Reply.Ack); a reply never confirmed (a crash,
// a stop, a refused send) is taken by another process once the hold
// expires, and goes out as the game's current board with what the moves
// did.
func TestOutboxOwesUnshownMoves(t *testing.T) {
	h := newHarness(t, nil)
	ctx := context.Background()
	one(t, h.say("alice", "/new kalah @bob"))
	if n := h.owed(); n != 0 {
		t.Fatalf("a challenge owes %d boards, want 0", n)
	}
	r := one(t, h.say("bob", "/accept"))
	if r.Ack == nil || h.owed() != 1 {
		t.Fatalf("the game's start: Ack set %v, %d owed; want an Ack and 1 owed", r.Ack != nil, h.owed())
	}
	r.Ack()
	if n := h.owed(); n != 0 {
		t.Fatalf("after the start's Ack: %d owed", n)
	}

	// Alice's move: its reply is lost (never acknowledged).
	lost := one(t, h.say("alice", "1"))
	if lost.Ack == nil || h.owed() != 1 {
		t.Fatalf("a move: Ack set %v, %d owed; want an Ack and 1 owed", lost.Ack != nil, h.owed())
	}
	other := h.otherProcess(nil)
	if out := other.Owed(ctx); len(out) != 0 {
		t.Fatalf("another process took a board still held by its maker: %+v", out)
	}
	h.advance(31 * time.Second) // the hold (30 s) expired
	out := other.Owed(ctx)
	if len(out) != 1 {
		t.Fatalf("after the hold: %d owed messages, want 1", len(out))
	}
	o := out[0]
	g := h.live()
	if o.Platform != "test" || o.Channel != "c1" || o.Reply.Board == nil || o.Reply.Board.Version != g.Version ||
		o.Reply.Ack == nil || o.Reply.Private {
		t.Fatalf("owed message %+v, want the current board (version %d) of test/c1 with an Ack", o, g.Version)
	}
	moveLine, _, _ := strings.Cut(lost.Text, "\n")
	if !strings.HasPrefix(o.Reply.Text, moveLine) || !strings.Contains(o.Reply.Text, "@bob") {
		t.Errorf("owed text %q, want the move's line %q and whose turn it is", o.Reply.Text, moveLine)
	}
	if len(labels(o.Reply)) == 0 || labels(o.Reply)[0] != labels(lost)[0] {
		t.Errorf("owed buttons %v, want the lost reply's %v", labels(o.Reply), labels(lost))
	}
	// Held by the other process now: nobody else takes it.
	if again := h.bot.Owed(ctx); len(again) != 0 {
		t.Errorf("a board held by another process was taken again: %+v", again)
	}
	o.Reply.Ack()
	if n := h.owed(); n != 0 {
		t.Fatalf("after the owed board's Ack: %d owed", n)
	}
	h.advance(time.Hour)
	if again := other.Owed(ctx); len(again) != 0 {
		t.Errorf("a confirmed board was owed again: %+v", again)
	}

	// Two moves unshown, then a newer board shown: it confirms both.
	one(t, h.say("bob", "1"))
	one(t, h.say("alice", "3"))
	if n := h.owed(); n != 2 {
		t.Fatalf("two unshown moves: %d owed", n)
	}
	last := one(t, h.say("bob", "2"))
	last.Ack()
	if n := h.owed(); n != 0 {
		t.Errorf("a newer board shown: %d still owed", n)
	}

	// Refusals and offers owe nothing.
	h.wantRefusal(h.say("carol", "1"), "", h.live())
	one(t, h.say("alice", "/draw"))
	if n := h.owed(); n != 0 {
		t.Errorf("a refusal and a draw offer owe %d boards", n)
	}
	// The game's end is owed too, with the result.
	end := one(t, h.say("bob", "/resign"))
	if end.Ack == nil || h.owed() != 1 {
		t.Fatalf("a resignation: Ack set %v, %d owed", end.Ack != nil, h.owed())
	}
}

// TestOutboxBotMovesAndUndo: a move against the bot owes the player's move
// and the bot's answer; an owed message lists both, in order. An undo is
// owed with its own line.
func TestOutboxBotMovesAndUndo(t *testing.T) {
	h := newHarness(t, firstMove{})
	ctx := context.Background()
	one(t, h.say("alice", "/new kalah bot two")) // a new game: nothing played, nothing owed
	r := one(t, h.say("alice", "1"))
	if n := h.owed(); n != 2 {
		t.Fatalf("a move and the bot's answer: %d owed, want 2", n)
	}
	h.advance(time.Minute)
	out := h.otherProcess(firstMove{}).Owed(ctx)
	if len(out) != 1 {
		t.Fatalf("%d owed messages, want 1 for the game", len(out))
	}
	lines := strings.Split(out[0].Reply.Text, "\n")
	want := strings.Split(r.Text, "\n")
	if len(lines) < 3 || lines[0] != want[0] || lines[1] != want[1] {
		t.Errorf("owed text %q, want the player's and the bot's lines of %q", out[0].Reply.Text, r.Text)
	}
	out[0].Reply.Ack()

	u := one(t, h.say("alice", "/undo"))
	if n := h.owed(); n != 1 {
		t.Fatalf("an undo: %d owed", n)
	}
	h.advance(time.Minute)
	out = h.bot.Owed(ctx)
	if len(out) != 1 {
		t.Fatalf("%d owed messages after the undo", len(out))
	}
	undoLine, _, _ := strings.Cut(u.Text, "\n")
	if !strings.HasPrefix(out[0].Reply.Text, undoLine) {
		t.Errorf("owed undo %q, want it to begin %q", out[0].Reply.Text, undoLine)
	}
}

// TestOutboxDamagedGame: deliveries of a game that cannot be shown any more
// (its row damaged) are dropped, not retried for ever.
func TestOutboxDamagedGame(t *testing.T) {
	h := newHarness(t, nil)
	ctx := context.Background()
	one(t, h.say("alice", "/new kalah @bob"))
	one(t, h.say("bob", "/accept")) // unshown
	g := h.live()
	g.Variant = "no-such-game" // as a row written by a future version
	if err := h.db.UpdateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	h.advance(time.Minute)
	if out := h.bot.Owed(ctx); len(out) != 0 {
		t.Fatalf("a damaged game's board: %+v", out)
	}
	if n := h.owed(); n != 0 {
		t.Errorf("a damaged game still owes %d boards", n)
	}
}
