package render

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// graphCase is a 30-ply game's evaluations, written by hand: South ahead
// early, a turning point at ply 12 (index 11) where South's move swings
// the value from +3 to -6, North's own slip at ply 21 (index 20), one
// value out of the scale (-30, clamped to -24) at the end, and a value the
// time did not reach (ply 25: a gap in the dots).
func graphCase() EvalGraph {
	vals := []float64{0, 1, 0.5, 2, 1.5, 3, 2.5, 4, 3.5, 3, 3.5, 3,
		-6, -5.5, -7, -6, -8, -7.5, -9, -8, -10, -2, -3, -1, -2,
		-2, -4, -5, -12, -20, -30}
	known := make([]bool, len(vals))
	for i := range known {
		known[i] = i != 25
	}
	movers := make([]engine.Side, len(vals)-1)
	for i := range movers {
		movers[i] = engine.Side(i % 2)
	}
	movers[4], movers[5] = engine.South, engine.South // an extra turn
	return EvalGraph{Values: vals, Known: known, Movers: movers, Turning: []int{11, 20}}
}

func TestGraphGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := Graph(&buf, graphCase()); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != GraphWidth || b.Dy() != GraphHeight {
		t.Errorf("size %v, want %dx%d", b, GraphWidth, GraphHeight)
	}
	t.Logf("graph: %d bytes", buf.Len())
	checkGolden(t, "review_graph", buf.Bytes())
}

// TestGraphEmpty: no values (a game reviewed before its first move) and a
// single value draw the axes without failing.
func TestGraphEmpty(t *testing.T) {
	for _, g := range []EvalGraph{{}, {Values: []float64{1}}} {
		var buf bytes.Buffer
		if err := Graph(&buf, g); err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(&buf); err != nil {
			t.Fatal(err)
		}
	}
}

func BenchmarkGraph(b *testing.B) {
	g := graphCase()
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := Graph(&buf, g); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
}
