package search

import (
	"context"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/generic"
)

// ScoreMoves scores every legal move of p by a full-window search of depth
// plies (an extra turn is a ply), after iterative deepening up to it for
// the move ordering: the score of each move is in seeds for the side to
// move in p (positive: good for it), on the same scale as
// Analysis.Score. history lists the positions before p, oldest first, for
// the repetition rule (nil for none). The result is the same on every run
// and machine unless ctx ends first: complete is then false and the scores
// are those of the last depth completed (nil when not even depth 1 was).
// It returns ErrGameOver, ErrSolitaire or ErrPlayers for positions it
// cannot search (only two-seat games are scored move by move).
func ScoreMoves(ctx context.Context, p engine.Position, history []engine.Position, depth int) (scores []MoveScore, complete bool, err error) {
	if err := checkSearchable(p); err != nil {
		return nil, false, err
	}
	scores, stopped := scoreMoves(ctx, p, history, max(depth, 1), 0)
	return scores, !stopped, nil
}

// ScoreMovesSmoothed is ScoreMoves with each move's score the mean of its
// scores at depth and at depth-1 (the last two iterations of the same
// deepening, so it costs no more than ScoreMoves): a search to a fixed
// depth leans towards the side that moves at its horizon, and the lean
// changes sign with the depth's parity, so the mean of two consecutive
// depths takes most of it out (the odd-even effect). The review evaluates
// every position of a game this way, so that its graph does not swing from
// one move to the next with the parity of the horizon. At depth 1 it is
// ScoreMoves. Errors and complete are as ScoreMoves's; a search cut short
// returns the scores of the last completed depth, not smoothed.
func ScoreMovesSmoothed(ctx context.Context, p engine.Position, history []engine.Position, depth int) (scores []MoveScore, complete bool, err error) {
	if err := checkSearchable(p); err != nil {
		return nil, false, err
	}
	depth = max(depth, 1)
	s := generic.New(ctx, p.Rules(), generic.Options{TableBytes: 4 << 20, Pooled: true, History: history})
	defer s.Close()
	var prev []generic.Scored
	for d := 1; d <= depth; d++ {
		scored, stopped := s.ScoreMoves(p, d)
		if stopped {
			return toMoveScores(prev, nil), false, nil
		}
		if d == depth {
			return toMoveScores(scored, prev), true, nil
		}
		prev = scored
	}
	return nil, false, nil // not reached
}

// toMoveScores turns the searcher's scores (hundredths) into seeds, each
// the mean with the same move's in prev when prev is given (the same moves
// in the same order, as ScoreMoves returns them).
func toMoveScores(scored, prev []generic.Scored) []MoveScore {
	if scored == nil {
		return nil
	}
	out := make([]MoveScore, len(scored))
	for i, m := range scored {
		v := float64(m.Value)
		if i < len(prev) && prev[i].Move == m.Move {
			v = (v + float64(prev[i].Value)) / 2
		}
		out[i] = MoveScore{m.Move, v / 100}
	}
	return out
}
