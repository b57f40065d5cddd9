// Package boardview is how a game's board is shown to its players, the
// same in the chat (package bot) and on the game's public page (package
// web): which seat a board is drawn from, the labels of moves that name a
// pit of the other row as the image labels it, the seats in turn order,
// and the render.Options of a stored game's board.
package boardview

import (
	"strconv"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
)

// DrawnFromMover reports whether boards of layout l are drawn from the
// seat of the player to move (their rows nearest, their pit 1 on the left):
// the three- and four-row boards (Gabata, Selus, Sulus; Bao, Tshuba),
// boards of four seats (Ruma) and boards taller than wide (Ohojitxi),
// whose pits are numbered from each owner's seat and hard to read upside
// down. Two-row boards are drawn from South's seat, as usual.
func DrawnFromMover(l *engine.Layout) bool {
	return l.Rows >= 3 || l.Sides > 2
}

// MoveLabel is a move's button label: its notation, except for a move that
// names an opponent's pit by the extended numbering N+j (Nam Nam's pits in
// the other row and its claims, Afrika's captures, Ohojitxi's drops,
// Tshuba's bonus captures): that pit is shown as the board labels it, j,
// with an arrow toward its row on the image. A board drawn from the
// mover's seat (DrawnFromMover) has the opponent's rows above: "↑3". A
// two-row board is drawn from South's seat: "↑3" for South, "↓3" for North,
// whose opponent's row is below. A player reads "↓3" as "pit 3 of the row
// below", where the board shows it.
func MoveLabel(p engine.Position, m engine.Move) string {
	return PitLabel(p.Rules().Layout(), p.ToMove(), m)
}

// PitLabel is MoveLabel for a move m of mover on a board of layout l.
func PitLabel(l *engine.Layout, mover engine.Side, m engine.Move) string {
	if m.Kind != engine.Sow || m.Dir != engine.DirNone || m.Plus || l.Sides != 2 || int(m.Pit) <= l.Pits || int(m.Pit) > 2*l.Pits {
		return m.String()
	}
	arrow := "↑"
	if mover == engine.North && !DrawnFromMover(l) {
		arrow = "↓"
	}
	return arrow + strconv.Itoa(int(m.Pit)-l.Pits)
}

// MoveText is a played move (its stored notation) as the move lines write
// it: the move's label (MoveLabel), worked out from the move's events,
// which name the mover: "↑3" for a capture of the opponent's pit 3. A move
// that does not parse is written as stored.
func MoveText(l *engine.Layout, move string, ev []engine.Event) string {
	m, err := engine.ParseMove(move)
	if err != nil {
		return move
	}
	for _, e := range ev {
		switch e.Kind {
		case engine.EventPickup, engine.EventCapture, engine.EventFill, engine.EventSow:
			return PitLabel(l, e.Side, m)
		}
	}
	return move
}

// TurnOrder is the n seats in the order they move: South, North for two;
// South, East, North, West for four (Ruma).
func TurnOrder(n int) []engine.Side {
	if n == 4 {
		return []engine.Side{engine.South, engine.East, engine.North, engine.West}
	}
	out := make([]engine.Side, n)
	for i := range out {
		out[i] = engine.Side(i)
	}
	return out
}

// SeatOf is the seat (index in store.Game.Players) of the player who plays
// side in pos: the side itself, or the other one after a pie-rule swap
// (see engine.Position.Swapped), which only two-sided games have.
func SeatOf(pos engine.Position, side engine.Side) int {
	if pos.Swapped() && side <= engine.North {
		return 1 - int(side)
	}
	return int(side)
}

// WinnerSeat is the seat that won rec (its stored result is by seat), or
// -1: a draw, a game not over, or a result naming no seat of rec.
func WinnerSeat(rec *store.Game) int {
	st, err := engine.ParseStatus(rec.Result)
	if err != nil {
		return -1
	}
	if w, ok := st.Winner(); ok && int(w) < len(rec.Players) {
		return int(w)
	}
	return -1
}

// Board is one position of a stored game, as Options draws it.
type Board struct {
	Rec    *store.Game
	Rules  engine.Rules
	Pos    engine.Position
	Events []engine.Event // the move that led to Pos, marked on the board
	// Final: the game has ended at Pos, and the board shows Rec's result.
	Final bool
	// Name is the name drawn for the player of seat (an index in
	// Rec.Players), "" for none; SeatName is a side's seat name ("South"),
	// drawn under the player's name at a table of more than two sides.
	Name     func(seat int) string
	SeatName func(side engine.Side) string
}

// Options are what the board image of b shows besides the position: the
// players' names by side, and at a table of four every seat's player and
// name; the move that led to it; a board drawn from the mover
// (DrawnFromMover) turned to the player to move while the game goes on;
// and the result on a final board.
func Options(b Board) render.Options {
	p := b.Pos
	o := render.Options{Events: b.Events}
	for side := range min(len(o.Names), len(b.Rec.Players)) {
		o.Names[side] = b.Name(SeatOf(p, engine.Side(side)))
	}
	if b.Rules.Layout().Sides > 2 {
		for side := range min(len(o.Seats), len(b.Rec.Players)) {
			o.Seats[side] = b.Name(SeatOf(p, engine.Side(side)))
			o.SeatLabels[side] = b.SeatName(engine.Side(side))
		}
	}
	if DrawnFromMover(b.Rules.Layout()) && !b.Final && p.Status() == engine.Ongoing {
		o.Viewer = p.ToMove()
	}
	if b.Final {
		switch w := WinnerSeat(b.Rec); w {
		case -1:
			o.Status = engine.Draw
		default:
			o.Status = engine.Won(engine.Side(SeatOf(p, engine.Side(w))))
		}
	}
	return o
}
