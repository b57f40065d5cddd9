package kalah

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/dbfile"
)

func TestKalahGeomMatchesEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 1; n <= 8; n++ {
		for seeds := 1; seeds <= 8; seeds++ {
			for _, ec := range []bool{false, true} {
				r := engine.MustNew("kalah", engine.Options{"pits": strconv.Itoa(n), "seeds": strconv.Itoa(seeds), "empty_capture": strconv.FormatBool(ec)})
				g := GeomFor(n, ec)
				for range 3 {
					p := r.Start()
					for p.Status() == engine.Ongoing {
						v := ViewOf(&p)
						moves := p.Moves()
						m := moves[rng.IntN(len(moves))]
						q, _ := p.Play(m)
						child, gain, extra, over := g.Play(v.B, int(m.Pit)-1)
						me := p.ToMove()
						if got := q.Store(me) - q.Store(1-me); got != v.Margin+gain {
							t.Fatalf("kalah(%d,%d,ec=%v) move %s: margin %d, kboard says %d+%d\n%s", n, seeds, ec, m, got, v.Margin, gain, p)
						}
						if over != (q.Status() != engine.Ongoing) {
							t.Fatalf("over = %v, engine status %s", over, q.Status())
						}
						if !over {
							if extra != (q.ToMove() == me) {
								t.Fatalf("extra = %v, engine to move %s", extra, q.ToMove())
							}
							if w := ViewOf(&q); w.B != child {
								t.Fatalf("child %x, engine %x\n%s", child, w.B, q)
							}
						}
						p = q
					}
				}
			}
		}
	}
}

func TestKalahDBMatchesSearch(t *testing.T) {
	// Every database value is the solver's value without a database.
	for _, ec := range []bool{false, true} {
		g := GeomFor(3, ec)
		db := NewDB(g, 6)
		if err := db.Build(context.Background(), 2, nil); err != nil {
			t.Fatal(err)
		}
		s := NewSolver(g, NewTT(1<<20), nil)
		for k := 0; k <= 6; k++ {
			for _, my := range Compositions(6, k) {
				b := Board{My: my & 0xffffff, Opp: my >> 24}
				if b.My == 0 || b.Opp == 0 {
					continue
				}
				want, _ := s.Solve(b)
				if got := db.Value(b); got != want {
					t.Fatalf("ec=%v board %x: database %d, search %d", ec, b, got, want)
				}
			}
		}
	}
}

func TestKalahDBDiskCache(t *testing.T) {
	dir := t.TempDir()
	g := GeomFor(4, false)
	db := NewDB(g, 8)
	if err := db.Build(context.Background(), 1, nil); err != nil {
		t.Fatal(err)
	}
	if err := db.Save(dir); err != nil {
		t.Fatal(err)
	}
	back := NewDB(g, 8)
	if err := back.Load(dir); err != nil {
		t.Fatal(err)
	}
	for i := range db.Vals {
		if db.Vals[i] != back.Vals[i] {
			t.Fatalf("value %d differs after a round trip", i)
		}
	}
	// A damaged file is refused (and GetDB then rebuilds it).
	name := filepath.Join(dir, DBFileName(4, false, 8))
	data, _ := os.ReadFile(name)
	data[len(data)/2] ^= 0x55
	os.WriteFile(name, data, 0o644)
	if err := NewDB(g, 8).Load(dir); !errors.Is(err, dbfile.ErrBadDB) {
		t.Fatalf("damaged file: err %v, want errBadDB", err)
	}
	got, built, err := GetDB(context.Background(), g, 8, dir)
	if err != nil || !built || got.Value(Board{My: 0x01000101, Opp: 0x00010002}) != db.Value(Board{My: 0x01000101, Opp: 0x00010002}) {
		t.Fatalf("rebuild: built %v, err %v", built, err)
	}
}

// TestKalahDBCacheDuringBuild: while one database is being built, a
// database already in memory is still found (LoadedDBNoWait), another one
// loads (GetDB does not wait for the build), and a second caller of the
// database being built gets that build's database, not a build of its own.
func TestKalahDBCacheDuringBuild(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	small := GeomFor(3, false)
	if _, _, err := GetDB(ctx, small, 4, dir); err != nil {
		t.Fatal(err)
	}
	other := GeomFor(3, true)
	pre := NewDB(other, 4)
	if err := pre.Build(ctx, 1, nil); err != nil {
		t.Fatal(err)
	}
	if err := pre.Save(dir); err != nil {
		t.Fatal(err)
	}

	g := GeomFor(4, false)
	started, release := make(chan struct{}), make(chan struct{})
	var once bool
	type result struct {
		db    *DB
		built bool
		err   error
	}
	first := make(chan result, 1)
	go func() {
		db, built, err := GetDBFn(ctx, g, 6, dir, func(int) {
			if !once {
				once = true
				close(started)
				<-release
			}
		})
		first <- result{db, built, err}
	}()
	<-started
	released := false
	defer func() { // on a failure below: let the build end before TempDir goes
		if !released {
			close(release)
			<-first
		}
	}()

	if LoadedDBNoWait(small, 4, 4, dir) == nil {
		t.Fatal("a database in memory was not found while another was being built")
	}
	if db, built, err := GetDB(ctx, other, 4, dir); err != nil || built || db == nil {
		t.Fatalf("loading another database during a build: built %v, err %v", built, err)
	}
	second := make(chan result, 1)
	go func() {
		db, built, err := GetDB(ctx, g, 6, dir)
		second <- result{db, built, err}
	}()
	close(release)
	released = true
	a, b := <-first, <-second
	if a.err != nil || b.err != nil {
		t.Fatalf("errors %v, %v", a.err, b.err)
	}
	if !a.built || b.built || a.db != b.db {
		t.Fatalf("built %v and %v, same database %v: want one build, shared", a.built, b.built, a.db == b.db)
	}
}
