package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
)

// metrics is a small Prometheus-text-format registry: counters and the sum
// and count of durations, enough for /metrics without a client library.
// Every metric is listed from the start, its series at 0, so a scrape
// before the first request sees them all.
type metrics struct {
	mu       sync.Mutex
	values   map[string]float64 // series ("name{labels}") -> value
	families map[string]string  // metric name -> its HELP and TYPE lines
	kinds    map[string]string  // metric name -> counter or summary
}

// requestKinds are the kinds of chat request counted per platform.
var requestKinds = []string{"command", "button"}

// newMetrics registers the metrics, with a request series for each of the
// platforms running and each kind.
func newMetrics(platforms ...string) *metrics {
	m := &metrics{values: map[string]float64{}, families: map[string]string{}, kinds: map[string]string{}}
	m.describe("mancala_requests_total", "counter", "Chat requests handled, by platform and kind (command or button).")
	m.describe("mancala_replies_private_total", "counter", "Replies only the requester sees (refusals, errors).")
	m.describe("mancala_render_seconds", "summary", "Time to draw and encode a board image.")
	m.describe("mancala_render_errors_total", "counter", "Board images that failed to render.")
	for _, p := range platforms {
		for _, k := range requestKinds {
			m.values[requestSeries(p, k)] = 0
		}
	}
	for _, s := range []string{"mancala_replies_private_total", "mancala_render_seconds_sum", "mancala_render_seconds_count", "mancala_render_errors_total"} {
		m.values[s] = 0
	}
	return m
}

func requestSeries(platform, kind string) string {
	return fmt.Sprintf("mancala_requests_total{platform=%q,kind=%q}", platform, kind)
}

func (m *metrics) describe(name, kind, help string) {
	m.families[name] = fmt.Sprintf("# HELP %s %s\n# TYPE %s %s\n", name, help, name, kind)
	m.kinds[name] = kind
}

func (m *metrics) add(series string, v float64) {
	m.mu.Lock()
	m.values[series] += v
	m.mu.Unlock()
}

// family is the metric a series belongs to: its name without the labels,
// and for a summary without "_sum" or "_count".
func (m *metrics) family(series string) string {
	name, _, _ := strings.Cut(series, "{")
	for _, suffix := range []string{"_sum", "_count"} {
		if base, ok := strings.CutSuffix(name, suffix); ok && m.kinds[base] == "summary" {
			return base
		}
	}
	return name
}

// ServeHTTP writes every metric in the Prometheus text format: each one's
// HELP and TYPE, then its series, the metrics in name order.
func (m *metrics) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	m.mu.Lock()
	bySeries := map[string][]string{}
	for k := range m.values {
		f := m.family(k)
		bySeries[f] = append(bySeries[f], k)
	}
	names := make([]string, 0, len(bySeries))
	for f := range bySeries {
		names = append(names, f)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, f := range names {
		b.WriteString(m.families[f])
		series := bySeries[f]
		sort.Strings(series)
		for _, k := range series {
			fmt.Fprintf(&b, "%s %g\n", k, m.values[k])
		}
	}
	m.mu.Unlock()
	w.Header().Set("Content-Type", "text/plain; version=0.0.4")
	io.WriteString(w, b.String())
}

// timeRender wraps a board renderer to record its time and failures.
func (m *metrics) timeRender(f func(engine.Position, render.Options) ([]byte, error)) func(engine.Position, render.Options) ([]byte, error) {
	return func(p engine.Position, o render.Options) ([]byte, error) {
		t0 := time.Now()
		b, err := f(p, o)
		if err != nil {
			m.add("mancala_render_errors_total", 1)
			return b, err
		}
		m.add("mancala_render_seconds_sum", time.Since(t0).Seconds())
		m.add("mancala_render_seconds_count", 1)
		return b, nil
	}
}

// countingHandler counts the requests and private replies of a bot.
type countingHandler struct {
	bot     *bot.Bot
	metrics *metrics
}

func (h countingHandler) Handle(ctx context.Context, req bot.Request) []bot.Reply {
	kind := "command"
	if req.Button != "" {
		kind = "button"
	}
	h.metrics.add(requestSeries(req.Platform, kind), 1)
	replies := h.bot.Handle(ctx, req)
	for _, r := range replies {
		if r.Private {
			h.metrics.add("mancala_replies_private_total", 1)
		}
	}
	return replies
}
