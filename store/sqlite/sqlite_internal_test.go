package sqlite

import (
	"bufio"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/mancala-bot/mancala/store"
)

func openTest(t testing.TB) (*DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "mancala.db")
	d, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d, path
}

func testGame(channel string) *store.Game {
	return &store.Game{
		Platform: "discord", Channel: channel, Variant: "kalah",
		Players:   []store.Player{{UserID: "a", Name: "A"}, {UserID: "b", Name: "B"}},
		Phase:     store.PhasePlaying,
		DrawOffer: -1, UndoOffer: -1,
		TurnStarted: time.Now(),
	}
}

type appliedMigration struct {
	version   int
	name      string
	appliedAt int64
}

func applied(t *testing.T, d *DB) []appliedMigration {
	t.Helper()
	rows, err := d.db.QueryContext(t.Context(),
		"SELECT version, name, applied_at FROM schema_migrations ORDER BY version")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var ms []appliedMigration
	for rows.Next() {
		var m appliedMigration
		if err := rows.Scan(&m.version, &m.name, &m.appliedAt); err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return ms
}

func TestMigrateEmptyThenReopen(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "new.db")
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("file exists before Open: %v", err)
	}
	d, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	want, err := store.ReadMigrations(migrationFS)
	if err != nil {
		t.Fatal(err)
	}
	first := applied(t, d)
	if len(first) != len(want) || len(want) == 0 {
		t.Fatalf("applied %v, want %d migrations", first, len(want))
	}
	for i, m := range first {
		if m.version != want[i].Version || m.name != want[i].Name {
			t.Errorf("migration row %d = %+v, want %s", i, m, want[i].Name)
		}
	}
	for _, table := range []string{"games", "moves", "user_languages", "puzzle_attempts", "schema_migrations"} {
		var n int
		if err := d.db.QueryRowContext(ctx,
			"SELECT COUNT(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", table).Scan(&n); err != nil || n != 1 {
			t.Errorf("table %s: %d, %v", table, n, err)
		}
	}
	g := testGame("c1")
	g.Moves = []store.Move{{Move: "3", UserID: "a", At: time.Now()}}
	if err := d.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}

	// Reopening applies nothing again and keeps the data.
	for range 2 {
		d, err = Open(ctx, path)
		if err != nil {
			t.Fatalf("reopen: %v", err)
		}
		if again := applied(t, d); fmt.Sprint(again) != fmt.Sprint(first) {
			t.Errorf("after reopening, migrations %v, want %v", again, first)
		}
		got, err := d.Game(ctx, g.ID)
		if err != nil || len(got.Moves) != 1 {
			t.Fatalf("game after reopening: %+v, %v", got, err)
		}
		if err := d.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestMigrateConcurrentOpens(t *testing.T) {
	// Concurrent opens of the same new file (two processes, say): one gets
	// it, the others are refused with ErrLocked, and the winner's schema is
	// complete.
	path := filepath.Join(t.TempDir(), "race.db")
	var wg sync.WaitGroup
	dbs := make([]*DB, 4)
	errs := make([]error, len(dbs))
	for i := range dbs {
		wg.Go(func() { dbs[i], errs[i] = Open(t.Context(), path) })
	}
	wg.Wait()
	var open *DB
	for i, err := range errs {
		switch {
		case err == nil && open == nil:
			open = dbs[i]
			defer open.Close()
		case err == nil:
			dbs[i].Close()
			t.Fatalf("open %d succeeded too", i)
		case !errors.Is(err, ErrLocked):
			t.Fatalf("open %d: %v, want ErrLocked", i, err)
		}
	}
	if open == nil {
		t.Fatal("no open succeeded")
	}
	want, _ := store.ReadMigrations(migrationFS)
	if got := applied(t, open); len(got) != len(want) {
		t.Errorf("applied %v, want %d migrations", got, len(want))
	}
}

func TestMigrateNewerSchemaRefused(t *testing.T) {
	d, path := openTest(t)
	if _, err := d.db.ExecContext(t.Context(),
		"INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, '0999_future.sql', 0)"); err != nil {
		t.Fatal(err)
	}
	d.Close()
	if d2, err := Open(t.Context(), path); err == nil || !strings.Contains(err.Error(), "newer") {
		if d2 != nil {
			d2.Close()
		}
		t.Fatalf("Open of a database from a newer program: %v, want an error", err)
	}
}

func TestMigrationFailureRollsBack(t *testing.T) {
	d, _ := openTest(t)
	real, err := store.ReadMigrations(migrationFS)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for _, m := range real {
		fsys["migrations/"+m.Name] = &fstest.MapFile{Data: []byte("SELECT 1")} // already applied: skipped
	}
	good := fmt.Sprintf("%04d_good.sql", len(real)+1)
	worse := fmt.Sprintf("%04d_worse.sql", len(real)+2)
	fsys["migrations/"+good] = &fstest.MapFile{Data: []byte("CREATE TABLE good (x INTEGER);")}
	fsys["migrations/"+worse] = &fstest.MapFile{Data: []byte("CREATE TABLE half (x INTEGER);\nCREATE TABLE broken (;")}
	err = d.migrate(t.Context(), fsys)
	if err == nil || !strings.Contains(err.Error(), worse) {
		t.Fatalf("migrate with a broken file: %v", err)
	}
	var n int
	if err := d.db.QueryRowContext(t.Context(),
		"SELECT COUNT(*) FROM sqlite_schema WHERE name IN ('good', 'half')").Scan(&n); err != nil || n != 1 {
		t.Errorf("tables good and half: %d exist, %v; want good only", n, err)
	}
	if got := applied(t, d); len(got) != len(real)+1 || got[len(real)].name != good {
		t.Errorf("applied %v, want the real migrations and %s", got, good)
	}
}

func TestPragmasOnEveryConnection(t *testing.T) {
	d, path := openTest(t)
	ctx := t.Context()
	// Hold every connection of the pool at once, so each is checked.
	conns := make([]*sql.Conn, maxOpenConns)
	for i := range conns {
		c, err := d.db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		conns[i] = c
	}
	for i, c := range conns {
		for pragma, want := range map[string]string{
			"journal_mode": "wal",
			"foreign_keys": "1",
			"synchronous":  "2", // FULL
			"busy_timeout": "5000",
		} {
			var got string
			if err := c.QueryRowContext(ctx, "PRAGMA "+pragma).Scan(&got); err != nil || got != want {
				t.Errorf("connection %d: PRAGMA %s = %q, %v; want %q", i, pragma, got, err, want)
			}
		}
	}
	for _, c := range conns {
		c.Close()
	}
	// The connection kept for event claims waits for the disk only at
	// checkpoints (see ClaimEvent).
	var got string
	if err := d.claims.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&got); err != nil || got != "1" {
		t.Errorf("claims connection: PRAGMA synchronous = %q, %v; want 1 (NORMAL)", got, err)
	}
	if err := d.SetLanguage(ctx, "discord", "u", "ru"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + "-wal"); err != nil {
		t.Errorf("no WAL file after a write: %v", err)
	}
}

func TestForeignKeys(t *testing.T) {
	d, _ := openTest(t)
	ctx := t.Context()
	if _, err := d.db.ExecContext(ctx, insertMove, 424242, 0, "3", "a", 1); err == nil {
		t.Error("a move of a game that does not exist was stored")
	}
	g := testGame("c1")
	g.Moves = []store.Move{{Move: "1"}, {Move: "2"}}
	if err := d.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if _, err := d.db.ExecContext(ctx, "DELETE FROM games WHERE id = ?", g.ID); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := d.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM moves").Scan(&n); err != nil || n != 0 {
		t.Errorf("deleting a game left %d moves (%v)", n, err)
	}
}

func TestUpdateNeverRewritesMoves(t *testing.T) {
	d, _ := openTest(t)
	ctx := t.Context()
	g := testGame("c1")
	g.Moves = []store.Move{{Move: "1"}, {Move: "2"}, {Move: "3"}}
	if err := d.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	for _, moves := range [][]string{
		{"1", "2", "4"},      // same length, last move replaced
		{"1", "2", "4", "5"}, // replaced and extended
		{"1", "5"},           // shortened and replaced
	} {
		up := *g
		up.Moves = nil
		for _, m := range moves {
			up.Moves = append(up.Moves, store.Move{Move: m})
		}
		err := d.UpdateGame(ctx, &up)
		if err == nil || errors.Is(err, store.ErrConflict) || !strings.Contains(err.Error(), "never rewritten") {
			t.Errorf("UpdateGame rewriting moves to %v: %v", moves, err)
		}
		if up.Version != g.Version {
			t.Errorf("failed update changed Version to %d", up.Version)
		}
	}
	got, err := d.Game(ctx, g.ID)
	if err != nil || got.Version != 1 || len(got.Moves) != 3 || got.Moves[2].Move != "3" {
		t.Errorf("after refused rewrites: %+v, %v", got, err)
	}
}

func TestOpenPaths(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	for _, bad := range []string{"", ":memory:", filepath.Join(dir, "missing", "x.db")} {
		if d, err := Open(ctx, bad); err == nil {
			d.Close()
			t.Errorf("Open(%q) succeeded", bad)
		}
	}
	// Characters that mean something in a URI are taken literally.
	odd := filepath.Join(dir, "a b%20?c#d&_pragma=x.db")
	d, err := Open(ctx, odd)
	if err != nil {
		t.Fatalf("Open(%q): %v", odd, err)
	}
	defer d.Close()
	if _, err := os.Stat(odd); err != nil {
		t.Errorf("Open(%q) did not create that file: %v", odd, err)
	}
	// A relative path is relative to the working directory.
	t.Chdir(dir)
	d2, err := Open(ctx, "rel.db")
	if err != nil {
		t.Fatal(err)
	}
	defer d2.Close()
	if _, err := os.Stat(filepath.Join(dir, "rel.db")); err != nil {
		t.Errorf("relative path: %v", err)
	}
}

// Durability across a kill. The parent re-runs this test binary as a child
// (TestKillChild, enabled by killEnv): the child keeps appending moves to a
// game, printing "committed N" after each UpdateGame returns. The parent
// kills it with SIGKILL mid-stream (no Close, likely inside a transaction),
// reopens the file and checks that every acknowledged move is there, intact,
// and the game playable. Three rounds: each child continues the game the
// previous one was killed in.

const (
	killEnv     = "MANCALA_STORE_KILL_CHILD_DB"
	killGameEnv = "MANCALA_STORE_KILL_CHILD_GAME"
)

func TestKillChild(t *testing.T) {
	path := os.Getenv(killEnv)
	if path == "" {
		t.Skip("child process of TestDurableAcrossKill")
	}
	fail := func(err error) {
		fmt.Println("error", err)
		os.Exit(2)
	}
	ctx := context.Background()
	d, err := Open(ctx, path)
	if err != nil {
		fail(err)
	}
	var g *store.Game
	if id, _ := strconv.ParseInt(os.Getenv(killGameEnv), 10, 64); id != 0 {
		if g, err = d.Game(ctx, id); err != nil {
			fail(err)
		}
	} else {
		g = testGame("c1")
		if err := d.CreateGame(ctx, g); err != nil {
			fail(err)
		}
	}
	fmt.Println("game", g.ID)
	for {
		i := len(g.Moves)
		g.Moves = append(g.Moves, store.Move{Move: strconv.Itoa(i%6 + 1), UserID: "a", At: time.Now()})
		if err := d.UpdateGame(ctx, g); err != nil {
			fail(err)
		}
		fmt.Println("committed", len(g.Moves)) // os.Stdout is unbuffered
	}
}

// runAndKill runs a child on the database until it has acknowledged at
// least `more` further moves, kills it, and returns the game's id and the
// number of moves acknowledged.
func runAndKill(t *testing.T, path string, id int64, more int) (int64, int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), killEnv+"="+path, killGameEnv+"="+strconv.FormatInt(id, 10))
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()

	first, acked := -1, 0
	sc := bufio.NewScanner(out)
	for (first < 0 || acked < first+more) && sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) == 2 && f[0] == "game":
			id, _ = strconv.ParseInt(f[1], 10, 64)
		case len(f) == 2 && f[0] == "committed":
			acked, _ = strconv.Atoi(f[1])
			if first < 0 {
				first = acked
			}
		default:
			t.Fatalf("child: %s", sc.Text())
		}
	}
	if first < 0 || acked < first+more {
		t.Fatalf("child stopped after %d moves: %v", acked, sc.Err())
	}
	if err := cmd.Process.Kill(); err != nil { // SIGKILL: no Close, no checkpoint
		t.Fatal(err)
	}
	if err := cmd.Wait(); err == nil || !strings.Contains(err.Error(), "killed") {
		t.Fatalf("child ended with %v, want killed", err)
	}
	return id, acked
}

func TestDurableAcrossKill(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns child processes")
	}
	path := filepath.Join(t.TempDir(), "kill.db")
	ctx := t.Context()
	var id int64
	for round := range 3 {
		var acked int
		id, acked = runAndKill(t, path, id, 30)

		d, err := Open(ctx, path)
		if err != nil {
			t.Fatalf("round %d: reopen after kill: %v", round, err)
		}
		var check string
		if err := d.db.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
			t.Fatalf("round %d: integrity_check = %q, %v", round, check, err)
		}
		g, err := d.Game(ctx, id)
		if err != nil {
			t.Fatalf("round %d: game %d after kill: %v", round, id, err)
		}
		if len(g.Moves) < acked {
			t.Fatalf("round %d: after kill %d moves stored, but %d were acknowledged", round, len(g.Moves), acked)
		}
		if g.Version != int64(len(g.Moves))+1 {
			t.Errorf("round %d: version %d with %d moves: a move and its version were split", round, g.Version, len(g.Moves))
		}
		for i, m := range g.Moves {
			if m.Ply != i || m.Move != strconv.Itoa(i%6+1) {
				t.Fatalf("round %d: move %d = %+v", round, i, m)
			}
		}
		t.Logf("round %d: %d moves acknowledged before SIGKILL, %d stored", round, acked, len(g.Moves))
		// Playable from the last move.
		g.Moves = append(g.Moves, store.Move{Move: strconv.Itoa(len(g.Moves)%6 + 1), UserID: "b", At: time.Now()})
		if err := d.UpdateGame(ctx, g); err != nil {
			t.Fatalf("round %d: move after restart: %v", round, err)
		}
		if err := d.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// BenchmarkUpdateGame appends one move per op to a game in play, as the bot
// does for each button press: one immediate transaction (version check,
// UPDATE of the row, MAX(ply) probe, last-move check, INSERT), committed.
// sync=FULL is what Open uses; NORMAL is for comparison.
func BenchmarkUpdateGame(b *testing.B) {
	for _, sync := range []string{"FULL", "NORMAL"} {
		b.Run("sync="+sync, func(b *testing.B) {
			ctx := b.Context()
			d, err := open(ctx, filepath.Join(b.TempDir(), "bench.db"), sync)
			if err != nil {
				b.Fatal(err)
			}
			defer d.Close()
			g := testGame("c1")
			if err := d.CreateGame(ctx, g); err != nil {
				b.Fatal(err)
			}
			at := time.Now()
			b.ReportAllocs()
			for b.Loop() {
				g.Moves = append(g.Moves, store.Move{Move: "3", UserID: "a", At: at})
				if err := d.UpdateGame(ctx, g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkGame reads a 60-move game (row and moves, one snapshot).
func BenchmarkGame(b *testing.B) {
	d, _ := openTest(b)
	ctx := b.Context()
	g := testGame("c1")
	for i := range 60 {
		g.Moves = append(g.Moves, store.Move{Move: strconv.Itoa(i%6 + 1), UserID: "a", At: time.Now()})
	}
	if err := d.CreateGame(ctx, g); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := d.Game(ctx, g.ID); err != nil {
			b.Fatal(err)
		}
	}
}
