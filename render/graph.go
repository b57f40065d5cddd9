package render

import (
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strconv"

	"github.com/fogleman/gg"

	"github.com/mancala-bot/mancala/engine"
)

// EvalGraph is a game's evaluation graph, as Graph draws it: the value of
// every position from South's side, ply by ply.
type EvalGraph struct {
	// Values are the evaluations in seeds for South (positive: South is
	// ahead) of the start (0) and of the position after each ply (i+1
	// after ply i).
	Values []float64
	// Known marks the values that were computed; a value not known (the
	// time ran out) is drawn as a gap in the line's dots. Nil means all.
	Known []bool
	// Movers are the sides that played each ply (len(Values)-1 of them):
	// each ply's dot is drawn in its mover's colour.
	Movers []engine.Side
	// Turning are the turning points, as ply indices (0-based, into
	// Movers): each is ringed in gold over a vertical band.
	Turning []int
}

// The graph's size: wide enough to read on a phone in a chat.
const (
	GraphWidth  = 800
	GraphHeight = 400
)

// graph geometry: the plot area inside the margins (the left one holds the
// value labels, the bottom one the ply numbers).
const (
	graphLeft, graphRight  = 56.0, 16.0
	graphTop, graphBottom  = 16.0, 36.0
	graphMinLimit          = 4.0  // the scale never goes below ±4 seeds
	graphMaxLimit          = 24.0 // values beyond ±24 are drawn at the edge
	graphLabelSize         = 16.0
	graphDot, graphTurning = 4.0, 9.0
	graphRadius            = 10.0 // the plot area's rounded corners
	graphBand              = 12.0 // a turning point's band's width
)

// Graph draws g as an 800×400 PNG in the boards' palette (their
// background, board and side colours: South sky blue, North orange) and
// writes it to w: the zero line, the value as a white line over areas
// tinted by the side ahead, a dot per ply in its mover's colour and each
// turning point ringed in the winner's-crown gold. The scale is ±the
// largest value (at least ±4, at most ±24: larger values are clamped to the
// edge), labelled in seeds; the x axis counts plies. It carries no words.
// It returns w's error. A graph without values draws the empty axes.
func Graph(w io.Writer, g EvalGraph) error {
	img := image.NewRGBA(image.Rect(0, 0, GraphWidth, GraphHeight))
	dc := gg.NewContextForRGBA(img)
	dc.SetColor(colBackground)
	dc.Clear()
	gm := newGraphGeom(g)
	pw, ph, x, y := gm.pw, gm.ph, gm.x, gm.y
	dc.DrawRoundedRectangle(graphLeft, graphTop, pw, ph, graphRadius)
	dc.SetColor(colBoard)
	dc.Fill()

	zero := y(0)

	// Turning points: a band behind everything.
	for _, t := range gm.turning() {
		dc.DrawRectangle(x(t+1)-graphBand/2, graphTop, graphBand, ph)
		dc.SetColor(alpha(colCrown, 0.18))
		dc.Fill()
	}
	// The areas between the line and zero, tinted by the side ahead.
	if len(g.Values) > 1 {
		for _, side := range []engine.Side{engine.South, engine.North} {
			dc.MoveTo(x(0), zero)
			for i, v := range g.Values {
				if side == engine.South {
					v = math.Max(v, 0)
				} else {
					v = math.Min(v, 0)
				}
				dc.LineTo(x(i), y(v))
			}
			dc.LineTo(x(len(g.Values)-1), zero)
			dc.ClosePath()
			dc.SetColor(alpha(sideColor(side), 0.35))
			dc.Fill()
		}
	}
	// Grid: the zero line, and a line at half the scale each way.
	face := newFace(graphLabelSize)
	defer face.Close()
	for _, v := range gm.grid() {
		if v == 0 {
			dc.SetColor(colZero)
			dc.SetLineWidth(2)
		} else {
			dc.SetColor(colBoardEdge)
			dc.SetLineWidth(1)
		}
		dc.DrawLine(graphLeft, y(v), graphLeft+pw, y(v))
		dc.Stroke()
		label := gridLabel(v)
		lw, _ := textSize(face, label)
		drawText(img, face, label, graphLeft-10-lw/2, y(v), gridColor(v))
	}
	// Ply numbers along the bottom, at a step that keeps them apart.
	for i := 0; i <= gm.n; i += gm.step() {
		drawText(img, face, strconv.Itoa(i), x(i), GraphHeight-graphBottom/2, colZero)
	}
	// The line, then the dots and the turning points' rings over it.
	if len(g.Values) > 1 {
		dc.SetLineWidth(3)
		dc.SetColor(colMove)
		for i, v := range g.Values {
			if i == 0 {
				dc.MoveTo(x(i), y(v))
			} else {
				dc.LineTo(x(i), y(v))
			}
		}
		dc.Stroke()
	}
	turning := map[int]bool{}
	for _, t := range gm.turning() {
		turning[t] = true
	}
	for i := 1; i < len(g.Values); i++ {
		side := g.mover(i - 1)
		px, py := x(i), y(g.Values[i])
		if turning[i-1] {
			dc.DrawCircle(px, py, graphTurning)
			dc.SetColor(colCrown)
			dc.SetLineWidth(3)
			dc.Stroke()
		}
		if !known(g, i) {
			continue
		}
		dc.DrawCircle(px, py, graphDot)
		dc.SetColor(sideColor(side))
		dc.FillPreserve()
		dc.SetColor(colOutline)
		dc.SetLineWidth(1)
		dc.Stroke()
	}
	pal, _ := quantize(img, nil, nil)
	return (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(w, pal)
}

// known reports whether g's value i was computed.
func known(g EvalGraph, i int) bool { return g.Known == nil || (i < len(g.Known) && g.Known[i]) }

// mover is the side that played ply i (0-based), or NoSide when g does
// not say.
func (g EvalGraph) mover(i int) engine.Side {
	if i >= 0 && i < len(g.Movers) {
		return g.Movers[i]
	}
	return engine.NoSide
}

// graphGeom is the geometry both drawings of a graph share (Graph's PNG,
// GraphSVG's SVG): the plot area, the scale and where each value goes.
type graphGeom struct {
	g EvalGraph
	// pw and ph are the plot area's size, inside the margins.
	pw, ph float64
	// limit is the scale: ±the largest known value rounded up to an even
	// number of seeds, at least graphMinLimit, at most graphMaxLimit.
	limit float64
	// n is the number of plies (at least 1, so that x is defined).
	n int
}

func newGraphGeom(g EvalGraph) graphGeom {
	gm := graphGeom{g: g, pw: GraphWidth - graphLeft - graphRight, ph: GraphHeight - graphTop - graphBottom}
	limit := graphMinLimit
	for i, v := range g.Values {
		if known(g, i) {
			limit = max(limit, math.Abs(v))
		}
	}
	gm.limit = math.Min(math.Ceil(limit/2)*2, graphMaxLimit)
	gm.n = max(len(g.Values)-1, 1)
	return gm
}

// x is the abscissa of value i (the position after ply i).
func (gm graphGeom) x(i int) float64 {
	return graphLeft + 12 + (gm.pw-24)*float64(i)/float64(gm.n)
}

// y is the ordinate of value v, clamped to ±limit (the plot's edge).
func (gm graphGeom) y(v float64) float64 {
	v = math.Max(-gm.limit, math.Min(gm.limit, v))
	return graphTop + gm.ph/2 - v/gm.limit*(gm.ph/2-10)
}

// grid are the values of the grid's lines: ±limit, ±limit/2 and zero.
func (gm graphGeom) grid() []float64 {
	return []float64{-gm.limit, -gm.limit / 2, 0, gm.limit / 2, gm.limit}
}

// step is the step between the ply numbers along the bottom, the smallest
// of 1, 2, 5, 10, 20, 50, 100 that keeps them 36 pixels apart.
func (gm graphGeom) step() int {
	step := 1
	for _, s := range []int{1, 2, 5, 10, 20, 50, 100} {
		step = s
		if float64(s)*(gm.pw-24)/float64(gm.n) >= 36 {
			break
		}
	}
	return step
}

// turning are the graph's turning points that are plies of it (0-based).
func (gm graphGeom) turning() []int {
	var out []int
	for _, t := range gm.g.Turning {
		if t >= 0 && t+1 < len(gm.g.Values) {
			out = append(out, t)
		}
	}
	return out
}

// gridLabel writes a grid value in seeds with its sign: "+4", "-4", "0".
func gridLabel(v float64) string {
	label := strconv.FormatFloat(v, 'f', -1, 64)
	if v > 0 {
		label = "+" + label
	}
	return label
}

// gridColor is a grid label's colour: the side the value favours, grey
// for zero.
func gridColor(v float64) color.RGBA {
	switch {
	case v > 0:
		return colSouth
	case v < 0:
		return colNorth
	}
	return colZero
}
