package render

import (
	"image"
	"math"
	"strconv"
	"sync"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/mancala-bot/mancala/engine"
)

// The square board of the four-seat games (Ruma; engine.Layout with
// Sides == 4): the 8x8 grid of the layout, each seat's row of pockets
// along one edge with its store (the ruma) in the corner at the row's
// right end, and its penalty pit inside the square in front of the row.
// Each seat is drawn in its colour (sideColor); the seat to move has its
// row and ruma tinted. Pocket numbers are outside the board by their
// pockets; a penalty pit shows its seeds, and beside it the seat's
// penalty points out of the limit; a seat that is out is dimmed. The
// winner's ruma (both of the winner's with two players) is ringed in gold,
// with a crown in the middle of the board.
//
// Options.Viewer turns the board so that the viewer's row is at the
// bottom (squareLayout); Options.Names are not drawn (four seats, two
// names).

const (
	squareEdge   = 0.55 // image edge to the grid, for the pocket numbers
	penaltyR     = 0.36 // a penalty pit's radius, in pitches
	penaltyInset = 2.3  // a penalty pit's centre from the board's centre
)

// square is what a geom keeps for the square board.
type square struct {
	at    [engine.MaxCells][2]float64 // each cell's centre
	out   [engine.MaxCells][2]float64 // each pocket's outward direction
	edge  [engine.MaxSides][2]float64 // each seat's outward direction
	cx    float64                     // the board's centre (x = y)
	rumaW float64                     // a ruma's side
}

// seatTurn is each seat's place counter-clockwise from South.
var seatTurn = [engine.MaxSides]int{engine.South: 0, engine.East: 1, engine.North: 2, engine.West: 3}

// squareLayouts holds the layouts turned for each viewer.
var squareLayouts sync.Map // [2]any{*Layout, Side} -> *Layout

// squareLayout returns l turned so that viewer's row is at the bottom.
func squareLayout(l *engine.Layout, viewer engine.Side) *engine.Layout {
	if viewer == engine.South || int(viewer) >= engine.MaxSides {
		return l
	}
	k := [2]any{l, viewer}
	if v, ok := squareLayouts.Load(k); ok {
		return v.(*engine.Layout)
	}
	f := *l
	f.Cells = append([]engine.CellInfo(nil), l.Cells...)
	n := f.Rows - 1
	for i := range f.Cells {
		c := &f.Cells[i]
		for range seatTurn[viewer] { // a quarter turn clockwise each
			c.Row, c.Col = c.Col, n-c.Row
		}
	}
	v, _ := squareLayouts.LoadOrStore(k, &f)
	return v.(*engine.Layout)
}

// newSquareGeom lays out a four-seat layout: an 8x8 grid with a band for
// the pocket numbers all round, about 900 px square at scale 1.
func newSquareGeom(l *engine.Layout, scale float64, named bool) *geom {
	scale = clampScale(scale)
	n := max(l.Rows, 2)
	pitch := math.Round(880/(float64(n)+2*squareEdge)) * scale
	g := &geom{cells: l.Cells[:min(len(l.Cells), engine.MaxCells)], named: named, sides: l.Sides, rows: n, cols: n, pitch: pitch, top: engine.North}
	for s := range g.pitOf {
		g.storeOf[s] = engine.NoCell
		for k := range g.pitOf[s] {
			g.pitOf[s][k] = engine.NoCell
		}
	}
	size := (float64(n) + 2*squareEdge) * pitch
	g.w, g.h = int(math.Ceil(size)), int(math.Ceil(size))
	g.x0 = squareEdge * pitch
	g.rowTop = make([]float64, n)
	g.band = make([]float64, n)
	g.owner = make([]engine.Side, n)
	for r := range n {
		g.rowTop[r] = g.x0 + float64(r)*pitch
	}
	g.boardX0, g.boardY0 = g.x0-boardPad*pitch, g.x0-boardPad*pitch
	g.boardX1, g.boardY1 = g.x0+float64(n)*pitch+boardPad*pitch, g.x0+float64(n)*pitch+boardPad*pitch
	g.storeY0, g.storeY1 = g.x0, g.x0+pitch
	g.pitR = pitRadius * pitch
	g.seedR = seedRadius * pitch
	g.ringR = g.pitR - g.seedR - rimGap*pitch
	g.ringCap = min(maxPitSeeds, int(2*math.Pi*g.ringR/(2.2*g.seedR)))

	sq := &square{cx: g.x0 + float64(n)*pitch/2, rumaW: 0.9 * pitch}
	last := n - 1
	for i, ci := range g.cells {
		if int(ci.Owner) >= engine.MaxSides {
			continue
		}
		x, y := g.colX(ci.Col), g.rowY(ci.Row)
		var ox, oy float64
		switch {
		case ci.Row == last:
			oy = 1
		case ci.Row == 0:
			oy = -1
		case ci.Col == 0:
			ox = -1
		case ci.Col == last:
			ox = 1
		}
		switch ci.Kind {
		case engine.StoreCell:
			g.storeOf[ci.Owner] = engine.Cell(i)
		case engine.PitCell:
			if ci.Pit >= 1 && ci.Pit <= engine.MaxPits {
				g.pitOf[ci.Owner][ci.Pit] = engine.Cell(i)
			}
			sq.out[i] = [2]float64{ox, oy}
			sq.edge[ci.Owner] = [2]float64{ox, oy}
		}
		sq.at[i] = [2]float64{x, y}
	}
	for i, ci := range g.cells {
		if ci.Kind == engine.PenaltyCell && int(ci.Owner) < engine.MaxSides {
			e := sq.edge[ci.Owner]
			sq.at[i] = [2]float64{sq.cx + e[0]*penaltyInset*pitch, sq.cx + e[1]*penaltyInset*pitch}
		}
	}
	g.sq = sq
	g.fontSizes()
	return g
}

// rumaState is what the square board shows beyond the cells.
type rumaState struct {
	two    bool // two players: South with North, East with West
	limit  int
	pen    [engine.MaxSides]int
	out    [engine.MaxSides]bool
	names  [engine.MaxSides]string // Options.Seats
	labels [engine.MaxSides]string // Options.SeatLabels
}

func rumaStateOf(p engine.Position) rumaState {
	o := p.Rules().Options()
	s := rumaState{two: o["players"] == "2", limit: atoiOr(o["penalty_limit"], 12)}
	for x := range engine.Side(engine.MaxSides) {
		s.pen[x], s.out[x] = p.Penalties(x), p.Out(x)
	}
	return s
}

func atoiOr(s string, d int) int {
	if n, err := strconv.Atoi(s); err == nil && n > 0 {
		return n
	}
	return d
}

// drawSquare draws the square board (renderer.draw for Sides == 4).
// drawSquareBase draws the square board's base image (see geom.base): the
// board, the row and ruma of seat tint-1 tinted (none for tint 0), and the
// empty wells.
func drawSquareBase(g *geom, tint int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, g.w, g.h))
	dc := gg.NewContextForRGBA(img)
	sq, p := g.sq, g.pitch
	dc.SetColor(colBackground)
	dc.Clear()
	dc.DrawRoundedRectangle(g.boardX0, g.boardY0, g.boardX1-g.boardX0, g.boardY1-g.boardY0, 0.18*p)
	dc.SetColor(colBoard)
	dc.FillPreserve()
	dc.SetColor(colBoardEdge)
	dc.SetLineWidth(0.02 * p)
	dc.Stroke()

	// The seat to move: its row and ruma tinted.
	if tint > 0 {
		s := engine.Side(tint - 1)
		pad := 0.06 * p
		for i, ci := range g.cells {
			if ci.Owner != s || ci.Kind == engine.PenaltyCell {
				continue
			}
			x, y := sq.at[i][0], sq.at[i][1]
			dc.DrawRoundedRectangle(x-p/2+pad/2, y-p/2+pad/2, p-pad, p-pad, 0.2*p)
		}
		dc.SetColor(alpha(sideColor(s), 0.30))
		dc.Fill()
	}

	// Wells.
	for i, ci := range g.cells {
		x, y := sq.at[i][0], sq.at[i][1]
		switch ci.Kind {
		case engine.StoreCell:
			w := sq.rumaW
			dc.DrawRoundedRectangle(x-w/2, y-w/2, w, w, 0.22*w)
			dc.SetColor(colWell)
			dc.Fill()
			lw := 0.035 * p
			dc.DrawRoundedRectangle(x-w/2+lw/2, y-w/2+lw/2, w-lw, w-lw, 0.22*w-lw/2)
			dc.SetLineWidth(lw)
			dc.SetColor(sideColor(ci.Owner))
			dc.Stroke()
		case engine.PenaltyCell:
			dc.DrawCircle(x, y, penaltyR*p)
			dc.SetColor(colWell)
			dc.Fill()
			dc.SetDash(0.06*p, 0.05*p)
			dc.SetLineWidth(0.03 * p)
			dc.SetColor(sideColor(ci.Owner))
			dc.DrawCircle(x, y, penaltyR*p-0.015*p)
			dc.Stroke()
			dc.SetDash()
		default:
			dc.DrawCircle(x, y, g.pitR)
			dc.SetColor(colWell)
			dc.Fill()
		}
	}

	return img
}

func (r *renderer) drawSquare() {
	g, dc, sq, st := r.g, r.dc, r.g.sq, r.s
	p := g.pitch
	tint := 0 // the seat to move, plus one
	if !st.status.Over() && int(st.toMove) < engine.MaxSides {
		tint = int(st.toMove) + 1
	}
	copy(r.img.Pix, g.base(tint).Pix)

	// The last move: rings, and the step of an animation.
	m := r.marks
	for i, ci := range g.cells {
		c := engine.Cell(i)
		x, y := sq.at[i][0], sq.at[i][1]
		width := 0.0
		switch {
		case c == m.start:
			width = 0.06 * p
		case m.sown[c]:
			width = 0.026 * p
		}
		rad := g.pitR
		if ci.Kind == engine.PenaltyCell {
			rad = penaltyR * p
		}
		if c == m.step {
			dc.SetColor(alpha(colMove, 0.30))
			if ci.Kind == engine.StoreCell {
				w := sq.rumaW
				dc.DrawRoundedRectangle(x-w/2, y-w/2, w, w, 0.22*w)
			} else {
				dc.DrawCircle(x, y, rad)
			}
			dc.Fill()
		}
		if width == 0 {
			continue
		}
		dc.SetLineWidth(width)
		dc.SetColor(colMove)
		if ci.Kind == engine.StoreCell {
			w := sq.rumaW + width
			dc.DrawRoundedRectangle(x-w/2, y-w/2, w, w, 0.22*w)
		} else {
			dc.DrawCircle(x, y, rad+width/2)
		}
		dc.Stroke()
	}

	// Seeds and counts, pocket numbers.
	spr := seedSprite(g.seedR)
	for i, ci := range g.cells {
		n := st.cells[i]
		x, y := sq.at[i][0], sq.at[i][1]
		col := colDigits
		if n == 0 {
			col = colZero
		}
		switch ci.Kind {
		case engine.StoreCell:
			face := r.faces.store
			if n >= 100 {
				face = r.faces.store3
			}
			drawText(r.img, face, strconv.Itoa(n), x, y, col)
		case engine.PenaltyCell:
			face, _ := r.pitFace(n)
			drawText(r.img, face, strconv.Itoa(n), x, y, col)
		default:
			face, beads := r.pitFace(n)
			if n > 0 && beads {
				for k := range n {
					a := -math.Pi/2 + 2*math.Pi*float64(k)/float64(n)
					spr.drawAt(r.img, x+g.ringR*math.Cos(a), y+g.ringR*math.Sin(a))
				}
			}
			drawText(r.img, face, strconv.Itoa(n), x, y, col)
			lc := sideColor(ci.Owner)
			if engine.Cell(i) == m.start {
				lc = colMove
			}
			o := sq.out[i]
			d := 0.5*p + 0.27*p
			drawText(r.img, r.faces.label, strconv.Itoa(ci.Pit), x+o[0]*d, y+o[1]*d, lc)
		}
	}

	// Penalty points beside each penalty pit; seats that are out, dimmed.
	var rs rumaState
	if st.ruma != nil {
		rs = *st.ruma
	}
	for i, ci := range g.cells {
		if ci.Kind != engine.PenaltyCell || int(ci.Owner) >= engine.MaxSides {
			continue
		}
		s := ci.Owner
		x, y := sq.at[i][0], sq.at[i][1]
		e := sq.edge[s]
		// Along the row, to the seat's right (its ruma's side).
		rx, ry := e[1], -e[0]
		tx, ty := x+rx*0.95*p, y+ry*0.95*p
		// The name to the seat's left of its penalty pit, clear of the
		// side rows, and the seat's own name under it, smaller.
		nx, ny, maxW := x-rx*1.75*p, y-ry*1.75*p, 2.1*p
		if e[0] != 0 {
			nx, maxW = x-e[0]*0.3*p, 2.0*p
		}
		name, label := rs.names[s], rs.labels[s]
		if name != "" && label != "" {
			ny -= 0.2 * p
		}
		for _, line := range []struct {
			text string
			face font.Face
			y    float64
		}{{name, r.faces.label, ny}, {label, r.faces.badge, ny + 0.5*p}} {
			if line.text == "" {
				continue
			}
			if line.text == label && name == "" {
				line.y = ny
			}
			if text, w := fitName(line.face, cleanName(line.face, line.text), maxW); text != "" {
				capH := float64(line.face.Metrics().CapHeight) / 64
				d := font.Drawer{Dst: r.img, Src: image.NewUniform(sideColor(s)), Face: line.face,
					Dot: fixed.Point26_6{X: fixed.Int26_6((nx - w/2) * 64), Y: fixed.Int26_6((line.y + capH/2) * 64)}}
				d.DrawString(text)
			}
		}
		if rs.out[s] {
			r.cross(tx, ty) // out: a cross where its points were
		} else if rs.limit > 0 {
			col := sideColor(s)
			if rs.pen[s] > 0 && rs.limit-rs.pen[s] <= 1 {
				col = colCapture
			}
			drawText(r.img, r.faces.label, strconv.Itoa(rs.pen[s])+"/"+strconv.Itoa(rs.limit), tx, ty, col)
		}
		if rs.out[s] {
			for j, cj := range g.cells {
				if cj.Owner == s && cj.Kind != engine.PenaltyCell {
					dc.DrawCircle(sq.at[j][0], sq.at[j][1], 0.47*p)
				}
			}
			dc.SetColor(alpha(colBackground, 0.55))
			dc.Fill()
		}
	}

	// The winner: its ruma (its player's two) ringed in gold, a crown in
	// the middle.
	if w, ok := st.status.Winner(); ok && int(w) < engine.MaxSides {
		for i, ci := range g.cells {
			if ci.Kind != engine.StoreCell || !(ci.Owner == w || rs.two && ci.Owner^1 == w) {
				continue
			}
			x, y := sq.at[i][0], sq.at[i][1]
			wd := sq.rumaW + 0.1*p
			dc.DrawRoundedRectangle(x-wd/2, y-wd/2, wd, wd, 0.22*wd)
			dc.SetLineWidth(0.06 * p)
			dc.SetColor(colCrown)
			dc.Stroke()
		}
		x, y := sq.cx, sq.cx
		cw, ch := 0.7*p, 0.46*p
		top, base := y-ch/2, y+ch/2
		dc.MoveTo(x-cw/2, base)
		dc.LineTo(x-cw/2, top+0.15*ch)
		dc.LineTo(x-cw/4, y+0.05*ch)
		dc.LineTo(x, top)
		dc.LineTo(x+cw/4, y+0.05*ch)
		dc.LineTo(x+cw/2, top+0.15*ch)
		dc.LineTo(x+cw/2, base)
		dc.ClosePath()
		dc.SetColor(colCrown)
		dc.Fill()
	}

	// Badges: seeds each ruma gained.
	for i, ci := range g.cells {
		if ci.Kind == engine.StoreCell {
			if n := m.gained[i]; n > 0 {
				r.badge("+"+strconv.Itoa(n), sq.at[i][0], sq.at[i][1]-0.38*p, colGain)
			}
		}
	}
}

// applyRuma replays a pass with its penalty, or a seat going out, in an
// animation.
func (r *replayer) applyRuma(e engine.Event, take func(c engine.Cell, n int) int) {
	s := &r.s
	if s.ruma == nil || int(e.Side) >= engine.MaxSides {
		return
	}
	rs := *s.ruma // the state's copies share it
	s.ruma = &rs
	if e.Kind == engine.EventOut {
		rs.out[e.Side] = true
		return
	}
	rs.pen[e.Side]++
	r.passed = e.Side + 1
	if st := r.g.store(e.Side); r.g.has(st) && r.g.has(e.Cell) && int(e.Cell) < engine.MaxCells {
		s.cells[e.Cell] += take(st, e.Count)
	}
}

// rumaNext is the seat to move after the move replayed: the next seat
// still in after the mover, or after the last seat that passed.
func (r *replayer) rumaNext(s *state) engine.Side {
	x := r.mover
	if r.passed > 0 {
		x = r.passed - 1
	}
	for range engine.MaxSides {
		x = engine.RumaNext(x)
		if !s.ruma.out[x] {
			break
		}
	}
	return x
}
