package render

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	stddraw "image/draw"
	"image/gif"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// randomMoves plays up to n random moves of a game through engine.Game (so
// that Oware's repetition ending happens too) and calls f with each move's
// position before, events and position after.
func randomMoves(t *testing.T, r engine.Rules, seed uint64, n int, f func(before engine.Position, ev []engine.Event, after engine.Position)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	g := engine.NewGame(r.Start())
	for range n {
		before := g.Position()
		ms := before.Moves()
		if len(ms) == 0 {
			return
		}
		ev, err := g.Play(ms[rng.IntN(len(ms))])
		if err != nil {
			t.Fatal(err)
		}
		f(before, ev, g.Position())
	}
}

var replayRules = []struct {
	id   string
	opts engine.Options
}{
	{"kalah", nil},
	{"kalah", engine.Options{"empty_capture": "true", "pie": "true"}},
	{"kalah", engine.Options{"pits": "4", "seeds": "6"}},
	{"oware", nil},
	{"oware", engine.Options{"grand_slam": "nocapture"}},
	{"oware", engine.Options{"grand_slam": "forbidden", "seeds": "3"}},
	{"togyz", nil},
	{"congkak", nil},
	{"congkak", engine.Options{"relay": "false"}},
	{"tchuka", nil},
	{"tchuka", engine.Options{"pits": "7", "seeds": "3"}},
}

// TestReplay: replaying a move's events on the position before gives the
// position after exactly (seeds, tuzdyks, status and, while the game is
// on, whose turn it is), for thousands of random moves of every variant.
// That is what makes the animation's frames exact.
func TestReplay(t *testing.T) {
	for _, rr := range replayRules {
		r := engine.MustNew(rr.id, rr.opts)
		g := geomFor(r.Layout(), DefaultAnimationScale, false)
		moves := 0
		for seed := range uint64(40) {
			randomMoves(t, r, seed, 400, func(before engine.Position, ev []engine.Event, after engine.Position) {
				moves++
				rp := newReplayer(before, g)
				for _, e := range ev {
					rp.apply(e)
				}
				got, want := rp.after(), stateOf(after, g, Options{})
				if got.status == engine.Ongoing && got.toMove != want.toMove {
					// A finished game shows no turn.
					t.Fatalf("%s %v: replay says %s to move, engine %s", rr.id, rr.opts, got.toMove, want.toMove)
				}
				got.toMove = want.toMove
				if *got != *want {
					b, _ := json.Marshal(before)
					t.Fatalf("%s %v: replaying %v on %s gives %+v, want %+v", rr.id, rr.opts, ev, b, got, want)
				}
				if n := AnimationFrames(before, ev); n < 2 || n > len(ev)+1 {
					t.Fatalf("%s: %d frames for %d events", rr.id, n, len(ev))
				}
			})
		}
		if moves < 1000 && r.Layout().Sides > 1 || moves < 40 {
			t.Errorf("%s %v: only %d moves checked", rr.id, rr.opts, moves)
		}
	}
}

// animCase is a move to animate, with the number of frames counted by
// hand from its events.
type animCase struct {
	name          string
	before, after engine.Position
	events        []engine.Event
	frames        int
}

// lastMove plays moves from the start and returns the position before the
// last one, its events and the position after.
func lastMove(t testing.TB, id string, opts engine.Options, moves ...string) (before engine.Position, ev []engine.Event, after engine.Position) {
	t.Helper()
	before = engine.MustNew(id, opts).Start()
	for i, s := range moves {
		m, err := engine.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p, e, err := before.PlayEvents(m)
		if err != nil {
			t.Fatalf("%s %v: move %d (%s): %v", id, moves, i+1, s, err)
		}
		if i == len(moves)-1 {
			return before, e, p
		}
		before = p
	}
	t.Fatal("no moves")
	return
}

// togyzDeposit is a Togyz Kumalak position (162 seeds) in which South owns
// a tuzdyk at North's pit 4 and plays 20 seeds from pit 3: the first seed
// goes back into pit 3, the 20th lands on pit 4 after a whole lap, and the
// seed that falls into the tuzdyk passes into South's kazan.
func togyzDeposit(t testing.TB) (engine.Position, engine.Move) {
	t.Helper()
	p, err := engine.NewPosition(engine.MustNew("togyz", nil), engine.Setup{
		ToMove: engine.South,
		Ply:    30,
		Pits:   [][]int{{5, 2, 20, 7, 1, 11, 6, 3, 9}, {8, 4, 10, 0, 2, 13, 5, 7, 1}},
		Stores: []int{26, 22},
		Extra:  map[string]json.RawMessage{"tuzdyk": json.RawMessage(`{"south":4,"north":0}`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	if p.Seeds() != 162 {
		t.Fatalf("togyz deposit position has %d seeds", p.Seeds())
	}
	return p, engine.Move{Pit: 3}
}

func animCases(t testing.TB) []animCase {
	t.Helper()
	var cs []animCase
	// Kalah: 2 seeds from pit 1, the last into empty pit 3 facing 1 seed:
	// pickup, 2 sows, 2 captures.
	b, ev, a := lastMove(t, "kalah", nil, "6", "1", "1", "4", "3", "3", "1")
	cs = append(cs, animCase{"kalah_capture", b, a, ev, 1 + 1 + 2 + 2})

	// Togyz Kumalak: pickup, 19 sows and one seed into the tuzdyk that is
	// deposited (one step), no capture (the last seed is South's own).
	tp, tm := togyzDeposit(t)
	ta, tev, err := tp.PlayEvents(tm)
	if err != nil {
		t.Fatal(err)
	}
	cs = append(cs, animCase{"togyz_deposit", tp, ta, tev, 1 + 1 + 19 + 1})

	// Congkak, North to move: 1 seed from pit 1 lands in occupied pit 2
	// and four relays follow (4, 2, 2 and 7 seeds) until the last seed
	// lands in North's empty pit 1, facing 2: two captures.
	// First + pickup + (1+4+2+2+7) sows + 4 relays + 2 captures.
	b, ev, a = lastMove(t, "congkak", nil, "4", "1", "4", "3", "5", "2", "5", "2", "2", "1", "2", "7", "2")
	cs = append(cs, animCase{"congkak_relay", b, a, ev, 1 + 1 + 16 + 4 + 2})

	// Kalah with the pie rule: the swap is one step.
	b, ev, a = lastMove(t, "kalah", engine.Options{"pie": "true"}, "1", "swap")
	cs = append(cs, animCase{"kalah_swap", b, a, ev, 1 + 1})
	return cs
}

// frameCount counts the frames of a move the slow way, from the events'
// kinds: the first frame plus one per pickup, sow (a seed sown into a
// tuzdyk and deposited is one step), deposit, relay, capture, tuzdyk, swap
// and sweep.
func frameCount(ev []engine.Event) int {
	n := 1
	for i, e := range ev {
		switch e.Kind {
		case engine.EventSow:
			if i+1 < len(ev) && ev[i+1].Kind == engine.EventDeposit {
				continue
			}
			n++
		case engine.EventPickup, engine.EventDeposit, engine.EventRelay, engine.EventCapture,
			engine.EventTuzdyk, engine.EventSwap, engine.EventSweep:
			n++
		}
	}
	return n
}

// decodeFrames decodes a GIF and returns each frame as shown: the frames
// composited in turn (disposal none: each frame is drawn over the ones
// before, its transparent pixels leaving them as they were).
func decodeFrames(t *testing.T, data []byte) (*gif.GIF, []*image.RGBA) {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var shown []*image.RGBA
	for _, f := range g.Image {
		stddraw.Draw(canvas, f.Rect, f, f.Rect.Min, stddraw.Over)
		shown = append(shown, toRGBA(canvas))
	}
	return g, shown
}

// near returns the share of pixels of a and b (of the same size) that
// differ by more than 48 in some channel.
func near(a, b *image.RGBA) float64 {
	if a.Rect.Size() != b.Rect.Size() {
		return 1
	}
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		for k := range 3 {
			if d := int(a.Pix[i+k]) - int(b.Pix[i+k]); d > 48 || d < -48 {
				n++
				break
			}
		}
	}
	return float64(n) / float64(len(a.Pix)/4)
}

// inPalette maps every pixel of img to the nearest colour of pal (opaque
// entries only), as the animation's quantizer does.
func inPalette(img *image.RGBA, pal []color.Color) *image.RGBA {
	var ni nearestIndex
	for i, c := range pal {
		r, g, b, a := c.RGBA()
		if a == 0 {
			continue
		}
		ni.add(uint32(r>>8)|uint32(g>>8)<<8|uint32(b>>8)<<16|uint32(a>>8)<<24, uint8(i))
	}
	ni.sort()
	out := image.NewRGBA(img.Rect)
	memo := map[uint32]color.RGBA{}
	for i := 0; i < len(img.Pix); i += 4 {
		k := binary.LittleEndian.Uint32(img.Pix[i:])
		c, ok := memo[k]
		if !ok {
			c = color.RGBAModel.Convert(pal[ni.nearest(k)]).(color.RGBA)
			memo[k] = c
		}
		copy(out.Pix[i:i+4], []byte{c.R, c.G, c.B, c.A})
	}
	return out
}

// differing counts the pixels in which a and b differ at all.
func differing(a, b *image.RGBA) int {
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		if !bytes.Equal(a.Pix[i:i+4], b.Pix[i:i+4]) {
			n++
		}
	}
	return n
}

func TestAnimation(t *testing.T) {
	for _, c := range animCases(t) {
		t.Run(c.name, func(t *testing.T) {
			want := c.frames
			if got := frameCount(c.events); got != want {
				t.Fatalf("the events make %d frames by kind, want %d by hand: %v", got, want, c.events)
			}
			if got := AnimationFrames(c.before, c.events); got != want {
				t.Errorf("AnimationFrames = %d, want %d", got, want)
			}
			var buf bytes.Buffer
			if err := Animation(&buf, c.before, c.events, Options{}); err != nil {
				t.Fatal(err)
			}
			g, shown := decodeFrames(t, buf.Bytes())
			if len(g.Image) != want {
				t.Errorf("the GIF has %d frames, want %d", len(g.Image), want)
			}
			if g.LoopCount != 0 {
				t.Errorf("LoopCount %d, want 0 (forever)", g.LoopCount)
			}
			for i, d := range g.Delay {
				if d <= 0 {
					t.Errorf("frame %d has delay %d", i, d)
				}
			}
			if last := g.Delay[len(g.Delay)-1]; last < 2*slices.Max(g.Delay[:len(g.Delay)-1]) {
				t.Errorf("the last frame is held %d, not much longer than the others %v", last, g.Delay)
			}
			w, h := Size(c.before.Rules(), Options{Scale: DefaultAnimationScale})
			if g.Config.Width != w || g.Config.Height != h {
				t.Errorf("%dx%d, want %dx%d", g.Config.Width, g.Config.Height, w, h)
			}
			first := Board(c.before, Options{Events: firstPickup(c.events), Scale: DefaultAnimationScale})
			last := Board(c.after, Options{Events: c.events, Scale: DefaultAnimationScale})
			// Exactly the boards before and after, in the GIF's colours.
			pal := g.Config.ColorModel.(color.Palette)
			if n := differing(shown[0], inPalette(first, pal)); n != 0 {
				t.Errorf("frame 0 differs from the position before in %d pixels", n)
			}
			if n := differing(shown[len(shown)-1], inPalette(last, pal)); n != 0 {
				t.Errorf("the last frame differs from the position after in %d pixels", n)
			}
			// And close to them in true colour: 64 colours change only
			// anti-aliased edges.
			if d := near(shown[0], first); d > 0.01 {
				t.Errorf("frame 0 is far from the board before in %.2f%% of pixels", 100*d)
			}
			for i := 1; i < len(shown); i++ {
				if differing(shown[i], shown[i-1]) == 0 {
					t.Errorf("frame %d shows no change", i)
				}
			}
			if *outDir != "" {
				_ = os.WriteFile(filepath.Join(*outDir, c.name+".gif"), buf.Bytes(), 0o644)
				for i, f := range shown {
					writePNG(t, filepath.Join(*outDir, fmt.Sprintf("%s.%02d.png", c.name, i)), f)
				}
			}
			t.Logf("%d frames, %d bytes", len(g.Image), buf.Len())
		})
	}
}

// TestAnimationSteps checks the intermediate frames against the replay:
// after the pickup the origin pit is empty, and every sow frame has one
// seed more in the cell sown (read from the state each frame is drawn
// from).
func TestAnimationSteps(t *testing.T) {
	for _, c := range animCases(t) {
		g := geomFor(c.before.Rules().Layout(), DefaultAnimationScale, false)
		rp := newReplayer(c.before, g)
		next := 0
		for _, st := range animSteps(c.before.Rules().Layout(), c.events) {
			prev := rp.s
			for ; next < st.upto; next++ {
				rp.apply(c.events[next])
			}
			switch st.kind {
			case engine.EventPickup:
				if rp.s.cells[st.cell] != 0 {
					t.Errorf("%s: the origin pit holds %d after the pickup", c.name, rp.s.cells[st.cell])
				}
			case engine.EventSow:
				if rp.s.cells[st.cell] != prev.cells[st.cell]+1 {
					t.Errorf("%s: sowing into cell %d: %d -> %d", c.name, st.cell, prev.cells[st.cell], rp.s.cells[st.cell])
				}
			case engine.EventDeposit:
				st := g.store(c.events[next-1].Side)
				if rp.s.cells[st] != prev.cells[st]+1 {
					t.Errorf("%s: a deposit did not reach the store", c.name)
				}
			}
			total := 0
			for _, n := range rp.s.cells {
				total += n
			}
			lifted := 0 // seeds in hand
			for _, e := range c.events[:next] {
				switch e.Kind {
				case engine.EventPickup, engine.EventRelay:
					lifted += e.Count
				case engine.EventSow:
					lifted--
				}
			}
			if total+lifted != c.before.Seeds() {
				t.Errorf("%s: after event %d the board and the hand hold %d seeds, want %d", c.name, next, total+lifted, c.before.Seeds())
			}
		}
	}
}

func TestAnimationBadEvents(t *testing.T) {
	p := engine.MustNew("kalah", nil).Start()
	ev := []engine.Event{
		{Kind: engine.EventPickup, Cell: 200, Count: 3},
		{Kind: engine.EventSow, Cell: engine.NoCell},
		{Kind: engine.EventCapture, Side: engine.West, Cell: 3, Count: 90},
		{Kind: engine.EventSweep, Side: 200, Cell: 2, Count: 4},
		{Kind: engine.EventTuzdyk, Cell: 250},
		{Kind: engine.EventDeposit, Side: engine.North, Cell: 1},
		{Kind: 99},
	}
	for _, e := range [][]engine.Event{nil, ev} {
		var buf bytes.Buffer
		if err := Animation(&buf, p, e, Options{Scale: 0.3}); err != nil {
			t.Fatal(err)
		}
		g, err := gif.DecodeAll(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Image) != AnimationFrames(p, e) {
			t.Errorf("%d frames, AnimationFrames says %d", len(g.Image), AnimationFrames(p, e))
		}
	}
}

func TestDiagram(t *testing.T) {
	b, ev, a := lastMove(t, "kalah", nil, "6", "1", "1", "4", "3", "3", "1")
	o := Options{Scale: 0.6}
	var buf bytes.Buffer
	if err := Diagram(&buf, b, ev, a, o); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "diagram_kalah_capture", buf.Bytes())
	img := diagram(b, ev, a, o, "")
	w, h := DiagramSize(b.Rules(), o)
	if img.Rect.Dx() != w || img.Rect.Dy() != h {
		t.Errorf("diagram %v, DiagramSize says %dx%d", img.Rect.Size(), w, h)
	}
	// The two halves are the boards before and after.
	bw, bh := Size(b.Rules(), o)
	top := img.SubImage(image.Rect(0, 0, bw, bh)).(*image.RGBA)
	bottom := img.SubImage(image.Rect(0, h-bh, bw, h)).(*image.RGBA)
	if d := near(toRGBA(top), Board(b, Options{Events: ev[:1], Scale: 0.6})); d != 0 {
		t.Errorf("the top half differs from the board before in %.2f%% of pixels", 100*d)
	}
	if d := near(toRGBA(bottom), Board(a, Options{Events: ev, Scale: 0.6})); d != 0 {
		t.Errorf("the bottom half differs from the board after in %.2f%% of pixels", 100*d)
	}
}

// BenchmarkAnimation: a Kalah capture (6 frames) and a 20-seed Togyz
// Kumalak move through a tuzdyk (22 frames), drawn, quantized and encoded.
func BenchmarkAnimation(b *testing.B) {
	cs := animCases(b)
	for _, c := range cs[:2] {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := Animation(&buf, c.before, c.events, Options{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes")
			b.ReportMetric(float64(AnimationFrames(c.before, c.events)), "frames")
		})
	}
}

func BenchmarkDiagram(b *testing.B) {
	before, ev, after := lastMove(b, "kalah", nil, "6", "1", "1", "4", "3", "3", "1")
	b.ReportAllocs()
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := Diagram(&buf, before, ev, after, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
}

// TestAnimationConcurrent makes the same GIF and diagram from several
// goroutines at once (run with -race): the bytes are the same.
func TestAnimationConcurrent(t *testing.T) {
	b, ev, a := lastMove(t, "kalah", nil, "6", "1", "1", "4", "3", "3", "1")
	var wantGIF, wantPNG bytes.Buffer
	if err := Animation(&wantGIF, b, ev, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := Diagram(&wantPNG, b, ev, a, Options{Scale: 0.5}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			var g, p bytes.Buffer
			if err := Animation(&g, b, ev, Options{}); err != nil || !bytes.Equal(g.Bytes(), wantGIF.Bytes()) {
				t.Errorf("a concurrent GIF differs (%v)", err)
			}
			if err := Diagram(&p, b, ev, a, Options{Scale: 0.5}); err != nil || !bytes.Equal(p.Bytes(), wantPNG.Bytes()) {
				t.Errorf("a concurrent diagram differs (%v)", err)
			}
		})
	}
	wg.Wait()
}

// TestFrameCap: a move of any length is shown in at most
// MaxAnimationFrames frames, always ending on the position after, and a
// short move keeps a frame per step.
func TestFrameCap(t *testing.T) {
	for n := 1; n <= 5000; n++ {
		fs := frameSteps(n)
		if len(fs)+1 > MaxAnimationFrames {
			t.Fatalf("%d steps: %d frames", n, len(fs)+1)
		}
		if fs[len(fs)-1] != n-1 {
			t.Fatalf("%d steps: last frame at step %d", n, fs[len(fs)-1])
		}
		for i := 1; i < len(fs); i++ {
			if fs[i] <= fs[i-1] {
				t.Fatalf("%d steps: frames %v out of order", n, fs)
			}
		}
		if n < MaxAnimationFrames && len(fs) != n {
			t.Fatalf("%d steps: %d frames, want one per step", n, len(fs))
		}
	}
}
