package browsertest

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update-screens", false, "write the browser tests' screenshots as their golden files instead of comparing")

// Tolerance says how far a screenshot may be from its golden: a pixel
// differs when one of its channels differs by more than Channel, and at
// most a Share (0..1) of the pixels may differ. Text anti-aliasing and
// image scaling move a few pixels between Chromium builds; a moved
// element or a wrong colour changes far more.
type Tolerance struct {
	Channel uint8
	Share   float64
}

// DefaultTolerance allows 0.5% of the pixels to differ by more than 24 in
// a channel.
var DefaultTolerance = Tolerance{Channel: 24, Share: 0.005}

// Diff is the outcome of [Compare].
type Diff struct {
	Pixels int     // pixels differing beyond the tolerance's Channel
	Share  float64 // Pixels over all pixels
	// Image shows the golden faded, the differing pixels in red.
	Image *image.RGBA
}

// Compare compares got with want pixel by pixel (colours as RGBA, 8 bits a
// channel). The error says when their sizes differ.
func Compare(got, want image.Image, tol Tolerance) (Diff, error) {
	gb, wb := got.Bounds(), want.Bounds()
	if gb.Size() != wb.Size() {
		return Diff{}, fmt.Errorf("size %v, golden %v", gb.Size(), wb.Size())
	}
	d := Diff{Image: image.NewRGBA(image.Rect(0, 0, wb.Dx(), wb.Dy()))}
	for y := range wb.Dy() {
		for x := range wb.Dx() {
			g := color.RGBAModel.Convert(got.At(gb.Min.X+x, gb.Min.Y+y)).(color.RGBA)
			w := color.RGBAModel.Convert(want.At(wb.Min.X+x, wb.Min.Y+y)).(color.RGBA)
			if far(g.R, w.R, tol.Channel) || far(g.G, w.G, tol.Channel) || far(g.B, w.B, tol.Channel) || far(g.A, w.A, tol.Channel) {
				d.Pixels++
				d.Image.SetRGBA(x, y, color.RGBA{255, 0, 0, 255})
				continue
			}
			grey := uint8((int(w.R) + int(w.G) + int(w.B)) / 12)
			d.Image.SetRGBA(x, y, color.RGBA{192 + grey, 192 + grey, 192 + grey, 255})
		}
	}
	d.Share = float64(d.Pixels) / float64(max(wb.Dx()*wb.Dy(), 1))
	return d, nil
}

func far(a, b, tol uint8) bool {
	if a > b {
		return a-b > tol
	}
	return b-a > tol
}

// MatchGolden compares the PNG screenshot shot with the golden file at
// path (testdata/screens/NAME.png, relative to the test's package) within
// tol. With -update-screens it writes shot there instead. On a mismatch
// the test fails naming a new temporary directory (never in the
// repository) holding the screenshot as taken and an image of the
// differing pixels.
func MatchGolden(t testing.TB, path string, shot []byte, tol Tolerance) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, shot, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", path)
		return
	}
	got, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatalf("the screenshot is not a PNG: %v", err)
	}
	f, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update-screens writes the goldens)", err)
	}
	want, err := png.Decode(bytes.NewReader(f))
	if err != nil {
		t.Fatalf("golden %s: %v", path, err)
	}
	d, err := Compare(got, want, tol)
	if err == nil && d.Share <= tol.Share {
		return
	}
	dir, derr := os.MkdirTemp("", "browsertest-"+strings.TrimSuffix(filepath.Base(path), ".png")+"-")
	if derr != nil {
		t.Fatalf("%s: %v; and no directory for the evidence: %v", path, err, derr)
	}
	_ = os.WriteFile(filepath.Join(dir, "actual.png"), shot, 0o644)
	if err != nil {
		t.Fatalf("screenshot differs from %s: %v; the screenshot is in %s", path, err, dir)
	}
	var buf bytes.Buffer
	if perr := png.Encode(&buf, d.Image); perr == nil {
		_ = os.WriteFile(filepath.Join(dir, "diff.png"), buf.Bytes(), 0o644)
	}
	t.Fatalf("screenshot differs from %s in %d pixels (%.2f%%, tolerance %.2f%% beyond %d a channel); actual.png and diff.png are in %s",
		path, d.Pixels, 100*d.Share, 100*tol.Share, tol.Channel, dir)
}
