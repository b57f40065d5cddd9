package app

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// keepAlive is how often an idle stream sends a comment, so that proxies
// keep it open.
const keepAlive = 15 * time.Second

// events serves GET api/game/{page}/events: server-sent events, "version"
// with the game's version as data, at once and whenever it changes
// (read from the store every Config.Poll, so a move made by any process
// shows). The stream ends when the client goes, after Config.StreamFor
// (the browser reconnects), when the store fails, or once the game is
// over: then, after its version, an event "end" (data: the version) with
// a retry of an hour, so that a browser left open does not reconnect
// every few seconds. Past Config.MaxStreams open streams, 503.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	if s.limited(w, r, nil) {
		return
	}
	g := s.lookup(w, r, r.PathValue("page"), nil)
	if g == nil {
		return
	}
	select {
	case s.streams <- struct{}{}:
		defer func() { <-s.streams }()
	default:
		w.Header().Set("Retry-After", "10")
		s.fail(w, r, http.StatusServiceUnavailable, codeRateLimited, nil)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	rc := http.NewResponseController(w)
	write := func(s string) error {
		rc.SetWriteDeadline(time.Now().Add(30 * time.Second))
		if _, err := fmt.Fprint(w, s); err != nil {
			return err
		}
		return rc.Flush()
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.StreamFor)
	defer cancel()
	err := s.stream(ctx, g, write)
	if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		s.log.WarnContext(r.Context(), "board app: stream ended", "game", g.ID, "err", err)
	}
}

// stream writes g's version events until ctx ends or the game is over.
func (s *Server) stream(ctx context.Context, g *store.Game, write func(string) error) error {
	version := g.Version
	send := func(v int64, over bool) error {
		if err := write(fmt.Sprintf("event: version\ndata: %d\n\n", v)); err != nil || !over {
			return err
		}
		return write(fmt.Sprintf("retry: %d\nevent: end\ndata: %d\n\n", time.Hour.Milliseconds(), v))
	}
	if err := send(version, g.Phase == store.PhaseOver); err != nil || g.Phase == store.PhaseOver {
		return err
	}
	poll := time.NewTicker(s.cfg.Poll)
	defer poll.Stop()
	idle := time.NewTicker(keepAlive)
	defer idle.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-idle.C:
			if err := write(": still here\n\n"); err != nil {
				return err
			}
		case <-poll.C:
			cur, err := s.cfg.Store.Game(ctx, g.ID)
			if err != nil {
				return err
			}
			if cur.Version == version {
				continue
			}
			version = cur.Version
			if err := send(version, cur.Phase == store.PhaseOver); err != nil || cur.Phase == store.PhaseOver {
				return err
			}
		}
	}
}
