package search

import (
	"context"
	"errors"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/oware"
)

// ErrProofLimit is ProveOwareStrategy's error past its node limit.
var ErrProofLimit = errors.New("oware proof: node limit reached")

// ProveOwareStrategy checks a claim of the Oware endgame database through
// the engine's own rules, without trusting the database's values: side
// plays the database's move (the one securing its board's proven lower
// bound) at each of its turns, every reply of the other side is tried, and
// every line is played through an engine.Game (its majority rule, its end
// of the game, its repetition rule) to its end. It reports whether
// side's result is at least want (+1 a win, 0 a draw or a win) on every
// line, and the positions it visited. When first is not the zero Move, it
// is played from p before (by whichever side is to move), and p counts
// for the repetition rule. p must be Oware without cross-sowing (any
// grand-slam rule) and at most seeds seeds in the pits (the database of that size is built in memory, not cached);
// a position reached during the check with more seeds than that cannot
// arise (seeds only leave the board). Positions whose result no
// repetition touched are remembered. The error is ErrProofLimit after
// limit positions, or ctx's.
func ProveOwareStrategy(ctx context.Context, p engine.Position, first engine.Move, side engine.Side, want, seeds, limit int) (ok bool, nodes int, err error) {
	slam, ok := oware.Params(p.Rules())
	if !ok || p.PitSeeds(engine.South)+p.PitSeeds(engine.North) > seeds {
		return false, 0, errors.New("oware proof: not a position of the database")
	}
	db, err := oware.GetDB(ctx, slam, seeds, "")
	if err != nil {
		return false, 0, err
	}
	c := &strategyProof{db: db, side: side, want: want, memo: map[engine.Key]bool{}, limit: limit}
	g := engine.NewGame(p)
	if first != (engine.Move{}) {
		if _, err := g.Play(first); err != nil {
			return false, 0, err
		}
	}
	ok, _ = c.holds(g)
	if c.err != nil {
		return false, c.nodes, c.err
	}
	return ok, c.nodes, nil
}

type strategyProof struct {
	db    *oware.DB
	side  engine.Side
	want  int
	memo  map[engine.Key]bool
	nodes int
	limit int
	err   error
}

// holds reports whether the claim holds from g's position, and whether a
// repetition ended a line its answer depends on.
func (c *strategyProof) holds(g *engine.Game) (ok, rep bool) {
	if c.err != nil {
		return false, false
	}
	if c.nodes++; c.nodes > c.limit {
		c.err = ErrProofLimit
		return false, false
	}
	p := g.Position()
	if p.Status() != engine.Ongoing {
		got := -1
		switch w, won := p.Status().Winner(); {
		case !won:
			got = 0
		case w == c.side:
			got = 1
		}
		return got >= c.want, p.EndReason() == engine.EndRepetition
	}
	k := p.Key()
	if v, seen := c.memo[k]; seen {
		return v, false
	}
	var moves []engine.Move
	if p.ToMove() == c.side {
		b, _ := oware.BoardOf(&p)
		pit, found := c.db.BestMove(b)
		if !found {
			c.err = errors.New("oware proof: no database move in an ongoing position")
			return false, false
		}
		moves = []engine.Move{{Kind: engine.Sow, Pit: uint8(pit + 1)}}
	} else {
		moves = p.Moves()
	}
	ok = true
	for _, m := range moves {
		if _, err := g.Play(m); err != nil {
			c.err = err
			return false, false
		}
		mok, mrep := c.holds(g)
		g.Undo()
		rep = rep || mrep
		if !mok {
			ok = false
			break
		}
	}
	if !rep && c.err == nil {
		c.memo[k] = ok
	}
	return ok, rep
}
