package render

import (
	"image"
	"image/color"
	"sync"

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
	pit, pitTwo, pitBig, store, label, badge font.Face
}

// Font sizes, as fractions of the pitch.
const (
	pitDigits    = 0.36 // a pit's count, with its seeds drawn around it
	pitTwoDigits = 0.32 // the same with two digits
	pitBigDigits = 0.44 // a pit's count when its seeds are not drawn
	storeDigits  = 0.46
	labelDigits  = 0.27
	badgeDigits  = 0.23
)

func newFaces(pitch float64) *faces {
	return &faces{
		pit:    newFace(pitDigits * pitch),
		pitTwo: newFace(pitTwoDigits * pitch),
		pitBig: newFace(pitBigDigits * pitch),
		store:  newFace(storeDigits * pitch),
		label:  newFace(labelDigits * pitch),
		badge:  newFace(badgeDigits * pitch),
	}
}

func newFace(size float64) font.Face {
	f, err := opentype.NewFace(bold(), &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("render: font face: " + err.Error()) // only for a bad size, which newGeom rules out
	}
	return f
}

func (f *faces) close() {
	for _, x := range []font.Face{f.pit, f.pitTwo, f.pitBig, f.store, f.label, f.badge} {
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
