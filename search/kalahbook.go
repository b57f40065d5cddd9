package search

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/dbfile"
	"github.com/mancala-bot/mancala/search/internal/kalah"
)

// kalahBook is Perfect's opening book for one Kalah game (pits, seeds per
// pit, capture rule): the proven value and a best pit of every board
// Perfect can meet from the start whose exact solve does not fit in
// limit positions (bookBudget: half of Perfect's budget) with the dbSeeds
// database,
// and of the first boards past them that do (the book's leaves), so that
// Perfect answers those at once too.
//
// "Every board Perfect can meet": Perfect's own boards, playing the book's
// move on each, as South and as North, against every reply of the
// opponent (extra turns included). Boards are kboards, so a board reached
// with other stores is the same entry.
type kalahBook struct {
	n, seeds     int // pits, seeds per pit at the start
	emptyCapture bool
	dbSeeds      int    // the database the book's solves used
	limit        uint64 // Perfect's node budget the book was built for
	complete     bool   // every board Perfect can meet is in it or within limit
	entries      map[kalah.Board]bookEntry
}

// bookEntry is a board's value for the side to move (store margin still to
// gain with best play) and a best pit (1-based).
type bookEntry struct {
	pit, val int8
}

// Perfect's exact solve in Kalah, past the book: one thread, a fresh
// 64 MB table, at most perfectKalahBudget positions (about a second on
// this project's machines) and at most perfectSolveTime, leaving the rest
// of MaxThink to Expert's search when the solve does not finish. The book
// is built with the same settings, so that a board it leaves out is one
// Perfect solves within the budget.
const (
	perfectTableBytes = 64 << 20
	perfectSolveTime  = MaxThink * 3 / 5
)

// bookBudget is the budget a book is built for: half of Perfect's, so
// that a board the book leaves out is solved within Perfect's time on a
// machine twice as slow or as busy as one that searches
// perfectKalahBudget positions in perfectSolveTime (a variable for the
// tests, which build books for smaller budgets).
var bookBudget uint64 = perfectKalahBudget / 2

// solveBoard solves board b exactly with the database db (nil: none) and
// the table tt, on threads threads, stopping with ErrTooLarge after limit
// positions (0: none) or with ctx's error. It returns the value of b for
// the side to move, a best pit (1-based) and the positions searched.
func solveBoard(ctx context.Context, g *kalah.Geom, db *kalah.DB, tt *kalah.TT, b kalah.Board, limit uint64, threads int) (val, pit int, nodes uint64, err error) {
	s := kalah.NewSolver(g, tt, db)
	s.Ctx, s.Limit, s.Threads = ctx, limit, max(threads, 1)
	val, pit = s.Solve(b)
	if s.Stopped() {
		return 0, 0, s.Nodes.Load(), s.ErrStop
	}
	return val, pit, s.Nodes.Load(), nil
}

// KalahBookOptions configure BuildKalahBook. The zero value is usable.
type KalahBookOptions struct {
	// DBSeeds is the endgame database the book's solves and Perfect's
	// solves past the book use (0: DefaultDBSeeds, 22 seeds, 548 MB for
	// six pits; built first if it is not in the cache). A larger database
	// makes the solves past the book quicker, and so the book smaller.
	DBSeeds int
	// Threads is the number of threads of the solves of the book's boards
	// that do not fit in Perfect's budget (0: 1). The check of the budget
	// itself runs on one thread, as Perfect's solve does.
	Threads int
	// TableMB is the transposition table of those solves, kept from one
	// board to the next (0: 256).
	TableMB int
	// Progress, if not nil, is called after each board solved.
	Progress func(KalahBookStats)
}

// KalahBookStats describes a book: being built (Progress) or built.
type KalahBookStats struct {
	// Boards is the number of entries; Deep those whose solve did not fit
	// in Perfect's budget (the others are the book's leaves).
	Boards, Deep int
	// Nodes counts the positions the build searched.
	Nodes   uint64
	Elapsed time.Duration
	// DBSeeds is the database used, DBTime the time taken to load or build
	// it (not in Elapsed).
	DBSeeds int
	DBTime  time.Duration
	// Complete: every board Perfect can meet is in the book or solved
	// within Perfect's budget.
	Complete bool
	// Path is the book's file.
	Path string
}

// BuildKalahBook builds Perfect's opening book for the Kalah game r (see
// kalahBook) and saves it in the cache directory (CacheDir; it must not be
// "") as kalah-book-pN-sK-ecE.bin, replacing the file atomically. If ctx
// ends first, what was built is saved all the same, marked incomplete (an
// incomplete book is used for its entries, and Perfect does not claim to
// play exactly from the start with it), and ctx's error is returned.
// Errors: ErrNotKalah for other games and Kalah with the pie rule or a
// start that is not the same count in every pit; a failure to build or
// load the database or to write the file.
func BuildKalahBook(ctx context.Context, r engine.Rules, opts KalahBookOptions) (KalahBookStats, error) {
	var st KalahBookStats
	n, ec, pie, ok := kalah.Params(r)
	seeds, even := startSeedsPerPit(r)
	if !ok || pie || !even {
		return st, ErrNotKalah
	}
	dir := CacheDir()
	if dir == "" {
		return st, errors.New("no cache directory for the book (set MANCALA_CACHE_DIR)")
	}
	k := opts.DBSeeds
	if k == 0 {
		k = DefaultDBSeeds
	}
	k = max(0, min(k, 2*n*seeds, 40))
	g := kalah.GeomFor(n, ec)
	t0 := time.Now()
	db, _, err := kalah.GetDB(ctx, g, k, dir)
	if err != nil {
		return st, err
	}
	st.DBSeeds, st.DBTime = k, time.Since(t0)
	book := &kalahBook{n: n, seeds: seeds, emptyCapture: ec, dbSeeds: k, limit: bookBudget, entries: map[kalah.Board]bookEntry{}}
	st.Path = filepath.Join(dir, bookFileName(n, seeds, ec))
	tableMB := opts.TableMB
	if tableMB <= 0 {
		tableMB = 256
	}
	playTT, deepTT := kalah.NewTT(perfectTableBytes), kalah.NewTT(uint64(tableMB)<<20)
	seen := map[kalah.Board]bool{}    // Perfect's boards visited
	seenOpp := map[kalah.Board]bool{} // the opponent's boards expanded
	t1 := time.Now()
	var visit, replies func(b kalah.Board) error
	// visit: Perfect to move on b.
	visit = func(b kalah.Board) error {
		if seen[b] || b.Seeds() <= k {
			return nil
		}
		seen[b] = true
		playTT.Clear()
		val, pit, nodes, err := solveBoard(ctx, g, db, playTT, b, book.limit, 1)
		st.Nodes += nodes
		deep := errors.Is(err, ErrTooLarge)
		if deep {
			val, pit, nodes, err = solveBoard(ctx, g, db, deepTT, b, 0, opts.Threads)
			st.Nodes += nodes
		}
		if err != nil {
			return err
		}
		book.entries[b] = bookEntry{pit: int8(pit), val: int8(val)}
		st.Boards++
		if deep {
			st.Deep++
		}
		if opts.Progress != nil {
			st.Elapsed = time.Since(t1)
			opts.Progress(st)
		}
		if !deep {
			return nil
		}
		child, _, extra, over := g.Play(b, pit-1)
		switch {
		case over:
			return nil
		case extra:
			return visit(child)
		default:
			return replies(child)
		}
	}
	// replies: the opponent to move on b.
	replies = func(b kalah.Board) error {
		if seenOpp[b] {
			return nil
		}
		seenOpp[b] = true
		for i := range n {
			if kalah.PitAt(b.My, i) == 0 {
				continue
			}
			child, _, extra, over := g.Play(b, i)
			var err error
			switch {
			case over:
			case extra:
				err = replies(child)
			default:
				err = visit(child)
			}
			if err != nil {
				return err
			}
		}
		return nil
	}
	sp := r.Start()
	start := kalah.ViewOf(&sp).B
	err = visit(start)
	if err == nil {
		err = replies(start)
	}
	book.complete = err == nil
	st.Complete, st.Elapsed = book.complete, time.Since(t1)
	if st.Boards == 0 && err != nil {
		return st, err
	}
	if serr := book.save(dir); serr != nil {
		return st, serr
	}
	forgetKalahBook(st.Path)
	return st, err
}

// ErrNotKalah is BuildKalahBook's error for a game it cannot build a book
// for.
var ErrNotKalah = errors.New("an opening book is built for Kalah without the pie rule, with the same seeds in every pit")

// startSeedsPerPit returns the seeds of each pit at r's start, if they are
// all the same.
func startSeedsPerPit(r engine.Rules) (int, bool) {
	p := r.Start()
	l := r.Layout()
	k := p.Cell(l.Pit(engine.South, 1))
	for _, s := range []engine.Side{engine.South, engine.North} {
		for i := 1; i <= l.Pits; i++ {
			if p.Cell(l.Pit(s, i)) != k {
				return 0, false
			}
		}
	}
	return k, k > 0
}

// The on-disk format: a header, the entries sorted by board (my, opp,
// pit, value: 18 bytes each), and a CRC-32 of everything before it.
const bookMagic = "MANCALA-KBOOK001"

type bookHeader struct {
	Magic        [16]byte
	Pits         uint32
	Seeds        uint32
	EmptyCapture uint32
	DBSeeds      uint32
	Limit        uint64
	Complete     uint32
	Entries      uint64
}

func bookFileName(n, seeds int, emptyCapture bool) string {
	ec := 0
	if emptyCapture {
		ec = 1
	}
	return fmt.Sprintf("kalah-book-p%d-s%d-ec%d.bin", n, seeds, ec)
}

// save writes the book to dir atomically (a temporary file renamed).
func (bk *kalahBook) save(dir string) error {
	return dbfile.WriteCacheFile(dir, bookFileName(bk.n, bk.seeds, bk.emptyCapture), bk.write)
}

func (bk *kalahBook) write(w io.Writer) error {
	crc := crc32.NewIEEE()
	bw := bufio.NewWriter(io.MultiWriter(w, crc))
	h := bookHeader{Pits: uint32(bk.n), Seeds: uint32(bk.seeds), DBSeeds: uint32(bk.dbSeeds), Limit: bk.limit, Entries: uint64(len(bk.entries))}
	copy(h.Magic[:], bookMagic)
	if bk.emptyCapture {
		h.EmptyCapture = 1
	}
	if bk.complete {
		h.Complete = 1
	}
	if err := binary.Write(bw, binary.LittleEndian, h); err != nil {
		return err
	}
	boards := make([]kalah.Board, 0, len(bk.entries))
	for b := range bk.entries {
		boards = append(boards, b)
	}
	slices.SortFunc(boards, func(a, b kalah.Board) int {
		if a.My != b.My {
			return cmpU64(a.My, b.My)
		}
		return cmpU64(a.Opp, b.Opp)
	})
	var rec [18]byte
	for _, b := range boards {
		e := bk.entries[b]
		binary.LittleEndian.PutUint64(rec[0:], b.My)
		binary.LittleEndian.PutUint64(rec[8:], b.Opp)
		rec[16], rec[17] = byte(e.pit), byte(e.val)
		if _, err := bw.Write(rec[:]); err != nil {
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return binary.Write(w, binary.LittleEndian, crc.Sum32())
}

func cmpU64(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

var errBadBook = errors.New("Kalah opening book file is damaged")

// maxBookEntries bounds what a book file may claim to hold (18 bytes each).
const maxBookEntries = 1 << 26

// readKalahBook reads a book for n pits, seeds a pit and the capture rule,
// checking its header, checksum and every entry (a legal pit of the
// board; a value within the board's seeds). Errors: errBadBook.
func readKalahBook(r io.Reader, n, seeds int, emptyCapture bool) (*kalahBook, error) {
	crc := crc32.NewIEEE()
	br := io.TeeReader(bufio.NewReader(r), crc)
	var h bookHeader
	if err := binary.Read(br, binary.LittleEndian, &h); err != nil {
		return nil, errBadBook
	}
	ec := emptyCapture == (h.EmptyCapture == 1)
	if string(h.Magic[:]) != bookMagic || int(h.Pits) != n || int(h.Seeds) != seeds || !ec || h.Entries > maxBookEntries || h.DBSeeds > 40 || h.Complete > 1 {
		return nil, errBadBook
	}
	bk := &kalahBook{n: n, seeds: seeds, emptyCapture: emptyCapture, dbSeeds: int(h.DBSeeds), limit: h.Limit, complete: h.Complete == 1, entries: make(map[kalah.Board]bookEntry, h.Entries)}
	var rec [18]byte
	for range h.Entries {
		if _, err := io.ReadFull(br, rec[:]); err != nil {
			return nil, errBadBook
		}
		b := kalah.Board{My: binary.LittleEndian.Uint64(rec[0:]), Opp: binary.LittleEndian.Uint64(rec[8:])}
		e := bookEntry{pit: int8(rec[16]), val: int8(rec[17])}
		if !validBookEntry(n, b, e) {
			return nil, errBadBook
		}
		bk.entries[b] = e
	}
	sum := crc.Sum32()
	var want uint32
	if err := binary.Read(br, binary.LittleEndian, &want); err != nil || want != sum {
		return nil, errBadBook
	}
	var extra [1]byte
	if m, _ := br.Read(extra[:]); m != 0 {
		return nil, errBadBook
	}
	return bk, nil
}

// validBookEntry: the board has pits only within n, the pit is one of the
// mover's non-empty pits, and the value is within the board's seeds.
func validBookEntry(n int, b kalah.Board, e bookEntry) bool {
	if n < 8 && (b.My>>(8*n) != 0 || b.Opp>>(8*n) != 0) {
		return false
	}
	k := b.Seeds()
	return e.pit >= 1 && int(e.pit) <= n && kalah.PitAt(b.My, int(e.pit)-1) != 0 && int(e.val) >= -k && int(e.val) <= k
}

// bookCache keeps the books read in this process by path: a book, or nil
// after a failed read of a file of this size and time (so that a damaged
// file is warned about once, and a new one is read).
var bookCache struct {
	sync.Mutex
	m map[string]cachedBook
}

type cachedBook struct {
	book    *kalahBook
	size    int64
	modTime time.Time
}

// kalahBookFor returns the book for r in the cache directory, or nil: r is
// not Kalah without the pie rule, there is no book (no warning), or the
// file is damaged or for another game (a warning, logged once per file
// version). It reads the file the first time, and again when it changes.
func kalahBookFor(r engine.Rules) *kalahBook {
	n, ec, pie, ok := kalah.Params(r)
	if !ok || pie {
		return nil
	}
	seeds, even := startSeedsPerPit(r)
	dir := CacheDir()
	if !even || dir == "" {
		return nil
	}
	path := filepath.Join(dir, bookFileName(n, seeds, ec))
	fi, err := os.Stat(path)
	if err != nil {
		return nil
	}
	bookCache.Lock()
	defer bookCache.Unlock()
	if c, ok := bookCache.m[path]; ok && c.size == fi.Size() && c.modTime.Equal(fi.ModTime()) {
		return c.book
	}
	var book *kalahBook
	f, err := os.Open(path)
	if err == nil {
		book, err = readKalahBook(f, n, seeds, ec)
		f.Close()
	}
	if err != nil {
		slog.Warn("ignoring the Kalah opening book", "path", path, "err", err)
	}
	if bookCache.m == nil {
		bookCache.m = map[string]cachedBook{}
	}
	bookCache.m[path] = cachedBook{book, fi.Size(), fi.ModTime()}
	return book
}

// forgetKalahBook drops a book from the cache (after it is rewritten).
func forgetKalahBook(path string) {
	bookCache.Lock()
	delete(bookCache.m, path)
	bookCache.Unlock()
}

// lookup returns the book's move and value for a position (not under the
// pie rule's pending swap).
func (bk *kalahBook) lookup(p engine.Position) (Decision, bool) {
	v := kalah.ViewOf(&p)
	e, ok := bk.entries[v.B]
	if !ok {
		return Decision{}, false
	}
	return Decision{Move: engine.Move{Pit: uint8(e.pit)}, Exact: true, Value: v.Margin + int(e.val)}, true
}

// bookReady reports whether a complete book for r is in the cache
// directory with the database it was built with (in the directory or in
// memory): Perfect then plays exactly from the start (see
// ExactFromStart).
func bookReady(r engine.Rules) bool {
	bk := kalahBookFor(r)
	return bk != nil && bk.complete && dbCached(kalah.GeomFor(bk.n, bk.emptyCapture), bk.dbSeeds, CacheDir())
}
