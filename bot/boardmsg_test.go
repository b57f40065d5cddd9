package bot_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store"
)

// fromApp sends a move button's data as user from the board app.
func (h *harness) fromApp(user, data string) []bot.Reply {
	h.t.Helper()
	return h.bot.Handle(context.Background(), bot.Request{
		Platform: "test", Channel: "c1", Button: data, App: true,
		User: bot.User{ID: user, Name: user, Mention: "@" + user},
	})
}

// wantBoardMessage asserts the message the store records for the game.
func (h *harness) wantBoardMessage(game int64, id string, version int64) {
	h.t.Helper()
	got, v, err := h.db.BoardMessage(context.Background(), game)
	if id == "" {
		if !errors.Is(err, store.ErrNotFound) {
			h.t.Errorf("board message %q (version %d), %v; want none", got, v, err)
		}
		return
	}
	if err != nil || got != id || v != version {
		h.t.Errorf("board message %q (version %d), %v; want %q (version %d)", got, v, err, id, version)
	}
}

// TestAppMoveReplacesChatBoard: every public board reply records, through
// Posted, the message that shows it; a move from the board app replaces
// the newest of them instead of posting a board or editing a pressed
// message; a late Posted of an older board does not win.
func TestAppMoveReplacesChatBoard(t *testing.T) {
	h := newHarness(t, nil)
	challenge := one(t, h.say("alice", "/new kalah @bob"))
	if challenge.Posted != nil {
		t.Errorf("a challenge (no board of a game in play) carries Posted")
	}
	start := one(t, h.say("bob", "/accept"))
	g := h.live()
	if start.Posted == nil || start.Replace != "" || start.Board == nil {
		t.Fatalf("the game's start: Posted set %v, Replace %q; want Posted and no Replace", start.Posted != nil, start.Replace)
	}
	h.wantBoardMessage(g.ID, "", 0)

	// A move from the app before any board message is known: posted anew.
	first := one(t, h.fromApp("alice", buttonFor(t, start, "1")))
	if first.Replace != "" || first.Edit || first.Private || first.Posted == nil {
		t.Fatalf("app move with no board known: Replace %q Edit %v Private %v Posted %v; want a new public board",
			first.Replace, first.Edit, first.Private, first.Posted != nil)
	}
	start.Posted("500") // the start's board, confirmed late
	first.Posted("501")
	h.wantBoardMessage(g.ID, "501", first.Board.Version)
	start.Posted("500") // again, later still: an older board never wins
	h.wantBoardMessage(g.ID, "501", first.Board.Version)

	// A button press in the chat edits the pressed message: Posted
	// records it (same message, newer version), Replace is not used.
	pressed := one(t, h.press("bob", buttonFor(t, first, "1")))
	if !pressed.Edit || pressed.Replace != "" || pressed.Posted == nil {
		t.Fatalf("button press: Edit %v Replace %q Posted %v", pressed.Edit, pressed.Replace, pressed.Posted != nil)
	}
	pressed.Posted("501")
	h.wantBoardMessage(g.ID, "501", pressed.Board.Version)

	// A move from the app: the chat's board is replaced.
	app := one(t, h.fromApp("alice", buttonFor(t, pressed, "2")))
	if app.Replace != "501" || app.Edit || app.Private || app.Board == nil || app.Posted == nil {
		t.Fatalf("app move: Replace %q Edit %v Private %v Board %v Posted %v; want Replace 501 of a public board",
			app.Replace, app.Edit, app.Private, app.Board != nil, app.Posted != nil)
	}
	if app.Board.Version != h.live().Version {
		t.Errorf("app move's board version %d, game's %d", app.Board.Version, h.live().Version)
	}
	// The edit failed (message gone): the adapter posted it anew.
	app.Posted("502")
	h.wantBoardMessage(g.ID, "502", app.Board.Version)
	// Alice's 2 ended in her store: she moves again.
	next := one(t, h.fromApp("alice", app.Board.Buttons[0][0].Data))
	if next.Replace != "502" {
		t.Errorf("next app move: Replace %q, want 502", next.Replace)
	}

	// Refusals from the app are private and replace nothing: a stale
	// move, and a move by someone who is not a player.
	before := h.live()
	for _, rs := range [][]bot.Reply{h.fromApp("alice", app.Board.Buttons[0][0].Data), h.fromApp("carol", next.Board.Buttons[0][0].Data)} {
		h.wantRefusal(rs, "", before)
		if r := rs[0]; r.Replace != "" || r.Posted != nil {
			t.Errorf("refusal %q: Replace %q, Posted set %v", r.Text, r.Replace, r.Posted != nil)
		}
	}
}

// TestBoardMessagePerGame: a game's board message is its own: a new game
// in the channel starts with none, and the old game's is kept.
func TestBoardMessagePerGame(t *testing.T) {
	h := newHarness(t, nil)
	one(t, h.say("alice", "/new kalah @bob"))
	r := one(t, h.say("bob", "/accept"))
	old := h.live()
	r.Posted("700")
	one(t, h.say("alice", "/resign"))
	one(t, h.say("alice", "/new oware @bob"))
	r = one(t, h.say("bob", "/accept"))
	g := h.live()
	if g.ID == old.ID {
		t.Fatal("no new game")
	}
	app := one(t, h.fromApp("alice", r.Board.Buttons[0][0].Data))
	if app.Replace != "" {
		t.Errorf("the new game's first app move replaces %q, the old game's board", app.Replace)
	}
	h.wantBoardMessage(old.ID, "700", old.Version)
	app.Posted(fmt.Sprint(800))
	h.wantBoardMessage(g.ID, "800", app.Board.Version)
}
