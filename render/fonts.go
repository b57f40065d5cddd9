package render

import (
	"image"
	"image/color"
	"math"
	"strconv"
	"sync"
	"sync/atomic"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// bold is Go Bold, parsed once. An *opentype.Font is safe for concurrent
// use; the faces made from it are not.
var bold = sync.OnceValue(func() *opentype.Font {
	f, err := opentype.Parse(gobold.TTF)
	if err != nil {
		panic("render: embedded Go Bold font: " + err.Error())
	}
	return f
})

// faces are one render's font faces, by use.
type faces struct {
	pit, pit3, store, store3, label, badge, name font.Face
}

// Font sizes, as fractions of the pitch; a pit's count may be larger (see
// fontSizes).
const (
	pitDigits   = 0.40 // a pit's count, at least
	storeDigits = 0.50 // a store's count, at least
	labelDigits = 0.40 // a pit's number
	badgeDigits = 0.27 // "−n", "+n"
	nameSize    = 0.44 // a player's name
)

// Phone size: a board is shown about phoneWidth px wide in a phone's chat,
// and a pit's count (up to two digits) must be at least phoneDigits px
// tall there.
const (
	phoneWidth  = 360
	phoneDigits = 14
)

// digitMetrics are Go Bold's digits' ink sizes, in ems: the tallest digit,
// the shortest, the widest, and the advance from one digit to the next.
type digitMetrics struct{ height, least, width, advance float64 }

var digits = sync.OnceValue(func() digitMetrics {
	face := newFace(100)
	defer face.Close()
	m := digitMetrics{least: 1}
	for d := '0'; d <= '9'; d++ {
		w, h := textSize(face, string(d))
		m.height, m.least, m.width = max(m.height, h/100), min(m.least, h/100), max(m.width, w/100)
		if a, ok := face.GlyphAdvance(d); ok {
			m.advance = max(m.advance, float64(a)/64/100)
		}
	}
	return m
})

// inkRadius returns half the diagonal of the ink of a number of k digits
// at font size f: the radius of a circle that holds it.
func (m digitMetrics) inkRadius(k int, f float64) float64 {
	w := m.width + float64(k-1)*m.advance
	return math.Hypot(w/2, m.height/2) * f
}

// fontSizes sets g's font sizes. A pit's count (one or two digits) is as
// large as phone size needs: phoneDigits px tall once the image is scaled
// to phoneWidth, but never larger than fits in the well; three digits are
// smaller. A store's count is at least as large as a pit's while it fits
// the store's width. Seeds are drawn around a count only when their ring
// clears its digits (beads).
func (g *geom) fontSizes() {
	m, p := digits(), g.pitch
	need := phoneDigits * float64(g.w) / phoneWidth / m.least * 1.02
	inner := g.pitR - 0.03*p // the ink stays this far inside a well
	g.fPit = min(max(pitDigits*p, need), inner/m.inkRadius(2, 1))
	g.fPit3 = min(g.fPit, inner/m.inkRadius(3, 1))
	storeW := 2*g.pitR - 0.10*p
	g.fStore = min(max(storeDigits*p, g.fPit), storeW/(m.width+m.advance), 0.75*p)
	g.fStore3 = min(g.fStore, storeW/(m.width+2*m.advance))
	g.fLabel = labelDigits * p
	g.fBadge = badgeDigits * p
	g.fName = nameSize * p
	clear := g.ringR - g.seedR - 0.015*p
	for k := range g.beads {
		f := g.fPit
		if k == 2 {
			f = g.fPit3
		}
		g.beads[k] = m.inkRadius(k+1, f) <= clear
	}
}

// pitFace returns the face for a pit's count n (and whether its seeds are
// drawn around it).
func (r *renderer) pitFace(n int) (font.Face, bool) {
	k := len(strconv.Itoa(n))
	if k >= 3 {
		return r.faces.pit3, r.g.beads[2] && n <= r.g.ringCap
	}
	return r.faces.pit, r.g.beads[k-1] && n <= r.g.ringCap
}

func newFaces(g *geom) *faces {
	return &faces{
		pit:    newFace(g.fPit),
		pit3:   newFace(g.fPit3),
		store:  newFace(g.fStore),
		store3: newFace(g.fStore3),
		label:  newFace(g.fLabel),
		badge:  newFace(g.fBadge),
		name:   newFace(g.fName),
	}
}

func newFace(size float64) font.Face {
	f, err := opentype.NewFace(bold(), &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("render: font face: " + err.Error()) // only for a bad size, which newGeom rules out
	}
	return cachingFace{f, math.Float64bits(size)}
}

// cachingFace is a face whose masks of digits and the few symbols drawn
// with them are cached by glyph, size and sub-pixel position (glyphCache):
// a board draws the same digits at the same places move after move, and
// rasterizing them is much of the cost of drawing text. An opentype face's
// mask depends only on the dot's sub-pixel part, so the cached masks are
// exactly the ones the face would draw. Other runes (players' names) are
// drawn by the face itself.
type cachingFace struct {
	font.Face
	size uint64 // the size's bits
}

type glyphKey struct {
	size   uint64
	r      rune
	fx, fy fixed.Int26_6 // the dot's sub-pixel part
}

// cachedGlyph is a glyph's mask at one sub-pixel position; dr is relative
// to the dot's whole-pixel part.
type cachedGlyph struct {
	dr      image.Rectangle
	mask    *image.Alpha
	advance fixed.Int26_6
	ok      bool
}

// maxGlyphs bounds glyphCache: past it, glyphs are rasterized each time.
const maxGlyphs = 1 << 15

var (
	glyphCache sync.Map // glyphKey -> *cachedGlyph; never written after it is stored
	glyphCount atomic.Int32
)

// cachedRune reports whether r's masks are cached: the digits and the
// symbols drawn with counts.
func cachedRune(r rune) bool {
	return r >= '0' && r <= '9' || r == '+' || r == '\u2212' || r == '/' || r == 'R' || r == '='
}

func (f cachingFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	if !cachedRune(r) {
		return f.Face.Glyph(dot, r)
	}
	whole := image.Pt(dot.X.Floor(), dot.Y.Floor())
	k := glyphKey{f.size, r, dot.X & 63, dot.Y & 63}
	if v, ok := glyphCache.Load(k); ok {
		g := v.(*cachedGlyph)
		return g.dr.Add(whole), g.mask, image.Point{}, g.advance, g.ok
	}
	dr, mask, maskp, advance, ok := f.Face.Glyph(dot, r)
	a, isAlpha := mask.(*image.Alpha)
	if !ok || !isAlpha || glyphCount.Load() >= maxGlyphs {
		return dr, mask, maskp, advance, ok
	}
	// The face reuses its mask: keep a copy of the part drawn.
	m := image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
	for y := range dr.Dy() {
		src := a.PixOffset(maskp.X, maskp.Y+y)
		copy(m.Pix[y*m.Stride:y*m.Stride+dr.Dx()], a.Pix[src:src+dr.Dx()])
	}
	g := &cachedGlyph{dr: dr.Sub(whole), mask: m, advance: advance, ok: true}
	if _, loaded := glyphCache.LoadOrStore(k, g); !loaded {
		glyphCount.Add(1)
	}
	return dr, m, image.Point{}, advance, true
}

func (f *faces) close() {
	for _, x := range []font.Face{f.pit, f.pit3, f.store, f.store3, f.label, f.badge, f.name} {
		_ = x.Close()
	}
}

// textSize returns the width and height of the ink of s.
func textSize(face font.Face, s string) (w, h float64) {
	b, _ := font.BoundString(face, s)
	return float64(b.Max.X-b.Min.X) / 64, float64(b.Max.Y-b.Min.Y) / 64
}

// drawText draws s with the centre of its ink at (cx, cy). Drawing the
// glyph masks straight onto the image is much faster than gg's DrawString,
// which resamples every glyph through a bilinear transform.
func drawText(dst *image.RGBA, face font.Face, s string, cx, cy float64, c color.Color) {
	b, _ := font.BoundString(face, s)
	x := cx - float64(b.Min.X+b.Max.X)/128
	y := cy - float64(b.Min.Y+b.Max.Y)/128
	d := font.Drawer{
		Dst:  dst,
		Src:  image.NewUniform(c),
		Face: face,
		Dot:  fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)},
	}
	d.DrawString(s)
}
