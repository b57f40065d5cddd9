package render

import (
	"math"

	"github.com/mancala-bot/mancala/engine"
)

// trap marks a trap (a Selus wegue, a Sulus trap; Position.Marks,
// MarkTrap): the well tinted in its owner's colour, ringed in it, with
// four teeth pointing in from the rim, like a jaw. Unlike a tuzdyk a trap
// holds seeds, so its seeds and count are drawn over it as in any pit.
func (r *renderer) trap(cx, cy float64, owner engine.Side) {
	g, dc := r.g, r.dc
	col := sideColor(owner)
	dc.DrawCircle(cx, cy, g.pitR)
	dc.SetColor(alpha(col, 0.38))
	dc.Fill()
	w := 0.05 * g.pitch
	dc.SetLineWidth(w)
	dc.SetColor(col)
	dc.DrawCircle(cx, cy, g.pitR-w/2)
	dc.Stroke()
	rim, tip, half := g.pitR-w, g.pitR-0.17*g.pitch, 0.16
	for k := range 4 {
		a := math.Pi/4 + float64(k)*math.Pi/2
		dc.MoveTo(cx+rim*math.Cos(a-half), cy+rim*math.Sin(a-half))
		dc.LineTo(cx+tip*math.Cos(a), cy+tip*math.Sin(a))
		dc.LineTo(cx+rim*math.Cos(a+half), cy+rim*math.Sin(a+half))
		dc.ClosePath()
	}
	dc.Fill()
}
