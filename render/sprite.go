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
	// rows holds, for each row of img, its runs of pixels that are not
	// transparent: drawAt skips the transparent ones (most of the square
	// around a circle) and copies the opaque ones, which is what draw.Over
	// does to them, and blends only the rest.
	rows [][]spriteRun
}

// spriteRun is the pixels x0 to x1-1 of a row of a sprite, all opaque or
// all partly transparent.
type spriteRun struct {
	x0, x1 int
	opaque bool
}

// newSprite makes the sprite of img, whose centre pixel is (half, half).
func newSprite(img *image.RGBA, half int) *sprite {
	s := &sprite{img: img, half: half, rows: make([][]spriteRun, img.Rect.Dy())}
	for y := range s.rows {
		pix := img.Pix[y*img.Stride : y*img.Stride+4*img.Rect.Dx()]
		for x := 0; x < len(pix)/4; {
			p := pix[4*x : 4*x+4]
			if p[0]|p[1]|p[2]|p[3] == 0 { // transparent: Over leaves dst as it is
				x++
				continue
			}
			run := spriteRun{x0: x, opaque: p[3] == 0xff}
			for x++; x < len(pix)/4; x++ {
				q := pix[4*x : 4*x+4]
				if q[0]|q[1]|q[2]|q[3] == 0 || (q[3] == 0xff) != run.opaque {
					break
				}
			}
			run.x1 = x
			s.rows[y] = append(s.rows[y], run)
		}
	}
	return s
}

// drawAt pastes the sprite centred at (x, y), rounded to whole pixels,
// with exactly the pixels draw.Draw(dst, …, draw.Over) gives.
func (s *sprite) drawAt(dst *image.RGBA, x, y float64) {
	ix, iy := int(math.Round(x))-s.half, int(math.Round(y))-s.half
	r := s.img.Rect.Add(image.Pt(ix, iy))
	if !r.In(dst.Rect) { // cut by the image's edge: the general path
		stddraw.Draw(dst, r, s.img, image.Point{}, stddraw.Over)
		return
	}
	for sy, runs := range s.rows {
		d := dst.Pix[dst.PixOffset(ix, iy+sy):]
		src := s.img.Pix[sy*s.img.Stride:]
		for _, run := range runs {
			from, to := 4*run.x0, 4*run.x1
			if run.opaque {
				copy(d[from:to], src[from:to])
			} else {
				blendOver(d[from:to], src[from:to])
			}
		}
	}
}

// blendOver composes the premultiplied RGBA pixels src over dst (of the
// same length) with image/draw's arithmetic for draw.Over, so the result
// is the same to the bit.
func blendOver(dst, src []byte) {
	const m = 1<<16 - 1
	for i := 0; i+4 <= len(src); i += 4 {
		s := src[i : i+4 : i+4]
		sr, sg, sb, sa := uint32(s[0])*0x101, uint32(s[1])*0x101, uint32(s[2])*0x101, uint32(s[3])*0x101
		a := (m - sa) * 0x101
		d := dst[i : i+4 : i+4]
		d[0] = uint8((uint32(d[0])*a/m + sr) >> 8)
		d[1] = uint8((uint32(d[1])*a/m + sg) >> 8)
		d[2] = uint8((uint32(d[2])*a/m + sb) >> 8)
		d[3] = uint8((uint32(d[3])*a/m + sa) >> 8)
	}
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
	v, _ := spriteCache.LoadOrStore(key, newSprite(img, half))
	return v.(*sprite)
}
