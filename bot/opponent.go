package bot

import (
	"context"
	"math/rand/v2"

	"github.com/mancala-bot/mancala/engine"
)

// SimpleOpponent is the built-in opponent used when no search is wired in:
// "beginner" plays a random legal move, "easy" the move that gains the most
// seeds at once (seeded ties). It is a stand-in, not a strong player.
type SimpleOpponent struct{}

// Levels implements Opponent.
func (SimpleOpponent) Levels() []string { return []string{"beginner", "easy"} }

// Offered implements Opponent: both levels, for every variant.
func (o SimpleOpponent) Offered(engine.Rules) []string { return o.Levels() }

// Move implements Opponent. It knows nothing exact of its moves.
func (o SimpleOpponent) Move(ctx context.Context, g *engine.Game, level string, seed int64) (Choice, error) {
	m, err := o.move(ctx, g, level, seed)
	return Choice{Move: m}, err
}

func (SimpleOpponent) move(ctx context.Context, g *engine.Game, level string, seed int64) (engine.Move, error) {
	if err := ctx.Err(); err != nil {
		return engine.Move{}, err
	}
	p := g.Position()
	moves := p.Moves()
	if len(moves) == 0 {
		return engine.Move{}, errNoMoves
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x6d616e63))
	if level == "beginner" {
		return moves[rng.IntN(len(moves))], nil
	}
	me := p.ToMove()
	best, bestGain := moves[0], -1<<30
	for _, i := range rng.Perm(len(moves)) {
		q, err := p.Play(moves[i])
		if err != nil {
			continue
		}
		gain := q.Store(me) - p.Store(me)
		if q.ToMove() == me && !q.Status().Over() {
			gain++ // an extra turn is worth a little
		}
		if gain > bestGain {
			best, bestGain = moves[i], gain
		}
	}
	return best, nil
}

type botError string

func (e botError) Error() string { return string(e) }

const errNoMoves = botError("no legal move")
