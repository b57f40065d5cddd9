package discord

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
	"github.com/mancala-bot/mancala/bot"
)

// A signed request is refused (401, nothing handled) when it is stale, as
// a captured request replayed later is: its timestamp more than five
// minutes from the adapter's clock either way, or its interaction id a
// snowflake older than an interaction's 15 minutes. Fresh ones, and a
// PING, are accepted. The adapter's clock is a fixed instant far from the
// machine's, so every request is dated by it.
func TestHTTPStaleInteractions(t *testing.T) {
	t.Parallel()
	now := time.Date(2031, 3, 4, 5, 6, 7, 0, time.UTC)
	var calls atomic.Int32
	h := start(t, setup{HTTP: true, AdapterNow: func() time.Time { return now },
		Handler: HandlerFunc(func(context.Context, bot.Request) []bot.Reply {
			calls.Add(1)
			return []bot.Reply{{Text: "handled"}}
		})})
	n := int64(0)
	cases := []struct {
		name    string
		signed  time.Time // X-Signature-Timestamp
		created time.Time // the interaction id's time
		ts      string    // X-Signature-Timestamp when not signed's seconds
		id      string    // the id when not created's snowflake
		ping    bool
		want    int
	}{
		{name: "fresh", signed: now, created: now, want: http.StatusOK},
		{name: "a few seconds off", signed: now.Add(3 * time.Second), created: now.Add(-2 * time.Second), want: http.StatusOK},
		{name: "signed 4 min ago, made 14 min ago", signed: now.Add(-4 * time.Minute), created: now.Add(-14 * time.Minute), want: http.StatusOK},
		{name: "replayed 20 min later", signed: now.Add(-20 * time.Minute), created: now.Add(-20 * time.Minute), want: http.StatusUnauthorized},
		{name: "replayed a day later", signed: now.Add(-24*time.Hour - time.Minute), created: now.Add(-24*time.Hour - time.Minute), want: http.StatusUnauthorized},
		{name: "timestamp 6 min old", signed: now.Add(-6 * time.Minute), created: now.Add(-6 * time.Minute), want: http.StatusUnauthorized},
		{name: "timestamp 6 min ahead", signed: now.Add(6 * time.Minute), created: now, want: http.StatusUnauthorized},
		{name: "fresh timestamp, id 16 min old", signed: now, created: now.Add(-16 * time.Minute), want: http.StatusUnauthorized},
		{name: "fresh timestamp, id 10 min ahead", signed: now, created: now.Add(10 * time.Minute), want: http.StatusUnauthorized},
		{name: "timestamp not a number", ts: "yesterday", created: now, want: http.StatusUnauthorized},
		{name: "id not a snowflake", signed: now, id: "abc", want: http.StatusUnauthorized},
		{name: "ping", signed: now, id: "1", ping: true, want: http.StatusOK},
		{name: "stale ping", signed: now.Add(-time.Hour), id: "1", ping: true, want: http.StatusUnauthorized},
	}
	accepted := int32(0)
	for _, c := range cases {
		n++
		id := c.id
		if id == "" {
			id = discordtest.Snowflake(c.created, n)
		}
		typ := 2
		if c.ping {
			typ = 1
		}
		ix := &discordtest.Interaction{ID: id, Token: "aW50ZXJhY3Rpb24stale" + strconv.FormatInt(n, 10), ChannelID: channel, Type: typ, User: alice, Locale: "en-US"}
		body := h.srv.Payload(ix, map[string]any{"id": "1", "name": "help", "type": 1}, nil)
		ts := c.ts
		if ts == "" {
			ts = strconv.FormatInt(c.signed.Unix(), 10)
		}
		status, answer, err := h.srv.Post(body, map[string]string{"X-Signature-Ed25519": h.srv.Sign(ts, body), "X-Signature-Timestamp": ts})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if status != c.want {
			t.Errorf("%s: %d %s, want %d", c.name, status, answer, c.want)
		}
		if c.want == http.StatusOK && !c.ping {
			accepted++
			if !strings.Contains(string(answer), "handled") {
				t.Errorf("%s: answer %s, want the handler's", c.name, answer)
			}
		}
	}
	if got := calls.Load(); got != accepted {
		t.Errorf("the handler ran %d times, want %d (the fresh requests only)", got, accepted)
	}
	logs := h.logs.String()
	if !strings.Contains(logs, "a replay?") {
		t.Errorf("no refusal logged:\n%s", logs)
	}
}
