package engine

import (
	"fmt"
	"strings"
)

// String draws the position as text, seen from South's seat: the pits row
// by row with the owner's pit numbers, the stores at the ends, and a line
// saying whose turn it is or how the game ended. For logs, the command-line
// tool and the terminal chat.
func (p Position) String() string {
	if p.rules == nil {
		return "<no position>"
	}
	l := p.rules.Layout()
	if l.Sides == 4 {
		return p.squareString()
	}
	// A pit's name; a pit owned by another side than its row's (Nam Nam)
	// gets its owner's initial: "N2s" is North's pit 2, South's now.
	name := func(c Cell) string {
		ci := l.Cells[c]
		s := fmt.Sprintf("%c%d", strings.ToUpper(ci.Owner.String())[0], ci.Pit)
		if o := p.Owner(c); o != ci.Owner && o < MaxSides {
			s += o.String()[:1]
		}
		return s
	}
	w := 2
	for i, ci := range l.Cells {
		w = max(w, len(fmt.Sprint(p.cells[i])))
		if ci.Kind != StoreCell {
			w = max(w, len(name(Cell(i)))) // labels line up with cells
		}
	}
	cell := func(c Cell) string { return fmt.Sprintf("[%*d]", w, p.cells[c]) }
	blank := strings.Repeat(" ", w+2)
	label := func(c Cell) string { return fmt.Sprintf(" %*s ", w, name(c)) }
	grid := make([][]Cell, l.Rows)
	for r := range grid {
		grid[r] = make([]Cell, l.Cols)
		for c := range grid[r] {
			grid[r][c] = NoCell
		}
	}
	var left, right []Cell
	for i, ci := range l.Cells {
		switch {
		case ci.Kind == StoreCell && ci.Col == 0:
			left = append(left, Cell(i))
		case ci.Kind == StoreCell:
			right = append(right, Cell(i))
		default:
			grid[ci.Row][ci.Col] = Cell(i)
		}
	}
	row := func(r int, f func(Cell) string) string {
		var b strings.Builder
		for _, c := range grid[r] {
			if c == NoCell {
				b.WriteString(blank)
			} else {
				b.WriteString(f(c))
			}
		}
		return strings.TrimRight(b.String(), " ")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s ply %d: ", p.rules.Variant().ID, p.ply)
	if p.status == Ongoing {
		fmt.Fprintf(&b, "%s to move\n", p.toMove)
	} else {
		if p.reason != EndNone {
			fmt.Fprintf(&b, "%s (%s)\n", p.status, p.reason)
		} else {
			fmt.Fprintf(&b, "%s\n", p.status)
		}
	}
	if r := p.Round(); r > 0 { // a game of rounds (Nam Nam)
		fmt.Fprintf(&b, "round %d", r)
		if x := p.Extra(); x["phase"] == "claim" {
			fmt.Fprintf(&b, ", claims left: %v", x["claims"])
		}
		b.WriteString("\n")
	}
	if l.Rows == 1 {
		b.WriteString(row(0, label) + "\n")
		b.WriteString(row(0, cell) + " " + cell(right[0]) + "\n")
		return b.String()
	}
	// Every row gets its pit numbers on a line of their own: on the outer
	// side of the outer rows, on the middle side of the rows next to the
	// stores' line (four-row boards' front rows, the three-row boards'
	// middle row), and for a half of three rows or more (Ohojitxi) above
	// each row of the upper half and below each of the lower.
	half := l.Rows / 2
	above := func(r int) bool {
		if half > 2 {
			return r < half
		}
		return r == 0 || r == half && r != l.Rows-1
	}
	below := func(r int) bool {
		if half > 2 {
			return r >= half
		}
		return r == l.Rows-1 || r == half-1 && r != 0
	}
	for r := range l.Rows {
		if r == half {
			var s strings.Builder
			for i := range l.Cols {
				switch {
				case i == 0 && len(left) > 0:
					s.WriteString(cell(left[0]))
				case i == l.Cols-1 && len(right) > 0:
					s.WriteString(cell(right[0]))
				default:
					s.WriteString(blank)
				}
			}
			b.WriteString(strings.TrimRight(s.String(), " ") + "\n")
		}
		if above(r) {
			b.WriteString(row(r, label) + "\n")
		}
		b.WriteString(row(r, cell) + "\n")
		if below(r) {
			b.WriteString(row(r, label) + "\n")
		}
	}
	return b.String()
}
