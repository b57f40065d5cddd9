package terminal_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/adapters/terminal"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store"
)

// TestTurnNotices: in the terminal a notice is a numbered line, and its
// removal is said; alice's extra turn (pit 3) sends none.
func TestTurnNotices(t *testing.T) {
	dir := t.TempDir()
	db, err := store.Open(context.Background(), filepath.Join(dir, "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var out bytes.Buffer
	c := &terminal.Chat{Handler: bot.New(bot.Config{Store: db, TurnNotices: true}), Out: &out}
	script := "alice> /new kalah @bob\nbob> /accept\nalice> 3\nalice> 1\nbob> 1\n"
	if err := c.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(l, "🔔") || strings.HasPrefix(l, "(notice") {
			got = append(got, l)
		}
	}
	want := []string{
		"🔔 @alice, your move (Kalah). (notice 1)", // bob accepted
		"(notice 1 removed)",                      // alice's extra turn: nothing new
		"🔔 @bob, your move (Kalah). (notice 2)",
		"(notice 2 removed)",
		"🔔 @alice, your move (Kalah). (notice 3)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("notices:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
