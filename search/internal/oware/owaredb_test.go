package oware

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/search/internal/dbfile"
)

// BenchmarkOwareDBBuild reports the build of the database for up to
// OWARE_DB_SEEDS seeds (default 8): boards, bytes, boards per second and
// the share of boards with an exact value.
func BenchmarkOwareDBBuild(b *testing.B) {
	k := 8
	if s := os.Getenv("OWARE_DB_SEEDS"); s != "" {
		k, _ = strconv.Atoi(s)
	}
	for range b.N {
		db := NewDB(Capture, k)
		t0 := time.Now()
		if err := db.Build(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
		el := time.Since(t0)
		exact := 0
		for i := range db.Lo {
			if db.Lo[i] == db.Hi[i] {
				exact++
			}
		}
		n := len(db.Lo)
		b.ReportMetric(float64(n), "boards")
		b.ReportMetric(float64(4*n), "bytes")
		b.ReportMetric(float64(n)/el.Seconds(), "boards/s")
		b.ReportMetric(100*float64(exact)/float64(n), "%exact")
	}
}

// TestOwareDBSaveLoad checks the disk cache: a saved database loads back
// the same, and a damaged file is refused.
func TestOwareDBSaveLoad(t *testing.T) {
	dir := t.TempDir()
	db := NewDB(Capture, 5)
	if err := db.Build(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if err := db.Save(dir); err != nil {
		t.Fatal(err)
	}
	got := NewDB(Capture, 5)
	if err := got.Load(dir); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Lo, db.Lo) || !slices.Equal(got.Hi, db.Hi) || !slices.Equal(got.DHi, db.DHi) {
		t.Fatal("loaded database differs")
	}
	name := filepath.Join(dir, FileName(Capture, 5))
	raw, _ := os.ReadFile(name)
	// The loaded database is a mapping of the file: it outlives the file's
	// name, as when a new file replaces it by rename.
	if err := os.Remove(name); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Lo, db.Lo) || !slices.Equal(got.Hi, db.Hi) || !slices.Equal(got.DHi, db.DHi) {
		t.Fatal("the loaded database changed when its file was removed")
	}
	for _, c := range []struct {
		name string
		file []byte
	}{
		{"a flipped bit", func() []byte { b := slices.Clone(raw); b[100] ^= 1; return b }()},
		{"a flipped bit in the checksum", func() []byte { b := slices.Clone(raw); b[len(b)-1] ^= 1; return b }()},
		{"cut short", raw[:len(raw)-5]},
		{"a byte too many", append(slices.Clone(raw), 0)},
		{"the header only", raw[:28]},
		{"part of the header", raw[:20]},
	} {
		if err := os.WriteFile(name, c.file, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := NewDB(Capture, 5).Load(dir); err != dbfile.ErrBadDB {
			t.Errorf("%s: %v, want errBadDB", c.name, err)
		}
	}
	if err := os.WriteFile(name, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := NewDB(Capture, 5).Load(dir); err == nil {
		t.Error("an empty file loads")
	}
	if err := NewDB(Capture, 6).Load(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("no file: %v, want os.ErrNotExist", err)
	}
}

// TestOwareDBFilesPerRule checks that the grand-slam rules' databases
// never mix: each has a file name and a magic of its own (the default's
// unchanged), a file is refused as another rule's database even under
// that rule's name, GetDB and CachedSeeds answer per rule.
func TestOwareDBFilesPerRule(t *testing.T) {
	dir := t.TempDir()
	wantNames := map[Slam]string{Capture: "oware-db-s4.bin", NoCapture: "oware-nocapture-db-s4.bin", Forbidden: "oware-forbidden-db-s4.bin"}
	built := map[Slam]*DB{}
	for _, s := range Slams {
		if FileName(s, 4) != wantNames[s] {
			t.Errorf("%v: file %s, want %s", s, FileName(s, 4), wantNames[s])
		}
		db, err := GetDB(context.Background(), s, 4, dir)
		if err != nil {
			t.Fatal(err)
		}
		if db.Slam != s || db.MaxSeeds != 4 {
			t.Fatalf("GetDB(%v, 4) = %v", s, db)
		}
		if !FileOK(s, dir, 4) {
			t.Errorf("%v: GetDB left no whole file", s)
		}
		built[s] = db
	}
	if MagicFor(Capture) != "MANCALA-OWAREDB2" {
		t.Errorf("the default rule's magic changed: %s", MagicFor(Capture))
	}
	if slices.Equal(built[Capture].Lo, built[NoCapture].Lo) || slices.Equal(built[Capture].Hi, built[Forbidden].Hi) {
		t.Error("the rules' databases are the same")
	}
	for _, s := range Slams {
		got := NewDB(s, 4)
		if err := got.Load(dir); err != nil {
			t.Fatalf("%v: %v", s, err)
		}
		if !slices.Equal(got.Lo, built[s].Lo) || !slices.Equal(got.Hi, built[s].Hi) || !slices.Equal(got.DHi, built[s].DHi) {
			t.Errorf("%v: the file holds another database", s)
		}
	}
	// The default rule's file under the no-capture rule's name: refused.
	raw, err := os.ReadFile(filepath.Join(dir, FileName(Capture, 4)))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, FileName(NoCapture, 4)), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := NewDB(NoCapture, 4).Load(dir); err != dbfile.ErrBadDB {
		t.Errorf("the default rule's file loaded as the no-capture database: %v", err)
	}
	if FileOK(NoCapture, dir, 4) {
		t.Error("FileOK takes the default rule's file for the no-capture database")
	}
	if k := CachedSeeds(Forbidden, dir); k != DBSeeds {
		t.Errorf("CachedSeeds(forbidden) = %d, want %d", k, DBSeeds)
	}
	for _, s := range Slams {
		if db := LoadedDBNoWait(s, 4, dir); db != built[s] {
			t.Errorf("LoadedDBNoWait(%v) = %v, want the database GetDB returned", s, db)
		}
	}
	DBs.Lock()
	for _, s := range Slams {
		delete(DBs.M, dir+"|"+FileName(s, 4))
	}
	DBs.Unlock()
}

// TestGetDBOthersDuringBuild: while one database is being loaded or built
// (its key's lock held, as GetDB holds it throughout), a database already
// in memory is found (LoadedDBNoWait, GetDB) and another one loads; the
// caller of the busy key gets its database once the lock is released.
func TestGetDBOthersDuringBuild(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	inMemory, err := GetDB(ctx, Capture, 3, dir)
	if err != nil {
		t.Fatal(err)
	}
	busy := dir + "|" + FileName(NoCapture, 4)
	unlock := loading.Lock(busy)
	waited := make(chan *DB, 1)
	go func() {
		db, err := GetDB(ctx, NoCapture, 4, dir)
		if err != nil {
			t.Error(err)
		}
		waited <- db
	}()
	if db := LoadedDBNoWait(Capture, 3, dir); db != inMemory {
		t.Fatalf("LoadedDBNoWait during another build = %v, want the database in memory", db)
	}
	if db, err := GetDB(ctx, Capture, 3, dir); err != nil || db != inMemory {
		t.Fatalf("GetDB of a database in memory during another build: %v, %v", db, err)
	}
	if db, err := GetDB(ctx, Forbidden, 3, dir); err != nil || db == nil {
		t.Fatalf("GetDB of another database during a build: %v", err)
	}
	unlock()
	if db := <-waited; db == nil || db != LoadedDBNoWait(NoCapture, 4, dir) {
		t.Fatalf("the busy key's caller got %v, want the database kept in memory", db)
	}
	DBs.Lock()
	for _, k := range []string{FileName(Capture, 3), FileName(Forbidden, 3), FileName(NoCapture, 4)} {
		delete(DBs.M, dir+"|"+k)
	}
	DBs.Unlock()
}
