package bot

import (
	"strconv"

	"github.com/mancala-bot/mancala/engine"
)

// moveLabel is a move's button label: its notation, except for a move that
// names an opponent's pit by the extended numbering N+j (Nam Nam's pits in
// the other row and its claims, Afrika's captures, Ohojitxi's drops,
// Tshuba's bonus captures): that pit is shown as the board labels it, j,
// with an arrow toward its row on the image. A board drawn from the
// mover's seat (drawnFromMover) has the opponent's rows above: "↑3". A
// two-row board is drawn from South's seat: "↑3" for South, "↓3" for North,
// whose opponent's row is below. A player reads "↓3" as "pit 3 of the row
// below", where the board shows it.
func moveLabel(p engine.Position, m engine.Move) string {
	return opponentPitLabel(p.Rules().Layout(), p.ToMove(), m)
}

// opponentPitLabel is moveLabel for a move of mover on a board of layout l.
func opponentPitLabel(l *engine.Layout, mover engine.Side, m engine.Move) string {
	if m.Kind != engine.Sow || m.Dir != engine.DirNone || m.Plus || l.Sides != 2 || int(m.Pit) <= l.Pits || int(m.Pit) > 2*l.Pits {
		return m.String()
	}
	arrow := "↑"
	if mover == engine.North && !drawnFromMover(l) {
		arrow = "↓"
	}
	return arrow + strconv.Itoa(int(m.Pit)-l.Pits)
}

// drawnFromMover reports whether boards of layout l are drawn from the seat
// of the player to move (their rows nearest, their pit 1 on the left): the
// three- and four-row boards (Gabata, Selus, Sulus; Bao, Tshuba), boards
// of four seats (Ruma) and boards taller than wide (Ohojitxi), whose pits
// are numbered from each owner's seat and hard to read upside down.
// Two-row boards are drawn from South's seat, as usual.
func drawnFromMover(l *engine.Layout) bool {
	return l.Rows >= 3 || l.Sides > 2
}

// moveText is a played move as the move lines write it: the move's button
// label (moveLabel), worked out from the move's events, which name the
// mover: "↑3" for a capture of the opponent's pit 3.
func moveText(l *engine.Layout, move string, ev []engine.Event) string {
	m, err := engine.ParseMove(move)
	if err != nil {
		return move
	}
	for _, e := range ev {
		switch e.Kind {
		case engine.EventPickup, engine.EventCapture, engine.EventFill, engine.EventSow:
			return opponentPitLabel(l, e.Side, m)
		}
	}
	return move
}
