package bot_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
)

// gatedOpponent plays its first legal move, once let: each search says it
// started (on started, with its context's deadline) and waits for release
// to be closed.
type gatedOpponent struct {
	firstMove
	started chan time.Time
	release chan struct{}
}

func (o gatedOpponent) Move(ctx context.Context, g *engine.Game, level string, seed int64) (bot.Choice, error) {
	d, _ := ctx.Deadline()
	o.started <- d
	<-o.release
	return o.firstMove.Move(ctx, g, level, seed)
}

// TestBotMoveWaitsOffTheRequest: one search worker, held by the bot's
// opening search in alice's game in channel "busy". In c1, alice's move
// leaves the bot to move: alice already has a search running, so Handle
// answers at once, privately, that the bot's move follows, freeing the
// platform's slot, and a bystander's /help in another channel is answered
// meanwhile. Once the worker is free, the bot's move is made and its board
// sent through Deliver, the same board as an answer within the request
// (alice's move, the bot's, whose turn), with its Ack. Its think time counts from when it got the worker, not from
// alice's request: its deadline is at least three quarters of the think
// time (thinkShare) after the worker was released.
func TestBotMoveWaitsOffTheRequest(t *testing.T) {
	const think = time.Hour
	opp := gatedOpponent{started: make(chan time.Time, 4), release: make(chan struct{})}
	delivered := make(chan bot.Outgoing, 4)
	h := newHarnessWith(t, opp, func(c *bot.Config) {
		c.ThinkTime, c.SearchWorkers = think, 1
		c.Deliver = func(_ context.Context, o bot.Outgoing) { delivered <- o }
	})
	in := func(channel, user, text string) []bot.Reply {
		return h.bot.Handle(context.Background(), bot.Request{Platform: "test", Channel: channel, Text: text,
			User: bot.User{ID: user, Name: user, Mention: "@" + user}})
	}
	one(t, in("c1", "alice", "/new kalah bot one"))
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the bot opens in "busy", holding the worker
		defer wg.Done()
		in("busy", "alice", "/new kalah bot one second")
	}()
	<-opp.started
	r := one(t, in("c1", "alice", "1"))
	want := "The bot is busy with other games: its move follows in a moment, with the board."
	if !r.Private || r.Board != nil || r.Text != want {
		t.Errorf("alice's move while her other search holds the worker: %q, want %q (%+v)", r.Text, want, r)
	}
	if g := h.live(); len(g.Moves) != 1 {
		t.Errorf("the bot moved within alice's request: %+v", g.Moves)
	}
	if help := one(t, in("c2", "dave", "/help")); help.Private || help.Text == "" {
		t.Errorf("bystander's /help: %+v", help)
	}
	released := time.Now()
	close(opp.release)
	wg.Wait()
	if deadline := <-opp.started; deadline.Before(released.Add(think * 3 / 4)) {
		t.Errorf("the bot's move may think until %v after the worker was free, want at least %v",
			deadline.Sub(released), think*3/4)
	}
	o := <-delivered
	h.bot.Wait()
	if o.Platform != "test" || o.Channel != "c1" || o.Reply.Board == nil || o.Reply.Ack == nil {
		t.Fatalf("the bot's move delivered as %+v", o)
	}
	if want := "@alice played pit 1.\nBot played pit 1.\n@alice to move."; o.Reply.Text != want {
		t.Errorf("the bot's move: %q, want %q", o.Reply.Text, want)
	}
	if g := h.live(); len(g.Moves) != 2 || g.Moves[1].UserID != "" {
		t.Errorf("moves after the bot's %+v", g.Moves)
	}
	o.Reply.Ack()
}

// TestWaitingSearchGivesBackItsSlot: a request whose search has to wait
// for a worker gives back the adapter's handling slot it came with
// (bot.WithSlot) while it waits, and keeps waiting for its answer; a
// request that waits for no worker keeps its slot to the end.
func TestWaitingSearchGivesBackItsSlot(t *testing.T) {
	opp := gatedOpponent{started: make(chan time.Time, 4), release: make(chan struct{})}
	h := newHarnessWith(t, opp, func(c *bot.Config) { c.ThinkTime, c.SearchWorkers = time.Hour, 1 })
	in := func(ctx context.Context, channel, user, text string) []bot.Reply {
		return h.bot.Handle(ctx, bot.Request{Platform: "test", Channel: channel, Text: text,
			User: bot.User{ID: user, Name: user, Mention: "@" + user}})
	}
	// A cheap request: the slot is given back by the adapter, not the bot.
	helpFreed := 0
	ctx, done := bot.WithSlot(context.Background(), func() { helpFreed++ })
	one(t, in(ctx, "c2", "dave", "/help"))
	if helpFreed != 0 {
		t.Errorf("/help gave its slot back %d times within Handle, want 0", helpFreed)
	}
	done()
	done()
	if helpFreed != 1 {
		t.Errorf("the adapter's release after /help ran %d times, want 1", helpFreed)
	}

	var wg sync.WaitGroup
	wg.Add(2)
	go func() { // alice's bot game holds the only worker
		defer wg.Done()
		in(context.Background(), "busy", "alice", "/new kalah bot one second")
	}()
	<-opp.started
	freed := make(chan struct{})
	var bobs []bot.Reply
	go func() { // bob's bot opens too, and has to wait for the worker
		defer wg.Done()
		ctx, done := bot.WithSlot(context.Background(), func() { close(freed) })
		defer done()
		bobs = in(ctx, "c3", "bob", "/new kalah bot one second")
	}()
	<-freed // bob's request gave its slot back while it waits
	close(opp.release)
	wg.Wait()
	h.bot.Wait()
	if len(bobs) != 1 || bobs[0].Board == nil || !strings.Contains(bobs[0].Text, "Bot played pit") {
		t.Errorf("bob's request, once a worker was free: %s", describe(bobs))
	}
}
