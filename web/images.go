package web

import (
	"bytes"
	"net/http"

	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/render"
)

// loadGame finds and replays the game of the request's {id}: nil, after
// answering, when there is none to show or it cannot be replayed.
func (s *Server) loadGame(w http.ResponseWriter, r *http.Request, pageID string) *replayed {
	rec := s.lookup(w, r, pageID)
	if rec == nil {
		return nil
	}
	g, err := replay(rec)
	if err != nil {
		s.internalError(w, r, "replaying the game", err)
		return nil
	}
	return g
}

// imageCache is the Cache-Control of an image of g: a finished game's
// never change; a live game's may (an undo shortens the history).
func imageCache(g *replayed) string {
	if g.over() {
		return "public, max-age=31536000, immutable"
	}
	return "no-cache"
}

// board serves /g/{id}/board/{ply}.png: the position after ply drawn by
// render.PNG with the options the bot uses (renderOptions), the names in
// the language of ?lang= (else the game's).
func (s *Server) board(w http.ResponseWriter, r *http.Request) {
	pageID := r.PathValue("id")
	g := s.loadGame(w, r, pageID)
	if g == nil {
		return
	}
	ply, ok := parsePly(r.PathValue("file"), ".png", 0, g.last())
	if !ok {
		notFound(w)
		return
	}
	lang := imageLang(r, g)
	h := w.Header()
	h.Set("Content-Type", "image/png")
	h.Set("Cache-Control", imageCache(g))
	tag := etag("board", pageID, g.rec.Version, ply, lang)
	if notModified(w, r, tag) {
		return
	}
	s.answer(w, r, g, tag, "drawing the board", func() ([]byte, error) {
		var buf bytes.Buffer
		err := render.PNG(&buf, g.steps[ply].pos, g.renderOptions(lang, ply))
		return buf.Bytes(), err
	})
}

// move serves /g/{id}/move/{n}.gif: move n (1..moves) sown seed by seed
// (render.Animation, as the bot's replay draws it). A seat leaving a
// table is no sowing: 404.
func (s *Server) move(w http.ResponseWriter, r *http.Request) {
	pageID := r.PathValue("id")
	g := s.loadGame(w, r, pageID)
	if g == nil {
		return
	}
	n, ok := parsePly(r.PathValue("file"), ".gif", 1, g.last())
	if !ok || g.steps[n].leave {
		notFound(w)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "image/gif")
	h.Set("Cache-Control", imageCache(g))
	tag := etag("move", pageID, g.rec.Version, n)
	if notModified(w, r, tag) {
		return
	}
	s.answer(w, r, g, tag, "animating the move", func() ([]byte, error) {
		var buf bytes.Buffer
		err := render.Animation(&buf, g.steps[n].before, g.steps[n].events, render.Options{})
		return buf.Bytes(), err
	})
}

// imageLang is the language of the names drawn on a board: ?lang= when it
// is one of the four, else the page's choice.
func imageLang(r *http.Request, g *replayed) locales.Lang {
	if l, ok := locales.Parse(r.URL.Query().Get("lang")); ok && r.URL.Query().Get("lang") != "" {
		return l
	}
	return pageLang(r, g.rec)
}
