package render

import (
	"bytes"
	"image"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// TestPatches: a board whose rings and pit numbers are copied from the
// cached patches has exactly the pixels of the same board with them drawn
// (an uncached geometry), for moves with start, sown, relay and tuzdyk
// rings, numbers in their owner's colour and the move's, whose turn it is
// either side's, after plies of every variant below.
func TestPatches(t *testing.T) {
	// The geometries here are the test's own, marked cached, and the
	// budget of the cached images is the test's while it runs (the other
	// tests may have spent it): their patches go with them.
	spent := baseBytes.Load()
	defer baseBytes.Store(spent)
	ids := []string{"kalah", "congkak", "togyz", "oware", "bao", "tchuka", "gabata", "namnam", "spent"}
	if testing.Short() {
		// Under the race detector (CI runs it with -short), drawing is
		// many times slower: a three-row, a four-row and the spent budget
		// there; the full list runs without it.
		ids = []string{"togyz", "bao", "spent"}
	}
	for _, id := range ids {
		spend := id == "spent" // Kalah again, with the budget spent: no patches, the same pixels
		if spend {
			id = "kalah"
		}
		baseBytes.Store(0)
		if spend {
			baseBytes.Store(maxBaseBytes)
		}
		p := engine.MustNew(id, nil).Start()
		rings := 0
		plain := map[engine.Side]*geom{}   // by viewer: not cached, rings stroked
		patched := map[engine.Side]*geom{} // by viewer: cached, rings copied
		var geoms []*geom
		for ply := 0; ply < 16 && p.Status() == engine.Ongoing; ply++ {
			ms := p.Moves()
			if len(ms) == 0 {
				break
			}
			q, ev, err := p.PlayEvents(ms[(ply*7)%len(ms)])
			if err != nil {
				t.Fatal(err)
			}
			p = q
			for _, o := range []Options{{Events: ev}, {Events: ev, Viewer: engine.North}} {
				l := layoutFor(p.Rules().Layout(), o)
				if plain[o.Viewer] == nil {
					plain[o.Viewer] = newGeom(l, o.Scale, o.named())
					patched[o.Viewer] = newGeom(l, o.Scale, o.named())
					patched[o.Viewer].cached = true
					geoms = append(geoms, patched[o.Viewer])
				}
				cached := patched[o.Viewer]
				pg := plain[o.Viewer]
				want := image.NewRGBA(image.Rect(0, 0, pg.w, pg.h))
				draw(want, pg, stateOf(p, pg, o), o)
				for range 2 { // the first draw may make the patches, the second uses them
					got := image.NewRGBA(image.Rect(0, 0, cached.w, cached.h))
					draw(got, cached, stateOf(p, cached, o), o)
					if !bytes.Equal(got.Pix, want.Pix) {
						t.Fatalf("%s after %d plies (viewer %v): the board with ring patches differs from the one stroked", id, ply+1, o.Viewer)
					}
				}
				m := collectMarks(cached, ev)
				for c := range cached.cells {
					if m.sown[c] || m.relay[c] || engine.Cell(c) == m.start {
						rings++
					}
				}
			}
		}
		if rings == 0 {
			t.Errorf("%s: no rings drawn", id)
		}
		patches := 0
		for _, g := range geoms {
			g.patches.Range(func(any, any) bool { patches++; return true })
		}
		if spend && patches != 0 {
			t.Errorf("%s: %d patches made with the budget spent", id, patches)
		} else if !spend && patches == 0 {
			t.Errorf("%s: no patches made", id)
		}
	}
}
