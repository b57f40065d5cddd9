package engine

import "strconv"

// CellKind tells pits from stores.
type CellKind uint8

// Cell kinds.
const (
	PitCell CellKind = iota
	StoreCell
	// PenaltyCell is a seat's penalty pit (Ruma): outside the sowing, it
	// holds the seeds paid as penalties. Pit is 0.
	PenaltyCell
)

// CellInfo describes one cell of a layout.
type CellInfo struct {
	// Owner is the side the pit or store belongs to.
	Owner Side
	// Kind is PitCell or StoreCell.
	Kind CellKind
	// Pit is the pit's number in its owner's numbering (1..N); 0 for stores.
	Pit int
	// Row and Col place the cell on the drawn board, seen from South:
	// row 0 is the top row, column 0 the leftmost. A store spans all rows
	// and has Row -1; its column is left (0) or right (Cols-1) of the pits.
	Row, Col int
}

// Layout says what each cell of a variant's positions is and where it is
// drawn. It is shared by all positions of a rule set and must not be changed.
type Layout struct {
	// Sides is the number of players (1 for a solitaire).
	Sides int
	// Pits is the number of pits each side owns.
	Pits int
	// Rows and Cols give the drawn board's size in cells, stores included.
	Rows, Cols int
	// Cells describes every cell, indexed by Cell.
	Cells []CellInfo

	pit   [MaxSides][MaxPits + 1]Cell
	store [MaxSides]Cell
}

// Pit returns the cell of side s's pit n (1-based), or NoCell.
func (l *Layout) Pit(s Side, n int) Cell {
	if int(s) >= l.Sides || n < 1 || n > l.Pits {
		return NoCell
	}
	return l.pit[s][n]
}

// PitCells returns the cells of side s's pits, pit 1 first (none for a
// side the layout does not have). The slice is the layout's own: the
// caller must not change it. The search reads a side's pits through it at
// every node, where calling Pit for each is slower.
func (l *Layout) PitCells(s Side) []Cell {
	if int(s) >= l.Sides {
		return nil
	}
	return l.pit[s][1 : l.Pits+1]
}

// Store returns the cell of side s's store, or NoCell.
func (l *Layout) Store(s Side) Cell {
	if int(s) >= l.Sides {
		return NoCell
	}
	return l.store[s]
}

// index fills the lookup tables from Cells.
func (l *Layout) index() *Layout {
	for i := range l.store {
		l.store[i] = NoCell
		for n := range l.pit[i] {
			l.pit[i][n] = NoCell
		}
	}
	for i, c := range l.Cells {
		if c.Kind == StoreCell {
			l.store[c.Owner] = Cell(i)
		} else if c.Kind == PitCell {
			l.pit[c.Owner][c.Pit] = Cell(i)
		}
	}
	return l
}

// twoRowLayout is the board of the two-row games with n pits a side: cells
// 0..n-1 are South's pits 1..n, cell n South's store, cells n+1..2n North's
// pits 1..n and cell 2n+1 North's store. That is the counter-clockwise order
// around the board. Drawn from South's seat, South's row is at the bottom
// read left to right, North's row on top read right to left, South's store
// on the right and North's on the left.
func twoRowLayout(n int) *Layout {
	l := &Layout{Sides: 2, Pits: n, Rows: 2, Cols: n + 2}
	for i := 1; i <= n; i++ {
		l.Cells = append(l.Cells, CellInfo{Owner: South, Kind: PitCell, Pit: i, Row: 1, Col: i})
	}
	l.Cells = append(l.Cells, CellInfo{Owner: South, Kind: StoreCell, Row: -1, Col: n + 1})
	for i := 1; i <= n; i++ {
		l.Cells = append(l.Cells, CellInfo{Owner: North, Kind: PitCell, Pit: i, Row: 0, Col: n + 1 - i})
	}
	l.Cells = append(l.Cells, CellInfo{Owner: North, Kind: StoreCell, Row: -1, Col: 0})
	return l.index()
}

// oneRowLayout is the solitaire board: pits 1..n left to right and the store
// on the right, all South's.
func oneRowLayout(n int) *Layout {
	l := &Layout{Sides: 1, Pits: n, Rows: 1, Cols: n + 1}
	for i := 1; i <= n; i++ {
		l.Cells = append(l.Cells, CellInfo{Owner: South, Kind: PitCell, Pit: i, Row: 0, Col: i - 1})
	}
	l.Cells = append(l.Cells, CellInfo{Owner: South, Kind: StoreCell, Row: -1, Col: n})
	return l.index()
}

// CellName names cell c in English for traces and logs: "south pit 3",
// "north store"; a solitaire's cells are just "pit 3" and "store".
func (l *Layout) CellName(c Cell) string {
	if int(c) >= len(l.Cells) {
		return "cell " + strconv.Itoa(int(c))
	}
	ci := l.Cells[c]
	name := "store"
	if ci.Kind == PitCell {
		name = "pit " + strconv.Itoa(ci.Pit)
	} else if ci.Kind == PenaltyCell {
		name = "penalty pit"
	}
	if l.Sides > 1 {
		name = ci.Owner.String() + " " + name
	}
	return name
}
