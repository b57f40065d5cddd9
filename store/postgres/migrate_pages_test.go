package postgres

import (
	"fmt"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/postgres/pgtest"
)

// TestMigratePageIDs writes a database with the schema of migrations
// 0001-0010 holding three games, then opens it with this code: each game
// gets a page id of its own (filled from Go after migration 0011), which
// GameByPage finds. A game written later without a page id (by a process
// of an older program, during a rolling upgrade) gets one at the next
// Open, and the others keep theirs.
func TestMigratePageIDs(t *testing.T) {
	ctx := t.Context()
	url := pgtest.NewDatabase(t)
	all, err := store.ReadMigrations(migrationFS)
	if err != nil {
		t.Fatal(err)
	}
	old := fstest.MapFS{}
	for _, m := range all[:10] {
		old["migrations/"+m.Name] = &fstest.MapFile{Data: []byte(m.SQL)}
	}
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	d := &DB{pool: pool, now: time.Now}
	if err := d.migrate(ctx, old); err != nil {
		t.Fatal(err)
	}
	insert := func(id int64) {
		t.Helper()
		if _, err := pool.Exec(ctx, `INSERT INTO games (id, platform, channel, variant, options, challenger, phase,
			result, version, created_at, updated_at, lang) VALUES ($1, 'discord', $2, 'oware', '{}', 'alice', 'over', 'draw', 2, 1000, 2000, 'en')`,
			id, fmt.Sprint("c", id)); err != nil {
			t.Fatal(err)
		}
		if _, err := pool.Exec(ctx, `INSERT INTO seats (game_id, seat, user_id, name) VALUES ($1, 0, 'alice', 'Alice'), ($1, 1, 'bob', 'Bob')`,
			id); err != nil {
			t.Fatal(err)
		}
	}
	for id := int64(1); id <= 3; id++ {
		insert(id)
	}

	pages := map[int64]string{}
	check := func(ids ...int64) {
		t.Helper()
		db, err := Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		seen := map[string]bool{}
		for _, id := range ids {
			g, err := db.Game(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if !store.ValidPageID(g.PageID) || seen[g.PageID] {
				t.Fatalf("game %d: PageID %q, not a page id of its own", id, g.PageID)
			}
			seen[g.PageID] = true
			if was, ok := pages[id]; ok && was != g.PageID {
				t.Errorf("game %d: PageID %q, was %q before", id, g.PageID, was)
			}
			pages[id] = g.PageID
			byPage, err := db.GameByPage(ctx, g.PageID)
			if err != nil || byPage.ID != id || byPage.Channel != g.Channel || len(byPage.Players) != 2 {
				t.Errorf("GameByPage(%q): %+v, %v; want game %d", g.PageID, byPage, err, id)
			}
		}
	}
	check(1, 2, 3)

	// An older program's process writes a game without a page id: the
	// reads show "" until the next Open fills it in.
	insert(4)
	db, err := Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := pool.Exec(ctx, "UPDATE games SET page_id = NULL WHERE id = 4"); err != nil {
		t.Fatal(err)
	}
	d = &DB{pool: pool, now: time.Now}
	if g, err := d.Game(ctx, 4); err != nil || g.PageID != "" {
		t.Fatalf("game 4 without a page id reads PageID %q, %v; want \"\"", pageOf(g), err)
	}
	check(1, 2, 3, 4)
}

func pageOf(g *store.Game) string {
	if g == nil {
		return ""
	}
	return g.PageID
}
