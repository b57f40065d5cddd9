package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestTerminalReview plays a whole game of Kalah through the real program's
// terminal chat and asks for its review: the bot answers at once that it
// is analysing, and the review (its title, the graph saved as an image)
// follows through the platform's Deliver, before the program stops.
func TestTerminalReview(t *testing.T) {
	db := filepath.Join(t.TempDir(), "m.db")
	moves, _ := scriptGame(t, "kalah")
	script := "carol> /review\nalice> /new kalah @bob\nbob> /accept\n" + strings.Join(moves, "\n") + "\ncarol> /review\n"
	out := startMain(t, db, script, nil)
	if !strings.Contains(out, "There’s no finished game in this channel to review.") {
		t.Errorf("no refusal before the game:\n%s", out[:min(len(out), 1000)])
	}
	i := strings.Index(out, "Analysing the game… The review follows within 10 seconds.")
	if i < 0 {
		t.Fatalf("no immediate answer:\n%s", out[max(0, len(out)-2000):])
	}
	rest := out[i:]
	j := strings.Index(rest, "Review: Kalah, @alice (South) against @bob (North), 31 moves")
	if j < 0 || !strings.Contains(rest[j:], "image: ") {
		t.Fatalf("no review after the answer:\n%s", rest)
	}
	if !strings.Contains(rest[j:], "Turning points:") {
		t.Errorf("no turning points in a game of first-legal-ish moves:\n%s", rest)
	}
	t.Logf("%s", rest)
}
