package discord

import (
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
)

// TestBaoGameWithDirectionChoices plays a whole Bao la Kujifunza game
// between two users with the buttons: a pit with two directions opens its
// choices by updating the pressed message in place (the game unchanged;
// a stranger's press refused), then a choice plays the move.
func TestBaoGameWithDirectionChoices(t *testing.T) {
	for _, c := range []struct{ variant, first string }{
		{"bao-kujifunza", "1R 2R 3 … 4 …"},
		{"bao", "6 … 7 …"},
	} {
		t.Run(c.variant, func(t *testing.T) { baoGame(t, c.variant, c.first) })
	}
}

func baoGame(t *testing.T, variant, firstButtons string) {
	t.Parallel()
	h := start(t, setup{})
	out := h.reply(h.command(alice, "en-US", "new", discordtest.Opt("variant", variant), discordtest.Opt("opponent", bob)))
	accept, ok := out.Message.Button("✔")
	if !ok {
		t.Fatalf("challenge without ✔: %+v", out.Message)
	}
	board := h.update(h.press(bob, out.Message.ID, accept.CustomID))
	if got := strings.Join(labels(board), " "); !strings.HasPrefix(got, firstButtons) {
		t.Fatalf("first board: %s", got)
	}
	if n := len(board.Rows); n > 5 {
		t.Fatalf("%d rows of buttons", n)
	}
	choices := 0
	for turn := 0; h.live() != nil; turn++ {
		if turn > 2000 {
			t.Fatal("the game does not end")
		}
		g := h.live()
		mover := h.toMove(g)
		first := pitButtons(board)[0]
		if strings.HasSuffix(first.Label, " …") {
			if choices == 0 {
				h.refusal(h.press(carol, board.ID, first.CustomID), "err_not_a_player")
				h.unchanged(board)
			}
			board = h.update(h.press(mover, board.ID, first.CustomID))
			if g2 := h.live(); g2.Version != g.Version {
				t.Fatalf("opening the choices changed the game")
			}
			if got := labels(board); len(got) < 3 || got[len(got)-1] != "↩ Back" || !strings.Contains(board.Content, "choose the way to sow") {
				t.Fatalf("choices of %s: %q %v", first.Label, board.Content, got)
			}
			first = board.Buttons()[0]
			choices++
		}
		board = h.update(h.press(mover, board.ID, first.CustomID))
	}
	if !strings.Contains(board.Content, "Game over") || choices == 0 {
		t.Errorf("final %q after %d direction choices", board.Content, choices)
	}
}
