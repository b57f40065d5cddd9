package search

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/mancala-bot/mancala/engine"
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
func owareLookup(db *oware.DB, p engine.Position, history []engine.Position) (Decision, bool) {
	if db == nil || p.Status() != engine.Ongoing {
		return Decision{}, false
	}
	if s, ok := oware.Params(p.Rules()); !ok || s != db.Slam {
		return Decision{}, false
	}
	b, margin := oware.BoardOf(&p)
	k := b.Seeds()
	if k > db.MaxSeeds {
		return Decision{}, false
	}
	v, exact := db.Exact(b)
	if !exact {
		return Decision{}, false
	}
	if !oware.TrustedAfter(&p, history) {
		return Decision{}, false
	}
	pit, ok := db.BestMove(b)
	if !ok {
		return Decision{}, false
	}
	return Decision{Move: engine.Move{Kind: engine.Sow, Pit: uint8(pit + 1)}, Exact: true, Value: margin + v, ToBoardEnd: true}, true
}
