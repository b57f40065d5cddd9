package search

import (
	"bytes"
	"context"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/kalah"
)

// kalah62 is Kalah(6,2): 24 seeds, too many for a whole-game database
// (ExactFromStart is false without a book), small enough to solve in a
// test.
func kalah62(t testing.TB) engine.Rules {
	t.Helper()
	r, err := engine.New("kalah", engine.Options{"seeds": "2"})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// buildTestBook builds Kalah(6,2)'s book in a fresh cache directory with
// an 8-seed database and a budget of 3000 positions, so that the book has
// boards both past the budget and within it.
func buildTestBook(t *testing.T) (engine.Rules, KalahBookStats) {
	t.Helper()
	setCacheDir(t, t.TempDir())
	old := bookBudget
	bookBudget = 3000
	t.Cleanup(func() { bookBudget = old })
	r := kalah62(t)
	st, err := BuildKalahBook(context.Background(), r, KalahBookOptions{DBSeeds: 8, Threads: 2, TableMB: 16})
	if err != nil {
		t.Fatal(err)
	}
	return r, st
}

// TestKalahBookAgainstSolve: every entry of Kalah(6,2)'s book holds the
// value Solve gives the board, and its pit reaches that value (the child
// solved again); the book covers every board Perfect can meet down to its
// budget: walking from the start, Perfect playing the book's moves and
// the opponent every reply, each board Perfect is to move on is in the
// book, or within the database, or solved within the budget on a fresh
// table, and every board past the budget is in the book.
func TestKalahBookAgainstSolve(t *testing.T) {
	r, st := buildTestBook(t)
	if !st.Complete || st.Deep == 0 || st.Boards <= st.Deep {
		t.Fatalf("book: %+v, want complete, with boards past the budget and leaves", st)
	}
	bk := kalahBookFor(r)
	if bk == nil || len(bk.Entries) != st.Boards || bk.DBSeeds != 8 || bk.Limit != 3000 {
		t.Fatalf("book read back: %+v", bk)
	}
	g := kalah.GeomFor(6, false)
	db, _, err := kalah.GetDB(context.Background(), g, 8, CacheDir())
	if err != nil {
		t.Fatal(err)
	}
	tt := kalah.NewTT(16 << 20)
	solve := func(b kalah.Board) int {
		tt.Clear()
		v, _, _, err := solveBoard(context.Background(), g, db, tt, b, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for b, e := range bk.Entries {
		if v := solve(b); v != int(e.Val) {
			t.Fatalf("board %x/%x: book value %d, solved %d", b.My, b.Opp, e.Val, v)
		}
		child, gain, extra, over := g.Play(b, int(e.Pit)-1)
		v := gain
		switch {
		case over:
		case extra:
			v += solve(child)
		default:
			v -= solve(child)
		}
		if v != int(e.Val) {
			t.Fatalf("board %x/%x: pit %d reaches %d, book value %d", b.My, b.Opp, e.Pit, v, e.Val)
		}
	}
	// The walk.
	playTT := kalah.NewTT(perfectTableBytes)
	seen := map[kalah.Board]bool{}
	var mine, theirs func(b kalah.Board)
	met, deep := 0, 0
	mine = func(b kalah.Board) {
		if seen[b] {
			return
		}
		seen[b] = true
		met++
		e, inBook := bk.Entries[b]
		if b.Seeds() <= 8 {
			return
		}
		playTT.Clear()
		_, _, _, err := solveBoard(context.Background(), g, db, playTT, b, 3000, 1)
		if err != nil {
			deep++
			if !inBook {
				t.Fatalf("board %x/%x: past the budget (%v) and not in the book", b.My, b.Opp, err)
			}
		}
		if !inBook || err == nil {
			return
		}
		child, _, extra, over := g.Play(b, int(e.Pit)-1)
		switch {
		case over:
		case extra:
			mine(child)
		default:
			theirs(child)
		}
	}
	theirs = func(b kalah.Board) {
		for i := range 6 {
			if kalah.PitAt(b.My, i) == 0 {
				continue
			}
			child, _, extra, over := g.Play(b, i)
			switch {
			case over:
			case extra:
				theirs(child)
			default:
				mine(child)
			}
		}
	}
	sp := r.Start()
	start := kalah.ViewOf(&sp).B
	mine(start)
	theirs(start)
	if deep != st.Deep {
		t.Errorf("the walk met %d boards past the budget, the book has %d", deep, st.Deep)
	}
	t.Logf("book: %d boards, %d past the budget; the walk met %d boards", st.Boards, st.Deep, met)
}

// TestPerfectKalahBookMoves: with the book, Perfect playing Kalah(6,2)
// against random replies, as South and as North, is exact on every move,
// and each move's value is the position's solved value, which the move
// reaches.
func TestPerfectKalahBookMoves(t *testing.T) {
	r, _ := buildTestBook(t)
	if !ExactFromStart(r) {
		t.Fatal("ExactFromStart(Kalah(6,2)) = false with a complete book")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	ctx := context.Background()
	moves := 0
	for game := range 6 {
		side := engine.Side(game % 2)
		g := engine.NewGame(r.Start())
		for g.Position().Status() == engine.Ongoing {
			p := g.Position()
			var m engine.Move
			if p.ToMove() == side {
				d, err := Perfect.Choose(ctx, g, 1)
				if err != nil {
					t.Fatal(err)
				}
				res, err := Solve(ctx, p, SolveOptions{DBSeeds: 8, MemoryMB: 64})
				if err != nil {
					t.Fatal(err)
				}
				if !d.Exact || d.Value != res.Value {
					t.Fatalf("game %d ply %d: Perfect %+v, solved value %d", game, p.Ply(), d, res.Value)
				}
				q, err := p.Play(d.Move)
				if err != nil {
					t.Fatal(err)
				}
				if got := afterValue(t, p, q); got != res.Value {
					t.Fatalf("game %d ply %d: move %v reaches %d, value %d", game, p.Ply(), d.Move, got, res.Value)
				}
				m = d.Move
				moves++
			} else {
				ms := p.Moves()
				m = ms[rng.IntN(len(ms))]
			}
			if _, err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d moves of Perfect checked", moves)
	// A forced move past the database (12 seeds, the database holds 8)
	// is proven too.
	p, err := engine.NewPosition(r, engine.Setup{ToMove: engine.South,
		Pits: [][]int{{0, 0, 0, 1, 0, 0}, {2, 2, 2, 2, 2, 1}}, Stores: []int{6, 6}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Solve(ctx, p, SolveOptions{DBSeeds: 8, MemoryMB: 64})
	if err != nil {
		t.Fatal(err)
	}
	d, err := Perfect.ChooseFrom(ctx, p, nil, 1)
	if err != nil || !d.Exact || d.Value != res.Value || d.Move.Pit != 4 {
		t.Errorf("forced move: %+v, %v; want pit 4, exact %d", d, err, res.Value)
	}
}

// afterValue is the value for p's mover of q, the position after its move.
func afterValue(t *testing.T, p, q engine.Position) int {
	t.Helper()
	me := p.ToMove()
	if q.Status() != engine.Ongoing {
		return q.Store(me) - q.Store(1-me)
	}
	res, err := Solve(context.Background(), q, SolveOptions{DBSeeds: 8, MemoryMB: 64})
	if err != nil {
		t.Fatal(err)
	}
	if q.ToMove() != me {
		return -res.Value
	}
	return res.Value
}

// TestKalahBookDamagedIgnored: a damaged book in the cache is ignored
// with one warning, and Perfect still answers (by its solve); a missing
// book is no warning; a fixed book is read again.
func TestKalahBookDamagedIgnored(t *testing.T) {
	r, _ := buildTestBook(t)
	path := filepath.Join(CacheDir(), kalah.BookFileName(6, 2, false))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logs, nil)))
	defer slog.SetDefault(old)

	damaged := bytes.Clone(data)
	damaged[len(damaged)/2] ^= 0x40
	if err := os.WriteFile(path, damaged, 0o644); err != nil {
		t.Fatal(err)
	}
	// Asked twice: the damaged file is read once, and refused both times.
	if first, second := kalahBookFor(r), kalahBookFor(r); first != nil || second != nil {
		t.Fatal("a damaged book was read")
	}
	if n := strings.Count(logs.String(), "ignoring the Kalah opening book"); n != 1 {
		t.Errorf("%d warnings, want 1: %s", n, logs.String())
	}
	if ExactFromStart(r) {
		t.Error("ExactFromStart with a damaged book")
	}
	d, err := Perfect.Choose(context.Background(), engine.NewGame(r.Start()), 1)
	if err != nil || d.Move.Pit == 0 {
		t.Fatalf("Perfect with a damaged book: %+v, %v", d, err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	logs.Reset()
	if kalahBookFor(r) != nil || logs.Len() != 0 {
		t.Errorf("a missing book: logged %q", logs.String())
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if kalahBookFor(r) == nil || !ExactFromStart(r) {
		t.Error("the restored book is not read")
	}
}

// TestKalahBookIncomplete: a build cut short saves what it has, marked
// incomplete: its entries are used, and ExactFromStart stays false.
func TestKalahBookIncomplete(t *testing.T) {
	setCacheDir(t, t.TempDir())
	old := bookBudget
	bookBudget = 3000
	defer func() { bookBudget = old }()
	r := kalah62(t)
	ctx, cancel := context.WithCancel(context.Background())
	st, err := BuildKalahBook(ctx, r, KalahBookOptions{DBSeeds: 8, Threads: 2, TableMB: 16, Progress: func(st KalahBookStats) {
		if st.Boards == 2 {
			cancel()
		}
	}})
	if err != context.Canceled || st.Complete || st.Boards != 2 {
		t.Fatalf("cut build: %+v, %v", st, err)
	}
	bk := kalahBookFor(r)
	if bk == nil || bk.Complete || len(bk.Entries) != 2 {
		t.Fatalf("cut book read back: %+v", bk)
	}
	if ExactFromStart(r) {
		t.Error("ExactFromStart with an incomplete book")
	}
	if _, err := BuildKalahBook(context.Background(), kalahPie(t), KalahBookOptions{}); err != ErrNotKalah {
		t.Errorf("the pie rule: err %v, want ErrNotKalah", err)
	}
}

func kalahPie(t *testing.T) engine.Rules {
	r, err := engine.New("kalah", engine.Options{"pie": "true"})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestPerfectKalahDBChoice: Perfect solves with the book's database when
// the book and that database are in the cache, else with the largest
// database of more than PerfectDBSeeds seeds found there, else with
// PerfectDBSeeds.
func TestPerfectKalahDBChoice(t *testing.T) {
	setCacheDir(t, t.TempDir())
	r := kalahRules(4, 5) // 40 seeds: no whole-game database
	g := kalah.GeomFor(4, false)
	if _, k := perfectKalahDB(r); k != PerfectDBSeeds {
		t.Fatalf("empty cache: %d seeds, want %d", k, PerfectDBSeeds)
	}
	for _, k := range []int{17, 19} {
		if _, _, err := kalah.GetDB(context.Background(), g, k, CacheDir()); err != nil {
			t.Fatal(err)
		}
	}
	if _, k := perfectKalahDB(r); k != 19 {
		t.Errorf("databases of 17 and 19 seeds cached: %d seeds, want 19", k)
	}
	bk := &kalah.Book{N: 4, Seeds: 5, DBSeeds: 17, Limit: perfectKalahBudget, Complete: true, Entries: map[kalah.Board]kalah.BookEntry{}}
	if err := bk.Save(CacheDir()); err != nil {
		t.Fatal(err)
	}
	if _, k := perfectKalahDB(r); k != 17 {
		t.Errorf("a book built with 17 seeds: %d seeds, want 17", k)
	}
	if !ExactFromStart(r) {
		t.Error("ExactFromStart false with a complete book and its database")
	}
	if err := os.Remove(filepath.Join(CacheDir(), kalah.DBFileName(4, false, 17))); err != nil {
		t.Fatal(err)
	}
	if _, k := perfectKalahDB(r); k != 17 {
		// Still in memory.
		t.Errorf("the book's database in memory: %d seeds, want 17", k)
	}
	if !ExactFromStart(r) {
		t.Error("ExactFromStart false with the book's database in memory")
	}
	bk.Complete = false
	if err := bk.Save(CacheDir()); err != nil {
		t.Fatal(err)
	}
	if ExactFromStart(r) {
		t.Error("ExactFromStart true with an incomplete book")
	}
}

// TestKalahBookWarmsDatabase: Perfect's first move from the book starts
// loading the database its solves past the book need.
func TestKalahBookWarmsDatabase(t *testing.T) {
	r, _ := buildTestBook(t)
	// The same files in a new folder: nothing of it in memory.
	dir := t.TempDir()
	for _, name := range []string{kalah.BookFileName(6, 2, false), kalah.DBFileName(6, false, 8)} {
		data, err := os.ReadFile(filepath.Join(CacheDir(), name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	setCacheDir(t, dir)
	g := kalah.GeomFor(6, false)
	if kalah.LoadedDBNoWait(g, 8, 8, dir) != nil {
		t.Fatal("the database is in memory before any move")
	}
	d, err := Perfect.Choose(context.Background(), engine.NewGame(r.Start()), 1)
	if err != nil || !d.Exact {
		t.Fatalf("Perfect at the start, from the book: %+v, %v", d, err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for kalah.LoadedDBNoWait(g, 8, 8, dir) == nil {
		if time.Now().After(deadline) {
			t.Fatal("the book's database was not loaded after Perfect's book move")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
