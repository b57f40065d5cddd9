package sqlite

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	sqlite3 "modernc.org/sqlite/lib"

	"github.com/mancala-bot/mancala/store"
)

// Errors about the database itself (not one game). Open returns the first
// three, wrapped with the path and the reason; the program refuses to start
// on them. Writes and Ping return store.ErrUnavailable, wrapped, when the
// database cannot be used right now.
var (
	// ErrLocked: another process (or another Open in this one) has the
	// database open. Two processes writing one SQLite file would each
	// believe its own view of the games; see Open.
	ErrLocked = errors.New("database is in use by another process")
	// ErrCorrupt: SQLite found the file damaged (the integrity check at
	// Open, or a corrupt page met later).
	ErrCorrupt = errors.New("database is corrupt")
	// ErrNoDirectory: the database's directory does not exist, so the
	// database that was expected there is gone (Open never creates it).
	ErrNoDirectory = errors.New("database directory does not exist")
	// ErrFileGone (which is also store.ErrUnavailable) is the case of the file
	// at the database's path being removed or replaced by another file
	// since Open: writes would go to a file nobody will open again.
	ErrFileGone = fmt.Errorf("%w: database file removed or replaced", store.ErrUnavailable)
)

// checkDir refuses a path whose directory is missing: a new, empty database
// is created only where the directory exists (the first start), never in
// place of a directory that went away with every game in it.
func checkDir(path string) error {
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%w: %s", ErrNoDirectory, dir)
	case err != nil:
		return err
	case !fi.IsDir():
		return fmt.Errorf("%s is not a directory", dir)
	}
	return nil
}

// lockPath is the sidecar file whose exclusive lock (flock) a DB holds from
// Open to Close.
func lockPath(path string) string { return path + ".lock" }

// fileCheck remembers which file the database was opened on, to notice it
// being removed or replaced (a new file at the same path, say a directory
// deleted and made again): os.SameFile compares device and inode.
type fileCheck struct {
	path string
	fi   os.FileInfo
}

func newFileCheck(path string) (*fileCheck, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	return &fileCheck{path: path, fi: fi}, nil
}

// check returns ErrFileGone when the path no longer names the file that was
// opened. It costs one stat(2).
func (c *fileCheck) check() error {
	fi, err := os.Stat(c.path)
	if err != nil || !os.SameFile(c.fi, fi) {
		return ErrFileGone
	}
	return nil
}

// quickCheck runs SQLite's PRAGMA quick_check on the whole file: every page
// of every table and index is read and its structure checked (not that
// indexes match their tables, which a full integrity_check adds). Its cost
// grows with the file: see BenchmarkQuickCheck. It returns ErrCorrupt with
// SQLite's first complaint.
func (d *DB) quickCheck(ctx context.Context) error {
	rows, err := d.db.QueryContext(ctx, "PRAGMA quick_check(3)")
	if err != nil {
		return err
	}
	defer rows.Close()
	var msgs []string
	for rows.Next() {
		var m string
		if err := rows.Scan(&m); err != nil {
			return err
		}
		msgs = append(msgs, m)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(msgs) == 1 && msgs[0] == "ok" {
		return nil
	}
	detail := strings.Join(strings.Fields(strings.Join(msgs, "; ")), " ")
	if len(detail) > 160 {
		detail = detail[:160] + "…"
	}
	return fmt.Errorf("%w (quick_check: %s)", ErrCorrupt, detail)
}

// IsReadOnly reports whether err is SQLite's "attempt to write a readonly
// database": the file, its directory or its -wal or -shm file cannot be
// written by this process (their permissions, a read-only mount).
func IsReadOnly(err error) bool {
	code, ok := sqliteCode(err)
	return ok && code&0xff == sqlite3.SQLITE_READONLY
}

// isCorrupt reports whether err is SQLite's "database disk image is
// malformed" or "file is not a database".
func isCorrupt(err error) bool {
	code, ok := sqliteCode(err)
	if !ok {
		return false
	}
	return code&0xff == sqlite3.SQLITE_CORRUPT || code&0xff == sqlite3.SQLITE_NOTADB
}

// Ping checks that the database can be used: its file is still the one
// opened, and a query answers. It returns nil, or an error wrapping
// store.ErrUnavailable (ErrFileGone when the file was removed or replaced).
// /readyz calls it.
func (d *DB) Ping(ctx context.Context) error {
	if err := d.file.check(); err != nil {
		return err
	}
	var n int
	if err := d.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM schema_migrations").Scan(&n); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("%w: %w", store.ErrUnavailable, err)
	}
	return nil
}
