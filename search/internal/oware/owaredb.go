package oware

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
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/dbfile"
	"github.com/mancala-bot/mancala/search/internal/kalah"
	"github.com/mancala-bot/mancala/search/internal/keylock"
)

// DB is an endgame database for Oware under one grand-slam rule (Slam; no
// cross-sowing): for every board with at most MaxSeeds seeds in the pits,
// seen from the side to move, the seeds the side to move gains over the
// opponent from the seeds on the board with perfect play by both.
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
// distance to the end decreases), so a repetition rule does not touch it
// unless the game's history holds positions of the board's seed count
// already: where lo == hi the value is exact for a game that reaches the
// board without a position of the same seed count having already occurred
// twice under the third-occurrence rule, or at all under a
// first-recurrence rule (in particular for a position set up from
// scratch, or reached by a capture): see the package documentation and
// TrustedAfter. Where lo < hi the players can keep sowing around the
// board and the value depends on the repetition rule and on the history;
// the database keeps both bounds and says the value is not known.
//
// The grand-slam rule changes the moves (Slam.Moves, Slam.Play), so each
// rule has a database of its own; the repetition rule does not.
//
// Boards are indexed as Kalah's are (kalah.Geom.Rank on the twelve pits,
// mover's first), one byte per bound and two for the sweep at which the
// upper bound settled (see Build): 4 * C(K+12, 12) bytes for K seeds.
// Only Build writes them: a database loaded from the cache is a read-only
// mapping of its file (Load).
type DB struct {
	Slam     Slam // the grand-slam rule the database is built for
	MaxSeeds int
	Lo, Hi   []int8
	DHi      []uint16 // the sweep at which hi settled (see Build)
}

// Geom ranks Oware boards: the twelve pits as Kalah's six-pit boards.
var Geom = kalah.NewGeom(6, false)

// DBSize returns the number of boards with at most k seeds.
func DBSize(k int) uint64 { return kalah.DBSize(6, k) }

// Slam is a grand-slam rule, the engine's Oware option grand_slam: what a
// move does that would capture every seed on the opponent's side after
// its sowing.
type Slam uint8

const (
	// Capture ("capture", the default): it captures them; the opponent,
	// left without seeds, cannot move, and the game ends.
	Capture Slam = iota
	// NoCapture ("nocapture"): it is legal and captures nothing.
	NoCapture
	// Forbidden ("forbidden"): it is illegal unless every legal move is
	// one; then it is played and captures as usual.
	Forbidden
)

// Slams lists the grand-slam rules, each with a database of its own.
var Slams = []Slam{Capture, NoCapture, Forbidden}

var slamNames = [...]string{"capture", "nocapture", "forbidden"}

// String returns the rule's value of the engine's grand_slam option.
func (s Slam) String() string {
	if int(s) < len(slamNames) {
		return slamNames[s]
	}
	return fmt.Sprintf("slam%d", int(s))
}

// Params reports whether a database serves the rules r (Oware without
// cross-sowing, any grand-slam rule, any start) and which grand-slam rule
// it must be built for. The repetition rule does not change the
// database (see the package documentation for what its values mean under
// each).
func Params(r engine.Rules) (Slam, bool) {
	if r == nil || r.Variant().ID != "oware" {
		return 0, false
	}
	o := r.Options()
	if o["cross"] == "true" {
		return 0, false
	}
	for i, n := range slamNames {
		if o["grand_slam"] == n {
			return Slam(i), true
		}
	}
	return 0, false
}

// play plays pit i (0..5) of the side to move on board b and returns the
// board seen from the opponent, the seeds captured, and whether the move
// is a grand slam (its capture chain holds every seed on the opponent's
// side). A grand slam captures unless keep is set; then it captures
// nothing.
func play(b kalah.Board, i int, keep bool) (child kalah.Board, gain int, slam bool) {
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
		lo := last
		for ; lo >= 6 && (r[lo] == 2 || r[lo] == 3); lo-- {
			gain += int(r[lo])
		}
		if gain > 0 {
			slam = true
			for j := 6; j <= lo; j++ {
				if r[j] != 0 {
					slam = false
					break
				}
			}
			for j := last + 1; j < 12; j++ {
				if r[j] != 0 {
					slam = false
					break
				}
			}
		}
		if slam && keep {
			gain = 0
		} else {
			for j := lo + 1; j <= last; j++ {
				r[j] = 0
			}
		}
	}
	for j := range 6 {
		child.My |= uint64(r[6+j]) << (8 * j)
		child.Opp |= uint64(r[j]) << (8 * j)
	}
	return child, gain, slam
}

// Play plays pit i (0..5) of the side to move on board b under grand-slam
// rule s and returns the board seen from the opponent, who moves next,
// and the seeds captured. The move must be legal (in s.Moves(b)).
func (s Slam) Play(b kalah.Board, i int) (child kalah.Board, gain int) {
	child, gain, _ = play(b, i, s == NoCapture)
	return child, gain
}

// Moves returns the legal moves of board b under grand-slam rule s as a
// bit mask of pits 0..5; 0 when the game is over (the side to move has
// no seeds, or the opponent has none and no move feeds them). Under
// Forbidden the grand slams are left out unless every move is one.
func (s Slam) Moves(b kalah.Board) uint {
	var m uint
	starving := b.Opp == 0
	for i := range 6 {
		n := kalah.PitAt(b.My, i)
		if n == 0 || starving && n < 6-i {
			continue
		}
		m |= 1 << i
	}
	if s == Forbidden && m != 0 {
		kept := m
		for i := range 6 {
			if m&(1<<i) != 0 {
				if _, _, slam := play(b, i, false); slam {
					kept &^= 1 << i
				}
			}
		}
		if kept != 0 {
			m = kept
		}
	}
	return m
}

// NewDB returns an empty database for grand-slam rule s and up to k seeds
// (see Build and Load).
func NewDB(s Slam, k int) *DB { return &DB{Slam: s, MaxSeeds: k} }

// Moves returns b's legal moves under the database's rules (Slam.Moves).
func (db *DB) Moves(b kalah.Board) uint { return db.Slam.Moves(b) }

// Play plays pit i of b under the database's rules (Slam.Play).
func (db *DB) Play(b kalah.Board, i int) (kalah.Board, int) { return db.Slam.Play(b, i) }

// Exact returns the value of board b if the database holds it exactly.
func (db *DB) Exact(b kalah.Board) (int, bool) {
	i := Geom.Rank(b)
	lo := db.Lo[i]
	return int(lo), lo == db.Hi[i]
}

// Bounds returns the proven bounds of board b's value.
func (db *DB) Bounds(b kalah.Board) (lo, hi int) {
	i := Geom.Rank(b)
	return int(db.Lo[i]), int(db.Hi[i])
}

// Build fills the database level by level, calling onLevel (if not nil)
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
func (db *DB) Build(ctx context.Context, onLevel func(done int)) error {
	K := db.MaxSeeds
	n := DBSize(K)
	db.Lo = make([]int8, n)
	db.Hi = make([]int8, n)
	db.DHi = make([]uint16, n)
	rows := make([][]uint64, K+1)
	for k := range rows {
		rows[k] = kalah.Compositions(6, k)
	}
	for k := 0; k <= K; k++ {
		first := uint64(0)
		if k > 0 {
			first = DBSize(k - 1)
		}
		last := DBSize(k)
		// Terminal boards get their value, the others the widest bounds.
		for j := 0; j <= k; j++ {
			for _, my := range rows[j] {
				for _, opp := range rows[k-j] {
					b := kalah.Board{My: my, Opp: opp}
					i := Geom.Rank(b)
					if db.Moves(b) == 0 {
						v := int8(j - (k - j))
						db.Lo[i], db.Hi[i] = v, v
					} else {
						db.Lo[i], db.Hi[i] = int8(-k), int8(k)
					}
				}
			}
		}
		prevLo := slices.Clone(db.Lo[first:last])
		prevHi := slices.Clone(db.Hi[first:last])
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
			copy(prevLo, db.Lo[first:last])
			copy(prevHi, db.Hi[first:last])
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
func (db *DB) sweep(rows [][]uint64, k int, first uint64, prevLo, prevHi []int8, sweep uint16) bool {
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
func (db *DB) relax(b kalah.Board, first uint64, prevLo, prevHi []int8, sweep uint16) bool {
	moves := db.Moves(b)
	if moves == 0 {
		return false
	}
	idx := Geom.Rank(b)
	lo, hi := db.Lo[idx], db.Hi[idx]
	if lo == hi {
		return false
	}
	nlo, nhi := -128, -128
	for i := range 6 {
		if moves&(1<<i) == 0 {
			continue
		}
		c, g := db.Play(b, i)
		ci := Geom.Rank(c)
		var clo, chi int8
		if g == 0 { // the same level: the previous sweep's (see sweep)
			clo, chi = prevLo[ci-first], prevHi[ci-first]
		} else {
			clo, chi = db.Lo[ci], db.Hi[ci]
		}
		nlo = max(nlo, g-int(chi))
		nhi = max(nhi, g-int(clo))
	}
	changed := false
	if int8(nlo) > lo {
		db.Lo[idx], changed = int8(nlo), true
	}
	if int8(nhi) < hi {
		db.Hi[idx], db.DHi[idx], changed = int8(nhi), sweep, true
	}
	return changed
}

// BoardOf returns p's board seen from the side to move and the side
// to move's store margin. It does not allocate.
func BoardOf(p *engine.Position) (kalah.Board, int) {
	me := p.ToMove()
	l := p.Rules().Layout()
	cells := p.Cells()
	var b kalah.Board
	for j, c := range l.PitCells(me)[:6] {
		b.My |= uint64(cells[c]) << (8 * j)
	}
	for j, c := range l.PitCells(1 - me)[:6] {
		b.Opp |= uint64(cells[c]) << (8 * j)
	}
	return b, int(cells[l.Store(me)]) - int(cells[l.Store(1-me)])
}

func (db *DB) String() string { return strings.TrimSuffix(FileName(db.Slam, db.MaxSeeds), ".bin") }

// DBSeeds is the database the bot builds on first use (search.OwareDBSeeds).
const DBSeeds = 12

// MaxDBSeeds is the largest database (search.MaxOwareDBSeeds). Databases
// above MaxBuildOnUse seeds are built only by search.BuildOwareDB
// ("mancala book oware"), never on first use.
const MaxDBSeeds = 20

// MaxBuildOnUse is the largest Oware database GetDB builds when
// it is not in the cache: 14 seeds, 39 MB, about a minute on two cores.
const MaxBuildOnUse = 14

// seedsKey names a directory's databases for one grand-slam rule.
type seedsKey struct {
	dir  string
	slam Slam
}

// owareSeedsCache remembers CachedSeeds's answer by directory and rule.
var owareSeedsCache struct {
	sync.Mutex
	m map[seedsKey]int
}

// CachedSeeds returns the seed count of the largest Oware database for
// grand-slam rule s in dir with more than DBSeeds seeds whose file is
// whole (its header and length check out; the checksum is read when it
// loads), else DBSeeds.
func CachedSeeds(s Slam, dir string) int {
	owareSeedsCache.Lock()
	defer owareSeedsCache.Unlock()
	if k, ok := owareSeedsCache.m[seedsKey{dir, s}]; ok {
		return k
	}
	k := DBSeeds
	if dir != "" && LittleEndian {
		for n := MaxDBSeeds; n > DBSeeds; n-- {
			if FileOK(s, dir, n) {
				k = n
				break
			}
		}
	}
	if owareSeedsCache.m == nil {
		owareSeedsCache.m = map[seedsKey]int{}
	}
	owareSeedsCache.m[seedsKey{dir, s}] = k
	return k
}

// ForgetCachedSeeds makes the next CachedSeeds for dir look again, for
// every grand-slam rule.
func ForgetCachedSeeds(dir string) {
	owareSeedsCache.Lock()
	defer owareSeedsCache.Unlock()
	for _, s := range Slams {
		delete(owareSeedsCache.m, seedsKey{dir, s})
	}
}

// FileOK reports whether dir holds a file for the k-seed database of
// grand-slam rule s with the right header and length.
func FileOK(s Slam, dir string, k int) bool {
	f, err := os.Open(filepath.Join(dir, FileName(s, k)))
	if err != nil {
		return false
	}
	defer f.Close()
	var h Header
	if binary.Read(f, binary.LittleEndian, &h) != nil || !h.fits(s, k) {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Size() == h.fileSize()
}

// The on-disk format: a header, the lower bounds, the upper bounds, the
// sweeps at which the upper bounds settled (16 bits, little-endian), and a
// CRC-32 of all three. The header's magic names the grand-slam rule
// (MagicFor): Magic is the default rule's, as it was before the other
// rules had databases, so the files already cached stay valid.
const Magic = "MANCALA-OWAREDB2"

// MagicFor returns the magic of the files of grand-slam rule s's
// databases.
func MagicFor(s Slam) string {
	switch s {
	case NoCapture:
		return "MANCALA-OWNOCAP2"
	case Forbidden:
		return "MANCALA-OWFORBD2"
	}
	return Magic
}

type Header struct {
	Magic    [16]byte
	MaxSeeds uint32
	Size     uint64
}

// fileSize is the length of the file h heads: the header, four bytes a
// board and the CRC.
func (h Header) fileSize() int64 { return int64(binary.Size(h)) + 4*int64(h.Size) + 4 }

// fits reports whether h is the header of this format's k-seed database
// for grand-slam rule s.
func (h Header) fits(s Slam, k int) bool {
	return string(h.Magic[:]) == MagicFor(s) && int(h.MaxSeeds) == k && h.Size == DBSize(k)
}

// FileName returns the name of the file in the cache of the k-seed
// database for grand-slam rule s: "oware-db-s12.bin" for the default
// rule (the name it had before the other rules had databases),
// "oware-nocapture-db-s12.bin" and "oware-forbidden-db-s12.bin" for the
// others.
func FileName(s Slam, k int) string {
	if s == Capture {
		return fmt.Sprintf("oware-db-s%d.bin", k)
	}
	return fmt.Sprintf("oware-%s-db-s%d.bin", s, k)
}

func int8Bytes(v []int8) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(v))), len(v))
}

// uint16Bytes views v as bytes in the machine's order, which must be
// little-endian (the file's): see LittleEndian.
func uint16Bytes(v []uint16) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(v))), 2*len(v))
}

// LittleEndian reports whether the machine stores numbers little-endian;
// elsewhere the database is built in memory and not cached.
var LittleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

func (db *DB) Save(dir string) error {
	return dbfile.WriteCacheFile(dir, FileName(db.Slam, db.MaxSeeds), func(f io.Writer) error {
		h := Header{MaxSeeds: uint32(db.MaxSeeds), Size: uint64(len(db.Lo))}
		copy(h.Magic[:], MagicFor(db.Slam))
		w := bufio.NewWriterSize(f, 1<<20)
		crc := crc32.NewIEEE()
		if err := binary.Write(w, binary.LittleEndian, h); err != nil {
			return err
		}
		for _, v := range [][]byte{int8Bytes(db.Lo), int8Bytes(db.Hi), uint16Bytes(db.DHi)} {
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

// Load maps the file of the database's rule and seed count in dir (dbfile.MapFile) after checking its
// header, length and CRC, so that the processes of one machine share one
// copy in the page cache. The bounds are read straight from the mapping:
// an int8 is stored as its byte, and dhi is little-endian, as the machine
// must be (LittleEndian). Its errors are dbfile.MapFile's and dbfile.ErrBadDB.
func (db *DB) Load(dir string) error {
	data, unmap, err := dbfile.MapFile(filepath.Join(dir, FileName(db.Slam, db.MaxSeeds)))
	if err != nil {
		return err
	}
	var h Header
	head := binary.Size(h)
	if len(data) < head {
		unmap()
		return dbfile.ErrBadDB
	}
	if _, err := binary.Decode(data[:head], binary.LittleEndian, &h); err != nil || !h.fits(db.Slam, db.MaxSeeds) {
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
	db.Lo = unsafe.Slice((*int8)(unsafe.Pointer(&body[0])), n)
	db.Hi = unsafe.Slice((*int8)(unsafe.Pointer(&body[n])), n)
	db.DHi = unsafe.Slice((*uint16)(unsafe.Pointer(&body[2*n])), n)
	return nil
}

// DBs keeps the Oware databases loaded in this process, by cache
// directory and file name (grand-slam rule and seed count). Its lock is
// held only to read or change M, never during a load or a build.
var DBs struct {
	sync.Mutex
	M map[string]*DB
}

// ErrNotBuilt is GetDB's error for a database larger than MaxBuildOnUse
// seeds that is not in the cache: only search.BuildOwareDB builds those
// (search.ErrOwareDBNotBuilt is the same value).
var ErrNotBuilt = errors.New("Oware endgame database not in the cache")

// GetDB returns the Oware database for grand-slam rule s and up to k
// seeds: from memory,
// else from the disk cache in dir (if dir is not ""), else built (and then
// saved to dir; a failure to save is not an error) when k is at most
// MaxBuildOnUse. Callers asking for one database at once share one load
// or build (the others wait for it); the databases already in memory, and
// the loads of others, never wait for it. Its errors are ctx's, when it
// ends during a build, and ErrNotBuilt.
func GetDB(ctx context.Context, s Slam, k int, dir string) (*DB, error) {
	key := dir + "|" + FileName(s, k)
	if db := loadedDB(key); db != nil {
		return db, nil
	}
	// One caller at a time loads or builds this database; the others wait
	// for it and then find it in memory. Other databases stay available.
	unlock := loading.Lock(key)
	defer unlock()
	if db := loadedDB(key); db != nil {
		return db, nil
	}
	db := NewDB(s, k)
	if !LittleEndian {
		dir = ""
	}
	if dir == "" || db.Load(dir) != nil {
		if k > MaxBuildOnUse {
			ForgetCachedSeeds(dir) // the file the cache named is gone or damaged
			return nil, fmt.Errorf("%d seeds: %w; build it with \"mancala book oware --db-seeds %d%s\"", k, ErrNotBuilt, k, s.bookFlag())
		}
		if err := db.Build(ctx, nil); err != nil {
			return nil, err
		}
		if dir != "" {
			_ = db.Save(dir)
		}
	}
	DBs.Lock()
	if DBs.M == nil {
		DBs.M = map[string]*DB{}
	}
	DBs.M[key] = db
	DBs.Unlock()
	return db, nil
}

// loading serializes GetDB's loads and builds, one database at a time.
var loading keylock.Locks

// loadedDB is the database kept in memory under key, or nil.
func loadedDB(key string) *DB {
	DBs.Lock()
	defer DBs.Unlock()
	return DBs.M[key]
}

// bookFlag is the option "mancala book oware" needs to build rule s's
// databases.
func (s Slam) bookFlag() string {
	if s == Capture {
		return ""
	}
	return " --opt grand_slam=" + s.String()
}

// LoadedDBNoWait returns the Oware database for grand-slam rule s and k
// seeds if it is in memory (kept for dir), without waiting for one being
// built.
func LoadedDBNoWait(s Slam, k int, dir string) *DB {
	return loadedDB(dir + "|" + FileName(s, k))
}

// BestMove returns a move (pit 0..5) that secures the lower bound of
// board b (its value, if exact) and makes progress (see Build): of the
// moves securing it, the one whose child's upper bound settled first. ok
// is false when the game is over.
func (db *DB) BestMove(b kalah.Board) (pit int, ok bool) {
	v, _ := db.Bounds(b)
	best, bestD := -1, uint32(math.MaxUint32)
	moves := db.Moves(b)
	for i := range 6 {
		if moves&(1<<i) == 0 {
			continue
		}
		c, g := db.Play(b, i)
		ci := Geom.Rank(c)
		if g-int(db.Hi[ci]) != v {
			continue
		}
		d := uint32(db.DHi[ci])
		if g > 0 {
			d = 0 // a capture leaves the level: progress
		}
		if d < bestD {
			best, bestD = i, d
		}
	}
	return best, best >= 0
}
