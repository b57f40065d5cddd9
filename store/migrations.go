package store

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strconv"
)

// migrationName is how a migration file is named: NNNN_words.sql.
var migrationName = regexp.MustCompile(`^([0-9]{4})_[a-z0-9_]+\.sql$`)

// Migration is one numbered schema migration file (migrations/NNNN_*.sql).
// The SQLite store (store/sqlite) and the PostgreSQL store (store/postgres)
// keep the same numbers and names, each in its own dialect.
type Migration struct {
	Version int
	Name    string // file name
	SQL     string
}

// ReadMigrations lists the migrations in fsys (migrations/NNNN_*.sql) by
// version. The error names a file whose name is not NNNN_words.sql or whose
// number breaks the sequence 1, 2, 3... .
func ReadMigrations(fsys fs.FS) ([]Migration, error) {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var ms []Migration
	for _, p := range names {
		name := path.Base(p)
		m := migrationName.FindStringSubmatch(name)
		if m == nil {
			return nil, fmt.Errorf("migration %s: name is not NNNN_words.sql", name)
		}
		v, _ := strconv.Atoi(m[1])
		if v != len(ms)+1 {
			return nil, fmt.Errorf("migration %s: want number %04d", name, len(ms)+1)
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, err
		}
		ms = append(ms, Migration{Version: v, Name: name, SQL: string(b)})
	}
	return ms, nil
}
