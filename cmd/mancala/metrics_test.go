package main

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/bot"
)

// scrape returns /metrics of m's handler.
func scrape(t *testing.T, m *Main) string {
	t.Helper()
	rec := httptest.NewRecorder()
	m.handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/plain") {
		t.Fatalf("/metrics: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	return rec.Body.String()
}

// metricLine is a sample: a name, optional labels, a value.
var metricLine = regexp.MustCompile(`^([a-z_]+)(\{[a-z_]+="[^"]*"(?:,[a-z_]+="[^"]*")*\})? (\S+)$`)

// checkFormat checks the Prometheus text format: each metric's HELP and
// TYPE once, before its samples, which come together; it returns the
// samples, series -> value.
func checkFormat(t *testing.T, text string) map[string]string {
	t.Helper()
	samples := map[string]string{}
	typed := map[string]string{}
	current := ""
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if f, ok := strings.CutPrefix(l, "# HELP "); ok {
			name, _, _ := strings.Cut(f, " ")
			if _, dup := typed[name]; dup {
				t.Errorf("%s described twice", name)
			}
			typed[name], current = "", name
			continue
		}
		if f, ok := strings.CutPrefix(l, "# TYPE "); ok {
			name, kind, _ := strings.Cut(f, " ")
			if name != current {
				t.Errorf("TYPE of %s after HELP of %s", name, current)
			}
			typed[name] = kind
			continue
		}
		m := metricLine.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("not a sample: %q", l)
			continue
		}
		family := m[1]
		if typed[current] == "summary" {
			family = strings.TrimSuffix(strings.TrimSuffix(family, "_sum"), "_count")
		}
		if family != current {
			t.Errorf("sample %q under the HELP of %s", l, current)
		}
		samples[m[1]+m[2]] = m[3]
	}
	return samples
}

// TestMetricsFromTheStart: before any request /metrics lists every metric
// with its HELP and TYPE and every series at 0; requests then count.
func TestMetricsFromTheStart(t *testing.T) {
	m := &Main{Config: Config{DatabasePath: filepath.Join(t.TempDir(), "m.db")}}
	if err := m.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	text := scrape(t, m)
	for _, want := range []string{
		"# TYPE mancala_requests_total counter\n",
		"# TYPE mancala_replies_private_total counter\n",
		"# TYPE mancala_render_seconds summary\n",
		"# TYPE mancala_render_errors_total counter\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in\n%s", want, text)
		}
	}
	want := map[string]string{
		`mancala_requests_total{platform="terminal",kind="command"}`: "0",
		`mancala_requests_total{platform="terminal",kind="button"}`:  "0",
		"mancala_replies_private_total":                              "0",
		"mancala_render_seconds_sum":                                 "0",
		"mancala_render_seconds_count":                               "0",
		"mancala_render_errors_total":                                "0",
	}
	got := checkFormat(t, text)
	if len(got) != len(want) {
		t.Errorf("%d series, want %d:\n%s", len(got), len(want), text)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %s", k, got[k], v)
		}
	}

	h := countingHandler{m.Bot, m.Metrics}
	say := func(user, text string) []bot.Reply {
		return h.Handle(context.Background(), bot.Request{Platform: "terminal", Channel: "c", Text: text, User: bot.User{ID: user, Name: user}})
	}
	say("alice", "/new kalah @bob")
	rs := say("bob", "/accept") // a board image
	say("bob", "/move 1")       // not bob's turn: private
	if len(rs) != 1 || rs[0].Board == nil {
		t.Fatalf("accept: %+v", rs)
	}
	// alice presses a move button: a board image.
	h.Handle(context.Background(), bot.Request{Platform: "terminal", Channel: "c", Button: rs[0].Board.Buttons[0][0].Data, User: bot.User{ID: "alice", Name: "alice"}})
	got = checkFormat(t, scrape(t, m))
	for k, v := range map[string]string{
		`mancala_requests_total{platform="terminal",kind="command"}`: "3",
		`mancala_requests_total{platform="terminal",kind="button"}`:  "1",
		"mancala_replies_private_total":                              "1",
		"mancala_render_seconds_count":                               "2",
		"mancala_render_errors_total":                                "0",
	} {
		if got[k] != v {
			t.Errorf("after the requests %s = %q, want %s", k, got[k], v)
		}
	}
}

// TestMetricsPlatforms: the request series are those of the platforms the
// configuration runs.
func TestMetricsPlatforms(t *testing.T) {
	got := checkFormat(t, func() string {
		rec := httptest.NewRecorder()
		newMetrics(Config{DiscordToken: "x", TelegramToken: "y"}.platformNames()...).ServeHTTP(rec, nil)
		return rec.Body.String()
	}())
	for _, p := range []string{"discord", "telegram"} {
		for _, k := range []string{"command", "button"} {
			if s := `mancala_requests_total{platform="` + p + `",kind="` + k + `"}`; got[s] != "0" {
				t.Errorf("%s = %q, want 0", s, got[s])
			}
		}
	}
	if _, ok := got[`mancala_requests_total{platform="terminal",kind="command"}`]; ok {
		t.Error("a terminal series without the terminal running")
	}
}
