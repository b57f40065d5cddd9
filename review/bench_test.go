package review

import (
	"context"
	"testing"

	"github.com/mancala-bot/mancala/engine"
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
// depth, with no deadline.
func BenchmarkReviewKalah(b *testing.B) {
	start, moves := fullKalah(b)
	b.ReportMetric(float64(len(moves)), "plies")
	for b.Loop() {
		rv, err := Game(context.Background(), start, moves, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if !rv.Complete {
			b.Fatal("not complete")
		}
	}
}
