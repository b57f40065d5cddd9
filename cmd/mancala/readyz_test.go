package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
)

// failingWrites is a database whose writes fail as on a full disk, as
// far as /readyz's probe can tell: taking a "readyz" lease fails.
type failingWrites struct{ Database }

var errDiskFull = errors.New("store: take lease: database or disk is full (13)")

func (f failingWrites) TakeLease(ctx context.Context, name, holder string, now time.Time, ttl time.Duration) (bool, error) {
	if strings.HasPrefix(name, "readyz ") {
		return false, errDiskFull
	}
	return f.Database.TakeLease(ctx, name, holder, now, ttl)
}

// getBody is a GET of url: its status and body.
func getBody(t *testing.T, url string) (int, string) {
	t.Helper()
	client := &http.Client{Timeout: safetyNet}
	resp, err := client.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestReadyzWriteProbe: /readyz commits a write, so that a database that
// still answers reads but takes no write (a full disk; here an injected
// failure) makes it 503 "database cannot be written", while /healthz stays
// 200. Before, /readyz only read, and said ok while every write failed.
// With a database that takes writes it is 200, and the probe leaves no
// lease behind.
func TestReadyzWriteProbe(t *testing.T) {
	ok := serveHTTP(t, Config{HTTPAddr: "127.0.0.1:0"}, nil)
	base := "http://" + ok.httpLn.Addr().String()
	if code, body := getBody(t, base+"/readyz"); code != 200 || body != "ok\n" {
		t.Errorf("/readyz: %d %q, want 200", code, body)
	}
	if held, err := ok.DB.TakeLease(context.Background(), "readyz "+ok.holder, "another", time.Now(), time.Minute); err != nil || !held {
		t.Errorf("the probe's lease is still held: %v %v", held, err)
	}

	full := serveHTTP(t, Config{HTTPAddr: "127.0.0.1:0"}, func(m *Main) { m.DB = failingWrites{m.DB} })
	base = "http://" + full.httpLn.Addr().String()
	if code, body := getBody(t, base+"/readyz"); code != 503 || body != "database cannot be written\n" {
		t.Errorf("/readyz, writes failing: %d %q, want 503 database cannot be written", code, body)
	}
	if code, body := getBody(t, base+"/healthz"); code != 200 {
		t.Errorf("/healthz, writes failing: %d %q", code, body)
	}
}

// TestReadyzTelegramTokenRefused: in webhook mode, once Telegram answers
// 401 (the token revoked: here a reply refused so), /readyz on ADMIN_ADDR
// is 503 "telegram: token refused"; an accepted call makes it 200 again.
// Before, /readyz said ready while Telegram refused the token.
func TestReadyzTelegramTokenRefused(t *testing.T) {
	const tgToken = "424242:SECRET-telegram-token-for-tests"
	tg := telegramtest.New(tgToken)
	defer tg.Close()
	m := serveHTTP(t, Config{HTTPAddr: "127.0.0.1:0", AdminAddr: "127.0.0.1:0", TelegramToken: tgToken, TelegramAPIEndpoint: tg.URL},
		func(m *Main) {
			m.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
			m.Config.TelegramWebhookURL = "http://" + m.httpLn.Addr().String() + "/telegram/webhook"
			m.Config.TelegramWebhookSecret = "hook-SECRET_42"
		})
	if !tg.WaitFor(safetyNet, func() bool { _, ok := tg.Webhook(); return ok }) {
		t.Fatal("no webhook set")
	}
	readyz := "http://" + m.adminLn.Addr().String() + "/readyz"
	if code, body := getBody(t, readyz); code != 200 {
		t.Fatalf("/readyz: %d %q", code, body)
	}
	const chat = 555
	user := telegramtest.User{ID: 77, FirstName: "Olga", UserName: "olga"}
	tg.Fail("sendMessage", 1, 401, "Unauthorized")
	tg.SendText(chat, user, "en", "/help")
	var code int
	var body string
	if !tg.WaitFor(safetyNet, func() bool { code, body = getBody(t, readyz); return code != 200 }) {
		t.Fatal("/readyz stayed 200 after Telegram refused the token")
	}
	if code != 503 || body != "telegram: token refused (401 Unauthorized)\n" {
		t.Errorf("/readyz after a 401: %d %q", code, body)
	}
	tg.SendText(chat, user, "en", "/help")
	if !tg.WaitFor(safetyNet, func() bool { code, body = getBody(t, readyz); return code == 200 }) {
		t.Errorf("/readyz after an accepted call: %d %q, want 200", code, body)
	}
}
