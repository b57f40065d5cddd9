package bot_test

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/postgres"
	"github.com/mancala-bot/mancala/store/postgres/pgtest"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// TestPingRacingMoves runs pingRacingMoves on each backend: a SQLite file,
// and a PostgreSQL database (skipped without a server, see pgtest).
func TestPingRacingMoves(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		pingRacingMoves(t, db)
	})
	t.Run("postgres", func(t *testing.T) {
		db, err := postgres.Open(t.Context(), pgtest.NewDatabase(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		pingRacingMoves(t, db)
	})
}

// pingRacingMoves: the bot on store s, in two processes. bob's
// ping is alive (recorded by the tick); he presses each of his buttons at
// once in both processes while alice resigns. Whatever wins, exactly one
// reply deletes the ping, no reply pings anyone, and the store keeps no
// notice.
func pingRacingMoves(t *testing.T, s store.Store) {
	ctx := t.Context()
	var mu sync.Mutex
	now := time.Date(2026, 11, 22, 18, 30, 0, 123_000_000, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	newBot := func() *bot.Bot {
		return bot.New(bot.Config{Store: s, Now: clock, NotifyAfter: time.Minute, TurnNotices: true})
	}
	first, second := newBot(), newBot()
	req := func(user, text, button string) bot.Request {
		return bot.Request{Platform: "test", Channel: "c1", Text: text, Button: button,
			User: bot.User{ID: user, Name: "@" + user, Mention: "@" + user}}
	}
	first.Handle(ctx, req("bob", "new kalah @alice", ""))
	rs := first.Handle(ctx, req("alice", "accept", "")) // bob (the challenger) moves first
	if len(rs) != 1 || rs[0].Board == nil {
		t.Fatalf("accept: %+v", rs)
	}
	board := rs[0].Board
	mu.Lock()
	now = now.Add(time.Minute)
	mu.Unlock()
	out := second.Tick(ctx)
	if len(out) != 1 || out[0].Reply.Notice == nil || out[0].Reply.Notice.Ping.ID != "bob" {
		t.Fatalf("tick: %+v, want bob's ping", out)
	}
	if gone := out[0].Reply.Notice.Done("n1"); len(gone) != 0 {
		t.Fatalf("recording the ping gave %v to delete", gone)
	}
	var deletions []string
	var wg sync.WaitGroup
	handle := func(b *bot.Bot, r bot.Request) {
		rs := b.Handle(ctx, r)
		mu.Lock()
		defer mu.Unlock()
		for _, r := range rs {
			if r.Notice == nil {
				continue
			}
			if r.Text != "" {
				t.Errorf("a move sent a ping: %+v", r)
			}
			deletions = append(deletions, r.Notice.Replaces)
		}
	}
	for _, row := range board.Buttons {
		for _, btn := range row {
			for _, b := range []*bot.Bot{first, second} {
				wg.Go(func() { handle(b, req("bob", "", btn.Data)) })
			}
		}
	}
	wg.Go(func() { handle(first, req("alice", "resign", "")) })
	wg.Wait()
	if len(deletions) != 1 || deletions[0] != "n1" {
		t.Errorf("deletions %v, want n1 once", deletions)
	}
	g, err := s.LastGame(ctx, "test", "c1")
	if errors.Is(err, store.ErrNotFound) {
		g, err = s.LiveGame(ctx, "test", "c1")
	}
	if err != nil {
		t.Fatal(err)
	}
	if n, err := s.TurnNotice(ctx, g.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the store keeps notice %+v, %v; want none", n, err)
	}
}
