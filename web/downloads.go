package web

import (
	"bytes"
	"io"
	"mime"
	"net/http"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
)

// RecordFormat is how /g/{id}.txt writes a game's record (package record:
// record.Export with record.Text, record.ContentType, record.FileName).
type RecordFormat struct {
	// Write writes g's record to w; nil: no record is served or linked.
	Write func(w io.Writer, g *store.Game) error
	// ContentType is the record's type: "text/plain; charset=utf-8"
	// when empty.
	ContentType string
	// FileName is the name a download is saved under; nil: none given.
	FileName func(g *store.Game) string
}

// GameGIFFunc draws a whole game as an animated GIF (render.GameGIF):
// positions[0] the start, positions[i+1] after move i with its events[i].
type GameGIFFunc func(w io.Writer, positions []engine.Position, events [][]engine.Event, o render.Options) error

// record serves /g/{id}.txt with Config.Record.
func (s *Server) record(w http.ResponseWriter, r *http.Request, pageID string) {
	f := s.cfg.Record
	if f.Write == nil {
		notFound(w)
		return
	}
	g := s.loadGame(w, r, pageID)
	if g == nil {
		return
	}
	ctype := f.ContentType
	if ctype == "" {
		ctype = "text/plain; charset=utf-8"
	}
	name := ""
	if f.FileName != nil {
		name = f.FileName(g.rec)
	}
	s.download(w, r, g, etag("record", pageID, g.rec.Version), ctype, name, "writing the record", func(b *bytes.Buffer) error {
		return f.Write(b, g.rec)
	})
}

// gameGIF serves /g/{id}.gif with Config.GameGIF: every position of the
// game, with the players' names (in the game's language) and, on the
// last, its result; boards drawn from South's seat throughout.
func (s *Server) gameGIF(w http.ResponseWriter, r *http.Request, pageID string) {
	if s.cfg.GameGIF == nil {
		notFound(w)
		return
	}
	g := s.loadGame(w, r, pageID)
	if g == nil {
		return
	}
	if g.last() == 0 {
		notFound(w)
		return
	}
	positions := make([]engine.Position, len(g.steps))
	events := make([][]engine.Event, len(g.steps)-1)
	for i, st := range g.steps {
		positions[i] = st.pos
		if i > 0 {
			events[i-1] = st.events
		}
	}
	o := g.renderOptions(gameLang(g.rec), g.last())
	o.Events, o.Viewer = nil, engine.South
	s.download(w, r, g, etag("gif", pageID, g.rec.Version), "image/gif", "", "drawing the game's GIF", func(b *bytes.Buffer) error {
		return s.cfg.GameGIF(b, positions, events, o)
	})
}

// download answers a file of g made by make, saved under name when it is
// not empty, cached as the images are.
func (s *Server) download(w http.ResponseWriter, r *http.Request, g *replayed, tag, ctype, name, what string, make func(*bytes.Buffer) error) {
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("Cache-Control", imageCache(g))
	if name != "" {
		h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	}
	if notModified(w, r, tag) {
		return
	}
	s.answer(w, r, g, tag, what, func() ([]byte, error) {
		var b bytes.Buffer
		err := make(&b)
		return b.Bytes(), err
	})
}
