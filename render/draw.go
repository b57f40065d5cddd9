package render

import (
	"cmp"
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"

	"github.com/fogleman/gg"

	"github.com/mancala-bot/mancala/engine"
)

// The palette, on a dark slate board, is built to stay readable with the
// common colour-vision deficiencies (protanopia, deuteranopia,
// tritanopia; TestPalette checks it with simulated dichromat vision):
//
//   - the sides are Okabe and Ito's sky blue #56B4E9 (South) and orange
//     #E69F00 (North): blue against orange survives every dichromacy;
//   - the last move is white #FFFFFF (rings, its pit's label, the diagram
//     arrow): colourless, so no deficiency can confuse it with a side's
//     colour, and far lighter than anything else on the board (the yellow
//     it replaces merged with North's orange for deuteranopes);
//   - captures are a dark vermillion #A83C00 ("−n" badges, a failed
//     solitaire's cross): darker than North's orange by a good step of
//     lightness, so the two differ even where their hues merge;
//   - stores' gains are Okabe and Ito's bluish green #009E73 ("+n"), a
//     winner's crown a light gold #FFE066, a tuzdyk reddish purple
//     #CC79A7.
//
// Every mark also differs in shape (ring, dashed ring, badge, triangle,
// crown, diamond), not only in colour.
var (
	colBackground = rgb(0x16, 0x19, 0x1f)
	colBoard      = rgb(0x34, 0x3b, 0x48)
	colBoardEdge  = rgb(0x48, 0x51, 0x62)
	colWell       = rgb(0x1b, 0x1f, 0x27)
	colDigits     = rgb(0xff, 0xff, 0xff)
	colZero       = rgb(0x7d, 0x87, 0x97)
	colSouth      = rgb(0x56, 0xb4, 0xe9) // sky blue
	colNorth      = rgb(0xe6, 0x9f, 0x00) // orange
	colEast       = rgb(0x88, 0x77, 0xff) // light violet (Ruma)
	colWest       = rgb(0xff, 0x33, 0x66) // rose red (Ruma): the khaki it replaces read as North's orange
	colOther      = rgb(0xcc, 0xcc, 0xcc)
	colMove       = rgb(0xff, 0xff, 0xff) // white: the last move
	colCapture    = rgb(0xa8, 0x3c, 0x00) // dark vermillion
	colGain       = rgb(0x00, 0x9e, 0x73) // bluish green
	colSweep      = rgb(0x6c, 0x75, 0x85)
	colTuzdyk     = rgb(0xcc, 0x79, 0xa7) // reddish purple
	colCrown      = rgb(0xff, 0xe0, 0x66) // light gold
	colOutline    = rgb(0x10, 0x12, 0x16)
)

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xff} }

// alpha returns c at opacity a (premultiplied, as color.RGBA wants).
func alpha(c color.RGBA, a float64) color.RGBA {
	f := func(v uint8) uint8 { return uint8(math.Round(float64(v) * a)) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), f(c.A)}
}

func sideColor(s engine.Side) color.RGBA {
	switch s {
	case engine.South:
		return colSouth
	case engine.North:
		return colNorth
	case engine.East:
		return colEast
	case engine.West:
		return colWest
	}
	return colOther
}

type renderer struct {
	img   *image.RGBA
	dc    *gg.Context
	g     *geom
	s     *state
	marks *marks
	faces *faces
	names [2]string // the players' names, by side
	tint  int       // the base image's (see geom.base); -1: none
}

func (r *renderer) draw() {
	if r.g.sq != nil {
		r.drawSquare()
		return
	}
	g := r.g
	tint := 0 // the side whose turn it is, plus one
	if !r.s.status.Over() && g.sides > 1 {
		tint = int(r.s.toMove) + 1
	}
	copy(r.img.Pix, g.base(tint).Pix)
	r.tint = tint
	for i := range g.cells {
		r.cell(engine.Cell(i))
	}
	r.labels()
	r.roundMark()
	r.sideMarks()
	r.drawNames()
	for i := range g.cells {
		r.badges(engine.Cell(i))
	}
}

// cell draws what changes in a pit or store: its highlight rings, seeds
// and count (the well is in the base image).
func (r *renderer) cell(c engine.Cell) {
	g, m := r.g, r.marks
	ci := g.cells[c]
	n := r.s.cells[c]
	cx, cy := g.center(c)
	store := g.isStore(c)

	// Highlights go just outside the well, so they never cover seeds.
	ring := func(k ringKind) { r.drawRing(c, k) }
	if c == m.step {
		r.stepGlow(c)
	}
	switch {
	case c == m.start || m.tuzdyk[c]:
		ring(ringThick)
	case m.relay[c]:
		ring(ringDashed)
	case m.sown[c]:
		ring(ringThin)
	}

	if store {
		r.store(ci, n)
		return
	}
	if owner := r.s.tuzdyk[c]; owner != 0 {
		r.tuzdyk(cx, cy, owner-1)
		return
	}
	if g.kichwa[c] {
		r.kichwa(cx, cy, ci)
	}
	if owner := r.s.nyumba[c]; owner != 0 {
		r.nyumba(cx, cy, owner-1)
	}
	if r.s.blocked[c] {
		r.blocked(cx, cy)
	}
	if o := r.s.foreign[c]; o != 0 {
		r.foreignPit(cx, cy, o-1)
	}
	if owner := r.s.trap[c]; owner != 0 {
		r.trap(cx, cy, owner-1)
	}
	face, beads := r.pitFace(n)
	if n > 0 && beads {
		spr := seedSprite(g.seedR)
		for i := range n {
			a := -math.Pi/2 + 2*math.Pi*float64(i)/float64(n)
			spr.drawAt(r.img, cx+g.ringR*math.Cos(a), cy+g.ringR*math.Sin(a))
		}
	}
	col := colDigits
	if n == 0 {
		col = colZero
	}
	drawText(r.img, face, strconv.Itoa(n), cx, cy, col)
}

// store draws a store's count in the middle and its seeds above and below
// it while they fit.
func (r *renderer) store(ci engine.CellInfo, n int) {
	g := r.g
	x, y, w, h := g.storeRect(ci.Col)
	rad := g.storeCorner(w, h)
	cx, cy := x+w/2, y+h/2
	spots := storeSpots(g, w, h, rad)
	if n > 0 && n <= len(spots) {
		spr := seedSprite(g.seedR)
		for _, s := range spots[:n] {
			spr.drawAt(r.img, cx+s.X, cy+s.Y)
		}
	}
	col := colDigits
	if n == 0 {
		col = colZero
	}
	if g.shortStore(w, h) {
		face, _ := r.pitFace(n)
		drawText(r.img, face, strconv.Itoa(n), cx, cy-shortStoreLift*g.pitch, col)
		return
	}
	face := r.faces.store
	if n >= 100 {
		face = r.faces.store3
	}
	drawText(r.img, face, strconv.Itoa(n), cx, cy, col)
}

// storeSpots returns where a store's seeds go, relative to its centre, in
// the order they are drawn: a hexagonal grid inside the rounded box, minus
// a band across the middle for the count, filled from the two ends inward,
// alternating top and bottom.
func storeSpots(g *geom, w, h, rad float64) []gg.Point {
	key := spotKey{w, h, rad, g.seedR, g.pitch, g.fStore, g.fPit}
	if v, ok := spotCache.Load(key); ok {
		return v.([]gg.Point)
	}
	sr := g.seedR
	step := 2.25 * sr
	rowStep := step * math.Sqrt(3) / 2
	inset := 0.05*g.pitch + sr // from the edge to a seed's centre
	band := g.fStore*digits().height + 0.06*g.pitch
	badge := badgeZone * g.pitch // kept clear at the top for the "+n" badge
	minY := band/2 + sr          // the rows stop short of the count
	if g.shortStore(w, h) {
		// A one-row store: the count, smaller, sits high and the seeds
		// settle below it; a badge goes on a corner.
		badge = h // no seeds at the top
		minY = -shortStoreLift*g.pitch + g.fPit*digits().height/2 + 0.03*g.pitch + sr
	}
	var top, bottom []gg.Point
	for j := 0; ; j++ {
		yy := h/2 - inset - float64(j)*rowStep // distance from the centre
		if yy < minY {
			break
		}
		off := 0.0
		if j%2 == 1 {
			off = step / 2
		}
		// Columns centred on the axis, as many as fit inside the rounded
		// box at this height, filled from the middle outward.
		var row []float64
		for k := -8; k <= 8; k++ {
			if xx := float64(k)*step + off; insideRounded(xx, yy, w/2-inset+sr, h/2-inset+sr, rad-(inset-sr), sr) {
				row = append(row, xx)
			}
		}
		slices.SortFunc(row, func(a, b float64) int {
			if c := cmp.Compare(math.Abs(a), math.Abs(b)); c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
		for _, xx := range row {
			if yy+sr <= h/2-badge {
				top = append(top, gg.Point{X: xx, Y: -yy})
			}
			bottom = append(bottom, gg.Point{X: xx, Y: yy})
		}
	}
	// Fill the two ends alike, the bottom first where the top has run out.
	spots := make([]gg.Point, 0, len(top)+len(bottom))
	for i := range max(len(top), len(bottom)) {
		if i < len(bottom) {
			spots = append(spots, bottom[i])
		}
		if i < len(top) {
			spots = append(spots, top[i])
		}
	}
	spotCache.Store(key, spots)
	return spots
}

// insideRounded reports whether a circle of radius sr at (x, y) lies inside
// the rounded box of half-sizes hw, hh and corner radius rad centred on the
// origin.
func insideRounded(x, y, hw, hh, rad, sr float64) bool {
	x, y = math.Abs(x), math.Abs(y)
	if x+sr > hw || y+sr > hh {
		return false
	}
	rad = max(rad, 0)
	cx, cy := hw-rad, hh-rad
	if x > cx && y > cy {
		return math.Hypot(x-cx, y-cy)+sr <= rad
	}
	return true
}

// tuzdyk draws a tuzdyk: the well tinted purple, with a diamond in its
// owner's colour where the count would be (a tuzdyk is always empty).
func (r *renderer) tuzdyk(cx, cy float64, owner engine.Side) {
	g, dc := r.g, r.dc
	dc.DrawCircle(cx, cy, g.pitR)
	dc.SetColor(alpha(colTuzdyk, 0.45))
	dc.Fill()
	dc.SetLineWidth(0.04 * g.pitch)
	dc.SetColor(colTuzdyk)
	dc.DrawCircle(cx, cy, g.pitR-0.02*g.pitch)
	dc.Stroke()
	d := 0.24 * g.pitch
	dc.MoveTo(cx, cy-d)
	dc.LineTo(cx+d*0.75, cy)
	dc.LineTo(cx, cy+d)
	dc.LineTo(cx-d*0.75, cy)
	dc.ClosePath()
	dc.SetColor(sideColor(owner))
	dc.FillPreserve()
	dc.SetLineWidth(0.02 * g.pitch)
	dc.SetColor(colOutline)
	dc.Stroke()
}

// kichwa marks an end pit of a front row on a four-row board: an arc in
// its owner's colour on the outer side of the well, like a bracket closing
// the row.
func (r *renderer) kichwa(cx, cy float64, ci engine.CellInfo) {
	g, dc := r.g, r.dc
	a := 0.0 // the outer side: right for the last column
	if ci.Col == 0 {
		a = math.Pi
	}
	dc.SetLineWidth(0.05 * g.pitch)
	dc.SetColor(sideColor(ci.Owner))
	dc.DrawArc(cx, cy, g.pitR+0.06*g.pitch, a-math.Pi/3, a+math.Pi/3)
	dc.Stroke()
}

// nyumba marks an owned nyumba (Bao): a rounded square round the well in
// its owner's colour, so the house reads as a building among round pits.
func (r *renderer) nyumba(cx, cy float64, owner engine.Side) {
	g, dc := r.g, r.dc
	d := g.pitR + 0.05*g.pitch
	dc.SetLineWidth(0.05 * g.pitch)
	dc.SetColor(sideColor(owner))
	dc.DrawRoundedRectangle(cx-d, cy-d, 2*d, 2*d, 0.12*g.pitch)
	dc.Stroke()
}

// blocked marks a takasia'd pit (Bao): a bar across the top of the well on
// a dark vermillion disc, like a no-entry sign, beside the count.
func (r *renderer) blocked(cx, cy float64) {
	g, dc := r.g, r.dc
	x, y, rad := cx-0.62*g.pitR, cy-0.62*g.pitR, 0.3*g.pitR
	dc.DrawCircle(x, y, rad)
	dc.SetColor(colCapture)
	dc.FillPreserve()
	dc.SetLineWidth(0.015 * g.pitch)
	dc.SetColor(colOutline)
	dc.Stroke()
	dc.SetLineWidth(0.35 * rad)
	dc.SetColor(colDigits)
	dc.DrawLine(x-0.6*rad, y, x+0.6*rad, y)
	dc.Stroke()
}

// labels draws each pit's number in its owner's numbering, in the owner's
// colour, in the row's label band.
func (r *renderer) labels() {
	g := r.g
	for i := range g.cells {
		if g.isStore(engine.Cell(i)) {
			continue
		}
		col := sideColor(r.ownerOf(engine.Cell(i)))
		if engine.Cell(i) == r.marks.start {
			col = colMove
		}
		r.drawLabel(engine.Cell(i), col)
	}
}

// sideMarks draws whose turn it is, or how the game ended.
func (r *renderer) sideMarks() {
	g := r.g
	for s, ok := range r.marks.swap {
		if ok && !r.s.status.Over() {
			r.dc.SetColor(colMove)
			r.swapMark(engine.Side(s))
		}
	}
	switch st := r.s.status; st {
	case engine.Ongoing:
		r.turnArrow(r.s.toMove)
	case engine.SouthWon, engine.NorthWon:
		w, _ := st.Winner()
		r.crownAt(w)
	case engine.Draw:
		for s := range engine.Side(min(g.sides, engine.MaxSides)) {
			r.drawMark(s)
		}
	case engine.Solved:
		r.crownAt(engine.South)
	case engine.Failed:
		if x, y, ok := r.storeSlot(engine.South); ok {
			r.cross(x, y)
		}
	}
}

// swapMark draws a double arrow (the pie rule's swap) at side s's result
// slot.
func (r *renderer) swapMark(s engine.Side) {
	g, dc := r.g, r.dc
	x, y, ok := r.storeSlot(s)
	if !ok {
		return
	}
	h, w := 0.15*g.pitch, 0.09*g.pitch
	for _, d := range []float64{-1, 1} {
		ax := x + d*0.07*g.pitch
		tip := y + d*h
		dc.MoveTo(ax, tip)
		dc.LineTo(ax-w, tip-d*w*1.1)
		dc.LineTo(ax+w, tip-d*w*1.1)
		dc.ClosePath()
		dc.Fill()
		dc.SetLineWidth(0.045 * g.pitch)
		dc.DrawLine(ax, tip-d*w, ax, y-d*h)
		dc.Stroke()
	}
}

// turnArrow draws a triangle in front of side s's pit 1, pointing the way
// its pits are numbered.
func (r *renderer) turnArrow(s engine.Side) {
	g, dc := r.g, r.dc
	c1 := g.pit(s, 1)
	if !g.has(c1) || g.isStore(c1) {
		return
	}
	ci := g.cells[c1]
	dir := 1.0
	if c2 := g.pit(s, 2); g.has(c2) && !g.isStore(c2) && g.cells[c2].Row == ci.Row {
		if g.cells[c2].Col < ci.Col {
			dir = -1
		}
	} else if g.above(ci.Row) {
		dir = -1
	}
	x := g.colX(ci.Col) - dir*0.40*g.pitch
	y := g.labelY(ci.Row)
	sz := 0.15 * g.pitch
	dc.MoveTo(x+dir*sz, y)
	dc.LineTo(x-dir*sz*0.8, y-sz*1.05)
	dc.LineTo(x-dir*sz*0.8, y+sz*1.05)
	dc.ClosePath()
	dc.SetColor(sideColor(s))
	dc.Fill()
}

// storeSlot returns the place for side s's result mark: in its outer label
// band, under or over its store; without a store, in the margin beside the
// end of the board where its pit 1 is.
func (r *renderer) storeSlot(s engine.Side) (x, y float64, ok bool) {
	g := r.g
	y, ok = g.outerBand(s)
	if !ok {
		return 0, 0, false
	}
	if c := g.store(s); g.has(c) {
		return g.colX(g.cells[c].Col), y, true
	}
	if c := g.pit(s, 1); g.has(c) {
		// Centred between the image's edge and the columns' edge.
		if g.cells[c].Col < g.cols/2 {
			return g.x0 / 2, y, true
		}
		right := g.x0 + float64(g.cols)*g.pitch
		return (right + float64(g.w)) / 2, y, true
	}
	return 0, 0, false
}

// crownAt draws a crown at side s's result slot and rings its store gold.
func (r *renderer) crownAt(s engine.Side) {
	g, dc := r.g, r.dc
	if c := g.store(s); g.has(c) {
		x, y, w, h := g.storeRect(g.cells[c].Col)
		lw := 0.06 * g.pitch
		o := lw / 2
		dc.DrawRoundedRectangle(x-o, y-o, w+2*o, h+2*o, g.storeCorner(w, h)+o)
		dc.SetLineWidth(lw)
		dc.SetColor(colCrown)
		dc.Stroke()
	}
	x, y, ok := r.storeSlot(s)
	if !ok {
		return
	}
	w, h := 0.52*g.pitch, 0.34*g.pitch
	// In a narrow margin (a board without stores) the crown is made
	// smaller rather than cut by the image's edge.
	if room := 2 * (min(x, float64(g.w)-x) - 0.08*g.pitch); room < w {
		w, h = room, h*room/w
	}
	top, base := y-h/2, y+h/2
	dc.MoveTo(x-w/2, base)
	dc.LineTo(x-w/2, top+0.15*h)
	dc.LineTo(x-w/4, y+0.05*h)
	dc.LineTo(x, top)
	dc.LineTo(x+w/4, y+0.05*h)
	dc.LineTo(x+w/2, top+0.15*h)
	dc.LineTo(x+w/2, base)
	dc.ClosePath()
	dc.SetColor(colCrown)
	dc.Fill()
	for _, px := range []float64{x - w/2, x, x + w/2} {
		py := top + 0.15*h
		if px == x {
			py = top
		}
		dc.DrawCircle(px, py, 0.04*g.pitch)
		dc.Fill()
	}
}

// drawMark draws "=" at side s's result slot: a drawn game.
func (r *renderer) drawMark(s engine.Side) {
	g, dc := r.g, r.dc
	x, y, ok := r.storeSlot(s)
	if !ok {
		return
	}
	w, t, gap := 0.36*g.pitch, 0.075*g.pitch, 0.075*g.pitch
	dc.SetColor(colCrown)
	for _, d := range []float64{-1, 1} {
		yy := y + d*(gap+t)/2
		dc.DrawRoundedRectangle(x-w/2, yy-t/2, w, t, t/2)
		dc.Fill()
	}
}

// cross draws a failed solitaire's mark.
func (r *renderer) cross(x, y float64) {
	g, dc := r.g, r.dc
	d := 0.12 * g.pitch
	dc.SetLineCapRound()
	dc.SetLineWidth(0.06 * g.pitch)
	dc.SetColor(colCapture)
	dc.DrawLine(x-d, y-d, x+d, y+d)
	dc.DrawLine(x-d, y+d, x+d, y-d)
	dc.Stroke()
	dc.SetLineCapButt()
}

// badges draws a cell's counts from the last move: seeds captured or swept
// from a pit, seeds gained by a store.
func (r *renderer) badges(c engine.Cell) {
	g, m := r.g, r.marks
	cx, cy := g.center(c)
	if g.isStore(c) {
		if n := m.gained[c]; n > 0 {
			x, y, w, h := g.storeRect(g.cells[c].Col)
			if g.shortStore(w, h) {
				// On the top left corner, where the rounding leaves no seeds.
				rad := g.storeCorner(w, h)
				r.badge("+"+strconv.Itoa(n), x+rad*(1-math.Sqrt2/2), y+rad*(1-math.Sqrt2/2), colGain)
			} else {
				r.badge("+"+strconv.Itoa(n), cx, y+0.03*g.pitch, colGain)
			}
		}
		return
	}
	bx, by := cx+0.32*g.pitch, cy-0.34*g.pitch
	if n := m.taken[c]; n > 0 {
		r.badge("\u2212"+strconv.Itoa(n), bx, by, colCapture)
	} else if n := m.swept[c]; n > 0 {
		r.badge("\u2212"+strconv.Itoa(n), bx, by, colSweep)
	}
}

// badge draws a pill with s in white, centred at (x, y).
func (r *renderer) badge(s string, x, y float64, fill color.RGBA) {
	g, dc := r.g, r.dc
	tw, _ := textSize(r.faces.badge, s)
	h := 0.31 * g.pitch
	w := max(tw+0.15*g.pitch, h)
	dc.DrawRoundedRectangle(x-w/2, y-h/2, w, h, h/2)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetLineWidth(0.025 * g.pitch)
	dc.SetColor(colOutline)
	dc.Stroke()
	drawText(r.img, r.faces.badge, s, x, y, colDigits)
}
