package search

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/dbfile"
	"github.com/mancala-bot/mancala/search/internal/kalah"
)

// owareDB is an endgame database for Oware (the default rules: grand slams
// capture, no cross-sowing): for every board with at most maxSeeds seeds in
// the pits, seen from the side to move, the seeds the side to move gains
// over the opponent from the seeds on the board with perfect play by both.
//
// The value counts play until the board is cleared: captures, and the
// engine's end when a player cannot move (each side takes the seeds on its
// own side). It leaves out the majority rule, which stops the game as soon
// as a store holds more than half of all the seeds: that needs the stores,
// which the database does not know, and it never changes who wins (stores
// only grow, so a majority once reached is kept to the end). So a
// position's result under the engine's rules (win, draw or loss) is the
// sign of its store margin plus the value; its final margin is that sum
// when no majority is reached on the way.
//
// Captured seeds leave the board, so a board's value depends on boards with
// fewer seeds (after a capture) and on boards with as many (a sowing that
// captures nothing), which can form cycles. Each level (a seed count) is
// solved by iterating bounds to their fixed point: lo and hi start at -k
// and +k (the widest a value can be with k seeds on the board) and are
// tightened, board after board, by lo = max over moves of (gain - hi of
// the child) and hi = max over moves of (gain - lo of the child) until no
// bound moves. lo is then what the side to move can force, within a
// bounded number of moves, against any defence, and hi what the opponent
// can hold it to. Such forcing play never returns to a position (its
// distance to the end decreases), so the third-repetition rule does not
// touch it: where lo == hi the value is exact for a game that reaches the
// board without a position of the same seed count having already occurred
// twice (in particular for a position set up from scratch). Where lo < hi
// the players can keep sowing around the board and the value depends on
// the repetition rule and on the history; the database keeps both bounds
// and says the value is not known.
//
// Boards are indexed as Kalah's are (kalah.Geom.Rank on the twelve pits,
// mover's first), one byte per bound and two for the sweep at which the
// upper bound settled (see build): 4 * C(K+12, 12) bytes for K seeds.
// Only build writes them: a database loaded from the cache is a read-only
// mapping of its file (load).
type owareDB struct {
	maxSeeds int
	lo, hi   []int8
	dhi      []uint16 // the sweep at which hi settled (see build)
}

// owareGeom ranks Oware boards: the twelve pits as Kalah's six-pit boards.
var owareGeom = kalah.NewGeom(6, false)

// owareDBSize returns the number of boards with at most k seeds.
func owareDBSize(k int) uint64 { return kalah.DBSize(6, k) }

// owareDBParams reports whether the rules are those the database is built
// for: Oware with grand slams capturing and no cross-sowing.
func owareDBParams(r engine.Rules) bool {
	if r == nil || r.Variant().ID != "oware" {
		return false
	}
	o := r.Options()
	return o["grand_slam"] == "capture" && o["cross"] != "true"
}

// owarePlay plays pit i (0..5) of the side to move on board b and returns
// the board seen from the opponent, who moves next, and the seeds
// captured. The move must be legal.
func owarePlay(b kalah.Board, i int) (child kalah.Board, gain int) {
	var r [12]uint8
	for j := range 6 {
		r[j] = uint8(b.My >> (8 * j))
		r[6+j] = uint8(b.Opp >> (8 * j))
	}
	s := int(r[i])
	r[i] = 0
	last := i
	for k := range s {
		last = (i + 1 + k%11) % 12
		r[last]++
	}
	if last >= 6 {
		for lo := last; lo >= 6 && (r[lo] == 2 || r[lo] == 3); lo-- {
			gain += int(r[lo])
			r[lo] = 0
		}
	}
	for j := range 6 {
		child.My |= uint64(r[6+j]) << (8 * j)
		child.Opp |= uint64(r[j]) << (8 * j)
	}
	return child, gain
}

// owareMoves returns the legal moves of board b as a bit mask of pits
// 0..5; 0 when the game is over (the side to move has no seeds, or the
// opponent has none and no move feeds them).
func owareMoves(b kalah.Board) uint {
	var m uint
	starving := b.Opp == 0
	for i := range 6 {
		s := kalah.PitAt(b.My, i)
		if s == 0 || starving && s < 6-i {
			continue
		}
		m |= 1 << i
	}
	return m
}

func newOwareDB(k int) *owareDB { return &owareDB{maxSeeds: k} }

// exact returns the value of board b if the database holds it exactly.
func (db *owareDB) exact(b kalah.Board) (int, bool) {
	i := owareGeom.Rank(b)
	lo := db.lo[i]
	return int(lo), lo == db.hi[i]
}

// bounds returns the proven bounds of board b's value.
func (db *owareDB) bounds(b kalah.Board) (lo, hi int) {
	i := owareGeom.Rank(b)
	return int(db.lo[i]), int(db.hi[i])
}

// build fills the database level by level, calling onLevel (if not nil)
// with each seed count done; it returns ctx's error if cancelled.
//
// A level is iterated in sweeps, each computing every board's bounds from
// the previous sweep's (lo_n and hi_n after n sweeps: what each side can
// force within about n plies), and each board keeps the sweep at which
// its upper bound reached its final value (dhi). A move that reaches the
// value of a board whose lower bound settled at sweep n leads to a child
// whose upper bound settled before n; Perfect plays such moves (the one
// with the smallest dhi), so its play makes progress: along its line the
// margin it can force never decreases, and while it stays the same the
// sweep counts decrease, so the line never comes back to a position.
func (db *owareDB) build(ctx context.Context, onLevel func(done int)) error {
	K := db.maxSeeds
	n := owareDBSize(K)
	db.lo = make([]int8, n)
	db.hi = make([]int8, n)
	db.dhi = make([]uint16, n)
	rows := make([][]uint64, K+1)
	for k := range rows {
		rows[k] = kalah.Compositions(6, k)
	}
	for k := 0; k <= K; k++ {
		first := uint64(0)
		if k > 0 {
			first = owareDBSize(k - 1)
		}
		last := owareDBSize(k)
		// Terminal boards get their value, the others the widest bounds.
		for j := 0; j <= k; j++ {
			for _, my := range rows[j] {
				for _, opp := range rows[k-j] {
					b := kalah.Board{My: my, Opp: opp}
					i := owareGeom.Rank(b)
					if owareMoves(b) == 0 {
						v := int8(j - (k - j))
						db.lo[i], db.hi[i] = v, v
					} else {
						db.lo[i], db.hi[i] = int8(-k), int8(k)
					}
				}
			}
		}
		prevLo := slices.Clone(db.lo[first:last])
		prevHi := slices.Clone(db.hi[first:last])
		for sweep := 1; ; sweep++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			if sweep > math.MaxUint16 {
				return errors.New("oware database: too many sweeps")
			}
			if !db.sweep(rows, k, first, prevLo, prevHi, uint16(sweep)) {
				break
			}
			copy(prevLo, db.lo[first:last])
			copy(prevHi, db.hi[first:last])
		}
		if onLevel != nil {
			onLevel(k)
		}
	}
	return nil
}

// sweep relaxes every board of level k (see relax) and reports whether
// any bound moved. A board's new bounds depend only on the previous
// sweep's (prevLo, prevHi) and on the lower levels, and each board writes
// only its own, so the boards are shared out among GOMAXPROCS goroutines,
// a row of the side to move's seeds (rows[j]) at a time; the result does
// not depend on the order.
func (db *owareDB) sweep(rows [][]uint64, k int, first uint64, prevLo, prevHi []int8, sweep uint16) bool {
	type task struct{ j, my int }
	var tasks []task
	for j := 1; j <= k; j++ {
		for my := range rows[j] {
			tasks = append(tasks, task{j, my})
		}
	}
	var next atomic.Int64
	var changed atomic.Bool
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(tasks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			moved := false
			for t := int(next.Add(1) - 1); t < len(tasks); t = int(next.Add(1) - 1) {
				j, my := tasks[t].j, rows[tasks[t].j][tasks[t].my]
				for _, opp := range rows[k-j] {
					if db.relax(kalah.Board{My: my, Opp: opp}, first, prevLo, prevHi, sweep) {
						moved = true
					}
				}
			}
			if moved {
				changed.Store(true)
			}
		}()
	}
	wg.Wait()
	return changed.Load()
}

// relax computes board b's bounds for this sweep from its children's:
// those of its own level (indices from first on) as the previous sweep
// left them (prevLo, prevHi), the others final. It reports whether they
// moved.
func (db *owareDB) relax(b kalah.Board, first uint64, prevLo, prevHi []int8, sweep uint16) bool {
	moves := owareMoves(b)
	if moves == 0 {
		return false
	}
	idx := owareGeom.Rank(b)
	lo, hi := db.lo[idx], db.hi[idx]
	if lo == hi {
		return false
	}
	nlo, nhi := -128, -128
	for i := range 6 {
		if moves&(1<<i) == 0 {
			continue
		}
		c, g := owarePlay(b, i)
		ci := owareGeom.Rank(c)
		var clo, chi int8
		if g == 0 { // the same level: the previous sweep's (see sweep)
			clo, chi = prevLo[ci-first], prevHi[ci-first]
		} else {
			clo, chi = db.lo[ci], db.hi[ci]
		}
		nlo = max(nlo, g-int(chi))
		nhi = max(nhi, g-int(clo))
	}
	changed := false
	if int8(nlo) > lo {
		db.lo[idx], changed = int8(nlo), true
	}
	if int8(nhi) < hi {
		db.hi[idx], db.dhi[idx], changed = int8(nhi), sweep, true
	}
	return changed
}

// owareBoardOf returns p's board seen from the side to move and the side
// to move's store margin.
func owareBoardOf(p *engine.Position) (kalah.Board, int) {
	me := p.ToMove()
	var b kalah.Board
	for j := range 6 {
		b.My |= uint64(p.Pit(me, j+1)) << (8 * j)
		b.Opp |= uint64(p.Pit(1-me, j+1)) << (8 * j)
	}
	return b, p.Store(me) - p.Store(1-me)
}

func (db *owareDB) String() string { return fmt.Sprintf("oware-db-s%d", db.maxSeeds) }

// OwareDBSeeds is the Oware endgame database the bot builds on first use:
// every board of up to 12 seeds (2.7 million boards, 10.8 MB, 30% of them
// with an exact value), built in about 12 seconds on two cores (see
// Prepare) and then read from the disk cache.
const OwareDBSeeds = 12

// MaxOwareDBSeeds is the largest Oware endgame database: every board of up
// to 20 seeds, 226 million boards, 903 MB on disk and as much in memory.
// Databases above maxOwareBuildOnUse seeds are built only by BuildOwareDB
// ("mancala book oware"), never on first use.
const MaxOwareDBSeeds = 20

// maxOwareBuildOnUse is the largest Oware database getOwareDB builds when
// it is not in the cache: 14 seeds, 39 MB, about a minute on two cores.
const maxOwareBuildOnUse = 14

// owarePerfectSeeds, when not 0, is the database the levels use in place
// of OwarePerfectSeeds's: this package's tests set it, to keep their
// builds small.
var owarePerfectSeeds = 0

// OwarePerfectSeeds returns the seed count of the Oware endgame database
// that Perfect plays from, and Hard and Expert look up, with the cache
// directory CacheDir(): the largest that BuildOwareDB left there (up to
// MaxOwareDBSeeds), else OwareDBSeeds, built on first use. The cache is
// looked at once per process and directory (and again after a build or a
// failed load), so a database built by another process is used from the
// bot's next start.
func OwarePerfectSeeds() int {
	if owarePerfectSeeds > 0 {
		return owarePerfectSeeds
	}
	return cachedOwareSeeds(CacheDir())
}

// owareSeedsCache remembers cachedOwareSeeds's answer by directory.
var owareSeedsCache struct {
	sync.Mutex
	m map[string]int
}

// cachedOwareSeeds returns the seed count of the largest Oware database in
// dir with more than OwareDBSeeds seeds whose file is whole (its header
// and length check out; the checksum is read when it loads), else
// OwareDBSeeds.
func cachedOwareSeeds(dir string) int {
	owareSeedsCache.Lock()
	defer owareSeedsCache.Unlock()
	if k, ok := owareSeedsCache.m[dir]; ok {
		return k
	}
	k := OwareDBSeeds
	if dir != "" && littleEndian {
		for s := MaxOwareDBSeeds; s > OwareDBSeeds; s-- {
			if owareDBFileOK(dir, s) {
				k = s
				break
			}
		}
	}
	if owareSeedsCache.m == nil {
		owareSeedsCache.m = map[string]int{}
	}
	owareSeedsCache.m[dir] = k
	return k
}

// forgetCachedOwareSeeds makes the next cachedOwareSeeds(dir) look again.
func forgetCachedOwareSeeds(dir string) {
	owareSeedsCache.Lock()
	defer owareSeedsCache.Unlock()
	delete(owareSeedsCache.m, dir)
}

// owareDBFileOK reports whether dir holds a file for the k-seed database
// with the right header and length.
func owareDBFileOK(dir string, k int) bool {
	f, err := os.Open(filepath.Join(dir, owareDBFileName(k)))
	if err != nil {
		return false
	}
	defer f.Close()
	var h owareDBHeader
	if binary.Read(f, binary.LittleEndian, &h) != nil || !h.fits(k) {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Size() == h.fileSize()
}

// The on-disk format: a header, the lower bounds, the upper bounds, the
// sweeps at which the upper bounds settled (16 bits, little-endian), and a
// CRC-32 of all three.
const owareDBMagic = "MANCALA-OWAREDB2"

type owareDBHeader struct {
	Magic    [16]byte
	MaxSeeds uint32
	Size     uint64
}

// fileSize is the length of the file h heads: the header, four bytes a
// board and the CRC.
func (h owareDBHeader) fileSize() int64 { return int64(binary.Size(h)) + 4*int64(h.Size) + 4 }

// fits reports whether h is the header of this format's k-seed database.
func (h owareDBHeader) fits(k int) bool {
	return string(h.Magic[:]) == owareDBMagic && int(h.MaxSeeds) == k && h.Size == owareDBSize(k)
}

func owareDBFileName(k int) string { return fmt.Sprintf("oware-db-s%d.bin", k) }

func int8Bytes(v []int8) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(v))), len(v))
}

// uint16Bytes views v as bytes in the machine's order, which must be
// little-endian (the file's): see littleEndian.
func uint16Bytes(v []uint16) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(v))), 2*len(v))
}

// littleEndian reports whether the machine stores numbers little-endian;
// elsewhere the database is built in memory and not cached.
var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

func (db *owareDB) save(dir string) error {
	return dbfile.WriteCacheFile(dir, owareDBFileName(db.maxSeeds), func(f io.Writer) error {
		h := owareDBHeader{MaxSeeds: uint32(db.maxSeeds), Size: uint64(len(db.lo))}
		copy(h.Magic[:], owareDBMagic)
		w := bufio.NewWriterSize(f, 1<<20)
		crc := crc32.NewIEEE()
		if err := binary.Write(w, binary.LittleEndian, h); err != nil {
			return err
		}
		for _, v := range [][]byte{int8Bytes(db.lo), int8Bytes(db.hi), uint16Bytes(db.dhi)} {
			crc.Write(v)
			if _, err := w.Write(v); err != nil {
				return err
			}
		}
		if err := binary.Write(w, binary.LittleEndian, crc.Sum32()); err != nil {
			return err
		}
		return w.Flush()
	})
}

// load maps the k-seed database file in dir (mapFile) after checking its
// header, length and CRC, so that the processes of one machine share one
// copy in the page cache. The bounds are read straight from the mapping:
// an int8 is stored as its byte, and dhi is little-endian, as the machine
// must be (littleEndian). Its errors are mapFile's and errBadDB.
func (db *owareDB) load(dir string) error {
	data, unmap, err := dbfile.MapFile(filepath.Join(dir, owareDBFileName(db.maxSeeds)))
	if err != nil {
		return err
	}
	var h owareDBHeader
	head := binary.Size(h)
	if len(data) < head {
		unmap()
		return dbfile.ErrBadDB
	}
	if _, err := binary.Decode(data[:head], binary.LittleEndian, &h); err != nil || !h.fits(db.maxSeeds) {
		unmap()
		return dbfile.ErrBadDB
	}
	n := int(h.Size)
	body := data[head:]
	if int64(len(data)) != h.fileSize() || binary.LittleEndian.Uint32(body[4*n:]) != crc32.ChecksumIEEE(body[:4*n]) {
		unmap()
		return dbfile.ErrBadDB
	}
	// The header is 28 bytes and the bounds 2n, so dhi starts on an even
	// offset of a page-aligned mapping: aligned for uint16.
	db.lo = unsafe.Slice((*int8)(unsafe.Pointer(&body[0])), n)
	db.hi = unsafe.Slice((*int8)(unsafe.Pointer(&body[n])), n)
	db.dhi = unsafe.Slice((*uint16)(unsafe.Pointer(&body[2*n])), n)
	return nil
}

// owareDBs keeps the Oware databases loaded in this process, by cache
// directory and seed count.
var owareDBs struct {
	sync.Mutex
	m map[string]*owareDB
}

// ErrOwareDBNotBuilt is getOwareDB's error for a database larger than
// maxOwareBuildOnUse seeds that is not in the cache: only BuildOwareDB
// builds those.
var ErrOwareDBNotBuilt = errors.New("Oware endgame database not in the cache")

// getOwareDB returns the Oware database for up to k seeds: from memory,
// else from the disk cache in dir (if dir is not ""), else built (and then
// saved to dir; a failure to save is not an error) when k is at most
// maxOwareBuildOnUse. Its errors are ctx's, when it ends during a build,
// and ErrOwareDBNotBuilt.
func getOwareDB(ctx context.Context, k int, dir string) (*owareDB, error) {
	key := dir + "|" + owareDBFileName(k)
	owareDBs.Lock()
	defer owareDBs.Unlock()
	if db := owareDBs.m[key]; db != nil {
		return db, nil
	}
	db := newOwareDB(k)
	if !littleEndian {
		dir = ""
	}
	if dir == "" || db.load(dir) != nil {
		if k > maxOwareBuildOnUse {
			forgetCachedOwareSeeds(dir) // the file the cache named is gone or damaged
			return nil, fmt.Errorf("%d seeds: %w; build it with \"mancala book oware --db-seeds %d\"", k, ErrOwareDBNotBuilt, k)
		}
		if err := db.build(ctx, nil); err != nil {
			return nil, err
		}
		if dir != "" {
			_ = db.save(dir)
		}
	}
	if owareDBs.m == nil {
		owareDBs.m = map[string]*owareDB{}
	}
	owareDBs.m[key] = db
	return db, nil
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

// BuildOwareDB builds the Oware endgame database of every board with up to
// seeds seeds (1 to MaxOwareDBSeeds) and saves it in the cache directory
// CacheDir(), where the levels (OwarePerfectSeeds), solve and analyze then
// find it; a whole file already there is kept and described (loaded and
// its checksum verified). progress, if not nil, is called after each
// level (seed count) is solved, with its time so far. 20 seeds took 33
// minutes here on two shared cores and 1.5 GB of memory at its peak (the
// database's 903 MB, the last level's previous sweep and the runtime's
// share).
//
// Its errors: ctx's when it ends (nothing is saved), an error for a
// seed count out of range or no cache directory, and the file system's.
func BuildOwareDB(ctx context.Context, seeds int, progress func(level int, elapsed time.Duration)) (OwareDBStats, error) {
	dir := CacheDir()
	switch {
	case seeds < 1 || seeds > MaxOwareDBSeeds:
		return OwareDBStats{}, fmt.Errorf("an Oware endgame database holds 1 to %d seeds, not %d", MaxOwareDBSeeds, seeds)
	case dir == "":
		return OwareDBStats{}, errors.New("no cache directory for the database (set MANCALA_CACHE_DIR)")
	case !littleEndian:
		return OwareDBStats{}, errors.New("the Oware endgame database is cached only on little-endian machines")
	}
	st := OwareDBStats{Seeds: seeds, Path: filepath.Join(dir, owareDBFileName(seeds))}
	db := newOwareDB(seeds)
	if db.load(dir) == nil { // load checks the header, length and CRC
		st.Cached = true
	} else {
		t0 := time.Now()
		var onLevel func(int)
		if progress != nil {
			onLevel = func(k int) { progress(k, time.Since(t0)) }
		}
		if err := db.build(ctx, onLevel); err != nil {
			return OwareDBStats{}, err
		}
		st.Elapsed = time.Since(t0)
		if err := db.save(dir); err != nil {
			return OwareDBStats{}, err
		}
		forgetCachedOwareSeeds(dir)
	}
	st.Boards = uint64(len(db.lo))
	for i := range db.lo {
		if db.lo[i] == db.hi[i] {
			st.Exact++
		}
	}
	if fi, err := os.Stat(st.Path); err == nil {
		st.Bytes = fi.Size()
	}
	return st, nil
}

// loadedOwareDBNoWait returns the Oware database for k seeds if it is in
// memory (kept for dir), without waiting for one being built.
func loadedOwareDBNoWait(k int, dir string) *owareDB {
	if !owareDBs.TryLock() {
		return nil
	}
	defer owareDBs.Unlock()
	return owareDBs.m[dir+"|"+owareDBFileName(k)]
}

// owareLookup answers an Oware position (default rules) from db: the move
// that achieves the board's value and the final margin with it, if the
// board holds at most db.maxSeeds seeds, its value is exact, and no
// position of history (oldest first, p excluded) with as many seeds on
// the board occurred twice (the repetition rule could then end a line the
// database plays out). The margin counts play to the end of the board: the
// majority rule may stop the game earlier with the same winner.
func owareLookup(db *owareDB, p engine.Position, history []engine.Position) (Decision, bool) {
	if db == nil || !owareDBParams(p.Rules()) || p.Status() != engine.Ongoing {
		return Decision{}, false
	}
	b, margin := owareBoardOf(&p)
	k := b.Seeds()
	if k > db.maxSeeds {
		return Decision{}, false
	}
	v, exact := db.exact(b)
	if !exact {
		return Decision{}, false
	}
	seen := map[engine.Key]int{p.Key(): 1}
	for _, q := range history {
		if q.PitSeeds(engine.South)+q.PitSeeds(engine.North) != k {
			continue
		}
		if seen[q.Key()]++; seen[q.Key()] >= 2 {
			return Decision{}, false
		}
	}
	pit, ok := db.bestMove(b)
	if !ok {
		return Decision{}, false
	}
	return Decision{Move: engine.Move{Kind: engine.Sow, Pit: uint8(pit + 1)}, Exact: true, Value: margin + v, ToBoardEnd: true}, true
}

// bestMove returns a move (pit 0..5) that secures the lower bound of
// board b (its value, if exact) and makes progress (see build): of the
// moves securing it, the one whose child's upper bound settled first. ok
// is false when the game is over.
func (db *owareDB) bestMove(b kalah.Board) (pit int, ok bool) {
	v, _ := db.bounds(b)
	best, bestD := -1, uint32(math.MaxUint32)
	moves := owareMoves(b)
	for i := range 6 {
		if moves&(1<<i) == 0 {
			continue
		}
		c, g := owarePlay(b, i)
		ci := owareGeom.Rank(c)
		if g-int(db.hi[ci]) != v {
			continue
		}
		d := uint32(db.dhi[ci])
		if g > 0 {
			d = 0 // a capture leaves the level: progress
		}
		if d < bestD {
			best, bestD = i, d
		}
	}
	return best, best >= 0
}
