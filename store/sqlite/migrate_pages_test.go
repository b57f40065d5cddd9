package sqlite

import (
	"testing"

	"github.com/mancala-bot/mancala/store"
)

// TestMigratePageIDs writes a database with the schema of migrations
// 0001-0010 holding three games, then opens it with this code: each game
// gets a page id of its own (filled from Go after migration 0011), which
// GameByPage finds, and opening it again keeps them.
func TestMigratePageIDs(t *testing.T) {
	ctx := t.Context()
	path := oldDatabase(t, 10, func(exec func(string, ...any)) {
		for id := 1; id <= 3; id++ {
			exec(`INSERT INTO games (id, platform, channel, variant, options, challenger, phase,
			result, version, created_at, updated_at, lang) VALUES (?, 'discord', ?, 'oware', '{}', 'alice', 'over', 'draw', 2, 1000, 2000, 'en')`,
				id, "c"+string(rune('0'+id)))
			exec(`INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, 'alice', 'Alice'), (?, 1, 'bob', 'Bob')`, id, id)
		}
	})

	n, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	pages := map[int64]string{}
	seen := map[string]bool{}
	for id := int64(1); id <= 3; id++ {
		g, err := n.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if !store.ValidPageID(g.PageID) || seen[g.PageID] {
			t.Fatalf("game %d after the migration: PageID %q, not a page id of its own", id, g.PageID)
		}
		seen[g.PageID], pages[id] = true, g.PageID
		byPage, err := n.GameByPage(ctx, g.PageID)
		if err != nil || byPage.ID != id || byPage.Channel != g.Channel || len(byPage.Players) != 2 {
			t.Errorf("GameByPage(%q): %+v, %v; want game %d", g.PageID, byPage, err, id)
		}
	}
	n.Close()

	n, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	for id, page := range pages {
		if g, err := n.Game(ctx, id); err != nil || g.PageID != page {
			t.Errorf("game %d reopened: PageID %q, %v; want %q as before", id, pageOf(g), err, page)
		}
	}
}

func pageOf(g *store.Game) string {
	if g == nil {
		return ""
	}
	return g.PageID
}
