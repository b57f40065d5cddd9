package render

import (
	"bytes"
	"image"
	stddraw "image/draw"
	"math/rand/v2"
	"testing"
)

// TestSpriteDrawAt: a sprite pasted with drawAt gives exactly the pixels of
// draw.Over, on a noisy background (every alpha and colour), for seeds of
// several sizes, at whole and fractional positions inside the image and
// cut by each of its edges.
func TestSpriteDrawAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	bg := image.NewRGBA(image.Rect(0, 0, 90, 70))
	for i := range bg.Pix {
		bg.Pix[i] = byte(rng.IntN(256))
	}
	for _, radius := range []float64{2.5, 5, 7.25, 11.6, 18} {
		s := seedSprite(radius)
		var opaque, partial int
		for _, runs := range s.rows {
			for _, r := range runs {
				if r.opaque {
					opaque += r.x1 - r.x0
				} else {
					partial += r.x1 - r.x0
				}
			}
		}
		if opaque == 0 || partial == 0 {
			t.Errorf("radius %v: %d opaque and %d partly transparent pixels, want some of each", radius, opaque, partial)
		}
		for _, at := range [][2]float64{{45, 35}, {20.4, 30.6}, {0, 35}, {89, 35}, {45, 0}, {45, 69.5}, {1, 1}, {300, 300}} {
			got, want := image.NewRGBA(bg.Rect), image.NewRGBA(bg.Rect)
			copy(got.Pix, bg.Pix)
			copy(want.Pix, bg.Pix)
			s.drawAt(got, at[0], at[1])
			ix, iy := int(at[0]+0.5)-s.half, int(at[1]+0.5)-s.half
			stddraw.Draw(want, s.img.Rect.Add(image.Pt(ix, iy)), s.img, image.Point{}, stddraw.Over)
			if !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("radius %v at %v: not the pixels of draw.Over", radius, at)
			}
		}
	}
}
