package render

import (
	"image"
	stddraw "image/draw"
	"math"
	"sync"

	"github.com/fogleman/gg"
)

// sprite is a small pre-drawn image (a seed), pasted with draw.Over: far
// cheaper than rasterizing the same circle a hundred times per board.
type sprite struct {
	img  *image.RGBA
	half int // offset from the sprite's top left to its centre pixel
}

// drawAt pastes the sprite centred at (x, y), rounded to whole pixels.
func (s *sprite) drawAt(dst *image.RGBA, x, y float64) {
	ix, iy := int(math.Round(x))-s.half, int(math.Round(y))-s.half
	r := s.img.Rect.Add(image.Pt(ix, iy))
	stddraw.Draw(dst, r, s.img, image.Point{}, stddraw.Over)
}

var (
	spriteCache sync.Map // seed radius (its bits) -> *sprite; sprites are never written after creation
	spotCache   sync.Map // spotKey -> []gg.Point
)

type spotKey struct{ w, h, rad, sr, pitch, fStore, fPit float64 }

// seedSprite returns a seed of radius r: an ivory bead with a dark rim and a
// small highlight.
func seedSprite(r float64) *sprite {
	key := math.Float64bits(r) // exact: a sprite drawn for another radius would differ
	if v, ok := spriteCache.Load(key); ok {
		return v.(*sprite)
	}
	half := int(math.Ceil(r + 1))
	size := 2*half + 1
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	dc := gg.NewContextForRGBA(img)
	c := float64(half) + 0.5
	dc.DrawCircle(c, c, r)
	dc.SetColor(rgb(0xe8, 0xdb, 0xbd))
	dc.FillPreserve()
	dc.SetLineWidth(max(1, r*0.16))
	dc.SetColor(rgb(0x6b, 0x5c, 0x44))
	dc.Stroke()
	dc.DrawCircle(c-r*0.32, c-r*0.32, r*0.3)
	dc.SetColor(alpha(rgb(0xff, 0xff, 0xff), 0.8))
	dc.Fill()
	v, _ := spriteCache.LoadOrStore(key, &sprite{img: img, half: half})
	return v.(*sprite)
}
