package bot_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
)

// request is a request from user in channel c1, with a platform locale and
// the right to manage the channel or not.
func (h *harness) request(user, locale, text string, manager bool) []bot.Reply {
	h.t.Helper()
	req := bot.Request{Platform: "test", Channel: "c1", Text: text,
		User: bot.User{ID: user, Name: user, Mention: "@" + user, Locale: locale}}
	if manager {
		req.CanManage = func(context.Context) bool { return true }
	}
	return h.bot.Handle(context.Background(), req)
}

// TestPieSwapGame plays a Kalah game with the pie rule through to the end:
// after bob's swap the players exchange seats, so alice plays North and
// moves next, and every turn check, button, name and result follows.
func TestPieSwapGame(t *testing.T) {
	h := newHarness(t, nil)
	one(t, h.say("alice", "/new kalah @bob pie=true"))
	r := one(t, h.say("bob", "/accept"))
	if !strings.Contains(r.Text, "⇄") {
		t.Errorf("the accepted board does not explain the swap: %q", r.Text)
	}
	// alice opens with pit 1 (4 seeds: S2..S5): bob to move, with ⇄.
	r = one(t, h.say("alice", "1"))
	swap := buttonFor(t, r, "⇄")
	if got := strings.Join(labels(r), " "); !strings.Contains(got, "⇄ Swap sides") {
		t.Errorf("swap button not labelled in words: %v", got)
	}
	r = one(t, h.press("bob", swap))
	if !strings.Contains(r.Text, "@bob") || !strings.Contains(r.Text, "@alice to move") {
		t.Fatalf("after the swap: %q", r.Text)
	}
	// bob moved last: it is alice's turn now, on North's side.
	before := h.live()
	h.wantRefusal(h.say("bob", "1"), "not your turn", before)
	// The reply says whose turn it is; the text board under it is titled
	// with the game and does not say it again.
	if r.Board.Text == "" || strings.SplitN(r.Board.Text, "\n", 2)[0] != "Kalah" || strings.Count(r.Text+r.Board.Text, "@alice to move") != 1 {
		t.Errorf("text board's first line: %q", strings.SplitN(r.Board.Text, "\n", 2)[0])
	}
	// Play the game out: whoever is to move plays their first button.
	for i := 0; i < 200 && h.live() != nil; i++ {
		g := h.live()
		lg := replay(t, g)
		p := lg.Position()
		mover := g.Players[p.ToMove()] // seat = side before the swap...
		if p.Swapped() {
			mover = g.Players[1-int(p.ToMove())] // ...and the other one after
		}
		rs := h.say(mover.UserID, p.Moves()[0].String())
		if one(t, rs).Private {
			t.Fatalf("ply %d: %s's move refused: %q", len(g.Moves), mover.UserID, rs[0].Text)
		}
		r = rs[0]
	}
	last, err := h.db.LastGame(context.Background(), "test", "c1")
	if err != nil {
		t.Fatal(err)
	}
	final := replay(t, last).Position()
	// The stored result is by seat: Players[0] is alice whatever side she
	// ended on.
	southOwner, northOwner := last.Players[1], last.Players[0] // swapped
	var winner, loser store.Player
	switch {
	case final.Store(engine.South) > final.Store(engine.North):
		winner, loser = southOwner, northOwner
	case final.Store(engine.South) < final.Store(engine.North):
		winner, loser = northOwner, southOwner
	default:
		t.Fatalf("a draw; the test wants a decided game")
	}
	wantResult := "south_won"
	if winner.UserID == last.Players[1].UserID {
		wantResult = "north_won"
	}
	if last.Result != wantResult {
		t.Errorf("stored result %q, want %q (winner %s)", last.Result, wantResult, winner.UserID)
	}
	hi, lo := max(final.Store(engine.South), final.Store(engine.North)), min(final.Store(engine.South), final.Store(engine.North))
	wantLine := winner.Name + " wins, " + strconv.Itoa(hi) + ":" + strconv.Itoa(lo)
	if !strings.Contains(r.Text, wantLine) {
		t.Errorf("final text %q lacks %q", r.Text, wantLine)
	}
	if strings.Contains(r.Text, "to move") || strings.Contains(r.Board.Text, "to move") || strings.Contains(r.Text, "empty_side") {
		t.Errorf("a finished game still reads as live or leaks a code: %q\n%s", r.Text, r.Board.Text)
	}
	rec, err := h.db.Record(context.Background(), "test", winner.UserID)
	if err != nil || rec.Wins != 1 || rec.Losses != 0 {
		t.Errorf("winner's record %+v, %v", rec, err)
	}
	if rec, _ := h.db.Record(context.Background(), "test", loser.UserID); rec.Losses != 1 {
		t.Errorf("loser's record %+v", rec)
	}
}

// replay rebuilds a stored game's positions.
func replay(t *testing.T, g *store.Game) *engine.Game {
	t.Helper()
	r, err := engine.New(g.Variant, g.Options)
	if err != nil {
		t.Fatal(err)
	}
	game := engine.NewGame(r.Start())
	for _, m := range g.Moves {
		mv, err := engine.ParseMove(m.Move)
		if err == nil {
			_, err = game.Play(mv)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return game
}

// TestFinishedGameInWords: every way a game ends reads as finished, with
// the winner's score first and the reason in words.
func TestFinishedGameInWords(t *testing.T) {
	var got []render.Options
	h := newHarness(t, nil)
	h.bot = bot.New(bot.Config{Store: h.db, Now: func() time.Time { return h.now }, ClaimAfter: time.Hour,
		Render: func(p engine.Position, o render.Options) ([]byte, error) {
			got = append(got, o)
			return []byte("png"), nil
		}})
	one(t, h.say("alice", "/new kalah @bob"))
	one(t, h.say("bob", "/accept"))
	one(t, h.say("alice", "3")) // S4..S6 and the store: alice moves again
	r := one(t, h.say("alice", "/resign"))
	if !strings.Contains(r.Text, "@bob wins, 0:1. @alice resigned.") {
		t.Errorf("resignation: %q", r.Text)
	}
	if o := got[len(got)-1]; o.Status != engine.NorthWon || o.Names != [2]string{"@alice", "@bob"} {
		t.Errorf("render options of the resigned game: %+v", o)
	}
	if first := strings.SplitN(r.Board.Text, "\n", 2)[0]; first != "Kalah" || strings.Contains(r.Board.Text, "Game over") {
		t.Errorf("text board's first line %q", first)
	}

	one(t, h.say("alice", "/new oware @bob"))
	one(t, h.say("bob", "/accept"))
	one(t, h.say("alice", "/draw"))
	r = one(t, h.say("bob", "/draw"))
	if !strings.Contains(r.Text, "a draw, 0:0. Draw agreed.") {
		t.Errorf("agreed draw: %q", r.Text)
	}
	if o := got[len(got)-1]; o.Status != engine.Draw {
		t.Errorf("render status of a drawn game: %v", o.Status)
	}
}

// TestRefusalsSayWhatIsWrong: each wrong request gets its own reason, in
// the requester's language, and changes nothing.
func TestRefusalsSayWhatIsWrong(t *testing.T) {
	h := newHarness(t, nil)
	cases := []struct{ user, text, en, ru string }{
		{"alice", "/new kalah @alice", "challenge yourself", "самого себя"},
		{"alice", "/new kalah bot godlike", "no level “godlike”. Levels for Kalah: beginner, easy", "Уровня «godlike» нет"},
		{"alice", "/new", "Say which game", "Укажите игру"},
		{"alice", "/lang", "Choose a language", "Выберите язык"},
		{"alice", "/decline", "no challenge here to decline", "нет вызова"},
		{"alice", "/new kalah seeds=0", "seeds=0 is out of range: choose from 1 to 8", "seeds=0 — вне допустимого: выберите от 1 до 8"},
		{"alice", "/new kalah seeds=4 seeds=5", "given twice", "указана дважды"},
		{"alice", "/new kalah pie=maybe", "pie is yes or no", "pie — это да или нет"},
		{"alice", "/new oware grand_slam=sometimes", "grand_slam can be capture, nocapture, forbidden", "grand_slam может быть"},
		{"alice", "/new kalah holes=3", "no rule option “holes”", "Настройки «holes» здесь нет"},
		{"alice", "/new kalah sideways", "“sideways”", "«sideways»"},
		{"alice", "/rules tchuka", "", ""}, // not a refusal: checked below
	}
	for _, lang := range []string{"en", "ru"} {
		for _, c := range cases[:len(cases)-1] {
			want := c.en
			if lang == "ru" {
				want = c.ru
			}
			rs := h.request(c.user, lang, c.text, false)
			h.wantRefusal(rs, want, h.live())
		}
	}
	// During an open challenge.
	one(t, h.say("alice", "/new kalah"))
	for _, c := range []struct{ user, text, en, ru string }{
		{"alice", "1", "hasn’t started yet", "Партия ещё не началась"},
		{"alice", "/resign", "hasn’t started yet", "Партия ещё не началась"},
		{"alice", "/new oware", "Your challenge is still open", "Ваш вызов здесь ещё открыт"},
		{"bob", "/new oware", "Someone’s challenge is open", "Здесь уже открыт чужой вызов"},
		{"bob", "/decline", "open to anyone", "открыт для всех"},
		{"alice", "/accept", "your own challenge", "Это ваш собственный вызов"},
	} {
		h.wantRefusal(h.request(c.user, "en", c.text, false), c.en, h.live())
		h.wantRefusal(h.request(c.user, "ru", c.text, false), c.ru, h.live())
	}
	r := one(t, h.say("alice", "/decline"))
	if r.Private || !strings.Contains(r.Text, "@alice withdrew the challenge.") {
		t.Errorf("withdrawal: %+v", r)
	}
	// Moves: one pit at a time.
	one(t, h.say("alice", "/new kalah @bob"))
	one(t, h.say("bob", "/accept"))
	for _, text := range []string{"/move 1 2", "/move 2 junk", "/move"} {
		h.wantRefusal(h.say("alice", text), "Give one pit", h.live())
		h.wantRefusal(h.request("alice", "ru", text, false), "Укажите одну лунку", h.live())
	}
	h.wantRefusal(h.say("alice", "0"), "no pit 0", h.live())
	h.wantRefusal(h.request("alice", "ru", "0", false), "0", h.live())
	// Tchuka is the daily puzzle.
	h.wantRefusal(h.say("carol", "/new tchuka"), "/puzzle", h.live())
	if r := h.say("carol", "/rules tchuka"); len(r) == 0 || !strings.Contains(r[0].Text, "/puzzle") || strings.Contains(r[0].Text, "/move") {
		t.Errorf("Tchuka's rules do not send players to the puzzle: %+v", r)
	}
}

// TestChannelLanguage: three players reading three languages share one
// table language; refusals stay in each one's own.
func TestChannelLanguage(t *testing.T) {
	h := newHarness(t, nil)
	// The game takes its opener's language: Polish.
	r := one(t, h.request("pawel", "pl", "/new kalah @olga", false))
	if !strings.Contains(r.Text, "proponuje") && !strings.Contains(r.Text, "wyzywa") {
		t.Fatalf("challenge not in Polish: %q", r.Text)
	}
	r = one(t, h.request("olga", "ru", "/accept", false))
	if !strings.Contains(r.Text, "Ruch ma") {
		t.Errorf("accepting in Russian switched the table's language: %q", r.Text)
	}
	r = one(t, h.request("pawel", "pl", "1", false))
	if !strings.Contains(r.Text, "Ruch ma @olga") {
		t.Errorf("move line not in Polish: %q", r.Text)
	}
	// A Danish bystander's refusal is in Danish; the board stays Polish.
	rs := h.request("dorte", "da", "2", false)
	h.wantRefusal(rs, "Du er ikke med", h.live())
	r = one(t, h.request("olga", "ru", "1", false))
	if !strings.Contains(r.Text, "Ruch ma @pawel") {
		t.Errorf("a Russian player's move was announced in another language: %q", r.Text)
	}
	// Only a manager may set the channel's language.
	h.wantRefusal(h.request("dorte", "da", "/lang channel da", false), "Kun den, der kan administrere", h.live())
	r = one(t, h.request("dorte", "da", "/lang channel da", true))
	if r.Private || !strings.Contains(r.Text, "dansk") {
		t.Errorf("channel language set: %+v", r)
	}
	// From now on the table speaks Danish, whoever plays.
	r = one(t, h.request("pawel", "pl", "/board", false))
	if !strings.Contains(r.Text, "er i trækket") {
		t.Errorf("board after /lang channel da: %q", r.Text)
	}
	// A private refusal is still the requester's own.
	h.wantRefusal(h.request("pawel", "pl", "/move 99", false), "dołka 99", h.live())
	one(t, h.request("dorte", "da", "/lang channel off", true))
	r = one(t, h.request("olga", "ru", "/board", false))
	if !strings.Contains(r.Text, "Ruch ma") {
		t.Errorf("after /lang channel off the game should be back to Polish: %q", r.Text)
	}
}

// TestGuildLocale: Discord's guild_locale, when the bot speaks it, is the
// language of a new game, whatever the opener's.
func TestGuildLocale(t *testing.T) {
	h := newHarness(t, nil)
	rs := h.bot.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c1", Text: "/new kalah",
		ChannelLocale: "da", User: bot.User{ID: "u", Name: "u", Mention: "@u", Locale: "en-US"}})
	if r := one(t, rs); !strings.Contains(r.Text, "vil spille") {
		t.Errorf("challenge in a Danish guild: %q", r.Text)
	}
	if g := h.live(); g.Lang != "da" {
		t.Errorf("game language %q, want da", g.Lang)
	}
	// An unsupported guild locale, or Discord's default en-US, falls back
	// to the opener's language.
	for _, loc := range []string{"pt-BR", "en-US"} {
		h2 := newHarness(t, nil)
		rs = h2.bot.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c1", Text: "/new kalah",
			ChannelLocale: loc, User: bot.User{ID: "u", Name: "u", Mention: "@u", Locale: "ru"}})
		if r := one(t, rs); !strings.Contains(r.Text, "предлагает") {
			t.Errorf("challenge in a %s guild by a Russian: %q", loc, r.Text)
		}
	}
}

// TestThrottle: one user repeating /help gets eight answers, one notice,
// then silence; their settings and moves are never held back.
func TestThrottle(t *testing.T) {
	h := newHarness(t, nil)
	for i := range 8 {
		if r := one(t, h.say("spam", "/help")); r.Private {
			t.Fatalf("help %d refused: %q", i, r.Text)
		}
	}
	r := one(t, h.say("spam", "/help"))
	if !r.Private || !strings.Contains(r.Text, "a lot of requests") {
		t.Errorf("ninth help: %+v", r)
	}
	if rs := h.say("spam", "/rules kalah"); len(rs) != 0 {
		t.Errorf("still answered while throttled: %+v", rs)
	}
	// Settings are never dropped: /notify off and /lang are answered
	// (and done) while the user is throttled.
	for _, c := range []struct{ cmd, want string }{
		{"/notify off", "/notify on"}, {"/lang ru", "русский"}, {"/lang en", "English"},
	} {
		if rs := h.say("spam", c.cmd); len(rs) != 1 || !strings.Contains(rs[0].Text, c.want) {
			t.Errorf("%s while throttled: %+v, want an answer with %q", c.cmd, rs, c.want)
		}
	}
	// Game play goes on.
	one(t, h.say("spam", "/new kalah @bob"))
	one(t, h.say("bob", "/accept"))
	if r := one(t, h.say("spam", "1")); r.Private {
		t.Errorf("a throttled user's move was refused: %q", r.Text)
	}
	// Another user is not affected, and the bucket refills.
	if r := one(t, h.say("bob", "/help")); r.Private {
		t.Errorf("another user throttled: %q", r.Text)
	}
	h.advance(10 * time.Second)
	if r := one(t, h.say("spam", "/help")); r.Private {
		t.Errorf("still throttled after a pause: %q", r.Text)
	}
}

// conflictStore loses every optimistic-concurrency race.
type conflictStore struct{ store.Store }

func (conflictStore) UpdateGame(context.Context, *store.Game) error { return store.ErrConflict }

func TestBusyGameSaysTryAgain(t *testing.T) {
	h := newHarness(t, nil)
	one(t, h.say("alice", "/new kalah @bob"))
	one(t, h.say("bob", "/accept"))
	b := bot.New(bot.Config{Store: conflictStore{h.db}})
	r := one(t, b.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c1", Text: "1",
		User: bot.User{ID: "alice", Name: "alice", Mention: "@alice", Locale: "pl"}}))
	if !r.Private || r.Text != locales.Text(locales.PL, "err_busy", nil) {
		t.Errorf("a move that keeps losing races: %+v", r)
	}
}

// exactOpponent plays its first legal move and claims a proven value.
type exactOpponent struct{ value int }

func (exactOpponent) Levels() []string                { return []string{"weak", "perfect"} }
func (exactOpponent) Offered(r engine.Rules) []string { return []string{"weak"} }
func (o exactOpponent) Move(_ context.Context, g *engine.Game, _ string, _ int64) (bot.Choice, error) {
	return bot.Choice{Move: g.Position().Moves()[0], Exact: true, Value: o.value}, nil
}

// TestHonestLevels: a level is offered only where the opponent says so,
// and an exact move says what it proves: the position's value, not that
// the bot plays perfectly (an expert may only have solved an endgame).
func TestHonestLevels(t *testing.T) {
	h := newHarness(t, exactOpponent{value: 4})
	h.wantRefusal(h.say("alice", "/new kalah bot perfect"), "not offered for Kalah", nil)
	r := one(t, h.say("alice", "/new kalah bot weak"))
	if !strings.Contains(r.Text, "weak") {
		t.Fatalf("start: %q", r.Text)
	}
	r = one(t, h.say("alice", "2")) // S3..S6: North, the bot, answers
	if !strings.Contains(r.Text, "This position is solved: with best play the bot wins by 4 seeds.") {
		t.Errorf("exact move line: %q", r.Text)
	}
	h2 := newHarness(t, exactOpponent{value: -1})
	one(t, h2.say("alice", "/lang ru"))
	one(t, h2.say("alice", "/new kalah bot weak"))
	r = one(t, h2.say("alice", "2"))
	if !strings.Contains(r.Text, "проигрывает с разницей в 1 камень") {
		t.Errorf("exact loss line in Russian: %q", r.Text)
	}
}

func TestUndoSaysHowManyMoves(t *testing.T) {
	h := newHarness(t, firstMove{})
	one(t, h.say("alice", "/new kalah bot one"))
	one(t, h.say("alice", "2")) // the bot answers
	r := one(t, h.say("alice", "/undo"))
	if !strings.Contains(r.Text, "Your last move and the bot’s answer were taken back.") {
		t.Errorf("undo of two plies: %q", r.Text)
	}
	if g := h.live(); len(g.Moves) != 0 {
		t.Errorf("moves after undo: %v", g.Moves)
	}
}

func TestStrictButtons(t *testing.T) {
	h := newHarness(t, nil)
	one(t, h.say("alice", "/new kalah @bob"))
	one(t, h.say("bob", "/accept"))
	g := h.live()
	for _, data := range []string{"m:+1:+3:1", "m:01:3:1", "m:1:3:01", "m:1:3", "a:1:3:x", "m:1:3:1:2", "m:1:-3:1", "m:1:3: 1", "v:1:0x3"} {
		h.wantRefusal(h.press("alice", data), "older board", g)
	}
}

// TestBaoLapsNeverEndingMove: a two-row Bao game between two people in
// chat, to the move that would relay for ever (docs/sources/bao-rules.md
// example G): it is not played out and the game is drawn, said in words.
func TestBaoLapsNeverEndingMove(t *testing.T) {
	h := newHarness(t, nil)
	one(t, h.say("alice", "/new bao-laps @bob"))
	one(t, h.say("bob", "/accept"))
	var r bot.Reply
	for i, m := range []string{"1", "8", "8", "2", "1", "8"} {
		user := "alice"
		if i%2 == 1 {
			user = "bob"
		}
		if r = one(t, h.say(user, m)); r.Private {
			t.Fatalf("move %d (%s by %s) refused: %q", i+1, m, user, r.Text)
		}
	}
	if !strings.Contains(r.Text, "a draw") || !strings.Contains(r.Text, locales.Text(locales.EN, "end_never_ending", nil)) {
		t.Errorf("the never-ending move's end: %q", r.Text)
	}
	last, err := h.db.LastGame(context.Background(), "test", "c1")
	if err != nil || last.Result != "draw" || last.Reason != "never_ending" {
		t.Errorf("stored: %+v, %v", last, err)
	}
}

// TestDirectionAsSecondStep: in Bao la Kujifunza a pit with two legal
// directions gets one button that shows its choices; only the player to
// move may open it, ↩ goes back, and a choice plays the move. Typed moves
// in the notation work too, and a pit without its direction is refused
// with the way to write it.
func TestDirectionAsSecondStep(t *testing.T) {
	h := newHarness(t, nil)
	one(t, h.say("alice", "/new bao-kujifunza @bob"))
	r := one(t, h.say("bob", "/accept"))
	got := strings.Join(labels(r), " ")
	if got != "1R 2R 3 … 4 … 5 … 6 … 7L 8L 9L 10L 15R 16R" {
		t.Fatalf("opening buttons: %s", got)
	}
	if n := len(r.Board.Buttons); n > 5 {
		t.Errorf("%d rows of buttons: Discord allows 5", n)
	}
	pick := buttonFor(t, r, "3 …")
	before := h.live()
	h.wantRefusal(h.press("bob", pick), "not your turn", before)
	h.wantRefusal(h.press("carol", pick), "not playing", before)
	h.wantRefusal(h.say("alice", "/move 3"), "add L or R", before)
	c := one(t, h.press("alice", pick))
	if !c.Edit || strings.Join(labels(c), " ") != "← 3L 3R → ↩ Back" || !strings.Contains(c.Text, "Pit 3: choose the way to sow.") {
		t.Fatalf("choices of pit 3: edit %v, %q %v", c.Edit, c.Text, labels(c))
	}
	if g := h.live(); g.Version != before.Version || len(g.Moves) != 0 {
		t.Fatalf("opening the choices changed the game: %+v", g)
	}
	back := one(t, h.press("alice", buttonFor(t, c, "↩")))
	if strings.Join(labels(back), " ") != got {
		t.Errorf("back: %v", labels(back))
	}
	m := one(t, h.press("alice", buttonFor(t, c, "← 3L")))
	if m.Private || !strings.Contains(m.Text, "@alice played pit 3L.") {
		t.Fatalf("the choice 3L: %+v", m)
	}
	if g := h.live(); len(g.Moves) != 1 || g.Moves[0].Move != "3L" {
		t.Errorf("stored moves %+v", g.Moves)
	}
	// bob types his move in the notation.
	legal := replay(t, h.live()).Position().Moves()
	if r := one(t, h.say("bob", "/move "+legal[0].String())); r.Private {
		t.Errorf("typed %s refused: %q", legal[0], r.Text)
	}
}

// TestFourRowBoardFacesTheMover: a board of three or four rows is drawn
// from the seat of the player to move; two-row boards stay in South's view.
func TestFourRowBoardFacesTheMover(t *testing.T) {
	var got []render.Options
	h := newHarness(t, nil)
	h.bot = bot.New(bot.Config{Store: h.db, Now: func() time.Time { return h.now },
		Render: func(p engine.Position, o render.Options) ([]byte, error) {
			got = append(got, o)
			return []byte("png"), nil
		}})
	one(t, h.say("alice", "/new bao-kujifunza @bob"))
	one(t, h.say("bob", "/accept"))
	if v := got[len(got)-1].Viewer; v != engine.South {
		t.Errorf("first board drawn for %v, want south (to move)", v)
	}
	one(t, h.say("alice", "/move 3L"))
	if v := got[len(got)-1].Viewer; v != engine.North {
		t.Errorf("after South's move the board is drawn for %v, want north", v)
	}
	one(t, h.say("alice", "/resign"))
	// So are three-row boards (Gabata, Selus, Sulus) and Ohojitxi's tall one.
	for _, v := range []string{"selus", "ohojitxi"} {
		one(t, h.say("alice", "/new "+v+" @bob"))
		one(t, h.say("bob", "/accept"))
		one(t, h.say("alice", "1"))
		if got := got[len(got)-1].Viewer; got != engine.North {
			t.Errorf("%s: after South's move the board is drawn for %v, want north", v, got)
		}
		one(t, h.say("alice", "/resign"))
	}
	one(t, h.say("alice", "/new kalah @bob"))
	one(t, h.say("bob", "/accept"))
	one(t, h.say("alice", "1"))
	if v := got[len(got)-1].Viewer; v != engine.South {
		t.Errorf("a Kalah board drawn for %v, want south", v)
	}
}
