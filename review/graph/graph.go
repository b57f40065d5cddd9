// Package graph draws a review's evaluation graph with its words: the
// render.EvalGraph of a review.Review (the chat's PNG and the page's SVG
// draw the same one), and the SVG's title, summary and point titles in one
// of the four languages (texts graph_* of locales' review.toml), which
// render, free of locales, takes as a render.GraphLabels.
//
// It imports review, render and locales; the bot and the game pages
// import it.
package graph

import (
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/review"
)

// Of is rv's evaluation graph: every evaluation (known or not), each ply's
// mover and the turning points.
func Of(rv *review.Review) render.EvalGraph {
	g := render.EvalGraph{Values: make([]float64, len(rv.Evals)), Known: make([]bool, len(rv.Evals))}
	for i, e := range rv.Evals {
		g.Values[i], g.Known[i] = e.South, e.Known
	}
	for _, pl := range rv.Plies {
		g.Movers = append(g.Movers, pl.Mover)
	}
	for _, tp := range rv.Turning {
		g.Turning = append(g.Turning, tp.Index)
	}
	return g
}

// Labels are the words of rv's SVG graph in l: the title, a summary (what
// the graph shows, the turning points in the order played) and each
// point's title ("Move 12: +3.5 for South", "Move 12: even", "Move 12:
// not evaluated", with ", a turning point" where it is one). Values are
// rounded to a tenth of a seed, written with l's decimal separator.
func Labels(l locales.Lang, rv *review.Review) render.GraphLabels {
	summary := locales.Text(l, "graph_summary", map[string]any{"Plies": len(rv.Plies)})
	var idx []int
	for _, tp := range rv.Turning {
		idx = append(idx, tp.Index+1)
	}
	slices.Sort(idx) // in the order played
	var plies []string
	for _, i := range idx {
		plies = append(plies, strconv.Itoa(i))
	}
	switch len(plies) {
	case 0:
		if rv.Complete {
			summary += " " + locales.Text(l, "graph_no_turning", nil)
		}
	case 1:
		summary += " " + locales.Text(l, "graph_turning_one", map[string]any{"List": plies[0]})
	default:
		summary += " " + locales.Text(l, "graph_turning_many", map[string]any{"List": strings.Join(plies, ", ")})
	}
	return render.GraphLabels{
		Title:   locales.Text(l, "graph_title", nil),
		Summary: summary,
		Point:   func(p render.GraphPoint) string { return pointLabel(l, p) },
	}
}

// SVG writes rv's graph as SVG (render.GraphSVG) with its words in l,
// current marking the ply the page shows (0: none). It returns w's error.
func SVG(w io.Writer, rv *review.Review, l locales.Lang, current int) error {
	return render.GraphSVG(w, Of(rv), Labels(l, rv), current)
}

// pointLabel is a point's title in l.
func pointLabel(l locales.Lang, p render.GraphPoint) string {
	args := map[string]any{"Ply": p.Ply, "Value": decimal(l, math.Abs(p.Value))}
	var s string
	switch rounded := math.Round(p.Value*10) / 10; {
	case !p.Known:
		s = locales.Text(l, "graph_point_unknown", args)
	case rounded > 0:
		s = locales.Text(l, "graph_point_south", args)
	case rounded < 0:
		s = locales.Text(l, "graph_point_north", args)
	default:
		s = locales.Text(l, "graph_point_even", args)
	}
	if p.Turning {
		s = locales.Text(l, "graph_point_turning", map[string]any{"Point": s})
	}
	return s
}

// decimal writes v rounded to a tenth, without a trailing ".0", with l's
// decimal separator: "3.5" in English, "3,5" in Russian, Danish and
// Polish.
func decimal(l locales.Lang, v float64) string {
	s := strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
	if l != locales.EN {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}
