package search

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/kalah"
	"github.com/mancala-bot/mancala/search/internal/oware"
)

// OwareDBSeeds is the Oware endgame database the bot builds on first use:
// every board of up to 12 seeds (2.7 million boards, 10.8 MB, 30% of them
// with an exact value), built in about 12 seconds on two cores (see
// Prepare) and then read from the disk cache.
const OwareDBSeeds = oware.DBSeeds

// MaxOwareDBSeeds is the largest Oware endgame database: every board of up
// to 20 seeds, 226 million boards, 903 MB on disk and as much in memory.
// Databases above 14 seeds are built only by BuildOwareDB ("mancala book
// oware"), never on first use.
const MaxOwareDBSeeds = oware.MaxDBSeeds

// ErrOwareDBNotBuilt is the error of a level, Solve or OwareEndgame that
// needs an Oware database larger than 14 seeds which is not in the cache:
// only BuildOwareDB builds those.
var ErrOwareDBNotBuilt = oware.ErrNotBuilt

// owarePerfectSeeds, when not 0, is the database the levels use in place
// of OwarePerfectSeeds's: this package's tests set it, to keep their
// builds small.
var owarePerfectSeeds = 0

// owareFirstSeeds is the oware.FirstDB the levels consult under the
// first-recurrence rule; this package's tests make it smaller.
var owareFirstSeeds = oware.FirstSeeds

// OwarePerfectSeeds returns the seed count of the Oware endgame database
// (default rules: grand slams capture) that Perfect plays from, and Hard
// and Expert look up, with the cache directory CacheDir(): the largest
// that BuildOwareDB left there (up to MaxOwareDBSeeds), else
// OwareDBSeeds, built on first use.
// The cache is looked at once per process and directory (and again after
// a build or a failed load), so a database built by another process is
// used from the bot's next start. OwarePerfectSeedsFor answers for the
// other grand-slam rules.
func OwarePerfectSeeds() int { return owareSeeds(oware.Capture) }

// OwarePerfectSeedsFor is OwarePerfectSeeds for the database of the rules
// r (each grand-slam rule has its own); 0 when r is not Oware without
// cross-sowing (no database).
func OwarePerfectSeedsFor(r engine.Rules) int {
	s, ok := oware.Params(r)
	if !ok {
		return 0
	}
	return owareSeeds(s)
}

// owareSeeds is OwarePerfectSeedsFor for grand-slam rule s.
func owareSeeds(s oware.Slam) int {
	if owarePerfectSeeds > 0 {
		return owarePerfectSeeds
	}
	return oware.CachedSeeds(s, CacheDir())
}

// OwareDBStats describes a database BuildOwareDB built or found.
type OwareDBStats struct {
	Seeds   int           // every board with at most this many seeds in the pits
	Boards  uint64        // how many boards
	Exact   uint64        // how many of them have an exact value (the others can cycle)
	Bytes   int64         // the file's size
	Elapsed time.Duration // the build's time (0 when Cached)
	Cached  bool          // the file was in the cache already, whole, and was not rebuilt
	Path    string        // the file
}

// BuildOwareDB builds the Oware endgame database of the rules r (Oware
// without cross-sowing; each grand-slam rule has its own) of every board
// with up to seeds seeds (1 to MaxOwareDBSeeds) and saves it in the cache
// directory CacheDir(), where the levels (OwarePerfectSeedsFor), solve and analyze then
// find it; a whole file already there is kept and described (loaded and
// its checksum verified). progress, if not nil, is called after each
// level (seed count) is solved, with its time so far. 20 seeds took 33
// minutes here on two shared cores and 1.5 GB of memory at its peak (the
// database's 903 MB, the last level's previous sweep and the runtime's
// share).
//
// Its errors: ctx's when it ends (nothing is saved), an error for rules
// without a database, a seed count out of range or no cache directory,
// and the file system's.
func BuildOwareDB(ctx context.Context, r engine.Rules, seeds int, progress func(level int, elapsed time.Duration)) (OwareDBStats, error) {
	dir := CacheDir()
	slam, ok := oware.Params(r)
	switch {
	case !ok:
		return OwareDBStats{}, errors.New("the Oware endgame databases are for Oware without cross-sowing")
	case seeds < 1 || seeds > MaxOwareDBSeeds:
		return OwareDBStats{}, fmt.Errorf("an Oware endgame database holds 1 to %d seeds, not %d", MaxOwareDBSeeds, seeds)
	case dir == "":
		return OwareDBStats{}, errors.New("no cache directory for the database (set MANCALA_CACHE_DIR)")
	case !oware.LittleEndian:
		return OwareDBStats{}, errors.New("the Oware endgame database is cached only on little-endian machines")
	}
	st := OwareDBStats{Seeds: seeds, Path: filepath.Join(dir, oware.FileName(slam, seeds))}
	db := oware.NewDB(slam, seeds)
	if db.Load(dir) == nil { // load checks the header, length and CRC
		st.Cached = true
	} else {
		t0 := time.Now()
		var onLevel func(int)
		if progress != nil {
			onLevel = func(k int) { progress(k, time.Since(t0)) }
		}
		if err := db.Build(ctx, onLevel); err != nil {
			return OwareDBStats{}, err
		}
		st.Elapsed = time.Since(t0)
		if err := db.Save(dir); err != nil {
			return OwareDBStats{}, err
		}
		oware.ForgetCachedSeeds(dir)
	}
	st.Boards = uint64(len(db.Lo))
	for i := range db.Lo {
		if db.Lo[i] == db.Hi[i] {
			st.Exact++
		}
	}
	if fi, err := os.Stat(st.Path); err == nil {
		st.Bytes = fi.Size()
	}
	return st, nil
}

// loadedOwareDB returns the levels' Oware database for the rules r if it
// is in memory (see oware.LoadedDBNoWait), else nil.
func loadedOwareDB(r engine.Rules) *oware.DB {
	slam, ok := oware.Params(r)
	if !ok {
		return nil
	}
	return oware.LoadedDBNoWait(slam, owareSeeds(slam), CacheDir())
}

// owareLookup answers an Oware position from db (built for p's grand-slam
// rule): the move that achieves the board's value and the final margin
// with it, if the board holds at most db.MaxSeeds seeds, its value is
// exact, and the history (oldest first, p excluded) lets the repetition
// rule leave the database's lines alone (oware.TrustedAfter: under the
// third-occurrence rule, no position with as many seeds on the board
// occurred twice). The margin counts play to the end of the board: the
// majority rule may stop the game earlier with the same winner.
//
// Where the history refuses but the side to move has played the
// database's moves since the board's seed count began
// (oware.StrategyTrusted; under Abapa's first recurrence, after the
// opponent's quiet moves), it answers with the database's move and no
// claim (Exact false): that move still secures the exact value, which is
// then only a lower bound, since a position played before could recur.
func owareLookup(db *oware.DB, p engine.Position, history []engine.Position) (Decision, bool) {
	b, margin, ok := owareBoardIn(db, p)
	if !ok {
		return Decision{}, false
	}
	v, exact := db.Exact(b)
	if !exact {
		return Decision{}, false
	}
	trusted := oware.TrustedAfter(&p, history)
	if !trusted && !oware.StrategyTrusted(db, &p, history) {
		return Decision{}, false
	}
	pit, ok := db.BestMove(b)
	if !ok {
		return Decision{}, false
	}
	d := Decision{Move: engine.Move{Kind: engine.Sow, Pit: uint8(pit + 1)}}
	if trusted {
		d.Exact, d.Value, d.ToBoardEnd = true, margin+v, true
	}
	return d, true
}

// owareStrategyWin answers an Oware position that the database wins for
// the side to move: when that side has played the database's moves since
// the board's seed count began (oware.StrategyTrusted; vacuously so on
// the level's first position), the database's move keeps the board's
// lower bound lo, whatever the history and the repetition rule, and with
// the stores that is a win (margin + lo > 0). The searching levels play
// it rather than search: under Abapa's first recurrence, after a quiet
// move, a search cannot prove the win and may leave the line that
// secures it. ok is false elsewhere and without a database (db nil).
func owareStrategyWin(db *oware.DB, p engine.Position, history []engine.Position) (engine.Move, bool) {
	b, margin, ok := owareBoardIn(db, p)
	if !ok || !oware.StrategyTrusted(db, &p, history) {
		return engine.Move{}, false
	}
	if lo, _ := db.Bounds(b); margin+lo <= 0 {
		return engine.Move{}, false
	}
	pit, ok := db.BestMove(b)
	if !ok {
		return engine.Move{}, false
	}
	return engine.Move{Kind: engine.Sow, Pit: uint8(pit + 1)}, true
}

// owareBoardIn is p's board and store margin for its side to move
// (oware.BoardOf), ok when db covers p: db is not nil, p is an ongoing
// Oware game under db's grand-slam rule, with at most db.MaxSeeds seeds in
// the pits.
func owareBoardIn(db *oware.DB, p engine.Position) (b kalah.Board, margin int, ok bool) {
	if db == nil || p.Status() != engine.Ongoing {
		return b, 0, false
	}
	if s, ok := oware.Params(p.Rules()); !ok || s != db.Slam {
		return b, 0, false
	}
	b, margin = oware.BoardOf(&p)
	return b, margin, b.Seeds() <= db.MaxSeeds
}
