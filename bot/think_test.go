package bot_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
)

// greedyThinker thinks as long as it is let: each move waits for its
// context to end and returns the context's error, after recording the
// context's deadline. The bot then plays its quick move.
type greedyThinker struct {
	bot.SimpleOpponent
	mu        sync.Mutex
	deadlines []time.Time
}

func (o *greedyThinker) Move(ctx context.Context, _ *engine.Game, _ string, _ int64) (bot.Choice, error) {
	d, ok := ctx.Deadline()
	if !ok {
		return bot.Choice{}, errors.New("no deadline")
	}
	o.mu.Lock()
	o.deadlines = append(o.deadlines, d)
	o.mu.Unlock()
	<-ctx.Done()
	return bot.Choice{}, ctx.Err()
}

// take returns the deadlines recorded since the last call.
func (o *greedyThinker) take() []time.Time {
	o.mu.Lock()
	defer o.mu.Unlock()
	d := o.deadlines
	o.deadlines = nil
	return d
}

// TestChainSharesOneThinkTime: at a Ruma table with three bot seats, each
// of alice's moves is answered by a chain of the bot's moves, which share
// one think time (Config.ThinkTime) instead of getting one each. The
// opponent uses all the time it is given, and says so by failing with its
// context's error; the chain still ends, with legal quick moves once the
// time is spent. The first move may think until three quarters of the
// time, so that every deadline of the chain, which ends when the time is
// spent, is at most a quarter of it after the first deadline. (Each move
// had the whole think time before: the second move's deadline came a whole
// think time after the first's, and the chain failed.) The assertions
// compare deadlines only: they hold however slow the machine.
func TestChainSharesOneThinkTime(t *testing.T) {
	const think = 200 * time.Millisecond
	opp := &greedyThinker{}
	h := newHarness(t, opp)
	h.bot = bot.New(bot.Config{Store: h.db, Opponent: opp, ThinkTime: think})
	one(t, h.say("alice", "new ruma bot beginner seeds=2"))
	for turn := range 3 {
		g := h.live()
		if g == nil {
			t.Fatalf("turn %d: the game ended", turn)
		}
		opp.take()
		before := len(g.Moves)
		move := replay(t, g).Position().Moves()[0].String()
		if r := one(t, h.say("alice", move)); r.Private {
			t.Fatalf("turn %d: alice's move %s refused: %q", turn, move, r.Text)
		}
		after := h.live()
		if after == nil {
			break // the game ended; the chain was checked up to here
		}
		bots := 0
		for _, m := range after.Moves[before+1:] {
			if m.UserID == "" {
				bots++
			}
		}
		ds := opp.take()
		if bots < 2 {
			t.Fatalf("turn %d: %d bot moves; want a chain", turn, bots)
		}
		for i, d := range ds {
			if late := d.Sub(ds[0]); late > think/4 {
				t.Errorf("turn %d: move %d of the chain may think until %v after the first's deadline, more than a quarter of the think time %v",
					turn, i+1, late, think)
			}
		}
		t.Logf("turn %d: %d bot moves, the opponent asked for %d of them", turn, bots, len(ds))
	}
}
