package web

import (
	"html/template"
	"sort"
	"strconv"
	"strings"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/internal/boardview"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/review"
)

// reviewView is a stored review as the page shows it: the graph
// (Config.GraphSVG's SVG, each point a link to its ply) and the turning
// points in words.
type reviewView struct {
	SVG        template.HTML
	Intro      string
	Heading    string
	Turning    []string
	NoTurning  string
	Incomplete string
}

// reviewView lays out rv's words for the page in lang; the caller adds
// the graph.
func (g *replayed) reviewView(lang locales.Lang, rv *review.Review) *reviewView {
	t := func(key string, args map[string]any) string { return locales.Plain(locales.Text(lang, key, args)) }
	depth := 0
	for _, e := range rv.Evals {
		depth = max(depth, e.Depth)
	}
	v := &reviewView{Intro: t("review_graph", map[string]any{"Depth": depth})}
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
	player := g.name(lang, boardview.SeatOf(pl.Before, pl.Mover))
	opponent := g.name(lang, 1-boardview.SeatOf(pl.Before, pl.Mover))
	pit := func(m engine.Move) string { return boardview.PitLabel(l, pl.Mover, m) }
	theirPit := func(m engine.Move) string { return boardview.PitLabel(l, 1-pl.Mover, m) }
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
