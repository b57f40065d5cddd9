package bot_test

import (
	"strconv"
	"testing"

	"github.com/mancala-bot/mancala/bot"
)

// TelegramUser names a Telegram user as both the chat adapter and the
// board app hand them to the bot: the first name (cleaned: '*' shown as
// '∗' so that it never turns bold, control and bidirectional characters
// dropped, a line break a space, spaces around trimmed), else the
// username; the mention is "@username", else the name.
func TestTelegramUser(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name                  string
		id                    int64
		first, username, lang string
		wantName, wantMention string
	}{
		{"first name and username", 101, "Ann", "ann", "en", "Ann", "@ann"},
		{"a star in the first name", 102, "Da*ve*", "dave", "da", "Da∗ve∗", "@dave"},
		{"spaces around", 103, "  Olga \t", "", "ru", "Olga", "Olga"},
		{"a star without a username", 104, "*bold*", "", "", "∗bold∗", "∗bold∗"},
		{"no first name", 105, "", "only_user", "pl", "only_user", "@only_user"},
		{"a first name of spaces only", 106, "   ", "sp", "en", "sp", "@sp"},
		{"control and bidirectional characters", 107, "Evil\u202Egnp.exe\a\nX\u2066", "", "en", "Evilgnp.exe X", "Evilgnp.exe X"},
		{"neither name nor username", 108, "", "", "", "", ""},
	} {
		got := bot.TelegramUser(c.id, c.first, c.username, c.lang)
		want := bot.User{ID: strconv.FormatInt(c.id, 10), Name: c.wantName, Locale: c.lang, Mention: c.wantMention}
		if got != want {
			t.Errorf("%s: TelegramUser(%d, %q, %q, %q) = %+v, want %+v", c.name, c.id, c.first, c.username, c.lang, got, want)
		}
	}
}
