package render

import (
	"fmt"
	"image/color"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// TestCellBoxes checks the boxes against the drawing, for every variant
// seen from every side it has, named and not: each box's centre pixel is
// a well on the empty board, the pixels a little outside its edges are
// not (the board around it), no two boxes overlap, all lie in the image,
// and turning the board round puts the viewer's pit 1 at the bottom.
func TestCellBoxes(t *testing.T) {
	well := color.RGBAModel.Convert(colWell).(color.RGBA)
	for _, v := range engine.Variants() {
		r, err := v.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		l := r.Layout()
		for side := range engine.Side(l.Sides) {
			for _, named := range []bool{false, true} {
				o := Options{Viewer: side}
				if named {
					o.Names = [2]string{"Ann", "Bob"}
				}
				t.Run(fmt.Sprintf("%s/%s/named=%v", v.ID, side, named), func(t *testing.T) {
					boxes := CellBoxes(r, o)
					if len(boxes) != len(l.Cells) {
						t.Fatalf("%d boxes for %d cells", len(boxes), len(l.Cells))
					}
					g := geomFor(layoutFor(l, o), o.Scale, o.named())
					img := drawBase(g, 0)
					w, h := Size(r, o)
					for i, b := range boxes {
						if int(b.Cell) != i {
							t.Fatalf("box %d is of cell %d", i, b.Cell)
						}
						if b.W < 20 || b.H < 20 || b.X < 0 || b.Y < 0 || b.X+b.W > w || b.Y+b.H > h {
							t.Fatalf("cell %d: box %+v in a %dx%d image", i, b, w, h)
						}
						cx, cy := b.X+b.W/2, b.Y+b.H/2
						if got := img.RGBAAt(cx, cy); got != well {
							t.Errorf("cell %d: centre (%d,%d) is %v, not a well", i, cx, cy, got)
						}
						for _, p := range [][2]int{{b.X - 3, cy}, {b.X + b.W + 2, cy}, {cx, b.Y - 3}, {cx, b.Y + b.H + 2}} {
							if p[0] < 0 || p[1] < 0 || p[0] >= w || p[1] >= h {
								continue
							}
							if got := img.RGBAAt(p[0], p[1]); got == well {
								t.Errorf("cell %d: (%d,%d) outside its box %+v is a well", i, p[0], p[1], b)
							}
						}
						for _, c := range boxes[:i] {
							if b.X < c.X+c.W && c.X < b.X+b.W && b.Y < c.Y+c.H && c.Y < b.Y+b.H {
								t.Errorf("cells %d and %d overlap: %+v, %+v", c.Cell, b.Cell, c, b)
							}
						}
					}
					// The viewer's first pit is below the first pit of the
					// side across (or, on a square board, of every other side).
					mine := l.Pit(side, 1)
					for other := range engine.Side(l.Sides) {
						if other == side {
							continue
						}
						theirs := l.Pit(other, 1)
						if boxes[mine].Y <= boxes[theirs].Y {
							t.Errorf("%s's pit 1 at y=%d is not below %s's at y=%d", side, boxes[mine].Y, other, boxes[theirs].Y)
						}
					}
				})
			}
		}
	}
}

// TestCellBoxContains pins the box's edges: its first pixel is in, the
// one past its width or height is out.
func TestCellBoxContains(t *testing.T) {
	b := CellBox{X: 10, Y: 20, W: 5, H: 4}
	for _, c := range []struct {
		x, y int
		in   bool
	}{{10, 20, true}, {14, 23, true}, {15, 20, false}, {10, 24, false}, {9, 21, false}, {12, 19, false}} {
		if got := b.Contains(c.x, c.y); got != c.in {
			t.Errorf("Contains(%d, %d) = %v, want %v", c.x, c.y, got, c.in)
		}
	}
}
