package web

import (
	"fmt"
	"html/template"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/review"
)

// reviewView is a stored review as the page shows it: the graph as SVG
// shapes (drawn by the template, each point a link to its ply) and the
// turning points in words.
type reviewView struct {
	// SVG is Config.GraphSVG's graph; when empty the template draws
	// Points.
	SVG     template.HTML
	Intro   string
	Summary string
	// W, H and the plot's geometry.
	W, H        int
	ZeroY       float64
	Line        string
	Points      []graphPoint
	Heading     string
	Turning     []string
	NoTurning   string
	Incomplete  string
	TopLabel    string
	BottomLabel string
}

// graphPoint is one position's point on the graph.
type graphPoint struct {
	Ply     int
	X, Y    float64
	Class   string
	Turning bool
	Href    string
	Title   string
}

// The graph's geometry in SVG units (the SVG scales to the page's width).
const (
	svgW, svgH       = 360, 180
	svgLeft, svgTop  = 28.0, 8.0
	svgRight, svgBot = 8.0, 8.0
	svgMinLimit      = 4.0  // the scale never goes below ±4 seeds
	svgMaxLimit      = 24.0 // values beyond ±24 are drawn at the edge
)

// reviewView lays out rv for the page in lang.
func (g *replayed) reviewView(lang locales.Lang, pageID string, rv *review.Review) *reviewView {
	t := func(key string, args map[string]any) string { return locales.Plain(locales.Text(lang, key, args)) }
	depth := 0
	for _, e := range rv.Evals {
		depth = max(depth, e.Depth)
	}
	v := &reviewView{W: svgW, H: svgH, Intro: t("review_graph", map[string]any{"Depth": depth})}
	limit := svgMinLimit
	for _, e := range rv.Evals {
		limit = max(limit, math.Min(math.Abs(e.South), svgMaxLimit))
	}
	plotW, plotH := svgW-svgLeft-svgRight, svgH-svgTop-svgBot
	v.ZeroY = svgTop + plotH/2
	v.TopLabel, v.BottomLabel = "+"+strconv.Itoa(int(limit)), "−"+strconv.Itoa(int(limit))
	turning := map[int]bool{}
	for _, tp := range rv.Turning {
		turning[tp.Index+1] = true // the position after the turning move
	}
	n := len(rv.Evals)
	var line []string
	for i, e := range rv.Evals {
		x := svgLeft + plotW*float64(i)/float64(max(n-1, 1))
		val := math.Max(-limit, math.Min(limit, e.South))
		y := v.ZeroY - val/limit*plotH/2
		cls := "start"
		if i > 0 {
			cls = "side-" + rv.Plies[i-1].Mover.String()
		}
		if !e.Known {
			cls += " unknown"
		}
		title := t("page_graph_point", map[string]any{"Ply": i, "Value": signedValue(e.South)})
		if i == 0 {
			title = t("page_graph_start", map[string]any{"Value": signedValue(e.South)})
		}
		v.Points = append(v.Points, graphPoint{Ply: i, X: round1(x), Y: round1(y), Class: cls,
			Turning: turning[i], Href: link(pageID, i, lang), Title: title})
		line = append(line, fmt.Sprintf("%.1f,%.1f", x, y))
	}
	v.Line = strings.Join(line, " ")
	final := rv.Evals[n-1].South
	v.Summary = t("page_graph_summary", map[string]any{"Count": len(rv.Plies), "Value": signedValue(final), "Turning": len(rv.Turning)})
	switch {
	case len(rv.Turning) == 0 && rv.Complete:
		v.NoTurning = t("review_no_turning", nil)
	case len(rv.Turning) > 0:
		v.Heading = t("review_turning", nil)
		tps := append([]review.TurningPoint(nil), rv.Turning...)
		sort.SliceStable(tps, func(i, j int) bool { return tps[i].Index < tps[j].Index })
		for _, tp := range tps {
			v.Turning = append(v.Turning, strings.TrimPrefix(g.turningLine(lang, rv, tp), "• "))
		}
	}
	if !rv.Complete {
		v.Incomplete = t("review_incomplete", nil)
	}
	return v
}

// turningLine writes a turning point in the words of the bot's review
// (review.toml's texts, as bot/review.go chooses them).
func (g *replayed) turningLine(lang locales.Lang, rv *review.Review, tp review.TurningPoint) string {
	t := func(key string, args map[string]any) string { return locales.Plain(locales.Text(lang, key, args)) }
	pl := rv.Plies[tp.Index]
	l := g.rules.Layout()
	player := g.name(lang, seatOf(pl.Before, pl.Mover))
	opponent := g.name(lang, 1-seatOf(pl.Before, pl.Mover))
	pit := func(m engine.Move) string { return pitLabel(l, pl.Mover, m) }
	theirPit := func(m engine.Move) string { return pitLabel(l, 1-pl.Mover, m) }
	key := "review_point"
	if tp.Played.Move.Kind == engine.Swap {
		key = "review_point_swap"
	}
	played, best := tp.MarginPlayed, tp.MarginBest
	if best <= played {
		best = played + 1
	}
	parts := []string{t(key, map[string]any{"Ply": tp.Index + 1, "Player": player,
		"Pit": pit(tp.Played.Move), "MarginPlayed": signed(played), "MarginBest": signed(best)})}
	p, b := tp.Played, tp.Better
	switch {
	case p.ReplyCaptured > b.ReplyCaptured:
		parts = append(parts, t("review_gave_capture", map[string]any{"Count": p.ReplyCaptured,
			"Opponent": opponent, "Pit": theirPit(p.ReplyPit)}))
	case p.ReplyExtraTurn && !b.ReplyExtraTurn:
		parts = append(parts, t("review_gave_turn", map[string]any{"Opponent": opponent}))
	}
	args := map[string]any{"Pit": pit(b.Move), "Count": b.Captured}
	switch {
	case b.Move.Kind == engine.Swap:
		parts = append(parts, t("review_better_swap", nil))
	case b.ExtraTurn && b.Captured > p.Captured:
		parts = append(parts, t("review_better_capture_turn", args))
	case b.ExtraTurn && !p.ExtraTurn:
		parts = append(parts, t("review_better_turn", args))
	case b.Captured > p.Captured:
		parts = append(parts, t("review_better_capture", args))
	case b.NextCaptured > p.NextCaptured:
		parts = append(parts, t("review_better_next_capture", map[string]any{"Pit": pit(b.Move), "Count": b.NextCaptured}))
	case p.ReplyCaptured > 0 && b.ReplyCaptured == 0 && !b.Ends:
		parts = append(parts, t("review_better_safe", args))
	default:
		parts = append(parts, t("review_better", args))
	}
	return strings.Join(parts, " ")
}

// signed writes a margin with its sign: "+4", "−4" (a minus sign), "0".
func signed(n int) string {
	switch {
	case n > 0:
		return "+" + strconv.Itoa(n)
	case n < 0:
		return "−" + strconv.Itoa(-n)
	}
	return "0"
}

// signedValue writes an evaluation to a tenth of a seed with its sign.
func signedValue(v float64) string {
	s := strconv.FormatFloat(math.Abs(v), 'f', 1, 64)
	switch {
	case s == "0.0":
		return "0"
	case v > 0:
		return "+" + s
	}
	return "−" + s
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }
