package sqlite

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// TestSecondOpenRefused: while one DB has the file open, another Open (a
// second process, or this one) is refused with ErrLocked; after Close the
// file opens again.
func TestSecondOpenRefused(t *testing.T) {
	d, path := openTest(t)
	if d2, err := Open(t.Context(), path); !errors.Is(err, ErrLocked) {
		if d2 != nil {
			d2.Close()
		}
		t.Fatalf("second Open: %v, want ErrLocked", err)
	}
	// The refused Open disturbed nothing: the first still writes.
	if err := d.CreateGame(t.Context(), testGame("c")); err != nil {
		t.Fatal(err)
	}
	d.Close()
	d3, err := Open(t.Context(), path)
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	d3.Close()
}

// TestOpenMissingDirectory: a database whose directory is gone is not
// silently created anew.
func TestOpenMissingDirectory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gone", "mancala.db")
	if d, err := Open(t.Context(), path); !errors.Is(err, ErrNoDirectory) {
		if d != nil {
			d.Close()
		}
		t.Fatalf("Open: %v, want ErrNoDirectory", err)
	}
	if _, err := os.Stat(filepath.Dir(path)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the directory was created: %v", err)
	}
}

// TestDirectoryRemovedUnderOpenDB reproduces the fault: the database's
// directory is deleted under a running bot. Writes then fail with
// ErrFileGone (nothing acknowledged into the unlinked file) and Ping
// fails; a new file at the same path (the directory made again) is not
// mistaken for the one opened.
func TestDirectoryRemovedUnderOpenDB(t *testing.T) {
	ctx := t.Context()
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "mancala.db")
	d, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	g := testGame("c")
	if err := d.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := d.Ping(ctx); err != nil {
		t.Fatalf("Ping before: %v", err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	g.Moves = append(g.Moves, store.Move{Move: "3", UserID: "a", At: time.Now()})
	if err := d.UpdateGame(ctx, g); !errors.Is(err, ErrFileGone) || !errors.Is(err, store.ErrUnavailable) {
		t.Fatalf("UpdateGame after removal: %v, want ErrFileGone", err)
	}
	if err := d.CreateGame(ctx, testGame("c2")); !errors.Is(err, ErrFileGone) {
		t.Fatalf("CreateGame after removal: %v, want ErrFileGone", err)
	}
	if err := d.SetLanguage(ctx, "discord", "a", "ru"); !errors.Is(err, ErrFileGone) {
		t.Fatalf("SetLanguage after removal: %v, want ErrFileGone", err)
	}
	if err := d.Ping(ctx); !errors.Is(err, ErrFileGone) {
		t.Fatalf("Ping after removal: %v, want ErrFileGone", err)
	}
	// Nothing was written to the unlinked file either.
	got, err := d.Game(ctx, g.ID)
	if err != nil || len(got.Moves) != 0 || got.Version != 1 {
		t.Errorf("game after refused update: %+v, %v", got, err)
	}
	// The directory made again with a new database in it: still not ours.
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	d2, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("Open of the new file: %v", err)
	}
	defer d2.Close()
	if err := d.Ping(ctx); !errors.Is(err, ErrFileGone) {
		t.Fatalf("Ping with a new file at the path: %v, want ErrFileGone", err)
	}
	if err := d2.Ping(ctx); err != nil {
		t.Fatalf("Ping of the new DB: %v", err)
	}
}

// TestFileReplacedUnderOpenDB: another file renamed over the database's
// path (a restored backup, say) is noticed the same way.
func TestFileReplacedUnderOpenDB(t *testing.T) {
	ctx := t.Context()
	d, path := openTest(t)
	other := filepath.Join(filepath.Dir(path), "other.db")
	if err := os.WriteFile(other, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(other, path); err != nil {
		t.Fatal(err)
	}
	if err := d.CreateGame(ctx, testGame("c")); !errors.Is(err, ErrFileGone) {
		t.Fatalf("CreateGame: %v, want ErrFileGone", err)
	}
	if err := d.Ping(ctx); !errors.Is(err, ErrFileGone) {
		t.Fatalf("Ping: %v, want ErrFileGone", err)
	}
}

// TestPingClosed: a closed database is unavailable.
func TestPingClosed(t *testing.T) {
	d, _ := openTest(t)
	d.Close()
	if err := d.Ping(t.Context()); !errors.Is(err, store.ErrUnavailable) {
		t.Fatalf("Ping after Close: %v, want ErrUnavailable", err)
	}
}

// CorruptPage overwrites the start of a page in the middle of a closed database
// file with garbage, as a failing disk would.
func CorruptPage(t testing.TB, path string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	const pageSize = 4096
	if fi.Size() < 3*pageSize {
		t.Fatalf("%s: only %d bytes", path, fi.Size())
	}
	junk := make([]byte, 200)
	for i := range junk {
		junk[i] = 0xA5
	}
	if _, err := f.WriteAt(junk, (fi.Size()/pageSize/2)*pageSize); err != nil { // a page in the middle: its header and cell pointers
		t.Fatal(err)
	}
}

// fillGames writes n finished games of moves moves each.
func fillGames(t testing.TB, d *DB, n, moves int) {
	t.Helper()
	ctx := context.Background()
	for i := range n {
		g := testGame("c" + strconv.Itoa(i))
		g.Phase, g.Result, g.Reason = store.PhaseOver, "south_won", "empty_side"
		for j := range moves {
			g.Moves = append(g.Moves, store.Move{Move: strconv.Itoa(j%6 + 1), UserID: "a", At: time.Now()})
		}
		if err := d.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCorruptDatabaseRefused: a database with a damaged page does not open
// (before, it opened and served as if healthy).
func TestCorruptDatabaseRefused(t *testing.T) {
	d, path := openTest(t)
	fillGames(t, d, 50, 40)
	if err := d.Close(); err != nil { // checkpoints the WAL into the file
		t.Fatal(err)
	}
	CorruptPage(t, path)
	d2, err := Open(t.Context(), path)
	if !errors.Is(err, ErrCorrupt) {
		if d2 != nil {
			d2.Close()
		}
		t.Fatalf("Open: %v, want ErrCorrupt", err)
	}
	t.Log(err)
	// The refusal released the lock: a repaired file could be opened.
	f, err := lockFile(lockPath(path))
	if err != nil {
		t.Fatalf("lock after refusal: %v", err)
	}
	f.Close()
}

// BenchmarkQuickCheck measures the integrity check Open runs, on a
// database of 2,000 finished games of 60 moves.
func BenchmarkQuickCheck(b *testing.B) {
	d, path := openTest(b)
	fillGames(b, d, 2000, 60)
	var pages int64
	if err := d.db.QueryRow("PRAGMA page_count").Scan(&pages); err != nil {
		b.Fatal(err)
	}
	_ = path
	for b.Loop() {
		if err := d.quickCheck(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(pages*4096)/(1<<20), "MB")
}

// TestDamagedOptions: a game whose stored options are valid JSON but not an
// object of strings is read with Damage "options" instead of failing the
// read, and can be ended: UpdateGame keeps the stored options as they are.
func TestDamagedOptions(t *testing.T) {
	ctx := t.Context()
	d, _ := openTest(t)
	g := testGame("c")
	g.Options = map[string]string{"seeds": "4"}
	if err := d.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	const bad = `{"seeds": 4}`
	if _, err := d.db.ExecContext(ctx, "UPDATE games SET options = ? WHERE id = ?", bad, g.ID); err != nil {
		t.Fatal(err)
	}
	got, err := d.LiveGame(ctx, "discord", "c")
	if err != nil {
		t.Fatalf("LiveGame of a damaged row: %v", err)
	}
	if got.Damage != "options" || got.Options != nil || got.ID != g.ID || len(got.Players) != 2 {
		t.Fatalf("damaged game read as %+v", got)
	}
	got.Phase, got.Reason = store.PhaseOver, "abandoned"
	if err := d.UpdateGame(ctx, got); err != nil {
		t.Fatalf("ending a damaged game: %v", err)
	}
	var opts string
	if err := d.db.QueryRowContext(ctx, "SELECT options FROM games WHERE id = ?", g.ID).Scan(&opts); err != nil || opts != bad {
		t.Errorf("options after the update: %q, %v; want them kept", opts, err)
	}
	if _, err := d.LiveGame(ctx, "discord", "c"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("channel still has a live game: %v", err)
	}
	if err := d.CreateGame(ctx, got); err == nil {
		t.Error("CreateGame stored a damaged game")
	}
}
