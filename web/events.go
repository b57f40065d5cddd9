package web

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/store"
)

// gameEvent is the data of an event "game": the game's version, its
// number of moves and phase.
type gameEvent struct {
	Version int64  `json:"version"`
	Moves   int    `json:"moves"`
	Phase   string `json:"phase"`
}

// watchersEvent is the data of an event "watchers": the spectators and
// the page's text for them.
type watchersEvent struct {
	Count int    `json:"count"`
	Text  string `json:"text"`
}

// events serves /g/{id}/events, the server-sent events of a game in play
// (see the package documentation). A finished game's stream is only its
// "game" event and "end". The stream ends when the client goes, the game
// ends, StreamFor has passed (the browser reconnects) or the store fails.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	pageID := r.PathValue("id")
	rec := s.lookup(w, r, pageID)
	if rec == nil {
		return
	}
	lang := pageLang(r, rec)
	err := s.streams.Serve(w, r, func(ctx context.Context, out *EventWriter) error {
		return s.stream(ctx, rec, lang, out)
	})
	switch {
	case errors.Is(err, ErrBusy):
		w.Header().Set("Retry-After", "10")
		http.Error(w, "Too many spectators at once: try again in a moment.", http.StatusServiceUnavailable)
	case err != nil:
		s.log.WarnContext(r.Context(), "game page: stream ended", "game", rec.ID, "err", err)
	}
}

// stream sends rec's events to out until ctx ends or the game is over: a
// "game" event at once and at each new version, a "watchers" event at
// once (after recording this viewer) and whenever the count changes,
// "end" when the game is over.
func (s *Server) stream(ctx context.Context, rec *store.Game, lang locales.Lang, out *EventWriter) error {
	send := func(event string, data any) error {
		b, err := json.Marshal(data)
		if err != nil {
			return err
		}
		return out.Send(Event{Name: event, Data: string(b)})
	}
	changed := func(g *store.Game) error {
		ev := gameEvent{Version: g.Version, Moves: len(g.Moves), Phase: string(g.Phase)}
		if err := send("game", ev); err != nil || g.Phase != store.PhaseOver {
			return err
		}
		return send("end", ev)
	}
	if err := changed(rec); err != nil || rec.Phase == store.PhaseOver {
		return err
	}
	viewer := newViewer()
	watched := -1
	watch := func() error {
		now := s.cfg.Now()
		if err := s.cfg.Store.Watch(ctx, rec.ID, viewer, now.Add(3*s.cfg.WatchEvery)); err != nil {
			return err
		}
		n, err := s.cfg.Store.Watchers(ctx, rec.ID, now)
		if err != nil || n == watched {
			return err
		}
		watched = n
		return send("watchers", watchersEvent{Count: n, Text: locales.Plural(lang, "page_spectators", n)})
	}
	if err := watch(); err != nil {
		return err
	}
	return s.streams.Follow(ctx, rec, changed, s.cfg.WatchEvery, watch)
}

// newViewer is a stream's opaque viewer id for Watch.
func newViewer() string {
	var b [12]byte
	io.ReadFull(rand.Reader, b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}
