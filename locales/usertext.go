package locales

import (
	"strings"
	"unicode/utf8"
)

// User text in bot texts. Names and words users typed end up inside the
// texts (“{Word}”, {Player}); there they must show as typed and do nothing
// else: no control characters or bidirectional overrides (U+202E turns
// the rest of a line around), and no markup. CleanText removes the former;
// Literal also marks the characters that are markup on some platform
// (the texts' *bold*, Discord's markdown) so that ForDiscord,
// ForTelegramHTML and Plain show them as themselves: each becomes a rune of
// the private use area (literalBase plus the ASCII code) that only those
// converters read back. Texts without marked runes convert as before.

// literalBase + c marks the ASCII character c of user text (Literal).
const literalBase = 0xF700

// literalChars are the characters Literal marks: the texts' bold, and
// what Discord's markdown reads inside a line (emphasis, underline, strike,
// code, spoilers, masked links, escapes). What it reads only at a line's
// start (>, #, -) cannot apply to a quoted word, and <@…> is Discord's
// own mention, whose pings the adapter's allowed mentions govern.
const literalChars = "*_~`|[]()\\"

// CleanText returns user text s without what would act rather than show:
// bytes that are not UTF-8, the C0 and C1 control characters and DEL (a
// tab becomes a space, a line break a space unless keepLines; a carriage
// return goes), the
// bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A to
// U+202E, U+2066 to U+2069) and the private use runes Literal uses. The
// platform adapters clean names with it, and Literal quoted words.
func CleanText(s string, keepLines bool) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool { return acts(r, keepLines) }) {
		return s
	}
	s = strings.ToValidUTF8(s, "")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n' && keepLines:
			return r
		case r == '\t' || r == '\n':
			return ' '
		case acts(r, keepLines):
			return -1
		}
		return r
	}, s)
}

// acts reports whether CleanText changes r.
func acts(r rune, keepLines bool) bool {
	switch {
	case r == '\n':
		return !keepLines
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f):
		return true
	case r == 0x061c || r == 0x200e || r == 0x200f || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069):
		return true
	}
	return r >= literalBase && r < literalBase+0x80
}

// Literal is user text s (a word, a name) made safe to put inside a bot
// text: CleanText on one line, and every markup character marked, so that
// "*x*" shows as *x* on every platform rather than bold.
func Literal(s string) string {
	s = CleanText(s, false)
	if !strings.ContainsAny(s, literalChars) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r < 0x80 && strings.ContainsRune(literalChars, r) {
			return literalBase + r
		}
		return r
	}, s)
}

// unmark replaces each rune Literal marked with f of its character.
func unmark(s string, f func(c byte) string) string {
	if !strings.ContainsFunc(s, marked) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if marked(r) {
			b.WriteString(f(byte(r - literalBase)))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func marked(r rune) bool { return r >= literalBase && r < literalBase+0x80 }
