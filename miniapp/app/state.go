package app

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/miniapp/preview"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/web"
)

// gameState is the answer of GET api/game/{page}.
type gameState struct {
	Page    string   `json:"page"`
	Variant string   `json:"variant"`
	Version int64    `json:"version"`
	Phase   string   `json:"phase"`
	Status  string   `json:"status"`
	Lang    string   `json:"lang"`
	Players []player `json:"players"`
	// You is the viewer's seat, nil for a spectator.
	You *int `json:"you"`
	// ToMove is the seat to move, nil when the game is over.
	ToMove   *int            `json:"to_move"`
	YourTurn bool            `json:"your_turn"`
	Position json.RawMessage `json:"position"`
	LastMove string          `json:"last_move"`
	Result   string          `json:"result"`
	Board    board           `json:"board"`
	// Moves are the legal moves, only when it is the viewer's turn.
	Moves []move         `json:"moves,omitempty"`
	Text  map[string]any `json:"text"`
}

type player struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
	You  bool   `json:"you"`
	Bot  bool   `json:"bot"`
}

type board struct {
	URL    string `json:"url"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Cells  []cell `json:"cells"`
}

// cell is a cell's box in the board image (render.CellBoxes) and what it is.
type cell struct {
	Cell int    `json:"cell"`
	X    int    `json:"x"`
	Y    int    `json:"y"`
	W    int    `json:"w"`
	H    int    `json:"h"`
	Side string `json:"side"`
	// Pit is 1-based, 0 for a store (or a penalty pit).
	Pit   int    `json:"pit"`
	Label string `json:"label"`
}

// move is a legal move: its notation, the cell a tap on which offers it
// (-1 for the pie rule's swap) and what it will do.
type move struct {
	Move    string          `json:"move"`
	Cell    int             `json:"cell"`
	Preview preview.Preview `json:"preview"`
}

// viewer is who looks at a game: their seats (none for a spectator).
type viewer struct {
	sess  *Session
	seats []int
}

// viewerOf finds sess's seats in g: a user of another platform than the
// game's, or without a session, has none.
func viewerOf(g *store.Game, sess *Session) viewer {
	v := viewer{sess: sess}
	if sess == nil || sess.Platform != g.Platform {
		return v
	}
	for i, p := range g.Players {
		if !p.IsBot() && p.UserID == sess.UserID {
			v.seats = append(v.seats, i)
		}
	}
	return v
}

// has reports whether seat is the viewer's.
func (v viewer) has(seat int) bool {
	for _, s := range v.seats {
		if s == seat {
			return true
		}
	}
	return false
}

// lang is the viewer's language: the session's, else the request's.
func (v viewer) lang(r *http.Request) locales.Lang {
	if v.sess != nil {
		return v.sess.Lang()
	}
	return requestLang(r)
}

// seatOf is the seat playing side in p (a pie-rule swap exchanges the two
// sides' seats), as the bot and the pages count; sideOf is its inverse.
func seatOf(p engine.Position, side engine.Side) int {
	if p.Swapped() && side <= engine.North {
		return 1 - int(side)
	}
	return int(side)
}

func sideOf(p engine.Position, seat int) engine.Side {
	return engine.Side(seatOf(p, engine.Side(seat)))
}

// viewSide is the side the viewer's board is drawn from: their side to
// move, else their first seat's side; a spectator's is the pages' (nil).
func (v viewer) viewSide(p engine.Position) (engine.Side, bool) {
	if len(v.seats) == 0 {
		return 0, false
	}
	if p.Status() == engine.Ongoing && v.has(seatOf(p, p.ToMove())) {
		return p.ToMove(), true
	}
	return sideOf(p, v.seats[0]), true
}

// state serves GET api/game/{page}: the game as the viewer sees it.
func (s *Server) state(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.session(w, r, false)
	if !ok || s.limited(w, r, sess) {
		return
	}
	g := s.lookup(w, r, r.PathValue("page"), sess)
	if g == nil {
		return
	}
	v := viewerOf(g, sess)
	st, err := s.stateOf(g, v, v.lang(r))
	if err != nil {
		s.internal(w, r, "building the state", err, sess)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// stateOf builds g's state for v in lang. The error means the game cannot
// be replayed.
func (s *Server) stateOf(g *store.Game, v viewer, lang locales.Lang) (*gameState, error) {
	cur, err := web.CurrentOf(g, lang)
	if err != nil {
		return nil, err
	}
	p := cur.Game.Position()
	o := cur.Options
	if side, ok := v.viewSide(p); ok {
		o.Viewer = side
	}
	pos, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	st := &gameState{Page: g.PageID, Variant: g.Variant, Version: g.Version, Phase: string(g.Phase),
		Status: p.Status().String(), Lang: string(lang), Position: pos, LastMove: cur.LastMove, Result: cur.Result}
	if g.Phase == store.PhaseOver && g.Result != "" {
		st.Status = g.Result
	}
	for seat, pl := range g.Players {
		st.Players = append(st.Players, player{Seat: seat, Name: cur.Names[seat], You: v.has(seat), Bot: pl.IsBot()})
	}
	if len(v.seats) > 0 {
		st.You = &v.seats[0]
	}
	live := g.Phase == store.PhasePlaying && p.Status() == engine.Ongoing
	if live {
		seat := seatOf(p, p.ToMove())
		st.ToMove = &seat
		st.YourTurn = v.has(seat)
	}
	st.Board = boardOf(g, p, o, lang)
	if st.YourTurn {
		for _, m := range p.Moves() {
			pv, err := preview.InGame(cur.Game, m)
			if err != nil {
				return nil, err
			}
			st.Moves = append(st.Moves, move{Move: m.String(), Cell: int(p.MoveCell(m)), Preview: pv})
		}
	}
	st.Text = stateTexts(lang, st, cur.Names)
	return st, nil
}

// boardOf is the board image's URL, size and cells for p drawn with o.
func boardOf(g *store.Game, p engine.Position, o render.Options, lang locales.Lang) board {
	rules := p.Rules()
	l := rules.Layout()
	q := url.Values{"v": {strconv.FormatInt(g.Version, 10)}, "seat": {o.Viewer.String()}, "lang": {string(lang)}}
	b := board{URL: "api/game/" + g.PageID + "/board.png?" + q.Encode()}
	b.Width, b.Height = render.Size(rules, o)
	for _, box := range render.CellBoxes(rules, o) {
		ci := l.Cells[box.Cell]
		c := cell{Cell: int(box.Cell), X: box.X, Y: box.Y, W: box.W, H: box.H, Side: ci.Owner.String()}
		if ci.Kind == engine.PitCell {
			c.Pit = ci.Pit
			c.Label = strconv.Itoa(ci.Pit)
		}
		b.Cells = append(b.Cells, c)
	}
	return b
}

// boardPNG serves GET api/game/{page}/board.png?v=&seat=&lang=: the
// game's position now, drawn as the pages draw it from seat's side
// (south when absent or not a side of the game), the names in lang.
// With v the current version the image is cacheable for good (the URL
// changes with the version); otherwise it is the current one, not cached.
func (s *Server) boardPNG(w http.ResponseWriter, r *http.Request) {
	if s.limited(w, r, nil) {
		return
	}
	g := s.lookup(w, r, r.PathValue("page"), nil)
	if g == nil {
		return
	}
	q := r.URL.Query()
	lang := requestLang(r)
	cur, err := web.CurrentOf(g, lang)
	if err != nil {
		s.internal(w, r, "replaying the game", err, nil)
		return
	}
	p := cur.Game.Position()
	o := cur.Options
	if side, err := engine.ParseSide(q.Get("seat")); err == nil && int(side) < p.Rules().Layout().Sides {
		o.Viewer = side
	}
	var buf bytes.Buffer
	if err := render.PNG(&buf, p, o); err != nil {
		s.internal(w, r, "drawing the board", err, nil)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "image/png")
	if q.Get("v") == strconv.FormatInt(g.Version, 10) {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-store")
	}
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	w.Write(buf.Bytes())
}
