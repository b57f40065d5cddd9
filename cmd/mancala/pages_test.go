package main

import (
	"bytes"
	"context"
	"errors"
	"image/gif"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/record"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/review"
	"github.com/mancala-bot/mancala/review/graph"
	"github.com/mancala-bot/mancala/store"
)

// TestPagesOnPublicListener: with PUBLIC_URL, HTTP_ADDR serves the games'
// pages (a game in play has one, with the page's security headers), and
// with ADMIN_ADDR the probes and metrics stay off it. Without PUBLIC_URL
// there are no pages.
func TestPagesOnPublicListener(t *testing.T) {
	m := serveHTTP(t, Config{HTTPAddr: "127.0.0.1:0", AdminAddr: "127.0.0.1:0", PublicURL: "https://mancala.example.com/"}, nil)
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

// getPage fetches url from the running program (the safety net as the
// client's timeout), returning the response and its body.
func getPage(t *testing.T, url string) (*http.Response, []byte) {
	t.Helper()
	client := &http.Client{Timeout: safetyNet}
	res, err := client.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	return res, b
}

// TestPagesFinishedGame: a whole game of Kalah played in the running
// program's chat (PUBLIC_URL set) has a page that links its record and
// its GIF, both served: the record (package record's text) reads back to
// the same moves and final position, the GIF decodes with more frames
// than moves (the sowing) within render's bounds. The review after the
// game (on with PUBLIC_URL) is computed in the background and stored;
// once the bot's background work is over, the page shows the stored
// review's graph as review/graph draws it.
func TestPagesFinishedGame(t *testing.T) {
	m := serveHTTP(t, Config{HTTPAddr: "127.0.0.1:0", PublicURL: "https://mancala.example.com"}, nil)
	ctx := context.Background()
	say := func(user, text string) {
		m.Bot.Handle(ctx, bot.Request{Platform: "test", Channel: "c", Text: text, User: bot.User{ID: user, Name: user}})
	}
	say("alice", "/new kalah @bob")
	say("bob", "/accept")
	live, err := m.DB.LiveGame(ctx, "test", "c")
	if err != nil {
		t.Fatal(err)
	}
	lines, final := scriptGame(t, "kalah")
	for _, l := range lines {
		user, text, _ := strings.Cut(l, "> ")
		say(user, text)
	}
	m.Bot.Wait() // the review after the game
	g, err := m.DB.GameByPage(ctx, live.PageID)
	if err != nil {
		t.Fatal(err)
	}
	if g.Phase != store.PhaseOver || len(g.Moves) != len(lines) {
		t.Fatalf("the game: phase %v, %d moves, want over after %d", g.Phase, len(g.Moves), len(lines))
	}
	base := "http://" + m.httpLn.Addr().String() + "/g/" + g.PageID

	// The review: stored after the game when it was complete within the
	// bot's time; under a heavy load it may not be (then it is computed
	// on the first /review), and the test stores one at a small depth so
	// that the page's drawing is still checked.
	data, err := m.DB.Review(ctx, g.ID, len(g.Moves))
	if errors.Is(err, store.ErrNotFound) {
		t.Log("the review after the game was not complete in time: storing one at depth 2")
		data = storeReview(t, m, g)
	} else if err != nil {
		t.Fatal(err)
	}
	rv, err := review.Decode(data)
	if err != nil {
		t.Fatal(err)
	}

	res, body := getPage(t, base+"?lang=en")
	page := string(body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("the page: %s", res.Status)
	}
	for _, link := range []string{`href="` + g.PageID + `.txt"`, `href="` + g.PageID + `.gif"`, `href="` + g.PageID + `.json"`} {
		if !strings.Contains(page, link) {
			t.Errorf("the page has no %s", link)
		}
	}
	var svg bytes.Buffer
	if err := graph.SVG(&svg, rv, "en", len(g.Moves)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page, `<div id="graph">`+svg.String()+`</div>`) {
		t.Errorf("the page does not show the stored review's graph:\n%s", page)
	}

	res, body = getPage(t, base+".txt")
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != record.ContentType(record.Text) ||
		!strings.Contains(res.Header.Get("Content-Disposition"), record.FileName(g, record.Text)) {
		t.Fatalf("the record: %s %q %q", res.Status, res.Header.Get("Content-Type"), res.Header.Get("Content-Disposition"))
	}
	rec, err := record.Import(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("the served record does not read back: %v\n%s", err, body)
	}
	if len(rec.Moves) != len(g.Moves) {
		t.Fatalf("the record has %d moves, the game %d\n%s", len(rec.Moves), len(g.Moves), body)
	}
	for i, mv := range rec.Moves {
		if mv.String() != g.Moves[i].Move {
			t.Errorf("move %d: the record reads %s, the game has %s", i+1, mv, g.Moves[i].Move)
		}
	}
	if rec.Final().Key() != final.Key() {
		t.Errorf("the record's final position:\n%s\nthe game's:\n%s", rec.Final(), final)
	}

	res, body = getPage(t, base+".gif")
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/gif" {
		t.Fatalf("the GIF: %s %q", res.Status, res.Header.Get("Content-Type"))
	}
	anim, err := gif.DecodeAll(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("the GIF does not decode: %v", err)
	}
	if n := len(anim.Image); n <= len(g.Moves) || n > render.MaxGameFrames || len(body) > render.MaxGameGIFBytes {
		t.Errorf("the GIF has %d frames in %d bytes, want more than the %d moves (their sowing) and at most %d frames, %d bytes",
			n, len(body), len(g.Moves), render.MaxGameFrames, render.MaxGameGIFBytes)
	}
	t.Logf("record %d moves; GIF %d frames, %d KB", len(rec.Moves), len(anim.Image), len(body)/1024)
}

// storeReview computes g's review at depth 2 and stores it, returning
// what is stored.
func storeReview(t *testing.T, m *Main, g *store.Game) []byte {
	t.Helper()
	rules, err := engine.New(g.Variant, g.Options)
	if err != nil {
		t.Fatal(err)
	}
	var moves []engine.Move
	for _, mv := range g.Moves {
		p, err := engine.ParseMove(mv.Move)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, p)
	}
	rv, err := review.Game(context.Background(), rules.Start(), moves, review.Options{Depth: 2})
	if err != nil {
		t.Fatal(err)
	}
	data, err := review.Encode(rv)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.DB.SaveReview(context.Background(), g.ID, len(g.Moves), data); err != nil {
		t.Fatal(err)
	}
	return data
}
