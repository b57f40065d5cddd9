package telegram_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/telegram"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/bot"
)

// sentTexts are the visible texts of the bot's messages in chat, oldest
// first.
func sentTexts(srv *telegramtest.Server, chat int64) []string {
	var out []string
	for _, m := range srv.Sent(chat) {
		out = append(out, m.Visible())
	}
	return out
}

// echo answers every command with its own text, "/help 3" -> "help 3".
func echo(req bot.Request) []bot.Reply {
	return []bot.Reply{{Text: strings.TrimPrefix(req.Text, "/")}}
}

// waitRequests waits until the recorder has seen n requests.
func waitRequests(t *testing.T, e *env, rec *recorder, n int) {
	t.Helper()
	if !e.srv.WaitFor(10*time.Second, func() bool { return len(rec.requests()) >= n }) {
		t.Fatalf("the handler saw %d requests, want %d", len(rec.requests()), n)
	}
}

// A move typed behind a bystander's ten /help in a group is answered
// before the help still waiting: its reply is the next message sent.
func TestUrgentReplyGoesFirst(t *testing.T) {
	t.Parallel()
	rec := &recorder{reply: echo}
	e := start(t, rec, nil)
	release := e.srv.Hold("sendMessage")
	defer release()
	for i := 1; i <= 10; i++ {
		e.srv.SendText(group, carol, "en", fmt.Sprintf("/help %d", i))
	}
	// "help 1" is being sent (held by the server); the other nine wait
	// in the outbox.
	waitRequests(t, e, rec, 10)
	if !e.srv.WaitFor(10*time.Second, func() bool { return e.srv.Waiting("sendMessage") == 1 }) {
		t.Fatal("the first reply was never sent")
	}
	e.srv.SendText(group, alice, "en", "/move 3")
	// Updates of a chat are handled one at a time: once the next one is,
	// the move's reply is queued.
	e.srv.SendText(group, carol, "en", "/help 11")
	waitRequests(t, e, rec, 12)
	release()
	e.settle()
	want := []string{"help 1", "move 3"}
	for i := 2; i <= 11; i++ {
		want = append(want, fmt.Sprintf("help %d", i))
	}
	if got := sentTexts(e.srv, group); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("messages in order\n got %q\nwant %q", got, want)
	}
}

// gate is a handler whose first request waits until release is closed.
type gate struct {
	recorder
	once             sync.Once
	entered, release chan struct{}
}

func (g *gate) Handle(ctx context.Context, req bot.Request) []bot.Reply {
	first := false
	g.once.Do(func() { first = true })
	if first {
		close(g.entered)
		<-g.release
	}
	return g.recorder.Handle(ctx, req)
}

// Updates queued behind a slow one are handled urgent first (in order
// among themselves), then the others in order.
func TestUrgentUpdatesAreHandledFirst(t *testing.T) {
	t.Parallel()
	g := &gate{entered: make(chan struct{}), release: make(chan struct{})}
	g.reply = echo
	e := start(t, g, nil)
	e.srv.SendText(group, carol, "en", "/rules kalah")
	<-g.entered
	for _, text := range []string{"/help", "/move 3", "/stats", "/move 4", "/resign"} {
		e.srv.SendText(group, alice, "en", text)
	}
	if !e.srv.WaitFor(10*time.Second, func() bool { return e.ad.Stats().Received == 6 }) {
		t.Fatal("the updates were not received")
	}
	close(g.release)
	e.settle()
	var got []string
	for _, r := range g.requests() {
		got = append(got, r.Text)
	}
	want := "/rules kalah|/move 3|/move 4|/resign|/help|/stats"
	if strings.Join(got, "|") != want {
		t.Errorf("handled %q, want %s", got, want)
	}
}

// boards answers "/b GAME VERSION" with a board of that game and version,
// a press with an edit of board game 7 version 4, and anything else with
// its text.
func boards(req bot.Request) []bot.Reply {
	if req.Button != "" {
		return []bot.Reply{{Text: "pressed v4", Edit: true, Board: &bot.Board{GameID: 7, Version: 4, Text: "board 7 v4"}}}
	}
	var game, version int64
	if _, err := fmt.Sscanf(req.Text, "/b %d %d", &game, &version); err == nil {
		b := &bot.Board{GameID: game, Version: version, Text: fmt.Sprintf("board %d v%d", game, version),
			Buttons: [][]bot.Button{{{Label: "1", Data: "x"}}}}
		return []bot.Reply{{Text: fmt.Sprintf("game %d v%d", game, version), Board: b}}
	}
	return echo(req)
}

// Of several boards of a game waiting to be sent to a chat only the
// newest goes; an edit of an older board is dropped too; other replies,
// and boards of other games, are all sent.
func TestBoardsCoalesce(t *testing.T) {
	t.Parallel()
	rec := &recorder{reply: boards}
	e := start(t, rec, nil)
	e.say(group, alice, "en", "/b 7 0")
	old := e.last(group)

	release := e.srv.Hold("sendMessage")
	defer release()
	e.srv.SendText(group, alice, "en", "/first")
	if !e.srv.WaitFor(10*time.Second, func() bool { return e.srv.Waiting("sendMessage") == 1 }) {
		t.Fatal("the first reply was never sent")
	}
	e.srv.SendText(group, alice, "en", "/b 7 1")
	e.srv.SendText(group, alice, "en", "/b 7 2")
	e.srv.SendText(group, alice, "en", "/game over")
	e.srv.SendText(group, alice, "en", "/b 8 1")
	e.srv.PressButton(group, alice, "en", old.ID, "x")
	e.srv.SendText(group, alice, "en", "/b 7 5")
	e.srv.SendText(group, alice, "en", "/last")
	waitRequests(t, e, rec, 9)
	release()
	e.settle()

	want := "game 7 v0\nboard 7 v0|first|game over|game 8 v1\nboard 8 v1|game 7 v5\nboard 7 v5|last"
	if got := strings.Join(sentTexts(e.srv, group), "|"); got != want {
		t.Errorf("messages\n got %q\nwant %q", got, want)
	}
	if n := len(e.srv.Calls("editMessageText")); n != 0 {
		t.Errorf("the superseded edit was sent (%d calls)", n)
	}
	if m, _ := e.srv.Message(group, old.ID); m.Edits != 0 {
		t.Errorf("the old board was edited: %+v", m)
	}
	if st := e.ad.Stats(); st.Superseded != 3 || st.Unsent != 0 {
		t.Errorf("stats %+v, want 3 superseded", st)
	}
}

// queueTwenty has a bystander send twenty /help in a group, each
// answered with one message, and waits until they are all handled.
func queueTwenty(t *testing.T, e *env, rec *recorder) {
	t.Helper()
	for i := 1; i <= 20; i++ {
		e.srv.SendText(group, carol, "en", fmt.Sprintf("/help %d", i))
	}
	waitRequests(t, e, rec, 20)
}

// notSent reads the count of replies not sent from the "stopped" log.
func notSent(t *testing.T, logs string) int {
	t.Helper()
	m := regexp.MustCompile(`msg="?stopped[^\n]*replies_not_sent=(\d+)`).FindStringSubmatch(logs)
	if m == nil {
		t.Fatalf("no stop log with replies_not_sent:\n%s", logs)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// Cancelling Run with twenty replies queued in a group: Run gives up the
// replies it cannot send before its deadline instead of waiting for the
// group's pace, confirms the updates and logs how many replies it did not
// send, without their texts. No wall clock is asserted: with an hour
// between two messages Run could only return by giving up, and nothing
// may be sent after the cancel. The stop time is logged.
func TestStopGivesUpQueuedReplies(t *testing.T) {
	t.Parallel()
	logs := &logBuffer{}
	rec := &recorder{reply: echo}
	e := start(t, rec, logs, func(c *telegram.Config, _ *telegramtest.Server) {
		c.GroupInterval, c.Burst = time.Hour, 3
	})
	queueTwenty(t, e, rec)
	if !e.srv.WaitFor(10*time.Second, func() bool { return len(e.srv.Sent(group)) == 3 }) {
		t.Fatalf("the burst was not sent: %d messages", len(e.srv.Sent(group)))
	}
	before := len(e.srv.Calls("sendMessage"))
	t0 := time.Now()
	if err := e.stop(); err != nil {
		t.Fatal(err)
	}
	t.Logf("Run returned %v after the cancel, with 17 replies queued (default ShutdownTimeout %v)", time.Since(t0), telegram.DefaultShutdownTimeout)
	if n := len(e.srv.Calls("sendMessage")); n != before {
		t.Errorf("%d messages sent after the cancel", n-before)
	}
	if n := notSent(t, logs.String()); n != 17 {
		t.Errorf("replies_not_sent=%d, want 17", n)
	}
	if st := e.ad.Stats(); st.Unsent != 17 || st.Handled != 20 {
		t.Errorf("stats %+v", st)
	}
	if strings.Contains(logs.String(), "help 7") {
		t.Error("the log holds a reply's text")
	}
	if n := e.srv.Unconfirmed(); n != 0 {
		t.Errorf("%d updates unconfirmed", n)
	}
}

// With realistic group pacing (3 s, bursts of 3) the senders keep going
// while a slot comes before the deadline, then give up: at most
// ShutdownTimeout/3 s + 1 more messages go after the cancel. Logs the stop
// time.
func TestStopWithRealisticPacing(t *testing.T) {
	t.Parallel()
	logs := &logBuffer{}
	rec := &recorder{reply: echo}
	e := start(t, rec, logs, func(c *telegram.Config, _ *telegramtest.Server) {
		c.GroupInterval, c.Burst = 3*time.Second, 3
	})
	queueTwenty(t, e, rec)
	if !e.srv.WaitFor(10*time.Second, func() bool { return len(e.srv.Sent(group)) >= 3 }) {
		t.Fatal("the burst was not sent")
	}
	t0 := time.Now()
	if err := e.stop(); err != nil {
		t.Fatal(err)
	}
	took := time.Since(t0)
	sent := len(e.srv.Sent(group))
	t.Logf("Run returned %v after the cancel with 20 replies queued in a group paced at 3 s (%d sent in all)", took, sent)
	maxAfter := int(telegram.DefaultShutdownTimeout/(3*time.Second)) + 1
	if sent > 3+maxAfter+1 { // +1: a slot may have come between the burst and the cancel
		t.Errorf("%d messages sent; the deadline allows at most %d", sent, 3+maxAfter+1)
	}
	if n := notSent(t, logs.String()); n != 20-sent {
		t.Errorf("replies_not_sent=%d, want %d", n, 20-sent)
	}
}

// Run stops by its deadline even when a call to Telegram never returns:
// the call is cancelled at ShutdownTimeout minus the grace and counted as
// not sent.
func TestStopCancelsAStuckCall(t *testing.T) {
	t.Parallel()
	logs := &logBuffer{}
	rec := &recorder{reply: echo}
	e := start(t, rec, logs, func(c *telegram.Config, _ *telegramtest.Server) {
		c.ShutdownTimeout = 400 * time.Millisecond
	})
	release := e.srv.Hold("sendMessage")
	defer release()
	queueTwenty(t, e, rec)
	if !e.srv.WaitFor(10*time.Second, func() bool { return e.srv.Waiting("sendMessage") == 1 }) {
		t.Fatal("no call in flight")
	}
	t0 := time.Now()
	if err := e.stop(); err != nil {
		t.Fatal(err)
	}
	t.Logf("Run returned %v after the cancel with a stuck call (ShutdownTimeout 400ms)", time.Since(t0))
	if n := notSent(t, logs.String()); n != 20 {
		t.Errorf("replies_not_sent=%d, want 20", n)
	}
	if n := e.srv.Unconfirmed(); n != 0 {
		t.Errorf("%d updates unconfirmed", n)
	}
}

// CanManage: anyone in a private chat; in a group the creator and the
// administrators, asked with getChatMember only when the bot calls it,
// once per update; a failure means no.
func TestCanManage(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	got := map[string]bool{}
	rec := &recorder{reply: func(req bot.Request) []bot.Reply {
		if req.Text == "/lang channel ru" {
			ok := req.CanManage(context.Background())
			if ok != req.CanManage(context.Background()) {
				panic("CanManage changed its mind")
			}
			mu.Lock()
			got[req.Channel+" "+req.User.ID] = ok
			mu.Unlock()
		}
		return nil
	}}
	logs := &logBuffer{}
	e := start(t, rec, logs)
	erin := telegramtest.User{ID: 105, FirstName: "Erin", UserName: "erin"}
	e.srv.SetChatMember(group, alice.ID, "creator")
	e.srv.SetChatMember(group, bob.ID, "administrator")
	e.srv.SetChatMember(group, dave.ID, "left")
	e.srv.SetChatMember(group, erin.ID, "administrator")

	e.say(group, carol, "en", "/help")
	if n := len(e.srv.Calls("getChatMember")); n != 0 {
		t.Fatalf("getChatMember called %d times for a request that did not ask", n)
	}
	for _, u := range []telegramtest.User{alice, bob, carol, dave} {
		e.say(group, u, "en", "/lang channel ru")
	}
	e.say(dave.ID, dave, "en", "/lang channel ru")
	e.srv.Fail("getChatMember", 1, 400, "Bad Request: chat not found")
	e.say(group, erin, "en", "/lang channel ru")

	g := strconv.FormatInt(group, 10) + " "
	want := map[string]bool{g + "101": true, g + "102": true, g + "103": false, g + "104": false, "104 104": true, g + "105": false}
	mu.Lock()
	defer mu.Unlock()
	for k, v := range want {
		if ok, seen := got[k]; !seen || ok != v {
			t.Errorf("CanManage %s = %v (asked %v), want %v", k, ok, seen, v)
		}
	}
	calls := e.srv.Calls("getChatMember")
	if len(calls) != 5 {
		t.Fatalf("%d getChatMember calls, want 5 (one per group request that asked)", len(calls))
	}
	if c := calls[1]; c.Params["chat_id"] != strconv.FormatInt(group, 10) || c.Params["user_id"] != "102" || c.Status != 200 {
		t.Errorf("bob's call %+v", c)
	}
	if !strings.Contains(logs.String(), "getChatMember failed") {
		t.Error("the failure was not logged")
	}
}

// CanManage asks again for every update: an administrator demoted
// between two requests is one no more.
func TestCanManageAsksPerUpdate(t *testing.T) {
	t.Parallel()
	var got []bool
	var mu sync.Mutex
	rec := &recorder{reply: func(req bot.Request) []bot.Reply {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, req.CanManage(context.Background()))
		return nil
	}}
	e := start(t, rec, nil)
	e.srv.SetChatMember(group, bob.ID, "administrator")
	e.say(group, bob, "en", "/lang channel ru")
	e.srv.SetChatMember(group, bob.ID, "member") // demoted
	e.say(group, bob, "en", "/lang channel ru")
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 2 || !got[0] || got[1] {
		t.Errorf("CanManage %v, want [true false]", got)
	}
}

// The JSON logs name the platform once (the caller's logger does) and
// write durations as strings ("1s"), not nanoseconds.
func TestLogAttributes(t *testing.T) {
	t.Parallel()
	logs := &logBuffer{}
	e := start(t, &recorder{}, nil, func(c *telegram.Config, _ *telegramtest.Server) {
		c.Logger = slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})).With("platform", telegram.Platform)
	})
	e.srv.RateLimit("sendMessage", 1, 1)
	if err := e.ad.Deliver(context.Background(), bot.Outgoing{Channel: "42", Reply: bot.Reply{Text: "hi"}}); err != nil {
		t.Fatal(err)
	}
	if err := e.stop(); err != nil {
		t.Fatal(err)
	}
	limited, stopped := false, false
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		if n := strings.Count(line, `"platform":`); n != 1 {
			t.Errorf("%d platform keys in %s", n, line)
		}
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		switch rec["msg"] {
		case "rate limited; retrying":
			limited = true
			if rec["retry_after"] != "1s" {
				t.Errorf("retry_after %#v, want \"1s\"", rec["retry_after"])
			}
		case "stopped":
			stopped = true
			if took, ok := rec["took"].(string); !ok {
				t.Errorf("took %#v, want a duration string", rec["took"])
			} else if _, err := time.ParseDuration(took); err != nil {
				t.Error(err)
			}
		}
	}
	if !limited || !stopped {
		t.Errorf("missing records (rate limited %v, stopped %v):\n%s", limited, stopped, logs.String())
	}
}
