package render

import (
	"bytes"
	"fmt"
	"hash/adler32"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/klauspost/compress/flate"
	"github.com/mancala-bot/mancala/engine"
)

// busyPosition plays plies moves of id from the start (a spread of
// choices, not the engine's first), for a board with seeds everywhere.
func busyPosition(id string, plies int) (engine.Position, []engine.Event) {
	p := engine.MustNew(id, nil).Start()
	var ev []engine.Event
	for i := range plies {
		ms := p.Moves()
		if len(ms) == 0 {
			break
		}
		q, e, err := p.PlayEvents(ms[i*7%len(ms)])
		if err != nil {
			break
		}
		p, ev = q, e
	}
	return p, ev
}

// encodeCase is a board for the encoder's tests.
type encodeCase struct {
	name string
	pos  engine.Position
	opts Options
}

// encodeCases are the golden cases and, for every variant, a busy board
// with names at the bot's scale and a small one (a quarter of the scale:
// one band).
func encodeCases(t *testing.T) []encodeCase {
	var cs []encodeCase
	for _, c := range goldenCases(t) {
		cs = append(cs, encodeCase{c.name, c.pos, Options{Events: c.events, Scale: c.scale, Names: c.names, Status: c.status}})
	}
	names := [2]string{"Alice Longname", "Bob"}
	for _, v := range engine.Variants() {
		p, ev := busyPosition(v.ID, 30)
		cs = append(cs,
			encodeCase{v.ID + "_busy", p, Options{Events: ev, Names: names}},
			encodeCase{v.ID + "_small", p, Options{Events: ev, Scale: 0.25}})
	}
	return cs
}

// TestBoardEncoder: what PNG writes (in two bands, deflated again when
// big), image/png reads back as exactly the palette and pixels of
// quantize, the encoder they had before, for every golden case and a busy
// and a small board of every variant, encoded one after the other with
// one encoder (of changing sizes). The cases include both one and two
// bands (small boards, and big ones as when another board is being
// encoded), and boards deflated again at the better and the best level.
func TestBoardEncoder(t *testing.T) {
	var e boardEncoder
	var bands [4]int // boards in one band, in two, deflated again, at bestLevel
	for i, c := range encodeCases(t) {
		img := Board(c.pos, c.opts)
		var buf bytes.Buffer
		split := i%5 != 4 // and some big ones in one band, as when another board is being encoded
		if err := e.encode(&buf, img, split); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		want, _ := quantize(img, nil, nil)
		if msg := samePaletted(buf.Bytes(), want); msg != "" {
			t.Errorf("%s: %s", c.name, msg)
		}
		if n := img.Rect.Dx() * img.Rect.Dy(); n < splitPixels || !split {
			bands[0]++
		} else {
			bands[1]++
		}
		if e.level != flate.BestSpeed {
			bands[2]++
			if buf.Len() >= e.fastSize {
				t.Errorf("%s: %d bytes at level %d, %d at the fastest", c.name, buf.Len(), e.level, e.fastSize)
			}
		}
		if e.level == bestLevel {
			bands[3]++
		}
		if want := levelsFor(e.fastSize); !slices.Contains(want, e.level) {
			t.Errorf("%s: %d bytes at the fastest level, deflated at level %d, want one of %v", c.name, e.fastSize, e.level, want)
		}
	}
	if bands[0] == 0 || bands[1] == 0 || bands[2] == 0 || bands[3] == 0 {
		t.Errorf("%d boards in one band, %d in two, %d deflated again, %d of them at the best level: want some of each",
			bands[0], bands[1], bands[2], bands[3])
	}
}

// levelsFor is the deflate levels a board of fast bytes at the fastest
// level may end at (the better level's own size decides between the two
// in the middle).
func levelsFor(fast int) []int {
	switch {
	case fast <= bigPNG:
		return []int{flate.BestSpeed}
	case fast <= hopePNG:
		return []int{betterLevel, bestLevel}
	case fast <= hopeBest:
		return []int{bestLevel}
	default:
		return []int{betterLevel}
	}
}

// samePaletted decodes data with image/png and describes how it differs
// from want ("" if it has the same size, palette and pixels).
func samePaletted(data []byte, want *image.Paletted) string {
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return err.Error()
	}
	got, ok := img.(*image.Paletted)
	if !ok {
		return fmt.Sprintf("decoded as %T", img)
	}
	if got.Rect != want.Rect {
		return fmt.Sprintf("size %v, want %v", got.Rect, want.Rect)
	}
	if len(got.Palette) != len(want.Palette) {
		return fmt.Sprintf("%d colours, want %d", len(got.Palette), len(want.Palette))
	}
	for i := range want.Palette {
		r1, g1, b1, a1 := got.Palette[i].RGBA()
		r2, g2, b2, a2 := want.Palette[i].RGBA()
		if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
			return fmt.Sprintf("colour %d is %v, want %v", i, got.Palette[i], want.Palette[i])
		}
	}
	w := want.Rect.Dx()
	for y := range want.Rect.Dy() {
		if !bytes.Equal(got.Pix[y*got.Stride:y*got.Stride+w], want.Pix[y*want.Stride:y*want.Stride+w]) {
			return fmt.Sprintf("row %d differs", y)
		}
	}
	return ""
}

// samePNG describes how PNG data differs in pixels or palette from PNG
// want ("" if it does not).
func samePNG(data, want []byte) string {
	img, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		return "want: " + err.Error()
	}
	w, ok := img.(*image.Paletted)
	if !ok {
		return fmt.Sprintf("want decoded as %T", img)
	}
	return samePaletted(data, w)
}

// TestAdler32Combine: the checksum of two pieces combined is the
// checksum of the whole, for pieces of every length up to past the
// modulus, empty ones and large sums included.
func TestAdler32Combine(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	data := make([]byte, 200_000)
	for i := range data {
		data[i] = byte(rng.IntN(256))
	}
	data[5000], data[5001] = 0xff, 0xff
	for _, cut := range []int{0, 1, 2, 100, 65520, 65521, 65522, 100_000, 199_999, 200_000} {
		for _, end := range []int{cut, cut + 1, cut + 65521, cut + 70000, len(data)} {
			if end > len(data) {
				continue
			}
			a, b := adler32.Checksum(data[:cut]), adler32.Checksum(data[cut:end])
			if got, want := adler32Combine(a, b, end-cut), adler32.Checksum(data[:end]); got != want {
				t.Errorf("cut %d end %d: %08x, want %08x", cut, end, got, want)
			}
		}
	}
	ff := bytes.Repeat([]byte{0xff}, 150_000)
	if got, want := adler32Combine(adler32.Checksum(ff[:70_000]), adler32.Checksum(ff[70_000:]), 80_000), adler32.Checksum(ff); got != want {
		t.Errorf("all 0xff: %08x, want %08x", got, want)
	}
}

// BenchmarkPNGBusy is BenchmarkPNG for a busy board of every variant with
// the players' names, as the bot posts them mid-game: the biggest PNGs.
func BenchmarkPNGBusy(b *testing.B) {
	for _, v := range engine.Variants() {
		p, ev := busyPosition(v.ID, 30)
		o := Options{Events: ev, Names: [2]string{"Alice Longname", "Bob"}}
		b.Run(v.ID, func(b *testing.B) {
			b.ReportAllocs()
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := PNG(&buf, p, o); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes")
		})
	}
}

// TestBoardEncoderPalettes: the palette chosen from two bands is the one
// chosen from the whole image, on images made to test it: few colours (a
// band with fewer than the palette), many colours with counts spread
// unevenly between the bands (a colour common in one band only, or just
// under the cut in both) and ties in count.
func TestBoardEncoderPalettes(t *testing.T) {
	var e boardEncoder
	for seed := range uint64(12) {
		rng := rand.New(rand.NewPCG(seed, 7))
		img := image.NewRGBA(image.Rect(0, 0, 300, 240))
		colours := []int{20, 150, 400, 3000}[seed%4]
		key := func(i int) color.RGBA { return color.RGBA{uint8(i), uint8(i >> 8), uint8(i * 7), 255} }
		for y := range img.Rect.Dy() {
			for x := range img.Rect.Dx() {
				// Zipf-like: low numbers are common; the top and the
				// bottom half favour different colours, in runs.
				i := int(float64(colours) * rng.Float64() * rng.Float64())
				if y >= 120 && seed%3 != 0 {
					i = colours - 1 - i
				}
				if x > 0 && rng.IntN(3) > 0 {
					img.SetRGBA(x, y, img.RGBAAt(x-1, y))
					continue
				}
				img.SetRGBA(x, y, key(i))
			}
		}
		var buf bytes.Buffer
		if err := e.encode(&buf, img, true); err != nil {
			t.Fatal(err)
		}
		want, _ := quantize(img, nil, nil)
		if msg := samePaletted(buf.Bytes(), want); msg != "" {
			t.Errorf("seed %d, %d colours: %s", seed, colours, msg)
		}
	}
}

// TestPNGConcurrently: boards encoded at once from several goroutines (some
// then in one band, some in two) each decode to their own pixels.
func TestPNGConcurrently(t *testing.T) {
	ids := []string{"kalah", "togyz", "bao", "ruma"}
	errs := make(chan string, 4*len(ids))
	var wg sync.WaitGroup
	for _, id := range ids {
		p, ev := busyPosition(id, 20)
		o := Options{Events: ev, Names: [2]string{"Ann", "Bo"}}
		want, _ := quantize(Board(p, o), nil, nil)
		wg.Go(func() {
			for range 4 {
				var buf bytes.Buffer
				if err := PNG(&buf, p, o); err != nil {
					errs <- id + ": " + err.Error()
					return
				}
				if msg := samePaletted(buf.Bytes(), want); msg != "" {
					errs <- id + ": " + msg
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for msg := range errs {
		t.Error(msg)
	}
}

// TestBusyBoardSizes: every variant's board with the players' names, from
// the start to 60 plies in, encoded for its own limit (the variant's
// engine.Variant.BoardBytes: 30 KB for two rows, 45 KB for three or four
// rows or four seats), is no bigger than at the fastest level, and under
// that limit if it was at most sureBest over it there (bestLevel saves at
// least 19 % on such boards; on boards of up to hopeBest it often does,
// see BenchmarkBoardSizes).
func TestBusyBoardSizes(t *testing.T) {
	if testing.Short() {
		t.Skip("sizes, not concurrency: checked in full without -race")
	}
	const sureBest = 7 << 10 // over the limit at the fastest level
	var e boardEncoder
	for _, v := range engine.Variants() {
		e.limit = v.BoardBytes
		for _, plies := range []int{0, 5, 10, 20, 30, 40, 60} {
			p, ev := busyPosition(v.ID, plies)
			img := Board(p, Options{Events: ev, Names: [2]string{"Alice Longname", "Bob"}})
			var buf bytes.Buffer
			if err := e.encode(&buf, img, true); err != nil {
				t.Fatal(err)
			}
			if buf.Len() > e.fastSize {
				t.Errorf("%s, %d plies: %d bytes at level %d, %d at the fastest", v.ID, plies, buf.Len(), e.level, e.fastSize)
			}
			if e.fastSize <= v.BoardBytes+sureBest && buf.Len() > v.BoardBytes {
				t.Errorf("%s, %d plies: %d bytes at level %d, over its %d (%d at the fastest)", v.ID, plies, buf.Len(), e.level, v.BoardBytes, e.fastSize)
			}
		}
	}
}

// TestLimitsInTheRegistry: every variant states its board limit in its
// registry entry, by its board's shape: three or four rows or four seats
// may take 45 KB, the others (two rows, Ohojitxi's two columns) 30 KB.
func TestLimitsInTheRegistry(t *testing.T) {
	for _, v := range engine.Variants() {
		r, err := v.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		want := engine.SmallBoardBytes
		if l := r.Layout(); l.Rows == 3 || l.Rows == 4 || l.Sides == 4 {
			want = engine.LargeBoardBytes
		}
		if v.BoardBytes != want {
			t.Errorf("%s: BoardBytes %d, want %d", v.ID, v.BoardBytes, want)
		}
	}
}

// BenchmarkBoardSizes measures how often a board is over its variant's
// limit (engine.Variant.BoardBytes) in play:
// for every variant, random games (seeded, so the same each run), every
// fourth position up to 80 plies in, with the players' names. It reports
// the share of boards over the limit (over-%) and the largest (max-bytes).
// Under -short (CI runs every benchmark once) two games a variant.
func BenchmarkBoardSizes(b *testing.B) {
	games := 6
	if testing.Short() {
		games = 2
	}
	for _, v := range engine.Variants() {
		var boards []*image.RGBA
		rng := rand.New(rand.NewPCG(9, uint64(len(v.ID))))
		for range games {
			p := engine.MustNew(v.ID, nil).Start()
			for ply := range 80 {
				ms := p.Moves()
				if len(ms) == 0 {
					break
				}
				q, ev, err := p.PlayEvents(ms[rng.IntN(len(ms))])
				if err != nil {
					b.Fatal(err)
				}
				p = q
				if ply%4 == 3 {
					boards = append(boards, Board(p, Options{Events: ev, Names: [2]string{"Alice Longname", "Bob"}}))
				}
			}
		}
		if len(boards) == 0 { // a solitaire solved at once
			continue
		}
		b.Run(v.ID, func(b *testing.B) {
			e := boardEncoder{limit: v.BoardBytes}
			var buf bytes.Buffer
			over, largest := 0, 0
			for b.Loop() {
				over, largest = 0, 0
				for _, img := range boards {
					buf.Reset()
					if err := e.encode(&buf, img, true); err != nil {
						b.Fatal(err)
					}
					if buf.Len() > v.BoardBytes {
						over++
					}
					largest = max(largest, buf.Len())
				}
			}
			b.ReportMetric(100*float64(over)/float64(len(boards)), "over-%")
			b.ReportMetric(float64(largest), "max-bytes")
			b.ReportMetric(float64(len(boards)), "boards")
		})
	}
}
