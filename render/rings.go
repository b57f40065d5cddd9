package render

import (
	"image"

	"github.com/fogleman/gg"

	"github.com/mancala-bot/mancala/engine"
)

// The rings round the cells the last move acted on (start, relay, sown)
// are the same move after move, so each is stroked once per geometry, tint
// and cell over the base image, and its pixels kept: a board then copies
// them in, which is much cheaper than stroking circles (an eighth of a
// move's time). The copy is exactly what stroking would draw, because a
// ring is drawn first in its cell, over the base image; where a ring's box
// no longer holds the base's pixels (two rings touching), it is stroked as
// before.
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

// ringPatch is a ring stroked over a base image: the pixels it changed,
// and the box that must still hold the base's pixels for them to apply.
type ringPatch struct {
	box image.Rectangle
	off []int32  // offsets in the image's Pix of the pixels changed
	px  []uint32 // their new values (RGBA, little endian)
}

// drawRing draws ring k round cell c on r's image, which the cells before
// c have been drawn on over the base image with r's tint.
func (r *renderer) drawRing(c engine.Cell, k ringKind) {
	g := r.g
	if p := g.ringPatch(r.tint, c, k); p != nil && r.holdsBase(p.box) {
		pix := r.img.Pix
		for i, o := range p.off {
			v := p.px[i]
			pix[o], pix[o+1], pix[o+2], pix[o+3] = uint8(v), uint8(v>>8), uint8(v>>16), uint8(v>>24)
		}
		return
	}
	strokeRing(r.dc, g, c, k)
}

// holdsBase reports whether box of r's image still holds the base image's
// pixels.
func (r *renderer) holdsBase(box image.Rectangle) bool {
	base := r.g.base(r.tint)
	for y := box.Min.Y; y < box.Max.Y; y++ {
		i, j := r.img.PixOffset(box.Min.X, y), r.img.PixOffset(box.Max.X, y)
		if string(r.img.Pix[i:j]) != string(base.Pix[i:j]) {
			return false
		}
	}
	return true
}

// ringPatch returns ring k round cell c stroked over the base image with
// tint, cached in g; nil when g is not cached or the budget of the base
// images is spent (the ring is then stroked each time).
func (g *geom) ringPatch(tint int, c engine.Cell, k ringKind) *ringPatch {
	if !g.cached || tint < 0 || tint >= len(g.bases) {
		return nil
	}
	key := ringKey{tint, c, k}
	if v, ok := g.rings.Load(key); ok {
		return v.(*ringPatch)
	}
	base := g.base(tint)
	if g.bases[tint].img != base {
		return nil // the base is not cached either
	}
	img := image.NewRGBA(base.Rect)
	copy(img.Pix, base.Pix)
	strokeRing(gg.NewContextForRGBA(img), g, c, k)
	p := &ringPatch{box: image.Rectangle{Min: image.Pt(g.w, g.h)}}
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
	v, loaded := g.rings.LoadOrStore(key, p)
	if loaded {
		baseBytes.Add(-size)
	}
	return v.(*ringPatch)
}

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
