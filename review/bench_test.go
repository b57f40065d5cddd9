package review

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/search"
)

// fullKalah plays a whole game of Kalah(6,4) between Medium (South) and
// Easy (North), the same every run.
func fullKalah(tb testing.TB) (engine.Position, []engine.Move) {
	tb.Helper()
	r, err := engine.New("kalah", nil)
	if err != nil {
		tb.Fatal(err)
	}
	g := engine.NewGame(r.Start())
	for g.Position().Status() == engine.Ongoing {
		l := search.Medium
		if g.Position().ToMove() == engine.North {
			l = search.Easy
		}
		m, err := l.Move(context.Background(), g, 3)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := g.Play(m); err != nil {
			tb.Fatal(err)
		}
	}
	return r.Start(), g.Moves()
}

// BenchmarkReviewKalah reviews a whole game of Kalah(6,4) at the default
// depth, with no deadline, and draws its graph: it reports the plies, the
// turning points found and the graph's size (REVIEW_GRAPH=FILE also
// writes the graph there, to look at).
func BenchmarkReviewKalah(b *testing.B) {
	start, moves := fullKalah(b)
	var png bytes.Buffer
	var turning int
	for b.Loop() {
		rv, err := Game(context.Background(), start, moves, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if !rv.Complete {
			b.Fatal("not complete")
		}
		g := render.EvalGraph{}
		for _, e := range rv.Evals {
			g.Values = append(g.Values, e.South)
		}
		for _, pl := range rv.Plies {
			g.Movers = append(g.Movers, pl.Mover)
		}
		for _, tp := range rv.Turning {
			g.Turning = append(g.Turning, tp.Index)
		}
		png.Reset()
		if err := render.Graph(&png, g); err != nil {
			b.Fatal(err)
		}
		turning = len(rv.Turning)
	}
	b.ReportMetric(float64(len(moves)), "plies")
	b.ReportMetric(float64(turning), "turning")
	b.ReportMetric(float64(png.Len()), "png_bytes")
	if f := os.Getenv("REVIEW_GRAPH"); f != "" {
		if err := os.WriteFile(f, png.Bytes(), 0o644); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReviewRecordedKalah reviews the recorded 41-ply game of
// Kalah(6,4) (testdata/kalah.json) with no deadline, as the graph was
// evaluated before (unsmoothed: depth 10 alone) and now (smoothed: the
// mean of depths 9 and 10), and with the mean of depths 10 and 11
// (Options.Depth 11, bot.Config.ReviewDepth 11), turning points included:
// the time of a review reply without the graph's drawing.
func BenchmarkReviewRecordedKalah(b *testing.B) {
	start, moves := recorded(b, "kalah")
	for _, tc := range []struct {
		name string
		o    Options
	}{
		{"unsmoothed", Options{Unsmoothed: true}},
		{"smoothed", Options{}},
		{"smoothed-depth11", Options{Depth: 11}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				rv, err := Game(context.Background(), start, moves, tc.o)
				if err != nil {
					b.Fatal(err)
				}
				if !rv.Complete {
					b.Fatal("not complete")
				}
			}
		})
	}
}
