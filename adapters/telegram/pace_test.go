package telegram_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/telegram"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// pacedMethods are the calls that take a slot of a chat's pace: new
// messages and edits (deletions and callback answers do not).
var pacedMethods = map[string]bool{
	"sendMessage": true, "sendPhoto": true, "sendAnimation": true,
	"editMessageText": true, "editMessageCaption": true, "editMessageMedia": true, "editMessageReplyMarkup": true,
}

// groupGame is a Kalah game between alice and bob in a group, through the
// fake Telegram, with a real bot (turn notices on, as in production) over
// a real SQLite file; the adapter paces the group as configured.
type groupGame struct {
	tb    testing.TB
	srv   *telegramtest.Server
	ad    *telegram.Adapter
	bot   *bot.Bot
	board int // the board's message id
}

// groupSetup says how to run a group game.
type groupSetup struct {
	// interval and burst are the group's pace: one message every
	// interval after a burst of burst.
	interval time.Duration
	burst    int
	// opts are the game's options (" seeds=6"), after "/new kalah @bob".
	opts string
	// now is the bot's clock (nil: time.Now).
	now func() time.Time
}

// startGroupGame runs the adapter as set up, opens the game and accepts it.
func startGroupGame(tb testing.TB, gs groupSetup) *groupGame {
	tb.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(tb.TempDir(), "bot.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	b := bot.New(bot.Config{Store: db, Render: fakeRender, Logger: logger, TurnNotices: true, Now: gs.now})
	srv := telegramtest.New(token)
	tb.Cleanup(srv.Close)
	ad, err := telegram.New(telegram.Config{
		Token: token, APIEndpoint: srv.URL, PollTimeout: time.Second, Logger: logger,
		PrivateInterval: time.Millisecond, GroupInterval: gs.interval, Burst: gs.burst,
	}, b)
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ad.Run(ctx) }()
	tb.Cleanup(func() {
		cancel()
		<-done
	})
	g := &groupGame{tb: tb, srv: srv, ad: ad, bot: b}
	g.settle(time.Minute)
	srv.SendText(group, alice, "en", "/new kalah @bob"+gs.opts)
	g.settle(time.Minute)
	ch, ok := srv.LastSent(group)
	if !ok {
		tb.Fatal("no challenge")
	}
	accept, ok := ch.Button("✔ Accept")
	if !ok {
		tb.Fatalf("no ✔ on the challenge: %+v", ch.Buttons())
	}
	srv.PressButton(group, bob, "en", ch.ID, accept)
	g.settle(time.Minute)
	for _, m := range srv.Sent(group) {
		if m.IsPhoto() {
			g.board = m.ID
		}
	}
	if g.board == 0 {
		tb.Fatal("no board")
	}
	return g
}

// settle waits until the adapter has handled every update injected and
// sent their replies, within limit.
func (g *groupGame) settle(limit time.Duration) {
	g.tb.Helper()
	ok := g.srv.WaitFor(limit, func() bool {
		st := g.ad.Stats()
		return g.srv.Unconfirmed() == 0 && st.Handled == st.Received && st.Received == int64(g.srv.Injected())
	})
	if !ok {
		g.tb.Fatalf("the adapter did not catch up within %v: %+v", limit, g.ad.Stats())
	}
}

// pacedCalls counts the paced calls made so far, and the deletions.
func (g *groupGame) pacedCalls() (paced, deletions int) {
	for _, c := range g.srv.Calls("") {
		switch {
		case pacedMethods[c.Method]:
			paced++
		case c.Method == "deleteMessage":
			deletions++
		}
	}
	return paced, deletions
}

// ply has the player to move press the board's first button and waits
// for the board's edit; it reports false when the game is over.
func (g *groupGame) ply(limit time.Duration) bool {
	g.tb.Helper()
	m, _ := g.srv.Message(group, g.board)
	if _, over := m.Button("↻"); over || len(m.Buttons()) == 0 {
		return false
	}
	lines := strings.Split(m.Visible(), "\n")
	mover := alice
	if strings.HasPrefix(lines[len(lines)-1], "@bob ") {
		mover = bob
	}
	edits := m.Edits
	id := g.srv.PressButton(group, mover, "en", g.board, m.Buttons()[0].Data)
	g.settle(limit)
	if a, ok := g.srv.Answer(id); !ok || a.Text != "" {
		g.tb.Fatalf("the press by %s was answered %+v (%v)", mover.FirstName, a, ok)
	}
	if m, _ := g.srv.Message(group, g.board); m.Edits != edits+1 {
		g.tb.Fatalf("the board was edited %d times for one move", m.Edits-edits)
	}
	return true
}

// TestGroupMoveOneMessage: in a group game between people answering at
// once (Kalah with 6 seeds, always the first button: 75 plies), each move
// costs exactly one paced message, the board's edit, and
// nothing else is sent or deleted: no turn notice (see bot/notices.go).
// The pace here is fast; BenchmarkGroupGamePace measures the real one.
func TestGroupMoveOneMessage(t *testing.T) {
	t.Parallel()
	g := startGroupGame(t, groupSetup{interval: time.Millisecond, burst: 100, opts: " seeds=6"})
	plies := 0
	for ; ; plies++ {
		paced, deletions := g.pacedCalls()
		if !g.ply(10 * time.Second) {
			break
		}
		p, d := g.pacedCalls()
		if p-paced != 1 || d != deletions {
			t.Fatalf("ply %d: %d paced calls and %d deletions, want 1 and 0: %+v", plies, p-paced, d-deletions, g.srv.Calls("")[len(g.srv.Calls(""))-(p-paced)-(d-deletions):])
		}
	}
	if plies < 50 {
		t.Errorf("the game ended after %d plies", plies)
	}
	for _, m := range g.srv.Sent(group) {
		if strings.HasPrefix(m.Text, "🔔") {
			t.Errorf("a turn notice in a quick game: %q", m.Text)
		}
	}
}

// TestPingDeletionTakesNoSlot: a move after a ping costs one paced
// message too: the ping's deletion goes out at once, without a slot of the
// group's pace. The group's pace here allows five messages, then one an
// hour: the challenge, the accept (its keyboard removed, the board sent),
// the ping and the move's edit take all five; the deletion, had it waited
// for a slot, would not have been made.
func TestPingDeletionTakesNoSlot(t *testing.T) {
	t.Parallel()
	clk := &clock{now: time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)}
	g := startGroupGame(t, groupSetup{interval: time.Hour, burst: 5, now: clk.Now})
	if paced, _ := g.pacedCalls(); paced != 3 {
		t.Fatalf("%d paced calls to start the game, want 3: %+v", paced, g.srv.Calls(""))
	}
	clk.advance(3 * time.Minute)
	out := g.bot.Tick(context.Background())
	if len(out) != 1 || out[0].Reply.Notice == nil {
		t.Fatalf("tick: %+v, want alice's ping", out)
	}
	if err := g.ad.Deliver(context.Background(), out[0]); err != nil {
		t.Fatal(err)
	}
	ping, ok := g.srv.LastSent(group)
	if !ok || !strings.HasPrefix(ping.Text, "🔔") {
		t.Fatalf("no ping: %+v", ping)
	}
	g.ply(10 * time.Second) // waits for the edit and the deletion
	del := g.srv.Calls("deleteMessage")
	if len(del) != 1 || del[0].Params["message_id"] != strconv.Itoa(ping.ID) || del[0].Status != http.StatusOK {
		t.Errorf("deletions %+v, want the ping's (%d)", del, ping.ID)
	}
	if paced, _ := g.pacedCalls(); paced != 5 {
		t.Errorf("%d paced calls, want 5", paced)
	}
}

// BenchmarkGroupGamePace plays 50 plies of a Kalah game (6 seeds a pit,
// always the first button: 75 plies in all) between people answering at
// once in a group, at Telegram's real group pace as
// the adapter keeps it (a burst of 3, then one message every 3 s), and
// reports the time per move (the goal: 3 s, one paced message per move)
// and the paced messages per move. It takes about 2.5 minutes an
// iteration: run it with -benchtime=1x. With -short (as CI runs every
// benchmark once) it plays 10 plies in 30 s (the game's start has used
// the burst already, so these too are paced at 3 s).
func BenchmarkGroupGamePace(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		g := startGroupGame(b, groupSetup{interval: 3 * time.Second, burst: 3, opts: " seeds=6"})
		paced0, deleted0 := g.pacedCalls()
		b.StartTimer()
		want := 50
		if testing.Short() {
			want = 10
		}
		t0 := time.Now()
		plies := 0
		for plies < want && g.ply(time.Minute) {
			plies++
		}
		elapsed := time.Since(t0)
		b.StopTimer()
		if plies < want {
			b.Fatalf("the game ended after %d plies", plies)
		}
		paced, deleted := g.pacedCalls()
		b.ReportMetric(elapsed.Seconds()/float64(plies), "s/move")
		b.ReportMetric(float64(paced-paced0)/float64(plies), "messages/move")
		b.ReportMetric(float64(deleted-deleted0)/float64(plies), "deletions/move")
		b.ReportMetric(float64(plies), "plies")
		b.StartTimer()
	}
}
