package engine

import "encoding/binary"

// The three-row board of Gabata, Selus and Sulus
// (docs/sources/more-games-rules.md section 7).
//
// Three rows of six pits. Each player owns his back row and the right half
// of the middle row as he sees it: 9 pits. A player's pits 1..6 are his
// back row from his left; 7..9 his half of the middle row, from the
// board's edge towards the centre (7 is in front of his pit 6). This is
// also the sowing order: South 1..9, North 1..9, South 1, ... (a 2x9 board
// in disguise), counter-clockwise seen from above.
//
// Cells 0..8 are South's pits 1..9, cells 9..17 North's pits 1..9 (so a
// pit's cell is its place on the 18-pit sowing path), cell 18 South's
// store and cell 19 North's store (captures; drawn beside the board, Row
// -1). Column c (0..5, from South's left) holds South's pit c+1 (back
// row), the middle pit (South's pit 12-c for c >= 3, North's pit c+7 for
// c <= 2) and North's pit 6-c (back row). Drawn from South's seat: row 0
// is North's back row, row 1 the middle row (North's half on the left,
// South's on the right), row 2 South's back row; drawing columns 1..6 are
// the board's columns 0..5, North's store is column 0 and South's column
// 7.
const (
	t3Pits  = 9
	t3Path  = 18 // pits on the sowing path
	t3South = 18 // South's store cell
	t3North = 19 // North's store cell
)

// t3Col is the board column (0..5, from South's left) of each pit cell.
var t3Col = func() (t [t3Path]uint8) {
	for n := 1; n <= 9; n++ {
		if n <= 6 {
			t[n-1], t[9+n-1] = uint8(n-1), uint8(6-n)
		} else {
			t[n-1], t[9+n-1] = uint8(12-n), uint8(n-7)
		}
	}
	return t
}()

// t3Column[c] lists the three pit cells of board column c: back South,
// middle, back North.
var t3Column = func() (t [6][3]uint8) {
	for c := range 6 {
		t[c][0] = uint8(c)
		if c >= 3 {
			t[c][1] = uint8(12 - c - 1)
		} else {
			t[c][1] = uint8(9 + c + 7 - 1)
		}
		t[c][2] = uint8(9 + 6 - c - 1)
	}
	return t
}()

// threeRowLayout is the board described above.
func threeRowLayout() *Layout {
	l := &Layout{Sides: 2, Pits: t3Pits, Rows: 3, Cols: 8}
	for _, s := range []Side{South, North} {
		for n := 1; n <= 9; n++ {
			c := int(t3Col[9*int(s)+n-1])
			row := 0
			switch {
			case n >= 7:
				row = 1
			case s == South:
				row = 2
			}
			l.Cells = append(l.Cells, CellInfo{Owner: s, Kind: PitCell, Pit: n, Row: row, Col: c + 1})
		}
	}
	l.Cells = append(l.Cells,
		CellInfo{Owner: South, Kind: StoreCell, Row: -1, Col: 7},
		CellInfo{Owner: North, Kind: StoreCell, Row: -1, Col: 0})
	return l.index()
}

// t3State is a relay sowing's state before a relay pick-up, for the
// never-ending check (C4): the 18 pits and both stores, and the pit about
// to be lifted.
type t3State struct {
	a, b, c uint64
	pos     uint8
}

func t3StateOf(cells *[MaxCells]uint8, pos int) t3State {
	return t3State{
		binary.LittleEndian.Uint64(cells[0:8]), binary.LittleEndian.Uint64(cells[8:16]),
		binary.LittleEndian.Uint64(cells[16:24]), uint8(pos),
	}
}

// t3Brent is Brent's cycle detection over the states before relay
// pick-ups (C4): O(1) memory; restarted by anything that cannot be undone
// (a capture, a trap made).
type t3Brent struct {
	saved      t3State
	valid      bool
	power, lam int
}

func (b *t3Brent) reset() { b.valid, b.power, b.lam = false, 1, 1 }

// repeats records st and reports whether it closes a cycle.
func (b *t3Brent) repeats(st t3State) bool {
	if b.valid && st == b.saved {
		return true
	}
	if !b.valid || b.lam == b.power {
		b.saved, b.valid, b.power, b.lam = st, true, 2*b.power, 0
	}
	b.lam++
	return false
}

// t3Lap sows n seeds one by one from the pit after pos along the 18-pit
// path and returns the last pit. Without events, whole rounds are added
// at once.
func t3Lap(cells *[MaxCells]uint8, me Side, pos, n int, ev *[]Event) int {
	if ev == nil {
		if k := n / t3Path; k > 0 {
			for i := range t3Path {
				cells[i] += uint8(k)
			}
			n -= k * t3Path
			if n == 0 {
				return pos
			}
		}
		for ; n > 0; n-- {
			if pos++; pos == t3Path {
				pos = 0
			}
			cells[pos]++
		}
		return pos
	}
	for ; n > 0; n-- {
		if pos++; pos == t3Path {
			pos = 0
		}
		cells[pos]++
		emit(ev, Event{Kind: EventSow, Side: me, Cell: Cell(pos)})
	}
	return pos
}
