package render

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/gif"
	"io"

	"github.com/mancala-bot/mancala/engine"
)

// DefaultAnimationScale is the scale [Animation] draws at when
// [Options.Scale] is 0: a Kalah animation is 590×240 px.
const DefaultAnimationScale = 0.6

// gifPaletteSize is the number of colours an animation's frames share.
// The board's two dozen flat colours all make it (they cover far more
// pixels than any anti-aliasing shade); 64 rather than 128 colours make
// the GIF about a seventh smaller at no visible cost.
const gifPaletteSize = 64

// Frame delays, in hundredths of a second.
const (
	delayFirst   = 100 // the position before, its origin pit ringed
	delayPickup  = 50
	delaySow     = 30 // a seed dropped; long moves go faster (sowBudget)
	delaySowMin  = 12
	sowBudget    = 600 // the sowing of a long move shares about 6 s
	delayRelay   = 70
	delayCapture = 80
	delayTuzdyk  = 90
	delaySwap    = 100
	delaySweep   = 40
	delayLast    = 300 // the position after, held
)

// animStep is one frame after the first: the board once events[:upto]
// have happened, the last of them being a board-changing event of kind
// acting on cell.
type animStep struct {
	upto int
	kind engine.EventKind
	cell engine.Cell
}

// animSteps picks out the events of a move that change the board, one
// frame each:
//
//   - pickup: the origin pit is emptied;
//   - sow: one seed more in a pit or store; a seed sown into a tuzdyk and
//     deposited at once (the next event) is one step, the deposit;
//   - deposit: a seed passes from a tuzdyk into its owner's store;
//   - relay: a pit is lifted to sow on;
//   - capture, sweep: a pit's seeds go into a store;
//   - tuzdyk: a pit becomes a tuzdyk (ringed; its three seeds go to the
//     store in the capture step that follows);
//   - swap: the pie rule.
//
// Extra-turn and end events change no seeds; the last frame shows them
// (whose turn it is, the crown). Events naming cells outside l are
// skipped, as the renderer ignores them.
func animSteps(l *engine.Layout, events []engine.Event) []animStep {
	has := func(c engine.Cell) bool { return int(c) < len(l.Cells) && int(c) < engine.MaxCells }
	var steps []animStep
	for i, e := range events {
		ok := false
		switch e.Kind {
		case engine.EventPickup, engine.EventCapture, engine.EventSweep:
			ok = has(e.Cell) && e.Count > 0
		case engine.EventSow:
			folded := i+1 < len(events) && events[i+1].Kind == engine.EventDeposit && events[i+1].Cell == e.Cell
			ok = has(e.Cell) && !folded
		case engine.EventDeposit, engine.EventRelay, engine.EventTuzdyk, engine.EventFill:
			ok = has(e.Cell)
		case engine.EventSwap:
			ok = true
		}
		if ok {
			c := e.Cell
			if e.Kind == engine.EventDeposit {
				c = l.Store(e.Side) // the seed's journey ends there
			}
			steps = append(steps, animStep{upto: i + 1, kind: e.Kind, cell: c})
		}
	}
	return steps
}

// MaxAnimationFrames caps the frames of one animation. A long relay move
// (Congkak, the Bao games) would otherwise make a GIF of thousands of frames,
// past what Telegram and Discord accept; past the cap, each frame shows
// several steps at once (see [Animation]).
const MaxAnimationFrames = 120

// AnimationFrames returns the number of frames [Animation] draws for a move
// from before with these events: one for the position before, plus one per
// event that changes the board (see [Animation]), the last of which shows
// the position after; a move with no such event still gets that last
// frame. It is at most [MaxAnimationFrames].
func AnimationFrames(before engine.Position, events []engine.Event) int {
	return 1 + len(frameSteps(len(animSteps(before.Rules().Layout(), events))))
}

// frameSteps lists which of n steps get a frame: all of them up to the cap,
// else every stride-th one and always the last (the position after).
func frameSteps(n int) []int { return strided(max(n, 1), MaxAnimationFrames-1) }

// strided lists at most limit (≥ 1) of the indices 0..n-1 (n ≥ 1): all of
// them when n ≤ limit, else every k-th one, k the smallest stride that
// fits, and always the last, n-1.
func strided(n, limit int) []int {
	for stride := 1; ; stride++ {
		// every stride-th index before the last, then the last
		if (n-1)/stride+1 > limit {
			continue
		}
		out := make([]int, 0, (n-1)/stride+1)
		for i := stride - 1; i < n-1; i += stride {
			out = append(out, i)
		}
		return append(out, n-1)
	}
}

// replayer applies a move's events to the state of the position before it:
// the events account for every seed, so this gives the exact board at
// every step, and at the end the position after.
type replayer struct {
	g       *geom
	s       state
	mover   engine.Side
	pending [engine.MaxCells]engine.Side // 1 + the owner of a tuzdyk being made
	extra   bool                         // an extra turn or a swap: the mover stays
	passed  engine.Side                  // 1 + the last seat that passed (Ruma)
	skipped bool                         // a side passed (EventPass): next moves
	next    engine.Side
	end     engine.Status
	ended   bool
	// sowed: an event other than a fill was applied; newRound: a fill
	// after such an event began a new round; fills: the sides that got
	// fills, in order (owner.go).
	sowed, newRound bool
	fills           []engine.Side
}

func newReplayer(before engine.Position, g *geom) *replayer {
	return &replayer{g: g, s: *stateOf(before, g, Options{}), mover: before.ToMove()}
}

func (r *replayer) apply(e engine.Event) {
	g, s := r.g, &r.s
	ok := func(c engine.Cell) bool { return g.has(c) && int(c) < engine.MaxCells }
	take := func(c engine.Cell, n int) int {
		n = min(max(n, 0), s.cells[c])
		s.cells[c] -= n
		return n
	}
	give := func(side engine.Side, n int) {
		if st := g.store(side); ok(st) {
			s.cells[st] += n
		}
	}
	switch e.Kind {
	case engine.EventPickup, engine.EventRelay:
		if ok(e.Cell) {
			take(e.Cell, e.Count)
		}
	case engine.EventSow:
		if ok(e.Cell) {
			s.cells[e.Cell]++
		}
	case engine.EventPenalty, engine.EventOut: // Ruma (square.go)
		r.applyRuma(e, take)
	case engine.EventDeposit:
		if ok(e.Cell) {
			give(e.Side, take(e.Cell, 1))
		}
	case engine.EventCapture, engine.EventSweep:
		if ok(e.Cell) {
			give(e.Side, take(e.Cell, e.Count))
			if o := r.pending[e.Cell]; o != 0 {
				s.tuzdyk[e.Cell], r.pending[e.Cell] = o, 0
			}
		}
	case engine.EventTuzdyk:
		if ok(e.Cell) && int(e.Side) < engine.MaxSides {
			r.pending[e.Cell] = e.Side + 1
		}
	case engine.EventTrap:
		if ok(e.Cell) {
			s.trap[e.Cell] = 0
			if e.Side < engine.MaxSides {
				s.trap[e.Cell] = e.Side + 1
			}
		}
	case engine.EventPass:
		if int(e.Side) < r.g.sides {
			r.skipped, r.next = true, e.Side.Next(r.g.sides)
		}
	case engine.EventSwap, engine.EventExtraTurn:
		r.extra = true
	case engine.EventEnd:
		r.end, r.ended = e.Status, true
	case engine.EventFill:
		r.fill(e)
	}
	r.sowed = r.sowed || e.Kind != engine.EventFill
}

// after returns the state once all events are applied: the position after
// the move, as far as the image shows it (seeds, tuzdyks, whose turn, how
// the game ended).
func (r *replayer) after() *state {
	s := r.s
	for c, o := range r.pending {
		if o != 0 {
			s.tuzdyk[c] = o
		}
	}
	if !r.extra && r.g.sides > 1 {
		s.toMove = (r.mover + 1) % engine.Side(r.g.sides)
		if s.ruma != nil {
			s.toMove = r.rumaNext(&s)
		}
	}
	if side, ok := r.fillTurn(); ok {
		s.toMove = side
	}
	if r.skipped {
		s.toMove = r.next
	}
	if r.ended {
		s.status = r.end
	}
	return &s
}

// firstPickup returns the events up to and including the move's first
// pick-up: what marks the origin pit on the position before (for a claim,
// which begins with a fill, the claimed pit).
func firstPickup(events []engine.Event) []engine.Event {
	for i, e := range events {
		if e.Kind == engine.EventPickup || i == 0 && e.Kind == engine.EventFill {
			return events[i : i+1]
		}
	}
	return nil
}

// Animation writes an animated GIF of a move from before, made of the
// move's events (from [engine.Position.PlayEvents] or [engine.Game.Play]):
//
//   - frame 0 is the position before, the origin pit ringed as on the
//     board the bot posts (about 1 s);
//   - then one frame per event that changes the board: the pick-up (the
//     origin pit emptied), every seed dropped (one more in a pit or
//     store; a seed sown into a tuzdyk shows as passing into its owner's
//     store), every relay lift, every capture (the pit emptied into the
//     store, with its "−n" badge), a new tuzdyk, a swap and every pit
//     swept at the end of the game. The cell the step acted on is lit
//     from inside, and the marks of the steps so far build up (the sown
//     cells' rings, badges, the stores' "+n"). Sowing steps take 0.3 s,
//     less for long moves, captures and relays longer;
//   - the last of these frames is the position after, exactly as [Board]
//     draws it with the move's events (at the same scale), held for 3 s.
//     Extra turns and the end of the game show there.
//
// So a move has [AnimationFrames] frames: 1 + the board-changing events,
// at most [MaxAnimationFrames]: a longer move shows every k-th step (k the
// smallest that fits), so its GIF stays well under the platforms' limits.
// The frames are computed by replaying the events on the cells of before,
// which the events account for seed by seed; the position after is never
// needed. The GIF loops forever and every frame has a delay. All frames
// share one palette of the 63 colours used most across the animation, plus
// a transparent one; each colour is mapped once (memoised), never searched
// per pixel. Each frame after the first holds only the rectangle that
// changed, its unchanged pixels transparent (disposal: none), so a Kalah
// capture (6 frames at the default scale) is about 29 KB and a 20-seed Togyz
// Kumalak move (22 frames) about 54 KB, made in about 15 and 70 ms.
//
// With Options.Scale 0 the animation is drawn at [DefaultAnimationScale];
// Options.Events is ignored (the events are the move's).
func Animation(w io.Writer, before engine.Position, events []engine.Event, o Options) error {
	scale := o.Scale
	if scale == 0 {
		scale = DefaultAnimationScale
	}
	g := geomFor(before.Rules().Layout(), scale, false)
	steps := animSteps(before.Rules().Layout(), events)

	q := newFrameQuantizer(g.w, g.h)
	delays := make([]int, 0, len(steps)+2)

	// Frame 0: the position before.
	rp := newReplayer(before, g)
	first := rp.s
	drawMarked(q.canvas(), g, &first, collectMarks(g, firstPickup(events)), [2]string{})
	q.add()
	delays = append(delays, delayFirst)

	sows := 0
	for _, st := range steps {
		if st.kind == engine.EventSow || st.kind == engine.EventDeposit {
			sows++
		}
	}
	sowDelay := min(delaySow, max(delaySowMin, sowBudget/max(sows, 1)))

	shown := map[int]bool{}
	for _, i := range frameSteps(len(steps)) {
		shown[i] = true
	}
	next := 0
	for i, st := range steps {
		if i == len(steps)-1 {
			break // the last frame is the position after
		}
		if !shown[i] {
			continue // a long move: this step shows with a later one
		}
		for ; next < st.upto; next++ {
			rp.apply(events[next])
		}
		m := collectMarks(g, events[:st.upto])
		m.step = st.cell
		s := rp.s
		drawMarked(q.canvas(), g, &s, m, [2]string{})
		q.add()
		delays = append(delays, stepDelay(st.kind, sowDelay))
	}
	for ; next < len(events); next++ {
		rp.apply(events[next])
	}
	drawMarked(q.canvas(), g, rp.after(), collectMarks(g, events), [2]string{})
	q.add()
	delays = append(delays, delayLast)

	return gif.EncodeAll(w, q.gif(delays))
}

func stepDelay(k engine.EventKind, sow int) int {
	switch k {
	case engine.EventPickup:
		return delayPickup
	case engine.EventRelay:
		return delayRelay
	case engine.EventCapture:
		return delayCapture
	case engine.EventTuzdyk:
		return delayTuzdyk
	case engine.EventSwap:
		return delaySwap
	case engine.EventSweep:
		return delaySweep
	}
	return sow
}

// frameQuantizer converts the frames of an animation to paletted images
// sharing one palette. Frames are drawn in turn into one of two canvases;
// each is compared with the one before, and only the rectangle that
// changed is split into runs of equal pixels and its colours counted. Once
// all frames are in, the palette is chosen from those counts (the pixels
// the GIF will hold), every distinct colour mapped to it once, and the
// paletted frames written from the runs.
type frameQuantizer struct {
	w, h   int
	bufs   [2]*image.RGBA
	n      int // frames added
	t      colorTable
	runs   []pixelRun
	frames []quantFrame
}

// quantFrame is one frame's changed rectangle and the end of its runs in
// frameQuantizer.runs.
type quantFrame struct {
	r   image.Rectangle
	end int
}

func newFrameQuantizer(w, h int) *frameQuantizer {
	q := &frameQuantizer{w: w, h: h}
	for i := range q.bufs {
		q.bufs[i] = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	q.t.init()
	return q
}

// canvas returns the image to draw the next frame into; every pixel must
// be drawn.
func (q *frameQuantizer) canvas() *image.RGBA { return q.bufs[q.n%2] }

// add takes in the frame just drawn into canvas.
func (q *frameQuantizer) add() {
	cur := q.bufs[q.n%2]
	r := cur.Rect
	if q.n > 0 {
		r = changedRGBA(q.bufs[(q.n+1)%2], cur)
	}
	q.runs = splitRuns(cur.SubImage(r).(*image.RGBA), &q.t, q.runs)
	q.frames = append(q.frames, quantFrame{r, len(q.runs)})
	q.n++
}

// gif returns the animation: frame 0 whole, every later frame cropped to
// the rectangle that changed, in which the pixels that kept their palette
// index are transparent (they compress far better than the pixels
// themselves).
func (q *frameQuantizer) gif(delays []int) *gif.GIF {
	// The last entry is transparent: a later frame's pixels that did not
	// change show the frame below.
	pal := append(choosePalette(&q.t, gifPaletteSize-1), color.RGBA{})
	transparent := uint8(len(pal) - 1)
	out := &gif.GIF{
		LoopCount: 0, // forever
		Config:    image.Config{ColorModel: pal, Width: q.w, Height: q.h},
	}
	screen := image.NewPaletted(image.Rect(0, 0, q.w, q.h), pal) // what a viewer shows
	start := 0
	for i, f := range q.frames {
		dst := image.NewPaletted(f.r, pal)
		writeRuns(dst, &q.t, q.runs[start:f.end])
		start = f.end
		for y := f.r.Min.Y; y < f.r.Max.Y; y++ {
			row := dst.Pix[(y-f.r.Min.Y)*dst.Stride : (y-f.r.Min.Y)*dst.Stride+f.r.Dx()]
			shown := screen.Pix[y*screen.Stride+f.r.Min.X : y*screen.Stride+f.r.Max.X]
			for x, c := range row {
				if i > 0 && shown[x] == c {
					row[x] = transparent
				} else {
					shown[x] = c
				}
			}
		}
		out.Image = append(out.Image, dst)
		out.Delay = append(out.Delay, delays[i])
		out.Disposal = append(out.Disposal, gif.DisposalNone)
	}
	return out
}

// changedRGBA returns the smallest rectangle holding every pixel in which
// a and b (of the same size, at the origin) differ; at least one pixel,
// since a GIF frame cannot be empty.
func changedRGBA(a, b *image.RGBA) image.Rectangle {
	w, h := a.Rect.Dx(), a.Rect.Dy()
	x0, y0, x1, y1 := w, h, 0, 0
	for y := range h {
		ra, rb := a.Pix[y*a.Stride:y*a.Stride+4*w], b.Pix[y*b.Stride:y*b.Stride+4*w]
		if bytes.Equal(ra, rb) {
			continue
		}
		lo := 0
		for binary.LittleEndian.Uint32(ra[4*lo:]) == binary.LittleEndian.Uint32(rb[4*lo:]) {
			lo++
		}
		hi := w
		for binary.LittleEndian.Uint32(ra[4*hi-4:]) == binary.LittleEndian.Uint32(rb[4*hi-4:]) {
			hi--
		}
		x0, x1 = min(x0, lo), max(x1, hi)
		y0, y1 = min(y0, y), y+1
	}
	if x0 >= x1 {
		return image.Rect(0, 0, 1, 1)
	}
	return image.Rect(x0, y0, x1, y1)
}

// stepGlow lights cell c from inside: the cell an animation frame's step
// acted on.
func (r *renderer) stepGlow(c engine.Cell) {
	g, dc := r.g, r.dc
	dc.SetColor(alpha(colMove, 0.30))
	if g.isStore(c) {
		x, y, w, h := g.storeRect(g.cells[c].Col)
		dc.DrawRoundedRectangle(x, y, w, h, g.storeCorner(w, h))
	} else {
		cx, cy := g.center(c)
		dc.DrawCircle(cx, cy, g.pitR)
	}
	dc.Fill()
}
