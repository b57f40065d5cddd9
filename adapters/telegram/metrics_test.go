package telegram_test

import (
	"encoding/json"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/telegram"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/bot"
)

// countingMetrics is a telegram.Metrics that counts.
type countingMetrics struct {
	delivered, rateLimited, retried, deduplicated atomic.Int64
}

func (m *countingMetrics) Delivered(d time.Duration) {
	if d < 0 {
		panic("negative delivery time")
	}
	m.delivered.Add(1)
}
func (m *countingMetrics) RateLimited()  { m.rateLimited.Add(1) }
func (m *countingMetrics) Retried()      { m.retried.Add(1) }
func (m *countingMetrics) Deduplicated() { m.deduplicated.Add(1) }

// The Metrics hooks hear of each 429 and retry, and of the delivery of the
// replies that show a committed move, not of the others.
func TestMetricsHooksTelegram(t *testing.T) {
	t.Parallel()
	m := &countingMetrics{}
	rec := &recorder{reply: func(req bot.Request) []bot.Reply {
		r := bot.Reply{Text: "ok"}
		if req.Text == "/move 3" {
			r.Committed = time.Now()
		}
		return []bot.Reply{r}
	}}
	e := start(t, rec, nil, func(c *telegram.Config, s *telegramtest.Server) {
		c.Metrics = m
		s.RateLimit("sendMessage", 1, 1)
	})
	e.srv.SendText(group, alice, "en", "/move 3")
	e.srv.SendText(group, alice, "en", "/help")
	e.settle()
	if !e.srv.WaitFor(10*time.Second, func() bool { return len(sentTexts(e.srv, group)) == 2 }) {
		t.Fatalf("sent %q", sentTexts(e.srv, group))
	}
	if d, l, r := m.delivered.Load(), m.rateLimited.Load(), m.retried.Load(); d != 1 || l != 1 || r != 1 {
		t.Errorf("delivered %d, rate limited %d, retried %d; want 1 each", d, l, r)
	}
	if st := e.ad.Stats(); st.RateLimited != 1 || st.Retries != 1 {
		t.Errorf("stats %+v disagree with the hooks", st)
	}
	for _, req := range rec.requests() {
		if req.Received.IsZero() {
			t.Errorf("%q without a Received time", req.Text)
		}
	}
}

// Queues reports the updates waiting to be handled and the replies
// waiting to be sent, with the age of the oldest; nothing once all is
// done.
func TestQueues(t *testing.T) {
	t.Parallel()
	g := &gate{entered: make(chan struct{}), release: make(chan struct{})}
	g.reply = echo
	e := start(t, g, nil)
	if q := e.ad.Queues(); q != (telegram.QueueStats{}) {
		t.Errorf("at the start: %+v", q)
	}
	e.srv.SendText(group, carol, "en", "/rules kalah")
	<-g.entered // handling it waits for the gate
	for _, text := range []string{"/help 1", "/help 2", "/help 3"} {
		e.srv.SendText(group, carol, "en", text)
	}
	if !e.srv.WaitFor(10*time.Second, func() bool { return e.ad.Queues().Updates == 3 }) {
		t.Fatalf("queues %+v, want 3 updates waiting", e.ad.Queues())
	}
	// The first reply is held by the server while being sent; the others
	// wait in the outbox.
	release := e.srv.Hold("sendMessage")
	defer release()
	close(g.release)
	var q telegram.QueueStats
	if !e.srv.WaitFor(10*time.Second, func() bool {
		q = e.ad.Queues()
		return q.Updates == 0 && q.Replies == 3
	}) {
		t.Fatalf("queues %+v, want 3 replies waiting", q)
	}
	if q.OldestReply <= 0 {
		t.Errorf("oldest reply waited %v", q.OldestReply)
	}
	release()
	e.settle()
	if q := e.ad.Queues(); q != (telegram.QueueStats{}) {
		t.Errorf("at the end: %+v", q)
	}
}

// A webhook update delivered twice is reported deduplicated once.
func TestMetricsWebhookRedelivery(t *testing.T) {
	t.Parallel()
	m := &countingMetrics{}
	rec := &recorder{}
	e := start(t, rec, nil, webhook, func(c *telegram.Config, _ *telegramtest.Server) { c.Metrics = m })
	body, _ := json.Marshal(map[string]any{"update_id": 9102, "message": map[string]any{
		"message_id": 9102, "date": 1700000000, "text": "/help",
		"chat":     map[string]any{"id": alice.ID, "type": "private", "first_name": "Alice"},
		"from":     map[string]any{"id": alice.ID, "is_bot": false, "first_name": "Alice", "username": "alice"},
		"entities": []any{map[string]any{"type": "bot_command", "offset": 0, "length": 5}},
	}})
	for range 2 {
		if status, err := e.srv.PostToWebhook(body, hookSecret); err != nil || status != http.StatusOK {
			t.Fatalf("status %d %v", status, err)
		}
	}
	if !e.srv.WaitFor(5*time.Second, func() bool { return e.ad.Stats().Handled == 1 }) {
		t.Fatalf("stats %+v", e.ad.Stats())
	}
	if n := m.deduplicated.Load(); n != 1 || len(rec.requests()) != 1 {
		t.Errorf("deduplicated %d, %d requests; want 1 and 1", n, len(rec.requests()))
	}
}
