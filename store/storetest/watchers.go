package storetest

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/store"
)

func mustWatch(t *testing.T, s store.Store, g *store.Game, viewer string, until time.Time) {
	t.Helper()
	if err := s.Watch(t.Context(), g.ID, viewer, until); err != nil {
		t.Fatalf("Watch(%d, %q, %v): %v", g.ID, viewer, until, err)
	}
}

func wantWatchers(t *testing.T, s store.Store, g *store.Game, at time.Time, want int) {
	t.Helper()
	n, err := s.Watchers(t.Context(), g.ID, at)
	if err != nil {
		t.Fatalf("Watchers(%d, %v): %v", g.ID, at, err)
	}
	if n != want {
		t.Errorf("Watchers(game %d, %v) = %d, want %d", g.ID, at.Sub(base), n, want)
	}
}

// testWatchers: a game's watchers are its viewers whose until is after
// the instant asked (to the millisecond); a heartbeat moves a viewer's
// until on, or back; games do not share viewers.
func testWatchers(t *testing.T, s store.Store) {
	ctx := t.Context()
	g := mustCreate(t, s, newGame("discord", "c1"))
	other := mustCreate(t, s, newGame("discord", "c2"))
	wantWatchers(t, s, g, at(0), 0)

	mustWatch(t, s, g, "v1", at(60))
	mustWatch(t, s, g, "v2", at(30))
	mustWatch(t, s, other, "v1", at(60))
	wantWatchers(t, s, g, at(0), 2)
	wantWatchers(t, s, g, at(30).Add(-time.Millisecond), 2)
	wantWatchers(t, s, g, at(30).Add(-500*time.Microsecond), 2) // v2's until is still after
	wantWatchers(t, s, g, at(30), 1)                            // v2's until is not after
	wantWatchers(t, s, g, at(60), 0)
	wantWatchers(t, s, other, at(0), 1)

	// A heartbeat moves the until on; a viewer counts once.
	mustWatch(t, s, g, "v2", at(90))
	mustWatch(t, s, g, "v2", at(90))
	wantWatchers(t, s, g, at(0), 2)
	wantWatchers(t, s, g, at(60), 1)
	// An until in the past ends the watch.
	mustWatch(t, s, g, "v2", at(10))
	wantWatchers(t, s, g, at(20), 1)
	wantWatchers(t, s, other, at(20), 1)

	// Any string of 1 to MaxViewerLen bytes is a viewer.
	for _, v := range []string{"x", strings.Repeat("é", store.MaxViewerLen/2), `'; DROP TABLE watchers; --`} {
		mustWatch(t, s, other, v, at(100))
	}
	wantWatchers(t, s, other, at(70), 3)

	// Refusals.
	err := s.Watch(ctx, other.ID+1000, "v1", at(60))
	wantErr(t, "Watch of an unknown game", err, store.ErrNotFound)
	for _, v := range []string{"", strings.Repeat("x", store.MaxViewerLen+1)} {
		err := s.Watch(ctx, g.ID, v, at(60))
		if err == nil || errors.Is(err, store.ErrNotFound) {
			t.Errorf("Watch by a viewer of %d bytes: error %v, want a refusal", len(v), err)
		}
	}
	if n, err := s.Watchers(ctx, other.ID+1000, at(0)); n != 0 || err != nil {
		t.Errorf("Watchers of an unknown game: %d, %v; want 0, nil", n, err)
	}
}

// testWatchersPruned: a heartbeat removes up to store.PruneBatch viewers,
// of any game, whose until is more than store.WatchRetention before its
// own, and none closer.
func testWatchersPruned(t *testing.T, s store.Store) {
	g := mustCreate(t, s, newGame("discord", "c1"))
	other := mustCreate(t, s, newGame("discord", "c2"))
	// "recent" first: its own heartbeat would prune the old ones.
	recent := at(3).Add(store.WatchRetention)
	mustWatch(t, s, g, "recent", recent)
	const old = store.PruneBatch + 5
	for i := range old {
		mustWatch(t, s, g, fmt.Sprint("old", i), at(i%3))
	}
	long := at(-3600)
	wantWatchers(t, s, g, long, old+1)

	// A heartbeat WatchRetention after at(3): the old ones (until at(0)
	// to at(2)) go, PruneBatch of them at a time; "recent" stays.
	beat := at(3).Add(2 * store.WatchRetention)
	mustWatch(t, s, other, "beat", beat)
	wantWatchers(t, s, g, long, old+1-store.PruneBatch)
	mustWatch(t, s, other, "beat", beat)
	wantWatchers(t, s, g, long, 1)
	wantWatchers(t, s, g, recent.Add(-time.Millisecond), 1)
	wantWatchers(t, s, other, long, 1)
}
