package bot_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/review"
	"github.com/mancala-bot/mancala/review/stored"
	"github.com/mancala-bot/mancala/store"
)

// handStart is the hand-checked game of review/review_test.go: Kalah with
// four pits of two seeds, South (alice) to move with 2 0 2 0 against
// North's 1 0 0 0, stores 6 and 5. alice plays pit 1 and bob's only move,
// pit 1, captures 3+1 and ends the game 7:9. Pit 3 (the last seed in the
// store: an extra turn) would have kept +2 for South, so pit 1 lost 4
// seeds and gave bob a capture of 4.
const handStart = `{"variant":"kalah","options":{"pits":4,"seeds":2},"to_move":"south","ply":10,
	"pits":{"south":[2,0,2,0],"north":[1,0,0,0]},"stores":{"south":6,"north":5},"status":"ongoing","extra":{}}`

// playHandGame stores the game at handStart and plays it to its end
// through the chat; it returns the final board's reply.
func playHandGame(t *testing.T, h *harness) bot.Reply {
	t.Helper()
	g := &store.Game{Platform: "test", Channel: "c1", Variant: "kalah",
		Options: map[string]string{"pits": "4", "seeds": "2"}, Start: handStart,
		Players:    []store.Player{{UserID: "alice", Name: "@alice"}, {UserID: "bob", Name: "@bob"}},
		Challenger: "alice", Phase: store.PhasePlaying, DrawOffer: -1, UndoOffer: -1,
		CreatedAt: h.now, UpdatedAt: h.now, TurnStarted: h.now}
	if err := h.db.CreateGame(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	// A game in play is not reviewed.
	h.wantRefusal(h.say("carol", "/review"), "still being played", h.live())
	one(t, h.say("alice", "/move 1"))
	r := one(t, h.say("bob", "/move 1"))
	if h.live() != nil || !strings.Contains(r.Text, "@bob wins, 9:7") {
		t.Fatalf("the game did not end 9:7 for bob: %q", r.Text)
	}
	return r
}

const wantReviewEN = `*Review: Kalah, @alice (South) against @bob (North), 2 moves*
The graph shows the evaluation after each move from South’s side, in seeds (the bot’s search, 10 moves deep; exact near the end). Blue dots are South’s moves, orange dots North’s; gold rings mark the turning points.
*Turning points:*
• Move 1, @alice: pit 1, expected margin −2 instead of +2 with the best move. After it, @bob captures 4 seeds with pit 1. Pit 3 was better: it earned an extra turn.`

const wantReviewDA = `*Gennemgang: Kalaha, @alice (Syd) mod @bob (Nord), 2 træk*
Grafen viser vurderingen efter hvert træk set fra Syds side, i frø (bottens søgning, 10 træk dybt; nøjagtig mod slutningen). Blå prikker er Syds træk, orange Nords; guldringe markerer vendepunkterne.
*Vendepunkter:*
• Træk 1, @alice: hul 1, forventet forskel i stillingen −2 i stedet for +2 med det bedste træk. Bagefter fanger @bob 4 frø med hul 1. Hul 3 var bedre: det gav en ekstra tur.`

// wantGraph checks that r carries the evaluation graph.
func wantGraph(t *testing.T, r bot.Reply) {
	t.Helper()
	if r.Board == nil || len(r.Board.Buttons) != 0 {
		t.Fatalf("review without a graph, or with buttons: %+v", r)
	}
	img, err := png.Decode(bytes.NewReader(r.Board.PNG))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 800 || b.Dy() != 400 {
		t.Errorf("graph %v, want 800x400", b)
	}
}

func TestReviewCommand(t *testing.T) {
	h := newHarness(t, nil)
	h.wantRefusal(h.say("carol", "/review"), locales.Text(locales.EN, "err_review_no_game", nil), nil)
	final := playHandGame(t, h)
	// Anyone in the channel may ask; without Config.Deliver the review is
	// the reply itself.
	r := one(t, h.say("carol", "/review"))
	if r.Private || r.Text != wantReviewEN {
		t.Errorf("review (private %v):\n%s\nwant:\n%s", r.Private, r.Text, wantReviewEN)
	}
	wantGraph(t, r)
	t.Logf("en:\n%s\ngraph: %d bytes", r.Text, len(r.Board.PNG))
	// The button under the final board does the same, in the presser's
	// language.
	one(t, h.say("dora", "/lang da"))
	r = one(t, h.press("dora", buttonFor(t, final, "📈")))
	if r.Text != wantReviewDA {
		t.Errorf("Danish review:\n%s\nwant:\n%s", r.Text, wantReviewDA)
	}
	wantGraph(t, r)
	t.Logf("da:\n%s", r.Text)
	// A button of an unknown game is stale; the alias "analyse" works.
	h.wantRefusal(h.press("carol", "w:999:1"), locales.Text(locales.EN, "err_stale_button", nil), nil)
	if r := one(t, h.say("carol", "analyse")); r.Text != wantReviewEN {
		t.Errorf("analyse: %q", r.Text)
	}
}

// TestReviewStored: /review reads the review stored for the game, not a
// new computation: a review stored beforehand (computed at depth 4, where
// the bot's is 10) is the one shown ("4 moves deep"), and nothing is
// computed. In a fresh database, the first /review computes and stores the
// review (review.Decode reads it back) and a second bot on the same
// database (another process) answers from it without computing.
func TestReviewStored(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t, nil)
	playHandGame(t, h)
	rec, err := h.db.LastGame(ctx, "test", "c1")
	if err != nil {
		t.Fatal(err)
	}
	start, moves, err := stored.Moves(rec)
	if err != nil {
		t.Fatal(err)
	}
	shallow, err := review.Game(ctx, start, moves, review.Options{Depth: 4})
	if err != nil {
		t.Fatal(err)
	}
	data, err := review.Encode(shallow)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.db.SaveReview(ctx, rec.ID, len(rec.Moves), data); err != nil {
		t.Fatal(err)
	}
	var computed atomic.Int64
	bot.OnReviewComputed(h.bot, func(int64) { computed.Add(1) })
	want := strings.Replace(wantReviewEN, "10 moves deep", "4 moves deep", 1)
	if r := one(t, h.say("carol", "/review")); r.Text != want {
		t.Errorf("review from the store:\n%s\nwant:\n%s", r.Text, want)
	}
	if computed.Load() != 0 {
		t.Errorf("%d computations, want none", computed.Load())
	}

	h2 := newHarness(t, nil)
	playHandGame(t, h2)
	bot.OnReviewComputed(h2.bot, func(int64) { computed.Add(1) })
	if r := one(t, h2.say("carol", "/review")); r.Text != wantReviewEN {
		t.Errorf("first review:\n%s", r.Text)
	}
	rec2, err := h2.db.LastGame(ctx, "test", "c1")
	if err != nil {
		t.Fatal(err)
	}
	data, err = h2.db.Review(ctx, rec2.ID, len(rec2.Moves))
	if err != nil {
		t.Fatalf("the review was not stored: %v", err)
	}
	if rv, err := review.Decode(data); err != nil || !rv.Complete || rv.Depth != review.DefaultDepth || len(rv.Turning) != 1 {
		t.Errorf("stored review: %v, %+v", err, rv)
	}
	other := bot.New(bot.Config{Store: h2.db})
	bot.OnReviewComputed(other, func(int64) { computed.Add(1) })
	r := one(t, other.Handle(ctx, bot.Request{Platform: "test", Channel: "c1", Text: "/review",
		User: bot.User{ID: "erin", Name: "erin", Mention: "@erin"}}))
	if r.Text != wantReviewEN {
		t.Errorf("another process's review:\n%s", r.Text)
	}
	wantGraph(t, r)
	if computed.Load() != 1 {
		t.Errorf("%d computations, want 1 (the first review)", computed.Load())
	}
}

// endHandGame stores another game at handStart in channel c1 and plays
// it to its end; it returns the game's id.
func endHandGame(t *testing.T, h *harness) int64 {
	t.Helper()
	g := &store.Game{Platform: "test", Channel: "c1", Variant: "kalah",
		Options: map[string]string{"pits": "4", "seeds": "2"}, Start: handStart,
		Players:    []store.Player{{UserID: "alice", Name: "@alice"}, {UserID: "bob", Name: "@bob"}},
		Challenger: "alice", Phase: store.PhasePlaying, DrawOffer: -1, UndoOffer: -1,
		CreatedAt: h.now, UpdatedAt: h.now, TurnStarted: h.now}
	if err := h.db.CreateGame(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	one(t, h.say("alice", "/move 1"))
	one(t, h.say("bob", "/move 1"))
	if h.live() != nil {
		t.Fatal("the game did not end")
	}
	return g.ID
}

// TestReviewAfterGame: with Config.ReviewAfterGame, a game that ends has
// its review computed in the background and stored (the game's page has
// it); /review then computes nothing. One review after a game runs at a
// time and one more waits: a third game ending while both places are
// taken is not reviewed then. Without the option nothing is computed.
func TestReviewAfterGame(t *testing.T) {
	ctx := context.Background()
	h := newHarnessWith(t, nil, func(c *bot.Config) { c.ReviewAfterGame = true })
	var computed atomic.Int64
	computing, release := make(chan int64, 4), make(chan struct{})
	bot.OnReviewComputed(h.bot, func(game int64) {
		computed.Add(1)
		computing <- game
		<-release
	})
	first := endHandGame(t, h)
	if g := <-computing; g != first {
		t.Fatalf("computing the review of game %d, want %d", g, first)
	}
	second := endHandGame(t, h) // waits
	third := endHandGame(t, h)  // no place left
	close(release)
	h.bot.Wait()
	if g := <-computing; g != second {
		t.Errorf("then computing game %d, want %d", g, second)
	}
	for _, id := range []int64{first, second} {
		data, err := h.db.Review(ctx, id, 2)
		if err != nil {
			t.Fatalf("game %d: review not stored: %v", id, err)
		}
		if rv, err := review.Decode(data); err != nil || !rv.Complete {
			t.Errorf("game %d: stored review %+v, %v", id, rv, err)
		}
	}
	if _, err := h.db.Review(ctx, third, 2); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("game %d (no place left): %v, want ErrNotFound", third, err)
	}
	if computed.Load() != 2 {
		t.Errorf("%d computations, want 2", computed.Load())
	}
	// The second game's review is read, not computed (the third, the
	// channel's last, is computed when asked for).
	r := one(t, h.press("carol", fmt.Sprintf("w:%d:1", second)))
	if r.Text != wantReviewEN {
		t.Errorf("review of the second game:\n%s", r.Text)
	}
	if computed.Load() != 2 {
		t.Errorf("%d computations after /review of a reviewed game, want 2", computed.Load())
	}

	off := newHarness(t, nil)
	bot.OnReviewComputed(off.bot, func(int64) { computed.Add(1) })
	id := endHandGame(t, off)
	off.bot.Wait()
	if _, err := off.db.Review(ctx, id, 2); !errors.Is(err, store.ErrNotFound) || computed.Load() != 2 {
		t.Errorf("without ReviewAfterGame: stored %v, %d computations", err, computed.Load())
	}
}

// TestReviewTableOfFour: a finished Ruma game is refused.
func TestReviewTableOfFour(t *testing.T) {
	h := newHarness(t, nil)
	g := &store.Game{Platform: "test", Channel: "c1", Variant: "ruma",
		Players: []store.Player{{UserID: "a", Name: "a"}, {UserID: "b", Name: "b"}, {UserID: "c", Name: "c"}, {UserID: "d", Name: "d"}},
		Moves:   []store.Move{{Ply: 0, Move: "1", UserID: "a", At: h.now}},
		Phase:   store.PhaseOver, Result: "north_won", Reason: "resign", DrawOffer: -1, UndoOffer: -1,
		CreatedAt: h.now, UpdatedAt: h.now, TurnStarted: h.now}
	if err := h.db.CreateGame(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	h.wantRefusal(h.say("a", "/review"), locales.Text(locales.EN, "err_review_seats", nil), nil)
}

// TestReviewInBackground: with Config.Deliver the bot answers at once
// that it is analysing, and the review comes later through Deliver. A
// second user asking while the first review is being computed, on the only
// worker of the search pool, is not refused: both get the review, computed
// once. A third request later is answered at once from the stored review,
// with no computation at all (counted by the computation hook).
func TestReviewInBackground(t *testing.T) {
	h := newHarness(t, nil)
	playHandGame(t, h)
	var mu sync.Mutex
	var got []bot.Outgoing
	b := bot.New(bot.Config{Store: h.db, ReviewTime: 5 * time.Second, SearchWorkers: 1,
		Deliver: func(ctx context.Context, o bot.Outgoing) {
			mu.Lock()
			got = append(got, o)
			mu.Unlock()
		}})
	computing, release := make(chan int64, 4), make(chan struct{})
	var computed atomic.Int64
	bot.OnReviewComputed(b, func(game int64) {
		computed.Add(1)
		computing <- game
		<-release
	})
	ask := func(user string) bot.Reply {
		return one(t, b.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c1", Text: "/review",
			User: bot.User{ID: user, Name: user, Mention: "@" + user}}))
	}
	const started = "Analysing the game… The review follows within 5 seconds."
	if r := ask("carol"); r.Private || r.Board != nil || r.Text != started {
		t.Errorf("immediate reply %+v", r)
	}
	<-computing // carol's review holds the only worker
	if r := ask("dora"); r.Private || r.Text != started {
		t.Errorf("second user's request while the first review runs: %+v", r)
	}
	close(release)
	b.Wait()
	if len(got) != 2 {
		t.Fatalf("delivered %d reviews, want 2: %+v", len(got), got)
	}
	for _, o := range got {
		if o.Platform != "test" || o.Channel != "c1" || o.Reply.Text != wantReviewEN {
			t.Errorf("delivered %+v", o)
		}
		wantGraph(t, o.Reply)
	}
	if n := computed.Load(); n != 1 {
		t.Errorf("two requests computed the review %d times, want once", n)
	}
	// The review is stored now: a third request gets it at once, as the
	// reply itself, with nothing delivered later.
	r := ask("erin")
	if r.Private || r.Text != wantReviewEN {
		t.Errorf("third request: %+v", r)
	}
	wantGraph(t, r)
	b.Wait()
	if len(got) != 2 {
		t.Fatalf("third review delivered too: %+v", got)
	}
	if n := computed.Load(); n != 1 {
		t.Errorf("a repeated review was computed again: %d computations, want 1", n)
	}
	b.Stop(context.Background())
}

// TestReviewsOfTwoGamesQueued: one search worker, held by carol's review
// of the game in c1; dora asks for the review of another game, in c2: she
// is not refused but queued, and once the worker is free both reviews are
// computed (once each) and delivered to their channels.
func TestReviewsOfTwoGamesQueued(t *testing.T) {
	h := newHarness(t, nil)
	playHandGame(t, h)
	g := &store.Game{Platform: "test", Channel: "c2", Variant: "kalah",
		Options: map[string]string{"pits": "4", "seeds": "2"}, Start: handStart,
		Players:    []store.Player{{UserID: "alice", Name: "@alice"}, {UserID: "bob", Name: "@bob"}},
		Challenger: "alice", Phase: store.PhasePlaying, DrawOffer: -1, UndoOffer: -1,
		CreatedAt: h.now, UpdatedAt: h.now, TurnStarted: h.now}
	if err := h.db.CreateGame(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	got := map[string]bot.Outgoing{}
	b := bot.New(bot.Config{Store: h.db, ReviewTime: 5 * time.Second, SearchWorkers: 1,
		Deliver: func(ctx context.Context, o bot.Outgoing) {
			mu.Lock()
			got[o.Channel] = o
			mu.Unlock()
		}})
	in := func(channel, user, text string) bot.Reply {
		return one(t, b.Handle(context.Background(), bot.Request{Platform: "test", Channel: channel, Text: text,
			User: bot.User{ID: user, Name: user, Mention: "@" + user}}))
	}
	in("c2", "alice", "/move 1")
	in("c2", "bob", "/move 1")
	computing, release := make(chan int64, 4), make(chan struct{})
	bot.OnReviewComputed(b, func(game int64) {
		computing <- game
		<-release
	})
	const started = "Analysing the game… The review follows within 5 seconds."
	if r := in("c1", "carol", "/review"); r.Private || r.Text != started {
		t.Errorf("carol: %+v", r)
	}
	first := <-computing
	if r := in("c2", "dora", "/review"); r.Private || r.Text != started {
		t.Errorf("dora, while carol's review holds the worker: %+v", r)
	}
	close(release)
	if second := <-computing; second == first || second != g.ID {
		t.Errorf("computed games %d then %d, want dora's %d second", first, second, g.ID)
	}
	b.Wait()
	for _, ch := range []string{"c1", "c2"} {
		if o, ok := got[ch]; !ok || o.Reply.Text != wantReviewEN {
			t.Errorf("review delivered to %s: %+v", ch, o)
		}
	}
}

// TestReviewOutOfTime: a review whose time runs out at once still answers,
// with the graph, the positions it could not search marked, and says so;
// it calls no game clean that it did not judge.
func TestReviewOutOfTime(t *testing.T) {
	h := newHarness(t, nil)
	playHandGame(t, h)
	b := bot.New(bot.Config{Store: h.db, ReviewTime: time.Nanosecond})
	r := one(t, b.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c1", Text: "/review",
		User: bot.User{ID: "carol", Name: "carol", Mention: "@carol"}}))
	wantGraph(t, r)
	want := `*Review: Kalah, @alice (South) against @bob (North), 2 moves*
The graph shows the evaluation after each move from South’s side, in seeds (the bot’s search, 10 moves deep; exact near the end). Blue dots are South’s moves, orange dots North’s; gold rings mark the turning points.
The time ran out before every position was searched in full: parts of the graph are less precise.`
	if r.Text != want {
		t.Errorf("review out of time:\n%s\nwant:\n%s", r.Text, want)
	}
}
