package sqlite_test

import (
	"path/filepath"
	"testing"

	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/sqlite"
	"github.com/mancala-bot/mancala/store/storetest"
)

// DB is a store.Store.
var _ store.Store = (*sqlite.DB)(nil)

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		db, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "mancala.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if err := db.Close(); err != nil {
				t.Error(err)
			}
		})
		return db
	})
}
