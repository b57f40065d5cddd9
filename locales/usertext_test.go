package locales_test

import (
	"testing"

	"github.com/mancala-bot/mancala/locales"
)

// TestCleanText: what would act rather than show goes; letters, emoji
// (with their joiners) and markup characters stay.
func TestCleanText(t *testing.T) {
	for _, c := range []struct {
		in, one, lines string
	}{
		{"Alice", "Alice", "Alice"},
		{"Evil\u202Egnp.exe", "Evilgnp.exe", "Evilgnp.exe"},
		{"\u2066a\u2067b\u2068c\u2069\u202Ad\u202Be\u202Cf\u202Dg\u200Eh\u200Fi\u061Cj", "abcdefghij", "abcdefghij"},
		{"a\tb\r\nc\x00d\x1b[31me\x7f\u0085f\u009bg", "a b cd[31mefg", "a b\ncd[31mefg"},
		{"bad \xff\xfe utf-8", "bad  utf-8", "bad  utf-8"},
		{"*bold* _x_ `y` ||z||", "*bold* _x_ `y` ||z||", "*bold* _x_ `y` ||z||"},
		{"👩\u200d👩\u200d👧 Ева", "👩\u200d👩\u200d👧 Ева", "👩\u200d👩\u200d👧 Ева"},
		{"fake\uF72Amark", "fakemark", "fakemark"},
	} {
		if got := locales.CleanText(c.in, false); got != c.one {
			t.Errorf("CleanText(%+q, false) = %+q, want %+q", c.in, got, c.one)
		}
		if got := locales.CleanText(c.in, true); got != c.lines {
			t.Errorf("CleanText(%+q, true) = %+q, want %+q", c.in, got, c.lines)
		}
	}
}

// TestLiteral: user text put in a bot text shows as typed on every
// platform: its asterisks are not bold, Discord's markdown characters are
// escaped, Telegram's HTML is escaped, and the text's own bold stays.
func TestLiteral(t *testing.T) {
	if got := locales.Literal("kalah 3 Ева"); got != "kalah 3 Ева" {
		t.Errorf("Literal changed a plain word: %+q", got)
	}
	for _, c := range []struct {
		word, discord, telegram, plain string
	}{
		{"kalah", "**Unknown** “kalah”", "<b>Unknown</b> “kalah”", "Unknown “kalah”"},
		{"*kalah*", `**Unknown** “\*kalah\*”`, "<b>Unknown</b> “*kalah*”", "Unknown “*kalah*”"},
		{"_a_ ~~b~~ `c` ||d|| [e](f) \\", `**Unknown** “\_a\_ \~\~b\~\~ \` + "`" + `c\` + "`" + ` \|\|d\|\| \[e\]\(f\) \\”`,
			"<b>Unknown</b> “_a_ ~~b~~ `c` ||d|| [e](f) \\”", "Unknown “_a_ ~~b~~ `c` ||d|| [e](f) \\”"},
		{"<b>x</b> & y", "**Unknown** “<b>x</b> & y”", "<b>Unknown</b> “&lt;b&gt;x&lt;/b&gt; &amp; y”", "Unknown “<b>x</b> & y”"},
		{"Evil\u202Egnp*exe\n", `**Unknown** “Evilgnp\*exe ”`, "<b>Unknown</b> “Evilgnp*exe ”", "Unknown “Evilgnp*exe ”"},
	} {
		text := "*Unknown* “" + locales.Literal(c.word) + "”"
		if got := locales.ForDiscord(text); got != c.discord {
			t.Errorf("ForDiscord(%+q) = %+q, want %+q", c.word, got, c.discord)
		}
		if got := locales.ForTelegramHTML(text); got != c.telegram {
			t.Errorf("ForTelegramHTML(%+q) = %+q, want %+q", c.word, got, c.telegram)
		}
		if got := locales.Plain(text); got != c.plain {
			t.Errorf("Plain(%+q) = %+q, want %+q", c.word, got, c.plain)
		}
	}
}
