package postgres_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/postgres"
	"github.com/mancala-bot/mancala/store/postgres/pgtest"
	"github.com/mancala-bot/mancala/store/sqlite"
	"github.com/mancala-bot/mancala/store/storetest"
)

// DB is a store.Store.
var _ store.Store = (*postgres.DB)(nil)

// open opens a new, empty database for t, closed when t ends.
func open(t testing.TB) *postgres.DB {
	t.Helper()
	db, err := postgres.Open(t.Context(), pgtest.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestConformance(t *testing.T) {
	pgtest.ServerURL(t) // skip (or fail) once, not once per case
	storetest.Run(t, func(t *testing.T) store.Store { return open(t) })
}

// TestShared: two stores on one database, as two processes: an event is
// claimed once and a lease held by one holder through either.
func TestShared(t *testing.T) {
	url := pgtest.NewDatabase(t)
	var dbs [2]*postgres.DB
	for i := range dbs {
		db, err := postgres.Open(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		dbs[i] = db
	}
	storetest.Shared(t, dbs[0], dbs[1])
}

// TestMigrationsMatchSQLite: the same numbered migrations, by the same
// names, in both dialects.
func TestMigrationsMatchSQLite(t *testing.T) {
	names := func(dir string) []string {
		m, err := filepath.Glob(filepath.Join(dir, "*.sql"))
		if err != nil {
			t.Fatal(err)
		}
		for i := range m {
			m[i] = filepath.Base(m[i])
		}
		return m
	}
	lite, pg := names("../sqlite/migrations"), names("migrations")
	if len(lite) == 0 || !slices.Equal(lite, pg) {
		t.Errorf("migrations differ:\n\tSQLite     %v\n\tPostgreSQL %v", lite, pg)
	}
}

// TestSchemaMatchesSQLite: after the migrations, both databases have the
// same tables, columns (in order) and indexes.
func TestSchemaMatchesSQLite(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "m.db")
	lite, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	lite.Close()
	sdb, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer sdb.Close()
	want := map[string]bool{}
	rows, err := sdb.QueryContext(ctx, `SELECT m.name, p.cid, p.name FROM sqlite_master m, pragma_table_info(m.name) p
		WHERE m.type = 'table'`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var table, col string
		var pos int
		if err := rows.Scan(&table, &pos, &col); err != nil {
			t.Fatal(err)
		}
		want[fmt.Sprintf("column %s.%d %s", table, pos+1, col)] = true
	}
	rows.Close()
	rows, err = sdb.QueryContext(ctx, `SELECT tbl_name, name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var table, index string
		if err := rows.Scan(&table, &index); err != nil {
			t.Fatal(err)
		}
		want["index "+table+" "+index] = true
	}
	rows.Close()

	url := pgtest.NewDatabase(t)
	pg, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	pg.Close()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	got := map[string]bool{}
	// Columns by position among the live ones (dropped columns keep their
	// attnum in PostgreSQL).
	prows, err := conn.Query(ctx, `SELECT table_name::text,
			ROW_NUMBER() OVER (PARTITION BY table_name ORDER BY ordinal_position), column_name::text
		FROM information_schema.columns WHERE table_schema = current_schema()`)
	if err != nil {
		t.Fatal(err)
	}
	for prows.Next() {
		var table, col string
		var pos int
		if err := prows.Scan(&table, &pos, &col); err != nil {
			t.Fatal(err)
		}
		got[fmt.Sprintf("column %s.%d %s", table, pos, col)] = true
	}
	prows.Close()
	// Explicit indexes: those not backing a primary key.
	prows, err = conn.Query(ctx, `SELECT i.tablename::text, i.indexname::text FROM pg_indexes i
		WHERE i.schemaname = current_schema()
			AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.contype = 'p')`)
	if err != nil {
		t.Fatal(err)
	}
	for prows.Next() {
		var table, index string
		if err := prows.Scan(&table, &index); err != nil {
			t.Fatal(err)
		}
		got["index "+table+" "+index] = true
	}
	prows.Close()

	for k := range want {
		if !got[k] {
			t.Errorf("PostgreSQL lacks SQLite's %s", k)
		}
	}
	for k := range got {
		if !want[k] {
			t.Errorf("PostgreSQL has %s, SQLite has not", k)
		}
	}
}

// TestConcurrentOpen: processes starting at once on a new database apply
// the migrations once (the advisory lock), and all of them start.
func TestConcurrentOpen(t *testing.T) {
	url := pgtest.NewDatabase(t)
	const n = 6
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			db, err := postgres.Open(t.Context(), url)
			if err == nil {
				db.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Errorf("concurrent Open: %v", err)
		}
	}
	conn, err := pgx.Connect(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var count, newest int
	if err := conn.QueryRow(t.Context(), "SELECT COUNT(*), MAX(version) FROM schema_migrations").Scan(&count, &newest); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("migrations/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("migration files: %v, %v", files, err)
	}
	if want := len(files); count != want || newest != want {
		t.Errorf("schema_migrations: %d rows, newest %d; want %d, %d", count, newest, want, want)
	}
}

// TestNewerSchemaRefused: a database migrated by a newer program is not
// touched.
func TestNewerSchemaRefused(t *testing.T) {
	url := pgtest.NewDatabase(t)
	db, err := postgres.Open(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	conn, err := pgx.Connect(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(t.Context(), "INSERT INTO schema_migrations VALUES (99, '0099_future.sql', 0)"); err != nil {
		t.Fatal(err)
	}
	_, err = postgres.Open(t.Context(), url)
	if err == nil || !strings.Contains(err.Error(), "newer than this program's") {
		t.Errorf("Open of a newer schema: %v", err)
	}
}

// TestReopen: what one process wrote, the next reads (and the migrations
// already applied are not applied again).
func TestReopen(t *testing.T) {
	ctx := t.Context()
	url := pgtest.NewDatabase(t)
	db, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	g := &store.Game{Platform: "discord", Channel: "c1", Variant: "kalah", Phase: store.PhasePlaying,
		Players: []store.Player{{UserID: "a", Name: "A"}, {UserID: "b", Name: "B"}},
		Moves:   []store.Move{{Move: "3", UserID: "a", At: time.Now()}}, DrawOffer: -1, UndoOffer: -1}
	if err := db.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err = postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	got, err := db.LiveGame(ctx, "discord", "c1")
	if err != nil || got.ID != g.ID || len(got.Moves) != 1 || len(got.Players) != 2 {
		t.Fatalf("after reopening: %+v, %v", got, err)
	}
	if err := db.Ping(ctx); err != nil {
		t.Errorf("Ping: %v", err)
	}
}

// TestTwoProcesses: two stores (two pools, as two processes have) on one
// database; of updates racing from the same version, exactly one wins, and
// only one of two creations in a channel does.
func TestTwoProcesses(t *testing.T) {
	ctx := t.Context()
	url := pgtest.NewDatabase(t)
	var dbs [2]*postgres.DB
	for i := range dbs {
		db, err := postgres.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		dbs[i] = db
	}
	g := &store.Game{Platform: "telegram", Channel: "-100", Variant: "oware", Phase: store.PhasePlaying,
		Players: []store.Player{{UserID: "a", Name: "A"}, {UserID: "b", Name: "B"}}, DrawOffer: -1, UndoOffer: -1}
	if err := dbs[0].CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	const n = 16
	errs := make([]error, n)
	var read, wg sync.WaitGroup
	read.Add(n)
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			db := dbs[i%2]
			mine, err := db.Game(ctx, g.ID)
			read.Done()
			if err != nil {
				errs[i] = err
				return
			}
			mine.Moves = append(mine.Moves, store.Move{Move: strconv.Itoa(i%6 + 1), UserID: "a", At: time.Now()})
			<-start
			errs[i] = db.UpdateGame(ctx, mine)
		})
	}
	read.Wait()
	close(start)
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case !errors.Is(err, store.ErrConflict):
			t.Errorf("UpdateGame: %v", err)
		}
	}
	if got, _ := dbs[1].Game(ctx, g.ID); ok != 1 || got == nil || len(got.Moves) != 1 || got.Version != 2 {
		t.Errorf("%d updates won, game %+v; want 1 and one move at version 2", ok, got)
	}

	var cerrs [2]error
	for i := range dbs {
		wg.Go(func() {
			cerrs[i] = dbs[i].CreateGame(ctx, &store.Game{Platform: "discord", Channel: "c9", Variant: "kalah",
				Phase: store.PhaseChallenge, DrawOffer: -1, UndoOffer: -1})
		})
	}
	wg.Wait()
	if (cerrs[0] == nil) == (cerrs[1] == nil) || !errors.Is(errors.Join(cerrs[:]...), store.ErrChannelBusy) {
		t.Errorf("two creations in one channel: %v", cerrs)
	}
}

// TestOpenErrors: a URL that does not parse and a server that does not
// answer fail Open with an error that does not hold the password. (No
// server needed.)
func TestOpenErrors(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close() // nothing listens there now
	const secret = "s3cretPa55"
	for _, url := range []string{
		"postgres://bob:" + secret + "@" + closed + "/mancala?sslmode=disable",
		"postgres://bob:" + secret + "@127.0.0.1:notaport/mancala",
		"postgres://bob:" + secret + "@" + closed + "/mancala?sslmode=bogus",
		"postgres://bob@" + closed + "/mancala?password=" + secret + "&sslmode=disable",
		"host=127.0.0.1 port=1 user=bob password=" + secret + " connect_timeout=x",
		"postgresql://bob:" + secret + "@[::1/mancala",
	} {
		ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
		db, err := postgres.Open(ctx, url)
		cancel()
		if err == nil {
			db.Close()
			t.Errorf("Open(%q) succeeded", url)
			continue
		}
		if strings.Contains(err.Error(), secret) {
			t.Errorf("Open's error holds the password: %v", err)
		}
	}
}

func TestRedact(t *testing.T) {
	for _, c := range []struct{ url, msg, want string }{
		{"postgres://u:pw%40x@h/db", "cannot parse `postgres://u:pw%40x@h/db`: pw@x", "cannot parse `postgres://u:xxxxx@h/db`: xxxxx"},
		{"postgres://u@h/db?password=hunter2", "bad hunter2", "bad xxxxx"},
		{"host=h password='a b'", "x a b y", "x xxxxx y"},
		{"postgres://u@h:5432/db", "no password here", "no password here"},
	} {
		if got := postgres.Redact(c.msg, c.url); got != c.want {
			t.Errorf("Redact(%q, %q) = %q, want %q", c.msg, c.url, got, c.want)
		}
	}
}

// BenchmarkUpdateGame appends one move per update (one transaction, with
// the server's commit to disk when its fsync is on).
func BenchmarkUpdateGame(b *testing.B) {
	db := open(b)
	ctx := b.Context()
	g := &store.Game{Platform: "discord", Channel: "c1", Variant: "kalah", Phase: store.PhasePlaying,
		Players: []store.Player{{UserID: "a", Name: "A"}, {UserID: "b", Name: "B"}}, DrawOffer: -1, UndoOffer: -1}
	if err := db.CreateGame(ctx, g); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		g.Moves = append(g.Moves, store.Move{Move: "3", UserID: "a", At: time.Now()})
		if err := db.UpdateGame(ctx, g); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGame reads a 60-move game (row, seats and moves, one snapshot).
func BenchmarkGame(b *testing.B) {
	db := open(b)
	ctx := b.Context()
	g := &store.Game{Platform: "discord", Channel: "c1", Variant: "kalah", Phase: store.PhasePlaying,
		Players: []store.Player{{UserID: "a", Name: "A"}, {UserID: "b", Name: "B"}}, DrawOffer: -1, UndoOffer: -1}
	for i := range 60 {
		g.Moves = append(g.Moves, store.Move{Move: strconv.Itoa(i%6 + 1), UserID: "a", At: time.Now()})
	}
	if err := db.CreateGame(ctx, g); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := db.Game(ctx, g.ID); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGameByPage reads a 60-move game by its page id.
func BenchmarkGameByPage(b *testing.B) {
	db := open(b)
	ctx := b.Context()
	g := &store.Game{Platform: "discord", Channel: "c1", Variant: "kalah", Phase: store.PhasePlaying,
		Players: []store.Player{{UserID: "a", Name: "A"}, {UserID: "b", Name: "B"}}, DrawOffer: -1, UndoOffer: -1}
	for i := range 60 {
		g.Moves = append(g.Moves, store.Move{Move: strconv.Itoa(i%6 + 1), UserID: "a", At: time.Now()})
	}
	if err := db.CreateGame(ctx, g); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := db.GameByPage(ctx, g.PageID); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWatch is one heartbeat (the pruning included) of one of 100
// viewers of a game; BenchmarkWatchers counts a game's viewers among 100.
func BenchmarkWatch(b *testing.B) {
	db := open(b)
	ctx := b.Context()
	g := &store.Game{Platform: "discord", Channel: "c1", Variant: "kalah", Phase: store.PhasePlaying,
		Players: []store.Player{{UserID: "a", Name: "A"}, {UserID: "b", Name: "B"}}, DrawOffer: -1, UndoOffer: -1}
	if err := db.CreateGame(ctx, g); err != nil {
		b.Fatal(err)
	}
	until := time.Now().Add(time.Minute)
	i := 0
	for b.Loop() {
		if err := db.Watch(ctx, g.ID, fmt.Sprint("viewer", i%100), until); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkWatchers(b *testing.B) {
	db := open(b)
	ctx := b.Context()
	g := &store.Game{Platform: "discord", Channel: "c1", Variant: "kalah", Phase: store.PhasePlaying,
		Players: []store.Player{{UserID: "a", Name: "A"}, {UserID: "b", Name: "B"}}, DrawOffer: -1, UndoOffer: -1}
	if err := db.CreateGame(ctx, g); err != nil {
		b.Fatal(err)
	}
	now := time.Now()
	for i := range 100 {
		if err := db.Watch(ctx, g.ID, fmt.Sprint("viewer", i), now.Add(time.Duration(i)*time.Second)); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		if _, err := db.Watchers(ctx, g.ID, now.Add(50*time.Second)); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDamagedOptions: as the SQLite store's test of the same name, a game
// whose stored options are valid JSON but not an object of strings is read
// with Damage "options" instead of failing the read, and can be ended: the
// update keeps the stored options as they are.
func TestDamagedOptions(t *testing.T) {
	ctx := t.Context()
	url := pgtest.NewDatabase(t)
	db, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	g := &store.Game{Platform: "discord", Channel: "c", Variant: "kalah", Phase: store.PhasePlaying,
		Options: map[string]string{"seeds": "4"},
		Players: []store.Player{{UserID: "a", Name: "A"}, {UserID: "b", Name: "B"}}, DrawOffer: -1, UndoOffer: -1}
	if err := db.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	const bad = `{"seeds": 4}`
	if _, err := conn.Exec(ctx, "UPDATE games SET options = $1::jsonb WHERE id = $2", bad, g.ID); err != nil {
		t.Fatal(err)
	}
	got, err := db.LiveGame(ctx, "discord", "c")
	if err != nil {
		t.Fatalf("LiveGame of a damaged row: %v", err)
	}
	if got.Damage != "options" || got.Options != nil || got.ID != g.ID || len(got.Players) != 2 {
		t.Fatalf("damaged game read as %+v", got)
	}
	got.Phase, got.Reason = store.PhaseOver, "abandoned"
	if err := db.UpdateGame(ctx, got); err != nil {
		t.Fatalf("ending a damaged game: %v", err)
	}
	var opts string
	if err := conn.QueryRow(ctx, "SELECT options::text FROM games WHERE id = $1", g.ID).Scan(&opts); err != nil || opts != bad {
		t.Errorf("options after the update: %q, %v; want them kept", opts, err)
	}
	if _, err := db.LiveGame(ctx, "discord", "c"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("channel still has a live game: %v", err)
	}
	if err := db.CreateGame(ctx, got); err == nil {
		t.Error("CreateGame stored a damaged game")
	}
}
