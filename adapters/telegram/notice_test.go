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
	"testing"

	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store"
)

// startNotifying runs the adapter with a real bot that sends turn
// notifications.
func startNotifying(t *testing.T) *env {
	t.Helper()
	logs := &logBuffer{}
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	b := bot.New(bot.Config{Store: db, Render: fakeRender, Logger: slog.New(slog.NewTextHandler(logs, nil)), TurnNotices: true})
	e := start(t, b, logs)
	e.db = db
	return e
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

// wantNotice checks that the one notice alive in the group is a new one
// (not old) mentioning u by a text mention, and that the store keeps it;
// it returns its id.
func (e *env) wantNotice(old int, u telegramtest.User, name string) int {
	e.t.Helper()
	ns := e.notices(group)
	if len(ns) != 1 || ns[0].ID == old {
		e.t.Fatalf("notices %+v, want one new one (not %d)", ns, old)
	}
	n := ns[0]
	link := `<a href="tg://user?id=` + strconv.FormatInt(u.ID, 10) + `">` + name + `</a>`
	if want := "🔔 " + link + ", your move (Kalah)."; n.Text != want || n.ParseMode != "HTML" {
		e.t.Errorf("notice %q (%s), want %q", n.Text, n.ParseMode, want)
	}
	g, err := e.db.LiveGame(context.Background(), "telegram", groupChannel)
	if err != nil {
		e.t.Fatal(err)
	}
	if st, err := e.db.TurnNotice(context.Background(), g.ID); err != nil || st.MessageID != strconv.Itoa(n.ID) {
		e.t.Errorf("the store keeps notice %+v, %v; want %d", st, err, n.ID)
	}
	return n.ID
}

// wantNoNotice checks that no notice is alive in the group, nor kept.
func (e *env) wantNoNotice() {
	e.t.Helper()
	if ns := e.notices(group); len(ns) != 0 {
		e.t.Fatalf("notices left: %+v", ns)
	}
	g, err := e.db.LiveGame(context.Background(), "telegram", groupChannel)
	if err != nil {
		e.t.Fatal(err)
	}
	if st, err := e.db.TurnNotice(context.Background(), g.ID); !errors.Is(err, store.ErrNotFound) {
		e.t.Errorf("the store keeps notice %+v, %v", st, err)
	}
}

// TestTurnNotices: through the fake Telegram, alice's open challenge is
// accepted by dave (who has no username) and played with the buttons,
// which edit the board and notify nobody. Each change of turn sends a
// message with a text mention of the player to move and deletes the
// previous one; an extra turn sends nothing and removes the mover's own;
// /notify off stops them; /games links to the notice.
func TestTurnNotices(t *testing.T) {
	t.Parallel()
	e := startNotifying(t)
	e.say(group, alice, "en", "/new kalah")
	ch := e.last(group)
	e.press(group, dave, "en", ch.ID, button(t, ch, "✔"))
	var board telegramtest.Message
	for _, m := range e.srv.Sent(group) {
		if m.IsPhoto() {
			board = m
		}
	}
	n1 := e.wantNotice(0, alice, "@alice")
	press := func(u telegramtest.User, label string) {
		t.Helper()
		m, _ := e.srv.Message(group, board.ID)
		e.press(group, u, "en", board.ID, button(t, m, label))
		if m, _ := e.srv.Message(group, board.ID); m.Edits == 0 {
			t.Fatalf("the board was not edited: %+v", m)
		}
	}
	// alice's pit 3 ends in her store: an extra turn, her notice goes.
	press(alice, "3")
	e.wantNoNotice()
	if _, ok := e.srv.Message(group, n1); ok {
		t.Errorf("alice's notice %d is still there", n1)
	}
	// Pit 1: dave's turn, named by a text mention (no username).
	press(alice, "1")
	n2 := e.wantNotice(0, dave, "Dave")
	// An admin deletes dave's notice by hand; then dave's pit 1 gives
	// alice the turn: the bot's deletion finds it gone, which is fine, and
	// her notice is sent.
	resp, err := http.PostForm(e.srv.URL+"/bot"+token+"/deleteMessage",
		url.Values{"chat_id": {groupChannel}, "message_id": {strconv.Itoa(n2)}})
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("deleting by hand: %v %v", resp, err)
	}
	press(dave, "1")
	n3 := e.wantNotice(n2, alice, "@alice")
	if calls := e.srv.Calls("deleteMessage"); len(calls) != 3 || calls[2].Status != http.StatusBadRequest {
		t.Errorf("deleteMessage calls %+v, want 3, the last refused as gone", calls)
	}
	if strings.Contains(e.logs.String(), "not deleted") {
		t.Errorf("a notice already gone was reported:\n%s", e.logs.String())
	}

	// /games: the game, alice's move, a link to the notice, in her
	// private chat with the bot (the group does not see her list).
	before := len(e.srv.Sent(group))
	e.say(group, alice, "en", "/games")
	games := e.last(alice.ID)
	if len(e.srv.Sent(group)) != before {
		t.Errorf("/games answered in the group: %+v", e.last(group))
	}
	link := "https://t.me/c/1000000001/" + strconv.Itoa(n3)
	if want := "• Kalah against Dave — your move, last move just now — " + link; !strings.Contains(games.Visible(), want) {
		t.Errorf("/games: %q, want it to contain %q", games.Visible(), want)
	}

	// dave turns them off: alice's pit 2 (an extra turn) removes hers,
	// and pit 3 gives dave the turn without a notice.
	e.say(group, dave, "en", "/notify off")
	press(alice, "2")
	e.wantNoNotice()
	press(alice, "3")
	e.wantNoNotice()
	if calls := e.srv.Calls("deleteMessage"); len(calls) != 4 {
		t.Errorf("deleteMessage calls %d, want 4", len(calls))
	}
}
