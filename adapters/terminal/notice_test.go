package terminal_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/terminal"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// TestTurnNotices: in the terminal a ping is a numbered line, and its
// removal is said. Quick moves ping nobody; alice, away for NotifyAfter,
// is pinged once (the clock is the test's), and her move removes it.
func TestTurnNotices(t *testing.T) {
	dir := t.TempDir()
	db, err := sqlite.Open(context.Background(), filepath.Join(dir, "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var mu sync.Mutex
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	b := bot.New(bot.Config{Store: db, TurnNotices: true, NotifyAfter: 3 * time.Minute,
		Now: func() time.Time { mu.Lock(); defer mu.Unlock(); return now }})
	var out bytes.Buffer
	c := &terminal.Chat{Handler: b, Out: &out}
	run := func(script string) {
		t.Helper()
		if err := c.Run(context.Background(), strings.NewReader(script)); err != nil {
			t.Fatal(err)
		}
	}
	tick := func(d time.Duration) {
		mu.Lock()
		now = now.Add(d)
		mu.Unlock()
		for _, o := range b.Tick(context.Background()) {
			c.Deliver(o)
		}
	}
	run("alice> /new kalah @bob\nbob> /accept\nalice> 3\nalice> 1\nbob> 1\n")
	tick(2 * time.Minute)   // nobody is away yet
	tick(time.Minute)       // alice is
	tick(time.Hour)         // pinged once only
	run("alice> /move 2\n") // an extra turn: she is back, her ping goes
	tick(3 * time.Minute)
	run("alice> /move 3\n") // bob's turn: her ping goes
	var got []string
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(l, "🔔") || strings.HasPrefix(l, "(notice") {
			got = append(got, l)
		}
	}
	want := []string{
		"🔔 @alice, your move (Kalah) — the game is waiting for you. (notice 1)",
		"(notice 1 removed)",
		"🔔 @alice, your move (Kalah) — the game is waiting for you. (notice 2)",
		"(notice 2 removed)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("notices:\n%s\nwant:\n%s\nwhole output:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), out.String())
	}
}
