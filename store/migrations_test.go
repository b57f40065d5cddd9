package store_test

import (
	"testing"
	"testing/fstest"

	"github.com/mancala-bot/mancala/store"
)

// TestMigrationNames: ReadMigrations takes files named NNNN_words.sql
// numbered 1, 2, 3... and refuses any other name or numbering.
func TestMigrationNames(t *testing.T) {
	for _, c := range []struct {
		files []string
		ok    bool
	}{
		{[]string{"0001_a.sql", "0002_b_c.sql"}, true},
		{[]string{"0002_a.sql"}, false},               // does not start at 1
		{[]string{"0001_a.sql", "0003_b.sql"}, false}, // gap
		{[]string{"0001_a.sql", "0001_b.sql"}, false}, // duplicate number
		{[]string{"1_a.sql"}, false},
		{[]string{"0001-a.sql"}, false},
	} {
		fsys := fstest.MapFS{}
		for _, f := range c.files {
			fsys["migrations/"+f] = &fstest.MapFile{Data: []byte("SELECT 1")}
		}
		ms, err := store.ReadMigrations(fsys)
		if (err == nil) != c.ok {
			t.Errorf("ReadMigrations(%v) = %v, %v; want ok %v", c.files, ms, err, c.ok)
		}
	}
}
