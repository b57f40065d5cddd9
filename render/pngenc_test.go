package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"
)

// TestEncodePaletted: what encodePaletted writes, image/png reads back as
// the same paletted image, palette and pixels, for boards of every shape.
func TestEncodePaletted(t *testing.T) {
	for _, id := range []string{"kalah", "togyz", "bao", "ruma", "tchuka"} {
		p, ev := benchPosition(id)
		q, _ := quantize(Board(p, Options{Events: ev}), nil, nil)
		var buf bytes.Buffer
		if err := encodePaletted(&buf, q); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		got, ok := img.(*image.Paletted)
		if !ok {
			t.Fatalf("%s: decoded as %T, want *image.Paletted", id, img)
		}
		if got.Rect != q.Rect || !bytes.Equal(got.Pix, q.Pix) {
			t.Errorf("%s: the pixels differ", id)
		}
		if len(got.Palette) != len(q.Palette) {
			t.Fatalf("%s: %d colours, want %d", id, len(got.Palette), len(q.Palette))
		}
		for i := range q.Palette {
			r1, g1, b1, a1 := got.Palette[i].RGBA()
			r2, g2, b2, a2 := q.Palette[i].RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				t.Errorf("%s: colour %d is %v, want %v", id, i, got.Palette[i], q.Palette[i])
			}
		}
	}
}

// TestEncodePalettedTiny: a 1x1 image of one colour (the smallest a
// palette and an image can be) round-trips too.
func TestEncodePalettedTiny(t *testing.T) {
	q := image.NewPaletted(image.Rect(0, 0, 1, 1), []color.Color{colBoard})
	var buf bytes.Buffer
	if err := encodePaletted(&buf, q); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if r, g, b, _ := img.At(0, 0).RGBA(); r>>8 != uint32(colBoard.R) || g>>8 != uint32(colBoard.G) || b>>8 != uint32(colBoard.B) {
		t.Errorf("the pixel is %v, want %v", img.At(0, 0), colBoard)
	}
}

// TestNearest: nearestIndex finds what a search of the whole palette
// finds (the least 2·Δr² + 4·Δg² + 3·Δb², ties to the lower index), for
// palettes of board colours and random ones.
func TestNearest(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 1))
	p, ev := benchPosition("kalah")
	board, _ := quantize(Board(p, Options{Events: ev}), nil, nil)
	key := func(c color.Color) uint32 {
		r, g, b, a := c.RGBA()
		return uint32(r>>8) | uint32(g>>8)<<8 | uint32(b>>8)<<16 | uint32(a>>8)<<24
	}
	for round := range 50 {
		var pal []uint32
		if round == 0 {
			for _, c := range board.Palette {
				pal = append(pal, key(c))
			}
		} else {
			for range 1 + rng.IntN(paletteSize) {
				// Few distinct values, so that ties happen.
				v := func() uint32 { return uint32(rng.IntN(8) * 36) }
				pal = append(pal, v()|v()<<8|v()<<16|0xff<<24)
			}
		}
		var ni nearestIndex
		for i, k := range pal {
			ni.add(k, uint8(i))
		}
		ni.sort()
		for range 2000 {
			k := rng.Uint32() | 0xff<<24
			want, wantD := 0, int64(-1)
			for i, c := range pal {
				dr, dg, db := int64(uint8(k))-int64(uint8(c)), int64(uint8(k>>8))-int64(uint8(c>>8)), int64(uint8(k>>16))-int64(uint8(c>>16))
				if d := 2*dr*dr + 4*dg*dg + 3*db*db; wantD < 0 || d < wantD {
					want, wantD = i, d
				}
			}
			if got := ni.nearest(k); int(got) != want {
				t.Fatalf("palette %d, colour %08x: nearest %d, want %d", round, k, got, want)
			}
		}
	}
}
