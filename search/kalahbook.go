package search

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/kalah"
)

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
// kalah.Book) and saves it in the cache directory (CacheDir; it must not be
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
	book := &kalah.Book{N: n, Seeds: seeds, EmptyCapture: ec, DBSeeds: k, Limit: bookBudget, Entries: map[kalah.Board]kalah.BookEntry{}}
	st.Path = filepath.Join(dir, kalah.BookFileName(n, seeds, ec))
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
		val, pit, nodes, err := solveBoard(ctx, g, db, playTT, b, book.Limit, 1)
		st.Nodes += nodes
		deep := errors.Is(err, ErrTooLarge)
		if deep {
			val, pit, nodes, err = solveBoard(ctx, g, db, deepTT, b, 0, opts.Threads)
			st.Nodes += nodes
		}
		if err != nil {
			return err
		}
		book.Entries[b] = kalah.BookEntry{Pit: int8(pit), Val: int8(val)}
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
	book.Complete = err == nil
	st.Complete, st.Elapsed = book.Complete, time.Since(t1)
	if st.Boards == 0 && err != nil {
		return st, err
	}
	if serr := book.Save(dir); serr != nil {
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

// bookCache keeps the books read in this process by path: a book, or nil
// after a failed read of a file of this size and time (so that a damaged
// file is warned about once, and a new one is read).
var bookCache struct {
	sync.Mutex
	m map[string]cachedBook
}

type cachedBook struct {
	book    *kalah.Book
	size    int64
	modTime time.Time
}

// kalahBookFor returns the book for r in the cache directory, or nil: r is
// not Kalah without the pie rule, there is no book (no warning), or the
// file is damaged or for another game (a warning, logged once per file
// version). It reads the file the first time, and again when it changes.
func kalahBookFor(r engine.Rules) *kalah.Book {
	n, ec, pie, ok := kalah.Params(r)
	if !ok || pie {
		return nil
	}
	seeds, even := startSeedsPerPit(r)
	dir := CacheDir()
	if !even || dir == "" {
		return nil
	}
	path := filepath.Join(dir, kalah.BookFileName(n, seeds, ec))
	fi, err := os.Stat(path)
	if err != nil {
		return nil
	}
	bookCache.Lock()
	defer bookCache.Unlock()
	if c, ok := bookCache.m[path]; ok && c.size == fi.Size() && c.modTime.Equal(fi.ModTime()) {
		return c.book
	}
	var book *kalah.Book
	f, err := os.Open(path)
	if err == nil {
		book, err = kalah.ReadBook(f, n, seeds, ec)
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

// bookLookup returns the book's move and value for a position (not under the
// pie rule's pending swap).
func bookLookup(bk *kalah.Book, p engine.Position) (Decision, bool) {
	v := kalah.ViewOf(&p)
	e, ok := bk.Entries[v.B]
	if !ok {
		return Decision{}, false
	}
	return Decision{Move: engine.Move{Pit: uint8(e.Pit)}, Exact: true, Value: v.Margin + int(e.Val)}, true
}

// bookReady reports whether a complete book for r is in the cache
// directory with the database it was built with (in the directory or in
// memory): Perfect then plays exactly from the start (see
// ExactFromStart).
func bookReady(r engine.Rules) bool {
	bk := kalahBookFor(r)
	return bk != nil && bk.Complete && dbCached(kalah.GeomFor(bk.N, bk.EmptyCapture), bk.DBSeeds, CacheDir())
}
