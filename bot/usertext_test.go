package bot_test

import (
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/locales"
)

// User text in replies shows as typed (issue 26): a quoted word keeps
// its asterisks as characters (locales.Literal: no bold on any platform),
// and an invited name typed with a right-to-left override and asterisks
// is shown, and matched, without the override and with '∗' (as Telegram
// names come).
func TestUserTextInReplies(t *testing.T) {
	h := newHarness(t, nil)
	r := one(t, h.say("alice", "/top kalah *global*"))
	if plain := locales.Plain(r.Text); !strings.Contains(plain, "I don’t understand “*global*”") || strings.Contains(r.Text, "*global*") {
		t.Errorf("refusal %+q (plain %q): want the asterisks marked as characters, not bold", r.Text, plain)
	}
	r = one(t, h.say("alice", "/new kalah @b\u202Eob*x*"))
	if !strings.Contains(r.Text, "@alice challenges @bob∗x∗ to a game of Kalah.") || strings.ContainsRune(r.Text, '\u202E') {
		t.Errorf("challenge %+q, want @bob∗x∗ invited, without U+202E", r.Text)
	}
}
