package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
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
