package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// What the puzzle cases assume beyond the interface's doc comments:
//   - an attempt reads back field by field as PutPuzzleAttempt left it
//     (times in UTC to the millisecond; no moves reads back empty);
//   - PuzzleStreak and PuzzleLeaderboard ignore attempts dated after
//     "today", count only solved attempts, and the leaderboard's streak is
//     platform-wide while its counts are the channel's; its Name is the one
//     of the user's newest attempt, and ties end with the user id;
//   - a leaderboard limit below 1 returns nothing.

// attempt returns a new attempt of user on date (UTC day) started in
// channel, with every field set.
func attempt(platform, channel, user, date string, status store.PuzzleStatus, tries int) *store.PuzzleAttempt {
	a := &store.PuzzleAttempt{
		Platform: platform, UserID: user, Date: date, PuzzleID: date + "-tchuka-0001",
		Channel: channel, Name: "Name of " + user, Moves: []string{"3", "1"},
		Tries: tries, Status: status, StartedAt: at(0), UpdatedAt: at(60),
	}
	if status.Over() {
		a.FinishedAt = at(60)
	}
	return a
}

func mustPut(t *testing.T, s store.Store, a *store.PuzzleAttempt) {
	t.Helper()
	if err := s.PutPuzzleAttempt(t.Context(), a); err != nil {
		t.Fatalf("PutPuzzleAttempt(%s %s %s, version %d): %v", a.Platform, a.UserID, a.Date, a.Version, err)
	}
}

// sameAttempt fails unless got equals want field by field (times compared
// as instants in UTC).
func sameAttempt(t *testing.T, got, want *store.PuzzleAttempt) {
	t.Helper()
	if got == nil {
		t.Fatalf("got no attempt, want %+v", want)
	}
	for _, tm := range []time.Time{got.StartedAt, got.UpdatedAt, got.FinishedAt} {
		if tm.Location() != time.UTC {
			t.Errorf("attempt time %v is in %v, want UTC", tm, tm.Location())
		}
	}
	norm := func(a *store.PuzzleAttempt) store.PuzzleAttempt {
		c := *a
		if len(c.Moves) == 0 {
			c.Moves = nil
		}
		c.StartedAt, c.UpdatedAt, c.FinishedAt = c.StartedAt.Round(0).UTC(), c.UpdatedAt.Round(0).UTC(), c.FinishedAt.Round(0).UTC()
		return c
	}
	if g, w := norm(got), norm(want); !reflect.DeepEqual(g, w) {
		t.Errorf("attempt\n got %+v\nwant %+v", g, w)
	}
}

func testPuzzleAttemptRoundTrip(t *testing.T, s store.Store) {
	ctx := t.Context()
	if _, err := s.PuzzleAttempt(ctx, "discord", "u-alice", "2026-11-23"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("PuzzleAttempt before any: %v, want ErrNotFound", err)
	}
	a := attempt("discord", "c1", "u-alice", "2026-11-23", store.PuzzlePlaying, 1)
	a.StartedAt = a.StartedAt.In(time.FixedZone("UTC+5", 5*3600)) // any zone reads back in UTC
	mustPut(t, s, a)
	if a.Version != 1 {
		t.Errorf("new attempt has version %d, want 1", a.Version)
	}
	got, err := s.PuzzleAttempt(ctx, "discord", "u-alice", "2026-11-23")
	if err != nil {
		t.Fatal(err)
	}
	sameAttempt(t, got, a)

	// An update: a new try with no moves yet, then the end.
	got.Moves, got.Tries, got.UpdatedAt = nil, 2, at(120)
	mustPut(t, s, got)
	if got.Version != 2 {
		t.Errorf("updated attempt has version %d, want 2", got.Version)
	}
	again, _ := s.PuzzleAttempt(ctx, "discord", "u-alice", "2026-11-23")
	sameAttempt(t, again, got)
	again.Moves, again.Status, again.FinishedAt = []string{"5", "4", "5"}, store.PuzzleSolved, at(180)
	mustPut(t, s, again)
	final, _ := s.PuzzleAttempt(ctx, "discord", "u-alice", "2026-11-23")
	sameAttempt(t, final, again)

	// The key keeps attempts apart: another day, user or platform.
	for _, k := range [][3]string{{"discord", "u-alice", "2026-11-24"}, {"discord", "u-bob", "2026-11-23"}, {"telegram", "u-alice", "2026-11-23"}} {
		if _, err := s.PuzzleAttempt(ctx, k[0], k[1], k[2]); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("PuzzleAttempt%v: %v, want ErrNotFound", k, err)
		}
	}
	// A malformed date is refused, and nothing is stored.
	bad := attempt("discord", "c1", "u-alice", "23.11.2026", store.PuzzlePlaying, 1)
	if err := s.PutPuzzleAttempt(ctx, bad); err == nil {
		t.Error("PutPuzzleAttempt with date 23.11.2026 succeeded")
	}
	bad = attempt("discord", "c1", "u-carol", "2026-11-23", store.PuzzlePlaying, 1)
	bad.Moves = []string{"3 4"}
	if err := s.PutPuzzleAttempt(ctx, bad); err == nil {
		t.Error(`PutPuzzleAttempt with a move "3 4" succeeded`)
	}
	if _, err := s.PuzzleAttempt(ctx, "discord", "u-carol", "2026-11-23"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused attempt was stored: %v", err)
	}
}

func testPuzzleAttemptConflict(t *testing.T, s store.Store) {
	ctx := t.Context()
	a := attempt("discord", "c1", "u-alice", "2026-11-23", store.PuzzlePlaying, 1)
	mustPut(t, s, a)
	// A second new attempt for the same key is a conflict.
	dup := attempt("discord", "c2", "u-alice", "2026-11-23", store.PuzzlePlaying, 1)
	wantErr(t, "second new attempt", s.PutPuzzleAttempt(ctx, dup), store.ErrConflict)
	// An update from a stale read is a conflict and writes nothing.
	stale := *a
	a.Moves = []string{"5"}
	mustPut(t, s, a)
	stale.Status = store.PuzzleGaveUp
	wantErr(t, "stale update", s.PutPuzzleAttempt(ctx, &stale), store.ErrConflict)
	got, _ := s.PuzzleAttempt(ctx, "discord", "u-alice", "2026-11-23")
	sameAttempt(t, got, a)
	// Updating an attempt that does not exist.
	ghost := attempt("discord", "c1", "u-ghost", "2026-11-23", store.PuzzlePlaying, 1)
	ghost.Version = 3
	wantErr(t, "update of an unknown attempt", s.PutPuzzleAttempt(ctx, ghost), store.ErrNotFound)

	// Concurrent updates from the same version: exactly one wins.
	const n = 16
	errs := make([]error, n)
	var read, wg sync.WaitGroup
	read.Add(n)
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			mine, err := s.PuzzleAttempt(ctx, "discord", "u-alice", "2026-11-23")
			read.Done()
			if err != nil {
				errs[i] = err
				return
			}
			mine.Moves = append(mine.Moves, fmt.Sprint(i%5+1))
			<-start
			errs[i] = s.PutPuzzleAttempt(ctx, mine)
		})
	}
	read.Wait()
	close(start)
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case !errors.Is(err, store.ErrConflict):
			t.Errorf("concurrent PutPuzzleAttempt: %v", err)
		}
	}
	if ok != 1 {
		t.Errorf("%d of %d concurrent updates succeeded, want exactly 1", ok, n)
	}
	got, _ = s.PuzzleAttempt(ctx, "discord", "u-alice", "2026-11-23")
	if got.Version != a.Version+1 || len(got.Moves) != 2 {
		t.Errorf("after the race: version %d moves %v, want version %d and 2 moves", got.Version, got.Moves, a.Version+1)
	}

	// Concurrent creation of the same attempt: exactly one wins.
	for i := range n {
		wg.Go(func() {
			errs[i] = s.PutPuzzleAttempt(ctx, attempt("discord", fmt.Sprint("c", i), "u-bob", "2026-11-23", store.PuzzlePlaying, 1))
		})
	}
	wg.Wait()
	ok = 0
	for _, err := range errs {
		if err == nil {
			ok++
		} else if !errors.Is(err, store.ErrConflict) {
			t.Errorf("concurrent new attempt: %v", err)
		}
	}
	if ok != 1 {
		t.Errorf("%d of %d concurrent creations succeeded, want exactly 1", ok, n)
	}
}

// putDays stores attempts of user on each day (offsets from 2026-11-01)
// with the status.
func putDays(t *testing.T, s store.Store, platform, channel, user string, status store.PuzzleStatus, tries int, days ...int) {
	t.Helper()
	for _, d := range days {
		date := time.Date(2026, 11, 1+d, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
		mustPut(t, s, attempt(platform, channel, user, date, status, tries))
	}
}

func testPuzzleStreak(t *testing.T, s store.Store) {
	ctx := t.Context()
	streak := func(user, today string) store.PuzzleStreak {
		t.Helper()
		st, err := s.PuzzleStreak(ctx, "discord", user, today)
		if err != nil {
			t.Fatalf("PuzzleStreak(%s, %s): %v", user, today, err)
		}
		return st
	}
	if got := streak("u-nobody", "2026-11-20"); got != (store.PuzzleStreak{}) {
		t.Errorf("streak of a user without attempts: %+v", got)
	}
	// alice solves Nov 1-3, gives up Nov 4, solves Nov 5-9, fails Nov 10,
	// solves Nov 11-12.
	putDays(t, s, "discord", "c1", "u-alice", store.PuzzleSolved, 1, 0, 1, 2, 4, 5, 6, 7, 8, 10, 11)
	putDays(t, s, "discord", "c1", "u-alice", store.PuzzleGaveUp, 1, 3)
	putDays(t, s, "discord", "c1", "u-alice", store.PuzzleFailed, 3, 9)
	// Another platform and another user do not count.
	putDays(t, s, "telegram", "c1", "u-alice", store.PuzzleSolved, 1, 9, 12, 13)
	putDays(t, s, "discord", "c1", "u-bob", store.PuzzleSolved, 1, 9, 12, 13)
	for _, c := range []struct {
		today string
		want  store.PuzzleStreak
	}{
		{"2026-11-12", store.PuzzleStreak{Current: 2, Best: 5, Solved: 10}}, // solved today
		{"2026-11-13", store.PuzzleStreak{Current: 2, Best: 5, Solved: 10}}, // yesterday keeps it
		{"2026-11-14", store.PuzzleStreak{Current: 0, Best: 5, Solved: 10}}, // a day missed
		{"2026-11-09", store.PuzzleStreak{Current: 5, Best: 5, Solved: 8}},  // as of that day
		{"2026-11-10", store.PuzzleStreak{Current: 5, Best: 5, Solved: 8}},  // the failed day is today
		{"2026-11-04", store.PuzzleStreak{Current: 3, Best: 3, Solved: 3}},  // gave up today: yesterday's run
		{"2026-11-05", store.PuzzleStreak{Current: 1, Best: 3, Solved: 4}},  // the give-up broke it
		{"2026-10-31", store.PuzzleStreak{}},
	} {
		if got := streak("u-alice", c.today); got != c.want {
			t.Errorf("alice's streak as of %s: %+v, want %+v", c.today, got, c.want)
		}
	}
	if _, err := s.PuzzleStreak(ctx, "discord", "u-alice", "today"); err == nil {
		t.Error(`PuzzleStreak with today "today" succeeded`)
	}
}

func testPuzzleLeaderboard(t *testing.T, s store.Store) {
	ctx := t.Context()
	board := func(channel, today string, limit int) []store.PuzzleRank {
		t.Helper()
		rs, err := s.PuzzleLeaderboard(ctx, "discord", channel, today, limit)
		if err != nil {
			t.Fatalf("PuzzleLeaderboard(%q, %s, %d): %v", channel, today, limit, err)
		}
		return rs
	}
	if rs := board("", "2026-11-20", 10); len(rs) != 0 {
		t.Errorf("empty store: %+v", rs)
	}
	// Nov 1..5 (days 0..4), today Nov 5.
	putDays(t, s, "discord", "c1", "u-alice", store.PuzzleSolved, 1, 0, 1, 2)       // 3 solved, streak 0
	putDays(t, s, "discord", "c1", "u-bob", store.PuzzleSolved, 2, 2, 3, 4)         // 3 solved, streak 3, 6 tries
	putDays(t, s, "discord", "c2", "u-carol", store.PuzzleSolved, 1, 2, 3)          // c2: streak 2 (to yesterday)
	putDays(t, s, "discord", "c1", "u-carol", store.PuzzleSolved, 1, 0)             // c1: 1 solved
	putDays(t, s, "discord", "c1", "u-dave", store.PuzzleSolved, 1, 0, 1, 4)        // 3 solved, streak 1, 3 tries
	putDays(t, s, "discord", "c1", "u-erin", store.PuzzleSolved, 3, 1, 2, 3, 4)     // 4 solved, 12 tries
	putDays(t, s, "discord", "c1", "u-frank", store.PuzzleGaveUp, 1, 0, 1, 2, 3, 4) // never solved: absent
	putDays(t, s, "discord", "c1", "u-gina", store.PuzzleSolved, 1, 9)              // after today: absent
	putDays(t, s, "telegram", "c1", "u-hal", store.PuzzleSolved, 1, 0, 1, 2, 3, 4)  // another platform
	// carol's newest attempt (c2, Nov 5, not solved yet) names her.
	last := attempt("discord", "c2", "u-carol", "2026-11-05", store.PuzzlePlaying, 1)
	last.Name = "Carol the Newest"
	mustPut(t, s, last)

	type row struct {
		user                  string
		solved, streak, tries int
	}
	rows := func(rs []store.PuzzleRank) []row {
		var out []row
		for _, r := range rs {
			out = append(out, row{r.UserID, r.Solved, r.Streak, r.Tries})
		}
		return out
	}
	wantC1 := []row{
		{"u-erin", 4, 4, 12},
		{"u-bob", 3, 3, 6},
		{"u-dave", 3, 1, 3},
		{"u-alice", 3, 0, 3},
		{"u-carol", 1, 2, 1}, // her streak comes from c2: it is platform-wide
	}
	if got := rows(board("c1", "2026-11-05", 10)); !slices.Equal(got, wantC1) {
		t.Errorf("channel c1:\n got %v\nwant %v", got, wantC1)
	}
	if got := rows(board("c1", "2026-11-05", 2)); !slices.Equal(got, wantC1[:2]) {
		t.Errorf("channel c1, limit 2: %v", got)
	}
	wantAll := []row{
		{"u-erin", 4, 4, 12},
		{"u-bob", 3, 3, 6},
		{"u-carol", 3, 2, 3}, // solved 3 in all, streak 2, fewer tries than dave
		{"u-dave", 3, 1, 3},
		{"u-alice", 3, 0, 3},
	}
	all := board("", "2026-11-05", 10)
	if got := rows(all); !slices.Equal(got, wantAll) {
		t.Errorf("global:\n got %v\nwant %v", got, wantAll)
	}
	for _, r := range all {
		want := "Name of " + r.UserID
		if r.UserID == "u-carol" {
			want = "Carol the Newest"
		}
		if r.Name != want {
			t.Errorf("%s is named %q, want %q", r.UserID, r.Name, want)
		}
	}
	if got := rows(board("c2", "2026-11-05", 10)); !slices.Equal(got, []row{{"u-carol", 2, 2, 2}}) {
		t.Errorf("channel c2: %v", got)
	}
	if got := board("c1", "2026-11-05", 0); len(got) != 0 {
		t.Errorf("limit 0: %v", got)
	}
	if _, err := s.PuzzleLeaderboard(ctx, "discord", "", "", 10); err == nil {
		t.Error("PuzzleLeaderboard without today succeeded")
	}

	// A cancelled context fails every puzzle method and writes nothing.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	check := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a cancelled context: %v, want context.Canceled", what, err)
		}
	}
	_, err := s.PuzzleAttempt(cctx, "discord", "u-bob", "2026-11-05")
	check("PuzzleAttempt", err)
	check("PutPuzzleAttempt", s.PutPuzzleAttempt(cctx, attempt("discord", "c1", "u-zed", "2026-11-05", store.PuzzleSolved, 1)))
	_, err = s.PuzzleStreak(cctx, "discord", "u-bob", "2026-11-05")
	check("PuzzleStreak", err)
	_, err = s.PuzzleLeaderboard(cctx, "discord", "", "2026-11-05", 10)
	check("PuzzleLeaderboard", err)
	if _, err := s.PuzzleAttempt(ctx, "discord", "u-zed", "2026-11-05"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("cancelled PutPuzzleAttempt stored an attempt: %v", err)
	}
}
