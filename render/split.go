package render

import (
	"math"

	"github.com/fogleman/gg"
	"github.com/mancala-bot/mancala/engine"
)

// Boards whose rows are shared between the sides (the three-row games:
// each side owns its back row and half of the middle row). The generic
// drawing tints a side's turn as one rectangle over its rows; where a
// side's rows do not all span the same columns, the tint follows them
// instead: a rounded outline round each row's own columns, the narrower
// row reaching to the wider one's edge.

// sideSpans returns, for each row from first to last, the leftmost and
// rightmost columns of side s's pits in it, and whether they differ from
// row to row (ok false when a row in between has none of s's pits).
func (g *geom) sideSpans(s engine.Side, first, last int) (lo, hi []int, split, ok bool) {
	lo, hi = make([]int, last-first+1), make([]int, last-first+1)
	for i := range lo {
		lo[i], hi[i] = g.cols, -1
	}
	for i, ci := range g.cells {
		if ci.Owner == s && !g.isStore(engine.Cell(i)) && ci.Row >= first && ci.Row <= last {
			r := ci.Row - first
			lo[r], hi[r] = min(lo[r], ci.Col), max(hi[r], ci.Col)
		}
	}
	for r := range lo {
		if hi[r] < 0 {
			return nil, nil, false, false
		}
		split = split || lo[r] != lo[0] || hi[r] != hi[0]
	}
	return lo, hi, split, true
}

// splitOutline adds to dc the outline of side s's pits, row by row, with
// rounded corners, and reports whether it did (false: the rows all span
// the same columns, and the caller draws one rectangle).
func splitOutline(dc *gg.Context, g *geom, s engine.Side, first, last int, pad float64) bool {
	lo, hi, split, ok := g.sideSpans(s, first, last)
	if !ok || !split {
		return false
	}
	top := func(r int) float64 { return g.rowY(r) - g.pitR - pad }
	bot := func(r int) float64 { return g.rowY(r) + g.pitR + pad }
	// step is the y where rows r and r+1 meet: the wider row's edge.
	step := func(r int) float64 {
		if hi[r-first]-lo[r-first] >= hi[r+1-first]-lo[r+1-first] {
			return bot(r)
		}
		return top(r + 1)
	}
	left := func(r int) float64 { return g.colX(lo[r-first]) - g.pitR - pad }
	right := func(r int) float64 { return g.colX(hi[r-first]) + g.pitR + pad }
	var pts [][2]float64
	add := func(x, y float64) {
		if n := len(pts); n > 0 && math.Abs(pts[n-1][0]-x) < 1e-9 && math.Abs(pts[n-1][1]-y) < 1e-9 {
			return
		}
		pts = append(pts, [2]float64{x, y})
	}
	// Down the right side, then up the left.
	for r := first; r <= last; r++ {
		y0, y1 := top(r), bot(r)
		if r > first {
			y0 = step(r - 1)
		}
		if r < last {
			y1 = step(r)
		}
		add(right(r), y0)
		add(right(r), y1)
	}
	for r := last; r >= first; r-- {
		y0, y1 := top(r), bot(r)
		if r > first {
			y0 = step(r - 1)
		}
		if r < last {
			y1 = step(r)
		}
		add(left(r), y1)
		add(left(r), y0)
	}
	roundedPolygon(dc, pts, g.pitR+pad)
	return true
}

// roundedPolygon adds the closed polygon pts with its corners rounded to
// radius rad (less where an edge is short). Points on a straight line are
// left as they are.
func roundedPolygon(dc *gg.Context, pts [][2]float64, rad float64) {
	n := len(pts)
	if n < 3 {
		return
	}
	dist := func(a, b [2]float64) float64 { return math.Hypot(b[0]-a[0], b[1]-a[1]) }
	toward := func(a, b [2]float64, d float64) (float64, float64) {
		l := dist(a, b)
		if l == 0 {
			return a[0], a[1]
		}
		return a[0] + (b[0]-a[0])*d/l, a[1] + (b[1]-a[1])*d/l
	}
	for i := range n {
		prev, cur, next := pts[(i+n-1)%n], pts[i], pts[(i+1)%n]
		r := min(rad, dist(prev, cur)/2, dist(cur, next)/2)
		x0, y0 := toward(cur, prev, r)
		x1, y1 := toward(cur, next, r)
		if i == 0 {
			dc.MoveTo(x0, y0)
		} else {
			dc.LineTo(x0, y0)
		}
		dc.QuadraticTo(cur[0], cur[1], x1, y1)
	}
	dc.ClosePath()
}

// splitDividers draws, in a row shared between the sides, a short bar
// between the last pit of one side and the first of the other, so that
// each side's half reads at a glance on a board where no side is tinted
// (a finished game, a diagram).
func splitDividers(dc *gg.Context, g *geom) {
	var at [engine.MaxCells][engine.MaxCells]engine.Side // 1 + the owner of the pit at (row, col)
	for i, ci := range g.cells {
		if !g.isStore(engine.Cell(i)) && ci.Row >= 0 && ci.Row < g.rows && ci.Col >= 0 && ci.Col < g.cols && ci.Row < engine.MaxCells && ci.Col < engine.MaxCells {
			at[ci.Row][ci.Col] = ci.Owner + 1
		}
	}
	for r := range min(g.rows, engine.MaxCells) {
		for c := 0; c+1 < min(g.cols, engine.MaxCells); c++ {
			a, b := at[r][c], at[r][c+1]
			if a == 0 || b == 0 || a == b {
				continue
			}
			x := (g.colX(c) + g.colX(c+1)) / 2
			y := g.rowY(r)
			dc.SetLineCapRound()
			dc.SetLineWidth(0.035 * g.pitch)
			dc.SetColor(colZero)
			dc.DrawLine(x, y-0.9*g.pitR, x, y+0.9*g.pitR)
			dc.Stroke()
		}
	}
}
