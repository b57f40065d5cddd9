package search

import (
	"context"
	"math"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// TestScoreMovesSmoothed: each move's smoothed score is the mean of its
// ScoreMoves scores at depth and depth-1 (the same deepening), and at
// depth 1 it is ScoreMoves's.
func TestScoreMovesSmoothed(t *testing.T) {
	for _, v := range []string{"kalah", "oware"} {
		r, err := engine.New(v, nil)
		if err != nil {
			t.Fatal(err)
		}
		g := engine.NewGame(r.Start())
		for _, m := range []uint8{3, 4, 1} {
			if _, err := g.Play(engine.Move{Pit: m}); err != nil {
				t.Fatal(err)
			}
		}
		p, hist := g.Position(), g.Positions()[:len(g.Positions())-1]
		for _, depth := range []int{1, 4, 5} {
			got, complete, err := ScoreMovesSmoothed(context.Background(), p, hist, depth)
			if err != nil || !complete {
				t.Fatalf("%s depth %d: complete %v, %v", v, depth, complete, err)
			}
			at, _, _ := ScoreMoves(context.Background(), p, hist, depth)
			below := at
			if depth > 1 {
				below, _, _ = ScoreMoves(context.Background(), p, hist, depth-1)
			}
			if len(got) != len(p.Moves()) {
				t.Fatalf("%s depth %d: %d scores for %d moves", v, depth, len(got), len(p.Moves()))
			}
			for i, s := range got {
				if want := (at[i].Score + below[i].Score) / 2; s.Move != at[i].Move || math.Abs(s.Score-want) > 1e-9 {
					t.Errorf("%s depth %d: %v scores %v, want %v (%v at depth %d, %v at %d)",
						v, depth, s.Move, s.Score, want, at[i].Score, depth, below[i].Score, depth-1)
				}
			}
		}
	}
}
