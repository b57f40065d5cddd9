package render

import (
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// anyiwoliDigits is the least height, in px once the image is shown
// phoneWidth px wide, of the seed counts on Anyiwoli's 2x12 board (ayoayo
// pits=12), the widest two-row board offered. Fourteen columns (12 pits and
// two stores) cannot hold phoneDigits (14) px digits at 360 px: a pit's
// well is about 23 px wide there, and the counts are already as large as a
// well holds, 11.4 px. Reaching 14 px would need another drawing of the
// board (stores above and below, or bigger wells), which is left to a
// decision on the renderer; this pins what the board reads at today.
const anyiwoliDigits = 11

// TestPhoneDigitsAnyiwoli measures Anyiwoli's board as TestPhoneDigits
// does the default boards, against anyiwoliDigits.
func TestPhoneDigitsAnyiwoli(t *testing.T) {
	r := engine.MustNew("ayoayo", engine.Options{"pits": "12", "capture": "mixed"})
	for _, named := range []bool{false, true} {
		for _, scale := range []float64{1, 0.6} {
			g := newGeom(r.Layout(), scale, named)
			f := newFaces(g)
			rd := &renderer{g: g, faces: f}
			least := 1e9
			for _, n := range []int{0, 1, 4, 7, 9, 10, 11, 47, 96} {
				face, _ := rd.pitFace(n)
				for _, d := range "0123456789" {
					_, h := textSize(face, string(d))
					least = min(least, h)
				}
			}
			f.close()
			px := least * phoneWidth / float64(g.w)
			t.Logf("scale %g, names %v: %d px wide, digits %.1f px at %d px", scale, named, g.w, px, phoneWidth)
			if px < anyiwoliDigits {
				t.Errorf("scale %g, names %v: digits %.1f px at %d px wide; want %d", scale, named, px, phoneWidth, anyiwoliDigits)
			}
		}
	}
}
