package bot_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/mancala-bot/mancala/locales"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/puzzle"
	"github.com/mancala-bot/mancala/store"
)

// The harness starts on Sunday 2026-11-22 (a Kalah best-move puzzle whose
// answer is a whole turn of two moves); Monday 2026-11-23 is a Tchuka Ruma
// solitaire. The tests take the answers from the puzzle package, which
// verifies them with the solver (puzzle/verify_test.go).

// setNow moves the harness clock to t.
func (h *harness) setNow(t time.Time) { h.mu.Lock(); h.now = t; h.mu.Unlock() }

// in sends text (or, with button set, presses data) as user in channel.
func (h *harness) in(channel, user, text, button string) []bot.Reply {
	h.t.Helper()
	return h.bot.Handle(context.Background(), bot.Request{
		Platform: "test", Channel: channel, Text: text, Button: button,
		User: bot.User{ID: user, Name: user, Mention: "@" + user},
	})
}

// todaysPuzzle is the puzzle of the harness clock's UTC day.
func (h *harness) todaysPuzzle() puzzle.Puzzle {
	h.t.Helper()
	h.mu.Lock()
	now := h.now
	h.mu.Unlock()
	p, err := puzzle.ForDate(now)
	if err != nil {
		h.t.Fatal(err)
	}
	return p
}

// attempt is user's stored attempt at today's puzzle, or nil.
func (h *harness) attempt(user string) *store.PuzzleAttempt {
	h.t.Helper()
	a, err := h.db.PuzzleAttempt(context.Background(), "test", user, h.todaysPuzzle().Date)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		h.t.Fatal(err)
	}
	return a
}

// private returns the only private reply of rs, failing unless it has a
// board (when board is set) and contains want.
func private(t *testing.T, rs []bot.Reply, want string, board bool) bot.Reply {
	t.Helper()
	var found []bot.Reply
	for _, r := range rs {
		if r.Private {
			found = append(found, r)
		}
	}
	if len(found) != 1 {
		t.Fatalf("got %d private replies, want 1: %+v", len(found), rs)
	}
	r := found[0]
	if !strings.Contains(r.Text, want) {
		t.Errorf("private reply %q does not contain %q", r.Text, want)
	}
	if board && (r.Board == nil || r.Board.Text == "") {
		t.Errorf("private reply %q has no board", r.Text)
	}
	return r
}

// publicPost checks the public puzzle post: title, goal, a button per
// legal move and a give-up button, all carrying the puzzle's day.
func publicPost(t *testing.T, rs []bot.Reply, p puzzle.Puzzle) bot.Reply {
	t.Helper()
	if len(rs) == 0 || rs[0].Private {
		t.Fatalf("replies %+v, want the public post first", rs)
	}
	r := rs[0]
	if !strings.Contains(r.Text, "Puzzle of the day, "+localDate("en", p.Date)) || !strings.Contains(r.Text, "difficulty") {
		t.Errorf("post %q lacks its title", r.Text)
	}
	if r.Board == nil {
		t.Fatalf("post has no board")
	}
	var want []string
	for _, m := range p.Position.Moves() {
		want = append(want, m.String())
	}
	got := labels(r)
	if len(got) == 0 || got[len(got)-1] != "Give up" {
		t.Errorf("post buttons %v, want the moves then Give up", got)
	}
	moves := slices.Clone(got[:max(0, len(got)-1)])
	slices.Sort(moves)
	slices.Sort(want)
	if !slices.Equal(moves, want) {
		t.Errorf("post move buttons %v, want %v", moves, want)
	}
	day := strings.ReplaceAll(p.Date, "-", "")
	for _, row := range r.Board.Buttons {
		for _, b := range row {
			if !strings.Contains(b.Data, ":"+day+":") {
				t.Errorf("button %q data %q does not carry the day %s", b.Label, b.Data, day)
			}
		}
	}
	return r
}

func TestPuzzleSolitaireByButtons(t *testing.T) {
	h := newHarness(t, nil)
	h.setNow(time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC))
	p := h.todaysPuzzle()
	if p.Kind != puzzle.Solitaire {
		t.Fatalf("puzzle of %s is %s, want a solitaire", p.Date, p.Kind)
	}
	rs := h.say("alice", "puzzle")
	if len(rs) != 1 {
		t.Fatalf("first puzzle command: %d replies, want the post only: %+v", len(rs), rs)
	}
	post := publicPost(t, rs, p)
	if !strings.Contains(post.Text, "Sow all") && !strings.Contains(post.Text, "store") {
		t.Errorf("post %q does not state the goal", post.Text)
	}
	if h.attempt("alice") != nil {
		t.Fatal("showing the puzzle started an attempt")
	}

	last := post
	for i, m := range p.Answer {
		rs = h.press("alice", buttonFor(t, last, m))
		if i < len(p.Answer)-1 {
			last = private(t, rs, "", true)
			if len(rs) != 1 {
				t.Fatalf("move %d: %d replies, want 1 private", i+1, len(rs))
			}
			a := h.attempt("alice")
			if a == nil || !slices.Equal(a.Moves, p.Answer[:i+1]) || a.Status != store.PuzzlePlaying {
				t.Fatalf("after move %d the attempt is %+v", i+1, a)
			}
			continue
		}
	}
	private(t, rs, "Solved in 1 try! Streak: 1 day.", true)
	var public []bot.Reply
	for _, r := range rs {
		if !r.Private {
			public = append(public, r)
		}
	}
	if len(public) != 1 || !strings.Contains(public[0].Text, "@alice solved today’s puzzle in 1 try") {
		t.Fatalf("public replies %+v, want one congratulation", public)
	}
	if strings.Contains(public[0].Text, strings.Join(p.Answer, " ")) || public[0].Board != nil {
		t.Errorf("the congratulation gives the answer away: %+v", public[0])
	}
	if a := h.attempt("alice"); a.Status != store.PuzzleSolved || a.Tries != 1 {
		t.Errorf("solved attempt %+v", a)
	}

	// Done for the day: the post again, with a private note; presses on
	// the post change nothing.
	rs = h.say("alice", "puzzle")
	publicPost(t, rs, p)
	private(t, rs, "You have already solved today’s puzzle, in 1 try.", false)
	before := h.attempt("alice")
	rs = h.press("alice", buttonFor(t, post, p.Answer[0]))
	private(t, rs, "already solved", false)
	if after := h.attempt("alice"); after.Version != before.Version {
		t.Errorf("a press after solving wrote the attempt: %+v", after)
	}
	rs = h.say("alice", "puzzle streak")
	if r := one(t, rs); !strings.Contains(r.Text, "puzzle streak 1 day, best 1 day, puzzles solved: 1") {
		t.Errorf("streak reply %q", r.Text)
	}
}

// stuckMove returns a first move of the solitaire p whose sowing ends in
// an empty pit.
func stuckMove(t *testing.T, p puzzle.Puzzle) engine.Move {
	t.Helper()
	for _, m := range p.Position.Moves() {
		q, err := p.Position.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		if q.Status() == engine.Failed {
			return m
		}
	}
	t.Fatalf("no first move of %s fails", p.ID)
	return engine.Move{}
}

func TestPuzzleSolitaireStuckAndRetry(t *testing.T) {
	h := newHarness(t, nil)
	h.setNow(time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC))
	p := h.todaysPuzzle()
	post := publicPost(t, h.say("alice", "puzzle"), p)
	bad := stuckMove(t, p)

	rs := h.press("alice", buttonFor(t, post, bad.String()))
	dead := private(t, rs, "this try is lost", true)
	if got := labels(dead); !slices.Equal(got, []string{"Try again", "Give up"}) {
		t.Errorf("buttons after a lost try %v, want Try again and Give up", got)
	}
	a := h.attempt("alice")
	if a.Tries != 1 || a.Status != store.PuzzlePlaying || !slices.Equal(a.Moves, []string{bad.String()}) {
		t.Errorf("attempt after a lost try %+v", a)
	}

	// "Try again" starts try 2 from the start; pressing it twice (the
	// second from the old board) is stale and changes nothing.
	retry := buttonFor(t, dead, "Try again")
	rs = h.press("alice", retry)
	fresh := private(t, rs, "Try 2", true)
	if boardBody(fresh.Board.Text) != boardBody(p.Position.String()) {
		t.Errorf("try 2 board\n%s\nwant the puzzle's\n%s", fresh.Board.Text, p.Position.String())
	}
	a = h.attempt("alice")
	if a.Tries != 2 || len(a.Moves) != 0 {
		t.Errorf("attempt after Try again %+v", a)
	}
	private(t, h.press("alice", retry), "older board", false)
	if again := h.attempt("alice"); again.Version != a.Version {
		t.Errorf("a stale Try again wrote the attempt")
	}

	// Losing try 2 and then pressing a pit on the public post starts
	// try 3 with that move.
	private(t, h.press("alice", buttonFor(t, fresh, bad.String())), "this try is lost", true)
	rs = h.press("alice", buttonFor(t, post, p.Answer[0]))
	private(t, rs, "", true)
	if a = h.attempt("alice"); a.Tries != 3 || !slices.Equal(a.Moves, p.Answer[:1]) {
		t.Errorf("attempt after a post press on a lost try %+v", a)
	}

	// The rest typed: from the start, as the current try.
	rs = h.say("alice", "puzzle "+strings.Join(p.Answer, ","))
	private(t, rs, "Solved in 3 tries!", true)
	if a = h.attempt("alice"); a.Status != store.PuzzleSolved || a.Tries != 3 {
		t.Errorf("attempt after the typed answer %+v", a)
	}
}

func TestPuzzleBestMoveTurn(t *testing.T) {
	h := newHarness(t, nil)
	p := h.todaysPuzzle()
	if p.Kind != puzzle.BestMove || len(p.Answer) != 2 {
		t.Fatalf("puzzle of %s: %s with answer %v; the test wants a best move of two moves", p.Date, p.Kind, p.Answer)
	}
	post := publicPost(t, h.say("alice", "puzzle"), p)
	if !strings.Contains(post.Text, "South to play") || !strings.Contains(post.Text, "give the whole turn, 2 moves") {
		t.Errorf("post %q does not state the goal", post.Text)
	}
	var wrong string
	for _, m := range p.Position.Moves() {
		if m.String() != p.Answer[0] {
			wrong = m.String()
			break
		}
	}

	rs := h.press("alice", buttonFor(t, post, wrong))
	r := private(t, rs, wrong+" is not the answer. You have 2 tries left.", true)
	if boardBody(r.Board.Text) != boardBody(p.Position.String()) {
		t.Errorf("after a wrong try the board is not set up again:\n%s", r.Board.Text)
	}
	rs = h.press("alice", buttonFor(t, r, p.Answer[0]))
	r = private(t, rs, "Right so far ("+p.Answer[0]+")", true)
	if a := h.attempt("alice"); a.Tries != 2 || !slices.Equal(a.Moves, p.Answer[:1]) {
		t.Errorf("attempt after the right first move %+v", a)
	}
	rs = h.press("alice", buttonFor(t, r, p.Answer[1]))
	r = private(t, rs, "Solved in 2 tries!", true)
	if !strings.Contains(r.Text, "The answer:* "+strings.Join(p.Answer, " ")) ||
		!strings.Contains(r.Text, "Every first move, with best play") {
		t.Errorf("reveal %q lacks the answer and the value of every move", r.Text)
	}
	// The reveal lists each legal first move once with its exact value.
	for _, m := range p.Position.Moves() {
		if !strings.Contains(r.Text, "• "+m.String()+": ") && m.String() != p.Answer[0] {
			t.Errorf("reveal %q does not value move %s", r.Text, m)
		}
	}
}

func TestPuzzleTypedAnswers(t *testing.T) {
	h := newHarness(t, nil)
	p := h.todaysPuzzle()
	answer := strings.Join(p.Answer, " ")
	cases := []struct {
		text, want string
	}{
		{"puzzle x", "“x” is not a move"},
		{"puzzle 3 foo", "“foo” is not a move"},
		{"puzzle answer", "Send /puzzle for today’s puzzle"},
		{"puzzle top nowhere", "Send /puzzle for today’s puzzle"},
		{"puzzle 9", "There is no pit 9"},
		{"puzzle " + answer + " 1", "The turn is over after 2 moves"},
	}
	for _, c := range cases {
		rs := h.say("alice", c.text)
		r := one(t, rs)
		if !r.Private || !strings.Contains(r.Text, c.want) {
			t.Errorf("%q: reply %+v, want a private refusal containing %q", c.text, r, c.want)
		}
		if a := h.attempt("alice"); a != nil {
			t.Fatalf("%q was refused but stored an attempt %+v", c.text, a)
		}
	}

	// Three wrong answers fail the attempt and reveal the answer.
	var wrong []string
	for _, m := range p.Position.Moves() {
		if m.String() != p.Answer[0] {
			wrong = append(wrong, m.String())
		}
	}
	private(t, h.say("alice", "puzzle "+wrong[0]), "You have 2 tries left", true)
	private(t, h.say("alice", "puzzle answer "+wrong[1]), "You have 1 try left", true)
	rs := h.say("alice", "puzzle "+wrong[0])
	r := private(t, rs, "that was your last try", true)
	if !strings.Contains(r.Text, "The answer:* "+answer) {
		t.Errorf("the failure does not reveal the answer: %q", r.Text)
	}
	if a := h.attempt("alice"); a.Status != store.PuzzleFailed || a.Tries != 3 {
		t.Errorf("attempt after 3 wrong tries %+v", a)
	}
	// The right answer now is too late, and changes nothing.
	private(t, h.say("alice", "puzzle "+answer), "You have used all your tries", false)
	if a := h.attempt("alice"); a.Status != store.PuzzleFailed {
		t.Errorf("a late right answer changed the attempt to %s", a.Status)
	}

	// Bob answers right at once, typed; Carol gives up.
	rs = h.say("bob", "puzzle "+answer)
	private(t, rs, "Solved in 1 try!", true)
	rs = h.say("carol", "puzzle give up")
	r = private(t, rs, "You gave up today’s puzzle. Here is the answer.", true)
	if !strings.Contains(r.Text, answer) {
		t.Errorf("give-up reveal %q lacks the answer", r.Text)
	}
	if a := h.attempt("carol"); a.Status != store.PuzzleGaveUp {
		t.Errorf("carol's attempt %+v", a)
	}
	private(t, h.say("carol", "puzzle "+answer), "You gave up today’s puzzle.", false)
}

func TestPuzzleButtonsStaleExpiredMalformed(t *testing.T) {
	h := newHarness(t, nil)
	yesterday := h.todaysPuzzle()
	oldPost := publicPost(t, h.say("alice", "puzzle"), yesterday)
	h.setNow(time.Date(2026, 11, 23, 0, 0, 1, 0, time.UTC))
	today := h.todaysPuzzle()

	// Yesterday's button, pressed after midnight UTC: expired, and today's
	// puzzle shown privately; nothing is stored.
	rs := h.press("alice", buttonFor(t, oldPost, yesterday.Answer[0]))
	r := private(t, rs, "That was the puzzle of "+localDate("en", yesterday.Date)+", which has expired", true)
	if !strings.Contains(r.Text, "Puzzle of the day, "+localDate("en", today.Date)) {
		t.Errorf("expired reply %q does not show today's puzzle", r.Text)
	}
	if h.attempt("alice") != nil {
		t.Error("an expired press stored an attempt")
	}

	for _, data := range []string{
		"q:20261124:0:3",  // a day still to come
		"q:20261399:0:3",  // not a day
		"q:banana:0:3",    // not a number
		"q:20261123:0",    // a move without a pit
		"qr:20261123:7",   // a retry of an attempt that does not exist
		"qx:20261123:0:1", // unknown action
	} {
		rs := h.press("alice", data)
		r := one(t, rs)
		if !r.Private || r.Board != nil || r.Text == "" {
			t.Errorf("press %q: reply %+v, want a private refusal", data, r)
		}
		if a := h.attempt("alice"); a != nil && a.Version > 0 && len(a.Moves) > 0 {
			t.Errorf("press %q stored %+v", data, a)
		}
	}
	// A pit of today's post that does not exist on the board.
	rs = h.press("alice", "q:20261123:0:99")
	if r := one(t, rs); !r.Private || !strings.Contains(r.Text, "99") {
		t.Errorf("press of pit 99: %+v", r)
	}
	if a := h.attempt("alice"); a != nil && len(a.Moves) > 0 {
		t.Errorf("a press of pit 99 stored %+v", a)
	}
}

// solveToday solves the harness day's puzzle for user, typed, in channel.
func (h *harness) solveToday(channel, user string) {
	h.t.Helper()
	rs := h.in(channel, user, "puzzle "+strings.Join(h.todaysPuzzle().Answer, " "), "")
	private(h.t, rs, "Solved in", true)
}

func TestPuzzleStreakAcrossUTCDays(t *testing.T) {
	h := newHarness(t, nil)
	streak := func(user string) string {
		t.Helper()
		return one(t, h.say(user, "puzzle streak")).Text
	}
	// Alice solves Sunday's at 23:59 UTC and Monday's at 00:01 UTC: two
	// days in a row, two minutes apart.
	h.setNow(time.Date(2026, 11, 22, 23, 59, 0, 0, time.UTC))
	h.solveToday("c1", "alice")
	h.setNow(time.Date(2026, 11, 23, 0, 1, 0, 0, time.UTC))
	if got := streak("alice"); !strings.Contains(got, "puzzle streak 1 day") {
		t.Errorf("next day before solving: %q, want the streak kept alive at 1", got)
	}
	h.solveToday("c1", "alice")
	if got := streak("alice"); !strings.Contains(got, "streak 2 days, best 2 days, puzzles solved: 2") {
		t.Errorf("after two days: %q", got)
	}

	// The clock in another time zone: 2026-11-24 08:00 at UTC+14 is still
	// 2026-11-23 in UTC, so the puzzle is Monday's (solved already).
	h.setNow(time.Date(2026, 11, 24, 8, 0, 0, 0, time.FixedZone("LINT", 14*3600)))
	rs := h.say("alice", "puzzle")
	if !strings.Contains(rs[0].Text, "Puzzle of the day, 23 November 2026") {
		t.Errorf("at UTC+14 the post is %q, want the UTC day's", rs[0].Text)
	}
	private(t, rs, "already solved", false)
	// 2026-11-23 20:00 at UTC-10 is already Tuesday in UTC.
	h.setNow(time.Date(2026, 11, 23, 20, 0, 0, 0, time.FixedZone("HST", -10*3600)))
	h.solveToday("c1", "alice")
	if got := streak("alice"); !strings.Contains(got, "streak 3 days") {
		t.Errorf("after Tuesday's: %q", got)
	}

	// Missing Wednesday breaks it on Thursday; the best stays.
	h.setNow(time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC))
	if got := streak("alice"); !strings.Contains(got, "streak 0 days, best 3 days, puzzles solved: 3") {
		t.Errorf("after missing a day: %q", got)
	}
	h.solveToday("c1", "alice")
	if got := streak("alice"); !strings.Contains(got, "streak 1 day, best 3 days, puzzles solved: 4") {
		t.Errorf("after starting again: %q", got)
	}
}

func TestPuzzleTwoUsersAndLeaderboards(t *testing.T) {
	h := newHarness(t, nil)
	p := h.todaysPuzzle()
	post := publicPost(t, h.say("alice", "puzzle"), p)

	// Alice and Bob press the same public post: separate attempts.
	rA := private(t, h.press("alice", buttonFor(t, post, p.Answer[0])), "Right so far", true)
	rB := private(t, h.press("bob", buttonFor(t, post, p.Answer[0])), "Right so far", true)
	// Once Bob has solved it, a press on any board (here Alice's) only
	// tells him he is done.
	private(t, h.press("bob", buttonFor(t, rB, p.Answer[1])), "Solved in 1 try", true)
	rs := h.press("bob", buttonFor(t, rA, p.Answer[1]))
	private(t, rs, "already solved", false)
	private(t, h.press("alice", buttonFor(t, rA, p.Answer[1])), "Solved in 1 try", true)

	// Carol solves in channel c2 after a wrong try; Dave never solves.
	var wrong string
	for _, m := range p.Position.Moves() {
		if m.String() != p.Answer[0] {
			wrong = m.String()
		}
	}
	h.in("c2", "carol", "puzzle "+wrong, "")
	h.solveToday("c2", "carol")
	h.in("c1", "dave", "puzzle giveup", "")

	// Next day Carol solves again in c2: she leads on solved.
	h.advance(24 * time.Hour)
	h.solveToday("c2", "carol")

	top := one(t, h.say("alice", "puzzle top")).Text
	// Named as games and the ratings name people: "@alice", not "alice".
	wantOrder(t, top, "Puzzle solvers here", "1. @alice: solved 1, streak 1 day, tries 1", "2. @bob: solved 1, streak 1 day, tries 1")
	if strings.Contains(top, "carol") || strings.Contains(top, "dave") {
		t.Errorf("channel leaderboard %q counts other channels or unsolved attempts", top)
	}
	one(t, h.say("bob", "/lang ru"))
	wantOrder(t, one(t, h.say("bob", "puzzle top")).Text, "1. @alice: решено: 1", "2. @bob: решено: 1")
	global := one(t, h.say("alice", "puzzle top global")).Text
	wantOrder(t, global, "Puzzle solvers everywhere", "carol: solved 2, streak 2 days, tries 3", "alice: solved 1", "bob: solved 1")
	if strings.Contains(global, "dave") {
		t.Errorf("global leaderboard %q lists a user who never solved", global)
	}
	empty := one(t, h.in("c3", "erin", "puzzle top", "")).Text
	if !strings.Contains(empty, "Nobody has solved a puzzle yet") {
		t.Errorf("empty leaderboard %q", empty)
	}
}

// wantOrder checks that text holds each of parts, in order.
func wantOrder(t *testing.T, text string, parts ...string) {
	t.Helper()
	at := 0
	for _, p := range parts {
		i := strings.Index(text[at:], p)
		if i < 0 {
			t.Errorf("%q: no %q after position %d", text, p, at)
			return
		}
		at += i + len(p)
	}
}

func TestPuzzleInEveryLanguage(t *testing.T) {
	h := newHarness(t, nil)
	p := h.todaysPuzzle()
	for lang, goal := range map[string]string{
		"en": "South",
		"ru": "Юг",
		"da": "Syd",
		"pl": "Południe",
	} {
		h.in("c1", "u-"+lang, "lang "+lang, "")
		rs := h.in("c1", "u-"+lang, "puzzle", "")
		post := rs[0]
		if !strings.Contains(post.Text, localDate(lang, p.Date)) || !strings.Contains(post.Text, goal) {
			t.Errorf("%s post %q lacks the date or the side %q", lang, post.Text, goal)
		}
		if lang != "en" && strings.Contains(post.Text, "to play") {
			t.Errorf("%s post %q is in English", lang, post.Text)
		}
		// The text board is titled with the game's name in the reader's
		// language, not the engine's "congkak ply 17: south to move".
		if b := post.Board; b == nil || !strings.HasPrefix(b.Text, locales.VariantName(locales.Lang(lang), p.Variant)+"\n") ||
			strings.Contains(b.Text, " ply ") || strings.Contains(b.Text, "to move") {
			t.Errorf("%s puzzle board: %+v", lang, post.Board)
		}
		rs = h.in("c1", "u-"+lang, "puzzle "+strings.Join(p.Answer, " "), "")
		r := private(t, rs, strings.Join(p.Answer, " "), true)
		if lang != "en" && strings.Contains(r.Text, "Solved") {
			t.Errorf("%s reveal %q is in English", lang, r.Text)
		}
	}
}

// localDate is how a puzzle's day reads in each language, written out here
// independently of the catalog.
func localDate(lang, iso string) string {
	t, err := time.Parse(time.DateOnly, iso)
	if err != nil {
		panic(err)
	}
	months := map[string][]string{
		"en": {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
		"ru": {"января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"},
		"da": {"januar", "februar", "marts", "april", "maj", "juni", "juli", "august", "september", "oktober", "november", "december"},
		"pl": {"stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada", "grudnia"},
	}[lang][t.Month()-1]
	switch lang {
	case "ru":
		return fmt.Sprintf("%d %s %d г.", t.Day(), months, t.Year())
	case "da":
		return fmt.Sprintf("%d. %s %d", t.Day(), months, t.Year())
	}
	return fmt.Sprintf("%d %s %d", t.Day(), months, t.Year())
}

// boardBody is a text board without its first line (the bot's title, the
// engine's English ply and turn).
func boardBody(s string) string {
	_, body, _ := strings.Cut(s, "\n")
	return body
}
