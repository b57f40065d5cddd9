package storetest

import (
	"math"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/rating"
	"github.com/mancala-bot/mancala/store"
)

// day is base plus n days.
func day(n int) time.Time { return base.Add(time.Duration(n) * 24 * time.Hour) }

// endGame plays a game between south and north in the channel to its
// end through UpdateGame, as the bot does: created in play, a move each
// (so that it counts: store.BothMoved), then ended with result at end. It
// returns the finished game.
func endGame(t *testing.T, s store.Store, platform, channel, variant string, south, north store.Player, result string, end time.Time) *store.Game {
	t.Helper()
	return endAfter(t, s, platform, channel, variant, south, north, result, end, 2)
}

// endAfter is endGame with plies moves before the end (South's, North's,
// South's...); the bot's moves have no user id.
func endAfter(t *testing.T, s store.Store, platform, channel, variant string, south, north store.Player, result string, end time.Time, plies int) *store.Game {
	t.Helper()
	g := &store.Game{Platform: platform, Channel: channel, Variant: variant, Players: []store.Player{south, north},
		Challenger: south.UserID, Phase: store.PhasePlaying, DrawOffer: -1, UndoOffer: -1,
		CreatedAt: end.Add(-time.Hour), UpdatedAt: end.Add(-time.Hour), TurnStarted: end.Add(-time.Hour)}
	mustCreate(t, s, g)
	g.Moves = playMoves(g, plies, end.Add(-time.Minute))
	g.Phase, g.Result, g.Reason, g.UpdatedAt = store.PhaseOver, result, "resign", end
	mustUpdate(t, s, g)
	return g
}

// playMoves is plies moves of g's two players in turn, from South, at at.
func playMoves(g *store.Game, plies int, at time.Time) []store.Move {
	var ms []store.Move
	for i := range plies {
		ms = append(ms, store.Move{Ply: i, Move: "1", UserID: g.Players[i%2].UserID, At: at})
	}
	return ms
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// testRatedGame: the first game between two new players, won by South:
// 1500/350 each before; after, 1662.31 and 1337.69, RD 290.32 both (see
// the rating package's TestWinBetweenNewPlayers for the arithmetic).
func testRatedGame(t *testing.T, s store.Store) {
	ctx := t.Context()
	g := endGame(t, s, "discord", "c1", "kalah", person("alice", "Alice"), person("bob", "@bob"), "south_won", day(0))
	cs, err := s.GameRatings(ctx, g.ID)
	if err != nil || len(cs) != 2 {
		t.Fatalf("GameRatings = %+v, %v; want two changes", cs, err)
	}
	for i, c := range cs {
		want := []struct {
			user, name string
			after      float64
		}{{"alice", "Alice", 1662.31}, {"bob", "@bob", 1337.69}}[i]
		if c.GameID != g.ID || c.Seat != i || c.UserID != want.user || c.Name != want.name ||
			c.Before != rating.New() || !near(c.After.Rating, want.after, 0.01) || !near(c.After.RD, 290.32, 0.01) {
			t.Errorf("change %d = %+v; want %s 1500/350 -> %.2f, RD 290.32", i, c, want.user, want.after)
		}
	}
	alice, err := s.Ratings(ctx, "discord", "alice")
	if err != nil || len(alice) != 1 {
		t.Fatalf("Ratings(alice) = %+v, %v", alice, err)
	}
	a := alice[0]
	if a.Platform != "discord" || a.UserID != "alice" || a.Variant != "kalah" || a.Name != "Alice" ||
		a.Games != 1 || a.Wins != 1 || a.Draws != 0 || a.Losses != 0 || !a.LastGame.Equal(day(0)) ||
		a.Glicko() != cs[0].After {
		t.Errorf("alice's rating = %+v; want 1 game, 1 win, %+v at %v", a, cs[0].After, day(0))
	}
	bob, err := s.Ratings(ctx, "discord", "bob")
	if err != nil || len(bob) != 1 || bob[0].Losses != 1 || bob[0].Wins != 0 || bob[0].Glicko() != cs[1].After {
		t.Errorf("Ratings(bob) = %+v, %v", bob, err)
	}
	if rs, err := s.Ratings(ctx, "telegram", "alice"); err != nil || len(rs) != 0 {
		t.Errorf("alice on telegram = %+v, %v; want none", rs, err)
	}
	// A draw and a game of another variant; the most played first.
	endGame(t, s, "discord", "c1", "kalah", person("bob", "Bob"), person("alice", "Alice"), "draw", day(1))
	endGame(t, s, "discord", "c1", "oware", person("bob", "Bob"), person("alice", "Alice"), "north_won", day(2))
	alice, err = s.Ratings(ctx, "discord", "alice")
	if err != nil || len(alice) != 2 || alice[0].Variant != "kalah" || alice[0].Games != 2 || alice[0].Draws != 1 ||
		alice[1].Variant != "oware" || alice[1].Wins != 1 || !near(alice[1].Rating, 1662.31, 0.01) {
		t.Errorf("Ratings(alice) = %+v, %v; want kalah (2 games) then oware (a win)", alice, err)
	}
	if bob, _ := s.Ratings(ctx, "discord", "bob"); len(bob) != 2 || bob[0].Name != "Bob" {
		t.Errorf("bob's name is not the newest game's: %+v", bob)
	}
}

// testNotRated: games against the bot, at tables of four, declined,
// withdrawn and abandoned challenges (no result) and games still in play
// are not rated.
func testNotRated(t *testing.T, s store.Store) {
	ctx := t.Context()
	var ids []int64
	ids = append(ids, endGame(t, s, "discord", "c1", "kalah", person("alice", "Alice"), theBot, "south_won", day(0)).ID)
	ids = append(ids, endGame(t, s, "discord", "c1", "kalah", theBot, person("alice", "Alice"), "north_won", day(0)).ID)
	ids = append(ids, endGame(t, s, "discord", "c1", "kalah", person("alice", "Alice"), person("bob", "Bob"), "", day(0)).ID)
	table := &store.Game{Platform: "discord", Channel: "c2", Variant: "ruma", Phase: store.PhasePlaying,
		Players:   []store.Player{person("alice", "Alice"), person("bob", "Bob"), person("carol", "Carol"), person("dave", "Dave")},
		DrawOffer: -1, UndoOffer: -1, CreatedAt: day(0), UpdatedAt: day(0)}
	mustCreate(t, s, table)
	table.Phase, table.Result, table.UpdatedAt = store.PhaseOver, "east_won", day(1)
	mustUpdate(t, s, table)
	ids = append(ids, table.ID)
	two := &store.Game{Platform: "discord", Channel: "c2", Variant: "ruma", Phase: store.PhasePlaying,
		Players:   []store.Player{person("alice", "Alice"), person("alice", "Alice"), person("bob", "Bob"), person("bob", "Bob")},
		DrawOffer: -1, UndoOffer: -1, CreatedAt: day(0), UpdatedAt: day(0)}
	mustCreate(t, s, two)
	two.Phase, two.Result, two.UpdatedAt = store.PhaseOver, "south_won", day(1)
	mustUpdate(t, s, two)
	ids = append(ids, two.ID)
	playing := newGame("discord", "c3")
	mustCreate(t, s, playing)
	ids = append(ids, playing.ID)
	for _, id := range ids {
		if cs, err := s.GameRatings(ctx, id); err != nil || len(cs) != 0 {
			t.Errorf("game %d: GameRatings = %+v, %v; want none", id, cs, err)
		}
	}
	for _, u := range []string{"alice", "bob", "carol", "u-alice"} {
		if rs, err := s.Ratings(ctx, "discord", u); err != nil || len(rs) != 0 {
			t.Errorf("Ratings(%s) = %+v, %v; want none", u, rs, err)
		}
	}
	if n, err := s.RebuildRatings(ctx); err != nil || n != 0 {
		t.Errorf("RebuildRatings = %d, %v; want 0 games", n, err)
	}
}

// testRatedOnce: writing a finished game again, and two concurrent writes
// ending the same game, rate it once.
func testRatedOnce(t *testing.T, s store.Store) {
	ctx := t.Context()
	g := endGame(t, s, "discord", "c1", "kalah", person("alice", "Alice"), person("bob", "Bob"), "south_won", day(0))
	first, _ := s.Ratings(ctx, "discord", "alice")
	again := clone(g)
	again.UpdatedAt = day(5)
	mustUpdate(t, s, again)
	if rs, _ := s.Ratings(ctx, "discord", "alice"); !reflect.DeepEqual(rs, first) {
		t.Errorf("a finished game written again was rated again: %+v, was %+v", rs, first)
	}

	// Two writers end the same game at once: one wins the version, and
	// the game is rated once.
	h := &store.Game{Platform: "discord", Channel: "c2", Variant: "kalah", Phase: store.PhasePlaying,
		Players: []store.Player{person("carol", "Carol"), person("dave", "Dave")}, DrawOffer: -1, UndoOffer: -1,
		CreatedAt: day(0), UpdatedAt: day(0)}
	mustCreate(t, s, h)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		w := clone(h)
		w.Moves = playMoves(w, 2, day(1))
		w.Phase, w.Result, w.UpdatedAt = store.PhaseOver, []string{"south_won", "north_won"}[i], day(1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = s.UpdateGame(ctx, w)
		}()
	}
	wg.Wait()
	if (errs[0] == nil) == (errs[1] == nil) {
		t.Fatalf("two writers ending one game: %v, %v; want one success", errs[0], errs[1])
	}
	carol, _ := s.Ratings(ctx, "discord", "carol")
	if len(carol) != 1 || carol[0].Games != 1 || carol[0].Wins+carol[0].Losses != 1 {
		t.Errorf("carol after one game ended twice: %+v", carol)
	}
	if cs, _ := s.GameRatings(ctx, h.ID); len(cs) != 2 {
		t.Errorf("GameRatings = %+v; want two changes", cs)
	}
}

// testRatingInactivity: a player back after 61 days (two full periods) is
// rated from the RD grown by two periods.
func testRatingInactivity(t *testing.T, s store.Store) {
	ctx := t.Context()
	endGame(t, s, "discord", "c1", "kalah", person("alice", "Alice"), person("bob", "Bob"), "south_won", day(0))
	first, _ := s.Ratings(ctx, "discord", "alice")
	g := endGame(t, s, "discord", "c1", "kalah", person("alice", "Alice"), person("carol", "Carol"), "draw", day(61))
	cs, err := s.GameRatings(ctx, g.ID)
	if err != nil || len(cs) != 2 {
		t.Fatalf("GameRatings = %+v, %v", cs, err)
	}
	grown := rating.Decay(first[0].Glicko(), 2)
	if cs[0].Before != grown || !(grown.RD > first[0].RD) {
		t.Errorf("alice rated from %+v; want %+v (RD %.2f grown by two periods)", cs[0].Before, grown, first[0].RD)
	}
	if got := first[0].Now(day(61)); got != grown {
		t.Errorf("Rating.Now = %+v, want %+v", got, grown)
	}
}

// testRatingLeaderboard: by rating in a variant, the provisional last;
// the channel's players or the platform's; inactivity makes a rating
// provisional again.
func testRatingLeaderboard(t *testing.T, s store.Store) {
	ctx := t.Context()
	// alice and dave play 24 games in c1, alice winning three in four:
	// both RDs fall to about 96 (established), alice about 1590, dave 1410.
	// erin beats bob in c2: 1662.31 and 1337.69, both provisional. frank
	// plays oware only; gina on Telegram.
	for i := range 24 {
		res := "south_won"
		if i%4 == 3 {
			res = "north_won"
		}
		endGame(t, s, "discord", "c1", "kalah", person("alice", "Alice"), person("dave", "Dave"), res, day(i))
	}
	endGame(t, s, "discord", "c2", "kalah", person("erin", "Erin"), person("bob", "Bob"), "south_won", day(24))
	endGame(t, s, "discord", "c2", "oware", person("frank", "Frank"), person("bob", "Bob"), "south_won", day(24))
	endGame(t, s, "telegram", "c1", "kalah", person("gina", "Gina"), person("bob", "Bob"), "south_won", day(24))
	alice, _ := s.Ratings(ctx, "discord", "alice")
	dave, _ := s.Ratings(ctx, "discord", "dave")
	if len(alice) != 1 || alice[0].RD > rating.ProvisionalRD || len(dave) != 1 || dave[0].RD > rating.ProvisionalRD ||
		!(alice[0].Rating > dave[0].Rating) || !(alice[0].Rating < 1662) {
		t.Fatalf("after 24 games: alice %+v, dave %+v; want both RD at most 110, alice between dave and 1662", alice, dave)
	}
	ids := func(rs []store.Rating) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.UserID)
		}
		return out
	}
	check := func(platform, channel, variant string, now time.Time, limit int, want ...string) []store.Rating {
		t.Helper()
		got, err := s.RatingLeaderboard(ctx, platform, channel, variant, now, limit)
		if err != nil || !reflect.DeepEqual(ids(got), want) {
			t.Errorf("RatingLeaderboard(%s, %q, %s, day %v, %d) = %v, %v; want %v", platform, channel, variant,
				now.Sub(base).Hours()/24, limit, ids(got), err, want)
		}
		return got
	}
	now := day(25)
	global := check("discord", "", "kalah", now, 10, "alice", "dave", "erin", "bob")
	if len(global) == 4 && (global[0].Name != "Alice" || global[0].Games != 24 || global[0].Wins != 18 || global[0].Losses != 6) {
		t.Errorf("alice's row: %+v", global[0])
	}
	check("discord", "", "kalah", now, 2, "alice", "dave")
	check("discord", "", "kalah", now, 0)
	check("discord", "c1", "kalah", now, 10, "alice", "dave")
	check("discord", "c2", "kalah", now, 10, "erin", "bob")
	check("discord", "c3", "kalah", now, 10)
	check("discord", "", "oware", now, 10, "frank", "bob")
	check("telegram", "", "kalah", now, 10, "gina", "bob")
	// Enough 30-day periods without games make alice and dave (the same
	// RD) provisional again: then erin's higher rating ranks first.
	periods := 0
	for rating.Decay(alice[0].Glicko(), periods).RD <= rating.ProvisionalRD {
		periods++
	}
	later := alice[0].LastGame.Add(time.Duration(periods) * rating.Period)
	check("discord", "", "kalah", later.Add(-time.Millisecond), 10, "alice", "dave", "erin", "bob")
	check("discord", "", "kalah", later, 10, "erin", "alice", "dave", "bob")
	if !alice[0].Now(later).Provisional() || alice[0].Now(later.Add(-time.Millisecond)).Provisional() {
		t.Errorf("Rating.Now disagrees with the leaderboard on when alice turns provisional (%d periods)", periods)
	}
}

// testRebuildRatings: rebuilding gives the same ratings and changes as the
// updates, also for games stored finished and games played out of turn
// order across channels.
func testRebuildRatings(t *testing.T, s store.Store) {
	ctx := t.Context()
	users := []string{"alice", "bob", "carol", "dave"}
	results := []string{"south_won", "north_won", "draw"}
	var games []*store.Game
	for i := range 20 {
		a, b := users[i%4], users[(i*3+1)%4]
		if a == b {
			b = users[(i+2)%4]
		}
		variant := []string{"kalah", "oware"}[i%2]
		games = append(games, endGame(t, s, "discord", []string{"c1", "c2"}[i%3%2], variant,
			person(a, a), person(b, b), results[i%3], day(i*7)))
	}
	games = append(games, endGame(t, s, "discord", "c1", "kalah", person("alice", "alice"), theBot, "south_won", day(200)))
	before := map[string][]store.Rating{}
	for _, u := range users {
		before[u], _ = s.Ratings(ctx, "discord", u)
	}
	changes := map[int64][]store.RatingChange{}
	for _, g := range games {
		changes[g.ID], _ = s.GameRatings(ctx, g.ID)
	}
	n, err := s.RebuildRatings(ctx)
	if err != nil || n != 20 {
		t.Fatalf("RebuildRatings = %d, %v; want 20 games", n, err)
	}
	for _, u := range users {
		after, _ := s.Ratings(ctx, "discord", u)
		if len(after) == 0 || !reflect.DeepEqual(after, before[u]) {
			t.Errorf("%s: rebuilt %+v\nwas %+v", u, after, before[u])
		}
	}
	for _, g := range games {
		if cs, _ := s.GameRatings(ctx, g.ID); !reflect.DeepEqual(cs, changes[g.ID]) {
			t.Errorf("game %d: rebuilt changes %+v, were %+v", g.ID, cs, changes[g.ID])
		}
	}
	if n, err := s.RebuildRatings(ctx); err != nil || n != 20 {
		t.Errorf("a second rebuild = %d, %v", n, err)
	}
}

// testConcurrentRatings: six games of alice's, in six channels, ending at
// once: each is rated from the rating the one before it left (a chain
// from 1500/350 to her stored rating), none from a stale read.
func testConcurrentRatings(t *testing.T, s store.Store) {
	ctx := t.Context()
	const n = 6
	games := make([]*store.Game, n)
	for i := range games {
		games[i] = &store.Game{Platform: "discord", Channel: "c" + string(rune('a'+i)), Variant: "kalah",
			Phase: store.PhasePlaying, Players: []store.Player{person("alice", "Alice"), person("opp"+string(rune('a'+i)), "O")},
			DrawOffer: -1, UndoOffer: -1, CreatedAt: day(0), UpdatedAt: day(0)}
		mustCreate(t, s, games[i])
	}
	var wg sync.WaitGroup
	for i, g := range games {
		g.Moves = playMoves(g, 2, day(1))
		g.Phase, g.Result, g.UpdatedAt = store.PhaseOver, []string{"south_won", "north_won", "draw"}[i%3], day(1).Add(time.Duration(i)*time.Millisecond)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := s.UpdateGame(ctx, g); err != nil {
				t.Errorf("ending game %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	alice, err := s.Ratings(ctx, "discord", "alice")
	if err != nil || len(alice) != 1 || alice[0].Games != n || alice[0].Wins != 2 || alice[0].Losses != 2 || alice[0].Draws != 2 {
		t.Fatalf("alice after %d games: %+v, %v", n, alice, err)
	}
	next := map[rating.Rating]rating.Rating{} // before -> after, alice's
	for _, g := range games {
		cs, err := s.GameRatings(ctx, g.ID)
		if err != nil || len(cs) != 2 {
			t.Fatalf("game %d: %+v, %v", g.ID, cs, err)
		}
		if _, dup := next[cs[0].Before]; dup {
			t.Fatalf("two games rated alice from the same rating %+v", cs[0].Before)
		}
		next[cs[0].Before] = cs[0].After
	}
	r := rating.New()
	for range n {
		after, ok := next[r]
		if !ok {
			t.Fatalf("no game rated alice from %+v: the chain breaks (%v)", r, next)
		}
		r = after
	}
	if r != alice[0].Glicko() {
		t.Errorf("the chain ends at %+v, alice is stored at %+v", r, alice[0].Glicko())
	}
}

// testRatingFarming: the farming of issue 26, bob resigning to alice game
// after game before he (or anyone) moved, is not rated: eight such games,
// a day apart, leave alice at 1500 (no rating at all); nor is a game where
// only South moved (three moves with extra turns, then North resigns).
// Then a game where both moved is rated as a first game. A rebuild
// applies the same rule.
func testRatingFarming(t *testing.T, s store.Store) {
	ctx := t.Context()
	alice, bob := person("alice", "Alice"), person("bob", "Bob")
	var farmed []int64
	for i := range 8 {
		farmed = append(farmed, endAfter(t, s, "discord", "c1", "kalah", alice, bob, "south_won", day(i), 0).ID)
	}
	farmed = append(farmed, endAfter(t, s, "discord", "c1", "kalah", alice, bob, "south_won", day(8), 1).ID)
	g := &store.Game{Platform: "discord", Channel: "c1", Variant: "kalah", Players: []store.Player{alice, bob},
		Phase: store.PhasePlaying, DrawOffer: -1, UndoOffer: -1, CreatedAt: day(9), UpdatedAt: day(9)}
	mustCreate(t, s, g)
	for i := range 3 {
		g.Moves = append(g.Moves, store.Move{Ply: i, Move: "3", UserID: "alice", At: day(9)})
	}
	g.Phase, g.Result, g.Reason, g.UpdatedAt = store.PhaseOver, "south_won", "resign", day(9).Add(time.Minute)
	mustUpdate(t, s, g)
	farmed = append(farmed, g.ID)
	for _, id := range farmed {
		if cs, err := s.GameRatings(ctx, id); err != nil || len(cs) != 0 {
			t.Errorf("game %d (a player never moved): GameRatings = %+v, %v; want none", id, cs, err)
		}
	}
	for _, u := range []string{"alice", "bob"} {
		if rs, err := s.Ratings(ctx, "discord", u); err != nil || len(rs) != 0 {
			t.Errorf("Ratings(%s) after ten farmed games = %+v, %v; want none (1500)", u, rs, err)
		}
	}
	if n, err := s.RebuildRatings(ctx); err != nil || n != 0 {
		t.Errorf("RebuildRatings = %d, %v; want 0 games", n, err)
	}

	// A real game: both moved (one move each is enough).
	real := endAfter(t, s, "discord", "c1", "kalah", alice, bob, "south_won", day(10), 2)
	rs, err := s.Ratings(ctx, "discord", "alice")
	if err != nil || len(rs) != 1 || rs[0].Games != 1 || !near(rs[0].Rating, 1662.31, 0.01) {
		t.Fatalf("Ratings(alice) after a real game = %+v, %v; want one game, 1662.31", rs, err)
	}
	if cs, _ := s.GameRatings(ctx, real.ID); len(cs) != 2 || cs[0].Before != rating.New() {
		t.Errorf("the real game's changes = %+v; want from 1500/350", cs)
	}
	if n, err := s.RebuildRatings(ctx); err != nil || n != 1 {
		t.Errorf("RebuildRatings = %d, %v; want 1 game", n, err)
	}
	if again, _ := s.Ratings(ctx, "discord", "alice"); !reflect.DeepEqual(again, rs) {
		t.Errorf("rebuilt %+v, was %+v", again, rs)
	}
}

// testRatingDailyCap: the same two people have at most
// store.RatedPerDay rated games of a variant a UTC day, whoever sits
// South: the fourth and fifth of the day are not rated, a game of another
// variant or against another opponent that day is, and so is the pair's
// first game after midnight UTC (the day ends at 24:00, not 24 hours
// after the first game). A rebuild gives the same.
func testRatingDailyCap(t *testing.T, s store.Store) {
	ctx := t.Context()
	alice, bob, carol := person("alice", "Alice"), person("bob", "Bob"), person("carol", "Carol")
	midnight := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	at := func(h, m int) time.Time {
		return midnight.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute)
	}
	games := []struct {
		south, north store.Player
		variant      string
		end          time.Time
		rated        bool
	}{
		{alice, bob, "kalah", at(1, 0), true},
		{bob, alice, "kalah", at(9, 0), true},
		{alice, bob, "kalah", at(12, 0), true},
		{bob, alice, "kalah", at(13, 0), false},    // the fourth of the day
		{alice, bob, "kalah", at(23, 59), false},   // the fifth
		{alice, bob, "oware", at(23, 59), true},    // another game type
		{alice, carol, "kalah", at(23, 59), true},  // another opponent
		{bob, alice, "kalah", at(24, 0), true},     // the next UTC day
		{alice, bob, "kalah", at(24+22, 0), true},  // less than 24 hours after the first three
		{alice, bob, "kalah", at(24+23, 59), true}, // the third of that day
		{alice, bob, "kalah", at(24+23, 59).Add(59*time.Second + 999*time.Millisecond), false},
	}
	ids := make([]int64, len(games))
	for i, c := range games {
		ids[i] = endGame(t, s, "discord", "c1", c.variant, c.south, c.north, "south_won", c.end).ID
	}
	check := func(when string) {
		t.Helper()
		for i, c := range games {
			cs, err := s.GameRatings(ctx, ids[i])
			if err != nil || (len(cs) == 2) != c.rated || (len(cs) != 0 && len(cs) != 2) {
				t.Errorf("%s: game %d (%s %s-%s at %v): GameRatings = %d changes, %v; want rated %v",
					when, i, c.variant, c.south.UserID, c.north.UserID, c.end, len(cs), err, c.rated)
			}
		}
		rs, err := s.Ratings(ctx, "discord", "bob")
		if err != nil || len(rs) != 2 || rs[0].Variant != "kalah" || rs[0].Games != 6 {
			t.Errorf("%s: Ratings(bob) = %+v, %v; want 6 rated games of kalah (of 9), then oware", when, rs, err)
		}
	}
	check("as the games ended")
	before, _ := s.Ratings(ctx, "discord", "alice")
	if n, err := s.RebuildRatings(ctx); err != nil || n != 8 {
		t.Errorf("RebuildRatings = %d, %v; want 8 games", n, err)
	}
	check("rebuilt")
	if after, _ := s.Ratings(ctx, "discord", "alice"); !reflect.DeepEqual(after, before) {
		t.Errorf("alice rebuilt: %+v\nwas %+v", after, before)
	}
}
