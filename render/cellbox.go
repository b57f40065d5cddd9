package render

import (
	"math"

	"github.com/mancala-bot/mancala/engine"
)

// CellBox is where one cell of the board is drawn in the image [Board]
// (and [PNG]) makes: the smallest pixel rectangle holding its well, a
// pit's circle or a store's rounded rectangle. X and Y are its top left
// corner, W and H its size, in the image's pixels.
type CellBox struct {
	Cell       engine.Cell
	X, Y, W, H int
}

// Contains reports whether the pixel (x, y) lies in the box.
func (b CellBox) Contains(x, y int) bool {
	return x >= b.X && x < b.X+b.W && y >= b.Y && y < b.Y+b.H
}

// CellBoxes returns the box of every cell of rules r's layout in the image
// Board draws with options o, in cell order (element i is cell i): the
// places a tap on the image selects a cell, for the board app. Only
// o.Scale, o.Names (whether any is set) and o.Viewer matter, as for
// [Size]: the boxes follow the board turned round for North's seat, or
// for any seat at a square board of four. Boxes of different cells never
// overlap and lie inside the image.
func CellBoxes(r engine.Rules, o Options) []CellBox {
	g := geomFor(layoutFor(r.Layout(), o), o.Scale, o.named())
	out := make([]CellBox, len(g.cells))
	for i, ci := range g.cells {
		c := engine.Cell(i)
		var x0, y0, x1, y1 float64
		switch {
		case g.sq != nil:
			x, y := g.sq.at[i][0], g.sq.at[i][1]
			half := g.pitR
			switch ci.Kind {
			case engine.StoreCell:
				half = g.sq.rumaW / 2
			case engine.PenaltyCell:
				half = penaltyR * g.pitch
			}
			x0, y0, x1, y1 = x-half, y-half, x+half, y+half
		case g.isStore(c):
			x, y, w, h := g.storeRect(ci.Col)
			x0, y0, x1, y1 = x, y, x+w, y+h
		default:
			x, y := g.center(c)
			x0, y0, x1, y1 = x-g.pitR, y-g.pitR, x+g.pitR, y+g.pitR
		}
		// Rounded inwards, so that neighbours' boxes never share a pixel.
		bx0, by0 := max(int(math.Ceil(x0)), 0), max(int(math.Ceil(y0)), 0)
		bx1, by1 := min(int(math.Floor(x1)), g.w), min(int(math.Floor(y1)), g.h)
		out[i] = CellBox{Cell: c, X: bx0, Y: by0, W: max(bx1-bx0, 0), H: by1 - by0}
	}
	return out
}
