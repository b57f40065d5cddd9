package telegram_test

import (
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
)

// A whole Bao la Kujifunza game in a group between two people, played with
// the buttons: a pit with two directions opens its choices in place (the
// board's message is edited, the game unchanged), a stranger's press on it
// is refused, and a choice plays the move. Whoever is to move plays the
// first offered move, opening the choices first where there are some.
func TestGroupBaoGameWithDirectionChoices(t *testing.T) {
	for _, c := range []struct{ variant, first string }{
		{"bao-kujifunza", "1R 2R 3 … 4 …"},
		{"bao", "6 … 7 …"}, // the opening of Bao la Kiswahili: 6L 6R 7L 7R
	} {
		t.Run(c.variant, func(t *testing.T) { groupBaoGame(t, c.variant, c.first) })
	}
}

func groupBaoGame(t *testing.T, variant, firstButtons string) {
	t.Parallel()
	e := startBot(t)
	e.say(group, alice, "en", "/new "+variant+" @bob")
	ch := e.last(group)
	e.press(group, bob, "en", ch.ID, button(t, ch, "✔"))
	board := e.last(group)
	if got := labels(board); !strings.HasPrefix(got, firstButtons) {
		t.Fatalf("first board's buttons: %s", got)
	}
	players := map[string]telegramtest.User{"@alice": alice, "@bob": bob}
	choices := 0
	for ply := 0; ; ply++ {
		if ply > 2000 {
			t.Fatal("the game did not end")
		}
		m, _ := e.srv.Message(group, board.ID)
		if strings.HasPrefix(labels(m), "↻") {
			break
		}
		lines := strings.Split(m.Visible(), "\n")
		var mover telegramtest.User
		for k, u := range players {
			if strings.HasPrefix(lines[len(lines)-1], k+" ") {
				mover = u
			}
		}
		if mover == (telegramtest.User{}) {
			t.Fatalf("no player to move in %q", m.Visible())
		}
		first := m.Buttons()[0]
		if strings.HasSuffix(first.Text, " …") {
			if choices == 0 {
				wantAlert(t, e.press(group, carol, "en", board.ID, first.Data), "err_not_a_player")
			}
			n := e.moves(groupChannel)
			if a := e.press(group, mover, "en", board.ID, first.Data); a.Text != "" {
				t.Fatalf("ply %d: opening the choices of %s refused: %q", ply, first.Text, a.Text)
			}
			if e.moves(groupChannel) != n {
				t.Fatalf("opening the choices played a move")
			}
			m, _ = e.srv.Message(group, board.ID)
			if !strings.Contains(m.Visible(), "choose the way to sow") || !strings.HasSuffix(labels(m), "↩ Back") || len(m.Buttons()) < 3 {
				t.Fatalf("choices of %s: %q %s", first.Text, m.Visible(), labels(m))
			}
			first = m.Buttons()[0]
			choices++
		}
		if a := e.press(group, mover, "en", board.ID, first.Data); a.Text != "" {
			t.Fatalf("ply %d: move %s refused: %q", ply, first.Text, a.Text)
		}
	}
	final, _ := e.srv.Message(group, board.ID)
	if !strings.Contains(final.Visible(), "Game over") || choices == 0 {
		t.Errorf("final: %q after %d direction choices", final.Visible(), choices)
	}
}
