package app

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/web"
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
	err := s.streams.Serve(w, r, func(ctx context.Context, out *web.EventWriter) error {
		return s.stream(ctx, g, out)
	})
	switch {
	case errors.Is(err, web.ErrBusy):
		w.Header().Set("Retry-After", "10")
		s.fail(w, r, http.StatusServiceUnavailable, codeRateLimited, nil)
	case err != nil:
		s.log.WarnContext(r.Context(), "board app: stream ended", "game", g.ID, "err", err)
	}
}

// stream writes g's version events to out until ctx ends or the game is
// over.
func (s *Server) stream(ctx context.Context, g *store.Game, out *web.EventWriter) error {
	changed := func(cur *store.Game) error {
		v := strconv.FormatInt(cur.Version, 10)
		if err := out.Send(web.Event{Name: "version", Data: v}); err != nil || cur.Phase != store.PhaseOver {
			return err
		}
		return out.Send(web.Event{Name: "end", Data: v, Retry: time.Hour})
	}
	if err := changed(g); err != nil || g.Phase == store.PhaseOver {
		return err
	}
	return s.streams.Follow(ctx, g, changed, keepAlive, func() error { return out.Comment("still here") })
}
