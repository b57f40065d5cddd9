package search

import (
	"context"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/oware"
)

// OwareAnswer is what the Oware endgame database knows of a position (see
// OwareEndgame).
//
// Its margins are final store margins for the side to move, the stores
// already filled included, counting play until the board is cleared:
// captures, then each side taking the seeds on its own side when a player
// cannot move. They leave out the majority rule, which ends the game as
// soon as a store holds more than half of all the seeds: the winner is the
// same (a win, draw or loss is the sign of the margin), but the game's own
// final margin can differ.
type OwareAnswer struct {
	// Seeds is the database's seed count (every board with at most that
	// many seeds in the pits).
	Seeds int
	// Exact reports that the value is known: Lower == Upper. Otherwise
	// play can cycle from this board, the repetition rule decides, and
	// only the bounds are proven.
	Exact        bool
	Lower, Upper int
	// Best is a move that secures Lower, making progress (the line it
	// starts never returns to a position).
	Best engine.Move
	// Line is the principal variation when Exact: each side's database
	// move in turn, while the value stays exact, for at most 24 plies
	// (it stops before a position would come back).
	Line []engine.Move
	// Moves holds every legal move with the bounds of the margin after it
	// (for the same side), in pit order.
	Moves []OwareMoveBounds
	// DBTime is the time taken to load or build the database.
	DBTime time.Duration
}

// OwareMoveBounds is a move and the proven bounds of the margin it leads
// to, as in OwareAnswer.
type OwareMoveBounds struct {
	Move         engine.Move
	Lower, Upper int
}

// Exact reports whether the move's margin is known exactly.
func (m OwareMoveBounds) Exact() bool { return m.Lower == m.Upper }

// Outcome is the sign of a margin: +1 a win, 0 a draw, -1 a loss for the
// side to move.
func Outcome(margin int) int {
	switch {
	case margin > 0:
		return 1
	case margin < 0:
		return -1
	}
	return 0
}

// OwareEndgame answers an Oware position from the endgame database of its
// grand-slam rule of up to seeds seeds (0: the largest in the cache, see
// OwarePerfectSeedsFor),
// loaded from the disk cache in dir ("": CacheDir(); "-": none) or, up to
// 14 seeds, built there on first use (12 seeds: about 12 s once; 8 seeds:
// a fraction of a second). ok is false, with no error,
// when the database does not apply: Oware with cross-sowing or another
// game, a finished game, more seeds in the pits than the database holds,
// or a history (oldest first, p excluded) in which the repetition rule
// could cut short the lines the bounds rest on (oware.TrustedAfter: under
// the third-occurrence rule, a position with as many seeds in the pits as
// p occurred twice already). The errors are ctx's, when it ends while the
// database is being built, and ErrOwareDBNotBuilt for a database of more
// than 14 seeds that is not in the cache.
func OwareEndgame(ctx context.Context, p engine.Position, history []engine.Position, seeds int, dir string) (a OwareAnswer, ok bool, err error) {
	switch dir {
	case "":
		dir = CacheDir()
	case "-":
		dir = ""
	}
	slam, ok := oware.Params(p.Rules())
	if !ok || p.Status() != engine.Ongoing {
		return OwareAnswer{}, false, nil
	}
	if seeds <= 0 {
		seeds = oware.CachedSeeds(slam, dir)
	}
	k := p.PitSeeds(engine.South) + p.PitSeeds(engine.North)
	if k > seeds || !oware.TrustedAfter(&p, history) {
		return OwareAnswer{}, false, nil
	}
	t0 := time.Now()
	db, err := oware.GetDB(ctx, slam, seeds, dir)
	if err != nil {
		return OwareAnswer{}, false, err
	}
	a, ok = owareAnswerOf(db, p)
	a.DBTime = time.Since(t0)
	return a, ok, nil
}

// owareAnswerOf reads p's board from db (the caller checked the rules, the seed
// count and the history).
func owareAnswerOf(db *oware.DB, p engine.Position) (OwareAnswer, bool) {
	b, margin := oware.BoardOf(&p)
	if b.Seeds() > db.MaxSeeds {
		return OwareAnswer{}, false
	}
	moves := db.Moves(b)
	if moves == 0 {
		return OwareAnswer{}, false
	}
	lo, hi := db.Bounds(b)
	a := OwareAnswer{Seeds: db.MaxSeeds, Exact: lo == hi, Lower: margin + lo, Upper: margin + hi}
	for i := range 6 {
		if moves&(1<<i) == 0 {
			continue
		}
		c, g := db.Play(b, i)
		clo, chi := db.Bounds(c)
		a.Moves = append(a.Moves, OwareMoveBounds{
			Move:  engine.Move{Kind: engine.Sow, Pit: uint8(i + 1)},
			Lower: margin + g - chi, Upper: margin + g - clo,
		})
	}
	if pit, ok := db.BestMove(b); ok {
		a.Best = engine.Move{Kind: engine.Sow, Pit: uint8(pit + 1)}
	}
	if a.Exact {
		a.Line = owareLine(db, p, 24)
	}
	return a, true
}

// owareLine plays the database's moves from p through the engine while the
// board's value is exact, for at most n plies, stopping before a position
// would come back.
func owareLine(db *oware.DB, p engine.Position, n int) []engine.Move {
	var out []engine.Move
	seen := map[engine.Key]bool{p.Key(): true}
	for len(out) < n && p.Status() == engine.Ongoing {
		b, _ := oware.BoardOf(&p)
		if b.Seeds() > db.MaxSeeds {
			break
		}
		if _, exact := db.Exact(b); !exact {
			break
		}
		pit, ok := db.BestMove(b)
		if !ok {
			break
		}
		m := engine.Move{Kind: engine.Sow, Pit: uint8(pit + 1)}
		q, err := p.Play(m)
		if err != nil || seen[q.Key()] {
			break
		}
		seen[q.Key()] = true
		out = append(out, m)
		p = q
	}
	return out
}

// ExactInEndgames reports whether Perfect plays exactly under r near the
// end only, from an endgame database: Oware without cross-sowing (each
// grand-slam rule has its database), on every board of at most
// OwareDBSeeds seeds whose value the database holds exactly (about a
// third of the 12-seed boards; the others can cycle) while the history
// lets the repetition rule leave the database's lines alone (see
// owareLookup), Expert's moves elsewhere.
func ExactInEndgames(r engine.Rules) bool { _, ok := oware.Params(r); return ok }
