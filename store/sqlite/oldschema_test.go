package sqlite

import (
	"database/sql"
	"testing"
	"testing/fstest"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// oldDatabase writes a database file with the schema of the first n
// migrations only, as the code of that time left it, runs fill's
// statements on it (exec fails the test on an error), closes it and
// returns its path, for Open to migrate the rest.
func oldDatabase(t *testing.T, n int, fill func(exec func(query string, args ...any))) string {
	t.Helper()
	ctx := t.Context()
	path := t.TempDir() + "/old.db"
	all, err := store.ReadMigrations(migrationFS)
	if err != nil {
		t.Fatal(err)
	}
	old := fstest.MapFS{}
	for _, m := range all[:n] {
		old["migrations/"+m.Name] = &fstest.MapFile{Data: []byte(m.SQL)}
	}
	db, err := sql.Open("sqlite", dsn(path, defaultSynchronous))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	d := &DB{db: db, writeSlot: make(chan struct{}, 1), now: time.Now}
	if err := d.migrate(ctx, old); err != nil {
		t.Fatal(err)
	}
	fill(func(query string, args ...any) {
		t.Helper()
		if _, err := db.ExecContext(ctx, query, args...); err != nil {
			t.Fatal(err)
		}
	})
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}
