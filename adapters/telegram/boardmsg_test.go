package telegram_test

import (
	"context"
	"log/slog"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mancala-bot/mancala/adapters/telegram"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// appEvents numbers the board app's requests (their EventID).
var appEvents atomic.Int64

// appMove plays data as u from the board app: through the bot's Handle
// with Request.App, the public replies delivered with Deliver, as the
// board app's server does. It returns the private replies.
func (e *env) appMove(u telegramtest.User, data string) []bot.Reply {
	e.t.Helper()
	rs := e.bot.Handle(context.Background(), bot.Request{
		Platform: telegram.Platform, Channel: groupChannel, Button: data, App: true,
		EventID: "app:" + strconv.FormatInt(appEvents.Add(1), 10),
		User:    bot.User{ID: strconv.FormatInt(u.ID, 10), Name: u.FirstName, Mention: "@" + u.UserName},
	})
	var private []bot.Reply
	for _, r := range rs {
		if r.Private {
			private = append(private, r)
			continue
		}
		if err := e.ad.Deliver(context.Background(), bot.Outgoing{Platform: telegram.Platform, Channel: groupChannel, Reply: r}); err != nil {
			e.t.Fatalf("Deliver: %v", err)
		}
	}
	return private
}

// boardMsg is one SetBoardMessage the bot made.
type boardMsg struct {
	id      string
	version int64
}

// recordingStore passes SetBoardMessage on and reports each one made, so
// that a test waits for the bot's Posted instead of guessing when it ran.
type recordingStore struct {
	store.Store
	set chan boardMsg
}

func (s recordingStore) SetBoardMessage(ctx context.Context, game, version int64, id string) error {
	err := s.Store.SetBoardMessage(ctx, game, version, id)
	if err == nil {
		s.set <- boardMsg{id, version}
	}
	return err
}

// wantPosted waits for the bot to record a board message and checks it.
func wantPosted(t *testing.T, set <-chan boardMsg, what string, id int, version int64) {
	t.Helper()
	got := <-set
	if got.id != strconv.Itoa(id) || got.version != version {
		t.Fatalf("%s: board message %s (version %d) recorded, want %d (version %d)", what, got.id, got.version, id, version)
	}
}

// A move made in the board app edits the group's board in place
// (editMessageMedia: the new image, caption and buttons; no new message);
// a button press in the chat edits it as before; both are recorded as the
// game's board message (Posted) with their version. When the board was
// deleted, the app's move posts a new one and records it; a stale move
// from the app is refused privately and changes nothing.
func TestAppMoveEditsGroupBoard(t *testing.T) {
	t.Parallel()
	logs := &logBuffer{}
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	rl := &renderLog{}
	set := make(chan boardMsg, 16)
	b := bot.New(bot.Config{Store: recordingStore{db, set}, Render: rl.render, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	e := start(t, b, logs)
	e.db, e.bot = db, b

	e.say(group, alice, "en", "/new kalah @bob")
	e.say(group, bob, "en", "/accept")
	board := e.last(group)
	g, err := db.LiveGame(context.Background(), telegram.Platform, groupChannel)
	if err != nil {
		t.Fatal(err)
	}
	if !board.IsPhoto() {
		t.Fatalf("the start's board is not a photo: %+v", board)
	}
	wantPosted(t, set, "the start", board.ID, g.Version)
	sent := len(e.srv.Sent(group))

	// Alice moves in the app: the board message is edited in place.
	if p := e.appMove(alice, button(t, board, "1")); len(p) != 0 {
		t.Fatalf("app move refused: %+v", p)
	}
	if n := len(e.srv.Sent(group)); n != sent {
		t.Fatalf("app move: %d messages in the group, want %d (an edit)", n, sent)
	}
	edited, _ := e.srv.Message(group, board.ID)
	calls := e.srv.Calls("editMessageMedia")
	if len(calls) != 1 || calls[0].Params["message_id"] != strconv.Itoa(board.ID) || edited.Edits != 1 {
		t.Fatalf("app move: editMessageMedia calls %d (of message %v), edits %d; want one of %d",
			len(calls), calls, edited.Edits, board.ID)
	}
	if string(edited.Photo) == string(board.Photo) || labels(edited) != "6 5 4 3 2 1 ▶" {
		t.Errorf("edited board: photo changed %v, buttons %q; want bob's turn", string(edited.Photo) != string(board.Photo), labels(edited))
	}
	g, _ = db.Game(context.Background(), g.ID)
	wantPosted(t, set, "the app move", board.ID, g.Version)

	// Bob presses a button in the chat: the pressed message is edited and
	// recorded at the new version.
	e.press(group, bob, "en", board.ID, button(t, edited, "1"))
	g, _ = db.Game(context.Background(), g.ID)
	pressed, _ := e.srv.Message(group, board.ID)
	if pressed.Edits != 2 {
		t.Errorf("after a press: %d edits of the board, want 2", pressed.Edits)
	}
	wantPosted(t, set, "the press", board.ID, g.Version)

	// The board is deleted in the chat: the app's move posts a new one.
	if !e.srv.Delete(group, board.ID) {
		t.Fatal("no board to delete")
	}
	stale := button(t, pressed, "2")
	if p := e.appMove(alice, stale); len(p) != 0 {
		t.Fatalf("app move refused: %+v", p)
	}
	fresh := e.last(group)
	g, _ = db.Game(context.Background(), g.ID)
	if fresh.ID == board.ID || !fresh.IsPhoto() || len(e.srv.Sent(group)) != sent {
		t.Fatalf("after the board's deletion: last message %d (photo %v), %d messages; want a new board, %d messages",
			fresh.ID, fresh.IsPhoto(), len(e.srv.Sent(group)), sent)
	}
	wantPosted(t, set, "the app move after the deletion", fresh.ID, g.Version)
	if id, v, err := db.BoardMessage(context.Background(), g.ID); err != nil || id != strconv.Itoa(fresh.ID) || v != g.Version {
		t.Errorf("stored board message %s (version %d), %v; want %d (version %d)", id, v, err, fresh.ID, g.Version)
	}

	// A stale move from the app: refused privately, the board untouched.
	p := e.appMove(alice, stale)
	if len(p) != 1 || p[0].Board != nil {
		t.Fatalf("stale app move: private replies %+v, want one refusal", p)
	}
	if m, _ := e.srv.Message(group, fresh.ID); m.Edits != 0 || len(e.srv.Sent(group)) != sent {
		t.Errorf("a stale app move changed the group: %d edits, %d messages", m.Edits, len(e.srv.Sent(group)))
	}
	select {
	case m := <-set:
		t.Errorf("a stale app move recorded %+v", m)
	default:
	}
}

// postedLog collects the ids a reply's Posted is called with.
type postedLog struct {
	mu  sync.Mutex
	ids []string
}

func (p *postedLog) posted(id string) { p.mu.Lock(); p.ids = append(p.ids, id); p.mu.Unlock() }

func (p *postedLog) take() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	ids := p.ids
	p.ids = nil
	return ids
}

// Replace of a board without an image edits the text message
// (editMessageText); Posted gets the id of the message with the board
// (the last piece of a long text, the photo after a long caption's text),
// and is not called for a private reply, a reply that failed or a
// Replace that is not a message id (a new message is sent).
func TestReplaceAndPostedIDs(t *testing.T) {
	t.Parallel()
	e := start(t, &recorder{}, nil)
	deliver := func(r bot.Reply) error {
		return e.ad.Deliver(context.Background(), bot.Outgoing{Platform: telegram.Platform, Channel: groupChannel, Reply: r})
	}
	var log postedLog
	img, _ := fakeRender(mustStart(t), render.Options{})
	board := func(v int64, png []byte) *bot.Board {
		return &bot.Board{GameID: 5, Version: v, Text: "[4 4 4]", PNG: png, Buttons: [][]bot.Button{{{Label: "1", Data: "m:5:1:1"}}}}
	}

	if err := deliver(bot.Reply{Text: "Text board", Board: board(1, nil), Posted: log.posted}); err != nil {
		t.Fatal(err)
	}
	text := e.last(group)
	if got := log.take(); len(got) != 1 || got[0] != strconv.Itoa(text.ID) {
		t.Fatalf("Posted %v after a text board, want [%d]", got, text.ID)
	}
	if err := deliver(bot.Reply{Text: "Moved", Board: board(2, nil), Posted: log.posted, Replace: strconv.Itoa(text.ID)}); err != nil {
		t.Fatal(err)
	}
	m, _ := e.srv.Message(group, text.ID)
	if len(e.srv.Calls("editMessageText")) != 1 || m.Edits != 1 || !strings.HasPrefix(m.Visible(), "Moved") {
		t.Errorf("text board replaced: %d editMessageText, %d edits, %q", len(e.srv.Calls("editMessageText")), m.Edits, m.Visible())
	}
	if got := log.take(); len(got) != 1 || got[0] != strconv.Itoa(text.ID) {
		t.Errorf("Posted %v after a replaced text board, want [%d]", got, text.ID)
	}

	// A long caption goes first as text: the photo carries the board.
	long := strings.Repeat("Long caption. ", 100)
	if err := deliver(bot.Reply{Text: long, Board: board(3, img), Posted: log.posted}); err != nil {
		t.Fatal(err)
	}
	photo := e.last(group)
	if got := log.take(); !photo.IsPhoto() || len(got) != 1 || got[0] != strconv.Itoa(photo.ID) {
		t.Errorf("Posted %v after a long caption, want the photo [%d]", got, photo.ID)
	}

	// Not a message id: sent as a new message.
	n := len(e.srv.Sent(group))
	if err := deliver(bot.Reply{Text: "Moved", Board: board(4, img), Posted: log.posted, Replace: "not-an-id"}); err != nil {
		t.Fatal(err)
	}
	if got := log.take(); len(e.srv.Sent(group)) != n+1 || len(got) != 1 || got[0] != strconv.Itoa(e.last(group).ID) {
		t.Errorf("Replace of a bad id: %d new messages, Posted %v", len(e.srv.Sent(group))-n, got)
	}

	// A failed send calls nothing.
	e.srv.Fail("sendPhoto", 1, 403, "Forbidden: bot was kicked from the supergroup chat")
	if err := deliver(bot.Reply{Text: "Lost", Board: board(5, img), Posted: log.posted}); err == nil {
		t.Error("a refused send reported no error")
	}
	if got := log.take(); len(got) != 0 {
		t.Errorf("Posted %v after a failed send", got)
	}
}
