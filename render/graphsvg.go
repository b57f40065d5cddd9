package render

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/mancala-bot/mancala/engine"
)

// GraphPoint is one point of a graph, as a GraphLabels.Point labeller
// sees it.
type GraphPoint struct {
	// Ply is the point's ply, 1-based: the value is of the position after
	// it.
	Ply int
	// Value is the evaluation in seeds for South, as given (not clamped to
	// the scale).
	Value float64
	// Known is false for a value the time did not allow to compute.
	Known bool
	// Mover is the side that played the ply (NoSide when not given).
	Mover engine.Side
	// Turning reports that the ply is a turning point.
	Turning bool
}

// GraphLabels are the words of an SVG graph, in the page's language: the
// renderer has none of its own.
type GraphLabels struct {
	// Title is the graph's accessible name (its <title>).
	Title string
	// Summary describes the graph for who cannot see it (its <desc>), e.g.
	// who was ahead and where the turning points are.
	Summary string
	// Point labels one point (its <title>, a tooltip and the link's
	// accessible name), e.g. "move 12: +3.5 for South". Nil: the ply's
	// number.
	Point func(GraphPoint) string
}

// GraphSVG draws g as an SVG document of GraphWidth×GraphHeight units
// (scaling to its container's width) and writes it to w. It draws what
// Graph draws, with the same palette, scale, clamping and geometry, and
// each ply's point (1 to len(g.Values)-1) is a link to "?ply=N" carrying
// data-graph-ply="N", titled by labels.Point, over a column of the plot
// as tall as it and as wide as a ply, so that a finger can hit it. current,
// when it is one of the plies, is marked by a white ring and
// aria-current="step" on its link.
//
// The document is made for a strict Content-Security-Policy: no script,
// no <style> element and no style attribute, only presentation attributes;
// and it carries no id, so that several graphs can share a page. Every
// text is escaped. It returns w's error.
func GraphSVG(w io.Writer, g EvalGraph, labels GraphLabels, current int) error {
	bw := bufio.NewWriter(w)
	gm := newGraphGeom(g)
	x, y := gm.x, gm.y
	p := func(format string, args ...any) { fmt.Fprintf(bw, format, args...) }
	text := func(s string) { _ = xml.EscapeText(bw, []byte(s)) }

	p(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="100%%" preserveAspectRatio="xMidYMid meet" font-family="sans-serif">`, GraphWidth, GraphHeight)
	p(`<title>`)
	text(labels.Title)
	p(`</title><desc>`)
	text(labels.Summary)
	p("</desc>\n")
	p(`<rect width="%d" height="%d" fill="%s"/>`+"\n", GraphWidth, GraphHeight, hex(colBackground))
	p(`<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>`+"\n",
		num(graphLeft), num(graphTop), num(gm.pw), num(gm.ph), num(graphRadius), hex(colBoard))

	// Turning points: a band behind everything.
	for _, t := range gm.turning() {
		p(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="0.18"/>`+"\n",
			num(x(t+1)-graphBand/2), num(graphTop), num(graphBand), num(gm.ph), hex(colCrown))
	}
	// The areas between the line and zero, tinted by the side ahead.
	zero := y(0)
	if len(g.Values) > 1 {
		for _, side := range []engine.Side{engine.South, engine.North} {
			var d strings.Builder
			fmt.Fprintf(&d, "M%s %s", num(x(0)), num(zero))
			for i, v := range g.Values {
				if side == engine.South {
					v = max(v, 0)
				} else {
					v = min(v, 0)
				}
				fmt.Fprintf(&d, "L%s %s", num(x(i)), num(y(v)))
			}
			fmt.Fprintf(&d, "L%s %sZ", num(x(len(g.Values)-1)), num(zero))
			p(`<path d="%s" fill="%s" fill-opacity="0.35"/>`+"\n", d.String(), hex(sideColor(side)))
		}
	}
	// Grid: the zero line, a line at half the scale each way, their labels.
	p(`<g font-size="%s" text-anchor="middle" dominant-baseline="central" aria-hidden="true">`+"\n", num(graphLabelSize))
	for _, v := range gm.grid() {
		stroke, width := colBoardEdge, 1
		if v == 0 {
			stroke, width = colZero, 2
		}
		p(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%d"/>`+"\n",
			num(graphLeft), num(y(v)), num(graphLeft+gm.pw), num(y(v)), hex(stroke), width)
		p(`<text x="%s" y="%s" text-anchor="end" fill="%s">%s</text>`+"\n",
			num(graphLeft-10), num(y(v)), hex(gridColor(v)), gridLabel(v))
	}
	// Ply numbers along the bottom.
	for i := 0; i <= gm.n; i += gm.step() {
		p(`<text x="%s" y="%s" fill="%s">%d</text>`+"\n", num(x(i)), num(GraphHeight-graphBottom/2), hex(colZero), i)
	}
	p("</g>\n")
	// The line.
	if len(g.Values) > 1 {
		var pts strings.Builder
		for i, v := range g.Values {
			if i > 0 {
				pts.WriteByte(' ')
			}
			fmt.Fprintf(&pts, "%s,%s", num(x(i)), num(y(v)))
		}
		p(`<polyline points="%s" fill="none" stroke="%s" stroke-width="3" stroke-linejoin="round"/>`+"\n", pts.String(), hex(colMove))
	}
	// The points: each a link over its column, with its dot and rings.
	turning := map[int]bool{}
	for _, t := range gm.turning() {
		turning[t] = true
	}
	col := (gm.pw - 24) / float64(gm.n)
	for i := 1; i < len(g.Values); i++ {
		pt := GraphPoint{Ply: i, Value: g.Values[i], Known: known(g, i), Mover: g.mover(i - 1), Turning: turning[i-1]}
		label := strconv.Itoa(i)
		if labels.Point != nil {
			label = labels.Point(pt)
		}
		aria := ""
		if i == current {
			aria = ` aria-current="step"`
		}
		px, py := x(i), y(pt.Value)
		p(`<a href="?ply=%d" data-graph-ply="%d"%s><title>`, i, i, aria)
		text(label)
		p(`</title>`)
		p(`<rect x="%s" y="%s" width="%s" height="%s" fill="#000" fill-opacity="0"/>`,
			num(px-col/2), num(graphTop), num(col), num(gm.ph))
		if pt.Turning {
			p(`<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="3"/>`,
				num(px), num(py), num(graphTurning), hex(colCrown))
		}
		if pt.Known {
			p(`<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="1"/>`,
				num(px), num(py), num(graphDot), hex(sideColor(pt.Mover)), hex(colOutline))
		}
		if i == current {
			p(`<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="2"/>`,
				num(px), num(py), num(graphTurning+4), hex(colMove))
		}
		p("</a>\n")
	}
	p("</svg>\n")
	return bw.Flush()
}

// num writes a coordinate rounded to two decimals, without trailing
// zeros: "12", "12.5", "12.25".
func num(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }

// hex writes an opaque colour as "#rrggbb".
func hex(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }
