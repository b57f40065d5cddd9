package bot_test

import (
	"context"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/rating"
	"github.com/mancala-bot/mancala/store"
)

// quickWin is a whole game of Kalah with three pits of one seed in which
// both players move (so that it is rated: store.BothMoved): South sows pit
// 2, North pit 3 into his store (an extra turn), then pit 1; South's pit 1
// ends the game with South ahead.
func quickWin(t *testing.T, h *harness, south, north string) bot.Reply {
	t.Helper()
	r := one(t, h.say(south, "/new kalah @"+north+" pits=3 seeds=1"))
	g := h.live()
	if r.Private || g == nil {
		t.Fatalf("no challenge: %+v", r)
	}
	one(t, h.say(north, "/accept"))
	one(t, h.say(south, "2"))
	one(t, h.say(north, "3"))
	one(t, h.say(north, "1"))
	r = one(t, h.say(south, "1"))
	if last, _ := h.db.LastGame(context.Background(), "test", "c1"); h.live() != nil || last.ID != g.ID || last.Result != "south_won" {
		t.Fatalf("the quick game did not end with South's win: %+v", last)
	}
	return r
}

// ratings returns the user's ratings on the test platform.
func (h *harness) ratings(user string) []store.Rating {
	h.t.Helper()
	rs, err := h.db.Ratings(context.Background(), "test", user)
	if err != nil {
		h.t.Fatal(err)
	}
	return rs
}

func wantLine(t *testing.T, what, text, want string) {
	t.Helper()
	if !strings.Contains(text, want) {
		t.Errorf("%s:\n%s\nwant a line containing %q", what, text, want)
	}
}

// A game between two people played to its end updates both ratings and
// the board announces it: new players, 1500? each, move by ±162 (see
// rating.TestWinBetweenNewPlayers); stats and top show them, in the
// reader's language.
func TestRatedGameThroughTheChat(t *testing.T) {
	h := newHarness(t, nil)
	r := quickWin(t, h, "alice", "bob")
	t.Logf("the end of the game:\n%s", r.Text)
	wantLine(t, "the last board", r.Text, "Rating, Kalah: @alice 1500? → 1662? (+162) · @bob 1500? → 1338? (−162)")
	alice := h.ratings("alice")
	if len(alice) != 1 || alice[0].Variant != "kalah" || alice[0].Games != 1 || alice[0].Wins != 1 ||
		math.Abs(alice[0].Rating-1662.31) > 0.01 || math.Abs(alice[0].RD-290.32) > 0.01 {
		t.Fatalf("alice's ratings: %+v", alice)
	}

	// A draw agreed an hour later, bob South this time.
	h.advance(time.Hour)
	one(t, h.say("bob", "/new kalah @alice"))
	one(t, h.say("alice", "/accept"))
	one(t, h.say("bob", "1"))
	one(t, h.say("alice", "1"))
	one(t, h.say("bob", "/draw"))
	r = one(t, h.say("alice", "/draw"))
	t.Logf("an agreed draw:\n%s", r.Text)
	wantLine(t, "the agreed draw", r.Text, "Rating, Kalah: @bob 1338? → ")
	if a := h.ratings("alice"); len(a) != 1 || a[0].Games != 2 || a[0].Draws != 1 || !(a[0].Rating < alice[0].Rating) {
		t.Errorf("alice after drawing with a weaker player: %+v", a)
	}

	// A claim on time, in Oware: a rating of its own.
	h.advance(time.Hour)
	one(t, h.say("alice", "/new oware @bob"))
	one(t, h.say("bob", "/accept"))
	one(t, h.say("alice", "1"))
	one(t, h.say("bob", "1"))
	h.advance(25 * time.Hour)
	r = one(t, h.say("bob", "/claim"))
	wantLine(t, "the claim", r.Text, "Rating, Oware: @alice 1500? → 1338? (−162) · @bob 1500? → 1662? (+162)")

	// stats: the record, then a line per game type, the most played first.
	r = one(t, h.say("alice", "/stats"))
	t.Logf("stats (en):\n%s", r.Text)
	wantLine(t, "stats", r.Text, "@alice: 1 win, 1 loss, 1 draw.")
	kalah := h.ratings("alice")[0]
	wantLine(t, "stats", r.Text, "• Kalah: "+itoa(kalah.Rating)+"? (RD "+itoa(kalah.RD)+"), 2 games: 1 win, 1 draw, 0 losses")
	wantLine(t, "stats", r.Text, "• Oware: 1338? (RD 290), 1 game: 0 wins, 0 draws, 1 loss")
	wantLine(t, "stats", r.Text, "? marks a provisional rating")
	if strings.Index(r.Text, "Kalah") > strings.Index(r.Text, "Oware") {
		t.Errorf("stats list Oware (1 game) before Kalah (2)")
	}

	// top kalah: the channel's players by rating.
	r = one(t, h.say("carol", "/top kalah"))
	t.Logf("top kalah (en):\n%s", r.Text)
	wantLine(t, "top", r.Text, "*Rating, Kalah: this chat*\n1. @alice: "+itoa(kalah.Rating)+"? (2 games: 1 win, 1 draw, 0 losses)\n2. @bob: ")
	r = one(t, h.say("carol", "/top oware global"))
	wantLine(t, "top global", r.Text, "*Rating, Oware: everyone*\n1. @bob: 1662? (1 game: 1 win, 0 draws, 0 losses)\n2. @alice: 1338?")
	r = one(t, h.say("carol", "/top"))
	wantLine(t, "top", r.Text, "1. @alice: 1 win, 1 loss, 1 draw")
	wantLine(t, "top", r.Text, "/top kalah global")
	r = one(t, h.say("carol", "/top global"))
	wantLine(t, "top global", r.Text, "*Leaderboard: everyone*\n1. @alice: 1 win, 1 loss, 1 draw")
	r = one(t, h.say("carol", "/top congkak"))
	wantLine(t, "top with no games", r.Text, "No rated games of Congkak yet.")

	// In Russian.
	one(t, h.say("alice", "/lang ru"))
	r = one(t, h.say("alice", "/stats"))
	t.Logf("stats (ru):\n%s", r.Text)
	wantLine(t, "stats ru", r.Text, "• Калах: "+itoa(kalah.Rating)+"? (RD "+itoa(kalah.RD)+"), 2 партии: 1 победа, 1 ничья, 0 поражений")
	wantLine(t, "stats ru", r.Text, "1 партия: 0 побед, 0 ничьих, 1 поражение")
	r = one(t, h.say("alice", "/top kalah"))
	t.Logf("top kalah (ru):\n%s", r.Text)
	wantLine(t, "top ru", r.Text, "*Рейтинг, Калах: этот чат*\n1. @alice: ")

	// A year without games: the RD shown has grown by 12 periods of 30
	// days (rating.Decay: RD² + 12·(173.7178·0.06)² = 260.5² + 12·108.6,
	// RD 263), the rating has not moved.
	h.advance(366 * 24 * time.Hour)
	grown := rating.Decay(kalah.Glicko(), 12)
	r = one(t, h.say("alice", "/stats"))
	wantLine(t, "stats a year later", r.Text, "• Калах: "+itoa(kalah.Rating)+"? (RD "+itoa(grown.RD)+"), 2 партии")
	if !(grown.RD > kalah.RD+2) {
		t.Errorf("a year away grew the RD from %.1f to %.1f only", kalah.RD, grown.RD)
	}
}

// itoa is a rating or RD as shown: rounded.
func itoa(x float64) string { return strconv.Itoa(int(math.Round(x))) }

// A game against the bot is not rated: no line under the board, no
// rating in stats.
func TestBotGameUnrated(t *testing.T) {
	h := newHarness(t, firstMove{})
	one(t, h.say("alice", "/new kalah bot two"))
	one(t, h.say("alice", "1"))
	r := one(t, h.say("alice", "/resign"))
	if strings.Contains(r.Text, "Rating") || len(h.ratings("alice")) != 0 {
		t.Errorf("a game against the bot was rated: %q, %+v", r.Text, h.ratings("alice"))
	}
	r = one(t, h.say("alice", "/stats"))
	wantLine(t, "stats", r.Text, "No rated games yet")
	// Ruma's tables are not rated.
	rs := h.say("alice", "/top ruma")
	h.wantRefusal(rs, "Ruma has no rating", nil)
}

// top's refusals: an unknown game, a solitaire, words it does not take.
func TestTopRefusals(t *testing.T) {
	h := newHarness(t, nil)
	for _, c := range []struct{ text, want string }{
		{"/top chess", "chess"},
		{"/top tchuka", "has no rating"},
		{"/top kalah global again", "I don’t understand “again”"},
		{"/top kalah oware", "I don’t understand “oware”"},
	} {
		h.wantRefusal(h.say("alice", c.text), c.want, nil)
	}
	one(t, h.say("alice", "/lang pl"))
	h.wantRefusal(h.say("alice", "/top kalah x"), "nie rozumiem „x”", nil)
}

// Two processes (two bots on one database) ending the same game at once:
// one ends it, the game is rated once, and the board the other process
// sends again for the outbox shows the same change.
func TestRatedOnceWithTwoProcesses(t *testing.T) {
	h := newHarness(t, nil)
	other := bot.New(bot.Config{Store: h.db, Now: func() time.Time { h.mu.Lock(); defer h.mu.Unlock(); return h.now },
		DeliveryHold: time.Second})
	one(t, h.say("alice", "/new kalah @bob"))
	one(t, h.say("bob", "/accept"))
	one(t, h.say("alice", "1"))
	one(t, h.say("bob", "1"))
	var wg sync.WaitGroup
	replies := make([][]bot.Reply, 2)
	for i, b := range []*bot.Bot{h.bot, other} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			replies[i] = b.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c1", Text: "/resign",
				User: bot.User{ID: "bob", Name: "bob", Mention: "@bob"}})
		}()
	}
	wg.Wait()
	boards := 0
	for _, rs := range replies {
		if len(rs) == 1 && rs[0].Board != nil {
			boards++
			wantLine(t, "the resignation", rs[0].Text, "@alice 1500? → 1662? (+162) · @bob 1500? → 1338? (−162)")
		}
	}
	if boards != 1 {
		t.Fatalf("two resignations of one game: %+v", replies)
	}
	before := h.ratings("alice")
	if len(before) != 1 || before[0].Games != 1 {
		t.Fatalf("alice after one game: %+v", before)
	}
	// The board is owed until confirmed: the other process sends it
	// again once the hold is over, with the same line, and rates nothing.
	h.advance(time.Minute)
	out := other.Owed(context.Background())
	if len(out) != 1 {
		t.Fatalf("owed boards: %+v", out)
	}
	wantLine(t, "the board sent again", out[0].Reply.Text, "@alice 1500? → 1662? (+162) · @bob 1500? → 1338? (−162)")
	if after := h.ratings("alice"); !reflect.DeepEqual(after, before) {
		t.Errorf("rated again: %+v, was %+v", after, before)
	}
}

// RebuildRatings gives the numbers the games gave as they ended, with
// months between games (the RD grown by inactivity).
func TestRebuildMatchesTheGames(t *testing.T) {
	h := newHarness(t, nil)
	players := []string{"alice", "bob", "carol"}
	for i := range 9 {
		quickWin(t, h, players[i%3], players[(i+1+i/3%2)%3])
		h.advance(time.Duration(1+i*i) * 24 * time.Hour) // up to 65 days apart
	}
	before := map[string][]store.Rating{}
	for _, p := range players {
		before[p] = h.ratings(p)
	}
	n, err := h.db.RebuildRatings(context.Background())
	if err != nil || n != 9 {
		t.Fatalf("RebuildRatings = %d, %v", n, err)
	}
	for _, p := range players {
		if after := h.ratings(p); len(after) != 1 || !reflect.DeepEqual(after, before[p]) {
			t.Errorf("%s rebuilt: %+v, was %+v", p, after, before[p])
		}
	}
}

// The farming of issue 26: bob accepts and resigns at once, eight times,
// a day apart. None is rated (alice stays at 1500: no rating at all), and
// the finished board says why; nor is a game where only alice moved. A
// game where both moved is rated as her first.
func TestFarmedGamesUnrated(t *testing.T) {
	h := newHarness(t, nil)
	for i := range 8 {
		one(t, h.say("alice", "/new kalah @bob"))
		one(t, h.say("bob", "/accept"))
		r := one(t, h.say("bob", "/resign"))
		if i == 0 {
			t.Logf("a resignation before any move:\n%s", r.Text)
		}
		wantLine(t, "a resignation before any move", r.Text,
			"Not rated: a game counts for ratings only once both players have made a move.")
		if strings.Contains(r.Text, "→") {
			t.Errorf("game %d shows a rating change:\n%s", i+1, r.Text)
		}
		h.advance(24 * time.Hour)
	}
	one(t, h.say("alice", "/new kalah @bob"))
	one(t, h.say("bob", "/accept"))
	one(t, h.say("alice", "1"))
	r := one(t, h.say("bob", "/resign"))
	wantLine(t, "a resignation after South's move only", r.Text, "Not rated: a game counts")
	if rs := h.ratings("alice"); len(rs) != 0 {
		t.Fatalf("alice after nine farmed games: %+v; want no rating (1500)", rs)
	}
	wantLine(t, "stats", one(t, h.say("alice", "/stats")).Text, "No rated games yet")

	r = quickWin(t, h, "alice", "bob")
	wantLine(t, "a real game", r.Text, "Rating, Kalah: @alice 1500? → 1662? (+162) · @bob 1500? → 1338? (−162)")
	if strings.Contains(r.Text, "Not rated") {
		t.Errorf("a real game says it is not rated:\n%s", r.Text)
	}
}

// The daily cap through the chat: three games of a pair in a UTC day are
// rated, the fourth says it is not, in the language of the game; the next
// UTC day counts again.
func TestDailyCapThroughTheChat(t *testing.T) {
	for _, c := range []struct{ lang, want string }{
		{"en", "Not rated: only 3 games of Kalah between the same two players count for ratings each day (UTC), and these two have played theirs today."},
		{"ru", "Без рейтинга: в игре «Калах» в рейтинг идут только 3 партии одной пары игроков за сутки (по UTC), и сегодня эта пара их уже сыграла."},
		{"da", "Uden rating: kun 3 partier i Kalaha mellem de samme to spillere giver rating om dagen (UTC), og de to har allerede spillet dem i dag."},
		{"pl", "Bez rankingu: w grze Kalah do rankingu liczą się tylko 3 partie tych samych dwóch graczy dziennie (UTC), a dziś już je rozegrali."},
	} {
		t.Run(c.lang, func(t *testing.T) {
			h := newHarness(t, nil)
			one(t, h.say("alice", "/lang "+c.lang))
			one(t, h.say("bob", "/lang "+c.lang))
			for i := range 3 {
				south, north := []string{"alice", "bob"}[i%2], []string{"bob", "alice"}[i%2]
				r := quickWin(t, h, south, north)
				if strings.Contains(r.Text, c.want) || !strings.Contains(r.Text, "→") {
					t.Fatalf("game %d of the day is not rated:\n%s", i+1, r.Text)
				}
				h.advance(time.Minute)
			}
			r := quickWin(t, h, "bob", "alice")
			t.Logf("the fourth game of the day:\n%s", r.Text)
			wantLine(t, "the fourth game of the day", r.Text, c.want)
			if rs := h.ratings("alice"); len(rs) != 1 || rs[0].Games != 3 {
				t.Errorf("alice after four games in a day: %+v; want 3 rated", rs)
			}
			h.advance(24 * time.Hour)
			r = quickWin(t, h, "bob", "alice")
			if strings.Contains(r.Text, c.want) || !strings.Contains(r.Text, "→") {
				t.Errorf("the next day's game is not rated:\n%s", r.Text)
			}
		})
	}
}
