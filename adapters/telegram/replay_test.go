package telegram_test

import (
	"bytes"
	"context"
	"image/gif"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/adapters/telegram"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/render"
)

// moveGIF is a real animation of Kalah's pit 3 from the start.
func moveGIF(t *testing.T) []byte {
	t.Helper()
	start := mustStart(t)
	_, ev, err := start.PlayEvents(engine.Move{Pit: 2})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := render.Animation(&b, start, ev, render.Options{}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// wantAnimation checks that m is an animation whose GIF decodes with
// several frames; want, when not nil, is its exact bytes. It also checks
// that the upload went through sendAnimation.
func (e *env) wantAnimation(m telegramtest.Message, want []byte) {
	e.t.Helper()
	if !m.IsAnimation() || m.IsPhoto() || len(m.Keyboard) != 0 {
		e.t.Fatalf("message %d: want an animation without buttons: %+v", m.ID, m)
	}
	if want != nil && !bytes.Equal(m.Animation, want) {
		e.t.Errorf("the GIF arrived altered: %d bytes, sent %d", len(m.Animation), len(want))
	}
	g, err := gif.DecodeAll(bytes.NewReader(m.Animation))
	if err != nil {
		e.t.Fatalf("animation: %v", err)
	}
	if len(g.Image) < 2 {
		e.t.Errorf("animation of %d frames", len(g.Image))
	}
	found := false
	for _, c := range e.srv.Calls("sendAnimation") {
		found = found || c.Status == 200 && bytes.Equal(c.Files["animation"], m.Animation)
	}
	if !found {
		e.t.Errorf("no sendAnimation call uploaded message %d's GIF", m.ID)
	}
}

// The ▶ button under a group board and /replay send the last move as an
// animation (sendAnimation), captioned, and leave the board alone.
func TestReplayInGroup(t *testing.T) {
	t.Parallel()
	e := startBot(t)
	e.say(group, alice, "en", "/new kalah @bob")
	ch := e.last(group)
	e.press(group, bob, "en", ch.ID, button(t, ch, "✔"))
	board := e.last(group)
	if _, ok := board.Button("▶"); ok {
		t.Errorf("the first board offers a replay: %s", labels(board))
	}
	id := e.say(group, carol, "en", "/replay")
	if r := e.last(group); r.ReplyTo != id || r.Visible() != en("err_no_move_yet") {
		t.Errorf("/replay before a move: %+v (%q)", r, r.Visible())
	}

	if a := e.press(group, alice, "en", board.ID, button(t, board, "3")); a.Text != "" {
		t.Fatalf("move refused: %q", a.Text)
	}
	board, _ = e.srv.Message(group, board.ID)
	if labels(board) != "1 2 4 5 6 ▶" || len(board.Keyboard[len(board.Keyboard)-1]) != 1 {
		t.Fatalf("board after a move: %q in rows %v", labels(board), board.Keyboard)
	}
	if a := e.press(group, carol, "en", board.ID, button(t, board, "▶")); a.Text != "" || a.ShowAlert {
		t.Errorf("▶ answered %+v", a)
	}
	e.unchanged(group, board)
	anim := e.last(group)
	e.wantAnimation(anim, nil)
	want := locales.Plain(locales.Text(locales.EN, "replay_caption", map[string]any{
		"Move": locales.Text(locales.EN, "moved", map[string]any{"Player": "@alice", "Pit": 3}),
	}))
	if !strings.HasPrefix(anim.Visible(), want) || anim.ParseMode != "HTML" {
		t.Errorf("caption %q (%s), want %q", anim.Visible(), anim.ParseMode, want)
	}
	if e.moves(groupChannel) != 1 {
		t.Errorf("the replay changed the game")
	}

	e.say(group, bob, "en", "/replay")
	e.wantAnimation(e.last(group), anim.Animation)
}

// An animation reaches Telegram intact; a caption too long for one is
// sent before it as text; a group that refuses media gets the caption as
// text; Deliver sends animations too.
func TestAnimationDelivery(t *testing.T) {
	t.Parallel()
	gifData := moveGIF(t)
	long := strings.Repeat("A long caption. ", 80) // 1280 characters
	h := &recorder{reply: func(req bot.Request) []bot.Reply {
		if strings.HasPrefix(req.Text, "/long") {
			return []bot.Reply{{Text: long, Animation: gifData}}
		}
		return []bot.Reply{{Text: "*Last move:* pit 3", Animation: gifData}}
	}}
	e := start(t, h, nil)

	e.say(group, alice, "en", "/replay")
	m := e.last(group)
	e.wantAnimation(m, gifData)
	if m.Caption != "<b>Last move:</b> pit 3" {
		t.Errorf("caption %q", m.Caption)
	}

	e.say(group, alice, "en", "/long")
	sent := e.srv.Sent(group)
	text, anim := sent[len(sent)-2], sent[len(sent)-1]
	e.wantAnimation(anim, gifData)
	if anim.Caption != "" || text.IsAnimation() || strings.TrimSpace(text.Visible()) != strings.TrimSpace(long) {
		t.Errorf("long caption: text %q, animation caption %q", text.Visible(), anim.Caption)
	}

	e.srv.Fail("sendAnimation", 1, 400, "Bad Request: not enough rights to send animations to the chat")
	n := len(e.srv.Sent(group))
	e.say(group, alice, "en", "/replay")
	sent = e.srv.Sent(group)
	if len(sent) != n+1 || sent[n].IsAnimation() || sent[n].Visible() != "Last move: pit 3" {
		t.Errorf("after a refused animation: %+v", sent[n:])
	}

	if err := e.ad.Deliver(context.Background(), bot.Outgoing{Platform: telegram.Platform, Channel: groupChannel,
		Reply: bot.Reply{Text: "Replay", Animation: gifData}}); err != nil {
		t.Fatalf("Deliver: %v", err)
	}
	e.wantAnimation(e.last(group), gifData)
}

// A private reply with a board, in a group, goes to the user's private
// chat with the bot, for a typed command and for a press; when Telegram
// refuses that chat, the user is told (in their language) to open it and
// press Start: in reply to the command, or in the press's alert. In a
// private chat such a reply is an ordinary message, and text-only private
// replies to a press stay alerts.
func TestPrivateBoardInGroup(t *testing.T) {
	t.Parallel()
	img, _ := fakeRender(mustStart(t), render.Options{})
	attempt := &bot.Board{GameID: 9, Version: 1, PNG: img, Buttons: [][]bot.Button{{{Label: "1", Data: "p:1"}}}}
	h := &recorder{reply: func(req bot.Request) []bot.Reply {
		switch {
		case req.Text == "/show":
			return []bot.Reply{{Text: "Today’s puzzle", Board: &bot.Board{PNG: img, Buttons: [][]bot.Button{{{Label: "1", Data: "p:1"}, {Label: "?", Data: "note"}}}}}}
		case req.Button == "note":
			return []bot.Reply{{Text: "*Just* a note", Private: true}}
		case req.Text == "/puzzle" || req.Button == "p:1":
			return []bot.Reply{{Text: "*Your* attempt", Board: attempt, Private: true, Edit: req.Button != ""}}
		}
		return nil
	}}
	e := start(t, h, nil)
	e.srv.RefusePrivateChat(carol.ID)

	wantDM := func(what string, u telegramtest.User, n int) {
		t.Helper()
		sent := e.srv.Sent(u.ID)
		if len(sent) != n {
			t.Fatalf("%s: %d messages in %s's private chat, want %d", what, len(sent), u.FirstName, n)
		}
		m := sent[n-1]
		if !m.IsPhoto() || !bytes.Equal(m.Photo, img) || m.Visible() != "Your attempt" || labels(m) != "1" || m.ReplyTo != 0 {
			t.Errorf("%s: private message %+v", what, m)
		}
	}

	e.say(group, alice, "en", "/show")
	show := e.last(group)
	inGroup := len(e.srv.Sent(group))

	e.say(group, alice, "en", "/puzzle")
	wantDM("/puzzle", alice, 1)
	if a := e.press(group, alice, "en", show.ID, "p:1"); a.Text != "" {
		t.Errorf("press answered %+v", a)
	}
	wantDM("press", alice, 2)
	e.unchanged(group, show)
	if n := len(e.srv.Sent(group)); n != inGroup {
		t.Errorf("%d messages in the group, want %d: private boards leaked", n, inGroup)
	}

	// carol never opened a chat with the bot.
	id := e.say(group, carol, "ru", "/puzzle")
	hint := locales.Text(locales.RU, "err_private_chat", map[string]any{"Bot": "@" + telegramtest.DefaultBot.UserName})
	if r := e.last(group); r.ReplyTo != id || r.Visible() != locales.Plain(hint) || r.IsPhoto() {
		t.Errorf("refused private chat: %+v (%q), want a reply %q", r, r.Visible(), hint)
	}
	a := e.press(group, carol, "en", show.ID, "p:1")
	if want := locales.Plain(locales.Text(locales.EN, "err_private_chat", map[string]any{"Bot": "@MancalaTestBot"})); !a.ShowAlert || a.Text != want {
		t.Errorf("press with the private chat refused: %+v, want the alert %q", a, want)
	}
	if len(e.srv.Sent(carol.ID)) != 0 {
		t.Errorf("messages in carol's refused chat")
	}
	for _, c := range e.srv.Calls("sendPhoto") {
		if c.Status == 403 && !strings.Contains(c.Error, "can't initiate") {
			t.Errorf("unexpected refusal %q", c.Error)
		}
	}
	e.srv.AllowPrivateChat(carol.ID) // she pressed Start
	e.say(group, carol, "en", "/puzzle")
	wantDM("/puzzle after Start", carol, 1)

	// In a private chat, private replies are ordinary messages; a press
	// edits its message like any other reply.
	dm := alice.ID
	e.say(dm, alice, "en", "/puzzle")
	wantDM("/puzzle in private", alice, 3)
	held := e.last(dm)
	if a := e.press(dm, alice, "en", held.ID, "p:1"); a.Text != "" {
		t.Errorf("press in private answered %+v", a)
	}
	if m, _ := e.srv.Message(dm, held.ID); m.Edits != 1 || len(e.srv.Sent(dm)) != 3 {
		t.Errorf("press in private: the board was not edited in place (%d edits, %d messages)", m.Edits, len(e.srv.Sent(dm)))
	}
	if a := e.press(group, alice, "en", show.ID, "note"); !a.ShowAlert || a.Text != "Just a note" {
		t.Errorf("a text-only private reply to a press: %+v, want an alert", a)
	}
}
