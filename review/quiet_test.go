package review

import (
	"context"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// quietBound is the most the evaluation may swing, on average, across the
// quiet plies of the recorded Kalah game at the default depth.
const quietBound = 0.7

// TestQuietSwingKalah reviews the recorded game of Kalah(6,4)
// (testdata/kalah.json, 41 plies) at the default depth (10), a fixed-depth
// computation, the same on every run. Its quiet plies (Quiet: nothing
// captured, no extra turn played or available on either side of the ply)
// are plies 6, 9, 33 and 34. Each position evaluated at depth 10 alone
// (Unsmoothed, the graph before) swings by 0.80 seeds on average across
// them; the mean of depths 9 and 10 (the review's evaluation now) by 0.55.
// (Over every ply: 0.72 before, 0.63 now.)
func TestQuietSwingKalah(t *testing.T) {
	start, moves := recorded(t, "kalah")
	for _, tc := range []struct {
		unsmoothed bool
		above      bool
	}{{unsmoothed: true, above: true}, {unsmoothed: false, above: false}} {
		rv, err := Game(context.Background(), start, moves, Options{Unsmoothed: tc.unsmoothed})
		if err != nil {
			t.Fatal(err)
		}
		if !rv.Complete {
			t.Fatal("review not complete")
		}
		var quiet []int
		for i := range rv.Plies {
			if rv.Quiet(i) {
				quiet = append(quiet, i+1)
			}
		}
		if want := []int{6, 9, 33, 34}; !equalInts(quiet, want) {
			t.Errorf("quiet plies %v, want %v", quiet, want)
		}
		swing, n := rv.QuietSwing()
		t.Logf("unsmoothed %v: quiet swing %.2f over %d plies", tc.unsmoothed, swing, n)
		if (swing > quietBound) != tc.above {
			t.Errorf("unsmoothed %v: quiet swing %.2f, want above %v: %v", tc.unsmoothed, swing, quietBound, tc.above)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestQuiet checks Quiet on the hand-checked game (see handGame): South's
// pit 1 is not quiet (pit 3 would have earned an extra turn, and North's
// answer captures), North's last move ends the game.
func TestQuiet(t *testing.T) {
	start, err := engine.ParsePosition([]byte(handGame))
	if err != nil {
		t.Fatal(err)
	}
	rv, err := Game(context.Background(), start, []engine.Move{{Pit: 1}, {Pit: 1}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range rv.Plies {
		if rv.Quiet(i) {
			t.Errorf("ply %d quiet", i+1)
		}
	}
	if m, n := rv.QuietSwing(); m != 0 || n != 0 {
		t.Errorf("QuietSwing = %v over %d, want none", m, n)
	}
}
