package render

import (
	"image"
	stddraw "image/draw"
	"sync"
	"sync/atomic"

	"github.com/fogleman/gg"

	"github.com/mancala-bot/mancala/engine"
)

// The parts of a board that depend only on its layout, its scale and whose
// turn it is (the background, the board, the side tint and the empty
// wells) are drawn once into a base image and copied at the start of every
// render: filling those large areas is most of the cost of drawing them.
//
// Geometries are cached by layout and scale, at most maxGeoms of them, and
// their base images up to maxBaseBytes in all; past either limit renders
// still work, only slower.
const (
	maxGeoms     = 64
	maxBaseBytes = 48 << 20
)

type geomKey struct {
	l     *engine.Layout
	scale float64
	named bool
}

var (
	geomCache sync.Map // geomKey -> *geom
	geomCount atomic.Int32
	baseBytes atomic.Int64
)

// geomFor returns the geometry of layout l at the given scale, with or
// without rows for the players' names, cached.
func geomFor(l *engine.Layout, scale float64, named bool) *geom {
	scale = clampScale(scale)
	k := geomKey{l, scale, named}
	if v, ok := geomCache.Load(k); ok {
		return v.(*geom)
	}
	g := newGeom(l, scale, named)
	if geomCount.Load() >= maxGeoms {
		return g
	}
	g.cached = true // before g is published
	if v, loaded := geomCache.LoadOrStore(k, g); loaded {
		return v.(*geom)
	}
	geomCount.Add(1)
	return g
}

// baseSlot is one lazily drawn base image.
type baseSlot struct {
	once sync.Once
	img  *image.RGBA
}

// base returns the base image with side tint-1's turn shown (tint 0: no
// side's). The image is shared: never draw on it.
func (g *geom) base(tint int) *image.RGBA {
	if img := g.cachedBase(tint); img != nil {
		return img
	}
	return drawBase(g, tint)
}

// cachedBase returns the cached base image with tint, drawn the first time
// it is asked for, or nil when g is not cached or the budget is spent.
func (g *geom) cachedBase(tint int) *image.RGBA {
	if !g.cached || tint < 0 || tint >= len(g.bases) {
		return nil
	}
	b := &g.bases[tint]
	b.once.Do(func() {
		size := int64(4 * g.w * g.h)
		if baseBytes.Add(size) > maxBaseBytes {
			baseBytes.Add(-size)
			return
		}
		b.img = drawBase(g, tint)
	})
	return b.img
}

func drawBase(g *geom, tint int) *image.RGBA {
	if g.sq != nil {
		return drawSquareBase(g, tint)
	}
	img := image.NewRGBA(image.Rect(0, 0, g.w, g.h))
	dc := gg.NewContextForRGBA(img)
	stddraw.Draw(img, img.Rect, image.NewUniform(colBackground), image.Point{}, stddraw.Src)
	dc.DrawRoundedRectangle(g.boardX0, g.boardY0, g.boardX1-g.boardX0, g.boardY1-g.boardY0, 0.18*g.pitch)
	dc.SetColor(colBoard)
	dc.FillPreserve()
	dc.SetColor(colBoardEdge)
	dc.SetLineWidth(0.02 * g.pitch)
	dc.Stroke()
	if tint > 0 {
		tintSide(dc, g, engine.Side(tint-1))
	}
	if tint == 0 {
		splitDividers(dc, g) // a tint's outline separates the halves already
	}
	for i, ci := range g.cells {
		if g.isStore(engine.Cell(i)) {
			x, y, w, h := g.storeRect(ci.Col)
			rad := g.storeCorner(w, h)
			dc.DrawRoundedRectangle(x, y, w, h, rad)
			dc.SetColor(colWell)
			dc.Fill()
			lw := 0.035 * g.pitch
			dc.DrawRoundedRectangle(x+lw/2, y+lw/2, w-lw, h-lw, rad-lw/2)
			dc.SetLineWidth(lw)
			dc.SetColor(sideColor(ci.Owner))
			dc.Stroke()
			continue
		}
		cx, cy := g.center(engine.Cell(i))
		dc.DrawCircle(cx, cy, g.pitR)
		dc.SetColor(colWell)
		dc.Fill()
	}
	return img
}

// tintSide shades side s's rows and store in its colour: whose turn it is.
func tintSide(dc *gg.Context, g *geom, s engine.Side) {
	first, last, ok := g.sideRows(s)
	if !ok {
		return
	}
	minCol, maxCol := g.cols, -1
	for i, ci := range g.cells {
		if ci.Owner == s && !g.isStore(engine.Cell(i)) {
			minCol, maxCol = min(minCol, ci.Col), max(maxCol, ci.Col)
		}
	}
	pad := 0.04 * g.pitch
	if !splitOutline(dc, g, s, first, last, pad) { // split rows: render/split.go
		x0, x1 := g.colX(minCol)-g.pitR-pad, g.colX(maxCol)+g.pitR+pad
		y0, y1 := g.rowY(first)-g.pitR-pad, g.rowY(last)+g.pitR+pad
		dc.DrawRoundedRectangle(x0, y0, x1-x0, y1-y0, g.pitR+pad)
	}
	if c := g.store(s); g.has(c) {
		x, y, w, h := g.storeRect(g.cells[c].Col)
		dc.DrawRoundedRectangle(x-pad, y-pad, w+2*pad, h+2*pad, g.storeCorner(w, h)+pad)
	}
	dc.SetFillRuleWinding()
	dc.SetColor(alpha(sideColor(s), 0.30))
	dc.FillPreserve()
	dc.SetLineWidth(0.02 * g.pitch)
	dc.SetColor(alpha(sideColor(s), 0.8))
	dc.Stroke()
}

// flipped holds, by layout, the same layout seen from North's seat (see
// layoutFor).
var flipped sync.Map // *engine.Layout -> *engine.Layout

// layoutFor returns l as the board is drawn for o.Viewer: l itself from
// South's seat, else (North, on a two-sided layout) a copy turned round,
// every pit's row and column mirrored, so that North's rows are nearest and
// its pit 1 on the left. The copy is made once per layout.
func layoutFor(l *engine.Layout, o Options) *engine.Layout {
	if l.Sides == 4 {
		return squareLayout(l, o.Viewer)
	}
	if o.Viewer != engine.North || l.Sides != 2 {
		return l
	}
	if v, ok := flipped.Load(l); ok {
		return v.(*engine.Layout)
	}
	f := *l
	f.Cells = append([]engine.CellInfo(nil), l.Cells...)
	for i := range f.Cells {
		c := &f.Cells[i]
		if c.Row >= 0 {
			c.Row = f.Rows - 1 - c.Row
		}
		c.Col = f.Cols - 1 - c.Col
	}
	v, _ := flipped.LoadOrStore(l, &f)
	return v.(*engine.Layout)
}
