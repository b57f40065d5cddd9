package bot_test

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// TestEventHandledOnce: a request whose event id was handled before —
// delivered again, or received by a second process on the same database —
// changes nothing and gets no reply; it is counted as deduplicated (or,
// while the other process still handles it, reported in progress). The
// same id on another platform, and requests without an id, are handled.
func TestEventHandledOnce(t *testing.T) {
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	recs := [2]*recorder{}
	var bots [2]*bot.Bot // two processes on one database
	for i := range bots {
		recs[i] = &recorder{rendered: map[string]int{}, failed: map[string]int{}}
		bots[i] = bot.New(bot.Config{Store: db, Metrics: recs[i]})
	}
	ctx := context.Background()
	var duplicates, inProgress atomic.Int32 // Request.Duplicate, InProgress calls
	req := func(event, text string) bot.Request {
		return bot.Request{Platform: "test", Channel: "c", Text: text, EventID: event,
			User: bot.User{ID: "alice", Name: "alice"}, Duplicate: func() { duplicates.Add(1) },
			InProgress: func() { inProgress.Add(1) }}
	}
	if rs := bots[0].Handle(ctx, req("1", "/new kalah bot")); len(rs) == 0 {
		t.Fatal("new game: no reply")
	}
	before, err := db.LiveGame(ctx, "test", "c")
	if err != nil {
		t.Fatal(err)
	}
	if rs := bots[1].Handle(ctx, req("1", "/new kalah bot")); rs != nil {
		t.Errorf("the same event through the other bot: %+v", rs)
	}

	// One move delivered to both bots at once: one of them plays it.
	var wg sync.WaitGroup
	var replies [2][]bot.Reply
	for i := range bots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			replies[i] = bots[i].Handle(ctx, req("2", "/move 3"))
		}()
	}
	wg.Wait()
	if (len(replies[0]) == 0) == (len(replies[1]) == 0) {
		t.Fatalf("replies to one event through two bots: %+v and %+v", replies[0], replies[1])
	}
	after, err := db.Game(ctx, before.ID)
	if err != nil {
		t.Fatal(err)
	}
	if after.Version != before.Version+1 || len(after.Moves) <= len(before.Moves) {
		t.Fatalf("the move changed the game from version %d (%d moves) to %d (%d moves), want one update",
			before.Version, len(before.Moves), after.Version, len(after.Moves))
	}
	// Delivered again later: still nothing.
	for i := range bots {
		if rs := bots[i].Handle(ctx, req("2", "/move 3")); rs != nil {
			t.Errorf("bot %d: the move again: %+v", i, rs)
		}
	}
	if g, _ := db.Game(ctx, before.ID); g.Version != after.Version {
		t.Errorf("a redelivered move changed the game: version %d, want %d", g.Version, after.Version)
	}
	// The concurrent one was dropped as a duplicate when the other bot
	// had finished it, else as in progress.
	dropped := len(recs[0].deduplicated) + len(recs[1].deduplicated)
	if n := inProgress.Load(); dropped+int(n) != 4 || n > 1 {
		t.Errorf("%d requests counted as deduplicated and %d in progress, want 4 in all, at most 1 in progress", dropped, n)
	}
	if n := duplicates.Load(); n != int32(dropped) {
		t.Errorf("Request.Duplicate called %d times, want %d (once per deduplicated request)", n, dropped)
	}
	for _, r := range recs {
		for _, p := range r.deduplicated {
			if p != "test" {
				t.Errorf("deduplicated on platform %q", p)
			}
		}
	}

	// Another platform's event 2 is another event; no id, no deduplication.
	other := req("2", "/help")
	other.Platform = "other"
	if rs := bots[0].Handle(ctx, other); len(rs) == 0 {
		t.Error("the same id on another platform: no reply")
	}
	for range 2 {
		if rs := bots[0].Handle(ctx, req("", "/board")); len(rs) == 0 {
			t.Error("a request without an event id: no reply")
		}
	}
}

// TestEventLease: an event claimed by a handling that never finished (its
// process died) is left in progress within the bot's lease (no reply,
// Request.InProgress, nothing changed), handled by its redelivery after
// the lease, then dropped as a duplicate however late it comes again.
func TestEventLease(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	const lease = time.Minute
	t0 := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	now := t0
	rec := &recorder{rendered: map[string]int{}, failed: map[string]int{}}
	b := bot.New(bot.Config{Store: db, EventLease: lease, Now: func() time.Time { return now }, Metrics: rec})
	// The handling that died: it claimed event 7 and never finished.
	if c, err := db.ClaimEvent(ctx, "test", "7", t0, lease); err != nil || c != store.Claimed {
		t.Fatalf("the dead handler's claim: %v, %v", c, err)
	}
	var calls []string
	req := bot.Request{Platform: "test", Channel: "c", Text: "/new kalah bot", EventID: "7",
		User:       bot.User{ID: "alice", Name: "alice"},
		Duplicate:  func() { calls = append(calls, "duplicate") },
		InProgress: func() { calls = append(calls, "in progress") }}
	steps := []struct {
		at        time.Duration // after t0
		replies   bool
		calls     []string
		gameAfter bool
	}{
		{time.Second, false, []string{"in progress"}, false},
		{lease - time.Millisecond, false, []string{"in progress"}, false},
		{lease, true, nil, true}, // taken over
		{lease + time.Second, false, []string{"duplicate"}, true},
		{lease + 20*time.Hour, false, []string{"duplicate"}, true},
	}
	for i, st := range steps {
		now, calls = t0.Add(st.at), nil
		rs := b.Handle(ctx, req)
		if (len(rs) > 0) != st.replies || !slices.Equal(calls, st.calls) {
			t.Errorf("step %d (%s after the claim): %d replies, calls %q; want replies %v, calls %q",
				i, st.at, len(rs), calls, st.replies, st.calls)
		}
		_, err := db.LiveGame(ctx, "test", "c")
		if got := err == nil; got != st.gameAfter {
			t.Errorf("step %d: a game: %v (%v), want %v", i, got, err, st.gameAfter)
		}
	}
	if !slices.Equal(rec.deduplicated, []string{"test", "test"}) {
		t.Errorf("deduplicated %q, want the two duplicates only", rec.deduplicated)
	}
	// Without InProgress (a platform that does not redeliver), an event
	// in progress is dropped for good: counted as deduplicated.
	if c, err := db.ClaimEvent(ctx, "test", "8", now, lease); err != nil || c != store.Claimed {
		t.Fatalf("the other handler's claim: %v, %v", c, err)
	}
	other := bot.Request{Platform: "test", Channel: "d", Text: "/new kalah bot", EventID: "8", User: req.User}
	if rs := b.Handle(ctx, other); rs != nil {
		t.Errorf("an event in progress without InProgress: %+v", rs)
	}
	if n := len(rec.deduplicated); n != 3 {
		t.Errorf("%d deduplicated, want 3", n)
	}
}

// claimFails is a store whose event claims fail.
type claimFails struct{ store.Store }

func (claimFails) ClaimEvent(context.Context, string, string, time.Time, time.Duration) (store.Claim, error) {
	return store.Claimed, errors.New("disk on fire")
}

// TestEventClaimFails: when the claim cannot be recorded, the request is
// not handled (it might be handled elsewhere): a private error reply that
// tells nothing of the failure.
func TestEventClaimFails(t *testing.T) {
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	b := bot.New(bot.Config{Store: claimFails{db}})
	rs := b.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c", Text: "/new kalah bot",
		EventID: "1", User: bot.User{ID: "alice", Name: "alice"}})
	if len(rs) != 1 || !rs[0].Private || rs[0].Board != nil {
		t.Fatalf("replies %+v, want one private error", rs)
	}
	if _, err := db.LiveGame(context.Background(), "test", "c"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a game was created: %v", err)
	}
}

// TestUndoThroughTwoProcesses is the first fault: one /undo
// delivered to two processes on one database took back twice what it
// should (four plies). Now one of them takes back what one process would,
// and the other drops it.
func TestUndoThroughTwoProcesses(t *testing.T) {
	ctx := context.Background()
	req := func(event, text string) bot.Request {
		return bot.Request{Platform: "test", Channel: "c", Text: text, EventID: event,
			User: bot.User{ID: "alice", Name: "alice"}}
	}
	// play runs the game on a new database through n bots and returns the
	// moves stored before and after one /undo delivered to all of them.
	play := func(n int) (before, after int) {
		db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "bot.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		bots := make([]*bot.Bot, n)
		for i := range bots {
			bots[i] = bot.New(bot.Config{Store: db})
		}
		bots[0].Handle(ctx, req("1", "/new kalah bot"))
		bots[n-1].Handle(ctx, req("2", "/move 1"))
		bots[0].Handle(ctx, req("3", "/move 6"))
		g, err := db.LiveGame(ctx, "test", "c")
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for i := range bots {
			wg.Add(1)
			go func() {
				defer wg.Done()
				bots[i].Handle(ctx, req("4", "/undo"))
			}()
		}
		wg.Wait()
		h, err := db.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		return len(g.Moves), len(h.Moves)
	}
	b1, a1 := play(1)
	if a1 >= b1 {
		t.Fatalf("one process: /undo left %d moves of %d", a1, b1)
	}
	b2, a2 := play(2)
	if b2 != b1 || a2 != a1 {
		t.Errorf("two processes: /undo left %d moves of %d; one process leaves %d of %d", a2, b2, a1, b1)
	}
}
