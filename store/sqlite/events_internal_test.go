package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// TestEventsPrunedInBatches: each claim deletes at most PruneBatch expired
// records, and the claims that follow delete the rest.
func TestEventsPrunedInBatches(t *testing.T) {
	ctx := context.Background()
	d, err := Open(ctx, filepath.Join(t.TempDir(), "events.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	t0 := time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)
	n := store.PruneBatch*2 + 5
	for i := range n {
		if c, err := d.ClaimEvent(ctx, "telegram", fmt.Sprint(i), t0, time.Minute); err != nil || c != store.Claimed {
			t.Fatalf("claim %d: %v, %v", i, c, err)
		}
	}
	count := func() int {
		var c int
		if err := d.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM events").Scan(&c); err != nil {
			t.Fatal(err)
		}
		return c
	}
	later := t0.Add(store.EventLifetime)
	want := n
	for i := range 5 { // 100, 100, 5, then no expired records left
		if _, err := d.ClaimEvent(ctx, "discord", fmt.Sprint(i), later, time.Minute); err != nil {
			t.Fatal(err)
		}
		expired := want - i // the earlier claims of this loop are not
		want = want - min(store.PruneBatch, expired) + 1
		if got := count(); got != want {
			t.Fatalf("after claim %d: %d records, want %d", i, got, want)
		}
	}
	if want != 5 {
		t.Errorf("%d records left, want the 5 new ones", want)
	}
}
