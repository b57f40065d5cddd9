// Package dbfile holds what the search's endgame databases and opening
// book share on disk and in memory: the cache directory, the atomic write
// of a cache file, the mapping of one read-only (mapfile_*.go), and the
// allocation of big tables on huge pages (hugemem_*.go).
package dbfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
)

// CacheDir returns the directory endgame databases are kept in: the
// MANCALA_CACHE_DIR environment variable if set, else "mancala" under
// os.UserCacheDir, else "" (no disk cache).
func CacheDir() string {
	if d := os.Getenv("MANCALA_CACHE_DIR"); d != "" {
		return d
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "mancala")
}

// ErrBadDB is the error of a database or book file that is damaged.
var ErrBadDB = errors.New("endgame database file is damaged")

// WriteCacheFile writes the file name in dir (made if missing) through
// write, atomically: into a temporary file of dir, renamed to name once
// written and closed, so that a reader never sees half a file. On any
// error the temporary file is removed and name is left as it was.
func WriteCacheFile(dir, name string, write func(io.Writer) error) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, name+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err != nil {
		return err
	}
	return os.Rename(f.Name(), filepath.Join(dir, name))
}
