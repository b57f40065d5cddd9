package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// StreamConfig bounds a server's live streams. Zero fields take the
// defaults.
type StreamConfig struct {
	// Poll is how often a stream reads the game's version: 400 ms when
	// zero.
	Poll time.Duration
	// For bounds a stream's life (the browser reconnects): 10 min when
	// zero.
	For time.Duration
	// Max bounds the streams open at once in this process: 1000 when
	// zero.
	Max int
}

// The defaults of StreamConfig's zero fields.
const (
	defaultPoll       = 400 * time.Millisecond
	defaultStreamFor  = 10 * time.Minute
	defaultMaxStreams = 1000
)

// GameReader reads a game by id: store/sqlite and store/postgres
// implement it (store.ErrNotFound, or any other error ending a stream).
type GameReader interface {
	Game(ctx context.Context, id int64) (*store.Game, error)
}

// Streams serves games' live updates as server-sent events, polling the
// store for each game's version (the store is the only source, so any
// process on a shared PostgreSQL serves them): the pages' /g/{id}/events
// and the board app's api/game/{page}/events, each saying what a version
// means in its own events. It is safe for concurrent use.
type Streams struct {
	cfg   StreamConfig
	games GameReader
	open  atomic.Int64
}

// NewStreams returns Streams reading games from games, cfg's zero fields
// set to their defaults.
func NewStreams(games GameReader, cfg StreamConfig) *Streams {
	if cfg.Poll <= 0 {
		cfg.Poll = defaultPoll
	}
	if cfg.For <= 0 {
		cfg.For = defaultStreamFor
	}
	if cfg.Max <= 0 {
		cfg.Max = defaultMaxStreams
	}
	return &Streams{cfg: cfg, games: games}
}

// ErrBusy is Serve's answer when StreamConfig.Max streams are open: it
// wrote nothing, and the caller answers 503 in its own way.
var ErrBusy = errors.New("web: too many streams open")

// Serve answers r with an event stream (its headers set, no caching, no
// proxy buffering) written by run until run returns, with a context that
// ends when the client goes or StreamConfig.For has passed. It returns
// ErrBusy without running run when too many streams are open, nil when
// run ended with the context (the client gone, the time up), else run's
// error.
func (s *Streams) Serve(w http.ResponseWriter, r *http.Request, run func(ctx context.Context, out *EventWriter) error) error {
	if n := s.open.Add(1); n > int64(s.cfg.Max) {
		s.open.Add(-1)
		return ErrBusy
	}
	defer s.open.Add(-1)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.For)
	defer cancel()
	err := run(ctx, &EventWriter{w: w, rc: http.NewResponseController(w)})
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return nil
	}
	return err
}

// Follow reads g's game every StreamConfig.Poll and calls changed with it
// whenever its version differs from the last one seen (g's at first:
// the caller sends g's own events before). Every tickEvery it calls tick
// (a heartbeat; nil: none). It returns nil once changed was called with a
// finished game, else the error that ended it: the context's, the
// store's, changed's or tick's.
func (s *Streams) Follow(ctx context.Context, g *store.Game, changed func(*store.Game) error, tickEvery time.Duration, tick func() error) error {
	poll := time.NewTicker(s.cfg.Poll)
	defer poll.Stop()
	var ticks <-chan time.Time
	if tick != nil {
		t := time.NewTicker(tickEvery)
		defer t.Stop()
		ticks = t.C
	}
	version := g.Version
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ticks:
			if err := tick(); err != nil {
				return err
			}
		case <-poll.C:
			cur, err := s.games.Game(ctx, g.ID)
			if err != nil {
				return err
			}
			if cur.Version == version {
				continue
			}
			version = cur.Version
			if err := changed(cur); err != nil || cur.Phase == store.PhaseOver {
				return err
			}
		}
	}
}

// EventWriter writes one stream's events, each flushed at once.
type EventWriter struct {
	w  http.ResponseWriter
	rc *http.ResponseController
}

// Event is one server-sent event.
type Event struct {
	// Name is the event's type; Data its one line of data (no line break).
	Name, Data string
	// Retry, when positive, tells the browser how long to wait before
	// reconnecting once the stream ends.
	Retry time.Duration
}

// Send writes e. Data holding a line break is refused: it would end the
// event early.
func (w *EventWriter) Send(e Event) error {
	if strings.ContainsAny(e.Name+e.Data, "\r\n") {
		return fmt.Errorf("web: event %q: a line break in its name or data", e.Name)
	}
	retry := ""
	if e.Retry > 0 {
		retry = fmt.Sprintf("retry: %d\n", e.Retry.Milliseconds())
	}
	return w.write(fmt.Sprintf("%sevent: %s\ndata: %s\n\n", retry, e.Name, e.Data))
}

// Comment writes a comment line, which the browser ignores: it keeps an
// idle stream open through proxies. text must not hold a line break.
func (w *EventWriter) Comment(text string) error {
	if strings.ContainsAny(text, "\r\n") {
		return errors.New("web: a comment with a line break")
	}
	return w.write(": " + text + "\n\n")
}

// write writes s and flushes it. The server's write timeout is for
// ordinary answers: each write has its own.
func (w *EventWriter) write(s string) error {
	w.rc.SetWriteDeadline(time.Now().Add(30 * time.Second))
	if _, err := fmt.Fprint(w.w, s); err != nil {
		return err
	}
	return w.rc.Flush()
}
