package render

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	stddraw "image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

var (
	update = flag.Bool("update", false, "rewrite the golden images in testdata/")
	outDir = flag.String("out", "", "also write every golden case's image into this directory, to look at")
)

// goldenCase is one position drawn for a golden image.
type goldenCase struct {
	name   string
	pos    engine.Position
	events []engine.Event
	scale  float64
	names  [2]string     // Options.Names
	status engine.Status // Options.Status
}

// play plays moves from the start of variant id and returns the position
// and the last move's events.
func play(t testing.TB, id string, opts engine.Options, moves string) (engine.Position, []engine.Event) {
	t.Helper()
	p := engine.MustNew(id, opts).Start()
	var ev []engine.Event
	for _, s := range strings.Fields(moves) {
		m, err := engine.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if p, ev, err = p.PlayEvents(m); err != nil {
			t.Fatalf("%s %s: %v", id, moves, err)
		}
	}
	return p, ev
}

// solveTchuka finds a winning line of a solitaire position by depth-first
// search and returns the solved position with the last move's events.
func solveTchuka(p engine.Position) (engine.Position, []engine.Event, bool) {
	for _, m := range p.Moves() {
		q, ev, err := p.PlayEvents(m)
		if err != nil {
			continue
		}
		switch q.Status() {
		case engine.Solved:
			return q, ev, true
		case engine.Ongoing:
			if r, rev, ok := solveTchuka(q); ok {
				return r, rev, true
			}
		}
	}
	return p, nil, false
}

func hasEvent(ev []engine.Event, k engine.EventKind) bool {
	for _, e := range ev {
		if e.Kind == k {
			return true
		}
	}
	return false
}

func goldenCases(t testing.TB) []goldenCase {
	t.Helper()
	var cs []goldenCase
	add := func(name string, p engine.Position, ev []engine.Event) {
		cs = append(cs, goldenCase{name: name, pos: p, events: ev})
	}

	add("kalah_start", engine.MustNew("kalah", nil).Start(), nil)

	p, ev := play(t, "kalah", nil, "6 1 1 4 3 3 1")
	if !hasEvent(ev, engine.EventCapture) {
		t.Fatal("kalah_capture: the last move captures nothing")
	}
	add("kalah_capture", p, ev)

	p, ev = play(t, "kalah", nil, "4 2 3 2 4 2 1 1 2 2 5 6 2 4 6 3 1 6 2 5 4 4 6 5 2 3 5 6 1 1 5 2 2 4 6 1 3 4 2 6 5 6")
	if p.Status() != engine.NorthWon {
		t.Fatalf("kalah_finished: status %s", p.Status())
	}
	add("kalah_finished", p, ev)

	p, ev = play(t, "oware", nil, "4 2 3 3 4 5 4 1 1 5 3 6 2 4 6 4 1 6 2 5 4 4 5 2 3 3")
	if !hasEvent(ev, engine.EventCapture) {
		t.Fatal("oware_midgame: the last move captures nothing")
	}
	add("oware_midgame", p, ev)

	p, ev = play(t, "togyz", nil, "5 2 4 2 6 3 1 2 2 1 8 9 7 7 3 4 8 8 3 9 8 7 6 4 7 5 6 7 6 6 3 3 5")
	if !hasEvent(ev, engine.EventTuzdyk) || p.Pit(engine.South, 9) <= 15 {
		t.Fatal("togyz_tuzdyk: want a new tuzdyk and a pit of more than 15")
	}
	add("togyz_tuzdyk", p, ev)

	p, ev = play(t, "congkak", nil, "4 1 4 3 5 2 5 2 2 1 2 7 2")
	if !hasEvent(ev, engine.EventRelay) || !hasEvent(ev, engine.EventCapture) {
		t.Fatal("congkak_relay: want a relay and a capture")
	}
	add("congkak_relay", p, ev)

	p, ev = play(t, "kalah", engine.Options{"pie": "true"}, "1 swap")
	if !hasEvent(ev, engine.EventSwap) {
		t.Fatal("kalah_swap: no swap")
	}
	add("kalah_swap", p, ev)

	// Games ended off the board, with the players' names: North resigned
	// in the middle of the game; an agreed draw, with an emoji in a name.
	p, ev = play(t, "kalah", nil, "6 1 1 4 3 3 1")
	cs = append(cs, goldenCase{name: "kalah_resigned_names", pos: p, events: ev, status: engine.NorthWon,
		names: [2]string{"Алиса", "Bob Łukasz Ærø with a very long name indeed"}})
	p, ev = play(t, "oware", nil, "4 2 3 3 4 5 4 1 1 5")
	cs = append(cs, goldenCase{name: "oware_draw_names", pos: p, events: ev, status: engine.Draw,
		names: [2]string{"Zoë 🎲🎲 ąęłńóśźż", "Søren Åse"}})

	start := engine.MustNew("tchuka", nil).Start()
	add("tchuka_start", start, nil)
	solved, ev, ok := solveTchuka(start)
	if !ok {
		t.Fatal("tchuka: no solution found")
	}
	add("tchuka_solved", solved, ev)
	return cs
}

// Golden images are compared pixel by pixel with a small tolerance, never
// byte by byte: PNG bytes change with the compressor, and floating-point
// rounding may differ on other architectures.
const (
	channelTolerance = 2     // out of 255, per channel
	pixelTolerance   = 0.001 // the fraction of pixels allowed to differ
)

func TestGolden(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			// The golden is what PNG writes, palette and all.
			var buf bytes.Buffer
			if err := PNG(&buf, c.pos, Options{Events: c.events, Scale: c.scale, Names: c.names, Status: c.status}); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, c.name, buf.Bytes())
		})
	}
}

// checkGolden compares a PNG with testdata/NAME.golden.png, or rewrites the
// golden with -update.
func checkGolden(t *testing.T, name string, data []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden.png")
	if *outDir != "" {
		if err := os.WriteFile(filepath.Join(*outDir, name+".png"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		// The same pixels, compressed harder to keep the repository small.
		var small bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&small, got); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, small.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := readPNG(t, path)
	diff, n := compare(got, want)
	if diff == nil {
		return
	}
	// ArtifactDir is a temporary directory, kept with -artifacts.
	dir := t.ArtifactDir()
	writePNG(t, filepath.Join(dir, name+".actual.png"), got)
	writePNG(t, filepath.Join(dir, name+".diff.png"), diff)
	t.Errorf("%s differs from %s in %d pixels (-1: in size); actual and diff written to %s (keep them with -artifacts; -update rewrites the golden)",
		name, path, n, dir)
}

// compare returns nil if the images match within the tolerances, and
// otherwise an image marking the differing pixels in red over a faded copy
// of want, with the number of differing pixels.
func compare(got, want image.Image) (*image.RGBA, int) {
	if got.Bounds().Size() != want.Bounds().Size() {
		return image.NewRGBA(image.Rect(0, 0, 1, 1)), -1
	}
	g, w := toRGBA(got), toRGBA(want)
	diff := image.NewRGBA(w.Rect)
	n := 0
	for i := 0; i < len(w.Pix); i += 4 {
		if far(g.Pix[i], w.Pix[i]) || far(g.Pix[i+1], w.Pix[i+1]) || far(g.Pix[i+2], w.Pix[i+2]) || far(g.Pix[i+3], w.Pix[i+3]) {
			n++
			copy(diff.Pix[i:i+4], []byte{0xff, 0, 0, 0xff})
		} else {
			copy(diff.Pix[i:i+4], []byte{w.Pix[i] / 4, w.Pix[i+1] / 4, w.Pix[i+2] / 4, 0xff})
		}
	}
	if float64(n) <= pixelTolerance*float64(w.Rect.Dx()*w.Rect.Dy()) {
		return nil, n
	}
	return diff, n
}

// toRGBA copies img into an RGBA image with its origin at (0, 0).
func toRGBA(img image.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	stddraw.Draw(out, out.Rect, img, b.Min, stddraw.Src)
	return out
}

func far(a, b uint8) bool {
	return int(a)-int(b) > channelTolerance || int(b)-int(a) > channelTolerance
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -run TestGolden -update to create it)", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestGoldenSizes keeps the committed images small, as the bot's uploads
// should be: a board under its variant's limit (engine.Variant.BoardBytes,
// read from the registry by the file's name: "bao_marks" is a Bao board;
// a synthetic four-row board has the four-row boards' limit; diagrams and
// graphs the two-row boards'), a sheet of diagrams under 60 KB.
func TestGoldenSizes(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.golden.png"))
	if err != nil || len(files) == 0 {
		t.Fatal("no golden images", err)
	}
	for _, f := range files {
		fi, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		prefix, _, _ := strings.Cut(name, "_")
		limit := int64(engine.SmallBoardBytes)
		switch v, err := engine.Lookup(prefix); {
		case prefix == "sheet":
			limit = 60 << 10
		case prefix == "fourrow":
			limit = engine.LargeBoardBytes
		case err == nil:
			limit = int64(v.BoardBytes)
		}
		if fi.Size() > limit {
			t.Errorf("%s is %d bytes, over its %d", f, fi.Size(), limit)
		}
	}
}

// TestEveryVariant draws every registered variant's start: no panic, the
// size Size promises, an opaque image about 1000 px wide.
func TestEveryVariant(t *testing.T) {
	for _, v := range engine.Variants() {
		t.Run(v.ID, func(t *testing.T) {
			r, err := v.New(nil)
			if err != nil {
				t.Fatal(err)
			}
			p := r.Start()
			w, h := Size(r, Options{})
			img := Board(p, Options{})
			if got := img.Bounds().Size(); got != image.Pt(w, h) {
				t.Fatalf("Board is %v, Size says %dx%d", got, w, h)
			}
			l := r.Layout()
			wMin, wMax, hMin, hMax := 400, 1300, 150, 900
			if l.Rows > l.Cols { // a board turned lengthwise (Ohojitxi) is tall
				wMin, wMax, hMin, hMax = 300, 900, 400, 1300
			}
			if w < wMin || w > wMax || h < hMin || h > hMax {
				t.Errorf("%dx%d for a %dx%d layout: not a chat-sized image", w, h, l.Rows, l.Cols)
			}
			if !img.Opaque() {
				t.Error("the image has transparent pixels")
			}
			var buf bytes.Buffer
			if err := PNG(&buf, p, Options{Scale: 0.5}); err != nil {
				t.Fatal(err)
			}
			cfg, err := png.DecodeConfig(&buf)
			if err != nil {
				t.Fatal(err)
			}
			if w2, h2 := Size(r, Options{Scale: 0.5}); cfg.Width != w2 || cfg.Height != h2 {
				t.Errorf("PNG at scale 0.5 is %dx%d, Size says %dx%d", cfg.Width, cfg.Height, w2, h2)
			}
		})
	}
}

// TestSizes pins the image size to the layout: width from the columns,
// height from the rows.
func TestSizes(t *testing.T) {
	for _, tc := range []struct {
		id   string
		w, h int
	}{
		{"kalah", 982, 399},
		{"oware", 982, 399},
		{"congkak", 979, 355},
		{"togyz", 1087, 325},
		{"tchuka", 681, 231},
	} {
		w, h := Size(engine.MustNew(tc.id, nil), Options{})
		if w != tc.w || h != tc.h {
			t.Errorf("%s: %dx%d, want %dx%d", tc.id, w, h, tc.w, tc.h)
		}
	}
	w1, h1 := Size(engine.MustNew("kalah", nil), Options{})
	w2, h2 := Size(engine.MustNew("kalah", nil), Options{Scale: 2})
	if w2 < 2*w1-2 || w2 > 2*w1+2 || h2 < 2*h1-2 || h2 > 2*h1+2 {
		t.Errorf("scale 2: %dx%d, want about twice %dx%d", w2, h2, w1, h1)
	}
}

// TestEventsOutsideLayout: events from another variant, or made up, must
// not make Board panic.
func TestEventsOutsideLayout(t *testing.T) {
	p := engine.MustNew("tchuka", nil).Start()
	ev := []engine.Event{
		{Kind: engine.EventPickup, Cell: 200, Count: 3},
		{Kind: engine.EventSow, Cell: engine.NoCell},
		{Kind: engine.EventCapture, Side: engine.West, Cell: 39, Count: 9},
		{Kind: engine.EventSweep, Side: 200, Cell: 2, Count: 4},
		{Kind: engine.EventTuzdyk, Cell: 250},
		{Kind: engine.EventDeposit, Side: engine.North},
		{Kind: 99},
	}
	for _, s := range []float64{-1, 0, 0.01, 1, 100} {
		_ = Board(p, Options{Events: ev, Scale: s})
	}
}

// TestConcurrent renders from many goroutines at once; run it with -race.
func TestConcurrent(t *testing.T) {
	cs := goldenCases(t)
	wantPix := make([][]byte, len(cs))
	wantPNG := make([][]byte, len(cs))
	for i, c := range cs {
		wantPix[i] = Board(c.pos, Options{Events: c.events}).Pix
		var buf bytes.Buffer
		if err := PNG(&buf, c.pos, Options{Events: c.events}); err != nil {
			t.Fatal(err)
		}
		wantPNG[i] = buf.Bytes()
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8*len(cs))
	// A scale nobody has drawn yet: the goroutines race to build the
	// cached geometry and base images too.
	fresh := make([][]byte, 4)
	for g := range 4 {
		wg.Go(func() {
			var buf bytes.Buffer
			if err := PNG(&buf, cs[0].pos, Options{Scale: 0.61}); err != nil {
				errs <- err
			}
			fresh[g] = buf.Bytes()
			for k := range len(cs) {
				i := (g + k) % len(cs)
				c := cs[i]
				var buf bytes.Buffer
				if err := PNG(&buf, c.pos, Options{Events: c.events}); err != nil {
					errs <- err
				} else if msg := samePNG(buf.Bytes(), wantPNG[i]); msg != "" {
					// Not byte for byte: a board encoded while another
					// is goes in one band (pngboard.go).
					errs <- fmt.Errorf("%s: a concurrent PNG differs: %s", c.name, msg)
				}
				if !bytes.Equal(Board(c.pos, Options{Events: c.events}).Pix, wantPix[i]) {
					errs <- fmt.Errorf("%s: a concurrent Board differs", c.name)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for g := range fresh {
		if samePNG(fresh[g], fresh[0]) != "" {
			t.Errorf("goroutine %d drew a new scale differently", g)
		}
	}
}

// benchPosition returns variant id after up to ten plies, each the middle
// legal move, with the last move's events: a typical board to post.
func benchPosition(id string) (engine.Position, []engine.Event) {
	p := engine.MustNew(id, nil).Start()
	var ev []engine.Event
	for range 10 {
		ms := p.Moves()
		if len(ms) == 0 {
			break
		}
		q, e, err := p.PlayEvents(ms[len(ms)/2])
		if err != nil {
			break
		}
		p, ev = q, e
	}
	return p, ev
}

func BenchmarkBoard(b *testing.B) {
	for _, v := range engine.Variants() {
		p, ev := benchPosition(v.ID)
		b.Run(v.ID, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = Board(p, Options{Events: ev})
			}
		})
	}
}

// BenchmarkPNG is the whole cost of a board the bot posts: draw, quantize,
// encode. It reports the PNG's size.
func BenchmarkPNG(b *testing.B) {
	for _, v := range engine.Variants() {
		p, ev := benchPosition(v.ID)
		b.Run(v.ID, func(b *testing.B) {
			b.ReportAllocs()
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := PNG(&buf, p, Options{Events: ev}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes")
		})
	}
}
