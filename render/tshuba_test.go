package render

import (
	"bytes"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// TestTshuba: the 4x8 Tshuba board with its two stores, drawn from North's
// seat (as the bot draws a four-row game for North to move) after South's
// capture, its bonus and North's capture, with North's bonus due: North's
// rows at the bottom, North's pit 1 on the left, the stores at the ends.
func TestTshuba(t *testing.T) {
	r := engine.MustNew("tshuba", nil)
	p := r.Start()
	var ev []engine.Event
	for _, m := range []uint8{15, 32, 6} {
		var err error
		if p, ev, err = p.PlayEvents(engine.Move{Pit: m}); err != nil {
			t.Fatal(err)
		}
	}
	if p.ToMove() != engine.North || p.Extra()["bonus"] != 1 {
		t.Fatalf("want North's bonus due: %s %v", p.String(), p.Extra())
	}
	l := r.Layout()
	north := geomFor(layoutFor(l, Options{Viewer: engine.North}), 0, true)
	_, ny := north.center(l.Pit(engine.North, 1))
	_, sy := north.center(l.Pit(engine.South, 1))
	if ny <= sy {
		t.Error("North's view: North's pit 1 is not below South's")
	}
	var b bytes.Buffer
	if err := PNG(&b, p, Options{Events: ev, Names: [2]string{"@alice", "@bob"}, Viewer: engine.North}); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "tshuba_north_view", b.Bytes())
}
