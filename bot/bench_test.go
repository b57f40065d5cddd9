package bot_test

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store/sqlite"
)

func renderPNG(p engine.Position, o render.Options) ([]byte, error) {
	var b bytes.Buffer
	err := render.PNG(&b, p, o)
	return b.Bytes(), err
}

// player keeps one channel's game going: it knows whose turn it is from the
// replies and starts a new game when one ends.
type player struct {
	b       *bot.Bot
	channel string
	data    []string // the buttons of the last board
	started bool
}

func (pl *player) req(user, text, button string) []bot.Reply {
	return pl.b.Handle(context.Background(), bot.Request{
		Platform: "bench", Channel: pl.channel, Text: text, Button: button,
		User: bot.User{ID: user, Name: user},
	})
}

// move makes one move (starting a game first when needed) and reports how
// long the move's Handle call took. The error describes the reply in a line,
// never with its image bytes.
func (pl *player) move(i int) (time.Duration, error) {
	if !pl.started || len(pl.data) == 0 {
		pl.req("alice", "/new kalah @bob", "")
		rs := pl.req("bob", "/accept", "")
		pl.data, pl.started = moveButtons(rs), true
		if len(pl.data) == 0 {
			return 0, fmt.Errorf("%s: no move buttons after accepting: %s", pl.channel, describe(rs))
		}
	}
	var last []bot.Reply
	for _, user := range []string{"alice", "bob"} {
		t0 := time.Now()
		rs := pl.req(user, "", pl.data[i%len(pl.data)])
		d := time.Since(t0)
		if len(rs) == 1 && !rs[0].Private {
			if rs[0].Board == nil || len(rs[0].Board.PNG) == 0 {
				return 0, fmt.Errorf("%s: move reply without a board image: %s", pl.channel, describe(rs))
			}
			pl.data = moveButtons(rs)
			return d, nil
		}
		last = rs
	}
	return 0, fmt.Errorf("%s: neither player could move; the last answer: %s", pl.channel, describe(last))
}

// moveButtons returns the data of the move buttons (m:...) of the replies'
// boards: not the replay (▶), rematch (↻) or claim buttons, which make no
// move. No move buttons means the game is over.
func moveButtons(rs []bot.Reply) []string {
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

// describe summarizes replies in one line: their text (shortened), and the
// sizes of images instead of their bytes.
func describe(rs []bot.Reply) string {
	var parts []string
	for _, r := range rs {
		text := []rune(strings.Join(strings.Fields(r.Text), " "))
		if len(text) > 80 {
			text = append(text[:80], '…')
		}
		s := fmt.Sprintf("{text %q private %v", string(text), r.Private)
		if r.Board != nil {
			s += fmt.Sprintf(" board PNG %d bytes, %d button rows", len(r.Board.PNG), len(r.Board.Buttons))
		}
		if len(r.Animation) > 0 {
			s += fmt.Sprintf(" animation %d bytes", len(r.Animation))
		}
		parts = append(parts, s+"}")
	}
	if len(parts) == 0 {
		return "no reply"
	}
	return strings.Join(parts, ", ")
}

func benchBot(b *testing.B) *bot.Bot {
	db, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return bot.New(bot.Config{Store: db, Render: renderPNG})
}

// BenchmarkMove is one button press through the whole bot: parse, replay,
// engine, commit (SQLite, synchronous=FULL), render and encode the board.
// It reports the p50 and p99 latency of the presses.
func BenchmarkMove(b *testing.B) {
	pl := &player{b: benchBot(b), channel: "c"}
	var lat []time.Duration
	i := 0
	for b.Loop() {
		d, err := pl.move(i)
		if err != nil {
			b.Fatal(err)
		}
		lat = append(lat, d)
		i++
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkMovesAcrossChannels keeps games going in 64 channels from
// parallel goroutines and reports the sustained moves per second.
func BenchmarkMovesAcrossChannels(b *testing.B) {
	bt := benchBot(b)
	var next atomic.Int64
	t0 := time.Now()
	var moves atomic.Int64
	b.SetParallelism(32) // 32 x GOMAXPROCS goroutines, a channel each
	b.RunParallel(func(pb *testing.PB) {
		pl := &player{b: bt, channel: fmt.Sprintf("ch%d", next.Add(1))}
		i := 0
		for pb.Next() {
			if _, err := pl.move(i); err != nil {
				b.Error(err) // not Fatal: this is not the benchmark's goroutine
				return
			}
			moves.Add(1)
			i++
		}
	})
	b.ReportMetric(float64(moves.Load())/time.Since(t0).Seconds(), "moves/s")
}
