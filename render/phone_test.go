package render

import (
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// phoneCases are the boards that must read at phone size: every registered
// variant at its default options, and the widest common option, Kalah with
// eight pits.
func phoneCases(t *testing.T) map[string]engine.Rules {
	t.Helper()
	rs := map[string]engine.Rules{}
	for _, v := range engine.Variants() {
		r, err := v.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		rs[v.ID] = r
	}
	rs["kalah-8"] = engine.MustNew("kalah", engine.Options{"pits": "8"})
	return rs
}

// TestPhoneDigits: shown phoneWidth (360) px wide, as in a phone's chat, a
// board's seed counts of one and two digits are at least phoneDigits (14)
// px tall, measured on the ink of the digits the renderer draws them with,
// with names or without, at any scale.
func TestPhoneDigits(t *testing.T) {
	for id, r := range phoneCases(t) {
		for _, named := range []bool{false, true} {
			for _, scale := range []float64{1, 0.6} {
				g := newGeom(r.Layout(), scale, named)
				f := newFaces(g)
				r := &renderer{g: g, faces: f}
				least := 1e9
				for _, n := range []int{0, 1, 4, 7, 9, 10, 11, 47, 99} {
					face, _ := r.pitFace(n)
					for _, d := range "0123456789" {
						_, h := textSize(face, string(d))
						least = min(least, h)
					}
				}
				f.close()
				px := least * phoneWidth / float64(g.w)
				if scale == 1 && !named {
					t.Logf("%-9s %4d px wide: digits %.1f px, %.1f px at %d px", id, g.w, least, px, phoneWidth)
				}
				if px < phoneDigits {
					t.Errorf("%s (scale %g, names %v): digits %.1f px tall in a %d px image, %.1f px at %d px wide; want %d",
						id, scale, named, least, g.w, px, phoneWidth, phoneDigits)
				}
			}
		}
	}
}
