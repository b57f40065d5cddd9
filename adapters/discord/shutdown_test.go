package discord

import (
	"context"
	"encoding/json"
	"log/slog"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
	"github.com/mancala-bot/mancala/bot"
)

// waitRun waits for Run to return after the cancel and reports how long
// it took. The 20 s limit only catches a hang; the bound itself is
// checked through what the adapter did.
func waitRun(t *testing.T, h *harness) time.Duration {
	t.Helper()
	t0 := time.Now()
	h.cancel()
	select {
	case err := <-h.done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(2 * time.Minute): // a hang, not a timing
		t.Fatal("Run did not return")
	}
	return time.Since(t0)
}

// An interaction whose bot is still busy when Run's context ends: Run
// cancels its context at the grace period before ShutdownTimeout (the
// handler sees it cancelled, not timed out after handleTimeout), gives up
// its reply, logs the count without the text, and returns.
func TestShutdownGivesUp(t *testing.T) {
	t.Parallel()
	entered := make(chan struct{})
	seen := make(chan error, 1)
	handler := HandlerFunc(func(ctx context.Context, _ bot.Request) []bot.Reply {
		close(entered)
		<-ctx.Done()
		seen <- ctx.Err()
		return []bot.Reply{{Text: "too late to say"}}
	})
	h := start(t, setup{Handler: handler, DeferAfter: -1, Keep: true})
	ix := h.command(alice, "en-US", "help")
	<-entered
	ix.WaitOp(t, "defer")
	took := waitRun(t, h)
	t.Logf("Run returned %v after the cancel, an interaction in flight (ShutdownTimeout %v)", took, ShutdownTimeout)
	if err := <-seen; err != context.Canceled {
		t.Errorf("the handler's context ended with %v, want Canceled by the shutdown", err)
	}
	logs := h.logs.String()
	m := regexp.MustCompile(`msg="discord: stopped"[^\n]*replies_not_sent=(\d+)`).FindStringSubmatch(logs)
	if m == nil || m[1] != "1" {
		t.Errorf("stop log %q:\n%s", m, logs)
	}
	if strings.Contains(logs, "too late to say") {
		t.Error("the log holds the reply's text")
	}
	for _, o := range ix.Visible() {
		if strings.Contains(o.Message.Content, "too late") {
			t.Errorf("the reply was sent after the give-up: %+v", o)
		}
	}
}

// A handler that ignores its context cannot hold Run past the deadline.
func TestShutdownDeadline(t *testing.T) {
	t.Parallel()
	entered, stuck := make(chan struct{}), make(chan struct{})
	t.Cleanup(func() { close(stuck) })
	handler := HandlerFunc(func(context.Context, bot.Request) []bot.Reply {
		close(entered)
		<-stuck
		return nil
	})
	h := start(t, setup{Handler: handler, DeferAfter: -1, Keep: true})
	h.a.shutdownTimeout = 300 * time.Millisecond
	h.command(alice, "en-US", "help")
	<-entered
	took := waitRun(t, h)
	t.Logf("Run returned %v after the cancel, a handler stuck (ShutdownTimeout 300ms)", took)
	if !strings.Contains(h.logs.String(), "stopped with interactions still in flight") {
		t.Errorf("no warning about the stuck interaction:\n%s", h.logs.String())
	}
}

// The JSON logs name the platform once (the caller's logger does) and
// write durations as strings.
func TestLogAttributes(t *testing.T) {
	t.Parallel()
	var logs logBuffer
	h := start(t, setup{Handler: HandlerFunc(func(context.Context, bot.Request) []bot.Reply {
		return []bot.Reply{{Text: "hi"}}
	}), Keep: true, Logger: slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})).With("platform", Platform)})
	h.srv.RateLimit(discordtest.RouteCallback, 1, time.Second)
	h.command(alice, "en-US", "help").Wait(t)
	waitRun(t, h)
	answered, limited := false, false
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		if n := strings.Count(line, `"platform":`); n != 1 {
			t.Errorf("%d platform keys in %s", n, line)
		}
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		if took, ok := rec["took"]; ok {
			s, isString := took.(string)
			if _, err := time.ParseDuration(s); !isString || err != nil {
				t.Errorf("took %#v, want a duration string", took)
			}
			answered = answered || rec["msg"] == "discord: interaction answered"
		}
		if rec["msg"] == "discord: rate limited; retrying" {
			limited = true
			if rec["retry_after"] != "1s" {
				t.Errorf("retry_after %#v, want \"1s\"", rec["retry_after"])
			}
		}
	}
	if !answered || !limited {
		t.Errorf("no answered record:\n%s", logs.String())
	}
}
