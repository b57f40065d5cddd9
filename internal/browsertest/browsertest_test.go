package browsertest

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
)

func solid(w, h int, c color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return img
}

func TestCompare(t *testing.T) {
	base := solid(10, 10, color.RGBA{100, 100, 100, 255})
	slight := solid(10, 10, color.RGBA{100, 100, 100, 255})
	slight.SetRGBA(1, 1, color.RGBA{120, 90, 100, 255}) // within 24
	moved := solid(10, 10, color.RGBA{100, 100, 100, 255})
	moved.SetRGBA(2, 2, color.RGBA{200, 100, 100, 255})
	moved.SetRGBA(3, 2, color.RGBA{100, 100, 0, 255})
	tol := Tolerance{Channel: 24, Share: 0.01}
	for _, c := range []struct {
		name   string
		got    *image.RGBA
		pixels int
	}{{"same", base, 0}, {"slight", slight, 0}, {"two far", moved, 2}} {
		d, err := Compare(c.got, base, tol)
		if err != nil {
			t.Fatal(err)
		}
		if d.Pixels != c.pixels || d.Share != float64(c.pixels)/100 {
			t.Errorf("%s: %d pixels (%.3f), want %d", c.name, d.Pixels, d.Share, c.pixels)
		}
		red := 0
		for i := 0; i < len(d.Image.Pix); i += 4 {
			if d.Image.Pix[i] == 255 && d.Image.Pix[i+1] == 0 {
				red++
			}
		}
		if red != c.pixels {
			t.Errorf("%s: the diff image marks %d pixels, want %d", c.name, red, c.pixels)
		}
	}
	if _, err := Compare(solid(10, 9, color.RGBA{}), base, tol); err == nil {
		t.Error("different sizes compared without an error")
	}
}

// fatalRecorder is a testing.TB whose Fatalf records the message and ends
// the goroutine, as the real one does.
type fatalRecorder struct {
	testing.TB
	msg string
}

func (r *fatalRecorder) Helper() {}
func (r *fatalRecorder) Fatalf(format string, args ...any) {
	r.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// TestMatchGoldenFails: a screenshot far from its golden fails the test,
// naming a temporary directory outside the repository that holds the
// screenshot and the diff; one within the tolerance passes.
func TestMatchGoldenFails(t *testing.T) {
	defer func(u bool) { *update = u }(*update)
	*update = false // this test checks the comparison
	dir := t.TempDir()
	golden := filepath.Join(dir, "g.png")
	writePNG := func(img image.Image) []byte {
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	if err := os.WriteFile(golden, writePNG(solid(20, 20, color.RGBA{0, 0, 0, 255})), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(shot []byte) string {
		r := &fatalRecorder{TB: t}
		var wg sync.WaitGroup
		wg.Go(func() { MatchGolden(r, golden, shot, Tolerance{Channel: 24, Share: 0.01}) })
		wg.Wait()
		return r.msg
	}
	near := solid(20, 20, color.RGBA{0, 0, 0, 255})
	near.SetRGBA(0, 0, color.RGBA{255, 255, 255, 255}) // 1 of 400 pixels: 0.25%
	if msg := run(writePNG(near)); msg != "" {
		t.Errorf("within the tolerance: %s", msg)
	}
	msg := run(writePNG(solid(20, 20, color.RGBA{255, 255, 255, 255})))
	m := regexp.MustCompile(`in 400 pixels .* are in (\S+)$`).FindStringSubmatch(msg)
	if m == nil {
		t.Fatalf("failure message %q", msg)
	}
	t.Cleanup(func() { os.RemoveAll(m[1]) })
	wd, _ := os.Getwd()
	if strings.HasPrefix(m[1], filepath.Dir(filepath.Dir(wd))) {
		t.Errorf("evidence written into the repository: %s", m[1])
	}
	for _, f := range []string{"actual.png", "diff.png"} {
		if _, err := os.Stat(filepath.Join(m[1], f)); err != nil {
			t.Errorf("evidence: %v", err)
		}
	}
	if msg := run([]byte("not a png")); !strings.Contains(msg, "not a PNG") {
		t.Errorf("a broken screenshot: %q", msg)
	}
}

const harnessPage = `<!doctype html>
<html><head><meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body { margin: 0; font: 20px sans-serif; background: #fff; color: #000; }
@media (prefers-color-scheme: dark) { body { background: #000; color: #fff; } }
#box { width: 100px; height: 100px; background: #c00; margin: 20px; }
</style></head>
<body><div id="box"></div><button id="inc">+1</button> <span id="n">0</span> <span id="key"></span>
<script src="/app.js"></script></body></html>`

const harnessScript = `
let n = 0;
document.getElementById("inc").addEventListener("click", () => {
	n++;
	setTimeout(() => { document.getElementById("n").textContent = String(n); }, 50);
});
document.addEventListener("keydown", e => { document.getElementById("key").textContent = e.key; });
`

// TestBrowser drives a small page through every helper: the viewport, a
// click whose effect comes later (waited for), keys, text, the colour
// scheme, the language header, the loading figures and a golden
// screenshot.
func TestBrowser(t *testing.T) {
	var mu sync.Mutex
	var langs []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		langs = append(langs, r.Header.Get("Accept-Language"))
		mu.Unlock()
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, harnessPage)
		case "/app.js":
			w.Header().Set("Content-Type", "text/javascript")
			fmt.Fprint(w, harnessScript)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()

	b := New(t)
	b.Language("da")
	b.Navigate(srv.URL)
	if w := Eval[int](b, "window.innerWidth"); w != Width {
		t.Errorf("innerWidth %d, want %d", w, Width)
	}
	if h := Eval[int](b, "window.innerHeight"); h != Height {
		t.Errorf("innerHeight %d, want %d", h, Height)
	}
	b.Click("#inc")
	b.Click("#inc")
	b.WaitFor(`document.getElementById("n").textContent === "2"`)
	if got := b.Text("#n"); got != "2" {
		t.Errorf("#n = %q after two clicks", got)
	}
	b.Press(ArrowRight)
	b.WaitFor(`document.getElementById("key").textContent !== ""`)
	if got := b.Text("#key"); got != "ArrowRight" {
		t.Errorf("key %q, want ArrowRight", got)
	}
	if got := b.Count("span"); got != 2 {
		t.Errorf("%d spans", got)
	}
	if got := b.Attr("#inc", "id"); got != "inc" {
		t.Errorf("Attr = %q", got)
	}
	mu.Lock()
	if len(langs) == 0 || langs[0] != "da" {
		t.Errorf("Accept-Language of the requests: %q, want da", langs)
	}
	mu.Unlock()
	m := b.Metrics()
	t.Logf("resources: %v", Eval[[]string](b, `performance.getEntriesByType("resource").map(r => r.name)`))
	if m.Resources < 1 || m.Bytes < int64(len(harnessPage)+len(harnessScript)) {
		t.Errorf("metrics %+v: want the page and its script, at least %d bytes", m, len(harnessPage)+len(harnessScript))
	}
	t.Logf("harness page: %d bytes, first paint %.0f ms, load %.0f ms", m.Bytes, m.FirstPaintMS, m.LoadMS)

	shot := b.Screenshot()
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != Width || img.Bounds().Dy() != Height {
		t.Errorf("screenshot %v, want %dx%d", img.Bounds().Size(), Width, Height)
	}
	MatchGolden(t, "testdata/screens/harness_light.png", shot, DefaultTolerance)
	// The red box is where the page puts it: 20 px in, on white.
	if c := color.RGBAModel.Convert(img.At(70, 70)).(color.RGBA); c.R < 180 || c.G > 40 {
		t.Errorf("the box's middle is %v, want red", c)
	}

	b.ColorScheme("dark")
	b.WaitFor(`getComputedStyle(document.body).backgroundColor === "rgb(0, 0, 0)"`)
	MatchGolden(t, "testdata/screens/harness_dark.png", b.Screenshot(), DefaultTolerance)
}
