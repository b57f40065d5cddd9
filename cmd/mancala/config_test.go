package main

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
)

func envOf(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

// TestIdleDelaysFromEnv: NOTIFY_AFTER (3 minutes unless set) and
// CLAIM_AFTER; REMIND_AFTER, NOTIFY_AFTER's former name, is read when
// NOTIFY_AFTER is unset, and noted as deprecated.
func TestIdleDelaysFromEnv(t *testing.T) {
	for _, c := range []struct {
		env           []string
		notify, claim time.Duration
		deprecated    bool
	}{
		{nil, 3 * time.Minute, 24 * time.Hour, false},
		{[]string{"NOTIFY_AFTER", "5m", "CLAIM_AFTER", "24h"}, 5 * time.Minute, 24 * time.Hour, false},
		{[]string{"NOTIFY_AFTER", " 90m ", "CLAIM_AFTER", "2h30m"}, 90 * time.Minute, 150 * time.Minute, false},
		{[]string{"NOTIFY_AFTER", "10m"}, 10 * time.Minute, 24 * time.Hour, false},
		{[]string{"CLAIM_AFTER", "72h"}, 3 * time.Minute, 72 * time.Hour, false},
		{[]string{"NOTIFY_AFTER", "30s", "CLAIM_AFTER", "31s"}, 30 * time.Second, 31 * time.Second, false},
		{[]string{"REMIND_AFTER", "1h"}, time.Hour, 24 * time.Hour, true},
		{[]string{"REMIND_AFTER", "10m", "CLAIM_AFTER", "20m"}, 10 * time.Minute, 20 * time.Minute, true},
	} {
		cfg, err := configFromEnv(envOf(c.env...))
		if err != nil {
			t.Errorf("%q: %v", c.env, err)
			continue
		}
		if cfg.NotifyAfter != c.notify || cfg.ClaimAfter != c.claim {
			t.Errorf("%q: notify after %s, claim after %s; want %s, %s", c.env, cfg.NotifyAfter, cfg.ClaimAfter, c.notify, c.claim)
		}
		if got := len(cfg.Deprecated) == 1 && strings.Contains(cfg.Deprecated[0], "REMIND_AFTER is deprecated"); got != c.deprecated || len(cfg.Deprecated) > 1 {
			t.Errorf("%q: deprecation notes %q, want one about REMIND_AFTER: %v", c.env, cfg.Deprecated, c.deprecated)
		}
	}
}

// TestDeliveryHoldFromEnv: DELIVERY_HOLD is 30 s unless set, at least 1 s.
func TestDeliveryHoldFromEnv(t *testing.T) {
	for _, c := range []struct {
		env  []string
		want time.Duration
	}{
		{nil, 30 * time.Second},
		{[]string{"DELIVERY_HOLD", "2m"}, 2 * time.Minute},
		{[]string{"DELIVERY_HOLD", "1s"}, time.Second},
	} {
		cfg, err := configFromEnv(envOf(c.env...))
		if err != nil || cfg.DeliveryHold != c.want {
			t.Errorf("%q: %s, %v; want %s", c.env, cfg.DeliveryHold, err, c.want)
		}
	}
}

// TestEventLeaseFromEnv: EVENT_LEASE is bot.DefaultEventLease unless set,
// at least 2 s.
func TestEventLeaseFromEnv(t *testing.T) {
	for _, c := range []struct {
		env  []string
		want time.Duration
	}{
		{nil, 5 * time.Minute},
		{[]string{"EVENT_LEASE", "10m"}, 10 * time.Minute},
		{[]string{"EVENT_LEASE", "2s"}, 2 * time.Second},
	} {
		cfg, err := configFromEnv(envOf(c.env...))
		if err != nil || cfg.EventLease != c.want {
			t.Errorf("%q: %s, %v; want %s", c.env, cfg.EventLease, err, c.want)
		}
	}
}

// TestSearchWorkersFromEnv: SEARCH_WORKERS is a whole number of workers
// from 1 to maxSearchWorkers; unset, the bot's default (0 here).
func TestSearchWorkersFromEnv(t *testing.T) {
	for _, c := range []struct {
		env  []string
		want int
		ok   bool
	}{
		{nil, 0, true},
		{[]string{"SEARCH_WORKERS", "4"}, 4, true},
		{[]string{"SEARCH_WORKERS", " 1 "}, 1, true},
		{[]string{"SEARCH_WORKERS", "256"}, 256, true},
		{[]string{"SEARCH_WORKERS", "0"}, 0, false},
		{[]string{"SEARCH_WORKERS", "-2"}, 0, false},
		{[]string{"SEARCH_WORKERS", "257"}, 0, false},
		{[]string{"SEARCH_WORKERS", "two"}, 0, false},
	} {
		cfg, err := configFromEnv(envOf(c.env...))
		switch {
		case c.ok && (err != nil || cfg.SearchWorkers != c.want):
			t.Errorf("%q: %d, %v; want %d", c.env, cfg.SearchWorkers, err, c.want)
		case !c.ok && (err == nil || !strings.HasPrefix(err.Error(), "SEARCH_WORKERS: ")):
			t.Errorf("%q: %v, want SEARCH_WORKERS refused", c.env, err)
		}
	}
}

func TestIdleDelaysRefused(t *testing.T) {
	for _, c := range []struct {
		env  []string
		want string // the variable the message names first
	}{
		{[]string{"NOTIFY_AFTER", "soon"}, "NOTIFY_AFTER"},
		{[]string{"NOTIFY_AFTER", "60"}, "NOTIFY_AFTER"}, // no unit
		{[]string{"NOTIFY_AFTER", "0"}, "NOTIFY_AFTER"},
		{[]string{"NOTIFY_AFTER", "0s"}, "NOTIFY_AFTER"},
		{[]string{"NOTIFY_AFTER", "-5m"}, "NOTIFY_AFTER"},
		{[]string{"REMIND_AFTER", "soon"}, "REMIND_AFTER"},
		{[]string{"REMIND_AFTER", "1h", "NOTIFY_AFTER", "5m"}, "REMIND_AFTER"}, // both: which one?
		{[]string{"CLAIM_AFTER", "1 day"}, "CLAIM_AFTER"},
		{[]string{"CLAIM_AFTER", "0h"}, "CLAIM_AFTER"},
		{[]string{"CLAIM_AFTER", "-24h"}, "CLAIM_AFTER"},
		{[]string{"NOTIFY_AFTER", "2h", "CLAIM_AFTER", "2h"}, "CLAIM_AFTER"},
		{[]string{"NOTIFY_AFTER", "2h", "CLAIM_AFTER", "1h"}, "CLAIM_AFTER"},
		{[]string{"CLAIM_AFTER", "2m"}, "CLAIM_AFTER"},   // below the default ping
		{[]string{"NOTIFY_AFTER", "48h"}, "CLAIM_AFTER"}, // above the default claim
		{[]string{"REMIND_AFTER", "48h"}, "CLAIM_AFTER"},
		{[]string{"DELIVERY_HOLD", "later"}, "DELIVERY_HOLD"},
		{[]string{"DELIVERY_HOLD", "-1s"}, "DELIVERY_HOLD"},
		{[]string{"DELIVERY_HOLD", "500ms"}, "DELIVERY_HOLD"}, // a board being sent would go out twice
		{[]string{"EVENT_LEASE", "soon"}, "EVENT_LEASE"},
		{[]string{"EVENT_LEASE", "1s"}, "EVENT_LEASE"}, // a request would be cut at 750 ms
	} {
		_, err := configFromEnv(envOf(c.env...))
		if err == nil {
			t.Errorf("%q: accepted", c.env)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, c.want+": ") || strings.Contains(msg, "\n") {
			t.Errorf("%q: %q, want one line starting with %s", c.env, msg, c.want)
		}
	}
	// Through the program: exit code 2 and the one line.
	t.Setenv("NOTIFY_AFTER", "soon")
	code, _, stderr := mancala(t, "", "serve")
	if code != exitUsage || stderr != "mancala: NOTIFY_AFTER: \"soon\" is not a duration (e.g. 90m, 1h, 24h)\n" {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestIdleDelaysReachTheBot: with NOTIFY_AFTER 10m and CLAIM_AFTER 20m the
// player to move is pinged after 10 minutes, not before, and the
// opponent may claim the game after 20, not before (the claim ends the
// game and deletes the ping).
func TestIdleDelaysReachTheBot(t *testing.T) {
	cfg, err := configFromEnv(envOf("NOTIFY_AFTER", "10m", "CLAIM_AFTER", "20m"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.DatabasePath = filepath.Join(t.TempDir(), "m.db")
	var mu sync.Mutex
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	m := &Main{Config: cfg, Now: clock}
	ctx := context.Background()
	if err := m.Open(ctx); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	say := func(user, text string) []bot.Reply {
		return m.Bot.Handle(ctx, bot.Request{Platform: "test", Channel: "c", Text: text, User: bot.User{ID: user, Name: user}})
	}
	say("alice", "/new kalah @bob")
	say("bob", "/accept") // alice to move
	refusedClaim := func() bool {
		rs := say("bob", "/claim")
		return len(rs) == 1 && rs[0].Private
	}

	advance(9 * time.Minute)
	if out := m.Bot.Tick(ctx); len(out) != 0 {
		t.Fatalf("pinged after 9 minutes: %+v", out)
	}
	advance(2 * time.Minute)
	out := m.Bot.Tick(ctx)
	if len(out) != 1 || !strings.Contains(out[0].Reply.Text, "alice") || out[0].Reply.Notice == nil {
		t.Fatalf("after 11 minutes: %d messages, want alice's ping: %+v", len(out), out)
	}
	out[0].Reply.Notice.Done("n1") // as an adapter reports it sent
	if !refusedClaim() {
		t.Fatal("claimed after 11 minutes")
	}
	advance(10 * time.Minute)
	rs := say("bob", "/claim")
	if len(rs) != 2 || rs[0].Private || rs[0].Board == nil || rs[1].Notice == nil || rs[1].Notice.Replaces != "n1" || rs[1].Text != "" {
		t.Fatalf("claim after 21 minutes: %+v, want the board and the ping's deletion", rs)
	}
	// (Through the running program's store: a second open of the file is
	// refused while it runs.)
	if g, err := m.DB.LiveGame(ctx, "test", "c"); err == nil {
		t.Errorf("the game is still live after the claim: %+v", g)
	}
}

// TestPublicURLFromEnv: PUBLIC_URL is an absolute http(s) URL without
// query, fragment or user, a path and a trailing slash allowed; it needs
// HTTP_ADDR. Every refusal names the variable and says what is wanted.
func TestPublicURLFromEnv(t *testing.T) {
	for _, c := range []struct {
		url, httpAddr string
		want          string // the URL kept
		err           string // a part of the refusal, "" for none
	}{
		{"", "", "", ""},
		{"", ":8080", "", ""},
		{"https://mancala.example.com", ":8080", "https://mancala.example.com", ""},
		{" https://mancala.example.com/ ", ":8080", "https://mancala.example.com/", ""},
		{"http://localhost:8080", "127.0.0.1:8080", "http://localhost:8080", ""},
		{"https://example.com/games/mancala/", ":8080", "https://example.com/games/mancala/", ""},
		{"https://mancala.example.com", "", "", "PUBLIC_URL: needs HTTP_ADDR"},
		{"mancala.example.com", ":8080", "", `PUBLIC_URL: "mancala.example.com" is not an http or https URL`},
		{"ftp://mancala.example.com", ":8080", "", "is not an http or https URL"},
		{"/g/", ":8080", "", "is not an http or https URL"},
		{"https://", ":8080", "", `PUBLIC_URL: "https://" has no host`},
		{"https:mancala.example.com", ":8080", "", "has no host"},
		{"https://mancala.example.com/?lang=ru", ":8080", "", "has a query or a fragment"},
		{"https://mancala.example.com/?", ":8080", "", "has a query or a fragment"},
		{"https://mancala.example.com/#top", ":8080", "", "has a query or a fragment"},
		{"https://admin:hunter2@mancala.example.com", ":8080", "", "holds a user name"},
		{"https://mancala.example.com/%zz", ":8080", "", "is not a URL"},
	} {
		cfg, err := configFromEnv(envOf("PUBLIC_URL", c.url, "HTTP_ADDR", c.httpAddr))
		switch {
		case c.err == "" && err != nil:
			t.Errorf("PUBLIC_URL %q, HTTP_ADDR %q: %v", c.url, c.httpAddr, err)
		case c.err == "" && cfg.PublicURL != c.want:
			t.Errorf("PUBLIC_URL %q: kept %q, want %q", c.url, cfg.PublicURL, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("PUBLIC_URL %q, HTTP_ADDR %q: error %v, want one with %q", c.url, c.httpAddr, err, c.err)
		case c.err != "" && strings.Contains(err.Error(), "hunter2"):
			t.Errorf("PUBLIC_URL %q: the refusal shows the password: %v", c.url, err)
		case c.err != "" && !strings.Contains(err.Error(), "e.g. https://mancala.example.com") && !strings.Contains(err.Error(), "HTTP_ADDR"):
			t.Errorf("PUBLIC_URL %q: the refusal %q does not say what is wanted", c.url, err)
		}
	}
}

// TestPublicURLReachesTheBot: the program's bot links a board to the
// game's page under PUBLIC_URL.
func TestPublicURLReachesTheBot(t *testing.T) {
	cfg, err := configFromEnv(envOf("PUBLIC_URL", "https://mancala.example.com/play/", "HTTP_ADDR", "127.0.0.1:0"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.DatabasePath = filepath.Join(t.TempDir(), "m.db")
	m := &Main{Config: cfg}
	ctx := context.Background()
	if err := m.Open(ctx); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	say := func(user, text string) []bot.Reply {
		return m.Bot.Handle(ctx, bot.Request{Platform: "test", Channel: "c", Text: text, User: bot.User{ID: user, Name: user}})
	}
	say("alice", "/new kalah @bob")
	rs := say("bob", "/accept")
	g, err := m.DB.LiveGame(ctx, "test", "c")
	if err != nil {
		t.Fatal(err)
	}
	want := "https://mancala.example.com/play/g/" + g.PageID
	if len(rs) != 1 || rs[0].Link == nil || rs[0].Link.URL != want || len(g.PageID) != 22 {
		t.Fatalf("the board's link: %+v, want %s", rs, want)
	}
}
