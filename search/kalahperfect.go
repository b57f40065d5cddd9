package search

import (
	"context"
	"os"
	"path/filepath"
	"sync"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/kalah"
)

// perfectKalahMove is Perfect's move on a Kalah board with no pie-rule
// swap pending: the opening book's move if the board is in the book (see
// BuildKalahBook; the database is then loaded in the background for the
// moves past the book), else the exact solve from the position with the
// database perfectKalahDB gives, within Perfect's budget (at most
// perfectKalahBudget positions on one thread and perfectSolveTime, the
// database's loading included), else Expert's move in what is left of
// ctx (which the caller bounds by MaxThink). Only the book and a finished
// solve are Exact.
func perfectKalahMove(ctx context.Context, p engine.Position, history []engine.Position) (Decision, error) {
	g, k := perfectKalahDB(p.Rules())
	if bk := kalahBookFor(p.Rules()); bk != nil {
		if d, ok := bookLookup(bk, p); ok {
			// The solves past the book need the database (548 MB for
			// 22 seeds, seconds to load): its loading starts now.
			warmKalahDB(g, k)
			return d, nil
		}
	}
	sctx, cancel := context.WithTimeout(ctx, perfectSolveTime)
	defer cancel()
	if db, err := awaitKalahDB(sctx, g, k); err == nil {
		v := kalah.ViewOf(&p)
		tt := getKTT(g, perfectTableBytes)
		val, pit, _, err := solveBoard(sctx, g, db, tt, v.B, perfectKalahBudget, 1)
		putKTT(g, tt)
		if err == nil && pit > 0 {
			return Decision{Move: engine.Move{Pit: uint8(pit)}, Exact: true, Value: v.Margin + val}, nil
		}
	}
	if ctx.Err() != nil {
		// The time is over (the database took it): answer at once.
		return analyzeMove(context.Background(), p, history, 20_000)
	}
	return analyzeMove(ctx, p, history, levelSpecs[Expert].nodes)
}

// awaitKalahDB returns the database (g, k), loading or building it if need
// be; if ctx ends first it returns ctx's error and the load or build goes
// on for the moves to come.
func awaitKalahDB(ctx context.Context, g *kalah.Geom, k int) (*kalah.DB, error) {
	return await(ctx, func(bctx context.Context) (*kalah.DB, error) {
		db, _, err := kalah.GetDB(bctx, g, k, CacheDir())
		return db, err
	})
}

// perfectKalahDB returns the endgame database Perfect solves Kalah with
// under r (Kalah): the one its opening book was built with when the book
// and that database are in the cache directory; else the largest database
// of more than PerfectDBSeeds and at most DefaultDBSeeds seeds (and at
// most 1 GB) found there or in memory; else PerfectDBSeeds (or fewer, see
// perfectDB), built on first use.
func perfectKalahDB(r engine.Rules) (*kalah.Geom, int) {
	g, k, _ := perfectDB(r)
	dir := CacheDir()
	if bk := kalahBookFor(r); bk != nil && dbCached(g, bk.DBSeeds, dir) {
		return g, bk.DBSeeds
	}
	for j := DefaultDBSeeds; j > k; j-- {
		if kalah.DBBytes(g.N, j) <= kalah.DBCacheBytes && dbCached(g, j, dir) {
			return g, j
		}
	}
	return g, k
}

// dbCached reports whether the database (g, k) is in memory or in dir.
func dbCached(g *kalah.Geom, k int, dir string) bool {
	if kalah.LoadedDBNoWait(g, k, k, dir) != nil {
		return true
	}
	if dir == "" {
		return false
	}
	_, err := os.Stat(filepath.Join(dir, kalah.DBFileName(g.N, g.EmptyCapture, k)))
	return err == nil
}

// dbWarming holds the databases being loaded by warmKalahDB and warmFirst.
var dbWarming sync.Map

// warmKalahDB starts loading (or building) the database (g, k) in the
// background if it is not in memory, once at a time.
func warmKalahDB(g *kalah.Geom, k int) {
	dir := CacheDir()
	if kalah.LoadedDBNoWait(g, k, k, dir) != nil {
		return
	}
	key := dir + "|" + kalah.DBFileName(g.N, g.EmptyCapture, k)
	if _, busy := dbWarming.LoadOrStore(key, true); busy {
		return
	}
	goBackground(func(ctx context.Context) {
		defer dbWarming.Delete(key)
		_, _, _ = kalah.GetDB(ctx, g, k, dir)
	})
}
