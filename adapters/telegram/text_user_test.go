package telegram_test

import (
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
)

// User text reaches chats as typed and does nothing else (issue 26): a
// first name with a right-to-left override (U+202E, which shows
// "Evil\u202Egnp.exe" as "Evilexe.png"), a bell and a line break loses
// them in the board that names its player; a word in asterisks quoted in
// a refusal shows its asterisks rather than turning bold.
func TestUserTextShownAsTyped(t *testing.T) {
	t.Parallel()
	e := startBot(t)
	evil := telegramtest.User{ID: 105, FirstName: "Evil\u202Egnp.exe\a\nX\u2066"}
	e.say(group, alice, "en", "/new kalah")
	e.say(group, evil, "en", "/accept")
	b := e.last(group)
	for _, s := range []string{b.Caption, b.Text} {
		if strings.ContainsAny(s, "\u202E\a\u2066") {
			t.Errorf("the board passes control or bidi characters through: %q", s)
		}
	}
	if !strings.Contains(b.Visible(), "Evilgnp.exe X") {
		t.Errorf("board %q, want the name as Evilgnp.exe X", b.Visible())
	}

	e.say(group, alice, "en", "/top kalah *global*")
	r := e.last(group)
	want := "I don’t understand “*global*”."
	if !strings.Contains(r.Visible(), want) || strings.Contains(r.Text, "<b>") {
		t.Errorf("refusal sent as %q (shown %q), want %q with no bold", r.Text, r.Visible(), want)
	}
	e.say(group, alice, "en", "/top k\u202Ea_l*ah")
	r = e.last(group)
	if want := "I don’t know the game “ka_l*ah”."; !strings.Contains(r.Visible(), want) || strings.ContainsRune(r.Text, '\u202E') {
		t.Errorf("refusal sent as %q (shown %q), want %q", r.Text, r.Visible(), want)
	}
}
