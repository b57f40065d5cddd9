package store_test

import (
	"path/filepath"
	"testing"

	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/storetest"
)

// DB is the bot's Store. (The assertion lives here because store must not
// import bot: bot imports store.)
var _ store.Store = (*store.DB)(nil)

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		db, err := store.Open(t.Context(), filepath.Join(t.TempDir(), "mancala.db"))
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
