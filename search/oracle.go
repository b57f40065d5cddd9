package search

import (
	"context"
	"fmt"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/generic"
	"github.com/mancala-bot/mancala/search/internal/oware"
)

// owareOracle answers the heuristic search's Oware positions of at most
// db.MaxSeeds seeds in the pits from the endgame database: the store
// margin plus the database's bounds on what the side to move gains from
// the board. Those bounds hold for forcing play (see oware.DB), which is
// what generic.Oracle asks; they count play to the end of the board, past
// the majority rule, which may end a game sooner with the same winner.
//
// Under the first-recurrence rule it also answers from oware.FirstDB (nil
// until built), whose bounds count that rule's end and hold after any
// history once the search widens them (generic.FirstOracle).
type owareOracle struct {
	db    *oware.DB // nil: none in memory
	first *oware.FirstDB
}

func (o owareOracle) Bounds(p *engine.Position) (lo, hi int, ok bool) {
	if o.db == nil {
		return 0, 0, false
	}
	return o.db.ProbePosition(p)
}

func (o owareOracle) FirstBounds(p *engine.Position) (lo, hi int, ok bool) {
	if o.first == nil {
		return 0, 0, false
	}
	b, margin := oware.BoardOf(p)
	l, h, ok := o.first.Bounds(b)
	return margin + l, margin + h, ok
}

// oracleFor returns the oracle the heuristic search of p consults: Oware's
// endgame database for p's rules when it is in memory (it never loads or
// builds one, so that a search does not wait for it, nor plays otherwise
// whenever a load in the background ends: Prepare loads it), and under
// the first-recurrence rule its FirstDB when built (the first call starts
// its build in the background); else nil.
func oracleFor(p engine.Position) generic.Oracle {
	slam, ok := oware.Params(p.Rules())
	if !ok {
		return nil
	}
	o := owareOracle{db: oware.LoadedDBNoWait(slam, owareSeeds(slam), CacheDir())}
	if p.Rules().RepetitionLimit() == 2 {
		if o.first = oware.LoadedFirstNoWait(slam, owareFirstSeeds); o.first == nil {
			warmFirst(slam)
		}
	}
	if o.db == nil && o.first == nil {
		return nil
	}
	return o
}

// warmFirst builds rule slam's FirstDB in the background (goBackground)
// unless it is being built already (dbWarming, as warmKalahDB); a build
// that fails (StopBackground) may start again on the next call.
func warmFirst(slam oware.Slam) {
	key := fmt.Sprintf("oware-first|%v|%d", slam, owareFirstSeeds)
	if _, busy := dbWarming.LoadOrStore(key, true); busy {
		return
	}
	goBackground(func(ctx context.Context) {
		defer dbWarming.Delete(key)
		_, _ = oware.GetFirst(ctx, slam, owareFirstSeeds)
	})
}

// LoadCached loads the endgame databases that the heuristic search
// consults and that are already in the cache directory (today Oware's,
// one per grand-slam rule, OwarePerfectSeedsFor seeds), building none: the bot calls it at start, so
// that Hard and Expert consult a database built earlier (by Perfect's
// first game or "mancala book oware") from their first move. It returns
// the load's error (a damaged file, ctx's end); a database not in the
// cache is not an error.
func LoadCached(ctx context.Context) error {
	dir := CacheDir()
	if dir == "" {
		return nil
	}
	for _, slam := range oware.Slams {
		k := owareSeeds(slam)
		if !oware.FileOK(slam, dir, k) {
			continue
		}
		if _, err := oware.GetDB(ctx, slam, k, dir); err != nil {
			return err
		}
	}
	return nil
}
