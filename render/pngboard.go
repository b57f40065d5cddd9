package render

import (
	"bytes"
	stdflate "compress/flate"
	"encoding/binary"
	"github.com/mancala-bot/mancala/engine"
	"image"
	"io"
	"slices"
	"sync/atomic"

	"github.com/klauspost/compress/flate"
)

// A board on two cores.
//
// encode's quantization and deflate are most of a board's time, and both
// work row by row: the image is cut into two bands of rows, and each
// band's colours are counted, its pixels mapped to the palette and its
// rows deflated on a goroutine of its own. Only the palette, which needs
// every colour's count, is chosen in between, from the two bands' counts
// added up. The palette and the pixels are exactly quantize's: they depend
// on the counts and the colours, not on the order they were counted in.
//
// The bands' deflate streams are joined into the PNG's one zlib stream:
// the first band's ends with a sync flush (an empty stored block, which
// ends on a byte boundary without ending the stream), the second band's is
// closed, and the zlib header and the checksum of all the rows (the two
// bands' Adler-32 combined) are written here.

// splitPixels is the size of image, in pixels, from which encode uses two
// bands: below it a second goroutine costs more than it saves. Every board
// at the bot's scale is above it.
const splitPixels = 1 << 16

// encoding counts the boards being encoded (PNG) in the process. Two bands
// cost a little more CPU in all (about 4 %: the goroutine, the candidates,
// the colours mapped in both bands) for a board sooner, which pays only
// when a core would otherwise be idle: a board encoded while another is
// keeps to one band, so a busy process (many channels) spends no more
// per board than before.
var encoding atomic.Int32

// A board is deflated at the fastest level first, and again, harder, when
// that leaves it over bigPNG (sizes of boards with the players' names;
// TestBusyBoardSizes and BenchmarkBoardSizes measure them):
//
//   - at most hopePNG (busy Togyz, Congkak, Gabata and Tshuba boards, 28
//     to 35 KB): at betterLevel (klauspost's 6), about 15 % smaller for
//     about twice the deflate time (a millisecond or two);
//   - at most hopeBest (Bao, Selus, Sulus, Ruma and Tshuba boards of 35 to
//     39 KB), or still over limitPNG at betterLevel: at bestLevel (the
//     standard library's 8, whose longer match search saves 19 to 25 %),
//     the only level fast enough for a move that brings them under
//     limitPNG (klauspost's 8 leaves a 38 KB Bao board at 31 KB), for 10 to
//     13 ms a band. Boards of up to 37 KB come out under it, and 53 of
//     the 85 of 37 to 39 KB in BenchmarkBoardSizes' games;
//   - bigger (most Bao, Bao kujifunza and Ruma boards in mid-game, 40 to
//     45 KB): at betterLevel, to 33 to 41 KB, since no level fast enough
//     for a move brings them under limitPNG (bestLevel leaves a 40 KB
//     board at 31 KB, and the standard library's 9 a 43 KB Ruma board at
//     33 KB, for 36 ms a band).
//
// The boards of Kalah and Oware stay under bigPNG at the fastest level.
//
// These are the thresholds for a board whose limit (its variant's
// engine.Variant.BoardBytes) is limitPNG, 30 KB, the two-row boards'. A
// board of four rows or four seats may take 45 KB: its thresholds are
// those moved by the difference (sizesFor), so that most of them stay at
// the fastest level, and the others are deflated harder only as far as
// they must to come under their own limit. The pictures are the same.
const (
	bigPNG      = 28 << 10
	hopePNG     = 35 << 10
	hopeBest    = 39 << 10
	limitPNG    = engine.SmallBoardBytes
	betterLevel = 6
	bestLevel   = 8
)

// boardEncoder is encode's reusable state (kept in the canvas): the
// bands, the palette's colour table, the paletted image with its filter
// bytes, and the output buffers.
type boardEncoder struct {
	bands  [2]band
	order  []uint64           // the palette's candidates (choose)
	near   nearestIndex       // the palette's search for the other colours
	merged [paletteSize]uint8 // the index each of near's colours is drawn with (mergeNear)
	// filtered is the PNG's rows as deflate reads them: each row's filter
	// byte (0: none) and its pixels; pal's Pix is filtered[1:], with a
	// stride one more than the width, so mapping the pixels writes them.
	filtered []byte
	pal      *image.Paletted
	idat     bytes.Buffer
	out      bytes.Buffer
	plte     []byte
	// level is the deflate level of the last image (flate.BestSpeed,
	// betterLevel or bestLevel); fastSize its size at the fastest level
	// (for the tests and benchmarks).
	level, fastSize int
	// limit is the size the next images should stay under (the variant's
	// BoardBytes); 0 means limitPNG.
	limit int
}

// pngSizes are encode's thresholds for one limit (see the constants).
type pngSizes struct{ big, hope, hopeBest, limit int }

// sizesFor returns the thresholds for boards whose limit is limit bytes
// (0: limitPNG): the constants' moved by limit-limitPNG.
func sizesFor(limit int) pngSizes {
	if limit <= 0 {
		limit = limitPNG
	}
	d := limit - limitPNG
	return pngSizes{big: bigPNG + d, hope: hopePNG + d, hopeBest: hopeBest + d, limit: limit}
}

// band is one band of rows: its runs of equal pixels, its colours (with
// their palette indices once chosen), and its share of the zlib stream.
type band struct {
	y0, y1 int // rows y0 to y1-1
	runs   []pixelRun
	t      colorTable
	least  int32 // the count of its paletteSize-th commonest colour (nthCount), 0 if it has fewer
	// fw deflates at the fastest level, better at betterLevel and best at
	// bestLevel (each made when first needed); z is the deflate stream,
	// adler the rows' checksum.
	fw, better *flate.Writer
	best       *stdflate.Writer
	z          bytes.Buffer
	adler      uint32
	err        error
}

// encode writes src, an opaque board, as a paletted PNG to w with a single
// Write: the pixels and palette of quantize(src), deflated as described
// above, in two bands if split and src has at least splitPixels. The
// image is e's until the next call.
func (e *boardEncoder) encode(w io.Writer, src *image.RGBA, split bool) error {
	width, height := src.Rect.Dx(), src.Rect.Dy()
	e.prepare(src.Rect)
	n := 1
	if split && width*height >= splitPixels && height >= 2 {
		n = 2
	}
	bands := e.bands[:n]
	bands[0].y0, bands[0].y1 = 0, height/n
	if n == 2 {
		bands[1].y0, bands[1].y1 = height/2, height
	}
	if n == 1 {
		bands[0].count(src, false)
		e.choose(bands)
		bands[0].mapPixels(e)
		bands[0].deflate(e, flate.BestSpeed, true)
	} else {
		// The second band runs on its own goroutine: counted when its
		// colours are counted, then chosen (the palette) lets it map and
		// deflate its rows, done when it has.
		counted, chosen, done := make(chan struct{}), make(chan struct{}), make(chan struct{})
		go func() {
			defer close(done)
			bands[1].count(src, true)
			close(counted)
			<-chosen
			bands[1].mapPixels(e)
			bands[1].deflate(e, flate.BestSpeed, true)
		}()
		bands[0].count(src, true)
		<-counted
		e.choose(bands)
		close(chosen)
		bands[0].mapPixels(e)
		bands[0].deflate(e, flate.BestSpeed, false)
		<-done
	}
	e.level, e.fastSize = flate.BestSpeed, pngSize(bands, len(e.pal.Palette))
	if z := sizesFor(e.limit); e.fastSize > z.big {
		e.level = betterLevel
		if e.fastSize > z.hope && e.fastSize <= z.hopeBest {
			e.level = bestLevel
		}
		deflateBands(e, bands, e.level)
		if e.level == betterLevel && e.fastSize <= z.hopeBest && pngSize(bands, len(e.pal.Palette)) > z.limit {
			e.level = bestLevel
			deflateBands(e, bands, bestLevel)
		}
	}
	for i := range bands {
		if bands[i].err != nil {
			return bands[i].err
		}
	}
	return e.write(w, width, height, bands)
}

// prepare makes e's paletted image (with its filter bytes) of size r,
// unless it has one.
func (e *boardEncoder) prepare(r image.Rectangle) {
	if e.pal != nil && e.pal.Rect == r {
		return
	}
	w, h := r.Dx(), r.Dy()
	// The filter bytes stay 0: mapping the pixels writes only pixels.
	e.filtered = make([]byte, h*(w+1))
	e.pal = &image.Paletted{Pix: e.filtered[1:], Stride: w + 1, Rect: r}
}

// count splits the band's rows of src into runs, counts its colours and,
// if least, finds b.least (for choose, when there are two bands).
func (b *band) count(src *image.RGBA, least bool) {
	r := src.Rect
	sub := src.SubImage(image.Rect(r.Min.X, r.Min.Y+b.y0, r.Max.X, r.Min.Y+b.y1)).(*image.RGBA)
	b.t.reset()
	b.runs = splitRuns(sub, &b.t, b.runs[:0])
	b.least = 0
	if least && b.t.n >= paletteSize {
		b.least = nthCount(&b.t, paletteSize)
	}
}

// choose picks the palette from the bands' colours, as quantize does from
// the whole image's, and marks the palette's colours in each band's table
// with their indices; each band then gives its other colours theirs
// (index).
//
// The palette is the paletteSize commonest colours by their counts in both
// bands added up, and only a few hundred colours can be among them: a
// colour of the palette is used at least as often as the paletteSize-th
// commonest colour of either band (least, a lower bound when capped), so
// it is used at least half that often in one of the bands. Those are the
// candidates, with their counts added up.
func (e *boardEncoder) choose(bands []band) {
	if len(bands) == 1 {
		e.pal.Palette, e.order = pickPalette(&bands[0].t, paletteSize, e.pal.Palette[:0], e.order[:0], &e.near, &e.merged, true)
		return
	}
	t0, t1 := &bands[0].t, &bands[1].t
	// Every colour is a candidate when a band has fewer colours than the
	// palette (its least is 0).
	atLeast := int32(1)
	if bands[0].least > 0 && bands[1].least > 0 {
		atLeast = max(1, max(bands[0].least, bands[1].least)/2)
	}
	order := e.order[:0]
	for j, k := range t0.key {
		if k != 0 && t0.count[j] >= atLeast {
			order = append(order, packCount(t0.count[j]+t1.count[t1.find(k)], k))
		}
	}
	for j, k := range t1.key {
		if k != 0 && t1.count[j] >= atLeast {
			if c0 := t0.count[t0.find(k)]; c0 < atLeast { // not a candidate of band 0's
				order = append(order, packCount(t1.count[j]+c0, k))
			}
		}
	}
	slices.Sort(order)
	e.order = order
	e.pal.Palette = fillPalette(order[:min(len(order), paletteSize)], e.pal.Palette[:0], &e.near, &e.merged, true, t0, t1)
}

// index gives every colour of the band that is not in the palette the
// index of the nearest palette colour, as quantize does.
func (b *band) index(e *boardEncoder) {
	t := &b.t
	for j, k := range t.key {
		if k != 0 && !t.chosen[j] {
			t.index[j] = e.merged[e.near.nearest(k)]
		}
	}
}

// mapPixels writes the band's pixels into e's paletted image and sums its
// rows, with their filter bytes, into b.adler.
func (b *band) mapPixels(e *boardEncoder) {
	b.index(e)
	r := e.pal.Rect
	writeRuns(e.pal.SubImage(image.Rect(r.Min.X, r.Min.Y+b.y0, r.Max.X, r.Min.Y+b.y1)).(*image.Paletted), &b.t, b.runs)
	b.adler = runsAdler32(&b.t, b.runs, r.Dx())
}

// runsAdler32 is the Adler-32 checksum of the PNG rows of runs (as
// writeRuns wrote them, with t's indices): each row a filter byte 0 and
// its pixels. A run of n equal bytes v adds n·v to the checksum's first
// sum and, to the second, n times the first sum before it plus
// v·n·(n+1)/2, so the checksum costs a few multiplications a run instead
// of a few additions a pixel. The sums are reduced once a row: a row adds
// at most 255·width to the first and less than 2^18·width² to the second,
// far from overflowing.
func runsAdler32(t *colorTable, runs []pixelRun, width int) uint32 {
	const mod = 65521
	var s1, s2 uint64 = 1, 0
	x := width // a row ends where the next begins: its filter byte
	for _, r := range runs {
		if x == width {
			s1, s2 = s1%mod, s2%mod
			s2 += s1 // the filter byte, 0
			x = 0
		}
		n, v := uint64(r.n), uint64(t.index[r.slot])
		s2 += n*s1 + v*n*(n+1)/2
		s1 += n * v
		x += int(r.n)
	}
	return uint32(s2%mod)<<16 | uint32(s1%mod)
}

// deflate deflates the band's rows, with their filter bytes, at level
// into b.z, closing the stream if last, else ending it with a sync flush,
// (mapPixels sums them).
func (b *band) deflate(e *boardEncoder, level int, last bool) {
	stride := e.pal.Rect.Dx() + 1
	rows := e.filtered[b.y0*stride : b.y1*stride]
	b.z.Reset()
	fw, err := b.writer(level)
	if err != nil {
		b.err = err
		return
	}
	fw.Reset(&b.z)
	if _, err := fw.Write(rows); err != nil {
		b.err = err
		return
	}
	if last {
		b.err = fw.Close()
	} else {
		b.err = fw.Flush()
	}
}

// deflateBands deflates the bands again at level, the second band on a
// goroutine of its own.
func deflateBands(e *boardEncoder, bands []band, level int) {
	if len(bands) == 1 {
		bands[0].deflate(e, level, true)
		return
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		bands[1].deflate(e, level, true)
	}()
	bands[0].deflate(e, level, false)
	<-done
}

// pngSize is the size of the PNG of the deflated bands with a palette of
// colours: signature, IHDR, PLTE, IDAT (zlib header, the streams,
// checksum) and IEND.
func pngSize(bands []band, colours int) int {
	n := 8 + 25 + 12 + 3*colours + 12 + 2 + 4 + 12
	for i := range bands {
		n += bands[i].z.Len()
	}
	return n
}

// deflater is what band.deflate needs of a deflate writer: klauspost's
// and the standard library's have the same methods.
type deflater interface {
	io.WriteCloser
	Flush() error
	Reset(io.Writer)
}

// writer returns the band's deflater for level (the fastest, betterLevel
// or bestLevel), made on first use.
func (b *band) writer(level int) (deflater, error) {
	if level == bestLevel {
		if b.best == nil {
			fw, err := stdflate.NewWriter(io.Discard, bestLevel)
			if err != nil {
				return nil, err
			}
			b.best = fw
		}
		return b.best, nil
	}
	w := &b.fw
	if level != flate.BestSpeed {
		w = &b.better
	}
	if *w == nil {
		fw, err := flate.NewWriter(io.Discard, level)
		if err != nil {
			return nil, err
		}
		*w = fw
	}
	return *w, nil
}

// write writes the PNG of e's paletted image, whose bands are deflated,
// to w.
func (e *boardEncoder) write(w io.Writer, width, height int, bands []band) error {
	e.idat.Reset()
	e.idat.Write([]byte{0x78, 0x01}) // zlib: deflate, 32 KB window, no dictionary
	adler := uint32(1)
	for i := range bands {
		e.idat.Write(bands[i].z.Bytes())
		adler = adler32Combine(adler, bands[i].adler, (bands[i].y1-bands[i].y0)*(width+1))
	}
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], adler)
	e.idat.Write(sum[:])

	e.plte = plteBytes(e.plte[:0], e.pal.Palette)
	return writePalettedPNG(w, &e.out, width, height, e.plte, e.idat.Bytes())
}

// adler32Combine returns the Adler-32 checksum of the bytes whose checksum
// is a followed by n bytes whose checksum is b (zlib's adler32_combine).
func adler32Combine(a, b uint32, n int) uint32 {
	const mod = 65521
	rem := uint32(n % mod)
	s1 := a & 0xffff
	s2 := rem * s1 % mod
	s1 += b&0xffff + mod - 1
	s2 += a>>16 + b>>16 + mod - rem
	if s1 >= mod {
		s1 -= mod
	}
	if s1 >= mod {
		s1 -= mod
	}
	if s2 >= 2*mod {
		s2 -= 2 * mod
	}
	if s2 >= mod {
		s2 -= mod
	}
	return s1 | s2<<16
}
