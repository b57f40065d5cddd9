package kalah

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/mancala-bot/mancala/search/internal/dbfile"
	"github.com/mancala-bot/mancala/search/internal/keylock"
)

// DB is an endgame database for Kalah: the exact value (the best store
// difference the side to move can still gain) of every board with at most
// maxSeeds seeds left in the pits, for one board size and capture rule.
//
// It is built by retrograde analysis, level by level: seeds never come back
// to the pits in Kalah, so a board's value depends only on boards with fewer
// seeds and on boards with as many seeds reached by sowings that stay in
// the mover's own row. Those never form a cycle (every such sowing moves
// seeds rightwards), and they keep the number of seeds on each side of the
// board, so each level splits into classes by that pair of numbers that can
// be built in parallel.
//
// Boards are indexed by the combinatorial number system: the 2n pit counts,
// mover's pits first, are a composition of the seeds, and
// index = sum over j of C(P_j + j, j+1) where P_j is the sum of the first
// j+1 counts. Boards with fewer seeds come first, so a database for k seeds
// is a prefix of one for more. One byte a board: C(K+2n, 2n) bytes in all
// (6 pits: 30 MB for 16 seeds, 86 MB for 18, 226 MB for 20).
type DB struct {
	g        *Geom
	maxSeeds int
	Vals     []int8
}

const dbUnknown = -128

// DBSize returns the number of boards of 2n pits with at most k seeds.
func DBSize(n, k int) uint64 { return binomial(k+2*n, 2*n) }

// binomial returns C(n, k), or math.MaxUint64 if it does not fit.
func binomial(n, k int) uint64 {
	if k < 0 || k > n {
		return 0
	}
	if n < len(binomTab[0]) && k < len(binomTab) {
		return binomTab[k][n]
	}
	return math.MaxUint64
}

// binomTab[j][x] = C(x, j), saturated at math.MaxUint64: enough for the
// rank of any Kalah board (at most 16 pits, 255 seeds).
var binomTab = func() (t [17][272]uint64) {
	for x := range t[0] {
		t[0][x] = 1
	}
	for j := 1; j < len(t); j++ {
		for x := 1; x < len(t[j]); x++ {
			a, b := t[j-1][x-1], t[j][x-1]
			if s := a + b; s >= a {
				t[j][x] = s
			} else {
				t[j][x] = math.MaxUint64
			}
		}
	}
	return t
}()

// DBBytes returns the memory a database takes.
func DBBytes(n, k int) uint64 { return DBSize(n, k) }

// MaxDBSeeds returns the largest seed count whose database for n pits fits
// in budget bytes (-1: none; limited to 40 seeds).
func MaxDBSeeds(n int, budget uint64) int {
	k := -1
	for k+1 <= 40 && DBBytes(n, k+1) <= budget {
		k++
	}
	return k
}

func NewDB(g *Geom, k int) *DB { return &DB{g: g, maxSeeds: k} }

// alloc gives the database room for n values, freed with the database.
func (db *DB) alloc(n int) {
	vals, free := dbfile.HugeAlloc[int8](n)
	db.Vals = vals
	runtime.AddCleanup(db, func(free func()) { free() }, free)
}

// index returns the board's place in the database; b must hold at most
// maxSeeds seeds.
func (db *DB) index(b Board) uint64 { return db.g.Rank(b) }

// Value returns the board's value; b must hold at most maxSeeds seeds.
func (db *DB) Value(b Board) int { return int(db.Vals[db.index(b)]) }

// Compositions returns every way to put k seeds into n pits, as rows.
func Compositions(n, k int) []uint64 {
	var out []uint64
	var rec func(i, left int, row uint64)
	rec = func(i, left int, row uint64) {
		if i == n-1 {
			out = append(out, row|uint64(left)<<(8*i))
			return
		}
		for x := 0; x <= left; x++ {
			rec(i+1, left-x, row|uint64(x)<<(8*i))
		}
	}
	if n > 0 {
		rec(0, k, 0)
	}
	return out
}

// Build fills the database, using up to workers goroutines, calling
// onLevel (if not nil) with each seed count done. It returns ctx's error
// if cancelled.
func (db *DB) Build(ctx context.Context, workers int, onLevel func(done int)) error {
	n, K := db.g.N, db.maxSeeds
	db.alloc(int(DBSize(n, K)))
	for i := range db.Vals {
		db.Vals[i] = dbUnknown
	}
	rows := make([][]uint64, K+1)
	for k := range rows {
		rows[k] = Compositions(n, k)
	}
	if workers < 1 {
		workers = 1
	}
	for k := 0; k <= K; k++ {
		// Class j holds the boards with j seeds on one side and k-j on the
		// other; the largest classes go first.
		var classes []int
		for j := k / 2; j >= 0; j-- {
			classes = append(classes, j)
		}
		var next atomic.Int64
		var wg sync.WaitGroup
		var stop atomic.Bool
		for range min(workers, len(classes)) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for !stop.Load() {
					c := int(next.Add(1)) - 1
					if c >= len(classes) {
						return
					}
					j := classes[c]
					db.fillClass(rows[j], rows[k-j], k, &stop, ctx)
					if j != k-j {
						db.fillClass(rows[k-j], rows[j], k, &stop, ctx)
					}
				}
			}()
		}
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return err
		}
		if onLevel != nil {
			onLevel(k)
		}
	}
	return nil
}

func (db *DB) fillClass(mine, theirs []uint64, k int, stop *atomic.Bool, ctx context.Context) {
	for i, my := range mine {
		if i&255 == 0 && ctx.Err() != nil {
			stop.Store(true)
			return
		}
		for _, opp := range theirs {
			b := Board{my, opp}
			if idx := db.index(b); db.Vals[idx] == dbUnknown {
				db.solve(b, k, idx)
			}
		}
	}
}

// solve computes the value of board b (k seeds, index idx) from its
// children, solving the children of the same level first.
func (db *DB) solve(b Board, k int, idx uint64) int8 {
	if b.My == 0 || b.Opp == 0 {
		v := int8(RowSum(b.My) - RowSum(b.Opp))
		db.Vals[idx] = v
		return v
	}
	g := db.g
	best := -1 << 30
	for i := range g.N {
		if uint8(b.My>>(8*i)) == 0 {
			continue
		}
		child, gain, extra, over := g.Play(b, i)
		v := gain
		if !over {
			ci := db.index(child)
			cv := db.Vals[ci]
			if cv == dbUnknown {
				// Only a sowing within the mover's row stays on this level.
				cv = db.solve(child, k-gain, ci)
			}
			if extra {
				v += int(cv)
			} else {
				v -= int(cv)
			}
		}
		best = max(best, v)
	}
	db.Vals[idx] = int8(best)
	return int8(best)
}

// The on-disk format: a header, the values, and a CRC-32 of the values.
const dbMagic = "MANCALA-KALAHDB1"

type dbHeader struct {
	Magic        [16]byte
	Pits         uint32
	EmptyCapture uint32
	MaxSeeds     uint32
	Size         uint64
}

func DBFileName(n int, emptyCapture bool, k int) string {
	ec := 0
	if emptyCapture {
		ec = 1
	}
	return fmt.Sprintf("kalah-db-p%d-ec%d-s%d.bin", n, ec, k)
}

func (db *DB) Save(dir string) error {
	return dbfile.WriteCacheFile(dir, DBFileName(db.g.N, db.g.EmptyCapture, db.maxSeeds), func(f io.Writer) error {
		h := dbHeader{Pits: uint32(db.g.N), MaxSeeds: uint32(db.maxSeeds), Size: uint64(len(db.Vals))}
		copy(h.Magic[:], dbMagic)
		if db.g.EmptyCapture {
			h.EmptyCapture = 1
		}
		w := bufio.NewWriterSize(f, 1<<20)
		if err := binary.Write(w, binary.LittleEndian, h); err != nil {
			return err
		}
		crc := crc32.NewIEEE()
		buf := make([]byte, 1<<16)
		for off := 0; off < len(db.Vals); off += len(buf) {
			m := min(len(buf), len(db.Vals)-off)
			for i := range m {
				buf[i] = byte(db.Vals[off+i])
			}
			crc.Write(buf[:m])
			if _, err := w.Write(buf[:m]); err != nil {
				return err
			}
		}
		if err := binary.Write(w, binary.LittleEndian, crc.Sum32()); err != nil {
			return err
		}
		return w.Flush()
	})
}

func (db *DB) Load(dir string) error {
	f, err := os.Open(filepath.Join(dir, DBFileName(db.g.N, db.g.EmptyCapture, db.maxSeeds)))
	if err != nil {
		return err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	var h dbHeader
	if err := binary.Read(r, binary.LittleEndian, &h); err != nil {
		return dbfile.ErrBadDB
	}
	want := DBSize(db.g.N, db.maxSeeds)
	ec := db.g.EmptyCapture == (h.EmptyCapture == 1)
	if string(h.Magic[:]) != dbMagic || int(h.Pits) != db.g.N || !ec || int(h.MaxSeeds) != db.maxSeeds || h.Size != want {
		return dbfile.ErrBadDB
	}
	db.alloc(int(want))
	vals := db.Vals
	// Read straight into the values: an int8 is stored as its byte.
	raw := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(vals))), len(vals))
	if _, err := io.ReadFull(r, raw); err != nil {
		return dbfile.ErrBadDB
	}
	var sum uint32
	if err := binary.Read(r, binary.LittleEndian, &sum); err != nil || sum != crc32.ChecksumIEEE(raw) {
		return dbfile.ErrBadDB
	}
	db.Vals = vals
	return nil
}

// dbCache keeps the databases loaded in this process, so that the bot pays
// for a database once; it holds at most DBCacheBytes, the most recently
// used first. Its lock is held only to read or change list, never during
// a load or a build (GetDBFn).
var dbCache struct {
	sync.Mutex
	list []*cachedDB
}

type cachedDB struct {
	key string
	db  *DB
}

const DBCacheBytes = 1 << 30

// LoadedDB returns the seed count of a database for g in memory (kept for
// dir) holding from lo to hi seeds, or 0.
func LoadedDB(g *Geom, lo, hi int, dir string) int {
	dbCache.Lock()
	defer dbCache.Unlock()
	for _, c := range dbCache.list {
		if c.db.g == g && c.db.maxSeeds >= lo && c.db.maxSeeds <= hi && c.key == fmt.Sprintf("%s|%s", dir, DBFileName(g.N, g.EmptyCapture, c.db.maxSeeds)) {
			return c.db.maxSeeds
		}
	}
	return 0
}

// LoadedDBNoWait returns a database for g in memory (kept for dir) that
// holds from lo to hi seeds, or nil, without waiting for a load or build
// (the cache's lock is never held during one).
func LoadedDBNoWait(g *Geom, lo, hi int, dir string) *DB {
	dbCache.Lock()
	defer dbCache.Unlock()
	for _, c := range dbCache.list {
		if c.db.g == g && c.db.maxSeeds >= lo && c.db.maxSeeds <= hi && c.key == fmt.Sprintf("%s|%s", dir, DBFileName(g.N, g.EmptyCapture, c.db.maxSeeds)) {
			return c.db
		}
	}
	return nil
}

// GetDB returns the database for the geometry and seed count: from
// memory, else from the disk cache in dir (if dir is not ""), else built
// (and then saved to dir; a failure to save is not an error). built says
// whether it had to be built. Callers asking for one database at once
// share one load or build (the others wait for it, and get built false);
// the databases already in memory, and the loads of others, never wait
// for it.
func GetDB(ctx context.Context, g *Geom, k int, dir string) (db *DB, built bool, err error) {
	return GetDBFn(ctx, g, k, dir, nil)
}

// GetDBFn is GetDB that calls onLevel (if not nil) as a build
// progresses (see build).
func GetDBFn(ctx context.Context, g *Geom, k int, dir string, onLevel func(done int)) (db *DB, built bool, err error) {
	key := fmt.Sprintf("%s|%s", dir, DBFileName(g.N, g.EmptyCapture, k))
	if db := cachedLookup(key); db != nil {
		return db, false, nil
	}
	// One caller at a time loads or builds this database; the others wait
	// for it and then find it in memory. Other databases stay available.
	unlock := loading.Lock(key)
	defer unlock()
	if db := cachedLookup(key); db != nil {
		return db, false, nil
	}
	db = NewDB(g, k)
	if dir == "" || db.Load(dir) != nil {
		if err := db.Build(ctx, runtime.GOMAXPROCS(0), onLevel); err != nil {
			return nil, false, err
		}
		built = true
		if dir != "" {
			_ = db.Save(dir)
		}
	}
	dbCache.Lock()
	defer dbCache.Unlock()
	total := uint64(len(db.Vals))
	n := 0
	for _, c := range dbCache.list {
		if total += uint64(len(c.db.Vals)); total > DBCacheBytes {
			break
		}
		n++
	}
	dbCache.list = append([]*cachedDB{{key, db}}, dbCache.list[:n]...)
	return db, built, nil
}

// loading serializes GetDBFn's loads and builds, one database at a time.
var loading keylock.Locks

// cachedLookup returns the database kept under key, moved to the front of
// the cache (the most recently used), or nil.
func cachedLookup(key string) *DB {
	dbCache.Lock()
	defer dbCache.Unlock()
	for i, c := range dbCache.list {
		if c.key == key {
			copy(dbCache.list[1:i+1], dbCache.list[:i])
			dbCache.list[0] = c
			return c.db
		}
	}
	return nil
}
