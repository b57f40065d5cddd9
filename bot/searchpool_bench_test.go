package bot_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// burner is an opponent that thinks flat out: it keeps a core busy until
// its context ends (as the strong levels do, which use all their time),
// then plays SimpleOpponent's quick move. It counts the searches running
// at once, and the work they do: the work a search of a given think time
// gets is its strength.
type burner struct {
	running, most atomic.Int64
	calls         atomic.Int64
	work          atomic.Int64  // rounds of 4096 steps computed, by all searches
	started       chan struct{} // gets a value at each search's start, when not full
}

func (*burner) Levels() []string              { return []string{"hard"} }
func (*burner) Offered(engine.Rules) []string { return []string{"hard"} }

func (o *burner) Move(ctx context.Context, g *engine.Game, _ string, seed int64) (bot.Choice, error) {
	n := o.running.Add(1)
	defer o.running.Add(-1)
	for m := o.most.Load(); n > m && !o.most.CompareAndSwap(m, n); m = o.most.Load() {
	}
	o.calls.Add(1)
	select {
	case o.started <- struct{}{}:
	default:
	}
	x := uint64(seed)
	for ctx.Err() == nil {
		for range 1 << 12 {
			x = x*6364136223846793005 + 1442695040888963407
		}
		o.work.Add(1)
	}
	_ = x
	return bot.SimpleOpponent{}.Move(context.Background(), g, "easy", seed)
}

// BenchmarkBystanderUnderSearchLoad: 40 chats play the bot flat out (each
// starts a game in which the bot moves first, waits for the bot's move,
// resigns, and starts again), while a bystander in another chat asks for
// /help. Every Handle call goes through 8 slots, as the Telegram adapter
// handles at most 8 updates at once, and gives its slot back while its
// search waits for a worker (bot.WithSlot), as the adapter does; the bot's moves that are not made
// within Handle come through Config.Deliver. It reports the bystander's
// latency (slot wait and Handle: p50 and max; one /help each time another
// search starts), the most searches that ran at once, the searches made
// and the work each got on average (its strength), and the most heap in use and goroutines seen. Run it with a fixed count:
// -benchtime=40x.
//
// users=4: 4 users play 10 chats each (one user with many chats, as in the
// attack); users=40: 40 users play one chat each.
func BenchmarkBystanderUnderSearchLoad(b *testing.B) {
	for _, users := range []int{4, 40} {
		b.Run(fmt.Sprintf("users=%d", users), func(b *testing.B) { benchBystander(b, users) })
	}
}

func benchBystander(b *testing.B, users int) {
	const chats, slots = 40, 8
	db, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	delivered := map[string]chan struct{}{}
	for i := range chats {
		delivered[fmt.Sprintf("chat%d", i)] = make(chan struct{}, 1)
	}
	opp := &burner{started: make(chan struct{}, chats)}
	bt := bot.New(bot.Config{Store: db, Opponent: opp, ThinkTime: 300 * time.Millisecond,
		Deliver: func(_ context.Context, o bot.Outgoing) {
			if o.Reply.Ack != nil {
				o.Reply.Ack()
			}
			select {
			case delivered[o.Channel] <- struct{}{}:
			default:
			}
		}})
	slot := make(chan struct{}, slots)
	handle := func(ctx context.Context, channel, user, text string) []bot.Reply {
		select {
		case slot <- struct{}{}:
		case <-ctx.Done():
			return nil
		}
		ctx, free := bot.WithSlot(ctx, func() { <-slot }) // as the Telegram adapter does
		defer free()
		return bt.Handle(ctx, bot.Request{Platform: "bench", Channel: channel, Text: text,
			User: bot.User{ID: user, Name: user}})
	}
	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for i := range chats {
		channel, user := fmt.Sprintf("chat%d", i), fmt.Sprintf("player%d", i%users)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				handle(ctx, channel, user, "/new kalah bot hard second")
				g, err := db.LiveGame(ctx, "bench", channel)
				if errors.Is(err, store.ErrNotFound) || ctx.Err() != nil {
					continue
				}
				if err != nil {
					b.Error(err)
					return
				}
				if len(g.Moves) == 0 { // the bot's move comes through Deliver
					select {
					case <-delivered[channel]:
					case <-ctx.Done():
						return
					}
				}
				handle(ctx, channel, user, "/resign")
			}
		}()
	}
	for range min(slots, 2*chats) { // the load is on: searches are running
		<-opp.started
	}
	help := bt.Handle(context.Background(), bot.Request{Platform: "bench", Channel: "bystander", Text: "/help",
		User: bot.User{ID: "by", Name: "by"}})
	var lat []time.Duration
	var heap, goroutines uint64
	i := 0
	for b.Loop() {
		<-opp.started // one more search has started: the load goes on
		t0 := time.Now()
		rs := handle(context.Background(), "bystander", fmt.Sprintf("by%d", i), "/help")
		lat = append(lat, time.Since(t0))
		if len(rs) != 1 || rs[0].Text != help[0].Text {
			b.Fatalf("bystander's /help: %s", describe(rs))
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		heap, goroutines = max(heap, ms.HeapInuse), max(goroutines, uint64(runtime.NumGoroutine()))
		i++
	}
	stop()
	wg.Wait()
	bt.Wait()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)-1].Microseconds())/1000, "max-ms")
	b.ReportMetric(float64(opp.most.Load()), "max-searches")
	b.ReportMetric(float64(opp.calls.Load()), "searches")
	b.ReportMetric(float64(opp.work.Load())*4096/1e6/float64(opp.calls.Load()), "Msteps/search")
	b.ReportMetric(float64(heap)/(1<<20), "max-heap-MB")
	b.ReportMetric(float64(goroutines), "max-goroutines")
}
