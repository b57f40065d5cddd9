package telegram_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/telegram"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/bot"
)

// holder is a Handler that records every request and holds those whose
// text is "/hold" until release is closed or its context ends, and those
// whose text is "/stall" until their context ends, and those whose text is
// "/wedge" until release is closed (ignoring their context), telling held
// about each (its EventID).
type holder struct {
	recorder
	held    chan string
	release chan struct{}
}

func newHolder() *holder {
	return &holder{held: make(chan string, 16), release: make(chan struct{})}
}

func (g *holder) Handle(ctx context.Context, req bot.Request) []bot.Reply {
	g.recorder.Handle(ctx, req)
	switch req.Text {
	case "/hold":
		g.held <- req.EventID
		select {
		case <-g.release:
		case <-ctx.Done():
		}
	case "/stall":
		g.held <- req.EventID
		<-ctx.Done()
	case "/wedge":
		g.held <- req.EventID
		<-g.release
	}
	return []bot.Reply{{Text: "done " + req.Text}}
}

// Long polling confirms an update only once it is handled: while the
// handler holds one, the offset of every getUpdates stays at it, though
// later updates of other chats are handled; once released, it is
// confirmed.
func TestPollingConfirmsOnlyHandledUpdates(t *testing.T) {
	t.Parallel()
	g := newHolder()
	e := start(t, g, nil)
	e.srv.SendText(alice.ID, alice, "en", "/hold")
	held, _ := strconv.Atoi(<-g.held)
	e.srv.SendText(bob.ID, bob, "en", "/help")
	e.srv.SendText(carol.ID, carol, "en", "/rules")
	if !e.srv.WaitFor(10*time.Second, func() bool {
		return len(e.srv.Sent(bob.ID)) == 1 && len(e.srv.Sent(carol.ID)) == 1
	}) {
		t.Fatal("the later updates were not handled")
	}
	// A getUpdates after both were handled, which could have confirmed them.
	calls := len(e.srv.Calls("getUpdates"))
	if !e.srv.WaitFor(10*time.Second, func() bool { return len(e.srv.Calls("getUpdates")) > calls }) {
		t.Fatal("no getUpdates after the later updates were handled")
	}
	for _, c := range e.srv.Calls("getUpdates") {
		if off, _ := strconv.Atoi(c.Params["offset"]); off > held {
			t.Errorf("getUpdates with offset %d confirmed update %d, which the handler still holds", off, held)
		}
	}
	if n := e.srv.Unconfirmed(); n != 3 {
		t.Errorf("%d updates unconfirmed, want the held one and the two after it", n)
	}
	close(g.release)
	e.settle() // confirmed, all
	var texts []string
	for _, r := range g.requests() {
		texts = append(texts, r.Text)
	}
	if slices.Sort(texts); !slices.Equal(texts, []string{"/help", "/hold", "/rules"}) {
		t.Errorf("handled %q, want each update once", texts)
	}
}

// An update received by long polling and not handled when Run stops is
// not confirmed: the next Run (a restart) gets it again and handles it.
// The update handled during the stop (its handler's context ended) is
// confirmed.
func TestPollingStopLeavesUnhandledUpdates(t *testing.T) {
	t.Parallel()
	g := newHolder()
	var srv *telegramtest.Server
	e := start(t, g, nil, func(c *telegram.Config, s *telegramtest.Server) {
		c.ShutdownTimeout, srv = 400*time.Millisecond, s
	})
	e.srv.SendText(alice.ID, alice, "en", "/help")
	e.settle()
	e.srv.SendText(alice.ID, alice, "en", "/hold")
	held, _ := strconv.Atoi(<-g.held)
	e.srv.SendText(alice.ID, alice, "en", "/rules") // behind the held one, in its chat
	if !e.srv.WaitFor(10*time.Second, func() bool { return e.ad.Stats().Received == 3 }) {
		t.Fatalf("stats %+v", e.ad.Stats())
	}
	if err := e.stop(); err != nil {
		t.Fatal(err)
	}
	if st := e.ad.Stats(); st.Unhandled != 1 {
		t.Errorf("stats %+v, want the queued update unhandled", st)
	}
	if n := srv.Unconfirmed(); n != 1 {
		t.Errorf("%d updates unconfirmed after the stop, want the queued one", n)
	}

	// The restart: a new adapter on the same server gets both again.
	rec := &recorder{}
	ad, err := telegram.New(telegram.Config{Token: token, APIEndpoint: srv.URL, PollTimeout: time.Second,
		Logger: slog.New(slog.DiscardHandler)}, rec)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ad.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("second Run: %v", err)
		}
	}()
	if !srv.WaitFor(10*time.Second, func() bool { return srv.Unconfirmed() == 0 && len(rec.requests()) == 1 }) {
		t.Fatalf("after the restart: %d unconfirmed, requests %+v", srv.Unconfirmed(), rec.requests())
	}
	var got []string
	for _, r := range rec.requests() {
		got = append(got, r.EventID+" "+r.Text)
	}
	slices.Sort(got)
	if want := []string{strconv.Itoa(held+1) + " /rules"}; !slices.Equal(got, want) {
		t.Errorf("the restart handled %q, want %q", got, want)
	}
}

// hookUpdate is a text message from user in their private chat, as a
// webhook update.
func hookUpdate(id int, u telegramtest.User, text string) []byte {
	b, _ := json.Marshal(map[string]any{"update_id": id, "message": map[string]any{
		"message_id": id, "date": 1700000000, "text": text,
		"chat": map[string]any{"id": u.ID, "type": "private", "first_name": u.FirstName},
		"from": map[string]any{"id": u.ID, "is_bot": false, "first_name": u.FirstName, "username": u.UserName},
	}})
	return b
}

// The webhook answers 200 only once the update is handled: while the
// handler holds one, its request waits (another chat's update is
// answered meanwhile), and a redelivery of it waits for the same
// handling, which happens once. An update still queued when Run stops is
// answered 503, for Telegram to deliver it again.
func TestWebhookAcknowledgesHandledUpdates(t *testing.T) {
	t.Parallel()
	g := newHolder()
	e := start(t, g, nil, webhook, func(c *telegram.Config, _ *telegramtest.Server) {
		c.ShutdownTimeout = 400 * time.Millisecond
	})
	post := func(id int, u telegramtest.User, text string) chan int {
		ch := make(chan int, 1)
		go func() {
			status, err := e.srv.PostToWebhook(hookUpdate(id, u, text), hookSecret)
			if err != nil {
				t.Error(err)
			}
			ch <- status
		}()
		return ch
	}
	first := post(9100, alice, "/hold")
	<-g.held
	again := post(9100, alice, "/hold") // Telegram gave up waiting and delivers it again
	if status := <-post(9101, bob, "/help"); status != http.StatusOK {
		t.Fatalf("another chat's update: %d", status)
	}
	if !e.srv.WaitFor(10*time.Second, func() bool { return e.ad.Stats().Received == 2 }) {
		t.Fatalf("stats %+v", e.ad.Stats())
	}
	select {
	case status := <-first:
		t.Fatalf("the held update was answered %d before it was handled", status)
	case status := <-again:
		t.Fatalf("the held update's redelivery was answered %d before it was handled", status)
	default:
	}
	close(g.release)
	for _, ch := range []chan int{first, again} {
		if status := <-ch; status != http.StatusOK {
			t.Errorf("the held update, once handled: %d, want 200", status)
		}
	}
	if n := len(g.requests()); n != 2 {
		t.Errorf("%d requests handled, want the held one once and /help", n)
	}

	// A stop with an update held and another queued behind it in its chat:
	// the held one is handled (its context ends), the queued one answered
	// 503.
	held := post(9102, carol, "/stall")
	<-g.held
	queued := post(9103, carol, "/rules")
	if !e.srv.WaitFor(10*time.Second, func() bool { return e.ad.Stats().Received == 4 }) {
		t.Fatalf("stats %+v", e.ad.Stats())
	}
	if err := e.stop(); err != nil {
		t.Fatal(err)
	}
	if status := <-queued; status != http.StatusServiceUnavailable {
		t.Errorf("an update not handled by the stop: %d, want 503", status)
	}
	if status := <-held; status != http.StatusOK {
		t.Errorf("the update handled during the stop: %d, want 200", status)
	}
}

// A webhook request whose update is still being handled when Run has
// stopped (its handler ignores its context) is answered 503 then, not
// left waiting.
func TestWebhookStopEndsWaits(t *testing.T) {
	t.Parallel()
	g := newHolder()
	defer close(g.release)
	e := start(t, g, nil, webhook, func(c *telegram.Config, _ *telegramtest.Server) {
		c.ShutdownTimeout = 200 * time.Millisecond
	})
	status := make(chan int, 1)
	go func() {
		s, err := e.srv.PostToWebhook(hookUpdate(9200, alice, "/wedge"), hookSecret)
		if err != nil {
			t.Error(err)
		}
		status <- s
	}()
	<-g.held
	if err := e.stop(); err != nil {
		t.Fatal(err)
	}
	if s := <-status; s != http.StatusServiceUnavailable {
		t.Errorf("a request waiting when Run stopped: %d, want 503", s)
	}
}

// busy is a Handler that leaves each event in progress (bot.Request.
// InProgress, as the bot does while another handling of it has not
// finished) the first times it comes, then handles it. Each call sends
// the fake's confirmed offset, as the handler saw it, on seen.
type busy struct {
	recorder
	srv   *telegramtest.Server
	times int // in progress this many times
	mu    sync.Mutex
	calls map[string]int
	seen  chan int
}

func (b *busy) Handle(ctx context.Context, req bot.Request) []bot.Reply {
	b.mu.Lock()
	b.calls[req.EventID]++
	n := b.calls[req.EventID]
	b.mu.Unlock()
	if b.srv != nil {
		b.seen <- b.srv.Confirmed()
	}
	if n <= b.times {
		req.InProgress()
		return nil
	}
	b.recorder.Handle(ctx, req)
	return []bot.Reply{{Text: "done " + req.Text}}
}

// An update the bot leaves in progress is not acknowledged: long polling
// keeps it unconfirmed and dispatches it again (here twice), until it is
// handled, once, and confirmed.
func TestInProgressNotAcknowledgedPolling(t *testing.T) {
	t.Parallel()
	b := &busy{times: 2, calls: map[string]int{}, seen: make(chan int, 8)}
	e := start(t, b, nil, func(_ *telegram.Config, srv *telegramtest.Server) { b.srv = srv })
	id := e.srv.Injected() + 500 // the fake numbers updates from 500
	e.srv.SendText(alice.ID, alice, "en", "/help")
	for i := range 3 {
		if off := <-b.seen; off > id {
			t.Fatalf("call %d: update %d confirmed (offset %d) before it was handled", i+1, id, off)
		}
	}
	if !e.srv.WaitFor(10*time.Second, func() bool { return e.srv.Confirmed() > id }) {
		t.Fatal("the update was never confirmed")
	}
	if n := len(e.srv.Sent(alice.ID)); n != 1 {
		t.Errorf("%d replies, want 1", n)
	}
	if reqs := b.requests(); len(reqs) != 1 || reqs[0].EventID != strconv.Itoa(id) {
		t.Errorf("handled %+v, want update %d once", reqs, id)
	}
}

// The webhook answers an update the bot leaves in progress 503, so that
// Telegram delivers it again; the delivery that is handled gets 200.
func TestInProgressNotAcknowledgedWebhook(t *testing.T) {
	t.Parallel()
	b := &busy{times: 2, calls: map[string]int{}}
	e := start(t, b, nil, webhook)
	want := []int{http.StatusServiceUnavailable, http.StatusServiceUnavailable, http.StatusOK}
	for i, w := range want {
		status, err := e.srv.PostToWebhook(hookUpdate(9200, alice, "/help"), hookSecret)
		if err != nil {
			t.Fatal(err)
		}
		if status != w {
			t.Errorf("delivery %d: %d, want %d", i+1, status, w)
		}
	}
	if reqs := b.requests(); len(reqs) != 1 || reqs[0].EventID != "9200" {
		t.Errorf("handled %+v, want update 9200 once", reqs)
	}
}
