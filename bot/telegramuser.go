package bot

import (
	"strconv"
	"strings"

	"github.com/mancala-bot/mancala/locales"
)

// TelegramUser is a Telegram user as the bot sees them, whether they write
// in a chat (adapters/telegram) or sign in to the board app (miniapp/app),
// so that both name a user alike. Name is the first name, else the
// username, cleaned by telegramName; Mention is "@username", else Name.
// The last name is not used.
func TelegramUser(id int64, firstName, username, languageCode string) User {
	name := telegramName(firstName)
	if name == "" {
		name = telegramName(username)
	}
	mention := name
	if username != "" {
		mention = "@" + username
	}
	return User{ID: strconv.FormatInt(id, 10), Name: name, Locale: languageCode, Mention: mention}
}

// telegramName keeps a user's name from turning into the bot's markup ('*'
// becomes '∗') or acting on the text around it (locales.CleanText: no
// control or bidirectional formatting characters, one line), without
// spaces around it.
func telegramName(s string) string {
	return strings.TrimSpace(strings.ReplaceAll(locales.CleanText(s, false), "*", "∗"))
}
