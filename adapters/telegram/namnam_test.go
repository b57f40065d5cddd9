package telegram_test

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// renderLog is a bot's Render that keeps the last position drawn (the
// board the players see) and draws it with the real renderer.
type renderLog struct {
	mu   sync.Mutex
	last engine.Position
}

func (r *renderLog) render(p engine.Position, o render.Options) ([]byte, error) {
	r.mu.Lock()
	r.last = p
	r.mu.Unlock()
	var b bytes.Buffer
	err := render.PNG(&b, p, o)
	return b.Bytes(), err
}

func (r *renderLog) position() engine.Position {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.last
}

// An Oware Nam Nam game in a group between two people, played with the
// buttons across the end of round 1: 3 2 5 2 2 ends it 16:32 (bob, North,
// takes the last four), so bob leads round 2 and claims two pits of
// alice's row with the buttons ↓1..↓6 (moves 7..12: alice's row is drawn
// below his); then he starts round 2 (North starts even rounds) with his
// own row and the two pits he claimed. The boards drawn show round 2 and
// the owners.
func TestGroupNamnamRoundChange(t *testing.T) {
	t.Parallel()
	logs := &logBuffer{}
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	rl := &renderLog{}
	b := bot.New(bot.Config{Store: db, Render: rl.render, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	e := start(t, b, logs)
	e.db = db

	e.say(group, alice, "en", "/new namnam @bob")
	ch := e.last(group)
	e.press(group, bob, "en", ch.ID, button(t, ch, "✔"))
	board := e.last(group)
	if got := labels(board); got != "1 2 3 4 5 6" || !strings.HasSuffix(board.Visible(), "@alice to move.") {
		t.Fatalf("first board: %s (%q)", got, board.Visible())
	}
	play := func(u telegramtest.User, label, wantMover, wantLabels string) telegramtest.Message {
		t.Helper()
		m, _ := e.srv.Message(group, board.ID)
		if a := e.press(group, u, "en", board.ID, button(t, m, label)); a.Text != "" {
			t.Fatalf("%s: %s refused: %q", u.FirstName, label, a.Text)
		}
		m, _ = e.srv.Message(group, board.ID)
		if !strings.HasSuffix(m.Visible(), wantMover+" to move.") {
			t.Fatalf("after %s: %q, want %s to move", label, m.Visible(), wantMover)
		}
		if wantLabels != "" && labels(m) != wantLabels {
			t.Fatalf("after %s: buttons %s, want %s", label, labels(m), wantLabels)
		}
		return m
	}
	play(alice, "3", "@bob", "")
	play(bob, "2", "@alice", "")
	play(alice, "5", "@bob", "")
	play(bob, "2", "@alice", "")
	// The last four: round 1 ends 16:32. Bob leads round 2: his row is
	// refilled and he claims two pits of alice's row.
	m := play(alice, "2", "@bob", "↓1 ↓2 ↓3 ↓4 ↓5 ↓6 ▶")
	p := rl.position()
	if p.Round() != 2 || p.Extra()["phase"] != "claim" || p.Store(engine.South) != 16 || p.Store(engine.North) != 8 {
		t.Fatalf("the board after round 1: %s %v", p.String(), p.Extra())
	}
	if !m.IsPhoto() {
		t.Fatalf("no board image after the round change: %+v", m)
	}
	// Out of turn, and a pit of his own row, are refused.
	wantAlert(t, e.press(group, alice, "en", board.ID, button(t, m, "↓1")), "err_not_your_turn")
	e.say(group, bob, "en", "/move 3")
	if got := e.last(group).Visible(); !strings.Contains(got, en("err_claim_needed")) {
		t.Errorf("/move 3 in the claim phase: %q", got)
	}
	play(bob, "↓1", "@bob", "↓2 ↓3 ↓4 ↓5 ↓6 ▶")
	// The second claim ends the claim phase; alice's other pits are
	// filled, and bob (North) starts round 2 with his row and alice's
	// pits 1 and 3 (moves 7 and 9).
	play(bob, "↓3", "@bob", "6 5 4 3 2 1 ↓1 ↓3 ▶")
	p = rl.position()
	l := p.Rules().Layout()
	if p.Round() != 2 || p.Extra()["phase"] != "play" || p.Owner(l.Pit(engine.South, 1)) != engine.North ||
		p.Owner(l.Pit(engine.South, 3)) != engine.North || p.Owner(l.Pit(engine.South, 2)) != engine.South {
		t.Fatalf("round 2's first board: %s %v", p.String(), p.Extra())
	}
	for s := range engine.Side(2) {
		for i := 1; i <= 6; i++ {
			if p.Pit(s, i) != 4 {
				t.Fatalf("round 2 starts with %s pit %d holding %d", s, i, p.Pit(s, i))
			}
		}
	}
	// Bob sows from alice's pit 1, his now; the turn passes to alice, who
	// may not play her pit 1 any more.
	m = play(bob, "↓1", "@alice", "")
	if strings.Contains(" "+labels(m)+" ", " 1 ") || strings.Contains(labels(m), "↑") {
		t.Errorf("alice's buttons %s offer a pit that is bob's", labels(m))
	}
	if got := e.moves(groupChannel); got != 8 {
		t.Errorf("%d moves stored, want 8", got)
	}
}
