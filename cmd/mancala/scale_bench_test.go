package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store/postgres/pgtest"
)

// scaleChannels are the numbers of channels, each played by its own
// goroutine, that BenchmarkScale keeps busy at once: one (the latency of a
// move alone) and many (throughput, and latency under load). Under -short,
// where CI runs every benchmark once, "many" is scaleChannelsShort.
var scaleChannels = []int{1, 64}

const scaleChannelsShort = 4

// BenchmarkScale is the throughput of bot processes on each store: button
// presses through bot.Handle (claim the event, parse, load, engine, commit
// with the owed board, render) and the board's Ack (the outbox's
// confirmation), from 1 and 64 concurrent channels, each with a game of
// Kalah going (a new one is started when one ends). Sub-benchmarks:
//
//   - channels=1|64: how many channels play at once;
//   - store=sqlite|postgres: the database opened as "mancala serve" opens it
//     (postgres needs MANCALA_TEST_POSTGRES, as the other PostgreSQL tests);
//   - procs=1|2|3 (postgres): that many bots, each with its own connection
//     pool, share the database, the channels spread over them as a
//     balancer would (in one OS process: the machine's cores are shared
//     either way);
//   - render=png: the real board renderer; render=stub: Config.Render returns
//     a fixed PNG, which shows the store's own ceiling.
//
// It reports moves/s (moves committed per second of wall time, with the
// starts of new games in that time) and the p50 and p99 latency of one move
// (one Handle call, the Ack apart), and calls/move: the Handle calls per move, above 1 by
// the presses refused on an extra turn (the player to move is guessed).
// b.N is the number of moves across all channels.
func BenchmarkScale(b *testing.B) {
	stub := stubPNG(b)
	renders := []struct {
		name string
		fn   func(engine.Position, render.Options) ([]byte, error)
	}{
		{"png", renderPNG},
		{"stub", func(engine.Position, render.Options) ([]byte, error) { return stub, nil }},
	}
	stores := []struct {
		name  string
		procs []int // how many bot processes share the database
		cfg   func(b *testing.B) Config
	}{
		{"sqlite", []int{1}, func(b *testing.B) Config {
			return Config{DatabasePath: filepath.Join(b.TempDir(), "scale.db")}
		}},
		{"postgres", []int{1, 2, 3}, func(b *testing.B) Config { return Config{DatabaseURL: pgtest.NewDatabase(b)} }},
	}
	channels := scaleChannels
	if testing.Short() {
		channels = []int{1, scaleChannelsShort}
	}
	for _, n := range channels {
		for _, st := range stores {
			for _, procs := range st.procs {
				for _, r := range renders {
					name := fmt.Sprintf("channels=%d/store=%s/render=%s", n, st.name, r.name)
					if st.name == "postgres" {
						name = fmt.Sprintf("channels=%d/store=%s/procs=%d/render=%s", n, st.name, procs, r.name)
					}
					b.Run(name, func(b *testing.B) {
						cfg := st.cfg(b)
						bots := make([]*bot.Bot, procs)
						for i := range bots {
							// Each "process" has its own connections (pool)
							// and its own name for the outbox's holds.
							db, err := cfg.openDatabase(context.Background())
							if err != nil {
								b.Fatal(err)
							}
							b.Cleanup(func() { db.Close() })
							bots[i] = bot.New(bot.Config{Store: db, Render: r.fn, Holder: fmt.Sprintf("bench-%d", i)})
						}
						scale(b, bots, n)
					})
				}
			}
		}
	}
}

// scale starts a game in each of n channels (untimed), then makes b.N moves
// across them from n goroutines and reports the throughput and latencies.
// The channels' requests go to the bots in turn, as a balancer would send
// them to several processes.
func scale(b *testing.B, bots []*bot.Bot, n int) {
	players := make([]*scalePlayer, n)
	for i := range players {
		players[i] = &scalePlayer{b: bots[i%len(bots)], channel: fmt.Sprintf("ch%d", i),
			users: [2]string{fmt.Sprintf("a%d", i), fmt.Sprintf("b%d", i)}}
		if err := players[i].start(); err != nil {
			b.Fatal(err)
		}
	}

	var (
		tickets atomic.Int64 // moves handed out
		wg      sync.WaitGroup
		mu      sync.Mutex
		lat     []time.Duration
		failed  atomic.Bool
	)
	b.ResetTimer()
	t0 := time.Now()
	for _, pl := range players {
		wg.Go(func() {
			var mine []time.Duration
			for tickets.Add(1) <= int64(b.N) && !failed.Load() {
				d, err := pl.move(len(mine))
				if err != nil {
					failed.Store(true)
					b.Error(err) // not Fatal: this is not the benchmark's goroutine
					return
				}
				mine = append(mine, d)
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	elapsed := time.Since(t0)
	b.StopTimer()
	if failed.Load() || len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	calls := 0
	for _, pl := range players {
		calls += pl.calls
	}
	b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "moves/s")
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(calls)/float64(len(lat)), "calls/move")
	b.ReportMetric(0, "ns/op") // per move across n goroutines, ns/op says little
}

// stubPNG is a small valid PNG, what the stubbed renderer returns.
func stubPNG(b *testing.B) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 8, 8))); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// scalePlayer keeps one channel's game going with two players of its own.
type scalePlayer struct {
	b       *bot.Bot
	channel string
	users   [2]string
	next    int      // the index of the user who presses first
	data    []string // the move buttons of the last board; none: start anew
	calls   int      // Handle calls made for moves, including refused presses
}

// scaleEvents numbers the requests' events, as a platform's update ids.
var scaleEvents atomic.Int64

// req handles one request as an adapter would: with an event id (claimed
// once), and the board's Ack (the outbox's confirmation) once "shown".
func (pl *scalePlayer) req(user, text, button string) []bot.Reply {
	rs := pl.b.Handle(context.Background(), bot.Request{
		Platform: "bench", Channel: pl.channel, Text: text, Button: button,
		User: bot.User{ID: user, Name: user}, EventID: fmt.Sprint(scaleEvents.Add(1)),
	})
	for _, r := range rs {
		if r.Ack != nil {
			r.Ack()
		}
	}
	return rs
}

// start challenges and accepts a game of Kalah.
func (pl *scalePlayer) start() error {
	pl.req(pl.users[0], "/new kalah @"+pl.users[1], "")
	rs := pl.req(pl.users[1], "/accept", "")
	if pl.data, pl.next = scaleButtons(rs), 0; len(pl.data) == 0 {
		return fmt.Errorf("%s: no move buttons after accepting: %s", pl.channel, scaleDescribe(rs))
	}
	return nil
}

// move makes one move (starting a new game first when the last one ended)
// and returns how long the move's Handle call took. Whose turn it is is
// guessed, not parsed: the player who did not move last presses first; on
// an extra turn that press gets a private answer (counted in calls) and the
// other player presses.
func (pl *scalePlayer) move(i int) (time.Duration, error) {
	if len(pl.data) == 0 {
		if err := pl.start(); err != nil {
			return 0, err
		}
	}
	var last []bot.Reply
	for k := range 2 {
		who := (pl.next + k) % 2
		t0 := time.Now()
		rs := pl.req(pl.users[who], "", pl.data[i%len(pl.data)])
		d := time.Since(t0)
		pl.calls++
		if len(rs) == 1 && !rs[0].Private {
			if rs[0].Board == nil || len(rs[0].Board.PNG) == 0 {
				return 0, fmt.Errorf("%s: move reply without a board image: %s", pl.channel, scaleDescribe(rs))
			}
			pl.data, pl.next = scaleButtons(rs), 1-who
			return d, nil
		}
		last = rs
	}
	return 0, fmt.Errorf("%s: neither player could move; the last answer: %s", pl.channel, scaleDescribe(last))
}

// scaleButtons returns the data of the replies' move buttons (m:...); none
// means the game is over.
func scaleButtons(rs []bot.Reply) []string {
	var out []string
	for _, r := range rs {
		if r.Board == nil {
			continue
		}
		for _, row := range r.Board.Buttons {
			for _, b := range row {
				if strings.HasPrefix(b.Data, "m:") {
					out = append(out, b.Data)
				}
			}
		}
	}
	return out
}

// scaleDescribe summarizes replies in one line, images by their size.
func scaleDescribe(rs []bot.Reply) string {
	var parts []string
	for _, r := range rs {
		text := []rune(strings.Join(strings.Fields(r.Text), " "))
		if len(text) > 80 {
			text = append(text[:80], '…')
		}
		s := fmt.Sprintf("{text %q private %v", string(text), r.Private)
		if r.Board != nil {
			s += fmt.Sprintf(" board PNG %d bytes", len(r.Board.PNG))
		}
		parts = append(parts, s+"}")
	}
	if len(parts) == 0 {
		return "no reply"
	}
	return strings.Join(parts, ", ")
}
