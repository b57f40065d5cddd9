package search

import (
	"context"

	"github.com/mancala-bot/mancala/engine"
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
