package render

import (
	"errors"
	"image"
	stddraw "image/draw"
	"io"
	"strconv"

	"github.com/fogleman/gg"

	"github.com/mancala-bot/mancala/engine"
)

// Panel is one move of a [DiagramSheet]: the position before it, its
// events (as [engine.Position.PlayEvents] returns them) and the position
// after.
type Panel struct {
	Before engine.Position
	Events []engine.Event
	After  engine.Position
	// Label is the move as the reader knows it ("3R", "↑1"), written by
	// the arrow; when empty, the number of the pit the move lifts its
	// seeds from, if it lifts any.
	Label string
}

// Sheet proportions, as fractions of the pitch of the first panel's board.
const (
	sheetHeader = 0.95 // the row above a panel for its number
	sheetBadge  = 0.40 // the number's disc's radius
	sheetDigits = 0.56 // the number's font size
	sheetGap    = 0.24 // between panels, and around them
)

// sheetCols returns the columns of a sheet of n panels: one for one or
// two, two from three on (a third column would be too narrow on a phone).
func sheetCols(n int) int {
	if n <= 2 {
		return 1
	}
	return 2
}

// DiagramSheet writes several moves' diagrams as one PNG, so that a chat
// gets one image instead of one per move: each panel is drawn as
// [Diagram] draws it (the board before with the move's pit ringed, an
// arrow with the pit's number, the board after with the move's marks),
// under a white disc with its number, 1 to len(panels) in order, so that a
// text can refer to the panels by number. One or two panels are stacked;
// three or more go in two columns, left to right then down, which keeps
// the sheet readable on a phone: four Togyz Kumalak panels at scale 0.8
// make about 1780×1300 px and 250 KB, within Telegram's limits for a
// photo (width + height at most 10000, a side at most 20 times the other,
// 10 MB). Like every board image it carries digits and symbols only.
//
// Options.Scale sizes each board as [Board] does; Options.Events, Names
// and Status are ignored. It fails on no panels, and on a panel with no
// position before.
func DiagramSheet(w io.Writer, panels []Panel, o Options) error {
	img, err := diagramSheet(panels, o)
	if err != nil {
		return err
	}
	pal, _ := quantize(img, nil, nil)
	return encodePaletted(w, pal)
}

// DiagramSheetSize returns the size in pixels of the image DiagramSheet
// draws for panels.
func DiagramSheetSize(panels []Panel, o Options) (width, height int) {
	l, err := sheetLayout(panels, o)
	if err != nil {
		return 0, 0
	}
	return l.w, l.h
}

// sheetGeom is where a sheet's panels go.
type sheetGeom struct {
	cols, rows   int
	cellW, cellH int // a panel's diagram, at most
	header, gap  int
	badge        float64
	pitch        float64
	w, h         int
}

func sheetLayout(panels []Panel, o Options) (*sheetGeom, error) {
	if len(panels) == 0 {
		return nil, errors.New("render: a diagram sheet of no panels")
	}
	s := &sheetGeom{cols: sheetCols(len(panels))}
	s.rows = (len(panels) + s.cols - 1) / s.cols
	for i, p := range panels {
		if p.Before.Rules() == nil {
			return nil, errors.New("render: diagram sheet panel " + strconv.Itoa(i+1) + " has no position")
		}
		w, h := DiagramSize(p.Before.Rules(), Options{Scale: o.Scale})
		s.cellW, s.cellH = max(s.cellW, w), max(s.cellH, h)
		if i == 0 {
			s.pitch = geomFor(p.Before.Rules().Layout(), o.Scale, false).pitch
		}
	}
	s.header = int(sheetHeader*s.pitch + 0.5)
	s.gap = int(sheetGap*s.pitch + 0.5)
	s.badge = sheetBadge * s.pitch
	s.w = s.cols*s.cellW + (s.cols+1)*s.gap
	s.h = s.rows*(s.header+s.cellH) + (s.rows+1)*s.gap
	return s, nil
}

// cell returns the top left corner of panel i's cell (its header).
func (s *sheetGeom) cell(i int) (x, y int) {
	c, r := i%s.cols, i/s.cols
	return s.gap + c*(s.cellW+s.gap), s.gap + r*(s.header+s.cellH+s.gap)
}

// diagramSheet draws what DiagramSheet encodes.
func diagramSheet(panels []Panel, o Options) (*image.RGBA, error) {
	s, err := sheetLayout(panels, o)
	if err != nil {
		return nil, err
	}
	img := image.NewRGBA(image.Rect(0, 0, s.w, s.h))
	stddraw.Draw(img, img.Rect, image.NewUniform(colBackground), image.Point{}, stddraw.Src)
	dc := gg.NewContextForRGBA(img)
	face := newFace(sheetDigits * s.pitch)
	defer face.Close()
	p := s.pitch

	// Thin lines between the columns and between the rows.
	dc.SetColor(colBoardEdge)
	dc.SetLineWidth(max(1, 0.02*p))
	for c := 1; c < s.cols; c++ {
		x := float64(c*(s.cellW+s.gap)) + float64(s.gap)/2
		dc.DrawLine(x, float64(s.gap), x, float64(s.h-s.gap))
		dc.Stroke()
	}
	for r := 1; r < s.rows; r++ {
		y := float64(r*(s.header+s.cellH+s.gap)) + float64(s.gap)/2
		dc.DrawLine(float64(s.gap), y, float64(s.w-s.gap), y)
		dc.Stroke()
	}

	for i, pn := range panels {
		d := diagram(pn.Before, pn.Events, pn.After, Options{Scale: o.Scale}, pn.Label)
		x, y := s.cell(i)
		// The diagram centred in its cell, under the header.
		dx := x + (s.cellW-d.Rect.Dx())/2
		dy := y + s.header
		stddraw.Draw(img, d.Rect.Add(image.Pt(dx, dy)), d, image.Point{}, stddraw.Src)

		// The number: dark digits in a white disc at the header's left, and
		// a rule from it across the cell.
		cx, cy := float64(x)+s.badge+0.10*p, float64(y)+float64(s.header)/2
		dc.SetColor(colBoardEdge)
		dc.SetLineWidth(0.03 * p)
		dc.DrawLine(cx+s.badge+0.12*p, cy, float64(x+s.cellW)-0.10*p, cy)
		dc.Stroke()
		dc.DrawCircle(cx, cy, s.badge)
		dc.SetColor(colDigits)
		dc.Fill()
		drawText(img, face, strconv.Itoa(i+1), cx, cy, colBackground)
	}
	return img, nil
}
