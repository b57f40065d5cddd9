package bot_test

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// harness is a bot over a real SQLite file with a controllable clock.
type harness struct {
	t   *testing.T
	bot *bot.Bot
	db  *sqlite.DB
	now time.Time
	mu  sync.Mutex
}

func newHarness(t *testing.T, opp bot.Opponent) *harness {
	t.Helper()
	return newHarnessWith(t, opp, nil)
}

// newHarnessWith is newHarness with the bot's configuration changed by
// adjust (when not nil) before the bot is made.
func newHarnessWith(t *testing.T, opp bot.Opponent, adjust func(*bot.Config)) *harness {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	h := &harness{t: t, db: db, now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
	cfg := bot.Config{
		Store: db, Opponent: opp,
		Now:         func() time.Time { h.mu.Lock(); defer h.mu.Unlock(); return h.now },
		NotifyAfter: time.Hour, ClaimAfter: 24 * time.Hour,
	}
	if adjust != nil {
		adjust(&cfg)
	}
	h.bot = bot.New(cfg)
	return h
}

func (h *harness) advance(d time.Duration) { h.mu.Lock(); h.now = h.now.Add(d); h.mu.Unlock() }

// say sends a typed command as user in channel "c1" and returns the replies.
func (h *harness) say(user, text string) []bot.Reply {
	h.t.Helper()
	return h.bot.Handle(context.Background(), bot.Request{
		Platform: "test", Channel: "c1", Text: text,
		User: bot.User{ID: user, Name: user, Mention: "@" + user},
	})
}

func (h *harness) press(user, data string) []bot.Reply {
	h.t.Helper()
	return h.bot.Handle(context.Background(), bot.Request{
		Platform: "test", Channel: "c1", Button: data,
		User: bot.User{ID: user, Name: user, Mention: "@" + user},
	})
}

// live returns the channel's live game, or nil.
func (h *harness) live() *store.Game {
	g, err := h.db.LiveGame(context.Background(), "test", "c1")
	if err != nil {
		return nil
	}
	return g
}

func one(t *testing.T, rs []bot.Reply) bot.Reply {
	t.Helper()
	if len(rs) != 1 {
		t.Fatalf("got %d replies, want 1: %+v", len(rs), rs)
	}
	return rs[0]
}

// wantRefusal asserts a private reply containing want and no change to the
// live game.
func (h *harness) wantRefusal(rs []bot.Reply, want string, before *store.Game) {
	h.t.Helper()
	r := one(h.t, rs)
	if !r.Private || !strings.Contains(r.Text, want) || r.Board != nil {
		h.t.Errorf("reply %+v, want a private refusal containing %q", r, want)
	}
	after := h.live()
	if (before == nil) != (after == nil) || before != nil && (after.Version != before.Version || len(after.Moves) != len(before.Moves)) {
		h.t.Errorf("refused request changed the game: before %+v, after %+v", before, after)
	}
}

func buttonFor(t *testing.T, r bot.Reply, label string) string {
	t.Helper()
	if r.Board == nil {
		t.Fatalf("reply has no board: %+v", r)
	}
	// A button is named by its label, or by the symbol its label starts
	// with ("✔" for "✔ Accept").
	for _, row := range r.Board.Buttons {
		for _, b := range row {
			if b.Label == label || strings.HasPrefix(b.Label, label+" ") {
				return b.Data
			}
		}
	}
	t.Fatalf("no button %q in %+v", label, r.Board.Buttons)
	return ""
}

func labels(r bot.Reply) []string {
	var out []string
	if r.Board != nil {
		for _, row := range r.Board.Buttons {
			for _, b := range row {
				out = append(out, b.Label)
			}
		}
	}
	return out
}

func TestChallengeGameAndRematch(t *testing.T) {
	h := newHarness(t, nil)
	r := one(t, h.say("alice", "/new kalah @bob"))
	if !strings.Contains(r.Text, "@alice") || !strings.Contains(r.Text, "@bob") {
		t.Errorf("challenge text %q", r.Text)
	}
	accept := buttonFor(t, r, "✔")
	h.wantRefusal(h.say("carol", "/accept"), "", h.live()) // not invited
	h.wantRefusal(h.say("alice", "/accept"), "", h.live()) // own challenge
	h.wantRefusal(h.press("carol", accept), "", h.live())  // a stranger's press
	r = one(t, h.press("bob", accept))
	if !r.Edit || r.Board == nil || strings.Join(labels(r), " ") != "1 2 3 4 5 6" {
		t.Fatalf("accepted: %+v labels %v", r, labels(r))
	}
	// alice is South and moves first; pit 3 ends in her store.
	r = one(t, h.press("alice", buttonFor(t, r, "3")))
	if !strings.Contains(r.Text, "@alice") || strings.Join(labels(r), " ") != "1 2 4 5 6 ▶" {
		t.Fatalf("after 3: %q %v", r.Text, labels(r))
	}
	stale := buttonFor(t, r, "1")
	r = one(t, h.press("alice", stale))
	// North's buttons run right to left on the image: pit 6 first.
	if got := strings.Join(labels(r), " "); got != "6 5 4 3 2 1 ▶" {
		t.Errorf("North's buttons %s", got)
	}
	before := h.live()
	h.wantRefusal(h.press("alice", stale), "", before) // a double press
	h.wantRefusal(h.say("alice", "/move 2"), "", before)
	h.wantRefusal(h.say("bob", "/move 9"), "", before)
	h.wantRefusal(h.say("bob", "/move x"), "", before)
	h.wantRefusal(h.say("dave", "/move 2"), "", before)
	h.wantRefusal(h.press("bob", "m:999:1:2"), "", before)
	h.wantRefusal(h.press("bob", "garbage"), "", before)
	h.wantRefusal(h.say("bob", "/frobnicate"), "frobnicate", before)
	r = one(t, h.say("bob", "/resign"))
	if !strings.Contains(r.Text, "@alice") || strings.Join(labels(r), " ") != "↻ Rematch ▶ 📈 Review" {
		t.Errorf("resign: %q %v", r.Text, labels(r))
	}
	if h.live() != nil {
		t.Fatal("game still live after resign")
	}
	last, err := h.db.LastGame(context.Background(), "test", "c1")
	if err != nil || last.Result != "south_won" || last.Reason != "resign" || len(last.Moves) != 2 {
		t.Fatalf("stored result: %+v, %v", last, err)
	}
	rec, _ := h.db.Record(context.Background(), "test", "alice")
	if rec.Wins != 1 || rec.Losses != 0 {
		t.Errorf("alice's record %+v", rec)
	}
	// bob asks for a rematch: colours swap, alice must accept.
	r = one(t, h.say("bob", "/rematch"))
	h.wantRefusal(h.say("bob", "/accept"), "", h.live())
	r = one(t, h.press("alice", buttonFor(t, r, "✔")))
	g := h.live()
	if g.Phase != store.PhasePlaying || g.Players[0].UserID != "bob" || g.Players[1].UserID != "alice" {
		t.Errorf("rematch seats: %+v", g.Players)
	}
}

func TestUnknownVariantAndOptions(t *testing.T) {
	h := newHarness(t, nil)
	for _, in := range []string{"/new", "/new chess", "/new kalah pits=99", "/new kalah holes=3", "/new kalah sideways", "/new tchuka"} {
		h.wantRefusal(h.say("alice", in), "", nil)
	}
	r := one(t, h.say("alice", "/new oware seeds=5 second"))
	if r.Private || !strings.Contains(r.Text, "Seeds per pit: 5") {
		t.Errorf("challenge with options: %+v", r)
	}
	h.wantRefusal(h.say("bob", "/new kalah"), "", h.live()) // channel busy
	one(t, h.say("bob", "/accept"))
	g := h.live()
	if g.Players[0].UserID != "bob" || g.Players[1].UserID != "alice" || g.Options["seeds"] != "5" {
		t.Errorf("seats %+v options %v", g.Players, g.Options)
	}
}

// firstMove is an opponent that always plays its first legal move.
type firstMove struct{}

func (firstMove) Levels() []string                { return []string{"one", "two"} }
func (o firstMove) Offered(engine.Rules) []string { return o.Levels() }
func (firstMove) Move(_ context.Context, g *engine.Game, _ string, _ int64) (bot.Choice, error) {
	return bot.Choice{Move: g.Position().Moves()[0]}, nil
}

func TestGameAgainstTheBot(t *testing.T) {
	h := newHarness(t, firstMove{})
	r := one(t, h.say("alice", "/new kalah bot two"))
	if r.Board == nil || len(labels(r)) != 6 {
		t.Fatalf("start vs bot: %+v", r)
	}
	// 1: S2..S5, North to move: the bot answers at once with its pit 1.
	r = one(t, h.say("alice", "1"))
	g := h.live()
	if len(g.Moves) != 2 || g.Moves[1].Move != "1" || g.Moves[1].UserID != "" {
		t.Fatalf("moves %+v", g.Moves)
	}
	if !strings.Contains(r.Text, "@alice") || len(labels(r)) == 0 {
		t.Errorf("reply %q %v", r.Text, labels(r))
	}
	// Undo against the bot needs no consent: back to before alice's move.
	r = one(t, h.say("alice", "/undo"))
	if g := h.live(); len(g.Moves) != 0 {
		t.Errorf("after undo: %d moves", len(g.Moves))
	}
	h.wantRefusal(h.say("alice", "/draw"), "", h.live())
	// The bot opens when alice takes North.
	one(t, h.say("alice", "/resign"))
	r = one(t, h.say("alice", "/rematch"))
	if g := h.live(); g == nil || len(g.Moves) == 0 || g.Players[0].Level != "two" {
		t.Fatalf("rematch vs bot: %+v", g)
	}
}

func TestDrawAndUndoNeedConsent(t *testing.T) {
	h := newHarness(t, nil)
	one(t, h.say("alice", "/new kalah @bob"))
	one(t, h.say("bob", "/accept"))
	one(t, h.say("alice", "1"))
	one(t, h.say("alice", "/undo"))
	if g := h.live(); len(g.Moves) != 1 || g.UndoOffer != 0 {
		t.Fatalf("undo request: %+v", g)
	}
	h.wantRefusal(h.say("alice", "/undo"), "", h.live())
	one(t, h.say("bob", "/undo")) // bob agrees
	if g := h.live(); len(g.Moves) != 0 || g.UndoOffer != -1 {
		t.Fatalf("after undo: %+v", g)
	}
	one(t, h.say("alice", "/draw"))
	one(t, h.say("bob", "/draw"))
	last, _ := h.db.LastGame(context.Background(), "test", "c1")
	if last.Result != "draw" || last.Reason != "agreed" {
		t.Errorf("draw: %+v", last)
	}
}

func TestIdleReminderAndClaim(t *testing.T) {
	h := withNotices(newHarness(t, nil))
	one(t, h.say("alice", "/new kalah @bob"))
	one(t, h.say("bob", "/accept"))
	h.wantRefusal(h.say("bob", "/claim"), "", h.live()) // too early
	h.advance(2 * time.Hour)
	out := h.bot.Tick(context.Background())
	if len(out) != 1 || !strings.Contains(out[0].Reply.Text, "@alice") || out[0].Channel != "c1" || out[0].Reply.Notice == nil {
		t.Fatalf("reminder: %+v", out)
	}
	out[0].Reply.Notice.Done("n1")
	if again := h.bot.Tick(context.Background()); len(again) != 0 {
		t.Errorf("reminded twice: %+v", again)
	}
	h.wantRefusal(h.say("alice", "/claim"), "", h.live()) // on your own turn
	h.advance(23 * time.Hour)
	h.wantDeletion(h.say("bob", "/claim"), "n1") // the game is over: the ping goes
	last, _ := h.db.LastGame(context.Background(), "test", "c1")
	if last.Result != "north_won" || last.Reason != "timeout" {
		t.Errorf("claim: %+v", last)
	}
}

// Two players pressing at the same time: exactly one move is applied.
func TestConcurrentPresses(t *testing.T) {
	h := newHarness(t, nil)
	one(t, h.say("alice", "/new kalah @bob"))
	r := one(t, h.say("bob", "/accept"))
	var data []string
	for _, row := range r.Board.Buttons {
		for _, b := range row {
			data = append(data, b.Data)
		}
	}
	var wg sync.WaitGroup
	results := make([][]bot.Reply, 12)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = h.press("alice", data[i%len(data)])
		}()
	}
	wg.Wait()
	applied := 0
	for _, rs := range results {
		if len(rs) == 1 && !rs[0].Private {
			applied++
		}
	}
	if g := h.live(); applied != 1 || len(g.Moves) != 1 {
		t.Errorf("applied %d replies, stored %d moves; want exactly 1", applied, len(g.Moves))
	}
}

func TestLanguage(t *testing.T) {
	h := newHarness(t, nil)
	r := h.bot.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c1", Text: "/new kalah",
		User: bot.User{ID: "ivan", Name: "ivan", Locale: "ru"}})
	if !strings.Contains(one(t, r).Text, "Калах") {
		t.Errorf("Russian challenge: %q", r[0].Text)
	}
	one(t, h.say("bob", "/lang pl"))
	r = h.say("bob", "/frobnicate")
	if strings.Contains(one(t, r).Text, "Unknown") || r[0].Text == "" {
		t.Errorf("Polish refusal: %q", r[0].Text)
	}
	h.wantRefusal(h.say("bob", "/lang xx"), "", h.live())
}

func TestRulesAreIllustrated(t *testing.T) {
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	b := bot.New(bot.Config{Store: db, RuleDiagrams: true})
	rs := b.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c", Text: "/rules kalah empty_capture=true",
		User: bot.User{ID: "u", Locale: "pl"}})
	// At most two messages: the text, then every diagram in one image.
	if len(rs) != 2 || rs[0].Board != nil || !strings.Contains(rs[0].Text, "Kalah") {
		t.Fatalf("rules replies: %d, first %+v", len(rs), rs[0])
	}
	for _, r := range rs[1:] {
		if r.Board == nil || len(r.Board.PNG) < 8 || string(r.Board.PNG[1:4]) != "PNG" || len(r.Board.Buttons) != 0 {
			t.Errorf("diagram reply %q without a PNG", r.Text)
		}
	}
}
