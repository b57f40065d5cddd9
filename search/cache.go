package search

import "github.com/mancala-bot/mancala/search/internal/dbfile"

// CacheDir returns the directory endgame databases are kept in: the
// MANCALA_CACHE_DIR environment variable if set, else "mancala" under
// os.UserCacheDir, else "" (no disk cache).
func CacheDir() string { return dbfile.CacheDir() }
