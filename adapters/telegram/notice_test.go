package telegram_test

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// startNotifying runs the adapter with a real bot that sends turn
// notifications, on the clock clk.
func startNotifying(t *testing.T, clk *clock) *env {
	t.Helper()
	logs := &logBuffer{}
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	b := bot.New(bot.Config{Store: db, Render: fakeRender, Logger: slog.New(slog.NewTextHandler(logs, nil)),
		TurnNotices: true, Now: clk.Now})
	e := start(t, b, logs)
	e.db = db
	e.bot = b
	return e
}

// clock is a test's clock, moved by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *clock) advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

// tick runs the bot's background work once, as the program does every
// minute, delivers what it gives and returns the number of messages.
func (e *env) tick() int {
	e.t.Helper()
	out := e.bot.Tick(context.Background())
	for _, o := range out {
		if err := e.ad.Deliver(context.Background(), o); err != nil {
			e.t.Fatalf("delivering %+v: %v", o, err)
		}
	}
	return len(out)
}

// notices are the turn notifications alive in chat.
func (e *env) notices(chat int64) []telegramtest.Message {
	var out []telegramtest.Message
	for _, m := range e.srv.Sent(chat) {
		if strings.HasPrefix(m.Text, "🔔") {
			out = append(out, m)
		}
	}
	return out
}

// storedNotice is the live game's notice as the store keeps it ("" none).
func (e *env) storedNotice() string {
	e.t.Helper()
	g, err := e.db.LiveGame(context.Background(), "telegram", groupChannel)
	if err != nil {
		e.t.Fatal(err)
	}
	n, err := e.db.TurnNotice(context.Background(), g.ID)
	if errors.Is(err, store.ErrNotFound) {
		return ""
	}
	if err != nil {
		e.t.Fatal(err)
	}
	return n.MessageID
}

// wantPing checks that the one notice alive in the group pings u by a
// text mention named name, and that the store keeps it; it returns its id.
func (e *env) wantPing(u telegramtest.User, name string) int {
	e.t.Helper()
	ns := e.notices(group)
	if len(ns) != 1 {
		e.t.Fatalf("notices %+v, want one", ns)
	}
	n := ns[0]
	link := `<a href="tg://user?id=` + strconv.FormatInt(u.ID, 10) + `">` + name + `</a>`
	if want := "🔔 " + link + ", your move (Kalah) — the game is waiting for you."; n.Text != want || n.ParseMode != "HTML" {
		e.t.Errorf("notice %q (%s), want %q", n.Text, n.ParseMode, want)
	}
	if st := e.storedNotice(); st != strconv.Itoa(n.ID) {
		e.t.Errorf("the store keeps notice %q; want %d", st, n.ID)
	}
	return n.ID
}

// TestTurnNotices: through the fake Telegram, alice's open challenge is
// accepted by dave (who has no username) and played with the buttons,
// which edit the board and notify nobody; the bot's clock is the test's,
// its background tick run by hand. While they answer within a minute
// nothing is sent but the board's edits. When dave stays away, he is
// pinged once after 3 minutes (a text mention: he has no username), and
// his move deletes the ping, once; /games links to the live ping; a ping
// deleted by hand is found gone; /notify off stops them.
func TestTurnNotices(t *testing.T) {
	t.Parallel()
	clk := &clock{now: time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)}
	e := startNotifying(t, clk)
	e.say(group, alice, "en", "/new kalah")
	ch := e.last(group)
	e.press(group, dave, "en", ch.ID, button(t, ch, "✔"))
	var board telegramtest.Message
	for _, m := range e.srv.Sent(group) {
		if m.IsPhoto() {
			board = m
		}
	}
	press := func(u telegramtest.User, label string) {
		t.Helper()
		m, _ := e.srv.Message(group, board.ID)
		edits := m.Edits
		e.press(group, u, "en", board.ID, button(t, m, label))
		if m, _ := e.srv.Message(group, board.ID); m.Edits != edits+1 {
			t.Fatalf("the board was not edited: %+v", m)
		}
	}
	sent := len(e.srv.Calls("sendMessage"))
	// Quick moves: alice's pit 3 (an extra turn), pit 1 (dave's turn),
	// dave's pit 1: nothing but the board's edits.
	for _, p := range []struct {
		u     telegramtest.User
		label string
	}{{alice, "3"}, {alice, "1"}, {dave, "1"}} {
		clk.advance(time.Minute)
		if n := e.tick(); n != 0 {
			t.Fatalf("the tick sent %d messages in a quick game", n)
		}
		press(p.u, p.label)
	}
	if n, d := len(e.srv.Calls("sendMessage"))-sent, len(e.srv.Calls("deleteMessage")); n != 0 || d != 0 {
		t.Fatalf("a quick game: %d messages sent, %d deleted; want none", n, d)
	}
	// alice's pit 2 ends in her store (an extra turn); pit 3 gives dave
	// the turn, and he stays away: one ping after 3 minutes.
	press(alice, "2")
	press(alice, "3")
	clk.advance(2 * time.Minute)
	if n := e.tick(); n != 0 {
		t.Fatalf("pinged after 2 minutes")
	}
	clk.advance(time.Minute)
	if n := e.tick(); n != 1 {
		t.Fatalf("after 3 minutes: %d messages, want dave's ping", n)
	}
	clk.advance(time.Hour)
	if n := e.tick(); n != 0 {
		t.Fatalf("pinged again")
	}
	n1 := e.wantPing(dave, "Dave")

	// /games, for dave: the game, his move, a link to the ping, in his
	// private chat with the bot.
	before := len(e.srv.Sent(group))
	e.say(group, dave, "en", "/games")
	games := e.last(dave.ID)
	if len(e.srv.Sent(group)) != before {
		t.Errorf("/games answered in the group: %+v", e.last(group))
	}
	link := "https://t.me/c/1000000001/" + strconv.Itoa(n1)
	if !strings.Contains(games.Visible(), "• Kalah against @alice — your move") || !strings.Contains(games.Visible(), link) {
		t.Errorf("/games: %q, want the game and %q", games.Visible(), link)
	}

	// dave moves (his pit 2, an extra turn): the ping goes, once.
	press(dave, "2")
	if _, ok := e.srv.Message(group, n1); ok || e.storedNotice() != "" {
		t.Errorf("dave's ping %d is still there (stored %q)", n1, e.storedNotice())
	}
	// dave stays away again: a new turn, a new ping; an admin deletes it
	// by hand before he moves: the bot's deletion finds it gone, which is
	// fine.
	clk.advance(3 * time.Minute)
	if n := e.tick(); n != 1 {
		t.Fatalf("after 3 minutes: %d messages, want dave's ping", n)
	}
	n2 := e.wantPing(dave, "Dave")
	resp, err := http.PostForm(e.srv.URL+"/bot"+token+"/deleteMessage",
		url.Values{"chat_id": {groupChannel}, "message_id": {strconv.Itoa(n2)}})
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("deleting by hand: %v %v", resp, err)
	}
	m, _ := e.srv.Message(group, board.ID)
	press(dave, m.Buttons()[0].Text)
	calls := e.srv.Calls("deleteMessage")
	if len(calls) != 3 || calls[0].Params["message_id"] != strconv.Itoa(n1) || calls[2].Params["message_id"] != strconv.Itoa(n2) ||
		calls[2].Status != http.StatusBadRequest {
		t.Errorf("deleteMessage calls %+v, want %d, then %d by hand and by the bot (refused as gone)", calls, n1, n2)
	}
	if strings.Contains(e.logs.String(), "not deleted") {
		t.Errorf("a notice already gone was reported:\n%s", e.logs.String())
	}

	// Whoever is to move turns them off: no ping however long they wait.
	g, err := e.db.LiveGame(context.Background(), "telegram", groupChannel)
	if err != nil {
		t.Fatal(err)
	}
	m, _ = e.srv.Message(group, board.ID)
	off := alice
	if !strings.Contains(m.Visible(), "@alice to move") {
		off = dave
	}
	e.say(group, off, "en", "/notify off")
	clk.advance(2 * time.Hour)
	if n := e.tick(); n != 0 {
		t.Errorf("%s, who turned notices off, got %d messages (game %d)", off.FirstName, n, g.ID)
	}
}
