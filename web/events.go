package web

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

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
	if n := s.streams.Add(1); n > int64(s.cfg.MaxStreams) {
		s.streams.Add(-1)
		w.Header().Set("Retry-After", "10")
		http.Error(w, "Too many spectators at once: try again in a moment.", http.StatusServiceUnavailable)
		return
	}
	defer s.streams.Add(-1)
	lang := pageLang(r, rec)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	rc := http.NewResponseController(w)
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.StreamFor)
	defer cancel()
	send := func(event string, data any) error {
		b, err := json.Marshal(data)
		if err != nil {
			return err
		}
		// The server's write timeout is for ordinary answers: each event
		// has its own.
		rc.SetWriteDeadline(time.Now().Add(30 * time.Second))
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b); err != nil {
			return err
		}
		return rc.Flush()
	}
	err := s.stream(ctx, rec, lang, send)
	if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		s.log.WarnContext(r.Context(), "game page: stream ended", "game", rec.ID, "err", err)
	}
}

// stream sends rec's events through send until ctx ends or the game is
// over: a "game" event at once and at each new version, a "watchers"
// event at once (after recording this viewer) and whenever the count
// changes, "end" when the game is over.
func (s *Server) stream(ctx context.Context, rec *store.Game, lang locales.Lang, send func(string, any) error) error {
	gameEv := func(g *store.Game) gameEvent {
		return gameEvent{Version: g.Version, Moves: len(g.Moves), Phase: string(g.Phase)}
	}
	if err := send("game", gameEv(rec)); err != nil {
		return err
	}
	if rec.Phase == store.PhaseOver {
		return send("end", gameEv(rec))
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
	poll := time.NewTicker(s.cfg.Poll)
	defer poll.Stop()
	beat := time.NewTicker(s.cfg.WatchEvery)
	defer beat.Stop()
	version := rec.Version
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-beat.C:
			if err := watch(); err != nil {
				return err
			}
		case <-poll.C:
			g, err := s.cfg.Store.Game(ctx, rec.ID)
			if err != nil {
				return err
			}
			if g.Version == version {
				continue
			}
			version = g.Version
			if err := send("game", gameEv(g)); err != nil {
				return err
			}
			if g.Phase == store.PhaseOver {
				return send("end", gameEv(g))
			}
		}
	}
}

// newViewer is a stream's opaque viewer id for Watch.
func newViewer() string {
	var b [12]byte
	io.ReadFull(rand.Reader, b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}
