package bot

import (
	"strconv"

	"github.com/mancala-bot/mancala/engine"
)

// moveLabel is a move's button label: its notation, except for a move that
// names a pit of the other row by the extended numbering N+j (Oware Nam
// Nam's pits owned in the other row and its claims): that pit is shown as
// the board labels it, j, with an arrow toward its row on the image, which
// is drawn from South's seat: "↑3" for South (North's row is above), "↓3"
// for North. A player reads "↓3" as "pit 3 of the row below", where the
// board shows it in their colour.
func moveLabel(p engine.Position, m engine.Move) string {
	l := p.Rules().Layout()
	if m.Kind != engine.Sow || m.Dir != engine.DirNone || m.Plus || l.Sides != 2 || l.Rows != 2 || int(m.Pit) <= l.Pits {
		return m.String()
	}
	c := p.MoveCell(m)
	if c == engine.NoCell {
		return m.String()
	}
	arrow := "↑"
	if p.ToMove() == engine.North {
		arrow = "↓"
	}
	return arrow + strconv.Itoa(l.Cells[c].Pit)
}
