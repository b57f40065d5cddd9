package telegram_test

import (
	"context"
	"log/slog"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/telegram"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// gatedOpponent is the built-in opponent, held until the test opens the
// gate: a bot that thinks as long as the test wants.
type gatedOpponent struct {
	bot.SimpleOpponent
	gate chan struct{}
}

func (g gatedOpponent) Move(ctx context.Context, game *engine.Game, level string, seed int64) (bot.Choice, error) {
	select {
	case <-g.gate:
	case <-ctx.Done():
		return bot.Choice{}, ctx.Err()
	}
	return g.SimpleOpponent.Move(ctx, game, level, seed)
}

// TestTypingWhileTheBotThinks: while the bot thinks on its move, the group
// sees it typing (sendChatAction "typing"), and the status is not sent
// again once the board is out. TypingAfter is negative here (at once), so
// that the test waits on the call, not on a second passing; the bot thinks
// until the test has seen it.
func TestTypingWhileTheBotThinks(t *testing.T) {
	t.Parallel()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	gate := make(chan struct{})
	logs := &logBuffer{}
	b := bot.New(bot.Config{Store: db, Render: fakeRender, Opponent: gatedOpponent{gate: gate},
		Logger: slog.New(slog.NewTextHandler(logs, nil)), ThinkTime: time.Hour})
	e := start(t, b, logs, func(c *telegram.Config, _ *telegramtest.Server) { c.TypingAfter = -1 })

	e.srv.SendText(group, alice, "en", "/new kalah bot easy second") // the bot moves first
	if !e.srv.WaitFor(time.Minute, func() bool { return len(e.srv.Calls("sendChatAction")) > 0 }) {
		t.Fatal("no typing status while the bot thinks")
	}
	if sent := e.srv.Sent(group); len(sent) != 0 {
		t.Fatalf("sent before the bot moved: %+v", sent)
	}
	close(gate)
	e.settle()
	board := e.last(group)
	if !board.IsPhoto() || len(board.Buttons()) == 0 {
		t.Fatalf("the answer is not the board: %+v", board)
	}
	var methods []string
	for _, c := range e.srv.Calls("") {
		if c.Method == "sendChatAction" {
			if c.Status != 200 || c.Params["chat_id"] != groupChannel || c.Params["action"] != "typing" {
				t.Errorf("sendChatAction %+v", c)
			}
		}
		if c.Method == "sendChatAction" || c.Method == "sendPhoto" {
			methods = append(methods, c.Method)
		}
	}
	if i := slices.Index(methods, "sendPhoto"); i < 1 || slices.Contains(methods[i:], "sendChatAction") {
		t.Errorf("calls %q: want the typing status before the board only", methods)
	}
}
