package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mancala-bot/mancala/engine"
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

// TestMergeNear: near twins in a palette (within nearDelta in every
// channel) take the commoner colour, the first kept; the others stay, in
// order.
func TestMergeNear(t *testing.T) {
	c := func(r, g, b uint8) color.Color { return color.RGBA{r, g, b, 255} }
	pal := color.Palette{
		c(100, 100, 100), // 0: kept
		c(200, 10, 10),   // 1: kept
		c(102, 98, 101),  // 2: twin of 0
		c(103, 100, 100), // 3: red 3 away from 0: kept
		c(201, 12, 8),    // 4: twin of 1
		c(104, 101, 99),  // 5: twin of 3 (4 from 0)
		c(100, 100, 97),  // 6: blue 3 away from 0, 6 from 3: kept
	}
	var merged [paletteSize]uint8
	got := mergeNear(slices.Clone(pal), &merged)
	want := color.Palette{pal[0], pal[1], pal[3], pal[6]}
	if !slices.Equal(got, want) {
		t.Errorf("kept %v, want %v", got, want)
	}
	if m := merged[:len(pal)]; !slices.Equal(m, []uint8{0, 1, 0, 2, 1, 2, 3}) {
		t.Errorf("merged %v, want [0 1 0 2 1 2 3]", m)
	}
}

// TestMergedBoards: on busy boards of every variant, merging moves no
// pixel by more than nearDelta from the palette without it, leaves no two
// palette colours that close, and makes the palette smaller.
func TestMergedBoards(t *testing.T) {
	for _, v := range engine.Variants() {
		p, ev := busyPosition(v.ID, 30)
		src := Board(p, Options{Events: ev, Names: [2]string{"Alice Longname", "Bob"}})
		got, _ := quantize(src, nil, nil)
		var tb colorTable
		tb.reset()
		runs := splitRuns(src, &tb, nil)
		unmerged := image.NewPaletted(src.Rect, nil)
		unmerged.Palette, _ = choosePaletteInto(&tb, paletteSize, nil, nil, false)
		writeRuns(unmerged, &tb, runs)
		if len(got.Palette) >= len(unmerged.Palette) {
			t.Errorf("%s: %d colours merged, %d without merging", v.ID, len(got.Palette), len(unmerged.Palette))
		}
		for i, a := range got.Palette {
			for _, b := range got.Palette[:i] {
				ac, bc := a.(color.RGBA), b.(color.RGBA)
				if near8(ac.R, bc.R) && near8(ac.G, bc.G) && near8(ac.B, bc.B) {
					t.Fatalf("%s: %v and %v both kept", v.ID, ac, bc)
				}
			}
		}
		for i := range got.Pix {
			a, b := got.Palette[got.Pix[i]].(color.RGBA), unmerged.Palette[unmerged.Pix[i]].(color.RGBA)
			if !near8(a.R, b.R) || !near8(a.G, b.G) || !near8(a.B, b.B) {
				t.Fatalf("%s: pixel %d is %v merged, %v without", v.ID, i, a, b)
			}
		}
	}
}
