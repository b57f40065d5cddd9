package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkGameByPage reads a 60-move game by its page id among 2000.
func BenchmarkGameByPage(b *testing.B) {
	d, _ := openTest(b)
	fillGames(b, d, 2000, 60)
	g, err := d.Game(b.Context(), 1000)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := d.GameByPage(b.Context(), g.PageID); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWatch is one heartbeat (the pruning included) of one of 100
// viewers of a game.
func BenchmarkWatch(b *testing.B) {
	d, _ := openTest(b)
	g := testGame("c1")
	if err := d.CreateGame(b.Context(), g); err != nil {
		b.Fatal(err)
	}
	until := time.Now().Add(time.Minute)
	i := 0
	for b.Loop() {
		if err := d.Watch(b.Context(), g.ID, fmt.Sprint("viewer", i%100), until); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkWatchers counts a game's viewers among 100.
func BenchmarkWatchers(b *testing.B) {
	d, _ := openTest(b)
	g := testGame("c1")
	if err := d.CreateGame(b.Context(), g); err != nil {
		b.Fatal(err)
	}
	now := time.Now()
	for i := range 100 {
		if err := d.Watch(b.Context(), g.ID, fmt.Sprint("viewer", i), now.Add(time.Duration(i)*time.Second)); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		if _, err := d.Watchers(b.Context(), g.ID, now.Add(50*time.Second)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFillPageIDs is the first Open after migration 0011 of a
// database of 10000 games without page ids: what an upgrade costs.
func BenchmarkFillPageIDs(b *testing.B) {
	const games = 10000
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "fill.db")
	d, err := Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	fillGames(b, d, games, 0)
	d.Close()
	for b.Loop() {
		b.StopTimer()
		d, err := Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := d.db.ExecContext(ctx, "UPDATE games SET page_id = NULL"); err != nil {
			b.Fatal(err)
		}
		d.Close()
		b.StartTimer()
		d, err = Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		var n int
		if err := d.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM games WHERE page_id IS NULL").Scan(&n); err != nil || n != 0 {
			b.Fatalf("%d games without a page id after Open, %v", n, err)
		}
		d.Close()
		b.StartTimer()
	}
	b.ReportMetric(games, "games")
}

// BenchmarkSetBoardMessage records a game's board message at a newer
// version each time (Reply.Posted: one per board shown).
func BenchmarkSetBoardMessage(b *testing.B) {
	d, _ := openTest(b)
	g := testGame("c1")
	if err := d.CreateGame(b.Context(), g); err != nil {
		b.Fatal(err)
	}
	v := int64(0)
	for b.Loop() {
		v++
		if err := d.SetBoardMessage(b.Context(), g.ID, v, "1234567890123456789"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBoardMessage reads a game's board message (an app move's
// Reply.Replace).
func BenchmarkBoardMessage(b *testing.B) {
	d, _ := openTest(b)
	g := testGame("c1")
	if err := d.CreateGame(b.Context(), g); err != nil {
		b.Fatal(err)
	}
	if err := d.SetBoardMessage(b.Context(), g.ID, 1, "1234567890123456789"); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, _, err := d.BoardMessage(b.Context(), g.ID); err != nil {
			b.Fatal(err)
		}
	}
}
