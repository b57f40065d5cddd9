package render

import (
	"image"
	"io"
	"sync"

	"github.com/fogleman/gg"

	"github.com/mancala-bot/mancala/engine"
)

// Options change what a board image shows. The zero value draws the bare
// position at the default size.
type Options struct {
	// Events are the events of the move that led to the position (from
	// [engine.Position.PlayEvents] or [engine.Game.Play]). They highlight
	// the pit the move started from, the cells it sowed into, the pits it
	// captured from with the number of seeds taken, the seeds each store
	// gained and a new tuzdyk. Events naming cells outside the position's
	// layout are ignored.
	Events []engine.Event
	// Scale multiplies the image's size; 0 means 1. It is clamped to
	// 0.25..4.
	Scale float64
	// Names are the players' names by side (indexed by engine.South and
	// engine.North), drawn beside each side's row in that side's colour.
	// An empty name is not drawn; a long one is cut with an ellipsis.
	Names [2]string
	// Seats are the players' names by seat for a board of four seats
	// (Ruma; indexed by engine.South, North, East, West), each drawn in its
	// seat's colour inside the square, in front of its row; Names is for
	// two-sided boards.
	Seats [engine.MaxSides]string
	// SeatLabels are the seats' own names for a board of four seats, in
	// the reader's language ("East"), each drawn small under its player's
	// name, so that rows are matched to seats by words, not by colour
	// alone. Empty ones are not drawn.
	SeatLabels [engine.MaxSides]string
	// Viewer is the side whose seat the board is drawn from: its rows
	// nearest (at the bottom) and its pit 1 on the left. The zero value is
	// South, from whose seat boards are usually drawn; engine.North turns a
	// two-sided board round (the bot does so for four-row games, for the
	// player to move). Animations and diagrams ignore it.
	Viewer engine.Side
	// Status, when it is not engine.Ongoing, overrides the position's
	// status: a game ended by resignation, agreement or a time claim is
	// over although the engine sees it as ongoing. A finished board has no
	// turn marker and marks the winner's side (neither on a draw).
	Status engine.Status
}

// Size returns the size in pixels of the image Board draws for positions of
// rules r with options o.
func Size(r engine.Rules, o Options) (width, height int) {
	g := geomFor(layoutFor(r.Layout(), o), o.Scale, o.named())
	return g.w, g.h
}

// named reports whether the image has rows for the players' names: when
// either name is set.
func (o Options) named() bool { return o.Names[0] != "" || o.Names[1] != "" }

// Board draws p. The image is new and belongs to the caller. Board never
// panics on a position made by the engine, whatever the events say.
func Board(p engine.Position, o Options) *image.RGBA {
	g := geomFor(layoutFor(p.Rules().Layout(), o), o.Scale, o.named())
	img := image.NewRGBA(image.Rect(0, 0, g.w, g.h))
	draw(img, g, stateOf(p, g, o), o)
	return img
}

// PNG draws p as [Board] does and writes it to w as a paletted PNG image:
// the 128 most used colours, which include every flat colour of the board,
// and the nearest of them for the rarer anti-aliasing shades. That keeps a
// board between 10 and 30 KB.
func PNG(w io.Writer, p engine.Position, o Options) error {
	g := geomFor(layoutFor(p.Rules().Layout(), o), o.Scale, o.named())
	return encode(w, g, stateOf(p, g, o), o, p.Rules().Variant().BoardBytes)
}

// encode draws s and writes it as a paletted PNG, compressed to stay under
// limit bytes where it can (the variant's BoardBytes; 0: limitPNG).
func encode(w io.Writer, g *geom, s *state, o Options, limit int) error {
	c, _ := canvasPool.Get().(*canvas)
	if c == nil || c.rgba.Rect.Dx() != g.w || c.rgba.Rect.Dy() != g.h {
		c = &canvas{rgba: image.NewRGBA(image.Rect(0, 0, g.w, g.h))}
	}
	defer canvasPool.Put(c)
	draw(c.rgba, g, s, o)
	alone := encoding.Add(1) == 1
	defer encoding.Add(-1)
	c.enc.limit = limit
	return c.enc.encode(w, c.rgba, alone)
}

// state is what the image shows of a position.
type state struct {
	cells  [engine.MaxCells]int
	toMove engine.Side
	status engine.Status
	tuzdyk [engine.MaxCells]engine.Side // 1 + the owner of a tuzdyk pit, 0 elsewhere
	nyumba [engine.MaxCells]engine.Side // 1 + the owner of an owned nyumba (Bao), 0 elsewhere
	trap   [engine.MaxCells]engine.Side // 1 + the owner of a trap (Selus, Sulus), 0 elsewhere
	// blocked marks a takasia'd pit (Bao): its owner may not start from it.
	blocked [engine.MaxCells]bool
	// hands are the seeds each side holds in hand (Bao's namua stage).
	hands [2]int
	ruma  *rumaState // penalties and seats out (square.go), or nil
	// foreign is 1 + the owner of a pit owned by another side than its
	// row's, 0 elsewhere; round is the round (0: a game of one). owner.go.
	foreign [engine.MaxCells]engine.Side
	round   int
}

// stateOf reads what the image shows of p; o.Status, when set, overrides
// p's status.
func stateOf(p engine.Position, g *geom, o Options) *state {
	s := &state{toMove: p.ToMove(), status: p.Status()}
	if o.Status != engine.Ongoing {
		s.status = o.Status
	}
	for i := range g.cells {
		s.cells[i] = p.Cell(engine.Cell(i))
	}
	for _, m := range p.Marks() {
		if !g.has(m.Cell) || m.Side >= engine.MaxSides {
			continue
		}
		switch m.Kind {
		case engine.MarkTuzdyk:
			s.tuzdyk[m.Cell] = m.Side + 1
		case engine.MarkNyumba:
			s.nyumba[m.Cell] = m.Side + 1
		case engine.MarkBlocked:
			s.blocked[m.Cell] = true
		case engine.MarkTrap:
			s.trap[m.Cell] = m.Side + 1
		}
	}
	if g.sides == 2 {
		s.hands = [2]int{p.Hand(engine.South), p.Hand(engine.North)}
	}
	if g.sq != nil {
		rs := rumaStateOf(p)
		rs.names, rs.labels = o.Seats, o.SeatLabels
		s.ruma = &rs
	}
	readOwners(p, g, s)
	return s
}

// draw renders s into img, which has g's size; every pixel is overwritten.
func draw(img *image.RGBA, g *geom, s *state, o Options) {
	drawMarked(img, g, s, collectMarks(g, o.Events), o.Names)
}

// drawMarked is draw with the marks already collected (an animation frame
// adds its step to them).
func drawMarked(img *image.RGBA, g *geom, s *state, m *marks, names [2]string) {
	r := &renderer{
		img:   img,
		dc:    gg.NewContextForRGBA(img),
		g:     g,
		s:     s,
		marks: m,
		faces: newFaces(g),
		names: names,
		tint:  -1,
	}
	defer r.faces.close()
	r.draw()
}

// canvas is PNG's scratch images and buffers, recycled through canvasPool;
// one of the wrong size is dropped.
type canvas struct {
	rgba *image.RGBA
	enc  boardEncoder
}

var canvasPool sync.Pool
