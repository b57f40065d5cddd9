// Package sqlite is the SQLite implementation of store.Store, the default
// backend: one process serves a database file (Open locks it), writes are
// durable when they return, and the schema comes from the numbered
// migrations embedded from migrations/. It passes the conformance suite,
// store/storetest. The driver is modernc.org/sqlite (pure Go); only the
// programs that open a SQLite database link it.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"time"

	"modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/mancala-bot/mancala/store"
)

// Connection settings, applied by the driver to every pooled connection
// (a PRAGMA run through db.Exec would reach only one of them).
//
//   - busy_timeout(5000): wait up to 5 s for another connection's (or another
//     process's) write lock instead of failing at once with SQLITE_BUSY.
//   - journal_mode(WAL): readers never block the writer nor the writer them;
//     persistent in the file. Open checks it took effect.
//   - foreign_keys(1): moves.game_id references games.id.
//   - synchronous(FULL): see below.
//   - _txlock=immediate: every read-write transaction starts with BEGIN
//     IMMEDIATE, taking the write lock up front. With the default deferred
//     BEGIN, a transaction that reads and then writes upgrades its lock and,
//     when another connection committed in between, fails with
//     SQLITE_BUSY_SNAPSHOT, which busy_timeout cannot retry (measured: 37 of 40
//     concurrent read-then-write transactions failed; 0 with immediate).
//     Read-only transactions (sql.TxOptions{ReadOnly: true}) still begin
//     deferred, so reads take no write lock.
//
// Durability: synchronous=FULL. In WAL mode a commit appends to the -wal file;
// with NORMAL the WAL is fsynced only at checkpoints, so a commit that has
// returned survives a process crash or kill (its pages are in the OS page
// cache) but may be rolled back by a power loss or kernel crash. With FULL
// the WAL is fsynced at every commit, so a commit that has returned survives
// those too. The spec acknowledges a move only after it is committed and
// requires that a crash at any moment keep every acknowledged move; a host
// crash is a crash, and one fsync per move is cheap at the rate people play
// (see BenchmarkUpdateGame for both settings), so FULL it is. Event claims
// alone commit with NORMAL, on a connection of their own (see ClaimEvent).
const (
	pragmas = "_pragma=busy_timeout(5000)" +
		"&_pragma=journal_mode(WAL)" +
		"&_pragma=foreign_keys(1)" +
		"&_pragma=synchronous(%s)" +
		"&_txlock=immediate"
	defaultSynchronous = "FULL"

	// maxOpenConns bounds the pool: each SQLite connection has its own page
	// cache. Writes are serialized in-process anyway (DB.writeSlot), so more
	// connections only serve concurrent reads, which WAL allows.
	maxOpenConns = 4
)

// DB is the SQLite implementation of store.Store: games,
// their moves, users' languages, and results derived from finished games.
// It is safe for concurrent use.
type DB struct {
	db *sql.DB
	// writeSlot serializes this process's write transactions, so they queue
	// in Go (honouring their contexts) instead of sleeping in SQLite's busy
	// handler. busy_timeout still covers other processes.
	writeSlot chan struct{}
	// stmts holds the package's statements prepared once at Open (SQLite
	// spends more time parsing a statement than running these), by query.
	// Read-only after Open.
	stmts map[string]*sql.Stmt
	// now is the clock used for CreatedAt/UpdatedAt when the caller left
	// them zero.
	now func() time.Time
	// lock is the sidecar lock file, held (flock) until Close.
	lock *os.File
	// file tells whether the path still names the file opened; every
	// write checks it before committing, and so does Ping.
	file *fileCheck
	// claims is a connection of the pool kept for ClaimEvent, with
	// synchronous=NORMAL when the others have FULL: a claim's commit does
	// not wait for the disk (see ClaimEvent). Used under writeSlot only.
	claims *sql.Conn
}

// Open opens the SQLite database at path and brings its schema up to date.
// path is a file name, not a DSN.
//
// What Open refuses, each with an error naming the path:
//   - a missing directory (ErrNoDirectory): a new, empty database is
//     created only when the file does not exist and its directory does;
//   - a database another DB holds (ErrLocked), in another process or this
//     one: Open takes an exclusive lock (flock) on the sidecar file
//     path+".lock" and keeps it until Close, so one process at a time
//     serves a file;
//   - a damaged file (ErrCorrupt): an existing database must pass SQLite's
//     PRAGMA quick_check first.
//
// While open, every write checks that path still names the file that was
// opened (device and inode); when it was removed or replaced, writes fail
// with ErrFileGone and write nothing, and so does Ping.
func Open(ctx context.Context, path string) (*DB, error) {
	return open(ctx, path, defaultSynchronous)
}

func open(ctx context.Context, path, synchronous string) (*DB, error) {
	if path == "" || path == ":memory:" {
		return nil, fmt.Errorf("store: open %q: need a file name", path)
	}
	if err := checkDir(path); err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	lock, err := lockFile(lockPath(path))
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	_, statErr := os.Stat(path)
	existed := statErr == nil
	db, err := sql.Open("sqlite", dsn(path, synchronous))
	if err != nil {
		lock.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	db.SetMaxOpenConns(maxOpenConns + 1) // and DB.claims
	db.SetMaxIdleConns(maxOpenConns + 1)
	d := &DB{db: db, writeSlot: make(chan struct{}, 1), now: time.Now, lock: lock}
	// The claims connection first, so that the one init leaves idle stays
	// in the pool.
	err = d.openClaims(ctx, synchronous)
	if err == nil {
		err = d.init(ctx, existed)
	}
	if err != nil {
		if d.claims != nil {
			d.claims.Close()
		}
		db.Close()
		lock.Close()
		if isCorrupt(err) && !errors.Is(err, ErrCorrupt) {
			err = fmt.Errorf("%w: %w", ErrCorrupt, err)
		}
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	if d.file, err = newFileCheck(path); err != nil {
		d.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	return d, nil
}

// openClaims takes the connection kept for event claims (DB.claims) from
// the pool and, when the pool's connections wait for the disk at every
// commit (FULL), lets it wait only at checkpoints (NORMAL).
func (d *DB) openClaims(ctx context.Context, synchronous string) error {
	c, err := d.db.Conn(ctx)
	if err != nil {
		return err
	}
	if synchronous == "FULL" {
		if _, err := c.ExecContext(ctx, "PRAGMA synchronous=NORMAL"); err != nil {
			c.Close()
			return err
		}
	}
	d.claims = c
	return nil
}

// dsn builds the driver's data source name: a file: URI, so that any path
// works (the path is escaped and cannot add query parameters), with the
// connection settings above.
func dsn(path, synchronous string) string {
	u := url.URL{Path: path}
	return "file:" + u.EscapedPath() + "?" + fmt.Sprintf(pragmas, synchronous)
}

func (d *DB) init(ctx context.Context, existed bool) error {
	mode, err := d.journalMode(ctx)
	if err != nil {
		return err
	}
	if mode != "wal" {
		return fmt.Errorf("journal_mode is %q, not wal (is the file on a local disk?)", mode)
	}
	if existed {
		if err := d.quickCheck(ctx); err != nil {
			return err
		}
	}
	if err := d.migrate(ctx, migrationFS); err != nil {
		return err
	}
	if err := d.fillPageIDs(ctx); err != nil {
		return fmt.Errorf("page ids: %w", err)
	}
	return d.prepare(ctx)
}

// fillPageIDs gives every game without a page id one from
// store.NewPageID, in one transaction: the games stored before migration
// 0011 added the column. It is done from Go because SQLite's randomblob()
// is not a cryptographic generator. With none missing, it only reads.
func (d *DB) fillPageIDs(ctx context.Context) error {
	var missing int
	if err := d.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM games WHERE page_id IS NULL").Scan(&missing); err != nil {
		return err
	}
	if missing == 0 {
		return nil
	}
	return d.write(ctx, func(tx txn) error {
		rows, err := tx.query("SELECT id FROM games WHERE page_id IS NULL")
		if err != nil {
			return err
		}
		var ids []int64
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, id := range ids {
			if _, err := tx.exec("UPDATE games SET page_id = ? WHERE id = ?", store.NewPageID(), id); err != nil {
				return err
			}
		}
		return nil
	})
}

// journalMode connects and returns the journal mode the connection got.
// Each new connection switches a new file to WAL (a DSN pragma); while
// another connection, of this process or another, is doing the same, SQLite
// answers SQLITE_BUSY at once instead of waiting for busy_timeout, so a busy
// connect is tried again for up to busyWait. Errors: the last error, or
// ctx's.
func (d *DB) journalMode(ctx context.Context) (string, error) {
	deadline := time.Now().Add(busyWait)
	for delay := time.Millisecond; ; delay = min(2*delay, 100*time.Millisecond) {
		var mode string
		err := d.db.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode)
		if err == nil || !isBusy(err) || time.Now().After(deadline) {
			return mode, err
		}
		select {
		case <-time.After(delay):
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

// busyWait is how long Open retries a connection that finds the file
// locked; the same as the DSN's busy_timeout.
const busyWait = 5 * time.Second

// isBusy reports whether err is SQLite's "database is locked".
func isBusy(err error) bool {
	code, ok := sqliteCode(err)
	return ok && code&0xff == sqlite3.SQLITE_BUSY // the primary code, whatever the extended one
}

// sqliteCode returns the (extended) result code of an error from SQLite;
// ok is false for any other error.
func sqliteCode(err error) (code int, ok bool) {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return 0, false
	}
	return se.Code(), true
}

// prepare prepares every statement the methods run, before any is in use:
// preparing later, from inside a transaction, could wait for a connection
// while every connection waits in a transaction. A transaction reuses a
// prepared statement on its own connection (sql.Tx.StmtContext).
func (d *DB) prepare(ctx context.Context) error {
	d.stmts = make(map[string]*sql.Stmt, len(statements))
	for _, q := range statements {
		s, err := d.db.PrepareContext(ctx, q)
		if err != nil {
			return fmt.Errorf("prepare %q: %w", q, err)
		}
		d.stmts[q] = s
	}
	return nil
}

// Close closes the database. The last connection to close checkpoints the
// WAL into the main file.
func (d *DB) Close() error {
	if d.claims != nil {
		d.claims.Close()
	}
	for _, s := range d.stmts {
		s.Close()
	}
	err := d.db.Close()
	if d.lock != nil {
		d.lock.Close() // after the database: the next process may take it
	}
	return err
}

// txn is a transaction running the DB's prepared statements. A query that
// was not prepared (there is none) would simply be prepared on the spot.
type txn struct {
	ctx context.Context
	d   *DB
	tx  *sql.Tx
}

func (t txn) exec(query string, args ...any) (sql.Result, error) {
	if s := t.d.stmts[query]; s != nil {
		return t.tx.StmtContext(t.ctx, s).ExecContext(t.ctx, args...)
	}
	return t.tx.ExecContext(t.ctx, query, args...)
}

func (t txn) query(query string, args ...any) (*sql.Rows, error) {
	if s := t.d.stmts[query]; s != nil {
		return t.tx.StmtContext(t.ctx, s).QueryContext(t.ctx, args...)
	}
	return t.tx.QueryContext(t.ctx, query, args...)
}

func (t txn) queryRow(query string, args ...any) *sql.Row {
	if s := t.d.stmts[query]; s != nil {
		return t.tx.StmtContext(t.ctx, s).QueryRowContext(t.ctx, args...)
	}
	return t.tx.QueryRowContext(t.ctx, query, args...)
}

// query and queryRow run a single statement outside a transaction.
func (d *DB) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if s := d.stmts[query]; s != nil {
		return s.QueryContext(ctx, args...)
	}
	return d.db.QueryContext(ctx, query, args...)
}

func (d *DB) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	if s := d.stmts[query]; s != nil {
		return s.QueryRowContext(ctx, args...)
	}
	return d.db.QueryRowContext(ctx, query, args...)
}

// Migrations: numbered SQL files embedded in the binary, applied in order,
// each in its own transaction together with its row in schema_migrations,
// so a file is applied entirely or not at all, exactly once.

//go:embed migrations/*.sql
var migrationFS embed.FS

// migrate applies the migrations in fsys (migrations/NNNN_*.sql) that the
// database lacks.
func (d *DB) migrate(ctx context.Context, fsys fs.FS) error {
	ms, err := store.ReadMigrations(fsys)
	if err != nil {
		return err
	}
	if _, err := d.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT    NOT NULL,
		applied_at INTEGER NOT NULL
	) STRICT`); err != nil {
		return fmt.Errorf("schema_migrations: %w", err)
	}
	var newest int
	if err := d.db.QueryRowContext(ctx,
		"SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&newest); err != nil {
		return fmt.Errorf("schema_migrations: %w", err)
	}
	if newest > len(ms) {
		return fmt.Errorf("database schema version %d is newer than this program's (%d)", newest, len(ms))
	}
	for _, m := range ms {
		if err := d.migrateOne(ctx, m); err != nil {
			return fmt.Errorf("migration %s: %w", m.Name, err)
		}
	}
	return nil
}

// migrateOne applies m unless it has been. The check runs inside the
// (immediate) transaction, so two processes opening the same new file do
// not both apply it.
func (d *DB) migrateOne(ctx context.Context, m store.Migration) error {
	return d.write(ctx, func(tx txn) error {
		var n int
		if err := tx.queryRow(
			"SELECT COUNT(*) FROM schema_migrations WHERE version = ?", m.Version).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
		if _, err := tx.exec(m.SQL); err != nil {
			return err
		}
		_, err := tx.exec(
			"INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
			m.Version, m.Name, d.now().UnixMilli())
		return err
	})
}

// write runs f in an immediate transaction, one at a time in this process,
// and commits when f returns nil.
func (d *DB) write(ctx context.Context, f func(txn) error) error {
	return d.writeOn(ctx, d.db.BeginTx, f)
}

// writeOn is write with the transaction begun by begin: the pool's, or the
// connection kept for event claims (DB.claims).
func (d *DB) writeOn(ctx context.Context, begin func(context.Context, *sql.TxOptions) (*sql.Tx, error), f func(txn) error) error {
	select {
	case d.writeSlot <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-d.writeSlot }()
	tx, err := begin(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(txn{ctx, d, tx}); err != nil {
		_ = tx.Rollback()
		return err
	}
	// Checked last, just before the commit, so that a move is never
	// acknowledged into a file that was removed (or replaced) meanwhile.
	if d.file != nil {
		if err := d.file.check(); err != nil {
			_ = tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}

// read runs f in a read-only (deferred) transaction: one consistent
// snapshot that takes no write lock.
func (d *DB) read(ctx context.Context, f func(txn) error) error {
	tx, err := d.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // read-only: nothing to keep
	return f(txn{ctx, d, tx})
}

// internal wraps an unexpected error. The package's own errors pass through
// unchanged, and so does the context's: when ctx is done, the failure is
// reported as ctx.Err() whatever the driver made of the interruption.
func internal(ctx context.Context, op string, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrChannelBusy), errors.Is(err, store.ErrConflict),
		errors.Is(err, store.ErrUnavailable):
		return err
	case ctx.Err() != nil:
		return ctx.Err()
	}
	return fmt.Errorf("store: %s: %w", op, err)
}
