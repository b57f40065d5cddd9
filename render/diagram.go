package render

import (
	"golang.org/x/image/font"
	"image"
	"image/color"
	stddraw "image/draw"
	"io"
	"slices"
	"strconv"

	"github.com/fogleman/gg"

	"github.com/mancala-bot/mancala/engine"
)

// arrowBand is the height of the band between a diagram's two boards, as a
// fraction of the pitch.
const arrowBand = 0.62

// Diagram writes one PNG explaining a move: the position before on top,
// with the pit the move starts from ringed in white (as on the board the
// bot posts), a white arrow pointing down with the pit's number beside
// it, and the position after below, with the move's marks (sown cells
// ringed, "−n" on captured pits, "+n" on the stores, a new tuzdyk, a
// swap). Stacked, the two boards keep the width of one, which reads best on
// a phone; like every board image it carries digits and drawn symbols
// only, no words.
//
// events are the move's events, as [engine.Position.PlayEvents] returns
// them with after. Options.Events is ignored; Options.Scale sizes each
// board as [Board] does. A Kalah diagram is 982×871 px at scale 1.
// [DiagramSheet] puts several in one image.
func Diagram(w io.Writer, before engine.Position, events []engine.Event, after engine.Position, o Options) error {
	img := diagram(before, events, after, o, "")
	pal, _ := quantize(img, nil, nil)
	return encodePaletted(w, pal)
}

// DiagramSize returns the size in pixels of the image Diagram draws for
// positions of rules r.
func DiagramSize(r engine.Rules, o Options) (width, height int) {
	g := geomFor(r.Layout(), o.Scale, false)
	return g.w, 2*g.h + bandPixels(g)
}

func bandPixels(g *geom) int { return int(arrowBand*g.pitch + 0.5) }

// pitLabel is the arrow's label of a move given no other (see
// Panel.Label): the number of the pit it lifts its seeds from, in white;
// for a move that lifts none but takes a pit (a Tshuba bonus capture, an
// Afrika capture, a Nam Nam claim), that pit's number in its owner's
// colour, as the board numbers it, or else the first pit it drops seeds
// into (an Ohojitxi drop, a Bao seed from hand). "" when there is none.
func pitLabel(l *engine.Layout, events []engine.Event) (string, color.RGBA) {
	if pick := firstPickup(events); len(pick) == 1 {
		if c := pick[0].Cell; int(c) < len(l.Cells) && l.Cells[c].Pit > 0 {
			return strconv.Itoa(l.Cells[c].Pit), colMove
		}
		return "", colMove
	}
	for _, kinds := range [][]engine.EventKind{{engine.EventCapture, engine.EventFill}, {engine.EventSow}} {
		for _, e := range events {
			if !slices.Contains(kinds, e.Kind) {
				continue
			}
			if c := e.Cell; int(c) < len(l.Cells) && l.Cells[c].Pit > 0 {
				return strconv.Itoa(l.Cells[c].Pit), sideColor(l.Cells[c].Owner)
			}
		}
	}
	return "", colMove
}

// diagram draws what Diagram encodes, label by the arrow (see Panel.Label).
func diagram(before engine.Position, events []engine.Event, after engine.Position, o Options, label string) *image.RGBA {
	top := Board(before, Options{Events: firstPickup(events), Scale: o.Scale})
	bottom := Board(after, Options{Events: events, Scale: o.Scale})
	g := geomFor(before.Rules().Layout(), o.Scale, false)
	band := bandPixels(g)
	w := max(top.Rect.Dx(), bottom.Rect.Dx())
	h := top.Rect.Dy() + band + bottom.Rect.Dy()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	stddraw.Draw(img, img.Rect, image.NewUniform(colBackground), image.Point{}, stddraw.Src)
	put := func(src *image.RGBA, y int) {
		x := (w - src.Rect.Dx()) / 2
		stddraw.Draw(img, image.Rect(x, y, x+src.Rect.Dx(), y+src.Rect.Dy()), src, image.Point{}, stddraw.Src)
	}
	put(top, 0)
	put(bottom, top.Rect.Dy()+band)

	// The arrow, in the middle of the band, the move's pit number to its
	// right.
	p := g.pitch
	dc := gg.NewContextForRGBA(img)
	cx := float64(w) / 2
	y0 := float64(top.Rect.Dy()) + 0.02*p
	y1 := float64(top.Rect.Dy()+band) - 0.02*p
	head := 0.24 * p
	dc.SetColor(colMove)
	dc.SetLineWidth(0.075 * p)
	dc.SetLineCapButt()
	dc.DrawLine(cx, y0, cx, y1-head*0.8)
	dc.Stroke()
	dc.MoveTo(cx, y1)
	dc.LineTo(cx-head*0.75, y1-head)
	dc.LineTo(cx+head*0.75, y1-head)
	dc.ClosePath()
	dc.Fill()
	col := colMove
	if label == "" {
		label, col = pitLabel(before.Rules().Layout(), events)
	}
	if label != "" {
		// Right of the arrow; a long label ("12", "↑1", "3R") is moved
		// right so that it never reaches back over the arrow.
		face := newFace(g.fPit)
		extra := float64(font.MeasureString(face, label)-font.MeasureString(face, "0")) / 64
		drawText(img, face, label, cx+0.42*p+max(extra, 0)/2, (y0+y1)/2, col)
		_ = face.Close()
	}
	return img
}
