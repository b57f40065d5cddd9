package storetest

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// owe updates g (nothing changed but UpdatedAt) owing a delivery with the
// note, held by holder until heldUntil, and returns the delivery as
// UpdateGame filled it in. g.Owe is nil again afterwards.
func owe(t *testing.T, s store.Store, g *store.Game, note, holder string, heldUntil, updated time.Time) *store.Delivery {
	t.Helper()
	o := &store.Delivery{Note: note, Holder: holder, HeldUntil: heldUntil}
	g.Owe, g.UpdatedAt = o, updated
	mustUpdate(t, s, g)
	g.Owe = nil
	return o
}

// hold calls HoldDeliveries and fails t on an error.
func hold(t *testing.T, s store.Store, holder string, now time.Time, d time.Duration, limit int) []store.Delivery {
	t.Helper()
	ds, err := s.HoldDeliveries(context.Background(), holder, now, d, limit)
	if err != nil {
		t.Fatalf("HoldDeliveries(%s): %v", holder, err)
	}
	return ds
}

// ids returns the deliveries' ids, in order.
func ids(ds []store.Delivery) []int64 {
	out := make([]int64, len(ds))
	for i, o := range ds {
		out[i] = o.ID
	}
	return out
}

// wantHeld fails t unless holder, holding at now for d, gets exactly the
// deliveries want (by id, in that order), each with Holder and HeldUntil
// set and its other fields as written.
func wantHeld(t *testing.T, s store.Store, holder string, now time.Time, d time.Duration, limit int, want ...*store.Delivery) {
	t.Helper()
	got := hold(t, s, holder, now, d, limit)
	w := make([]int64, len(want))
	for i, o := range want {
		w[i] = o.ID
	}
	if !slices.Equal(ids(got), w) {
		t.Errorf("HoldDeliveries(%s, at %v, limit %d) = ids %v, want %v", holder, now.Sub(base), limit, ids(got), w)
		return
	}
	for i, o := range got {
		exp := *want[i]
		exp.Holder, exp.HeldUntil = holder, now.Add(d)
		sameDelivery(t, o, exp)
	}
}

// sameDelivery fails t unless got equals want field by field (times by
// instant, and read back in UTC).
func sameDelivery(t *testing.T, got, want store.Delivery) {
	t.Helper()
	for _, tm := range []time.Time{got.HeldUntil, got.Created} {
		if !tm.IsZero() && tm.Location() != time.UTC {
			t.Errorf("delivery %d: time %v is in %v, want UTC", got.ID, tm, tm.Location())
		}
	}
	if got.ID != want.ID || got.GameID != want.GameID || got.Version != want.Version ||
		got.Platform != want.Platform || got.Channel != want.Channel || got.Note != want.Note ||
		got.Holder != want.Holder || !got.HeldUntil.Equal(want.HeldUntil) || !got.Created.Equal(want.Created) {
		t.Errorf("delivery\n\t%+v\nwant\n\t%+v", got, want)
	}
}

// wantOutbox fails t unless Outbox reports owed deliveries, the oldest
// written at oldest (zero for none).
func wantOutbox(t *testing.T, s store.Store, owed int, oldest time.Time) {
	t.Helper()
	st, err := s.Outbox(context.Background())
	if err != nil {
		t.Fatalf("Outbox: %v", err)
	}
	if st.Owed != owed || !st.Oldest.Equal(oldest) || (owed == 0 && !st.Oldest.IsZero()) {
		t.Errorf("Outbox() = %d owed, oldest %v; want %d, %v", st.Owed, st.Oldest, owed, oldest)
	}
}

// testOwe: UpdateGame writes g.Owe for the version it makes, in the same
// transaction, and fills it in; a failed update writes none, nor does one
// without Owe; reads never return Owe; a delivery its writer holds is not
// taken by another holder before its hold ends, and is after.
func testOwe(t *testing.T, s store.Store) {
	ctx := t.Context()
	wantOutbox(t, s, 0, time.Time{})
	g := mustCreate(t, s, newGame("discord", "c1"))
	stale := mustGame(t, s, g.ID)

	// Written with the move, held by its writer until at(100); UpdatedAt
	// below the millisecond: Created is as it reads back.
	g.Moves = append(g.Moves, store.Move{Ply: 3, Move: "1", UserID: "u-bob", At: at(40)})
	o := owe(t, s, g, "Bob played 1", "p1", at(100), at(41).Add(700*time.Microsecond))
	if g.Version != 2 {
		t.Fatalf("Version after the update: %d, want 2", g.Version)
	}
	if o.ID == 0 {
		t.Fatal("UpdateGame left Owe.ID 0")
	}
	written := store.Delivery{ID: o.ID, GameID: g.ID, Version: 2, Platform: "discord", Channel: "c1",
		Note: "Bob played 1", Holder: "p1", HeldUntil: at(100), Created: at(41)}
	sameDelivery(t, *o, written)
	if !o.Created.Equal(g.UpdatedAt) {
		t.Errorf("Owe.Created %v, game's UpdatedAt %v", o.Created, g.UpdatedAt)
	}
	wantOutbox(t, s, 1, at(41))

	// A conflicting update writes no delivery and leaves Owe unfilled.
	stale.Owe = &store.Delivery{Note: "stale", Holder: "p2", HeldUntil: at(100)}
	stale.UpdatedAt = at(42)
	wantErr(t, "UpdateGame with a stale version", s.UpdateGame(ctx, stale), store.ErrConflict)
	if stale.Owe.ID != 0 || stale.Owe.Version != 0 || stale.Owe.GameID != 0 {
		t.Errorf("failed UpdateGame filled in Owe: %+v", *stale.Owe)
	}
	// Nor does an update of an unknown game.
	lost := newGame("discord", "c9")
	lost.ID, lost.Version = g.ID+1000, 1
	lost.Owe = &store.Delivery{Note: "lost"}
	wantErr(t, "UpdateGame of an unknown game", s.UpdateGame(ctx, lost), store.ErrNotFound)
	// Nor one without Owe.
	g.UpdatedAt = at(43)
	mustUpdate(t, s, g)
	wantOutbox(t, s, 1, at(41))

	// Reads leave Owe nil.
	if got := mustGame(t, s, g.ID); got.Owe != nil {
		t.Errorf("Game().Owe = %+v, want nil", *got.Owe)
	}
	if live, err := s.LiveGame(ctx, "discord", "c1"); err != nil || live.Owe != nil {
		t.Errorf("LiveGame() = %v, Owe %v; want Owe nil", err, live.Owe)
	}
	// CreateGame ignores Owe.
	other := newGame("discord", "c2")
	other.Owe = &store.Delivery{Note: "created"}
	mustCreate(t, s, other)
	wantOutbox(t, s, 1, at(41))

	// Another update owing a board, free at once (zero HeldUntil): for
	// version 4 (the plain update made 3).
	o2 := owe(t, s, g, "", "p1", time.Time{}, at(50))
	sameDelivery(t, *o2, store.Delivery{ID: o2.ID, GameID: g.ID, Version: 4, Platform: "discord", Channel: "c1",
		Holder: "p1", Created: at(50)})
	if o2.ID <= o.ID {
		t.Errorf("a later delivery has id %d, the earlier %d", o2.ID, o.ID)
	}
	wantOutbox(t, s, 2, at(41))

	// p1 holds the first until at(100): another holder gets neither (the
	// second waits for the channel's older one), not even just before.
	wantHeld(t, s, "p2", at(60), time.Minute, 10)
	wantHeld(t, s, "p2", at(100).Add(-time.Millisecond), time.Minute, 10)
	// After that, both, oldest first.
	wantHeld(t, s, "p2", at(101), time.Minute, 10, &written, o2)
	wantOutbox(t, s, 2, at(41)) // holding is not delivering
}

// testHoldDeliveries: oldest first, up to the limit, Holder and HeldUntil
// set; what one holder holds another does not get until the hold ends; a
// channel whose older delivery another holder holds is passed over, for
// that holder's own later calls excepted; channels are per platform.
func testHoldDeliveries(t *testing.T, s store.Store) {
	ga := mustCreate(t, s, newGame("discord", "cA"))
	gb := mustCreate(t, s, newGame("discord", "cB"))
	gt := mustCreate(t, s, newGame("telegram", "cA")) // another platform's cA
	gd := mustCreate(t, s, newGame("discord", "cD"))
	// Written by w, whose holds ended at(5).
	d1 := owe(t, s, ga, "a2", "w", at(5), at(1))
	d2 := owe(t, s, gb, "b2", "w", at(5), at(2))
	d3 := owe(t, s, ga, "a3", "w", at(5), at(3))
	d4 := owe(t, s, gt, "t2", "w", at(5), at(4))
	d5 := owe(t, s, gb, "b3", "w", at(5), at(5))
	d6 := owe(t, s, gd, "", "w", at(5), at(6))

	wantHeld(t, s, "x", at(10), time.Minute, 0)         // a limit of 0 takes nothing
	wantHeld(t, s, "x", at(10), time.Minute, 2, d1, d2) // oldest first, up to the limit
	// y: cA and cB wait for x's older ones; telegram's cA and cD do not.
	wantHeld(t, s, "y", at(10), time.Minute, 10, d4, d6)
	// x's own older holds do not stop x.
	wantHeld(t, s, "x", at(20), time.Minute, 10, d3, d5)
	wantHeld(t, s, "z", at(30), time.Minute, 10) // everything is held

	// x's first holds and y's end at(70), x's second at(80).
	wantHeld(t, s, "z", at(71), time.Minute, 10, d1, d2, d4, d6)
	// x's second holds ended, but z holds the channels' older ones.
	wantHeld(t, s, "q", at(81), time.Minute, 10)
	wantHeld(t, s, "z", at(81), time.Minute, 10, d3, d5)
	wantOutbox(t, s, 6, at(1))
}

// testDelivered: Delivered(game, v) removes that game's deliveries up to
// version v, whoever holds them, and no other.
func testDelivered(t *testing.T, s store.Store) {
	ctx := t.Context()
	g1 := mustCreate(t, s, newGame("discord", "c1"))
	g2 := mustCreate(t, s, newGame("discord", "c2"))
	owe(t, s, g1, "", "x", at(1000), at(1))   // v2, held by x
	owe(t, s, g2, "", "", time.Time{}, at(2)) // g2 v2
	owe(t, s, g1, "", "", time.Time{}, at(3)) // v3
	v4 := owe(t, s, g1, "", "", time.Time{}, at(4))
	g2v3 := owe(t, s, g2, "", "", time.Time{}, at(5))

	if err := s.Delivered(ctx, g1.ID, 3); err != nil {
		t.Fatal(err)
	}
	wantOutbox(t, s, 3, at(2))
	// What is left: g1's v4 and both of g2's.
	got := hold(t, s, "q", at(2000), time.Minute, 10)
	var left []string
	for _, o := range got {
		left = append(left, fmt.Sprintf("game %d v%d", o.GameID, o.Version))
	}
	want := []string{fmt.Sprintf("game %d v2", g2.ID), fmt.Sprintf("game %d v4", g1.ID), fmt.Sprintf("game %d v3", g2.ID)}
	if !slices.Equal(left, want) {
		t.Fatalf("after Delivered(game %d, 3): %v left, want %v", g1.ID, left, want)
	}

	// Unknown games and versions below the game's deliveries: nothing.
	if err := s.Delivered(ctx, g1.ID+1000, 99); err != nil {
		t.Fatal(err)
	}
	if err := s.Delivered(ctx, g2.ID, 1); err != nil {
		t.Fatal(err)
	}
	wantOutbox(t, s, 3, at(2))

	// Held by q, they are removed all the same.
	if err := s.Delivered(ctx, g2.ID, 2); err != nil {
		t.Fatal(err)
	}
	wantOutbox(t, s, 2, at(4))
	if err := s.ReleaseDeliveries(ctx, ""); err != nil {
		t.Fatal(err)
	}
	wantHeld(t, s, "r", at(2001), time.Minute, 10, v4, g2v3)
	if err := s.Delivered(ctx, g1.ID, 4); err != nil {
		t.Fatal(err)
	}
	if err := s.Delivered(ctx, g2.ID, 3); err != nil {
		t.Fatal(err)
	}
	wantOutbox(t, s, 0, time.Time{})
}

// testReleaseDeliveries: a released hold is free at once; "" releases
// every hold.
func testReleaseDeliveries(t *testing.T, s store.Store) {
	ctx := t.Context()
	g1 := mustCreate(t, s, newGame("discord", "c1"))
	g2 := mustCreate(t, s, newGame("discord", "c2"))
	g3 := mustCreate(t, s, newGame("discord", "c3"))
	d1 := owe(t, s, g1, "", "x", at(1000), at(1))
	d2 := owe(t, s, g2, "", "y", at(1000), at(2))
	d3 := owe(t, s, g3, "", "x", at(1000), at(3))

	wantHeld(t, s, "q", at(10), time.Minute, 10)
	if err := s.ReleaseDeliveries(ctx, "nobody"); err != nil {
		t.Fatal(err)
	}
	wantHeld(t, s, "q", at(10), time.Minute, 10)
	if err := s.ReleaseDeliveries(ctx, "x"); err != nil {
		t.Fatal(err)
	}
	wantHeld(t, s, "q", at(10), time.Minute, 10, d1, d3) // y's is still held
	if err := s.ReleaseDeliveries(ctx, ""); err != nil {
		t.Fatal(err)
	}
	wantHeld(t, s, "r", at(10), time.Minute, 10, d1, d2, d3) // q's and y's too
}

// testOutbox: how many deliveries are owed and when the oldest was written
// (by Created, not by id).
func testOutbox(t *testing.T, s store.Store) {
	ctx := t.Context()
	wantOutbox(t, s, 0, time.Time{})
	g1 := mustCreate(t, s, newGame("discord", "c1"))
	g2 := mustCreate(t, s, newGame("discord", "c2"))
	owe(t, s, g1, "", "", time.Time{}, at(50))
	wantOutbox(t, s, 1, at(50))
	owe(t, s, g2, "", "", time.Time{}, at(30)) // written later, dated earlier
	owe(t, s, g1, "", "", time.Time{}, at(60))
	wantOutbox(t, s, 3, at(30))
	if err := s.Delivered(ctx, g2.ID, g2.Version); err != nil {
		t.Fatal(err)
	}
	wantOutbox(t, s, 2, at(50))
	if err := s.Delivered(ctx, g1.ID, g1.Version); err != nil {
		t.Fatal(err)
	}
	wantOutbox(t, s, 0, time.Time{})
}

// testConcurrentHolds: holders taking deliveries at once never get the
// same one, together get them all, and a channel's deliveries all go to
// the holder of its oldest.
func testConcurrentHolds(t *testing.T, s store.Store) {
	concurrentHolds(t, s, s)
}

// concurrentHolds writes 40 free deliveries, 4 in each of 10 channels,
// interleaved; then 8 holders, half through a and half through b, call
// HoldDeliveries at once, 3 at a time, each until it gets none.
func concurrentHolds(t *testing.T, a, b store.Store) {
	const channels, perChannel, holders = 10, 4, 8
	games := make([]*store.Game, channels)
	for i := range games {
		games[i] = mustCreate(t, a, newGame("discord", fmt.Sprint("outbox-", i)))
	}
	channelOf := map[int64]int{}
	for round := range perChannel {
		for i, g := range games {
			o := owe(t, a, g, "", "w", time.Time{}, at(round*channels+i))
			channelOf[o.ID] = i
		}
	}

	var mu sync.Mutex
	holderOf := map[int64]string{}
	start := make(chan struct{})
	var wg sync.WaitGroup
	for h := range holders {
		s := a
		if h%2 == 1 {
			s = b
		}
		holder := fmt.Sprint("h", h)
		wg.Go(func() {
			<-start
			for range channels * perChannel { // a bound, should something loop
				ds, err := s.HoldDeliveries(context.Background(), holder, at(1000), time.Hour, 3)
				if err != nil {
					t.Error(err)
					return
				}
				if len(ds) == 0 {
					return
				}
				mu.Lock()
				for _, o := range ds {
					if was, ok := holderOf[o.ID]; ok {
						t.Errorf("delivery %d taken by %s and %s", o.ID, was, holder)
					}
					holderOf[o.ID] = holder
				}
				mu.Unlock()
			}
		})
	}
	close(start)
	wg.Wait()
	if len(holderOf) != len(channelOf) {
		t.Errorf("%d of %d deliveries were taken", len(holderOf), len(channelOf))
	}
	byChannel := map[int]map[string]bool{}
	for id, h := range holderOf {
		c := channelOf[id]
		if byChannel[c] == nil {
			byChannel[c] = map[string]bool{}
		}
		byChannel[c][h] = true
	}
	for c, hs := range byChannel {
		if len(hs) != 1 {
			t.Errorf("channel outbox-%d: deliveries held by %d holders at once (%v), want one", c, len(hs), hs)
		}
	}
	// Held, not gone: nobody else gets them before the hold ends.
	if ds := hold(t, b, "late", at(1001), time.Minute, 100); len(ds) != 0 {
		t.Errorf("after the race another holder got %v", ids(ds))
	}
}
