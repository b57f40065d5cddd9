package render

import (
	"strconv"

	"golang.org/x/image/font"

	"github.com/mancala-bot/mancala/engine"
)

// handRoom returns the width side s's seeds in hand take in its name row
// (see drawHands), with a gap to the name: 0 for an empty hand. On a narrow
// board (Ohojitxi's two files) the name is shortened to leave it.
func (r *renderer) handRoom(s engine.Side) float64 {
	if int(s) >= len(r.s.hands) || r.s.hands[s] <= 0 {
		return 0
	}
	w := float64(font.MeasureString(r.faces.name, strconv.Itoa(r.s.hands[s]))) / 64
	return 5*r.g.seedR*1.6 + w + 0.15*r.g.pitch
}

// nameSpan returns the x range of the name rows: the board's width, or on
// a board taller than wide (Ohojitxi's six ranks of two files) the whole
// image's, so that a name and the seeds in hand fit side by side.
func (r *renderer) nameSpan() (x0, x1 float64) {
	g := r.g
	if g.rows > g.cols {
		return 0, float64(g.w)
	}
	return g.boardX0, g.boardX1
}
