package main

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"sync"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
)

// metrics is a small Prometheus-text-format registry: counters and the sum
// and count of durations, enough for /metrics without a client library.
type metrics struct {
	mu     sync.Mutex
	values map[string]float64 // series ("name{labels}") -> value
	help   map[string]string  // metric name -> help text
}

func newMetrics() *metrics {
	m := &metrics{values: map[string]float64{}, help: map[string]string{}}
	m.describe("mancala_requests_total", "counter", "Chat requests handled, by platform and kind (command or button).")
	m.describe("mancala_replies_private_total", "counter", "Replies only the requester sees (refusals, errors).")
	m.describe("mancala_render_seconds", "summary", "Time to draw and encode a board image.")
	m.describe("mancala_render_errors_total", "counter", "Board images that failed to render.")
	return m
}

func (m *metrics) describe(name, kind, help string) {
	m.help[name] = fmt.Sprintf("# HELP %s %s\n# TYPE %s %s\n", name, help, name, kind)
}

func (m *metrics) add(series string, v float64) {
	m.mu.Lock()
	m.values[series] += v
	m.mu.Unlock()
}

// ServeHTTP writes every series in the Prometheus text format.
func (m *metrics) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	m.mu.Lock()
	names := make([]string, 0, len(m.values))
	for k := range m.values {
		names = append(names, k)
	}
	sort.Strings(names)
	w.Header().Set("Content-Type", "text/plain; version=0.0.4")
	done := map[string]bool{}
	for _, k := range names {
		base := k
		for i, c := range k {
			if c == '{' {
				base = k[:i]
				break
			}
		}
		for _, suffix := range []string{"_sum", "_count"} {
			if len(base) > len(suffix) && base[len(base)-len(suffix):] == suffix {
				base = base[:len(base)-len(suffix)]
			}
		}
		if h, ok := m.help[base]; ok && !done[base] {
			fmt.Fprint(w, h)
			done[base] = true
		}
		fmt.Fprintf(w, "%s %g\n", k, m.values[k])
	}
	m.mu.Unlock()
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
	h.metrics.add(fmt.Sprintf("mancala_requests_total{platform=%q,kind=%q}", req.Platform, kind), 1)
	replies := h.bot.Handle(ctx, req)
	for _, r := range replies {
		if r.Private {
			h.metrics.add("mancala_replies_private_total", 1)
		}
	}
	return replies
}
