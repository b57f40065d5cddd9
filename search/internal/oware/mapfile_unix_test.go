//go:build unix

package oware

import (
	"context"
	"errors"
	"slices"
	"syscall"
	"testing"

	"github.com/mancala-bot/mancala/search/internal/dbfile"
)

// TestMapFileFallback: where the file cannot be mapped, the database is
// read into memory, and loads the same.
func TestMapFileFallback(t *testing.T) {
	dir := t.TempDir()
	db := NewDB(Capture, 4)
	if err := db.Build(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if err := db.Save(dir); err != nil {
		t.Fatal(err)
	}
	mapped := 0
	defer func(m func(int, int64, int, int, int) ([]byte, error)) { dbfile.Mmap = m }(dbfile.Mmap)
	dbfile.Mmap = func(fd int, off int64, n, prot, flags int) ([]byte, error) {
		mapped++
		return nil, syscall.ENODEV
	}
	got := NewDB(Capture, 4)
	if err := got.Load(dir); err != nil {
		t.Fatal(err)
	}
	if mapped != 1 {
		t.Errorf("mmap called %d times, want 1", mapped)
	}
	if !slices.Equal(got.Lo, db.Lo) || !slices.Equal(got.Hi, db.Hi) || !slices.Equal(got.DHi, db.DHi) {
		t.Error("the database read without mapping differs")
	}
	if err := NewDB(Capture, 5).Load(dir); !errors.Is(err, syscall.ENOENT) {
		t.Errorf("no file: %v, want ENOENT", err)
	}
}
