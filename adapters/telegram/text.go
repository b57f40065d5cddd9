package telegram

import (
	"html"
	"net"
	"net/url"
	"strings"
	"unicode/utf8"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/locales"
)

// Telegram's limits, in characters as Telegram counts them (UTF-16 code
// units of the text after HTML parsing) or bytes for callback data (see
// shared/specs/README.md for their sources).
const (
	maxMessageLen  = 4096
	maxCaptionLen  = 1024
	maxCallbackLen = 200
	maxButtonData  = 64
	// maxRowButtons and maxKeyboardButtons are the inline keyboard's
	// limits: Telegram does not publish them but refuses more
	// (REPLY_MARKUP_INVALID).
	maxRowButtons      = 8
	maxKeyboardButtons = 100
)

// textLen is the length of a bot text (with *bold* markup) as Telegram
// counts it once sent as HTML: the visible text in UTF-16 code units.
func textLen(s string) int { return utf16Len(locales.Plain(s)) }

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// toHTML converts a bot text to Telegram HTML.
func toHTML(s string) string { return locales.ForTelegramHTML(s) }

// preHTML is a text board as a <pre> block.
func preHTML(s string) string {
	return "<pre>" + html.EscapeString(strings.TrimRight(s, "\n")) + "</pre>"
}

// splitText splits a bot text into pieces of at most limit characters,
// at line breaks where it can, else at spaces, else anywhere (between
// runes). Bold spans never cross a line, so each piece converts to HTML on
// its own. Empty lines at the cuts are dropped.
func splitText(s string, limit int) []string {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	if textLen(s) <= limit {
		return []string{s}
	}
	var out []string
	var cur []string
	curLen := 0
	flush := func() {
		if p := strings.TrimSpace(strings.Join(cur, "\n")); p != "" {
			out = append(out, p)
		}
		cur, curLen = nil, 0
	}
	for _, line := range strings.Split(s, "\n") {
		n := textLen(line)
		if n > limit {
			flush()
			out = append(out, splitLine(line, limit)...)
			continue
		}
		sep := 0
		if len(cur) > 0 {
			sep = 1
		}
		if curLen+sep+n > limit {
			flush()
			sep = 0
		}
		cur = append(cur, line)
		curLen += sep + n
	}
	flush()
	return out
}

// splitLine cuts one over-long line at spaces, or between runes.
func splitLine(line string, limit int) []string {
	var out []string
	for textLen(line) > limit {
		// The longest prefix that fits, in runes.
		cut, n := 0, 0
		for i, r := range line {
			w := 1
			if r >= 0x10000 {
				w = 2
			}
			n += w
			if n > limit {
				break
			}
			cut = i + utf8.RuneLen(r)
		}
		if sp := strings.LastIndexByte(line[:cut], ' '); sp > cut/2 {
			cut = sp
		}
		if cut == 0 {
			cut = len(line)
		}
		out = append(out, strings.TrimSpace(line[:cut]))
		line = strings.TrimSpace(line[cut:])
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}

// truncate shortens a plain text to at most limit characters, ending it
// with "…" when cut.
func truncate(s string, limit int) string {
	if utf16Len(s) <= limit {
		return s
	}
	n := 0
	for i, r := range s {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if n+w > limit-1 {
			return strings.TrimSpace(s[:i]) + "…"
		}
		n += w
	}
	return s
}

// keyboard is a reply's buttons as an inline keyboard, or nil when it has
// none (see keyboardLayout; the board app's button, which depends on the
// chat, is left out: see Adapter.keyboard).
func keyboard(r bot.Reply) *inlineKeyboard {
	kb, _ := keyboardLayout(r.Board, r.Link, nil)
	return kb
}

// keyboardLayout is a board's buttons, then the board app's button (app,
// see Adapter.appButton) and a link's url button in a row of their own,
// as an inline keyboard, or nil when there are none. Rows are
// kept as the bot made them (at most five buttons, below Telegram's eight;
// a longer row is cut in rows of eight). Buttons beyond maxKeyboardButtons
// cannot be shown, nor one whose data is empty or longer than 64 bytes:
// dropped counts them (no board of any variant has any, as the tests
// check; the adapter logs them as an error). The link must be one Telegram
// takes in a button (see placeLink, which makes it a line of text
// otherwise).
func keyboardLayout(b *bot.Board, link *bot.Link, app *inlineButton) (kb *inlineKeyboard, dropped int) {
	var rows [][]inlineButton
	total := 0
	if b != nil {
		for _, row := range b.Buttons {
			var r []inlineButton
			for _, btn := range row {
				if btn.Data == "" || len(btn.Data) > maxButtonData || total == maxKeyboardButtons {
					dropped++
					continue
				}
				if len(r) == maxRowButtons {
					rows = append(rows, r)
					r = nil
				}
				r = append(r, inlineButton{InlineKeyboardButton: tgbotapi.NewInlineKeyboardButtonData(btn.Label, btn.Data)})
				total++
			}
			if len(r) > 0 {
				rows = append(rows, r)
			}
		}
	}
	var last []inlineButton
	if app != nil {
		last = append(last, *app)
	}
	if link != nil {
		last = append(last, inlineButton{InlineKeyboardButton: tgbotapi.NewInlineKeyboardButtonURL(link.Label, link.URL)})
	}
	if room := maxKeyboardButtons - total; len(last) > room {
		dropped += len(last) - room
		last = last[:room]
	}
	if len(last) > 0 {
		rows = append(rows, last)
	}
	if len(rows) == 0 {
		return nil, dropped
	}
	return &inlineKeyboard{InlineKeyboard: rows}, dropped
}

// placeLink decides how r's Link is shown: as a url button (keyboardLayout)
// when Telegram takes its URL in one (buttonURL) and the keyboard has room,
// else as the last line of r's text ("Label: URL"; Telegram makes the URL
// a link).
func placeLink(r bot.Reply) bot.Reply {
	if r.Link == nil {
		return r
	}
	n := 0
	if r.Board != nil {
		for _, row := range r.Board.Buttons {
			n += len(row)
		}
	}
	if buttonURL(r.Link.URL) && n < maxKeyboardButtons {
		return r
	}
	r.Text = strings.TrimSpace(r.Text + "\n" + r.Link.Line())
	r.Link = nil
	return r
}

// buttonURL reports whether u can be a url button's address. Telegram
// takes "HTTP or tg:// URL"s, but refuses one whose host is not a public
// name (BUTTON_URL_INVALID for localhost, or any name without a dot); to be
// safe, only https URLs on a host name with a dot, not an IP address, are
// made buttons.
func buttonURL(u string) bool {
	p, err := url.Parse(u)
	if err != nil || p.Scheme != "https" || p.User != nil {
		return false
	}
	host := p.Hostname()
	return strings.Contains(strings.Trim(host, "."), ".") && net.ParseIP(host) == nil && !strings.HasSuffix(host, ".localhost")
}

// noKeyboard removes a message's inline keyboard in an edit.
var noKeyboard = &inlineKeyboard{InlineKeyboard: [][]inlineButton{}}
