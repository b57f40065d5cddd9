package telegram_test

import (
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/telegram"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// scale shrinks Telegram's real group pacing (a burst of 3, then one
// message every 3 s) for TestRulesLatencyAfterGame; the figures it logs
// are scaled back.
const scale = 20

// playGroupGame plays a whole Kalah game in group between alice and bob
// with the board's buttons (always the first one offered), each press
// waited for, and returns the number of plies.
func playGroupGame(t *testing.T, e *env) int {
	t.Helper()
	e.say(group, alice, "en", "/new kalah @bob")
	ch := e.last(group)
	e.press(group, bob, "en", ch.ID, button(t, ch, "✔"))
	board := e.last(group)
	for ply := 0; ; ply++ {
		if ply > 400 {
			t.Fatal("the game did not end")
		}
		m, _ := e.srv.Message(group, board.ID)
		if _, over := m.Button("↻"); over {
			return ply
		}
		lines := strings.Split(m.Visible(), "\n")
		mover := alice
		if strings.HasPrefix(lines[len(lines)-1], "@bob ") {
			mover = bob
		}
		if len(m.Buttons()) == 0 {
			t.Fatalf("ply %d: no buttons on %q", ply, m.Visible())
		}
		if a := e.press(group, mover, "en", board.ID, m.Buttons()[0].Data); a.Text != "" {
			t.Fatalf("ply %d: %q", ply, a.Text)
		}
	}
}

// After a whole game in a group (paced as Telegram paces groups, scaled
// down by 20), three other users ask /rules kalah at once. The test logs
// the time from each /rules to the last message of its answer, scaled
// back to real pacing, and checks only that each answer came whole, in
// order. The bot answers with what it answers (the text, and the rule
// diagrams when enabled as in production).
func TestRulesLatencyAfterGame(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game at (scaled) group pace")
	}
	t.Parallel()
	logs := &logBuffer{}
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	b := bot.New(bot.Config{Store: db, Render: fakeRender, RuleDiagrams: true, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	e := start(t, b, logs, func(c *telegram.Config, _ *telegramtest.Server) {
		c.GroupInterval, c.PrivateInterval, c.Burst = 3*time.Second/scale, time.Second/scale, 3
	})
	e.db = db
	t0 := time.Now()
	plies := playGroupGame(t, e)
	t.Logf("a game of %d plies took %v at 1/%d pace", plies, time.Since(t0), scale)

	askers := []telegramtest.User{carol, dave, {ID: 105, FirstName: "Erin", UserName: "erin"}}
	base := e.ad.Stats().Handled
	sentBefore := len(e.srv.Sent(group))
	asked := make([]time.Time, len(askers))
	for i, u := range askers {
		asked[i] = time.Now()
		e.srv.SendText(group, u, "en", "/rules kalah")
	}
	// The outbox sends each level in order, so the answers end in the
	// order asked: the k-th completed update is the k-th /rules.
	done := make([]time.Time, 0, len(askers))
	deadline := time.Now().Add(2 * time.Minute)
	for len(done) < len(askers) {
		if time.Now().After(deadline) {
			t.Fatalf("only %d answers: stats %+v", len(done), e.ad.Stats())
		}
		for n := e.ad.Stats().Handled - base; int64(len(done)) < n; {
			done = append(done, time.Now())
		}
		time.Sleep(time.Millisecond)
	}
	e.settle()
	msgs := len(e.srv.Sent(group)) - sentBefore
	if msgs%len(askers) != 0 || msgs == 0 {
		t.Errorf("%d messages for %d /rules", msgs, len(askers))
	}
	worst := time.Duration(0)
	for i := range askers {
		d := done[i].Sub(asked[i])
		worst = max(worst, d)
		t.Logf("/rules #%d answered in %v at 1/%d pace, about %v at Telegram's group pace",
			i+1, d.Round(time.Millisecond), scale, (d * scale).Round(100*time.Millisecond))
	}
	t.Logf("worst time between /rules and its answer after a full game: %v (scaled back), %d messages per answer",
		(worst * scale).Round(100*time.Millisecond), msgs/len(askers))
}

// The QA report's case, at 1/20 of Telegram's group pace: a bystander
// sends twenty /help to a group during a game, then a player moves. The
// move's board comes with the next pacing slot, before the help still
// queued; the test logs the wait, scaled back.
func TestMoveLatencyBehindHelp(t *testing.T) {
	t.Parallel()
	e := startBot(t, func(c *telegram.Config, _ *telegramtest.Server) {
		c.GroupInterval, c.PrivateInterval, c.Burst = 3*time.Second/scale, time.Second/scale, 3
	})
	e.say(group, alice, "en", "/new kalah @bob")
	ch := e.last(group)
	e.press(group, bob, "en", ch.ID, button(t, ch, "✔"))
	board := e.last(group)
	for i := 0; i < 20; i++ {
		e.srv.SendText(group, carol, "en", "/help")
	}
	before, _ := e.srv.Message(group, board.ID)
	t0 := time.Now()
	e.srv.PressButton(group, alice, "en", board.ID, before.Buttons()[0].Data)
	if !e.srv.WaitFor(time.Minute, func() bool {
		m, _ := e.srv.Message(group, board.ID)
		return m.Edits > before.Edits
	}) {
		t.Fatal("the move was never shown")
	}
	d := time.Since(t0)
	helpBefore := len(e.srv.Sent(group)) - 2 // the challenge and the board
	e.settle()
	helps := len(e.srv.Sent(group)) - 2
	t.Logf("the move's board came %v after the press at 1/%d pace, about %v at Telegram's group pace, after %d of %d help messages",
		d.Round(time.Millisecond), scale, (d * scale).Round(100*time.Millisecond), helpBefore, helps)
	// The order itself is checked deterministically by
	// TestUrgentReplyGoesFirst; here the move must not come after all the
	// help, as it did before (51 s at real pace). The bot answers eight of
	// the twenty /help and sends one notice to slow down (see bot's
	// throttle), so nine messages follow in all.
	if helpBefore >= helps || helps != 9 {
		t.Errorf("%d of %d help messages went before the move", helpBefore, helps)
	}
}
