package render

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// randomGame plays up to n random moves (seeded) through engine.Game and
// returns the positions (the start first) and each move's events.
func randomGame(t testing.TB, id string, seed uint64, n int) ([]engine.Position, [][]engine.Event) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 11))
	g := engine.NewGame(engine.MustNew(id, nil).Start())
	ps := []engine.Position{g.Position()}
	var evs [][]engine.Event
	for range n {
		ms := g.Position().Moves()
		if len(ms) == 0 {
			break
		}
		ev, err := g.Play(ms[rng.IntN(len(ms))])
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, g.Position())
		evs = append(evs, ev)
	}
	return ps, evs
}

// stepsOf counts the frames a move gets when a game is animated, the slow
// way: frameCount's steps (one per board-changing event) without the
// position before, which the game shows as the frame of the move before.
func stepsOf(ev []engine.Event) int { return frameCount(ev) - 1 }

// checkGameGIF decodes a game's GIF and checks what holds for every one:
// its size, loop, delays (the last held longest), and that the first
// frame is the start's board and the last the final position's, exactly
// under the GIF's palette and close in true colour.
func checkGameGIF(t *testing.T, data []byte, ps []engine.Position, evs [][]engine.Event, o Options) (*gif.GIF, []*image.RGBA) {
	t.Helper()
	g, shown := decodeFrames(t, data)
	bo := o
	if bo.Scale == 0 {
		bo.Scale = DefaultAnimationScale
	}
	w, h := Size(ps[0].Rules(), bo)
	if g.Config.Width != w || g.Config.Height != h {
		t.Errorf("%dx%d, want %dx%d", g.Config.Width, g.Config.Height, w, h)
	}
	if len(g.Image) > 1 && g.LoopCount != 0 {
		t.Errorf("LoopCount %d, want 0 (forever)", g.LoopCount)
	}
	for i, d := range g.Delay {
		if d <= 0 {
			t.Errorf("frame %d has delay %d", i, d)
		}
	}
	if n := len(g.Delay); n > 1 && g.Delay[n-1] <= slices.Max(g.Delay[:n-1]) {
		t.Errorf("the last frame is held %d, not longer than every other", g.Delay[n-1])
	}
	pal := g.Config.ColorModel.(color.Palette)
	startOpts := bo
	startOpts.Status = engine.Ongoing
	first := Board(ps[0], startOpts)
	if n := differing(shown[0], inPalette(first, pal)); n != 0 {
		t.Errorf("frame 0 differs from the start position's board in %d pixels", n)
	}
	if d := near(shown[0], first); d > 0.01 {
		t.Errorf("frame 0 is far from the start's board in %.2f%% of pixels", 100*d)
	}
	endOpts := bo
	if len(evs) > 0 {
		endOpts.Events = evs[len(evs)-1]
	}
	final := Board(ps[len(ps)-1], endOpts)
	if n := differing(shown[len(shown)-1], inPalette(final, pal)); n != 0 {
		t.Errorf("the last frame differs from the final position's board in %d pixels", n)
	}
	return g, shown
}

func TestGameGIF(t *testing.T) {
	cases := []struct {
		name  string
		id    string
		seed  uint64
		moves int // at most
		o     Options
		// animated: every move's sowing fits in the cap
		animated bool
	}{
		{"kalah_opening", "kalah", 1, 8, Options{}, true},
		{"kalah_game", "kalah", 2, 500, Options{Names: [2]string{"@ana", "@bo"}}, true},
		{"oware_game", "oware", 3, 500, Options{}, false},
		{"togyz_game", "togyz", 4, 500, Options{Scale: 0.5}, false},
		{"bao_opening", "bao", 5, 6, Options{Viewer: engine.North}, true},
		{"ruma_game", "ruma", 6, 500, Options{Seats: [4]string{"a", "b", "c", "d"}}, false},
		{"kalah_resigned", "kalah", 7, 5, Options{Status: engine.NorthWon}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ps, evs := randomGame(t, c.id, c.seed, c.moves)
			var buf bytes.Buffer
			if err := GameGIF(&buf, ps, evs, c.o); err != nil {
				t.Fatal(err)
			}
			if buf.Len() > MaxGameGIFBytes {
				t.Errorf("%d bytes, over MaxGameGIFBytes", buf.Len())
			}
			g, shown := checkGameGIF(t, buf.Bytes(), ps, evs, c.o)
			want := 1
			for _, ev := range evs {
				want += stepsOf(ev)
			}
			if !c.animated {
				want = 1 + min(len(evs), MaxGameFrames-1)
			}
			if c.animated && want > MaxGameFrames || !c.animated && 1+sumSteps(evs) <= MaxGameFrames {
				t.Fatalf("the case is not what it says: %d moves, %d steps", len(evs), sumSteps(evs))
			}
			if len(g.Image) != want {
				t.Errorf("%d frames, want %d (%d moves)", len(g.Image), want, len(evs))
			}
			if !c.animated && len(evs) < MaxGameFrames {
				// Positions only: frame i is the board after move i.
				o := c.o
				if o.Scale == 0 {
					o.Scale = DefaultAnimationScale
				}
				pal := g.Config.ColorModel.(color.Palette)
				for i := 1; i < len(shown)-1; i++ {
					o.Events, o.Status = evs[i-1], engine.Ongoing
					if n := differing(shown[i], inPalette(Board(ps[i], o), pal)); n != 0 {
						t.Fatalf("frame %d differs from the board after move %d in %d pixels", i, i, n)
					}
				}
			}
			if *outDir != "" {
				_ = os.WriteFile(filepath.Join(*outDir, "game_"+c.name+".gif"), buf.Bytes(), 0o644)
			}
			t.Logf("%d moves, %d frames, %d bytes", len(evs), len(g.Image), buf.Len())
		})
	}
}

func sumSteps(evs [][]engine.Event) int {
	n := 0
	for _, ev := range evs {
		n += stepsOf(ev)
	}
	return n
}

// TestGameGIFLimits: past the frame cap every k-th move is shown and the
// final position always; past the byte bound the GIF is made again with
// fewer frames and fits, still from the start to the final position.
func TestGameGIFLimits(t *testing.T) {
	ps, evs := randomGame(t, "oware", 8, 200)
	if len(evs) < 60 {
		t.Fatalf("the game has only %d moves", len(evs))
	}
	var buf bytes.Buffer
	if err := gameGIF(&buf, ps, evs, Options{}, 20, MaxGameGIFBytes); err != nil {
		t.Fatal(err)
	}
	g, _ := checkGameGIF(t, buf.Bytes(), ps, evs, Options{})
	// every k-th move, k the smallest stride that fits: more than half
	// the cap
	if len(g.Image) > 20 || len(g.Image) <= 10 {
		t.Errorf("%d frames under a cap of 20", len(g.Image))
	}

	var full bytes.Buffer
	if err := gameGIF(&full, ps, evs, Options{}, MaxGameFrames, MaxGameGIFBytes); err != nil {
		t.Fatal(err)
	}
	limit := full.Len() / 3
	buf.Reset()
	if err := gameGIF(&buf, ps, evs, Options{}, MaxGameFrames, limit); err != nil {
		t.Fatal(err)
	}
	if buf.Len() > limit {
		t.Errorf("%d bytes over the bound of %d", buf.Len(), limit)
	}
	g, _ = checkGameGIF(t, buf.Bytes(), ps, evs, Options{})
	full1, _ := gif.DecodeAll(bytes.NewReader(full.Bytes()))
	if len(g.Image) >= len(full1.Image) {
		t.Errorf("bounded to %d bytes: %d frames, as many as unbounded (%d)", limit, len(g.Image), len(full1.Image))
	}
	t.Logf("unbounded %d frames %d bytes; bounded to %d: %d frames %d bytes", len(full1.Image), full.Len(), limit, len(g.Image), buf.Len())
}

func TestGameGIFErrors(t *testing.T) {
	ps, evs := randomGame(t, "kalah", 9, 3)
	for _, c := range []struct {
		ps  []engine.Position
		evs [][]engine.Event
	}{{nil, nil}, {ps, evs[:2]}, {ps[:1], evs}} {
		var buf bytes.Buffer
		if err := GameGIF(&buf, c.ps, c.evs, Options{}); !errors.Is(err, ErrGameGIF) {
			t.Errorf("%d positions, %d moves: %v, want ErrGameGIF", len(c.ps), len(c.evs), err)
		}
		if buf.Len() != 0 {
			t.Errorf("%d bytes written with an error", buf.Len())
		}
	}
	// No move: the start alone, held.
	var buf bytes.Buffer
	if err := GameGIF(&buf, ps[:1], nil, Options{}); err != nil {
		t.Fatal(err)
	}
	// A GIF of one frame is a still image: no loop.
	if g, _ := checkGameGIF(t, buf.Bytes(), ps[:1], nil, Options{}); len(g.Image) != 1 {
		t.Errorf("no move: %d frames", len(g.Image))
	}
}

// BenchmarkGameGIF: whole random games (seeded) of Kalah, Oware, Togyz
// Kumalak and Bao, drawn, quantized and encoded at the default scale.
func BenchmarkGameGIF(b *testing.B) {
	for _, c := range []struct {
		id   string
		seed uint64
	}{{"kalah", 2}, {"oware", 3}, {"togyz", 4}, {"bao", 5}} {
		ps, evs := randomGame(b, c.id, c.seed, 1000)
		b.Run(c.id, func(b *testing.B) {
			b.ReportAllocs()
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := GameGIF(&buf, ps, evs, Options{}); err != nil {
					b.Fatal(err)
				}
			}
			g, err := gif.DecodeAll(bytes.NewReader(buf.Bytes()))
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(buf.Len()), "bytes")
			b.ReportMetric(float64(len(g.Image)), "frames")
			b.ReportMetric(float64(len(evs)), "moves")
		})
	}
}
