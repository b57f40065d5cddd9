package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/bot"
)

// TestPagesOnPublicListener: with PUBLIC_URL, HTTP_ADDR serves the games'
// pages (a game in play has one, with the page's security headers), and
// with ADMIN_ADDR the probes and metrics stay off it. Without PUBLIC_URL
// there are no pages.
func TestPagesOnPublicListener(t *testing.T) {
	t.Setenv("PUBLIC_URL", "https://mancala.example.com/")
	m := serveHTTP(t, Config{HTTPAddr: "127.0.0.1:0", AdminAddr: "127.0.0.1:0"}, nil)
	ctx := context.Background()
	say := func(user, text string) {
		m.Bot.Handle(ctx, bot.Request{Platform: "test", Channel: "c", Text: text, User: bot.User{ID: user, Name: user}})
	}
	say("alice", "/new kalah @bob")
	say("bob", "/accept")
	say("alice", "3")
	g, err := m.DB.LiveGame(ctx, "test", "c")
	if err != nil {
		t.Fatal(err)
	}
	public, admin := "http://"+m.httpLn.Addr().String(), "http://"+m.adminLn.Addr().String()
	get := func(url string) (*http.Response, string) {
		t.Helper()
		client := &http.Client{Timeout: safetyNet}
		res, err := client.Get(url)
		if err != nil {
			t.Fatalf("GET %s: %v", url, err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, string(b)
	}
	res, page := get(public + "/g/" + g.PageID + "?ply=1")
	if res.StatusCode != http.StatusOK || !strings.Contains(page, `data-cells="4,4,0,5,5,5,1,4,4,4,4,4,4,0"`) ||
		!strings.HasPrefix(res.Header.Get("Content-Security-Policy"), "default-src 'none'") {
		t.Fatalf("the page: %s %q\n%s", res.Status, res.Header.Get("Content-Security-Policy"), page)
	}
	if !strings.Contains(page, `<link rel="canonical" href="https://mancala.example.com/g/`+g.PageID+`">`) {
		t.Error("no canonical link under PUBLIC_URL")
	}
	if res, _ := get(public + "/static/page.js"); res.StatusCode != http.StatusOK {
		t.Errorf("the script: %s", res.Status)
	}
	if res, _ := get(public + "/g/" + strings.Repeat("A", 22)); res.StatusCode != http.StatusNotFound {
		t.Errorf("an unknown page: %s", res.Status)
	}
	for _, path := range []string{"/healthz", "/readyz", "/metrics"} {
		if res, _ := get(public + path); res.StatusCode != http.StatusNotFound {
			t.Errorf("public %s: %s, want 404 (on ADMIN_ADDR)", path, res.Status)
		}
		if res, _ := get(admin + path); res.StatusCode != http.StatusOK {
			t.Errorf("admin %s: %s", path, res.Status)
		}
	}

	t.Setenv("PUBLIC_URL", "")
	m = serveHTTP(t, Config{HTTPAddr: "127.0.0.1:0"}, nil)
	if res, _ := get("http://" + m.httpLn.Addr().String() + "/g/" + g.PageID); res.StatusCode != http.StatusNotFound {
		t.Errorf("without PUBLIC_URL: %s, want 404", res.Status)
	}
}

// PAGES_CLIENT_HEADER is a header name or nothing.
func TestPagesClientHeader(t *testing.T) {
	m := &Main{Logger: slog.New(slog.DiscardHandler)}
	for v, want := range map[string]string{"": "", " X-Forwarded-For ": "X-Forwarded-For", "X-Real-IP": "X-Real-IP", "X Forwarded": "", "X-Forwarded-For: 1.2.3.4": ""} {
		t.Setenv("PAGES_CLIENT_HEADER", v)
		if got := m.pagesClientHeader(); got != want {
			t.Errorf("%q: %q, want %q", v, got, want)
		}
	}
}
