package review

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// recorded reads a game of testdata/NAME.json (see testdata/README.md):
// its start and its moves.
func recorded(tb testing.TB, name string) (engine.Position, []engine.Move) {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name+".json"))
	if err != nil {
		tb.Fatal(err)
	}
	var rec struct {
		Variant string         `json:"variant"`
		Options engine.Options `json:"options"`
		Moves   string         `json:"moves"`
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		tb.Fatal(err)
	}
	r, err := engine.New(rec.Variant, rec.Options)
	if err != nil {
		tb.Fatal(err)
	}
	g := engine.NewGame(r.Start())
	for _, f := range strings.Fields(rec.Moves) {
		m, err := engine.ParseMove(f)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := g.Play(m); err != nil {
			tb.Fatalf("%s: move %d (%s): %v", name, len(g.Moves())+1, f, err)
		}
	}
	return r.Start(), g.Moves()
}

// TestSwingFigures logs the swings of the recorded games named in
// REVIEW_SWING (e.g. REVIEW_SWING="kalah oware togyz" go test -run
// SwingFigures -v ./review), unsmoothed and smoothed, at the default depth
// (REVIEW_DEPTH to change it), with every position's value (q: the ply
// into it is quiet; x: exact): a measurement, not a test, skipped without
// REVIEW_SWING.
func TestSwingFigures(t *testing.T) {
	if os.Getenv("REVIEW_SWING") == "" {
		t.Skip("REVIEW_SWING not set")
	}
	depth, _ := strconv.Atoi(os.Getenv("REVIEW_DEPTH"))
	for _, name := range strings.Fields(os.Getenv("REVIEW_SWING")) {
		start, moves := recorded(t, name)
		for _, raw := range []bool{true, false} {
			rv, err := Game(context.Background(), start, moves, Options{Depth: depth, Unsmoothed: raw})
			if err != nil {
				t.Fatal(err)
			}
			q, nq := rv.QuietSwing()
			a, na := rv.Swing()
			var b strings.Builder
			for i, e := range rv.Evals {
				mark, x := " ", " "
				if i > 0 && rv.Quiet(i-1) {
					mark = "q"
				}
				if e.Exact {
					x = "x"
				}
				fmt.Fprintf(&b, "%3d %s%s %6.2f\n", i, mark, x, e.South)
			}
			t.Logf("%s unsmoothed %v: quiet swing %.2f over %d plies; every ply %.2f over %d\n%s", name, raw, q, nq, a, na, b.String())
		}
	}
}
