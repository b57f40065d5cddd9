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
		db := NewDB(k)
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
	db := NewDB(5)
	if err := db.Build(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if err := db.Save(dir); err != nil {
		t.Fatal(err)
	}
	got := NewDB(5)
	if err := got.Load(dir); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Lo, db.Lo) || !slices.Equal(got.Hi, db.Hi) || !slices.Equal(got.DHi, db.DHi) {
		t.Fatal("loaded database differs")
	}
	name := filepath.Join(dir, FileName(5))
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
		if err := NewDB(5).Load(dir); err != dbfile.ErrBadDB {
			t.Errorf("%s: %v, want errBadDB", c.name, err)
		}
	}
	if err := os.WriteFile(name, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := NewDB(5).Load(dir); err == nil {
		t.Error("an empty file loads")
	}
	if err := NewDB(6).Load(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("no file: %v, want os.ErrNotExist", err)
	}
}
