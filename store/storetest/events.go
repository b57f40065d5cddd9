package storetest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// claim calls ClaimEvent with a lease as long as the record's lifetime (an
// unfinished claim is never taken over) and reports whether it was
// store.Claimed; it fails t on an error.
func claim(t *testing.T, s store.Store, platform, id string, now time.Time) bool {
	t.Helper()
	return claimLease(t, s, platform, id, now, store.EventLifetime) == store.Claimed
}

// claimLease calls ClaimEvent with lease and fails t on an error.
func claimLease(t *testing.T, s store.Store, platform, id string, now time.Time, lease time.Duration) store.Claim {
	t.Helper()
	c, err := s.ClaimEvent(context.Background(), platform, id, now, lease)
	if err != nil {
		t.Fatalf("ClaimEvent(%s, %s): %v", platform, id, err)
	}
	return c
}

// finish calls FinishEvent and fails t on an error.
func finish(t *testing.T, s store.Store, platform, id string) {
	t.Helper()
	if err := s.FinishEvent(context.Background(), platform, id); err != nil {
		t.Fatalf("FinishEvent(%s, %s): %v", platform, id, err)
	}
}

// claimNames are the store.Claim values as the tests print them.
var claimNames = map[store.Claim]string{store.Claimed: "Claimed", store.Finished: "Finished", store.InProgress: "InProgress"}

// testEventLease: an unfinished claim is reported in progress within its
// lease and taken over after it (the takeover starting a new lease); a
// finished one is a duplicate however old, until its record's lifetime
// ends; finishing an event nobody claimed changes nothing.
func testEventLease(t *testing.T, s store.Store) {
	eventLease(t, s, s)
}

func eventLease(t *testing.T, a, b store.Store) {
	const lease = 2 * time.Minute
	steps := []struct {
		s      store.Store
		id     string
		now    time.Time
		finish bool // FinishEvent before the claim
		want   store.Claim
	}{
		{a, "1", at(0), false, store.Claimed},
		{b, "1", at(1), false, store.InProgress},
		{b, "1", at(119), false, store.InProgress}, // the lease ends at(120)
		{b, "1", at(120), false, store.Claimed},    // taken over: its process died
		{a, "1", at(121), false, store.InProgress}, // the takeover's lease
		{a, "1", at(239), false, store.InProgress},
		{b, "1", at(240), true, store.Finished},
		{a, "1", at(0).Add(store.EventLifetime - time.Second), false, store.Finished},
		{a, "1", at(240).Add(store.EventLifetime), false, store.Claimed}, // the record expired
		{a, "2", at(5), true, store.Claimed},                             // finished before it was claimed: nothing
		{b, "2", at(200), false, store.Claimed},
		{a, "3", at(6), false, store.Claimed},
		{a, "3", at(7), true, store.Finished},
		{b, "3", at(500), false, store.Finished},
	}
	for i, st := range steps {
		if st.finish {
			finish(t, st.s, "telegram", st.id)
		}
		if got := claimLease(t, st.s, "telegram", st.id, st.now, lease); got != st.want {
			t.Errorf("step %d: claim of %s (finished before: %v): %s, want %s", i, st.id, st.finish, claimNames[got], claimNames[st.want])
		}
	}
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
				c, err := s.ClaimEvent(context.Background(), "discord", id, at(round), time.Minute)
				if err != nil {
					t.Error(err)
				}
				if c == store.Claimed {
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

// Shared runs the claims, leases, deliveries, reviews and watchers across
// two stores a and b open on the same, empty database (as two processes
// would be): an event is claimed once, a lease held by one holder, a
// delivery by one holder, a review written once, whichever store they go
// through, and each counts the viewers the other recorded.
func Shared(t *testing.T, a, b store.Store) {
	t.Run("Events", func(t *testing.T) {
		if !claim(t, a, "telegram", "7", at(0)) {
			t.Fatal("first claim: false")
		}
		if claim(t, b, "telegram", "7", at(1)) {
			t.Error("the other store's claim: true")
		}
	})
	t.Run("EventLease", func(t *testing.T) { eventLease(t, a, b) })
	t.Run("ConcurrentClaims", func(t *testing.T) { concurrentClaims(t, a, b) })
	t.Run("Lease", func(t *testing.T) { lease(t, a, b) })
	t.Run("ConcurrentHolds", func(t *testing.T) { concurrentHolds(t, a, b) })
	t.Run("ConcurrentReviews", func(t *testing.T) { concurrentReviews(t, a, b) })
	t.Run("Watchers", func(t *testing.T) {
		g := mustCreate(t, a, newGame("discord", "c-watchers"))
		mustWatch(t, a, g, "on a", at(60))
		mustWatch(t, b, g, "on b", at(60))
		mustWatch(t, b, g, "on a", at(30)) // a heartbeat through the other process
		wantWatchers(t, a, g, at(0), 2)
		wantWatchers(t, b, g, at(40), 1)
	})
}
