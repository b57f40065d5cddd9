package web

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// finishedKalah is a server with one finished game of Kalah between
// Alice and the bot (page id "kalahpage____________A"), a challenge ("challengepage________A"),
// a declined challenge ("declinedpage_________A") and a game in play ("livepage_____________A").
func finishedKalah(t testing.TB, cfg Config) (*fixture, *played, http.Handler) {
	t.Helper()
	f := newFixture(t)
	pl := playGame(t, "kalah", nil, 80, "Alice", "")
	if pl.rec.Phase != store.PhaseOver {
		t.Fatal("the game did not end")
	}
	f.add(t, "kalahpage", pl.rec)
	ch := playGame(t, "kalah", nil, 0, "Bob", "Carol")
	ch.rec.Phase = store.PhaseChallenge
	f.add(t, "challengepage", ch.rec)
	dc := playGame(t, "kalah", nil, 0, "Bob", "Carol")
	dc.rec.Phase, dc.rec.Reason = store.PhaseOver, "declined"
	f.add(t, "declinedpage", dc.rec)
	live := playGame(t, "oware", nil, 6, "Dana", "Erik")
	f.add(t, "livepage", live.rec)
	if cfg.Store == nil {
		cfg.Store = f.db
	}
	if cfg.Now == nil {
		cfg.Now = func() time.Time { return t0 }
	}
	return f, pl, New(cfg).Handler()
}

// The security headers are on every answer: pages, images, static files,
// 404s and 429s.
func TestSecurityHeaders(t *testing.T) {
	_, _, h := finishedKalah(t, Config{Rate: 1, Burst: 5})
	for _, path := range []string{"/g/kalahpage____________A", "/g/kalahpage____________A/board/3.png", "/static/page.css", "/g/nothing", "/", "/g/kalahpage____________A", "/g/kalahpage____________A"} {
		res := get(t, h, path)
		for name, want := range map[string]string{
			"Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
			"X-Content-Type-Options":  "nosniff",
			"Referrer-Policy":         "no-referrer",
			"X-Frame-Options":         "DENY",
		} {
			if got := res.Header.Get(name); got != want {
				t.Errorf("%s (%s): %s %q, want %q", path, res.Status, name, got, want)
			}
		}
	}
}

// Anything that is not a page gets the same 404: malformed, forged,
// unknown and sequential ids, games that never started, plies out of
// range; the body names nothing.
func TestNotFound(t *testing.T) {
	_, pl, h := finishedKalah(t, Config{})
	paths := []string{
		"/g/", "/g/kalahpagf", "/g/KALAHPAGE", "/g/kalahpage____________A.", "/g/kalahpage____________A.xml", "/g/kalahpage____________A%00",
		"/g/" + strings.Repeat("a", 65), "/g/kalah%20page", "/g/kalah<page>",
		"/g/" + store.NewPageID(), "/g/kalahpage____________B", "/g/kalahpage____________Q", "/g/kalahpage____________A=",
		"/g/1", "/g/2", "/g/" + strconv.FormatInt(pl.rec.ID, 10), "/g/0",
		"/g/challengepage________A", "/g/declinedpage_________A", "/g/challengepage________A.json", "/g/challengepage________A/board/0.png",
		"/g/kalahpage____________A?ply=-1", "/g/kalahpage____________A?ply=01", "/g/kalahpage____________A?ply=+3", "/g/kalahpage____________A?ply=x",
		"/g/kalahpage____________A?ply=" + strconv.Itoa(len(pl.rec.Moves)+1),
		"/g/kalahpage____________A/board/99.png", "/g/kalahpage____________A/board/1.gif", "/g/kalahpage____________A/board/-1.png", "/g/kalahpage____________A/board/.png",
		"/g/kalahpage____________A/move/0.gif", "/g/kalahpage____________A/move/" + strconv.Itoa(len(pl.rec.Moves)+1) + ".gif",
		"/static/page.html", "/static/none.css", "/metrics", "/healthz",
	}
	for _, p := range paths {
		res := get(t, h, p)
		b := body(t, res)
		if res.StatusCode != http.StatusNotFound || b != "Not found.\n" {
			t.Errorf("%s: %s %q, want 404 %q", p, res.Status, b, "Not found.\n")
		}
	}
}

// A player's name is text: markup in it is escaped wherever it shows.
func TestHostileNameEscaped(t *testing.T) {
	f := newFixture(t)
	evil := `<script>alert("x")</script><img src=x onerror=alert(1)>&amp;'`
	pl := playGame(t, "kalah", nil, 80, evil, "")
	f.add(t, "evilpage", pl.rec)
	h := New(Config{Store: f.db}).Handler()
	for _, path := range []string{"/g/evilpage_____________A", "/g/evilpage_____________A?ply=3", "/g/evilpage_____________A?lang=ru"} {
		page := body(t, get(t, h, path))
		if strings.Contains(page, "<script>alert") || strings.Contains(page, "<img src=x") {
			t.Fatalf("%s: the name is not escaped:\n%s", path, page)
		}
		if !strings.Contains(page, `&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&amp;amp;&#39;`) {
			t.Errorf("%s: the escaped name is missing", path)
		}
	}
	var g gameJSON
	if err := json.Unmarshal([]byte(body(t, get(t, h, "/g/evilpage_____________A.json"))), &g); err != nil {
		t.Fatal(err)
	}
	if g.Players[0].Name != evil {
		t.Errorf("JSON name %q, want %q", g.Players[0].Name, evil)
	}
}

// A Discord mention means nothing on the web: the seat is named instead.
func TestDiscordMentionNamedBySeat(t *testing.T) {
	f := newFixture(t)
	pl := playGame(t, "kalah", nil, 80, "<@123456789>", "")
	f.add(t, "discordpage", pl.rec)
	page := body(t, get(t, New(Config{Store: f.db}).Handler(), "/g/discordpage__________A"))
	if strings.Contains(page, "123456789") || !strings.Contains(page, `<span class="player">South player</span>`) {
		t.Errorf("the mention shows, or the seat is not named:\n%s", page)
	}
}

// Pages and images carry strong ETags: the same request with
// If-None-Match gets 304 and no body; another ply, language or version
// another tag. A finished game's images are immutable.
func TestETags(t *testing.T) {
	f, _, h := finishedKalah(t, Config{})
	tags := map[string]string{}
	for _, path := range []string{"/g/kalahpage____________A", "/g/kalahpage____________A?ply=3", "/g/kalahpage____________A?ply=3&lang=da", "/g/kalahpage____________A/board/3.png",
		"/g/kalahpage____________A/board/4.png", "/g/kalahpage____________A/move/3.gif", "/g/kalahpage____________A.json", "/static/page.js", "/g/livepage_____________A", "/g/livepage_____________A/board/2.png"} {
		res := get(t, h, path)
		body(t, res)
		tag := res.Header.Get("ETag")
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(tag, `"`) || strings.HasPrefix(tag, `W/`) {
			t.Fatalf("%s: %s, ETag %q", path, res.Status, tag)
		}
		for p, other := range tags {
			if other == tag {
				t.Errorf("%s and %s share the ETag %s", p, path, tag)
			}
		}
		tags[path] = tag
		again := get(t, h, path, "If-None-Match: "+tag)
		if b := body(t, again); again.StatusCode != http.StatusNotModified || b != "" {
			t.Errorf("%s with its ETag: %s %q, want 304", path, again.Status, b)
		}
		if res := get(t, h, path, `If-None-Match: "other"`); res.StatusCode != http.StatusOK {
			t.Errorf("%s with another ETag: %s", path, res.Status)
		}
	}
	if cc := get(t, h, "/g/kalahpage____________A/board/3.png").Header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
		t.Errorf("finished board: Cache-Control %q", cc)
	}
	if cc := get(t, h, "/g/livepage_____________A/board/2.png").Header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("live board: Cache-Control %q", cc)
	}
	// A new move: the live page's tag changes.
	live := f.game(t, "livepage")
	live.Moves = append(live.Moves, store.Move{Ply: len(live.Moves), Move: nextMove(t, live), At: t0})
	f.update(t, live)
	if res := get(t, h, "/g/livepage_____________A", "If-None-Match: "+tags["/g/livepage_____________A"]); res.StatusCode != http.StatusOK {
		t.Errorf("live page after a move: %s, want 200", res.Status)
	}
}

// Each client has its bucket: past the burst, 429 with Retry-After until
// the rate has refilled it; other clients are not affected.
func TestRateLimit(t *testing.T) {
	now := t0
	_, _, h := finishedKalah(t, Config{Rate: 2, Burst: 3, Now: func() time.Time { return now }})
	req := func(addr string) *http.Response {
		r, _ := http.NewRequest(http.MethodGet, "/g/kalahpage____________A", nil)
		r.RemoteAddr = addr
		w := &recorder{header: http.Header{}}
		h.ServeHTTP(w, r)
		return &http.Response{StatusCode: w.code, Header: w.header}
	}
	for i := range 3 {
		if res := req("192.0.2.1:1000"); res.StatusCode != http.StatusOK {
			t.Fatalf("request %d: %d", i+1, res.StatusCode)
		}
	}
	res := req("192.0.2.1:1001") // another port, the same client
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") != "1" {
		t.Fatalf("4th request: %d, Retry-After %q; want 429 and 1", res.StatusCode, res.Header.Get("Retry-After"))
	}
	if res := req("198.51.100.7:1000"); res.StatusCode != http.StatusOK {
		t.Errorf("another client: %d", res.StatusCode)
	}
	now = now.Add(500 * time.Millisecond) // one token back
	if res := req("192.0.2.1:1000"); res.StatusCode != http.StatusOK {
		t.Errorf("after 0.5 s: %d", res.StatusCode)
	}
	if res := req("192.0.2.1:1000"); res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("then: %d, want 429", res.StatusCode)
	}
}

// recorder is a minimal ResponseWriter.
type recorder struct {
	header http.Header
	code   int
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) Write(b []byte) (int, error) {
	if r.code == 0 {
		r.code = http.StatusOK
	}
	return len(b), nil
}
func (r *recorder) WriteHeader(code int) {
	if r.code == 0 {
		r.code = code
	}
}

// The page's language: ?lang=, else the browser's first of the four,
// else the game's.
func TestLanguage(t *testing.T) {
	f := newFixture(t)
	pl := playGame(t, "kalah", nil, 80, "Alice", "")
	pl.rec.Lang = "da"
	f.add(t, "p", pl.rec)
	h := New(Config{Store: f.db}).Handler()
	for _, c := range []struct {
		path, accept, want, text string
	}{
		{"/g/p____________________A", "", "da", "Syd"},
		{"/g/p____________________A", "ru-RU,ru;q=0.9,en;q=0.8", "ru", "Юг"},
		{"/g/p____________________A", "de-DE,pl;q=0.7,en;q=0.5", "pl", "Południe"},
		{"/g/p____________________A", "uk,de", "da", "Syd"},
		{"/g/p____________________A", "en-GB", "en", "South"},
		{"/g/p____________________A?lang=pl", "ru", "pl", "Południe"},
		{"/g/p____________________A?lang=xx", "ru", "ru", "Юг"},
	} {
		var res *http.Response
		if c.accept != "" {
			res = get(t, h, c.path, "Accept-Language: "+c.accept)
		} else {
			res = get(t, h, c.path)
		}
		page := body(t, res)
		if !strings.Contains(page, `<html lang="`+c.want+`">`) || !strings.Contains(page, `<span class="seat">`+c.text+`</span>`) {
			t.Errorf("%s, Accept-Language %q: want %s (%s)", c.path, c.accept, c.want, c.text)
		}
		if v := res.Header.Get("Vary"); v != "Accept-Language" {
			t.Errorf("Vary %q", v)
		}
	}
}

// The JSON has the moves and nothing private: no platform, channel or
// user ids.
func TestJSON(t *testing.T) {
	_, pl, h := finishedKalah(t, Config{})
	res := get(t, h, "/g/kalahpage____________A.json")
	b := body(t, res)
	if res.Header.Get("Content-Type") != "application/json" {
		t.Errorf("Content-Type %q", res.Header.Get("Content-Type"))
	}
	for _, private := range []string{"telegram", "-100777", "user1000", "kalahpage____________A"} {
		if strings.Contains(b, private) {
			t.Errorf("the JSON holds %q", private)
		}
	}
	var g gameJSON
	if err := json.Unmarshal([]byte(b), &g); err != nil {
		t.Fatal(err)
	}
	if g.Variant != "kalah" || g.Phase != "over" || g.Result != pl.rec.Result || len(g.Moves) != len(pl.rec.Moves) {
		t.Fatalf("%+v", g)
	}
	for i, m := range g.Moves {
		side := pl.positions[i].ToMove().String()
		if m.Ply != i+1 || m.Move != pl.rec.Moves[i].Move || m.Side != side {
			t.Errorf("move %d: %+v, want %s by %s", i+1, m, pl.rec.Moves[i].Move, side)
		}
	}
	if g.Players[0].Name != "Alice" || g.Players[1].Name != "Bot" || !g.Players[1].Bot || g.Players[1].Level != "medium" {
		t.Errorf("players %+v", g.Players)
	}
}

// The static files: the stylesheet and the script, with their types.
func TestStatic(t *testing.T) {
	_, _, h := finishedKalah(t, Config{})
	for path, ctype := range map[string]string{"/static/page.css": "text/css; charset=utf-8", "/static/page.js": "text/javascript; charset=utf-8"} {
		res := get(t, h, path)
		if b := body(t, res); res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != ctype || len(b) < 100 {
			t.Errorf("%s: %s %q, %d bytes", path, res.Status, res.Header.Get("Content-Type"), len(b))
		}
	}
	page := body(t, get(t, h, "/g/kalahpage____________A"))
	if strings.Contains(page, "<style") || strings.Contains(page, " style=") || strings.Contains(page, "<script>") || strings.Contains(page, "onclick") {
		t.Error("inline style or script in the page")
	}
}

// Behind a proxy (Config.ClientHeader), the client is the last address
// the proxy wrote in the header: what a client writes before it does not
// give it a new bucket.
func TestRateLimitBehindProxy(t *testing.T) {
	_, _, h := finishedKalah(t, Config{Rate: 1, Burst: 2, ClientHeader: "X-Forwarded-For"})
	req := func(xff ...string) int {
		r, _ := http.NewRequest(http.MethodGet, "/static/page.css", nil)
		r.RemoteAddr = "10.0.0.1:5555" // the proxy
		for _, v := range xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		w := &recorder{header: http.Header{}}
		h.ServeHTTP(w, r)
		return w.code
	}
	for i, c := range []struct {
		xff  []string
		want int
	}{
		{[]string{"203.0.113.5"}, http.StatusOK},
		{[]string{"1.2.3.4, 203.0.113.5"}, http.StatusOK},                // spoofed first entry: the same client
		{[]string{"5.6.7.8", "203.0.113.5"}, http.StatusTooManyRequests}, // and again, in two headers
		{[]string{"203.0.113.6"}, http.StatusOK},                         // another client
		{nil, http.StatusOK},                                             // no header: the proxy's address
	} {
		if got := req(c.xff...); got != c.want {
			t.Errorf("request %d (%q): %d, want %d", i+1, c.xff, got, c.want)
		}
	}
}
