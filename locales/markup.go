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
// bold (Discord reads *x* as italics).
func ForDiscord(s string) string {
	return mapBold(s, func(t string) string { return "**" + t + "**" })
}

// ForTelegramHTML returns s for Telegram's "HTML" parse mode: <, > and & are
// escaped and every *bold* span becomes <b>bold</b>. (Telegram's legacy
// "Markdown" mode takes the texts as they are.)
func ForTelegramHTML(s string) string {
	return mapBold(html.EscapeString(s), func(t string) string { return "<b>" + t + "</b>" })
}

// Plain returns s with the asterisks of *bold* spans removed, for a terminal
// or any place without markup.
func Plain(s string) string {
	return mapBold(s, func(t string) string { return t })
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
