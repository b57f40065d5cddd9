package locales

import (
	"html"
	"strings"
)

// The texts mark bold with single asterisks, *like this*, always within one
// line (Validate checks that every line has an even number of them). These
// helpers adapt that to each platform; they work on rendered texts, so the
// values substituted for placeholders (user names) should not contain '*'
// (adapters may strip or replace it first).

// ForDiscord returns s with every *bold* span written **bold**, Discord's
// bold (Discord reads *x* as italics), and the characters of user text
// that Literal marked escaped with a backslash (\*), so that Discord's
// markdown shows them as they are.
func ForDiscord(s string) string {
	s = mapBold(s, func(t string) string { return "**" + t + "**" })
	return unmark(s, func(c byte) string { return "\\" + string(c) })
}

// ForTelegramHTML returns s for Telegram's "HTML" parse mode: <, > and & are
// escaped and every *bold* span becomes <b>bold</b>; the characters of user
// text that Literal marked are plain characters (escaped as HTML).
// (Telegram's legacy "Markdown" mode takes the texts as they are.)
func ForTelegramHTML(s string) string {
	s = mapBold(html.EscapeString(s), func(t string) string { return "<b>" + t + "</b>" })
	return unmark(s, func(c byte) string { return html.EscapeString(string(c)) })
}

// Plain returns s with the asterisks of *bold* spans removed and the
// characters Literal marked as they are, for a terminal or any place
// without markup.
func Plain(s string) string {
	s = mapBold(s, func(t string) string { return t })
	return unmark(s, func(c byte) string { return string(c) })
}

// mapBold rewrites each *span* of each line with f; an unpaired asterisk is
// left as it is.
func mapBold(s string, f func(string) string) string {
	if !strings.Contains(s, "*") {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		var b strings.Builder
		for {
			a := strings.IndexByte(line, '*')
			if a < 0 {
				break
			}
			z := strings.IndexByte(line[a+1:], '*')
			if z < 0 {
				break
			}
			b.WriteString(line[:a])
			b.WriteString(f(line[a+1 : a+1+z]))
			line = line[a+1+z+1:]
		}
		b.WriteString(line)
		lines[i] = b.String()
	}
	return strings.Join(lines, "\n")
}
