package bot_test

import (
	"bytes"
	"context"
	"image/gif"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/locales"
)

// wantReplay checks a replay: one public message, not an edit, with no
// board, an animated GIF of several frames and a caption naming the move.
func wantReplay(t *testing.T, rs []bot.Reply, caption string) *gif.GIF {
	t.Helper()
	r := one(t, rs)
	if r.Private || r.Edit || r.Board != nil {
		t.Errorf("replay %+v: want a public new message without a board", r)
	}
	if !strings.Contains(r.Text, caption) {
		t.Errorf("replay caption %q, want it to contain %q", r.Text, caption)
	}
	g, err := gif.DecodeAll(bytes.NewReader(r.Animation))
	if err != nil {
		t.Fatalf("replay animation: %v", err)
	}
	if len(g.Image) < 2 || len(g.Delay) != len(g.Image) {
		t.Errorf("replay animation: %d frames, %d delays", len(g.Image), len(g.Delay))
	}
	return g
}

// TestReplay: the ▶ button appears once a move is played and replays the
// last move, for anyone, at any version of its board, changing nothing;
// "replay" does the same, and after the game shows the last game's last
// move with its result.
func TestReplay(t *testing.T) {
	h := newHarness(t, nil)
	h.wantRefusal(h.say("alice", "/replay"), locales.Text(locales.EN, "err_no_game", nil), nil)
	r := one(t, h.say("alice", "/new kalah @bob"))
	// An open challenge: nothing to replay in this channel yet.
	h.wantRefusal(h.say("alice", "replay"), locales.Text(locales.EN, "err_no_move_yet", nil), h.live())
	r = one(t, h.press("bob", buttonFor(t, r, "✔")))
	if strings.Contains(strings.Join(labels(r), " "), "▶") {
		t.Errorf("first board offers a replay: %v", labels(r))
	}
	h.wantRefusal(h.say("carol", "/replay"), locales.Text(locales.EN, "err_no_move_yet", nil), h.live())

	// Kalah pit 3 of 4 seeds ends in alice's store: an extra turn.
	r = one(t, h.press("alice", buttonFor(t, r, "3")))
	if got := r.Board.Buttons[len(r.Board.Buttons)-1]; len(got) != 1 || got[0].Label != "▶" {
		t.Fatalf("last row %+v, want the replay button alone", got)
	}
	replay := buttonFor(t, r, "▶")
	before := h.live()
	g := wantReplay(t, h.press("carol", replay), "@alice played pit 3.")
	if n := len(g.Image); n != 6 { // before, pick-up, 3 sown, store
		t.Errorf("pit 3 of 4 seeds: %d frames, want 6", n)
	}
	if after := h.live(); after.Version != before.Version || len(after.Moves) != 1 {
		t.Errorf("replay changed the game: version %d -> %d", before.Version, after.Version)
	}

	// The old board's ▶ still works and shows the latest move.
	r = one(t, h.press("alice", buttonFor(t, r, "1")))
	wantReplay(t, h.press("bob", replay), "@alice played pit 1.")
	wantReplay(t, h.say("bob", "/replay"), "@alice played pit 1.")
	wantReplay(t, h.say("bob", "/last"), "@alice played pit 1.")

	// A button of another channel's game, or of no game, is stale.
	other := h.bot.Handle(context.Background(), bot.Request{
		Platform: "test", Channel: "c2", Button: replay,
		User: bot.User{ID: "carol", Name: "carol", Mention: "@carol"},
	})
	if r := one(t, other); !r.Private || r.Animation != nil || r.Text != locales.Text(locales.EN, "err_stale_button", nil) {
		t.Errorf("replay of another channel's game: %+v", r)
	}
	h.wantRefusal(h.press("bob", "v:999:1"), locales.Text(locales.EN, "err_stale_button", nil), h.live())

	// After the game: the last game's last move, with the result.
	r = one(t, h.say("bob", "/resign"))
	if got := strings.Join(labels(r), " "); got != "↻ Rematch ▶ 📈 Review" {
		t.Errorf("final board buttons %q", got)
	}
	rr := one(t, h.say("carol", "/replay"))
	wantReplay(t, []bot.Reply{rr}, "@alice played pit 1.")
	if !strings.Contains(rr.Text, "@bob resigned.") {
		t.Errorf("replay after the game: %q", rr.Text)
	}
	// A rematch challenge is not a game: replay still shows the last one.
	one(t, h.say("bob", "/rematch"))
	wantReplay(t, h.say("carol", "/replay"), "@alice played pit 1.")
}

// TestReplayLanguageAndBot: the caption is public, so it is in the table's
// language (the game's, fixed when it was created), whoever asks, and names
// the bot in that language.
func TestReplayLanguageAndBot(t *testing.T) {
	h := newHarness(t, firstMove{})
	one(t, h.say("alice", "/lang ru"))
	r := one(t, h.say("alice", "/new kalah bot one second"))
	if !strings.Contains(r.Text, "Бот") {
		t.Fatalf("game against the bot: %q", r.Text)
	}
	one(t, h.say("alice", "/lang en")) // alice's own language changes; the table's does not
	rr := one(t, h.press("alice", buttonFor(t, r, "▶")))
	wantReplay(t, []bot.Reply{rr}, "Последний ход:")
	if !strings.Contains(rr.Text, "Бот") {
		t.Errorf("Russian caption %q does not name the bot", rr.Text)
	}
	rr = one(t, h.say("bob", "/replay"))
	wantReplay(t, []bot.Reply{rr}, "Последний ход:")
}
