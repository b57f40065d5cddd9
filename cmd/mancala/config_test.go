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

func TestIdleDelaysFromEnv(t *testing.T) {
	for _, c := range []struct {
		env           []string
		remind, claim time.Duration
	}{
		{nil, time.Hour, 24 * time.Hour},
		{[]string{"REMIND_AFTER", "1h", "CLAIM_AFTER", "24h"}, time.Hour, 24 * time.Hour},
		{[]string{"REMIND_AFTER", " 90m ", "CLAIM_AFTER", "2h30m"}, 90 * time.Minute, 150 * time.Minute},
		{[]string{"REMIND_AFTER", "10m"}, 10 * time.Minute, 24 * time.Hour},
		{[]string{"CLAIM_AFTER", "72h"}, time.Hour, 72 * time.Hour},
		{[]string{"REMIND_AFTER", "30s", "CLAIM_AFTER", "31s"}, 30 * time.Second, 31 * time.Second},
	} {
		cfg, err := configFromEnv(envOf(c.env...))
		if err != nil {
			t.Errorf("%q: %v", c.env, err)
			continue
		}
		if cfg.RemindAfter != c.remind || cfg.ClaimAfter != c.claim {
			t.Errorf("%q: remind after %s, claim after %s; want %s, %s", c.env, cfg.RemindAfter, cfg.ClaimAfter, c.remind, c.claim)
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

func TestIdleDelaysRefused(t *testing.T) {
	for _, c := range []struct {
		env  []string
		want string // the variable the message names first
	}{
		{[]string{"REMIND_AFTER", "soon"}, "REMIND_AFTER"},
		{[]string{"REMIND_AFTER", "60"}, "REMIND_AFTER"}, // no unit
		{[]string{"REMIND_AFTER", "0"}, "REMIND_AFTER"},
		{[]string{"REMIND_AFTER", "0s"}, "REMIND_AFTER"},
		{[]string{"REMIND_AFTER", "-5m"}, "REMIND_AFTER"},
		{[]string{"CLAIM_AFTER", "1 day"}, "CLAIM_AFTER"},
		{[]string{"CLAIM_AFTER", "0h"}, "CLAIM_AFTER"},
		{[]string{"CLAIM_AFTER", "-24h"}, "CLAIM_AFTER"},
		{[]string{"REMIND_AFTER", "2h", "CLAIM_AFTER", "2h"}, "CLAIM_AFTER"},
		{[]string{"REMIND_AFTER", "2h", "CLAIM_AFTER", "1h"}, "CLAIM_AFTER"},
		{[]string{"CLAIM_AFTER", "30m"}, "CLAIM_AFTER"},  // below the default reminder
		{[]string{"REMIND_AFTER", "48h"}, "CLAIM_AFTER"}, // above the default claim
		{[]string{"DELIVERY_HOLD", "later"}, "DELIVERY_HOLD"},
		{[]string{"DELIVERY_HOLD", "-1s"}, "DELIVERY_HOLD"},
		{[]string{"DELIVERY_HOLD", "500ms"}, "DELIVERY_HOLD"}, // a board being sent would go out twice
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
	t.Setenv("REMIND_AFTER", "soon")
	code, _, stderr := mancala(t, "", "serve")
	if code != exitUsage || stderr != "mancala: REMIND_AFTER: \"soon\" is not a duration (e.g. 90m, 1h, 24h)\n" {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestIdleDelaysReachTheBot: with REMIND_AFTER 10m and CLAIM_AFTER 20m the
// player to move is reminded after 10 minutes, not before, and the
// opponent may claim the game after 20, not before.
func TestIdleDelaysReachTheBot(t *testing.T) {
	cfg, err := configFromEnv(envOf("REMIND_AFTER", "10m", "CLAIM_AFTER", "20m"))
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
		t.Fatalf("reminded after 9 minutes: %+v", out)
	}
	advance(2 * time.Minute)
	out := m.Bot.Tick(ctx)
	if len(out) != 1 || !strings.Contains(out[0].Reply.Text, "alice") {
		t.Fatalf("after 11 minutes: %d messages, want alice's reminder: %+v", len(out), out)
	}
	if !refusedClaim() {
		t.Fatal("claimed after 11 minutes")
	}
	advance(10 * time.Minute)
	rs := say("bob", "/claim")
	if len(rs) != 1 || rs[0].Private || rs[0].Board == nil {
		t.Fatalf("claim after 21 minutes: %+v", rs)
	}
	// (Through the running program's store: a second open of the file is
	// refused while it runs.)
	if g, err := m.DB.LiveGame(ctx, "test", "c"); err == nil {
		t.Errorf("the game is still live after the claim: %+v", g)
	}
}
