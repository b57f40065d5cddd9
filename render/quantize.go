package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"math"
	"slices"
)

// paletteSize is the number of colours in a PNG's palette. A board has
// about 25 flat colours; the rest go to the commonest anti-aliasing shades.
// 128 colours look the same as 256 and make the file about a tenth smaller.
const paletteSize = 128

// quantize converts an opaque board to a paletted image for a small PNG.
//
// A board has a few dozen flat colours plus the anti-aliased blends along
// edges: a hundred colours or so cover all but a few thousand pixels. The
// palette is the paletteSize most used colours (so every flat colour is
// exact), and each rarer colour, always an edge pixel, takes the nearest
// palette entry. Near twins among the palette's colours are then merged
// (see mergeNear).
// Counting is memoised per run of equal pixels, so the cost is in the edges,
// not the area: the pixels are read once, into runs, and the paletted image
// is written from the runs. dst and runs are reused when they fit.
func quantize(src *image.RGBA, dst *image.Paletted, runs []pixelRun) (*image.Paletted, []pixelRun) {
	q := quantizer{pal: dst, runs: runs}
	return q.quantize(src), q.runs
}

// quantizer is quantize's scratch space: the paletted image, the runs, the
// colour table and the sort order. (PNG's boards go through
// boardEncoder, pngboard.go, which keeps its own between calls.)
type quantizer struct {
	pal   *image.Paletted
	runs  []pixelRun
	t     colorTable
	order []uint64
}

// quantize is [quantize] with q's buffers; the image returned is q's and is
// overwritten by the next call.
func (q *quantizer) quantize(src *image.RGBA) *image.Paletted {
	b := src.Rect
	if q.pal == nil || q.pal.Rect != b {
		q.pal = image.NewPaletted(b, nil)
	}
	q.t.reset()
	q.runs = splitRuns(src, &q.t, q.runs[:0])
	q.pal.Palette, q.order = choosePaletteInto(&q.t, paletteSize, q.pal.Palette[:0], q.order[:0], true)
	writeRuns(q.pal, &q.t, q.runs)
	return q.pal
}

// splitRuns splits every row of src into runs of equal pixels, appending
// them to runs and counting the colours in t. Boards are mostly flat, so
// the scan compares two pixels at a time while they continue the run.
func splitRuns(src *image.RGBA, t *colorTable, runs []pixelRun) []pixelRun {
	b := src.Rect
	w, h := b.Dx(), b.Dy()
	if w == 0 || h == 0 {
		return runs
	}
	for y := range h {
		row := src.Pix[y*src.Stride : y*src.Stride+4*w]
		prev, start := binary.LittleEndian.Uint32(row), 0
		pair := uint64(prev) | uint64(prev)<<32
		for x := 4; x < len(row); {
			if x+8 <= len(row) && binary.LittleEndian.Uint64(row[x:x+8]) == pair {
				x += 8
				continue
			}
			if c := binary.LittleEndian.Uint32(row[x : x+4]); c != prev {
				runs = append(runs, pixelRun{prev, int32(x/4 - start), t.add(prev, int32(x/4-start))})
				prev, start = c, x/4
				pair = uint64(prev) | uint64(prev)<<32
			}
			x += 4
		}
		runs = append(runs, pixelRun{prev, int32(w - start), t.add(prev, int32(w-start))})
	}
	return runs
}

// choosePalette returns the size colours of t used most (size at most
// paletteSize), ties broken by value so the result is deterministic, and
// records in t the palette index of every colour: its own, or the nearest
// palette colour's. Sorting (count, key) packed in a word is much faster than sorting slots
// with a comparison function. Near twins are not merged: the animations
// use it, whose frames must be exactly the boards in the GIF's colours.
func choosePalette(t *colorTable, size int) color.Palette {
	pal, _ := choosePaletteInto(t, size, nil, nil, false)
	return pal
}

// choosePaletteInto is choosePalette appending to pal (which must be
// empty), with order as scratch space, and merging the palette's near
// twins if merge (see mergeNear); it returns both. Only the colours used
// at least as often as the size-th commonest (found with a histogram of
// the counts) are sorted.
func choosePaletteInto(t *colorTable, size int, pal color.Palette, order []uint64, merge bool) (color.Palette, []uint64) {
	var near nearestIndex
	var merged [paletteSize]uint8
	pal, order = pickPalette(t, size, pal, order, &near, &merged, merge)
	for i, k := range t.key {
		if k != 0 && !t.chosen[i] {
			t.index[i] = merged[near.nearest(k)]
		}
	}
	return pal, order
}

// pickPalette is choosePaletteInto without the indices of the colours
// left out of the palette: it records in t the index of every palette
// colour (t.chosen marks them), makes near the palette's search for the
// others, and, if merge, merges the palette's near twins (mergeNear): a
// colour that near finds at index i is drawn with index merged[i] of the
// palette returned (i itself without merge). pal must be empty.
func pickPalette(t *colorTable, size int, pal color.Palette, order []uint64, near *nearestIndex, merged *[paletteSize]uint8, merge bool) (color.Palette, []uint64) {
	n := min(t.n, size, paletteSize)
	least := int32(0)
	if n > 0 && n < t.n {
		least = nthCount(t, n)
	}
	for i, k := range t.key {
		if k != 0 && t.count[i] >= least {
			order = append(order, packCount(t.count[i], k))
		}
	}
	slices.Sort(order)
	return fillPalette(order[:n], pal, near, merged, merge, t), order
}

// fillPalette makes the palette of the colours in order (packCount's
// words, commonest first): it appends them to pal (which must be empty),
// makes near their search, merges their near twins if merge (mergeNear;
// merged is the identity without it), and marks each of them in tables
// with the index it is drawn with (chosen; the others' marks are
// cleared). It returns the palette.
func fillPalette(order []uint64, pal color.Palette, near *nearestIndex, merged *[paletteSize]uint8, merge bool, tables ...*colorTable) color.Palette {
	for _, t := range tables {
		clear(t.chosen)
	}
	near.n = 0
	for i, v := range order {
		k := uint32(v)
		pal = append(pal, color.RGBA{uint8(k), uint8(k >> 8), uint8(k >> 16), uint8(k >> 24)})
		near.add(k, uint8(i))
	}
	near.sort()
	if merge {
		pal = mergeNear(pal, merged)
	} else {
		for i := range merged {
			merged[i] = uint8(i)
		}
	}
	for i, v := range order {
		k := uint32(v)
		for _, t := range tables {
			if j := t.find(k); t.key[j] == k {
				t.index[j], t.chosen[j] = merged[i], true
			}
		}
	}
	return pal
}

// nearDelta is how far apart, at most, two palette colours may be in each
// channel (out of 255) to be merged (mergeNear). No eye tells them apart:
// it is the golden images' own tolerance.
const nearDelta = 2

// mergeNear merges the near twins of pal, a palette sorted commonest
// first: a colour within nearDelta in every channel of a commoner colour
// that is kept is dropped, and its pixels take that colour. A board's 128
// colours hold some 40 to 60 such twins, anti-aliasing shades a step or
// two apart; merging them makes its PNG 5 to 10 % smaller and moves no
// pixel by more than nearDelta. It returns the kept colours, in pal's
// order and in pal's storage, and sets merged[i] to the index among them
// that pal[i] is drawn with.
func mergeNear(pal color.Palette, merged *[paletteSize]uint8) color.Palette {
	kept := pal[:0] // kept is never longer than the colours read so far
	for i, c := range pal {
		ci := c.(color.RGBA)
		j := slices.IndexFunc(kept, func(k color.Color) bool {
			kc := k.(color.RGBA)
			return near8(ci.R, kc.R) && near8(ci.G, kc.G) && near8(ci.B, kc.B)
		})
		if j < 0 {
			j = len(kept)
			kept = append(kept, c)
		}
		merged[i] = uint8(j)
	}
	return kept
}

// near8 reports whether a and b are at most nearDelta apart.
func near8(a, b uint8) bool { return int(a)-int(b) <= nearDelta && int(b)-int(a) <= nearDelta }

// nthCount returns the count of t's n-th commonest colour (n at most t.n),
// capped at countCap, found with a histogram of the counts.
func nthCount(t *colorTable, n int) int32 {
	var hist [countCap + 1]int32
	for i, k := range t.key {
		if k != 0 {
			hist[min(t.count[i], countCap)]++
		}
	}
	var above int32
	for c := int32(countCap); c >= 0; c-- {
		if above += hist[c]; above >= int32(n) {
			return c
		}
	}
	return 0
}

// packCount packs a colour and its count in a word that sorts the
// commonest colours first, ties by colour.
func packCount(count int32, k uint32) uint64 {
	return uint64(math.MaxUint32-uint32(count))<<32 | uint64(k)
}

// countCap caps the counts in choosePaletteInto's histogram: colours used
// more often share its last bucket.
const countCap = 4095

// writeRuns writes the paletted pixels of dst from runs, which cover it row
// by row (each row's runs add up to its width), with the indices of t.
func writeRuns(dst *image.Paletted, t *colorTable, runs []pixelRun) {
	if t.grows > 0 { // the slots recorded by splitRuns may have moved
		for i := range runs {
			runs[i].slot = int32(t.find(runs[i].key))
		}
	}
	w, h := dst.Rect.Dx(), dst.Rect.Dy()
	i := 0
	for y := range h {
		out := dst.Pix[y*dst.Stride : y*dst.Stride+w]
		for x := 0; x < w; i++ {
			r := runs[i]
			idx := t.index[r.slot]
			seg := out[x : x+int(r.n)]
			if len(seg) < 16 {
				for j := range seg {
					seg[j] = idx
				}
			} else {
				seg[0] = idx
				for k := 1; k < len(seg); k *= 2 {
					copy(seg[k:], seg[:k])
				}
			}
			x += int(r.n)
		}
	}
}

// pixelRun is a run of equal pixels within a row.
type pixelRun struct {
	key  uint32 // the pixel, RGBA little endian
	n    int32
	slot int32 // key's slot in the colour table, unless the table grew since
}

// nearestIndex finds the palette colour closest to a colour, weighting
// green most as the eye does. The palette is kept sorted by green, so a
// search starts at the colour's own green and stops once green alone is
// further than the best match: a few comparisons instead of the whole
// palette.
type nearestIndex struct {
	n       int
	r, g, b [paletteSize]int32
	idx     [paletteSize]uint8
	// from[g] is the first entry with green at least g (n if none): the
	// search's start, made by sort.
	from [256]uint8
}

func (p *nearestIndex) add(k uint32, i uint8) {
	p.r[p.n], p.g[p.n], p.b[p.n], p.idx[p.n] = int32(uint8(k)), int32(uint8(k>>8)), int32(uint8(k>>16)), i
	p.n++
}

// sort orders the entries by green, then by palette index.
func (p *nearestIndex) sort() {
	perm := make([]int, p.n)
	for i := range perm {
		perm[i] = i
	}
	slices.SortFunc(perm, func(a, b int) int {
		if p.g[a] != p.g[b] {
			return int(p.g[a] - p.g[b])
		}
		return int(p.idx[a]) - int(p.idx[b])
	})
	q := *p
	for i, j := range perm {
		p.r[i], p.g[i], p.b[i], p.idx[i] = q.r[j], q.g[j], q.b[j], q.idx[j]
	}
	i := 0
	for g := range p.from {
		for i < p.n && p.g[i] < int32(g) {
			i++
		}
		p.from[g] = uint8(i)
	}
}

func (p *nearestIndex) nearest(k uint32) uint8 {
	r, g, b := int32(uint8(k)), int32(uint8(k>>8)), int32(uint8(k>>16))
	pg := p.g[:p.n]
	hi := int(p.from[g]) // the first entry with green >= g
	lo := hi - 1
	best, bestD := 0, int32(math.MaxInt32)
	try := func(i int) {
		dr, dg, db := r-p.r[i], g-p.g[i], b-p.b[i]
		// Ties go to the lower palette index, whichever way the search
		// reached them.
		if d := 2*dr*dr + 4*dg*dg + 3*db*db; d < bestD || d == bestD && p.idx[i] < p.idx[best] {
			best, bestD = i, d
		}
	}
	for lo >= 0 || hi < p.n {
		if hi < p.n {
			if dg := pg[hi] - g; 4*dg*dg > bestD {
				hi = p.n
			} else {
				try(hi)
				hi++
			}
		}
		if lo >= 0 {
			if dg := g - pg[lo]; 4*dg*dg > bestD {
				lo = -1
			} else {
				try(lo)
				lo--
			}
		}
	}
	return p.idx[best]
}

// colorTable is an open-addressing hash set of pixel values with counts: a
// board has a few thousand distinct colours, and a map would cost several
// times as much. Keys are never 0, because the boards are opaque.
type colorTable struct {
	key    []uint32
	count  []int32
	index  []uint8
	chosen []bool // in the palette (choosePaletteInto)
	n      int
	grows  int // since init or reset: slots recorded before moved
}

func (t *colorTable) init() {
	t.grow(1 << 13)
	t.grows = 0
}

// reset empties t, keeping its size (init's if it has none).
func (t *colorTable) reset() {
	if t.key == nil {
		t.init()
		return
	}
	clear(t.key)
	clear(t.count)
	t.n, t.grows = 0, 0
}

func (t *colorTable) grow(size int) {
	old, oldCount := t.key, t.count
	t.key, t.count, t.index, t.chosen, t.n = make([]uint32, size), make([]int32, size), make([]uint8, size), make([]bool, size), 0
	t.grows++
	for i, k := range old {
		if k != 0 {
			t.add(k, oldCount[i])
		}
	}
}

func (t *colorTable) find(k uint32) int {
	mask := len(t.key) - 1
	i := int((k*0x9e3779b1)>>15) & mask
	for t.key[i] != k && t.key[i] != 0 {
		i = (i + 1) & mask
	}
	return i
}

// add counts n more pixels of colour k and returns its slot.
func (t *colorTable) add(k uint32, n int32) int32 {
	if k == 0 {
		k = 1 // a transparent black pixel; cannot happen on a board
	}
	i := t.find(k)
	if t.key[i] == 0 {
		if 2*(t.n+1) > len(t.key) {
			t.grow(2 * len(t.key))
			i = t.find(k)
		}
		t.key[i] = k
		t.n++
	}
	t.count[i] += n
	return int32(i)
}
