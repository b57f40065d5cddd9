package bot_test

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// recorder is a bot.Metrics that keeps what it is told.
type recorder struct {
	mu       sync.Mutex
	moves    []recordedMove
	rendered map[string]int
	failed   map[string]int
	// deduplicated lists the platforms of the requests dropped.
	deduplicated []string
}

type recordedMove struct {
	platform string
	byBot    bool
	d        time.Duration
}

func (r *recorder) MoveCommitted(platform string, byBot bool, d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.moves = append(r.moves, recordedMove{platform, byBot, d})
}

func (r *recorder) Deduplicated(platform string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.deduplicated = append(r.deduplicated, platform)
}

func (r *recorder) Rendered(kind string, _ time.Duration, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err != nil {
		r.failed[kind]++
		return
	}
	r.rendered[kind]++
}

// TestMetricsHooks: every committed move is reported once, by mover, timed
// from Request.Received; the reply showing it carries its commit time;
// images are reported by kind, failures apart.
func TestMetricsHooks(t *testing.T) {
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rec := &recorder{rendered: map[string]int{}, failed: map[string]int{}}
	failRender := false
	b := bot.New(bot.Config{
		Store: db, Metrics: rec,
		Render: func(p engine.Position, o render.Options) ([]byte, error) {
			if failRender {
				return nil, errors.New("no ink")
			}
			return []byte("png"), nil
		},
	})
	// The request arrived an hour ago (it waited in a queue): the
	// latency counts from then.
	arrived := time.Now().Add(-time.Hour)
	say := func(text string) []bot.Reply {
		return b.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c", Text: text,
			User: bot.User{ID: "alice", Name: "alice"}, Received: arrived})
	}
	rs := say("/new kalah bot second") // the bot moves first
	if len(rs) != 1 || rs[0].Board == nil || rs[0].Committed.IsZero() {
		t.Fatalf("new game: %+v", rs)
	}
	g, err := db.LiveGame(context.Background(), "test", "c")
	if err != nil {
		t.Fatal(err)
	}
	first := len(g.Moves)
	if len(rec.moves) != first {
		t.Fatalf("%d moves reported, %d played", len(rec.moves), first)
	}
	rs = b.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c", Button: rs[0].Board.Buttons[0][0].Data,
		User: bot.User{ID: "alice", Name: "alice"}, Received: arrived})
	if len(rs) != 1 || rs[0].Committed.IsZero() {
		t.Fatalf("move: %+v", rs)
	}
	if g, err = db.LiveGame(context.Background(), "test", "c"); err != nil {
		t.Fatal(err)
	}
	if len(rec.moves) != len(g.Moves) {
		t.Fatalf("%d moves reported, %d played", len(rec.moves), len(g.Moves))
	}
	players := 0
	for i, m := range rec.moves {
		if m.platform != "test" || m.d < time.Hour {
			t.Errorf("move %d: %+v, want platform test and at least the hour since the request arrived", i, m)
		}
		if m.byBot != (g.Moves[i].UserID == "") {
			t.Errorf("move %d reported byBot %v, played by %q", i, m.byBot, g.Moves[i].UserID)
		}
		if !m.byBot {
			players++
		}
	}
	if players != 1 {
		t.Errorf("%d player moves reported, want 1", players)
	}
	// Showing the board again shows no new move.
	if rs = say("/board"); len(rs) != 1 || rs[0].Board == nil || !rs[0].Committed.IsZero() {
		t.Errorf("board: %+v, want a board without a commit time", rs)
	}
	say("/replay")
	failRender = true
	say("/board")
	if rec.rendered[bot.RenderBoard] != 3 || rec.rendered[bot.RenderAnimation] != 1 || rec.failed[bot.RenderBoard] != 1 {
		t.Errorf("rendered %v, failed %v; want 3 boards and an animation, 1 board failed", rec.rendered, rec.failed)
	}
}
