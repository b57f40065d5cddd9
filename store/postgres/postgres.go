// Package postgres is the PostgreSQL implementation of store.Store: the
// same records, errors and guarantees as the SQLite store (store/sqlite),
// for several bot processes sharing one database. It passes the same
// conformance suite, store/storetest.
//
// The schema is the SQLite one written in PostgreSQL's dialect: the same
// numbered migrations (migrations/NNNN_*.sql against
// store/sqlite/migrations), the same tables, columns, constraints and
// indexes by the same names, times as unix milliseconds. Open applies the missing migrations in one transaction
// under an advisory lock, so processes starting together migrate once.
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	neturl "net/url"
	"regexp"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/mancala-bot/mancala/store"
)

// DB is the PostgreSQL implementation of store.Store: games, their
// seats and moves, users' and channels' languages, puzzle attempts, and
// results derived from finished games. It is safe for concurrent use, by
// any number of goroutines and processes.
//
// Concurrency: every write is one transaction at PostgreSQL's default
// isolation (read committed). Optimistic concurrency is the UPDATE's
// "WHERE version = $n": of two writers holding the same version, the second
// waits for the first's row lock, then finds the version moved on and gets
// store.ErrConflict. One live game per channel is the unique index
// games_live_channel, mapped to store.ErrChannelBusy. Reads of a game (its
// row, seats and moves) run in one repeatable-read, read-only transaction,
// so they see one snapshot.
//
// Durability: a write is acknowledged when its COMMIT returns, which with
// the server's default synchronous_commit=on means its WAL record is flushed
// to disk.
type DB struct {
	pool *pgxpool.Pool
	// now is the clock used for CreatedAt/UpdatedAt when the caller left
	// them zero.
	now func() time.Time
}

// connectTimeout bounds Open's first connection when the URL sets no
// connect_timeout: a server that does not answer fails the start instead of
// hanging it.
const connectTimeout = 10 * time.Second

// Open connects to the PostgreSQL database at url (postgres://... or
// postgresql://..., or a key=value connection string; pgxpool's pool_*
// parameters such as pool_max_conns are honoured) and brings its schema up
// to date. It checks the server answers before returning.
//
// Errors: a URL that does not parse, a server that cannot be reached or
// refuses the login, a schema newer than this program's, or a migration
// that fails. The errors never contain the URL's password.
func Open(ctx context.Context, url string) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: %s", Redact(err.Error(), url))
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = connectTimeout
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %s", Redact(err.Error(), url))
	}
	d := &DB{pool: pool, now: time.Now}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: %s", Redact(err.Error(), url))
	}
	if err := d.migrate(ctx, migrationFS); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: %s", Redact(err.Error(), url))
	}
	if err := d.fillPageIDs(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: page ids: %s", Redact(err.Error(), url))
	}
	return d, nil
}

// Ping checks that the server answers a query on a pooled connection
// (readiness). It returns the failure, or ctx's error.
func (d *DB) Ping(ctx context.Context) error {
	var one int
	if err := d.pool.QueryRow(ctx, "SELECT 1").Scan(&one); err != nil {
		return internal(ctx, "ping", err)
	}
	return nil
}

// Close closes the pool, waiting for the connections in use to be
// returned. It always returns nil.
func (d *DB) Close() error {
	d.pool.Close()
	return nil
}

// Redact returns msg with the password of the connection string url masked
// wherever it appears (and url itself replaced by its redacted form): the
// driver's messages may quote the connection string, and a password must
// never reach a log or the terminal.
func Redact(msg, url string) string {
	if url == "" {
		return msg
	}
	if pw := password(url); pw != "" {
		msg = strings.ReplaceAll(msg, pw, "xxxxx")
		if plain, err := neturl.PathUnescape(pw); err == nil && plain != "" {
			msg = strings.ReplaceAll(msg, plain, "xxxxx")
		}
	}
	return msg
}

// password returns the password in a connection string, URL or key=value,
// as best it can find it ("" if none): the userinfo's, a password= or
// sslpassword= parameter's.
func password(conn string) string {
	if m := userinfoPassword.FindStringSubmatch(conn); m != nil {
		return m[1]
	}
	if m := paramPassword.FindStringSubmatch(conn); m != nil {
		return strings.Trim(m[1], "'")
	}
	return ""
}

var (
	// postgres://user:PASSWORD@host: the password runs to the last @
	// before the path (a password may hold @ when escaped, or not).
	userinfoPassword = regexp.MustCompile(`^[a-zA-Z]+://[^:/@]*:([^/]*)@`)
	paramPassword    = regexp.MustCompile(`(?:^|[?& ])(?:ssl)?password=('[^']*'|[^& ]+)`)
)

// Migrations: numbered SQL files embedded in the binary, the same numbers
// and names as the SQLite store's, applied in order.

//go:embed migrations/*.sql
var migrationFS embed.FS

// migrateLock is the key of the transaction-level advisory lock migrate
// holds: processes opening the same database at once apply the migrations
// one after the other, the later ones finding nothing left to do. Advisory
// locks are per database, so databases on one server do not wait for each
// other.
const migrateLock int64 = 0x6d616e63616c61 // "mancala"

// migrate applies the migrations in fsys (migrations/NNNN_*.sql) that the
// database lacks, all in one transaction (PostgreSQL's DDL is
// transactional): they are applied entirely or not at all, each recorded in
// schema_migrations.
func (d *DB) migrate(ctx context.Context, fsys fs.FS) error {
	ms, err := store.ReadMigrations(fsys)
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", migrateLock); err != nil {
			return fmt.Errorf("migration lock: %w", err)
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version    INTEGER PRIMARY KEY,
			name       TEXT    NOT NULL,
			applied_at BIGINT  NOT NULL
		)`); err != nil {
			return fmt.Errorf("schema_migrations: %w", err)
		}
		var newest int
		if err := tx.QueryRow(ctx,
			"SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&newest); err != nil {
			return fmt.Errorf("schema_migrations: %w", err)
		}
		if newest > len(ms) {
			return fmt.Errorf("database schema version %d is newer than this program's (%d)", newest, len(ms))
		}
		for _, m := range ms[newest:] {
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return fmt.Errorf("migration %s: %w", m.Name, err)
			}
			if _, err := tx.Exec(ctx,
				"INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
				m.Version, m.Name, d.now().UnixMilli()); err != nil {
				return fmt.Errorf("migration %s: %w", m.Name, err)
			}
		}
		return nil
	})
}

// fillPageIDs gives every game without a page id one from
// store.NewPageID: the games stored before migration 0011 added the column,
// or since by a program older than it (during a rolling upgrade). The ids
// come from Go, as in the SQLite store, so that every page id is 16 bytes
// from crypto/rand. Processes opening the database together may both fill:
// the update skips a game another filled meanwhile (it waits for that row's
// lock, then finds page_id set), so each game gets one id.
func (d *DB) fillPageIDs(ctx context.Context) error {
	rows, err := d.pool.Query(ctx, "SELECT id FROM games WHERE page_id IS NULL")
	if err != nil {
		return err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil || len(ids) == 0 {
		return err
	}
	pages := make([]string, len(ids))
	for i := range pages {
		pages[i] = store.NewPageID()
	}
	_, err = d.pool.Exec(ctx, `UPDATE games AS g SET page_id = v.page
		FROM unnest($1::bigint[], $2::text[]) AS v (id, page)
		WHERE g.id = v.id AND g.page_id IS NULL`, ids, pages)
	return err
}

// write runs f in a read-committed transaction and commits when f returns
// nil; otherwise it rolls back.
func (d *DB) write(ctx context.Context, f func(pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, d.pool, f)
}

// readOnly is a snapshot: every statement of the transaction sees the same
// committed state.
var readOnly = pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}

// read runs f in a repeatable-read, read-only transaction: one consistent
// snapshot.
func (d *DB) read(ctx context.Context, f func(pgx.Tx) error) error {
	return pgx.BeginTxFunc(ctx, d.pool, readOnly, f)
}

// uniqueViolation is PostgreSQL's SQLSTATE for a broken unique constraint.
const uniqueViolation = "23505"

// liveConflict reports whether err is the violation of games_live_channel:
// the channel already has a live game.
func liveConflict(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == uniqueViolation && pe.ConstraintName == "games_live_channel"
}

// pageConflict reports whether err is the violation of games_page: another
// game has the page id.
func pageConflict(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == uniqueViolation && pe.ConstraintName == "games_page"
}

// internal wraps an unexpected error. The store's own errors pass through
// unchanged, and so does the context's: when ctx is done, the failure is
// reported as ctx.Err() whatever the driver made of the interruption.
func internal(ctx context.Context, op string, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrChannelBusy), errors.Is(err, store.ErrConflict):
		return err
	case ctx.Err() != nil:
		return ctx.Err()
	}
	return fmt.Errorf("store: %s: %w", op, err)
}
