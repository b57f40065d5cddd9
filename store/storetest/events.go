package storetest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// claim calls ClaimEvent and fails t on an error.
func claim(t *testing.T, s store.Store, platform, id string, now time.Time) bool {
	t.Helper()
	first, err := s.ClaimEvent(context.Background(), platform, id, now)
	if err != nil {
		t.Fatalf("ClaimEvent(%s, %s): %v", platform, id, err)
	}
	return first
}

// take calls TakeLease and fails t on an error.
func take(t *testing.T, s store.Store, name, holder string, now time.Time, ttl time.Duration) bool {
	t.Helper()
	held, err := s.TakeLease(context.Background(), name, holder, now, ttl)
	if err != nil {
		t.Fatalf("TakeLease(%s, %s): %v", name, holder, err)
	}
	return held
}

// testEvents: the first claim of an event wins, later ones within the
// lifetime do not, platforms are independent, and after the lifetime the
// record is gone (a claim wins again).
func testEvents(t *testing.T, s store.Store) {
	if !claim(t, s, "telegram", "1001", at(0)) {
		t.Fatal("first claim: false")
	}
	if claim(t, s, "telegram", "1001", at(1)) {
		t.Error("second claim: true")
	}
	if claim(t, s, "telegram", "1001", at(0).Add(store.EventLifetime-time.Second)) {
		t.Error("claim just within the lifetime: true")
	}
	if !claim(t, s, "discord", "1001", at(2)) {
		t.Error("the same id on another platform: false")
	}
	if !claim(t, s, "telegram", "1002", at(3)) {
		t.Error("another id: false")
	}
	later := at(10).Add(store.EventLifetime)
	if !claim(t, s, "telegram", "1001", later) {
		t.Error("claim after the lifetime: false")
	}
	if claim(t, s, "telegram", "1001", later.Add(time.Second)) {
		t.Error("second claim after the lifetime: true")
	}
}

// testEventsPruned: many expired records are all pruned over later claims,
// and none of them blocks its id being claimed again.
func testEventsPruned(t *testing.T, s store.Store) {
	n := store.PruneBatch*2 + 7
	for i := range n {
		if !claim(t, s, "telegram", fmt.Sprint(i), at(i)) {
			t.Fatalf("claim %d: false", i)
		}
	}
	later := at(n).Add(store.EventLifetime)
	// Claims of new ids prune the old records; then every old id claims
	// anew, whether its record was pruned or is expired.
	for i := range 3 {
		claim(t, s, "discord", fmt.Sprint(i), later)
	}
	for i := range n {
		if !claim(t, s, "telegram", fmt.Sprint(i), later) {
			t.Fatalf("claim %d after the lifetime: false", i)
		}
	}
}

// testConcurrentClaims: one event claimed by many at once, exactly one
// wins.
func testConcurrentClaims(t *testing.T, s store.Store) {
	concurrentClaims(t, s, s)
}

func concurrentClaims(t *testing.T, a, b store.Store) {
	for round := range 5 {
		id := fmt.Sprint("e", round)
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins := 0
		for i := range 8 {
			s := a
			if i%2 == 1 {
				s = b
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				first, err := s.ClaimEvent(context.Background(), "discord", id, at(round))
				if err != nil {
					t.Error(err)
				}
				if first {
					mu.Lock()
					wins++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if wins != 1 {
			t.Errorf("round %d: %d claims won, want 1", round, wins)
		}
	}
}

// testLease: one holder at a time until the lease expires; the holder
// renews it; a released lease is free at once.
func testLease(t *testing.T, s store.Store) {
	lease(t, s, s)
}

func lease(t *testing.T, a, b store.Store) {
	const ttl = 2 * time.Minute
	if !take(t, a, "tick", "a", at(0), ttl) {
		t.Fatal("a free lease: not taken")
	}
	if take(t, b, "tick", "b", at(1), ttl) {
		t.Error("b took a's lease")
	}
	if !take(t, b, "other", "b", at(1), ttl) {
		t.Error("another lease: not taken")
	}
	if !take(t, a, "tick", "a", at(60), ttl) { // renewed until at(180)
		t.Error("a could not renew its lease")
	}
	if take(t, b, "tick", "b", at(150), ttl) {
		t.Error("b took a's renewed lease")
	}
	if !take(t, b, "tick", "b", at(180), ttl) {
		t.Error("b could not take the expired lease")
	}
	if take(t, a, "tick", "a", at(181), ttl) {
		t.Error("a took b's lease back")
	}
	ctx := context.Background()
	if err := a.ReleaseLease(ctx, "tick", "a"); err != nil { // not a's: nothing
		t.Fatal(err)
	}
	if take(t, a, "tick", "a", at(182), ttl) {
		t.Error("a's release freed b's lease")
	}
	if err := b.ReleaseLease(ctx, "tick", "b"); err != nil {
		t.Fatal(err)
	}
	if !take(t, a, "tick", "a", at(183), ttl) {
		t.Error("a could not take the released lease")
	}
	// Concurrent takers of a free lease: one gets it.
	var wg sync.WaitGroup
	var mu sync.Mutex
	got := 0
	for i := range 8 {
		s := a
		if i%2 == 1 {
			s = b
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			held, err := s.TakeLease(ctx, "race", fmt.Sprint("h", i), at(0), ttl)
			if err != nil {
				t.Error(err)
			}
			if held {
				mu.Lock()
				got++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if got != 1 {
		t.Errorf("%d concurrent takers got the lease, want 1", got)
	}
}

// Shared runs the claims, leases and deliveries across two stores a and b
// open on the same, empty database (as two processes would be): an event is
// claimed once, a lease held by one holder, a delivery by one holder,
// whichever store they go through.
func Shared(t *testing.T, a, b store.Store) {
	t.Run("Events", func(t *testing.T) {
		if !claim(t, a, "telegram", "7", at(0)) {
			t.Fatal("first claim: false")
		}
		if claim(t, b, "telegram", "7", at(1)) {
			t.Error("the other store's claim: true")
		}
	})
	t.Run("ConcurrentClaims", func(t *testing.T) { concurrentClaims(t, a, b) })
	t.Run("Lease", func(t *testing.T) { lease(t, a, b) })
	t.Run("ConcurrentHolds", func(t *testing.T) { concurrentHolds(t, a, b) })
}
