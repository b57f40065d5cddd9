package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTerminalReview plays a whole game of Kalah through the real program's
// terminal chat and asks for its review: the bot answers at once that it
// is analysing, and the review (its title, the graph saved as an image)
// follows through the platform's Deliver. The input ends only once the
// review has begun to come out: a review has 10 seconds, all of which it
// may use under the race detector, and the input's end stops the program.
func TestTerminalReview(t *testing.T) {
	r := startRunning(t, filepath.Join(t.TempDir(), "m.db"))
	moves, _ := scriptGame(t, "kalah")
	for _, line := range append([]string{"carol> /review", "alice> /new kalah @bob", "bob> /accept"}, append(moves, "carol> /review")...) {
		r.say(line)
	}
	var out strings.Builder
	guard := time.After(2 * time.Minute) // a hang, not a timing
wait:
	for {
		select {
		case line, ok := <-r.lines:
			if !ok {
				t.Fatalf("the program ended before the review:\n%s", out.String())
			}
			out.WriteString(line + "\n")
			if strings.Contains(line, "Review: Kalah, @alice (South) against @bob (North), 31 moves") {
				break wait
			}
		case <-guard:
			t.Fatalf("no review within the guard:\n%s", out.String())
		}
	}
	// The review is one message: the rest of it comes before the
	// program, its input ended, stops.
	r.in.Close()
	for line := range r.lines {
		out.WriteString(line + "\n")
	}
	text := out.String()
	if !strings.Contains(text, "There’s no finished game in this channel to review.") {
		t.Errorf("no refusal before the game:\n%s", text[:min(len(text), 1000)])
	}
	i := strings.Index(text, "Analysing the game… The review follows within 10 seconds.")
	if i < 0 {
		t.Fatalf("no immediate answer:\n%s", text[max(0, len(text)-2000):])
	}
	rest := text[i:]
	j := strings.Index(rest, "Review: Kalah, @alice (South) against @bob (North), 31 moves")
	if j < 0 || !strings.Contains(rest[j:], "image: ") {
		t.Fatalf("no review after the answer:\n%s", rest)
	}
	if !strings.Contains(rest[j:], "Turning points:") {
		t.Errorf("no turning points in a game of first-legal-ish moves:\n%s", rest)
	}
	t.Logf("%s", rest)
}
