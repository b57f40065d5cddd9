package telegram_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/telegram"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
)

func en(key string) string { return locales.Text(locales.EN, key, nil) }

var groupChannel = strconv.FormatInt(group, 10)

// moves is the number of moves of the channel's live game.
func (e *env) moves(channel string) int {
	e.t.Helper()
	g, err := e.db.LiveGame(context.Background(), telegram.Platform, channel)
	if err != nil {
		e.t.Fatalf("live game: %v", err)
	}
	return len(g.Moves)
}

// unchanged fails when message id of chat differs from before.
func (e *env) unchanged(chat int64, before telegramtest.Message) {
	e.t.Helper()
	after, _ := e.srv.Message(chat, before.ID)
	if after.Edits != before.Edits || !bytes.Equal(after.Photo, before.Photo) || labels(after) != labels(before) || after.Caption != before.Caption {
		e.t.Errorf("message %d changed: before %+v, after %+v", before.ID, before, after)
	}
}

func wantAlert(t *testing.T, a telegramtest.CallbackAnswer, key string) {
	t.Helper()
	if !a.ShowAlert || a.Text != en(key) {
		t.Errorf("callback answer %+v, want an alert %q", a, en(key))
	}
}

// A whole game in a group between two people, played with the buttons:
// challenge, a stranger's press, accept, every move from the keyboard
// offered, a press out of turn, a stale press, a double press and a 429
// in the middle.
func TestGroupGameWithButtons(t *testing.T) {
	t.Parallel()
	e := startBot(t)
	e.say(group, alice, "en", "/new@MancalaTestBot kalah @bob")
	ch := e.last(group)
	if ch.IsPhoto() || ch.ParseMode != "HTML" || !strings.Contains(ch.Visible(), "@alice") || !strings.Contains(ch.Visible(), "@bob") {
		t.Fatalf("challenge: %+v", ch)
	}
	accept := button(t, ch, "✔")

	wantAlert(t, e.press(group, carol, "en", ch.ID, accept), "err_not_invited")
	e.unchanged(group, ch)

	if a := e.press(group, bob, "en", ch.ID, accept); a.Text != "" || a.ShowAlert {
		t.Errorf("accept answered %+v", a)
	}
	if m, _ := e.srv.Message(group, ch.ID); len(m.Keyboard) != 0 {
		t.Errorf("the challenge kept its buttons: %+v", m.Keyboard)
	}
	board := e.last(group)
	if !board.IsPhoto() || labels(board) != "1 2 3 4 5 6" || !strings.HasSuffix(board.Visible(), "@alice to move.") {
		t.Fatalf("first board: %+v (%q)", board, board.Visible())
	}

	players := map[string]telegramtest.User{"@alice": alice, "@bob": bob}
	toMove := func(m telegramtest.Message) (mover, other telegramtest.User) {
		lines := strings.Split(m.Visible(), "\n")
		last := lines[len(lines)-1]
		for k, u := range players {
			if strings.HasPrefix(last, k+" ") {
				if u == alice {
					return alice, bob
				}
				return bob, alice
			}
		}
		t.Fatalf("no player to move in %q", m.Visible())
		return
	}
	var old string // a button of an older board
	plies := 0
	for ply := 0; ; ply++ {
		if ply > 400 {
			t.Fatal("the game did not end")
		}
		m, _ := e.srv.Message(group, board.ID)
		if labels(m) == "↻ Rematch ▶ 📈 Review" {
			break
		}
		mover, other := toMove(m)
		data := m.Buttons()[0].Data
		n := e.moves(groupChannel)
		switch ply {
		case 1:
			wantAlert(t, e.press(group, other, "en", board.ID, data), "err_not_your_turn")
			e.unchanged(group, m)
		case 2:
			wantAlert(t, e.press(group, mover, "en", board.ID, old), "err_stale_button")
			e.unchanged(group, m)
		case 3: // a double press applies one move
			id1 := e.srv.PressButton(group, mover, "en", board.ID, data)
			id2 := e.srv.PressButton(group, mover, "en", board.ID, data)
			e.settle()
			a1, _ := e.srv.Answer(id1)
			a2, ok := e.srv.Answer(id2)
			if a1.Text != "" || !ok {
				t.Errorf("double press: answers %+v, %+v", a1, a2)
			}
			wantAlert(t, a2, "err_stale_button")
			if got := e.moves(groupChannel); got != n+1 {
				t.Fatalf("double press: %d moves, want %d", got, n+1)
			}
			plies++
			old = data
			continue
		case 4:
			e.srv.RateLimit("editMessageMedia", 1, 1)
		}
		if a := e.press(group, mover, "en", board.ID, data); a.Text != "" {
			t.Fatalf("ply %d: move refused: %q", ply, a.Text)
		}
		after, _ := e.srv.Message(group, board.ID)
		if after.Edits != m.Edits+1 || bytes.Equal(after.Photo, m.Photo) {
			t.Fatalf("ply %d: board not edited: before %d edits, after %d", ply, m.Edits, after.Edits)
		}
		if l := e.last(group); l.ID != board.ID {
			t.Fatalf("ply %d: a new message %+v instead of an edit", ply, l)
		}
		if ply == 4 {
			calls := e.srv.Calls("editMessageMedia")
			last, prev := calls[len(calls)-1], calls[len(calls)-2]
			if prev.Status != 429 || last.Status != 200 || last.Time.Sub(prev.Time) < 900*time.Millisecond {
				t.Errorf("429: calls %v at %v, then %v at %v", prev.Status, prev.Time, last.Status, last.Time)
			}
			if e.ad.Stats().RateLimited == 0 {
				t.Error("the 429 was not counted")
			}
		}
		plies++
		old = data
	}
	final, _ := e.srv.Message(group, board.ID)
	if !strings.Contains(final.Visible(), "Game over") {
		t.Errorf("final board: %q", final.Visible())
	}
	last, err := e.db.LastGame(context.Background(), telegram.Platform, groupChannel)
	if err != nil || last.Phase != store.PhaseOver || len(last.Moves) < plies {
		t.Fatalf("stored game: %+v, %v (plies %d)", last, err, plies)
	}
	if n := len(e.srv.Sent(group)); n != 2 {
		t.Errorf("the bot sent %d messages; want the challenge and one board, edited", n)
	}
	if len(e.srv.Answers()) != len(e.srv.Calls("answerCallbackQuery")) {
		t.Error("a callback answer failed")
	}
}

// Typed commands in a group: accept, a stranger's move answered in reply
// to their message, a command for another bot ignored, and a resign.
func TestGroupTypedCommandsAndResign(t *testing.T) {
	t.Parallel()
	e := startBot(t)
	e.say(group, alice, "en", "/new kalah")
	e.say(group, dave, "", "/accept")
	b := e.last(group)
	if !b.IsPhoto() || labels(b) != "1 2 3 4 5 6" || !strings.Contains(b.Visible(), "Dave") {
		t.Fatalf("board after /accept: %+v %q", b, b.Visible())
	}
	id := e.say(group, carol, "en", "/move 1")
	r := e.last(group)
	if r.ReplyTo != id || r.Visible() != en("err_not_a_player") {
		t.Errorf("refusal %+v (%q), want a reply to message %d", r, r.Visible(), id)
	}
	n := len(e.srv.Sent(group))
	e.say(group, alice, "en", "/help@SomeOtherBot")
	e.say(group, alice, "en", "just chatting")
	if len(e.srv.Sent(group)) != n {
		t.Error("the bot answered a message not for it")
	}
	e.say(group, alice, "en", "/resign")
	r = e.last(group)
	if !r.IsPhoto() || labels(r) != "↻ Rematch" || !strings.Contains(r.Visible(), "@alice resigned.") { // no move: no ▶
		t.Errorf("resign: %+v %q", r, r.Visible())
	}
	last, err := e.db.LastGame(context.Background(), telegram.Platform, groupChannel)
	if err != nil || last.Result != "north_won" || last.Reason != "resign" {
		t.Errorf("stored: %+v %v", last, err)
	}
}

// A game against the bot in a private chat, to the end: a pit number typed
// as plain text, then the buttons.
func TestGameAgainstTheBotInPrivate(t *testing.T) {
	t.Parallel()
	e := startBot(t)
	chat := alice.ID
	e.say(chat, alice, "en", "/new kalah bot")
	m := e.last(chat)
	if !m.IsPhoto() || len(m.Buttons()) == 0 {
		t.Fatalf("start: %+v", m)
	}
	e.say(chat, alice, "en", m.Buttons()[0].Text)
	if got := e.moves(strconv.FormatInt(chat, 10)); got < 2 {
		t.Fatalf("after a typed move: %d moves, want the bot's answer too", got)
	}
	for i := 0; ; i++ {
		if i > 200 {
			t.Fatal("the game did not end")
		}
		m = e.last(chat)
		if labels(m) == "↻ Rematch ▶ 📈 Review" {
			break
		}
		if len(m.Buttons()) == 0 {
			t.Fatalf("a board without buttons: %q", m.Visible())
		}
		if a := e.press(chat, alice, "en", m.ID, m.Buttons()[0].Data); a.Text != "" {
			t.Fatalf("move refused: %q", a.Text)
		}
	}
	if !strings.Contains(m.Visible(), "Game over") {
		t.Errorf("final: %q", m.Visible())
	}
	if _, err := e.db.LastGame(context.Background(), telegram.Platform, strconv.FormatInt(chat, 10)); err != nil {
		t.Error(err)
	}
}

// The rules come in the language of each user's Telegram app.
func TestRulesInEachLanguage(t *testing.T) {
	t.Parallel()
	e := startBot(t)
	seen := map[string]bool{}
	for _, lang := range []string{"ru", "da", "pl", "en"} {
		e.say(group, dave, lang, "/rules kalah")
		m := e.last(group)
		want := strings.TrimSpace(locales.Plain(locales.Rules(locales.Resolve(lang), "kalah", map[string]string{})))
		if got := m.Visible(); got != want {
			t.Errorf("%s: got\n%s\nwant\n%s", lang, got, want)
		}
		if m.ParseMode != "HTML" || seen[m.Visible()] {
			t.Errorf("%s: parse mode %q, repeated %v", lang, m.ParseMode, seen[m.Visible()])
		}
		seen[m.Visible()] = true
	}
}

// The command menu is registered in English by default and in Russian,
// Danish and Polish, and a 429 on the way is waited out.
func TestSetMyCommands(t *testing.T) {
	t.Parallel()
	e := start(t, &recorder{}, nil, func(_ *telegram.Config, s *telegramtest.Server) {
		s.RateLimit("setMyCommands", 1, 1)
	})
	codes := map[locales.Lang]string{locales.EN: "", locales.RU: "ru", locales.DA: "da", locales.PL: "pl"}
	ok := e.srv.WaitFor(10*time.Second, func() bool {
		for _, c := range codes {
			if _, ok := e.srv.Commands(c); !ok {
				return false
			}
		}
		return true
	})
	if !ok {
		t.Fatalf("commands not registered: %+v", e.srv.Calls("setMyCommands"))
	}
	for l, code := range codes {
		cmds, _ := e.srv.Commands(code)
		var names []string
		for _, c := range cmds {
			names = append(names, c.Command)
			if want := locales.Plain(locales.Text(l, "cmd_"+c.Command, nil)); c.Description != want {
				t.Errorf("%s /%s: %q, want %q", l, c.Command, c.Description, want)
			}
		}
		var want []string
		for _, c := range bot.Commands {
			want = append(want, c.Name)
		}
		if !slices.Equal(names, want) || len(names) < 24 {
			t.Errorf("%s: commands %s, want the bot's table: %s", l, names, want)
		}
	}
	if ru, _ := e.srv.Commands("ru"); ru[0].Description == en("cmd_new") {
		t.Error("Russian descriptions are English")
	}
	if calls := e.srv.Calls("setMyCommands"); len(calls) != 5 || calls[0].Status != 429 {
		t.Errorf("setMyCommands calls: %d", len(calls))
	}
	if !e.srv.WebhookDeleted() || e.ad.Username() != telegramtest.DefaultBot.UserName {
		t.Error("no deleteWebhook or getMe")
	}
}

// Cancelling Run ends a long poll at once: with a ten-minute poll and as
// long to shut down, Run returns (before stop's guard gives up) only if
// the cancel ended the poll.
func TestShutdownIsPrompt(t *testing.T) {
	t.Parallel()
	e := start(t, &recorder{}, nil, func(c *telegram.Config, _ *telegramtest.Server) {
		c.PollTimeout, c.ShutdownTimeout = 10*time.Minute, 10*time.Minute
	})
	// start returned after the first getUpdates: the long poll is under way.
	t0 := time.Now()
	if err := e.stop(); err != nil {
		t.Fatal(err)
	}
	t.Logf("Run returned %v after the cancel, with a ten-minute long poll", time.Since(t0).Round(time.Millisecond))
}

// slowHandler answers "/slow" after a while, reporting whether its
// context was still live.
type slowHandler struct{ started, release chan struct{} }

func (h *slowHandler) Handle(ctx context.Context, req bot.Request) []bot.Reply {
	close(h.started)
	<-h.release
	return []bot.Reply{{Text: fmt.Sprintf("done, ctx err %v", ctx.Err())}}
}

// Cancelling Run lets the handlers in flight finish and deliver.
func TestShutdownFinishesHandlers(t *testing.T) {
	t.Parallel()
	h := &slowHandler{started: make(chan struct{}), release: make(chan struct{})}
	e := start(t, h, nil)
	e.srv.SendText(alice.ID, alice, "en", "/slow")
	<-h.started
	time.AfterFunc(200*time.Millisecond, func() { close(h.release) })
	if err := e.stop(); err != nil {
		t.Fatal(err)
	}
	m, ok := e.srv.LastSent(alice.ID)
	if !ok || m.Visible() != "done, ctx err <nil>" {
		t.Errorf("reply after shutdown: %+v", m)
	}
	if n := e.srv.Unconfirmed(); n != 0 {
		t.Errorf("%d updates left unconfirmed", n)
	}
	confirmed := false
	for _, c := range e.srv.Calls("getUpdates") {
		confirmed = confirmed || c.Params["timeout"] == "" && c.Params["offset"] != ""
	}
	if !confirmed {
		t.Error("no getUpdates confirmed the updates without waiting at shutdown")
	}
}

// The token never appears in logs or errors.
func TestTokenNeverLeaks(t *testing.T) {
	t.Parallel()
	check := func(t *testing.T, err error) {
		t.Helper()
		if err == nil {
			t.Fatal("want an error")
		}
		for e := err; e != nil; e = errors.Unwrap(e) {
			noLeak(t, "an error", fmt.Sprintf("%v %+v %#v", e, e, e))
		}
	}
	t.Run("network errors", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()
		logs := &logBuffer{}
		ad, err := telegram.New(telegram.Config{Token: token, APIEndpoint: "http://" + addr,
			Logger: slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))}, &recorder{})
		if err != nil {
			t.Fatal(err)
		}
		// Run retries the failing getMe until it is stopped: once the
		// logs show the failure (however long a busy machine takes).
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- ad.Run(ctx) }()
		for end := time.Now().Add(2 * time.Minute); !strings.Contains(logs.String(), "/bot<token>/getMe") && time.Now().Before(end); {
			time.Sleep(5 * time.Millisecond) // a poll for the log line; the bound is a hang guard
		}
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
		out := logs.String()
		noLeak(t, "logs", out)
		if !strings.Contains(out, "/bot<token>/getMe") {
			t.Errorf("the logs do not show the failing call:\n%s", out)
		}
		err = ad.Deliver(context.Background(), bot.Outgoing{Platform: telegram.Platform, Channel: "42", Reply: bot.Reply{Text: "hi"}})
		check(t, err)
		noLeak(t, "logs", logs.String())
		ctx, cancel = context.WithCancel(context.Background())
		cancel()
		err = ad.Deliver(ctx, bot.Outgoing{Channel: "42", Reply: bot.Reply{Text: "hi"}})
		check(t, err)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("a cancelled delivery: %v", err)
		}
	})
	t.Run("rejected token", func(t *testing.T) {
		srv := telegramtest.New("1:another")
		defer srv.Close()
		logs := &logBuffer{}
		ad, err := telegram.New(telegram.Config{Token: token, APIEndpoint: srv.URL, Logger: slog.New(slog.NewTextHandler(logs, nil))}, &recorder{})
		if err != nil {
			t.Fatal(err)
		}
		err = ad.Run(context.Background())
		check(t, err)
		if !errors.Is(err, telegram.ErrUnauthorized) {
			t.Errorf("Run: %v, want ErrUnauthorized", err)
		}
		noLeak(t, "logs", logs.String())
	})
	t.Run("echoed by the server", func(t *testing.T) {
		logs := &logBuffer{}
		e := start(t, &recorder{}, logs)
		e.srv.Fail("sendMessage", 1, 400, "Bad Request: chat /bot"+token+"/sendMessage not found")
		err := e.ad.Deliver(context.Background(), bot.Outgoing{Channel: "42", Reply: bot.Reply{Text: "hi"}})
		check(t, err)
		var te *telegram.Error
		if !errors.As(err, &te) || te.Code != 400 || !strings.Contains(te.Description, "<token>") {
			t.Errorf("error %#v", err)
		}
	})
	t.Run("configuration", func(t *testing.T) {
		for _, c := range []telegram.Config{
			{Token: token, APIEndpoint: "ftp://example.com/" + token},
			{Token: token, APIEndpoint: "http://example.com/" + token + "%d"},
			{Token: token + " extra"},
			{Token: "bot" + token},
		} {
			_, err := telegram.New(c, &recorder{})
			check(t, err)
		}
	})
}

// Real update payloads become the right requests, or are ignored.
func TestFixtures(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file   string
		want   *bot.Request // nil: ignored
		thread int          // the topic the reply goes to
	}{
		{file: "group_command.json", want: &bot.Request{Channel: "-1001500000001", ChannelLink: "https://t.me/c/1500000001", ChannelTitle: "Mancala club", Text: "/new@MancalaTestBot kalah @bob_k",
			User: bot.User{ID: "310001", Name: "Alice", Locale: "pl", Mention: "@alice_s"}}},
		{file: "private_message.json", want: &bot.Request{Channel: "310002", Text: "3", ChannelTitle: "@MancalaTestBot",
			User: bot.User{ID: "310002", Name: "Борис", Locale: "ru", Mention: "Борис"}}},
		{file: "callback_query.json", want: &bot.Request{Channel: "-1001500000001", ChannelLink: "https://t.me/c/1500000001", ChannelTitle: "Mancala club", Button: "m:1:2:3",
			User: bot.User{ID: "310002", Name: "Борис", Locale: "da", Mention: "@bob_k"}}},
		{file: "topic_command.json", thread: 12, want: &bot.Request{Channel: "-1001500000002:12", ChannelLink: "https://t.me/c/1500000002", ChannelTitle: "Board games", Text: "/board",
			User: bot.User{ID: "310003", Name: "Carl", Locale: "en", Mention: "Carl"}}},
		{file: "text_mention.json", want: &bot.Request{Channel: "-1001500000001", ChannelLink: "https://t.me/c/1500000001", ChannelTitle: "Mancala club", Text: "/new kalah @310009",
			User: bot.User{ID: "310001", Name: "Alice", Locale: "en", Mention: "@alice_s"}}},
		{file: "group_reply_thread.json", want: &bot.Request{Channel: "-1001500000001", ChannelLink: "https://t.me/c/1500000001", ChannelTitle: "Mancala club", Text: "/move 4",
			User: bot.User{ID: "310001", Name: "Alice", Locale: "en", Mention: "@alice_s"}}},
		{file: "group_plain_text.json"},
		{file: "other_bot_command.json"},
		{file: "anonymous_admin.json"},
		{file: "edited_message.json"},
		{file: "inline_callback.json"},
	}
	for _, tc := range tests {
		t.Run(strings.TrimSuffix(tc.file, ".json"), func(t *testing.T) {
			rec := &recorder{reply: func(req bot.Request) []bot.Reply {
				if req.Button != "" {
					return []bot.Reply{{Text: "*No*, not now", Private: true}}
				}
				return []bot.Reply{{Text: "ok"}}
			}}
			e := start(t, rec, nil)
			raw, err := os.ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := e.srv.Inject(raw); err != nil {
				t.Fatal(err)
			}
			e.srv.WaitFor(5*time.Second, func() bool {
				st := e.ad.Stats()
				return e.srv.Unconfirmed() == 0 && st.Handled == st.Received
			})
			reqs := rec.requests()
			if tc.want == nil {
				if len(reqs) != 0 {
					t.Fatalf("handled an update to ignore: %+v", reqs)
				}
			} else {
				tc.want.Platform = telegram.Platform
				if len(reqs) != 1 {
					t.Fatalf("requests %+v, want %+v", reqs, *tc.want)
				}
				got := reqs[0]
				if got.CanManage == nil {
					t.Error("no CanManage")
				}
				got.CanManage = nil // tested in TestCanManage
				if got.Received.IsZero() {
					t.Error("no Received time")
				}
				got.Received = time.Time{}
				if id, err := strconv.Atoi(got.EventID); err != nil || id <= 0 {
					t.Errorf("EventID %q, want the update id", got.EventID)
				}
				got.EventID = ""
				if got.Duplicate == nil {
					t.Error("no Duplicate") // what a press's answer needs; see TestThreeProcessesTelegramWebhook
				}
				got.Duplicate = nil
				if got.InProgress == nil {
					t.Error("no InProgress") // what keeps an unfinished update unacknowledged; see TestInProgressNotAcknowledged
				}
				got.InProgress = nil
				if !reflect.DeepEqual(got, *tc.want) {
					t.Fatalf("requests %+v, want %+v", reqs, *tc.want)
				}
			}
			answers := e.srv.Answers()
			if strings.Contains(string(raw), "callback_query") {
				want := telegramtest.CallbackAnswer{Text: "No, not now", ShowAlert: true}
				if tc.want == nil {
					want = telegramtest.CallbackAnswer{}
				}
				if len(answers) != 1 || answers[0].Text != want.Text || answers[0].ShowAlert != want.ShowAlert {
					t.Errorf("callback answers %+v, want %+v", answers, want)
				}
				return
			}
			if tc.want != nil {
				ch, _ := strconv.ParseInt(strings.Split(tc.want.Channel, ":")[0], 10, 64)
				m, ok := e.srv.LastSent(ch)
				if !ok || m.Text != "ok" || m.ThreadID != tc.thread {
					t.Errorf("reply %+v, want one in thread %d", m, tc.thread)
				}
			}
		})
	}
}

// Deliver sends a message on the bot's own: HTML, to a topic, and refuses
// what is not for Telegram.
func TestDeliver(t *testing.T) {
	t.Parallel()
	e := start(t, &recorder{}, nil)
	ctx := context.Background()
	err := e.ad.Deliver(ctx, bot.Outgoing{Platform: telegram.Platform, Channel: groupChannel,
		Reply: bot.Reply{Text: "*Reminder*: <you> & \"me\"", Private: true}})
	if err != nil {
		t.Fatal(err)
	}
	m := e.last(group)
	if m.Text != "<b>Reminder</b>: &lt;you&gt; &amp; &#34;me&#34;" || m.Visible() != "Reminder: <you> & \"me\"" {
		t.Errorf("HTML %q, visible %q", m.Text, m.Visible())
	}
	if err := e.ad.Deliver(ctx, bot.Outgoing{Channel: groupChannel + ":77", Reply: bot.Reply{Text: "in a topic"}}); err != nil {
		t.Fatal(err)
	}
	if m := e.last(group); m.ThreadID != 77 {
		t.Errorf("topic message %+v", m)
	}
	for _, o := range []bot.Outgoing{
		{Platform: "discord", Channel: "42"}, {Channel: "general"}, {Channel: "42:x"}, {Channel: "0"},
	} {
		if err := e.ad.Deliver(ctx, o); err == nil {
			t.Errorf("Deliver(%+v) succeeded", o)
		}
	}
}

// Long texts are split at 4096 characters; a caption over 1024 goes as
// its own message before the photo; a board without an image is text.
func TestLongTextsAndBoards(t *testing.T) {
	t.Parallel()
	e := start(t, &recorder{}, nil)
	ctx := context.Background()
	var b strings.Builder
	for i := range 400 {
		fmt.Fprintf(&b, "*Line %d* with a few words & <signs>\n", i)
	}
	long := b.String()
	if err := e.ad.Deliver(ctx, bot.Outgoing{Channel: "42", Reply: bot.Reply{Text: long}}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range e.srv.Sent(42) {
		if n := len([]rune(m.Visible())); n > 4096 {
			t.Errorf("a message of %d characters", n)
		}
		got = append(got, m.Visible())
	}
	if len(got) < 2 || strings.Join(got, "\n") != strings.TrimSpace(locales.Plain(long)) {
		t.Errorf("split into %d messages that do not add up", len(got))
	}

	png, _ := fakeRender(mustStart(t), render.Options{})
	caption := strings.Repeat("word ", 300)
	board := &bot.Board{PNG: png, Buttons: [][]bot.Button{{{Label: "1", Data: "m:1:1:1"}}}}
	if err := e.ad.Deliver(ctx, bot.Outgoing{Channel: "43", Reply: bot.Reply{Text: caption, Board: board}}); err != nil {
		t.Fatal(err)
	}
	sent := e.srv.Sent(43)
	if len(sent) != 2 || sent[0].IsPhoto() || sent[0].Visible() != strings.TrimSpace(caption) ||
		!sent[1].IsPhoto() || sent[1].Caption != "" || labels(sent[1]) != "1" {
		t.Errorf("long caption: %+v", sent)
	}

	// A photo Telegram refuses becomes the text board.
	e.srv.Fail("sendPhoto", 1, 400, "Bad Request: not enough rights to send photos to the chat")
	board.Text = "4 4\n4 4\n"
	if err := e.ad.Deliver(ctx, bot.Outgoing{Channel: "45", Reply: bot.Reply{Text: "*Move*", Board: board}}); err != nil {
		t.Fatal(err)
	}
	if m := e.last(45); m.IsPhoto() || m.Text != "<b>Move</b>\n<pre>4 4\n4 4</pre>" || labels(m) != "1" {
		t.Errorf("refused photo: %+v", m)
	}

	text := &bot.Board{Text: "  4 4 4\n4 4 4\n", Buttons: [][]bot.Button{{{Label: "1", Data: "m:1:1:1"}}}}
	if err := e.ad.Deliver(ctx, bot.Outgoing{Channel: "44", Reply: bot.Reply{Text: "*Board*", Board: text}}); err != nil {
		t.Fatal(err)
	}
	if m := e.last(44); m.Text != "<b>Board</b>\n<pre>  4 4 4\n4 4 4</pre>" || labels(m) != "1" {
		t.Errorf("text board: %q", m.Text)
	}
}

// Edits: a photo is replaced in place; a text message cannot become a
// photo; a failed edit becomes a new message; an identical edit is fine.
func TestEdits(t *testing.T) {
	t.Parallel()
	img1, _ := fakeRender(mustStart(t), render.Options{})
	img2 := append([]byte(nil), img1...)
	img2[len(img2)-1] ^= 1
	rec := &recorder{reply: func(req bot.Request) []bot.Reply {
		switch req.Button {
		case "photo":
			return []bot.Reply{{Text: "new *board*", Edit: true, Board: &bot.Board{PNG: img2, Buttons: [][]bot.Button{{{Label: "b", Data: "photo"}}}}}}
		case "text":
			return []bot.Reply{{Text: "declined", Edit: true}}
		}
		return nil
	}}
	e := start(t, rec, nil)
	ctx := context.Background()
	send := func(r bot.Reply) telegramtest.Message {
		if err := e.ad.Deliver(ctx, bot.Outgoing{Channel: "42", Reply: r}); err != nil {
			t.Fatal(err)
		}
		return e.last(42)
	}
	photo := send(bot.Reply{Text: "board", Board: &bot.Board{PNG: img1, Buttons: [][]bot.Button{{{Label: "a", Data: "photo"}}}}})
	text := send(bot.Reply{Text: "challenge", Board: &bot.Board{Buttons: [][]bot.Button{{{Label: "✔", Data: "photo"}, {Label: "✖", Data: "text"}}}}})

	e.press(42, alice, "en", photo.ID, "photo")
	if m, _ := e.srv.Message(42, photo.ID); !bytes.Equal(m.Photo, img2) || m.Caption != "new <b>board</b>" || labels(m) != "b" || m.Edits != 1 {
		t.Errorf("edited photo: %+v", m)
	}

	n := len(e.srv.Sent(42))
	e.press(42, alice, "en", text.ID, "photo")
	if m, _ := e.srv.Message(42, text.ID); len(m.Keyboard) != 0 || m.Text != "challenge" {
		t.Errorf("the text message: %+v", m)
	}
	if sent := e.srv.Sent(42); len(sent) != n+1 || !sent[n].IsPhoto() || labels(sent[n]) != "b" {
		t.Errorf("no new board after editing a text message: %+v", sent)
	}

	e.srv.Fail("editMessageMedia", 1, 400, "Bad Request: message can't be edited")
	before, _ := e.srv.Message(42, photo.ID)
	e.press(42, alice, "en", photo.ID, "photo")
	e.unchanged(42, before)
	if sent := e.srv.Sent(42); len(sent) != n+2 || !sent[n+1].IsPhoto() {
		t.Errorf("no new message after a failed edit: %d messages", len(sent))
	}

	text2 := send(bot.Reply{Text: "challenge 2", Board: &bot.Board{Buttons: [][]bot.Button{{{Label: "✖", Data: "text"}}}}})
	e.press(42, alice, "en", text2.ID, "text")
	if m, _ := e.srv.Message(42, text2.ID); m.Text != "declined" || len(m.Keyboard) != 0 {
		t.Errorf("declined: %+v", m)
	}
	n = len(e.srv.Sent(42))
	e.press(42, alice, "en", text2.ID, "text") // the same again: not modified
	if len(e.srv.Sent(42)) != n {
		t.Error("an unmodified edit was sent again as a new message")
	}
	if c := e.srv.Calls("editMessageText"); c[len(c)-1].Status != 400 {
		t.Errorf("want a 'not modified' answer: %+v", c[len(c)-1])
	}
}

// Messages to a group are paced; 5xx answers are retried a few times;
// 4xx answers are not; a migrated group is followed.
func TestPacingAndRetries(t *testing.T) {
	t.Parallel()
	e := start(t, &recorder{}, nil, func(c *telegram.Config, _ *telegramtest.Server) {
		c.GroupInterval, c.Burst = 150*time.Millisecond, 1
	})
	ctx := context.Background()
	deliver := func(ch string) error {
		return e.ad.Deliver(ctx, bot.Outgoing{Channel: ch, Reply: bot.Reply{Text: "hello " + ch}})
	}
	// The pacer never sends early: the third message leaves at least two
	// intervals after the first Deliver began, however loaded the machine
	// (load only makes it later, so this bound cannot flake; the server's
	// receive times could, as a delayed first request shortens the gap).
	begin := time.Now()
	for range 3 {
		if err := deliver("-4000001"); err != nil {
			t.Fatal(err)
		}
	}
	if took := time.Since(begin); took < 2*150*time.Millisecond {
		t.Errorf("three messages to a group sent within %v, want at least 2 intervals of 150ms", took)
	}
	if calls := e.srv.Calls("sendMessage"); len(calls) != 3 {
		t.Errorf("%d messages sent to the group, want 3", len(calls))
	}

	count := func() int { return len(e.srv.Calls("sendMessage")) }
	n := count()
	e.srv.Fail("sendMessage", 2, 500, "Internal Server Error")
	if err := deliver("42"); err != nil || count() != n+3 {
		t.Errorf("after two 500s: %v, %d calls", err, count()-n)
	}
	n = count()
	e.srv.Fail("sendMessage", 4, 502, "Bad Gateway")
	if err := deliver("42"); err == nil || count() != n+4 {
		t.Errorf("after four 502s: %v, %d calls", err, count()-n)
	}
	n = count()
	e.srv.Fail("sendMessage", 1, 403, "Forbidden: bot was blocked by the user")
	err := deliver("42")
	var te *telegram.Error
	if !errors.As(err, &te) || te.Code != 403 || te.Method != "sendMessage" || count() != n+1 {
		t.Errorf("403: %v, %d calls", err, count()-n)
	}

	e.srv.Migrate(-4000002, -1004000002)
	if err := deliver("-4000002"); err != nil {
		t.Fatal(err)
	}
	if m, ok := e.srv.LastSent(-1004000002); !ok || m.Text != "hello -4000002" {
		t.Errorf("not delivered to the supergroup: %+v", m)
	}
}

func TestNewChecksItsConfig(t *testing.T) {
	t.Parallel()
	h := &recorder{}
	for _, c := range []struct {
		cfg telegram.Config
		h   telegram.Handler
	}{
		{telegram.Config{}, h},
		{telegram.Config{Token: "123"}, h},
		{telegram.Config{Token: "abc:def"}, h},
		{telegram.Config{Token: token}, nil},
		{telegram.Config{Token: token, APIEndpoint: "localhost:8081"}, h},
		{telegram.Config{Token: token, APIEndpoint: "http://host/bot%s"}, h},
	} {
		if _, err := telegram.New(c.cfg, c.h); err == nil {
			t.Errorf("New(%+v) succeeded", c.cfg)
		}
	}
	for _, ep := range []string{"", "https://api.telegram.org", "http://localhost:8081/", "http://localhost:8081/bot%s/%s"} {
		if _, err := telegram.New(telegram.Config{Token: token, APIEndpoint: ep}, h); err != nil {
			t.Errorf("endpoint %q: %v", ep, err)
		}
	}
	// The pattern form reaches the same server.
	srv := telegramtest.New(token)
	defer srv.Close()
	ad, err := telegram.New(telegram.Config{Token: token, APIEndpoint: srv.Endpoint()}, h)
	if err != nil {
		t.Fatal(err)
	}
	if err := ad.Deliver(context.Background(), bot.Outgoing{Channel: "5", Reply: bot.Reply{Text: "hi"}}); err != nil {
		t.Fatal(err)
	}
}

// TestAckOnlyWhenShown: a reply's Ack (the outbox's confirmation, see
// bot.Reply.Ack) is called once Telegram accepted the board, and never
// for a board Telegram refused.
func TestAckOnlyWhenShown(t *testing.T) {
	t.Parallel()
	e := start(t, &recorder{}, nil)
	ctx := context.Background()
	png, err := fakeRender(mustStart(t), render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var acks atomic.Int32
	board := func() bot.Outgoing {
		return bot.Outgoing{Platform: telegram.Platform, Channel: groupChannel, Reply: bot.Reply{
			Text: "Alice played 3.", Board: &bot.Board{GameID: 1, Version: 2, PNG: png}, Ack: func() { acks.Add(1) }}}
	}
	if err := e.ad.Deliver(ctx, board()); err != nil {
		t.Fatal(err)
	}
	if n := acks.Load(); n != 1 {
		t.Fatalf("a board shown: Ack called %d times, want 1", n)
	}
	for _, m := range []string{"sendPhoto", "sendMessage"} {
		e.srv.Fail(m, 10, http.StatusForbidden, "Forbidden: bot was kicked from the supergroup chat")
	}
	if err := e.ad.Deliver(ctx, board()); err == nil {
		t.Fatal("a refused board: Deliver succeeded")
	}
	if n := acks.Load(); n != 1 {
		t.Errorf("a refused board: Ack called %d times in all, want 1 (the first board's)", n)
	}
}
