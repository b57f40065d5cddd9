// Package storetest is the conformance suite for implementations of
// store.Store: every backend (SQLite and PostgreSQL) runs Run from its
// tests and must pass all of it.
//
// What the suite assumes beyond the interface's doc comments:
//   - times keep at least millisecond precision and read back in UTC;
//     CreateGame and UpdateGame leave g's times as they read back;
//   - a move's Ply reads back as its index in Moves;
//   - Options and Moves with no elements read back empty (nil or not);
//   - Record of a user without games is {UserID: id} with zero counts, and
//     Name is the user's name in their newest finished game;
//   - Leaderboard ranks everyone with a finished game (wins descending,
//     then losses ascending, then draws descending, then user id), and a
//     limit below 1 returns nothing;
//   - Players read back with as many seats as were written (empty ones
//     included); a person holding several seats of a finished game (Ruma
//     for two) counts once, winning when one of their seats won;
//   - UpdateGame that makes a game live in a channel holding another live
//     game fails with store.ErrChannelBusy;
//   - a delivery's Created reads back as the game's UpdatedAt as stored;
//     HoldDeliveries returns its deliveries by id (the order they were
//     written), takes nothing with a limit of 0, and takes a delivery whose
//     hold ended strictly before now (the instant itself is not tested);
//   - ratings are stored as float64 and read back exactly (RebuildRatings
//     is compared with reflect.DeepEqual), and RatingLeaderboard's
//     provisional test agrees with store.Rating.Now to the millisecond.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// Run runs the suite. open returns a new, empty store for each case; it
// should register its own cleanup with t.Cleanup.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	cases := []struct {
		name string
		f    func(t *testing.T, s store.Store)
	}{
		{"CreateGetRoundTrip", testCreateGetRoundTrip},
		{"ZeroValuesRoundTrip", testZeroValuesRoundTrip},
		{"NotFound", testNotFound},
		{"ChannelBusy", testChannelBusy},
		{"ConcurrentCreate", testConcurrentCreate},
		{"UpdateVersion", testUpdateVersion},
		{"UpdateConflict", testUpdateConflict},
		{"UpdateUndo", testUpdateUndo},
		{"UpdateUnknown", testUpdateUnknown},
		{"UpdateRevivesIntoBusyChannel", testUpdateBusy},
		{"ConcurrentUpdate", testConcurrentUpdate},
		{"LastGame", testLastGame},
		{"IdleGames", testIdleGames},
		{"Languages", testLanguages},
		{"ChannelLanguages", testChannelLanguages},
		{"Record", testRecord},
		{"Leaderboard", testLeaderboard},
		{"FourSeats", testFourSeats},
		{"CancelledContext", testCancelledContext},
		{"PuzzleAttemptRoundTrip", testPuzzleAttemptRoundTrip},
		{"PuzzleAttemptConflict", testPuzzleAttemptConflict},
		{"PuzzleStreak", testPuzzleStreak},
		{"PuzzleLeaderboard", testPuzzleLeaderboard},
		{"Events", testEvents},
		{"EventsPruned", testEventsPruned},
		{"EventLease", testEventLease},
		{"ConcurrentClaims", testConcurrentClaims},
		{"Lease", testLease},
		{"Owe", testOwe},
		{"HoldDeliveries", testHoldDeliveries},
		{"Delivered", testDelivered},
		{"ReleaseDeliveries", testReleaseDeliveries},
		{"Outbox", testOutbox},
		{"ConcurrentHolds", testConcurrentHolds},
		{"RatedGame", testRatedGame},
		{"NotRated", testNotRated},
		{"RatedOnce", testRatedOnce},
		{"RatingInactivity", testRatingInactivity},
		{"RatingLeaderboard", testRatingLeaderboard},
		{"RebuildRatings", testRebuildRatings},
		{"ConcurrentRatings", testConcurrentRatings},
		{"RatingFarming", testRatingFarming},
		{"RatingDailyCap", testRatingDailyCap},
		{"UserGames", testUserGames},
		{"UserGamesLimit", testUserGamesLimit},
		{"Notify", testNotify},
		{"TurnNotices", testTurnNotices},
		{"ConcurrentNotices", testConcurrentNotices},
		{"MarkReminded", testMarkReminded},
		{"PageIDs", testPageIDs},
		{"PageIDGiven", testPageIDGiven},
		{"GameByPageNotFound", testGameByPageNotFound},
		{"BoardMessage", testBoardMessage},
		{"ConcurrentBoardMessages", testConcurrentBoardMessages},
		{"Reviews", testReviews},
		{"ReviewsUndone", testReviewsUndone},
		{"ConcurrentReviews", testConcurrentReviews},
		{"Watchers", testWatchers},
		{"WatchersPruned", testWatchersPruned},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.f(t, open(t))
		})
	}
}

// base is a fixed instant with millisecond precision, in UTC.
var base = time.Date(2026, 11, 22, 18, 30, 0, 123_000_000, time.UTC)

// at returns base plus n seconds.
func at(n int) time.Time { return base.Add(time.Duration(n) * time.Second) }

// newGame returns a game in play between alice (South) and bob (North) in
// the channel, with every field set.
func newGame(platform, channel string) *store.Game {
	return &store.Game{
		Platform: platform,
		Channel:  channel,
		Variant:  "kalah",
		Options:  map[string]string{"seeds": "4", "empty_capture": "true"},
		Start:    `{"variant":"kalah","pits":[4,4,4,4,4,4,0,4,4,4,4,4,4,0],"to_move":0}`,
		Players: []store.Player{
			{UserID: "u-alice", Name: "Alice"},
			{UserID: "u-bob", Name: "@bob"},
		},
		Challenger: "u-alice",
		Moves: []store.Move{
			{Ply: 0, Move: "3", UserID: "u-alice", At: at(10)},
			{Ply: 1, Move: "swap", UserID: "u-bob", At: at(20)},
			{Ply: 2, Move: "5", UserID: "u-alice", At: at(30)},
		},
		Phase:       store.PhasePlaying,
		DrawOffer:   1,
		UndoOffer:   0,
		MessageID:   "msg-42",
		CreatedAt:   at(0),
		UpdatedAt:   at(30),
		TurnStarted: at(30),
		Reminded:    at(90),
	}
}

// finished returns a finished game with the given seats and result.
func finished(platform, channel string, south, north store.Player, result string, created time.Time) *store.Game {
	return &store.Game{
		Platform:  platform,
		Channel:   channel,
		Variant:   "kalah",
		Players:   []store.Player{south, north},
		Phase:     store.PhaseOver,
		Result:    result,
		Reason:    "empty_side",
		DrawOffer: -1,
		UndoOffer: -1,
		CreatedAt: created,
		UpdatedAt: created.Add(time.Minute),
	}
}

func person(id, name string) store.Player { return store.Player{UserID: id, Name: name} }

var theBot = store.Player{Name: "Bot", Level: "hard"}

// clone deep-copies g, so a test can keep what it wrote.
func clone(g *store.Game) *store.Game {
	c := *g
	c.Options = maps.Clone(g.Options)
	c.Moves = append([]store.Move(nil), g.Moves...)
	c.Players = append([]store.Player(nil), g.Players...)
	return &c
}

// canon returns g with empty collections nil and times in UTC without a
// monotonic reading, for comparing.
func canon(g *store.Game) store.Game {
	c := *clone(g)
	if len(c.Options) == 0 {
		c.Options = nil
	}
	if len(c.Moves) == 0 {
		c.Moves = nil
	}
	if len(c.Players) == 0 {
		c.Players = nil
	}
	utc := func(t time.Time) time.Time { return t.Round(0).UTC() }
	c.CreatedAt, c.UpdatedAt = utc(c.CreatedAt), utc(c.UpdatedAt)
	c.TurnStarted, c.Reminded = utc(c.TurnStarted), utc(c.Reminded)
	for i := range c.Moves {
		c.Moves[i].At = utc(c.Moves[i].At)
	}
	return c
}

// checkUTC fails unless every time in g is in UTC.
func checkUTC(t *testing.T, g *store.Game) {
	t.Helper()
	times := []time.Time{g.CreatedAt, g.UpdatedAt, g.TurnStarted, g.Reminded}
	for _, m := range g.Moves {
		times = append(times, m.At)
	}
	for _, tm := range times {
		if tm.Location() != time.UTC {
			t.Errorf("game %d: time %v is in %v, want UTC", g.ID, tm, tm.Location())
		}
	}
}

// sameGame fails unless got equals want field by field.
func sameGame(t *testing.T, got, want *store.Game) {
	t.Helper()
	if got == nil || want == nil {
		t.Fatalf("got game %v, want %v", got, want)
	}
	checkUTC(t, got)
	g, w := canon(got), canon(want)
	if reflect.DeepEqual(g, w) {
		return
	}
	gv, wv := reflect.ValueOf(g), reflect.ValueOf(w)
	for i := range gv.NumField() {
		if !reflect.DeepEqual(gv.Field(i).Interface(), wv.Field(i).Interface()) {
			t.Errorf("game %d: %s = %+v, want %+v", want.ID, gv.Type().Field(i).Name,
				gv.Field(i).Interface(), wv.Field(i).Interface())
		}
	}
}

func mustCreate(t *testing.T, s store.Store, g *store.Game) *store.Game {
	t.Helper()
	if err := s.CreateGame(t.Context(), g); err != nil {
		t.Fatalf("CreateGame(%s/%s): %v", g.Platform, g.Channel, err)
	}
	return g
}

func mustGame(t *testing.T, s store.Store, id int64) *store.Game {
	t.Helper()
	g, err := s.Game(t.Context(), id)
	if err != nil {
		t.Fatalf("Game(%d): %v", id, err)
	}
	return g
}

func mustUpdate(t *testing.T, s store.Store, g *store.Game) {
	t.Helper()
	if err := s.UpdateGame(t.Context(), g); err != nil {
		t.Fatalf("UpdateGame(%d, version %d): %v", g.ID, g.Version, err)
	}
}

func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Errorf("%s: error %v, want %v", what, err, want)
	}
}

func testCreateGetRoundTrip(t *testing.T, s store.Store) {
	ctx := t.Context()
	people := newGame("discord", "c1")
	vsBot := newGame("telegram", "-100200")
	vsBot.Players[1] = theBot
	vsBot.Moves[1] = store.Move{Ply: 1, Move: "2", At: at(21)}
	vsBot.DrawOffer, vsBot.UndoOffer = -1, 1
	vsBot.Start = ""
	vsBot.Phase = store.PhaseChallenge

	for _, g := range []*store.Game{people, vsBot} {
		want := clone(g)
		mustCreate(t, s, g)
		if g.ID == 0 {
			t.Fatalf("CreateGame left ID 0")
		}
		if g.Version != 1 {
			t.Errorf("CreateGame set Version %d, want 1", g.Version)
		}
		if !store.ValidPageID(g.PageID) {
			t.Errorf("CreateGame set PageID %q, not a page id", g.PageID)
		}
		want.ID, want.Version, want.PageID = g.ID, 1, g.PageID
		sameGame(t, g, want) // CreateGame changes nothing else

		got := mustGame(t, s, g.ID)
		sameGame(t, got, want)
		live, err := s.LiveGame(ctx, g.Platform, g.Channel)
		if err != nil {
			t.Fatalf("LiveGame: %v", err)
		}
		sameGame(t, live, want)
	}
	if people.ID == vsBot.ID {
		t.Errorf("two games got the same ID %d", people.ID)
	}
	// What Game returns is the caller's: changing it changes nothing stored.
	got := mustGame(t, s, people.ID)
	got.Options["seeds"] = "6"
	got.Moves[0].Move = "1"
	sameGame(t, mustGame(t, s, people.ID), people)
}

func testZeroValuesRoundTrip(t *testing.T, s store.Store) {
	g := &store.Game{
		Platform: "discord", Channel: "c1", Variant: "oware",
		Players:   []store.Player{person("u-alice", "Alice"), {}},
		Phase:     store.PhaseChallenge,
		DrawOffer: -1, UndoOffer: -1,
		CreatedAt: at(0), UpdatedAt: at(0),
	}
	want := clone(g)
	mustCreate(t, s, g)
	want.ID, want.Version, want.PageID = g.ID, 1, g.PageID
	got := mustGame(t, s, g.ID)
	sameGame(t, got, want)
	if !got.TurnStarted.IsZero() || !got.Reminded.IsZero() {
		t.Errorf("zero times read back as %v, %v", got.TurnStarted, got.Reminded)
	}
	if !got.Players[1].Empty() {
		t.Errorf("empty seat read back as %+v", got.Players[1])
	}

	// Zero CreatedAt and UpdatedAt are set by CreateGame.
	g2 := &store.Game{Platform: "discord", Channel: "c2", Variant: "kalah", Phase: store.PhasePlaying, DrawOffer: -1, UndoOffer: -1}
	before := time.Now().Add(-time.Second)
	mustCreate(t, s, g2)
	if g2.CreatedAt.Before(before) || g2.UpdatedAt.Before(before) {
		t.Errorf("CreateGame with zero times set CreatedAt %v, UpdatedAt %v", g2.CreatedAt, g2.UpdatedAt)
	}
	sameGame(t, mustGame(t, s, g2.ID), g2)
}

func testNotFound(t *testing.T, s store.Store) {
	ctx := t.Context()
	_, err := s.LiveGame(ctx, "discord", "c1")
	wantErr(t, "LiveGame on an empty store", err, store.ErrNotFound)
	_, err = s.Game(ctx, 12345)
	wantErr(t, "Game(12345)", err, store.ErrNotFound)
	_, err = s.LastGame(ctx, "discord", "c1")
	wantErr(t, "LastGame on an empty store", err, store.ErrNotFound)

	over := mustCreate(t, s, finished("discord", "c1", person("a", "A"), person("b", "B"), "draw", at(0)))
	_, err = s.LiveGame(ctx, "discord", "c1")
	wantErr(t, "LiveGame with only a finished game", err, store.ErrNotFound)
	_, err = s.Game(ctx, over.ID+1000)
	wantErr(t, "Game(unknown)", err, store.ErrNotFound)
	_, err = s.LiveGame(ctx, "telegram", "c1")
	wantErr(t, "LiveGame on another platform", err, store.ErrNotFound)
}

func testChannelBusy(t *testing.T, s store.Store) {
	ctx := t.Context()
	// Finished games never block the channel.
	mustCreate(t, s, finished("discord", "c1", person("a", "A"), person("b", "B"), "south_won", at(0)))
	mustCreate(t, s, finished("discord", "c1", person("a", "A"), person("b", "B"), "", at(1)))

	first := newGame("discord", "c1")
	first.Phase = store.PhaseChallenge
	mustCreate(t, s, first)

	for _, phase := range []store.Phase{store.PhaseChallenge, store.PhasePlaying} {
		second := newGame("discord", "c1")
		second.Phase = phase
		err := s.CreateGame(ctx, second)
		wantErr(t, "second live game ("+string(phase)+")", err, store.ErrChannelBusy)
		if second.ID != 0 || second.Version != 0 {
			t.Errorf("failed CreateGame set ID %d, Version %d", second.ID, second.Version)
		}
	}
	live, err := s.LiveGame(ctx, "discord", "c1")
	if err != nil {
		t.Fatalf("LiveGame: %v", err)
	}
	sameGame(t, live, first)

	// A finished game may still be stored in the busy channel.
	mustCreate(t, s, finished("discord", "c1", person("a", "A"), person("b", "B"), "draw", at(2)))
	// Other channels and platforms are independent.
	mustCreate(t, s, newGame("discord", "c2"))
	mustCreate(t, s, newGame("telegram", "c1"))

	// Once the game is over, the channel is free.
	first.Phase, first.Result, first.Reason = store.PhaseOver, "", "declined"
	mustUpdate(t, s, first)
	next := mustCreate(t, s, newGame("discord", "c1"))
	live, err = s.LiveGame(ctx, "discord", "c1")
	if err != nil {
		t.Fatalf("LiveGame: %v", err)
	}
	if live.ID != next.ID {
		t.Errorf("LiveGame = game %d, want %d", live.ID, next.ID)
	}
}

func testConcurrentCreate(t *testing.T, s store.Store) {
	const n = 10
	errs := make([]error, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			<-start
			errs[i] = s.CreateGame(t.Context(), newGame("discord", "c1"))
		})
	}
	close(start)
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case !errors.Is(err, store.ErrChannelBusy):
			t.Errorf("concurrent CreateGame: %v", err)
		}
	}
	if ok != 1 {
		t.Errorf("%d concurrent CreateGame calls succeeded, want 1", ok)
	}
}

func testUpdateVersion(t *testing.T, s store.Store) {
	g := newGame("discord", "c1")
	g.Phase = store.PhaseChallenge
	g.Players[1] = store.Player{}
	g.Moves = nil
	g.TurnStarted, g.Reminded = time.Time{}, time.Time{}
	mustCreate(t, s, g)

	// Accept: every field may change.
	g.Phase = store.PhasePlaying
	g.Players[1] = person("u-carol", "Carol")
	g.Options = map[string]string{"seeds": "6"}
	g.MessageID = "msg-43"
	g.DrawOffer, g.UndoOffer = -1, -1
	g.UpdatedAt, g.TurnStarted = at(100), at(100)
	mustUpdate(t, s, g)
	if g.Version != 2 {
		t.Errorf("after one update Version = %d, want 2", g.Version)
	}
	sameGame(t, mustGame(t, s, g.ID), g)

	// Moves append.
	g.Moves = append(g.Moves,
		store.Move{Ply: 0, Move: "1", UserID: "u-alice", At: at(110)},
		store.Move{Ply: 1, Move: "6", UserID: "u-carol", At: at(120)})
	g.TurnStarted, g.Reminded = at(120), at(121)
	mustUpdate(t, s, g)
	g.Moves = append(g.Moves, store.Move{Ply: 2, Move: "2", UserID: "u-alice", At: at(130)})
	g.DrawOffer = 0
	mustUpdate(t, s, g)
	if g.Version != 4 {
		t.Errorf("after three updates Version = %d, want 4", g.Version)
	}
	got := mustGame(t, s, g.ID)
	sameGame(t, got, g)

	// An update with no change still bumps the version.
	mustUpdate(t, s, got)
	if got.Version != 5 || mustGame(t, s, g.ID).Version != 5 {
		t.Errorf("no-op update: Version %d, want 5", got.Version)
	}

	// Game over.
	got.Phase, got.Result, got.Reason = store.PhaseOver, "north_won", "resign"
	mustUpdate(t, s, got)
	sameGame(t, mustGame(t, s, g.ID), got)
	if _, err := s.LiveGame(t.Context(), "discord", "c1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("LiveGame after the game ended: %v, want ErrNotFound", err)
	}
}

func testUpdateConflict(t *testing.T, s store.Store) {
	g := mustCreate(t, s, newGame("discord", "c1"))
	a, b := mustGame(t, s, g.ID), mustGame(t, s, g.ID)

	a.Moves = append(a.Moves, store.Move{Ply: 3, Move: "1", UserID: "u-bob", At: at(40)})
	a.MessageID = "from-a"
	mustUpdate(t, s, a)

	b.Moves = append(b.Moves,
		store.Move{Ply: 3, Move: "4", UserID: "u-bob", At: at(41)},
		store.Move{Ply: 4, Move: "2", UserID: "u-alice", At: at(42)})
	b.MessageID = "from-b"
	b.Phase = store.PhaseOver
	err := s.UpdateGame(t.Context(), b)
	wantErr(t, "UpdateGame with a stale version", err, store.ErrConflict)
	if b.Version != 1 {
		t.Errorf("failed UpdateGame changed Version to %d", b.Version)
	}
	sameGame(t, mustGame(t, s, g.ID), a) // nothing of b was written

	// Reading again and retrying works.
	b = mustGame(t, s, g.ID)
	b.Moves = append(b.Moves, store.Move{Ply: 4, Move: "2", UserID: "u-alice", At: at(42)})
	mustUpdate(t, s, b)
	if got := mustGame(t, s, g.ID); len(got.Moves) != 5 || got.Version != 3 {
		t.Errorf("after retry: %d moves, version %d; want 5, 3", len(got.Moves), got.Version)
	}
}

func testUpdateUndo(t *testing.T, s store.Store) {
	g := newGame("discord", "c1")
	g.Moves = append(g.Moves, store.Move{Ply: 3, Move: "1", UserID: "u-bob", At: at(40)})
	mustCreate(t, s, g)

	// Take back two moves.
	g.Moves = g.Moves[:2]
	g.UndoOffer = -1
	mustUpdate(t, s, g)
	got := mustGame(t, s, g.ID)
	sameGame(t, got, g)
	if len(got.Moves) != 2 {
		t.Fatalf("after undo %d moves, want 2", len(got.Moves))
	}

	// Play a different move in their place.
	g.Moves = append(g.Moves, store.Move{Ply: 2, Move: "6", UserID: "u-alice", At: at(50)})
	mustUpdate(t, s, g)
	got = mustGame(t, s, g.ID)
	sameGame(t, got, g)
	if len(got.Moves) != 3 || got.Moves[2].Move != "6" {
		t.Errorf("after undo and a new move: %+v", got.Moves)
	}

	// Undo everything.
	g.Moves = nil
	mustUpdate(t, s, g)
	if got := mustGame(t, s, g.ID); len(got.Moves) != 0 {
		t.Errorf("after undoing every move: %+v", got.Moves)
	}
}

func testUpdateUnknown(t *testing.T, s store.Store) {
	mustCreate(t, s, newGame("discord", "c1"))
	for _, id := range []int64{0, 12345} {
		g := newGame("discord", "c9")
		g.ID, g.Version = id, 1
		err := s.UpdateGame(t.Context(), g)
		wantErr(t, fmt.Sprintf("UpdateGame(id %d)", id), err, store.ErrNotFound)
		if g.Version != 1 {
			t.Errorf("failed UpdateGame changed Version to %d", g.Version)
		}
	}
	if _, err := s.LiveGame(t.Context(), "discord", "c9"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("UpdateGame of an unknown game stored something: LiveGame error %v", err)
	}
}

func testUpdateBusy(t *testing.T, s store.Store) {
	old := mustCreate(t, s, finished("discord", "c1", person("a", "A"), person("b", "B"), "draw", at(0)))
	mustCreate(t, s, newGame("discord", "c1"))
	want := clone(old)
	old.Phase, old.Result = store.PhasePlaying, ""
	err := s.UpdateGame(t.Context(), old)
	wantErr(t, "UpdateGame making a game live in a busy channel", err, store.ErrChannelBusy)
	sameGame(t, mustGame(t, s, old.ID), want)
}

func testConcurrentUpdate(t *testing.T, s store.Store) {
	g := mustCreate(t, s, newGame("discord", "c1"))
	const n = 20
	errs := make([]error, n)
	var read, wg sync.WaitGroup
	read.Add(n)
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			mine, err := s.Game(t.Context(), g.ID)
			read.Done()
			if err != nil {
				errs[i] = err
				return
			}
			mine.Moves = append(mine.Moves, store.Move{
				Ply: len(mine.Moves), Move: fmt.Sprint(i%6 + 1), UserID: "u-bob", At: at(100 + i),
			})
			<-start
			errs[i] = s.UpdateGame(t.Context(), mine)
		})
	}
	read.Wait() // every goroutine holds version 1
	close(start)
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case !errors.Is(err, store.ErrConflict):
			t.Errorf("concurrent UpdateGame: %v", err)
		}
	}
	if ok != 1 {
		t.Errorf("%d of %d concurrent updates succeeded, want exactly 1", ok, n)
	}
	got := mustGame(t, s, g.ID)
	if len(got.Moves) != len(g.Moves)+1 {
		t.Errorf("history has %d moves, want %d", len(got.Moves), len(g.Moves)+1)
	}
	if got.Version != 2 {
		t.Errorf("Version = %d, want 2", got.Version)
	}
}

func testLastGame(t *testing.T, s store.Store) {
	ctx := t.Context()
	mustCreate(t, s, newGame("discord", "c1")) // live: not a last game
	_, err := s.LastGame(ctx, "discord", "c1")
	wantErr(t, "LastGame with only a live game", err, store.ErrNotFound)

	a, b := person("a", "A"), person("b", "B")
	// Created out of order: the newest by CreatedAt wins, not the newest id.
	mustCreate(t, s, finished("discord", "c1", a, b, "south_won", at(200)))
	newest := mustCreate(t, s, finished("discord", "c1", b, a, "", at(300))) // a declined challenge is over too
	mustCreate(t, s, finished("discord", "c1", a, b, "draw", at(100)))
	mustCreate(t, s, finished("discord", "c2", a, b, "draw", at(400)))  // other channel
	mustCreate(t, s, finished("telegram", "c1", a, b, "draw", at(500))) // other platform

	got, err := s.LastGame(ctx, "discord", "c1")
	if err != nil {
		t.Fatalf("LastGame: %v", err)
	}
	sameGame(t, got, newest)
}

func testIdleGames(t *testing.T, s store.Store) {
	ctx := t.Context()
	mk := func(platform, channel string, phase store.Phase, turn time.Time) *store.Game {
		g := newGame(platform, channel)
		g.Phase, g.TurnStarted = phase, turn
		if phase == store.PhaseOver {
			g.Result = "draw"
		}
		return mustCreate(t, s, g)
	}
	g3 := mk("discord", "c1", store.PhasePlaying, at(300))
	g1 := mk("telegram", "c2", store.PhasePlaying, at(100))
	mk("discord", "c3", store.PhaseChallenge, at(50)) // a challenge is not idle
	mk("discord", "c4", store.PhaseOver, at(50))      // neither is a finished game
	mk("discord", "c5", store.PhasePlaying, at(400))  // not before the cut
	mk("discord", "c6", store.PhasePlaying, at(500))
	g2 := mk("discord", "c7", store.PhasePlaying, at(200))

	got, err := s.IdleGames(ctx, at(400))
	if err != nil {
		t.Fatalf("IdleGames: %v", err)
	}
	want := []*store.Game{g1, g2, g3}
	if len(got) != len(want) {
		var ids []int64
		for _, g := range got {
			ids = append(ids, g.ID)
		}
		t.Fatalf("IdleGames returned games %v, want %d, %d, %d", ids, g1.ID, g2.ID, g3.ID)
	}
	for i := range want {
		sameGame(t, got[i], want[i]) // with their moves
	}

	got, err = s.IdleGames(ctx, at(0))
	if err != nil || len(got) != 0 {
		t.Errorf("IdleGames(long ago) = %d games, %v; want none", len(got), err)
	}
	// Sub-millisecond cut: the turn started strictly before it.
	got, err = s.IdleGames(ctx, at(100).Add(time.Microsecond))
	if err != nil || len(got) != 1 || got[0].ID != g1.ID {
		t.Errorf("IdleGames(just after game %d's turn) = %d games, %v; want it alone", g1.ID, len(got), err)
	}
}

func testLanguages(t *testing.T, s store.Store) {
	ctx := t.Context()
	get := func(platform, user, want string) {
		t.Helper()
		got, err := s.Language(ctx, platform, user)
		if err != nil || got != want {
			t.Errorf("Language(%s, %s) = %q, %v; want %q", platform, user, got, err, want)
		}
	}
	set := func(platform, user, lang string) {
		t.Helper()
		if err := s.SetLanguage(ctx, platform, user, lang); err != nil {
			t.Fatalf("SetLanguage: %v", err)
		}
	}
	get("discord", "u1", "")
	set("discord", "u1", "ru")
	get("discord", "u1", "ru")
	get("telegram", "u1", "") // platforms are separate
	get("discord", "u2", "")
	set("discord", "u1", "da") // overwrite
	set("telegram", "u1", "pl")
	set("discord", "u2", "en")
	get("discord", "u1", "da")
	get("telegram", "u1", "pl")
	get("discord", "u2", "en")
}

func testChannelLanguages(t *testing.T, s store.Store) {
	ctx := t.Context()
	get := func(platform, channel, want string) {
		t.Helper()
		got, err := s.ChannelLanguage(ctx, platform, channel)
		if err != nil || got != want {
			t.Errorf("ChannelLanguage(%s, %s) = %q, %v; want %q", platform, channel, got, err, want)
		}
	}
	set := func(platform, channel, lang string) {
		t.Helper()
		if err := s.SetChannelLanguage(ctx, platform, channel, lang); err != nil {
			t.Fatalf("SetChannelLanguage: %v", err)
		}
	}
	get("discord", "c1", "")
	set("discord", "c1", "pl")
	get("discord", "c1", "pl")
	get("telegram", "c1", "") // platforms are separate
	get("discord", "c2", "")
	set("discord", "c1", "da") // overwrite
	get("discord", "c1", "da")
	set("discord", "c1", "") // remove
	get("discord", "c1", "")
	set("discord", "c1", "") // removing twice is fine
	// A user's language and a channel's are separate even with equal ids.
	set("telegram", "42", "ru")
	get("telegram", "42", "ru")
	if got, _ := s.Language(ctx, "telegram", "42"); got != "" {
		t.Errorf("a channel language leaked into the user language: %q", got)
	}

	// A game keeps its language.
	g := &store.Game{Platform: "discord", Channel: "lang-c", Variant: "kalah", Phase: store.PhaseChallenge,
		Challenger: "u1", DrawOffer: -1, UndoOffer: -1, Lang: "pl",
		Players: []store.Player{{UserID: "u1", Name: "@u1"}, {}}}
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	got, err := s.Game(ctx, g.ID)
	if err != nil || got.Lang != "pl" {
		t.Fatalf("Game().Lang = %q, %v; want pl", got.Lang, err)
	}
	got.Lang = "ru"
	if err := s.UpdateGame(ctx, got); err != nil {
		t.Fatal(err)
	}
	if again, _ := s.Game(ctx, g.ID); again.Lang != "ru" {
		t.Errorf("Lang after UpdateGame = %q; want ru", again.Lang)
	}
}

// results stores a history with known records:
//
//	discord c1: alice beats bob; bob (South) draws with alice; alice beats
//	            the bot; the bot (South) beats alice; bob, now named
//	            "Bobby", beats carol; a declined challenge alice/bob; a live
//	            game alice/bob.
//	discord c2: carol beats alice; dave beats erin; a challenge of the bot
//	            by alice named "Alice B.", withdrawn (no result).
//	telegram:   alice beats bob.
//
// Records on discord: alice 2-2-1, bob 1-1-1, carol 1-1-0, dave 1-0-0,
// erin 0-1-0; in c1: alice 2-1-1, bob 1-1-1, carol 0-1-0. Names come from
// the newest game with a result.
func results(t *testing.T, s store.Store) {
	alice, bob, carol := person("alice", "Alice"), person("bob", "Bob"), person("carol", "Carol")
	dave, erin := person("dave", "Dave"), person("erin", "Erin")
	n := 0
	add := func(platform, channel string, south, north store.Player, result string) {
		n++
		mustCreate(t, s, finished(platform, channel, south, north, result, at(n)))
	}
	add("discord", "c1", alice, bob, "south_won")
	add("discord", "c1", bob, alice, "draw")
	add("discord", "c1", alice, theBot, "south_won")
	add("discord", "c1", theBot, alice, "south_won")
	add("discord", "c1", person("bob", "Bobby"), carol, "south_won")
	add("discord", "c1", alice, bob, "") // declined: no result
	add("discord", "c2", alice, carol, "north_won")
	add("discord", "c2", dave, erin, "south_won")
	add("discord", "c2", person("alice", "Alice B."), theBot, "")
	add("telegram", "c1", alice, bob, "south_won")
	live := newGame("discord", "c1")
	live.Players = []store.Player{alice, bob}
	mustCreate(t, s, live)
}

func testRecord(t *testing.T, s store.Store) {
	results(t, s)
	for _, c := range []struct {
		platform string
		want     store.Record
	}{
		{"discord", store.Record{UserID: "alice", Name: "Alice", Wins: 2, Losses: 2, Draws: 1}},
		{"discord", store.Record{UserID: "bob", Name: "Bobby", Wins: 1, Losses: 1, Draws: 1}},
		{"discord", store.Record{UserID: "carol", Name: "Carol", Wins: 1, Losses: 1}},
		{"discord", store.Record{UserID: "erin", Name: "Erin", Losses: 1}},
		{"discord", store.Record{UserID: "zed"}},
		{"telegram", store.Record{UserID: "alice", Name: "Alice", Wins: 1}},
		{"telegram", store.Record{UserID: "bob", Name: "Bob", Losses: 1}},
		{"discord", store.Record{UserID: ""}}, // the bot has no record
	} {
		got, err := s.Record(t.Context(), c.platform, c.want.UserID)
		if err != nil || got != c.want {
			t.Errorf("Record(%s, %q) = %+v, %v; want %+v", c.platform, c.want.UserID, got, err, c.want)
		}
	}
}

func testLeaderboard(t *testing.T, s store.Store) {
	results(t, s)
	r := func(id, name string, w, l, d int) store.Record {
		return store.Record{UserID: id, Name: name, Wins: w, Losses: l, Draws: d}
	}
	all := []store.Record{
		r("alice", "Alice", 2, 2, 1),
		r("dave", "Dave", 1, 0, 0), // 1 win, 0 losses beats 1 win, 1 loss
		r("bob", "Bobby", 1, 1, 1), // more draws first
		r("carol", "Carol", 1, 1, 0),
		r("erin", "Erin", 0, 1, 0),
	}
	for _, c := range []struct {
		platform, channel string
		limit             int
		want              []store.Record
	}{
		{"discord", "", 10, all},
		{"discord", "", 5, all},
		{"discord", "", 2, all[:2]},
		{"discord", "", 0, nil},
		{"discord", "c1", 10, []store.Record{
			r("alice", "Alice", 2, 1, 1), r("bob", "Bobby", 1, 1, 1), r("carol", "Carol", 0, 1, 0),
		}},
		{"discord", "c2", 10, []store.Record{
			r("carol", "Carol", 1, 0, 0), r("dave", "Dave", 1, 0, 0),
			r("alice", "Alice", 0, 1, 0), r("erin", "Erin", 0, 1, 0),
		}},
		{"telegram", "", 10, []store.Record{r("alice", "Alice", 1, 0, 0), r("bob", "Bob", 0, 1, 0)}},
		{"telegram", "c2", 10, nil},
		{"nowhere", "", 10, nil},
	} {
		got, err := s.Leaderboard(t.Context(), c.platform, c.channel, c.limit)
		if err != nil {
			t.Errorf("Leaderboard(%s, %q, %d): %v", c.platform, c.channel, c.limit, err)
			continue
		}
		if len(got) != len(c.want) || (len(got) > 0 && !reflect.DeepEqual(got, c.want)) {
			t.Errorf("Leaderboard(%s, %q, %d) =\n\t%+v\nwant\n\t%+v", c.platform, c.channel, c.limit, got, c.want)
		}
	}
}

func testCancelledContext(t *testing.T, s store.Store) {
	g := mustCreate(t, s, newGame("discord", "c1"))
	ctx, cancel := context.WithCancel(t.Context())
	cancel()

	check := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a cancelled context: error %v, want context.Canceled", what, err)
		}
	}
	check("CreateGame", s.CreateGame(ctx, newGame("discord", "c2")))
	_, err := s.LiveGame(ctx, "discord", "c1")
	check("LiveGame", err)
	_, err = s.Game(ctx, g.ID)
	check("Game", err)
	_, err = s.LastGame(ctx, "discord", "c1")
	check("LastGame", err)
	_, err = s.GameByPage(ctx, g.PageID)
	check("GameByPage", err)
	upd := clone(g)
	upd.Moves = append(upd.Moves, store.Move{Ply: 3, Move: "1", UserID: "u-bob", At: at(40)})
	check("UpdateGame", s.UpdateGame(ctx, upd))
	_, err = s.IdleGames(ctx, at(1000))
	check("IdleGames", err)
	_, err = s.Language(ctx, "discord", "u1")
	check("Language", err)
	check("SetLanguage", s.SetLanguage(ctx, "discord", "u1", "ru"))
	_, err = s.Record(ctx, "discord", "u-alice")
	check("Record", err)
	_, err = s.Leaderboard(ctx, "discord", "", 10)
	check("Leaderboard", err)
	check("SaveReview", s.SaveReview(ctx, g.ID, 1, []byte("review")))
	_, err = s.Review(ctx, g.ID, 1)
	check("Review", err)
	check("Watch", s.Watch(ctx, g.ID, "v1", at(100)))
	_, err = s.Watchers(ctx, g.ID, at(0))
	check("Watchers", err)

	// Nothing was written.
	sameGame(t, mustGame(t, s, g.ID), g)
	if _, err := s.LiveGame(t.Context(), "discord", "c2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("cancelled CreateGame stored a game: LiveGame error %v", err)
	}
	if lang, _ := s.Language(t.Context(), "discord", "u1"); lang != "" {
		t.Errorf("cancelled SetLanguage stored %q", lang)
	}
	if _, err := s.Review(t.Context(), g.ID, 1); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("cancelled SaveReview stored a review: Review error %v", err)
	}
	if n, _ := s.Watchers(t.Context(), g.ID, at(0)); n != 0 {
		t.Errorf("cancelled Watch stored a viewer: %d watchers", n)
	}
}
