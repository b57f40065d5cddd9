package render

import (
	"math"
	"sync"

	"github.com/mancala-bot/mancala/engine"
)

// Proportions, as fractions of the pitch (the distance between neighbouring
// pit centres).
const (
	pitRadius      = 0.44  // a pit's radius
	seedRadius     = 0.048 // a drawn seed's radius
	rimGap         = 0.020 // between a pit's rim and its ring of seeds
	bandHeight     = 0.48  // a row of pit-number labels
	nameHeight     = 0.56  // a row for a player's name
	boardPad       = 0.08  // board edge around the outermost cells
	marginX        = 0.08  // image edge to board edge, left and right
	marginNoStore  = 0.45  // the same when a side has no store
	marginSide     = 0.80  // the same on a tall board, whose pit labels are beside the pits
	sideLabelGap   = 0.32  // a tall board's pit label's centre to the board's edge
	sideRowGap     = 0.16  // between a tall board's rows, whose labels are beside them
	labelNudge     = 0.04  // pit labels sit this much closer to their row
	marginY        = 0.08  // image edge to the outermost labels
	halfGap        = 0.10  // extra space between rows of different owners
	maxPitSeeds    = 15    // most seeds drawn in a pit
	badgeZone      = 0.17  // kept clear of seeds at the top of a store
	shortStoreLift = 0.15  // a one-row store's count sits this far above its centre
)

// geom is where everything goes for one layout at one scale. It reads
// only the layout's exported fields (Sides, Rows, Cols, Cells), so any
// layout draws, however many rows it has.
type geom struct {
	cells []engine.CellInfo // the layout's cells, at most MaxCells
	named bool              // with a row for each player's name
	// sideLabels: the pit labels are beside the pits, outside the board's
	// left and right edges, not in bands between rows (a tall board of
	// two columns, Ohojitxi's, where a label between two rows could be
	// either's).
	sideLabels bool
	sides      int
	rows       int
	cols       int
	pitch      float64
	w, h       int

	x0     float64       // x of column 0's left edge
	rowTop []float64     // y of each row's top edge
	band   []float64     // y of the centre of each row's label band
	owner  []engine.Side // the side owning each row's pits
	// kichwa marks the end pits of each side's front row on a four-row
	// board (the Bao games' kichwa, where captured seeds enter).
	kichwa [engine.MaxCells]bool

	boardX0, boardY0, boardX1, boardY1 float64
	storeY0, storeY1                   float64 // a store's top and bottom

	pitR, seedR, ringR float64
	ringCap            int // seeds that fit on a pit's ring

	nameY [engine.MaxSides]float64 // the centre of each side's name row (0: none)
	// top is the side drawn at the top: North, or South on a board turned
	// round for North's seat (see layoutFor); read from the first row.
	top engine.Side

	// Font sizes in pixels (see fontSizes).
	fPit, fPit3, fStore, fStore3, fLabel, fBadge, fName float64
	// beads[k] reports whether a pit's seeds are drawn around a count of
	// k+1 digits: whether the ring of seeds clears its digits.
	beads [3]bool

	pitOf   [engine.MaxSides][engine.MaxPits + 1]engine.Cell // NoCell where absent
	storeOf [engine.MaxSides]engine.Cell

	sq *square // the square board of four seats (square.go), else nil

	cached  bool                          // g is in geomCache
	bases   [engine.MaxSides + 1]baseSlot // by tint: see base
	patches sync.Map                      // ringKey, labelKey -> *patch: see geom.patch
}

// newGeom lays out l. The pitch is about 1000 px over the number of
// columns, within 96..128 px, times the scale. named adds a row for each
// player's name, above North's labels and below South's.
func newGeom(l *engine.Layout, scale float64, named bool) *geom {
	if l.Sides == 4 {
		return newSquareGeom(l, scale, named)
	}
	scale = clampScale(scale)
	rows, cols := min(max(l.Rows, 1), engine.MaxCells), min(max(l.Cols, 1), engine.MaxCells)
	pitch := math.Round(min(max(1000/(float64(cols)+0.5), 96), 128)) * scale
	g := &geom{cells: l.Cells[:min(len(l.Cells), engine.MaxCells)], named: named, sides: l.Sides, rows: rows, cols: cols, pitch: pitch, top: engine.North}

	for s := range g.pitOf {
		g.storeOf[s] = engine.NoCell
		for n := range g.pitOf[s] {
			g.pitOf[s][n] = engine.NoCell
		}
	}
	g.sideLabels = l.Sides == 2 && cols == 2 && rows > 4
	g.owner = make([]engine.Side, rows)
	seen := make([]bool, rows)
	for i, ci := range g.cells {
		if int(ci.Owner) >= engine.MaxSides {
			continue
		}
		if ci.Kind == engine.StoreCell {
			g.storeOf[ci.Owner] = engine.Cell(i)
			continue
		}
		if ci.Pit >= 1 && ci.Pit <= engine.MaxPits {
			g.pitOf[ci.Owner][ci.Pit] = engine.Cell(i)
		}
		if ci.Row >= 0 && ci.Row < rows && !seen[ci.Row] {
			g.owner[ci.Row], seen[ci.Row] = ci.Owner, true
		}
	}

	// Four rows, two sides: the inner rows are the front rows, and their end
	// pits the kichwa.
	if rows == 4 && l.Sides == 2 {
		for i, ci := range g.cells {
			if ci.Kind != engine.StoreCell && (ci.Row == 1 || ci.Row == 2) && (ci.Col == 0 || ci.Col == cols-1) {
				g.kichwa[i] = true
			}
		}
	}

	// The side whose pits fill the first row is drawn at the top: North,
	// or South on a board turned round for North's seat (see layoutFor).
	if rows > 1 && g.sides == 2 {
		g.top = g.owner[0]
	}
	bottom := 1 - g.top

	// Rows from the top: the top side's rows carry their labels above, the others
	// below; rows of different owners are a little apart.
	g.rowTop = make([]float64, rows)
	g.band = make([]float64, rows)
	b := bandHeight * pitch
	y := marginY * pitch
	if _, _, ok := g.sideRows(g.top); ok && named {
		g.nameY[g.top] = y + nameHeight*pitch/2
		y += nameHeight * pitch
	}
	if g.above(0) {
		g.band[0] = y + b/2
		y += b
	}
	g.boardY0 = y
	y += boardPad * pitch
	inner := b // a label band between two rows
	if g.sideLabels {
		inner = sideRowGap * pitch // labels beside the pits: rows just apart
	}
	for r := range rows {
		if r > 0 {
			if !g.above(r - 1) {
				g.band[r-1] = y + inner/2
				y += inner
			}
			if g.owner[r] != g.owner[r-1] {
				y += halfGap * pitch
			}
			if g.above(r) {
				g.band[r] = y + inner/2
				y += inner
			}
		}
		g.rowTop[r] = y
		y += pitch
	}
	y += boardPad * pitch
	g.boardY1 = y
	if !g.above(rows - 1) {
		g.band[rows-1] = y + b/2
		y += b
	}
	if _, _, ok := g.sideRows(bottom); ok && named {
		g.nameY[bottom] = y + nameHeight*pitch/2
		y += nameHeight * pitch
	}
	y += marginY * pitch
	g.h = int(math.Ceil(y))

	// A side without a store has its result mark in a wider margin.
	mx := marginX
	for s := range min(max(l.Sides, 0), engine.MaxSides) {
		if g.storeOf[s] == engine.NoCell {
			mx = marginNoStore
		}
	}
	if g.sideLabels {
		mx = marginSide
	}
	g.x0 = (mx + boardPad) * pitch
	g.boardX0 = mx * pitch
	g.boardX1 = g.x0 + float64(cols)*pitch + boardPad*pitch
	g.w = int(math.Ceil(g.boardX1 + mx*pitch))

	g.pitR = pitRadius * pitch
	g.seedR = seedRadius * pitch
	g.ringR = g.pitR - g.seedR - rimGap*pitch
	g.ringCap = min(maxPitSeeds, int(2*math.Pi*g.ringR/(2.2*g.seedR)))
	inset := (0.5 - pitRadius) * pitch
	g.storeY0 = g.rowTop[0] + inset
	g.storeY1 = g.rowTop[rows-1] + pitch - inset
	g.fontSizes()
	return g
}

// clampScale maps Options.Scale to 0.25..4, 0 (and NaN) to 1.
func clampScale(scale float64) float64 {
	switch {
	case !(scale > 0):
		return 1
	case scale < 0.25:
		return 0.25
	case scale > 4:
		return 4
	}
	return scale
}

// above reports whether row r's labels go above it (North's rows).
func (g *geom) above(r int) bool { return g.owner[r] == g.top }

// labelY returns the y of row r's pit labels: in its label band, nudged
// toward the row, so that between two rows it is clear which row a label
// belongs to.
func (g *geom) labelY(r int) float64 {
	if g.above(r) {
		return g.band[r] + labelNudge*g.pitch
	}
	return g.band[r] - labelNudge*g.pitch
}

// labelAt returns the centre of pit c's label: in its row's label band
// above or below it, or on a tall board beside it, outside the board's
// edge next to its column.
func (g *geom) labelAt(c engine.Cell) (x, y float64) {
	ci := g.cells[c]
	if !g.sideLabels {
		return g.colX(ci.Col), g.labelY(ci.Row)
	}
	if ci.Col == 0 {
		return g.boardX0 - sideLabelGap*g.pitch, g.rowY(ci.Row)
	}
	return g.boardX1 + sideLabelGap*g.pitch, g.rowY(ci.Row)
}

// colX returns the x of column c's centre.
func (g *geom) colX(c int) float64 { return g.x0 + (float64(c)+0.5)*g.pitch }

// rowY returns the y of row r's centre.
func (g *geom) rowY(r int) float64 { return g.rowTop[r] + g.pitch/2 }

// center returns the centre of cell c: a pit's centre, or the middle of a
// store.
func (g *geom) center(c engine.Cell) (x, y float64) {
	if g.sq != nil {
		return g.sq.at[c][0], g.sq.at[c][1]
	}
	ci := g.cells[c]
	if g.isStore(c) {
		return g.colX(ci.Col), (g.storeY0 + g.storeY1) / 2
	}
	return g.colX(ci.Col), g.rowY(ci.Row)
}

// isStore reports whether cell c is drawn as a store: a store, or a pit
// with no row to put it in.
func (g *geom) isStore(c engine.Cell) bool {
	ci := g.cells[c]
	return ci.Kind == engine.StoreCell || ci.Row < 0 || ci.Row >= g.rows
}

// has reports whether c is a cell of the layout.
func (g *geom) has(c engine.Cell) bool { return int(c) < len(g.cells) }

// pit returns side s's pit n, or NoCell.
func (g *geom) pit(s engine.Side, n int) engine.Cell {
	if int(s) >= engine.MaxSides || n < 1 || n > engine.MaxPits {
		return engine.NoCell
	}
	return g.pitOf[s][n]
}

// store returns side s's store, or NoCell.
func (g *geom) store(s engine.Side) engine.Cell {
	if int(s) >= engine.MaxSides {
		return engine.NoCell
	}
	return g.storeOf[s]
}

// storeRect returns a store's box: a column wide as a pit and as tall as
// all the rows.
func (g *geom) storeRect(col int) (x, y, w, h float64) {
	w = 2 * g.pitR
	return g.colX(col) - g.pitR, g.storeY0, w, g.storeY1 - g.storeY0
}

// shortStore reports whether a store of w by h is too short for round
// ends (a one-row board's).
func (g *geom) shortStore(w, h float64) bool { return h < 1.5*w }

// storeCorner returns a store's corner radius: round ends when the store is
// tall, a rounded square on a one-row board (so it does not look like a
// pit).
func (g *geom) storeCorner(w, h float64) float64 {
	if g.shortStore(w, h) {
		return 0.28 * w
	}
	return w / 2
}

// sideRows returns the first and last rows side s owns pits in (ok false if
// none), counting a row shared between the sides (render/split.go) for
// both.
func (g *geom) sideRows(s engine.Side) (first, last int, ok bool) {
	first, last = -1, -1
	for i, ci := range g.cells {
		if ci.Owner != s || g.isStore(engine.Cell(i)) || ci.Row < 0 || ci.Row >= g.rows {
			continue
		}
		if first < 0 || ci.Row < first {
			first = ci.Row
		}
		last = max(last, ci.Row)
	}
	return first, last, first >= 0
}

// outerBand returns the y of side s's outermost label band: below its
// bottom row for South, above its top row for North.
func (g *geom) outerBand(s engine.Side) (float64, bool) {
	first, last, ok := g.sideRows(s)
	if !ok {
		return 0, false
	}
	if g.above(first) {
		return g.band[first], true
	}
	return g.band[last], true
}
