package render

import (
	"image"
	"image/color"
	"strconv"
	"sync"

	"github.com/fogleman/gg"

	"github.com/mancala-bot/mancala/engine"
)

// The rings round the cells the last move acted on (start, relay, sown)
// and the pits' numbers under them are the same move after move, so each
// is drawn once per geometry, tint and cell over the base image, and its
// pixels kept (a patch): a board then copies them in, which is much
// cheaper than stroking circles and drawing text (a sixth of a move's
// time). The copy is exactly what drawing would do as long as the patch's
// box still holds the base's pixels, which it does unless something drawn
// before reaches into it (two rings touching); then it is drawn as before.
type ringKind uint8

const (
	ringThin   ringKind = iota // a cell sown into
	ringThick                  // the move's start, a new tuzdyk
	ringDashed                 // a relay
)

type ringKey struct {
	tint int
	c    engine.Cell
	k    ringKind
}

// labelKey is a pit's number in a colour.
type labelKey struct {
	tint int
	c    engine.Cell
	col  color.RGBA
}

// patch is something drawn over a base image: the pixels it changed, and
// the box that must still hold the base's pixels for them to apply.
type patch struct {
	box image.Rectangle
	off []int32  // offsets in the image's Pix of the pixels changed
	px  []uint32 // their new values (RGBA, little endian)
}

// drawRing draws ring k round cell c on r's image, which the cells before
// c have been drawn on over the base image with r's tint.
func (r *renderer) drawRing(c engine.Cell, k ringKind) {
	r.drawPatched(ringKey{r.tint, c, k}, func(dc *gg.Context) { strokeRing(dc, r.g, c, k) })
}

// drawLabel draws pit c's number in col, after the cells.
func (r *renderer) drawLabel(c engine.Cell, col color.RGBA) {
	g := r.g
	ci := g.cells[c]
	r.drawPatched(labelKey{r.tint, c, col}, func(dc *gg.Context) {
		x, y := g.labelAt(c)
		drawText(dc.Image().(*image.RGBA), r.faces.label, strconv.Itoa(ci.Pit), x, y, col)
	})
}

// drawPatched draws with draw, through the patch cached under key when its
// box still holds the base's pixels. draw must depend on nothing but key
// and the geometry, and draw on the context's image only.
func (r *renderer) drawPatched(key any, draw func(dc *gg.Context)) {
	if p := r.g.patch(r.tint, key, draw); p != nil && r.holdsBase(p.box) {
		pix := r.img.Pix
		for i, o := range p.off {
			v := p.px[i]
			pix[o], pix[o+1], pix[o+2], pix[o+3] = uint8(v), uint8(v>>8), uint8(v>>16), uint8(v>>24)
		}
		return
	}
	draw(r.dc)
}

// holdsBase reports whether box of r's image still holds the base image's
// pixels.
func (r *renderer) holdsBase(box image.Rectangle) bool {
	base := r.g.cachedBase(r.tint) // not nil: the patch was made over it
	for y := box.Min.Y; y < box.Max.Y; y++ {
		i, j := r.img.PixOffset(box.Min.X, y), r.img.PixOffset(box.Max.X, y)
		if string(r.img.Pix[i:j]) != string(base.Pix[i:j]) {
			return false
		}
	}
	return true
}

// patch returns what draw draws over the base image with tint, cached in g
// under key; nil when g is not cached or the budget of the base images is
// spent (the caller then draws each time).
func (g *geom) patch(tint int, key any, draw func(dc *gg.Context)) *patch {
	if !g.cached || tint < 0 || tint >= len(g.bases) {
		return nil
	}
	if v, ok := g.patches.Load(key); ok {
		return v.(*patch)
	}
	base := g.cachedBase(tint)
	if base == nil {
		return nil // the base is not cached either
	}
	if baseBytes.Load()+int64(len(base.Pix)/16) > maxBaseBytes {
		return nil // no room, most likely: do not draw it to find out
	}
	img, _ := patchScratch.Get().(*image.RGBA)
	if img == nil || img.Rect != base.Rect {
		img = image.NewRGBA(base.Rect)
	}
	defer patchScratch.Put(img)
	copy(img.Pix, base.Pix)
	draw(gg.NewContextForRGBA(img))
	p := &patch{box: image.Rectangle{Min: image.Pt(g.w, g.h)}}
	for o := 0; o < len(img.Pix); o += 4 {
		if string(img.Pix[o:o+4]) == string(base.Pix[o:o+4]) {
			continue
		}
		x, y := (o%img.Stride)/4, o/img.Stride
		p.box.Min.X, p.box.Min.Y = min(p.box.Min.X, x), min(p.box.Min.Y, y)
		p.box.Max.X, p.box.Max.Y = max(p.box.Max.X, x+1), max(p.box.Max.Y, y+1)
		p.off = append(p.off, int32(o))
		p.px = append(p.px, uint32(img.Pix[o])|uint32(img.Pix[o+1])<<8|uint32(img.Pix[o+2])<<16|uint32(img.Pix[o+3])<<24)
	}
	// A margin round the pixels changed: where the stroke's edge might
	// reach on another background.
	p.box = p.box.Inset(-2).Intersect(base.Rect)
	size := int64(8 * len(p.off))
	if baseBytes.Add(size) > maxBaseBytes {
		baseBytes.Add(-size)
		return nil
	}
	v, loaded := g.patches.LoadOrStore(key, p)
	if loaded {
		baseBytes.Add(-size)
	}
	return v.(*patch)
}

// patchScratch holds the images patches are drawn on (an image of another
// size is dropped).
var patchScratch sync.Pool

// strokeRing strokes ring k round cell c in white.
func strokeRing(dc *gg.Context, g *geom, c engine.Cell, k ringKind) {
	width := 0.026 * g.pitch
	if k != ringThin {
		width = 0.06 * g.pitch
	}
	if k == ringDashed {
		dc.SetDash(0.09*g.pitch, 0.06*g.pitch)
	}
	dc.SetLineWidth(width)
	dc.SetColor(colMove)
	if g.isStore(c) {
		x, y, w, h := g.storeRect(g.cells[c].Col)
		o := width / 2
		dc.DrawRoundedRectangle(x-o, y-o, w+2*o, h+2*o, g.storeCorner(w, h)+o)
	} else {
		cx, cy := g.center(c)
		dc.DrawCircle(cx, cy, g.pitR+width/2)
	}
	dc.Stroke()
	dc.SetDash()
}
