package web

import (
	"bytes"
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/internal/boardview"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/review"
	"github.com/mancala-bot/mancala/store"
	"golang.org/x/text/language"
)

var pageTemplate = template.Must(template.ParseFS(assets, "assets/page.html"))

// pageLang is the language of a page: ?lang= when it is one of the four,
// else the first of the four the browser accepts (Accept-Language, by
// preference), else the game's table language, else English.
func pageLang(r *http.Request, rec *store.Game) locales.Lang {
	if q := r.URL.Query().Get("lang"); q != "" {
		if l, ok := locales.Parse(q); ok {
			return l
		}
	}
	if tags, _, err := language.ParseAcceptLanguage(r.Header.Get("Accept-Language")); err == nil {
		for _, t := range tags { // sorted by preference
			base, _ := t.Base()
			if l, ok := locales.Parse(base.String()); ok {
				return l
			}
		}
	}
	return gameLang(rec)
}

// gameLang is the game's table language, else English.
func gameLang(rec *store.Game) locales.Lang {
	if l := locales.Lang(rec.Lang); l.Valid() {
		return l
	}
	return locales.EN
}

// pageView is what the template shows: every text already in the page's
// language (html/template escapes them).
type pageView struct {
	Lang        string
	Title       string
	Variant     string
	Canonical   string
	Seats       []seatView
	Options     []optionView
	Result      string
	Live        bool
	Version     int64
	Watchers    string
	WatchersN   int
	Ply, Last   int
	StepTitle   string
	StepText    string
	Turn        string
	Board       string
	BoardW      int
	BoardH      int
	BoardAlt    string
	MoveGIF     string
	Position    []string
	Cells       string
	First, Prev string
	Next, End   string
	Moves       []moveView
	Review      *reviewView
	NoReview    string
	Downloads   []linkView
	Languages   []linkView
	EventsURL   string
	T           map[string]string
}

type seatView struct{ Seat, Player, Class string }

type optionView struct{ Name, Value string }

type moveView struct {
	Ply     int
	Num     string
	Text    string
	Href    string
	Class   string
	Current bool
}

type linkView struct {
	Href, Text, Lang string
	Current          bool
}

// pageTexts are the fixed texts of the page, by the template's name.
var pageTexts = map[string]string{
	"First": "page_first", "Prev": "page_prev", "Next": "page_next", "Last": "page_last",
	"Moves": "page_moves", "Review": "page_review", "Download": "page_download",
	"Players": "page_players", "Options": "page_options", "Language": "page_language",
	"Position": "page_position", "Board": "page_board",
}

// page serves /g/{id}: the game at ?ply= (the last ply when absent).
func (s *Server) page(w http.ResponseWriter, r *http.Request, pageID string) {
	g := s.loadGame(w, r, pageID)
	if g == nil {
		return
	}
	ply := g.last()
	if q := r.URL.Query().Get("ply"); q != "" {
		n, ok := parsePly(q, "", 0, g.last())
		if !ok {
			notFound(w)
			return
		}
		ply = n
	}
	lang := pageLang(r, g.rec)
	rv, err := s.storedReview(r, g)
	if err != nil {
		s.internalError(w, r, "reading the review", err)
		return
	}
	watchers := 0
	if !g.over() {
		if watchers, err = s.cfg.Store.Watchers(r.Context(), g.rec.ID, s.cfg.Now()); err != nil {
			s.internalError(w, r, "counting the spectators", err)
			return
		}
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Language")
	tag := etag("page", pageID, g.rec.Version, r.URL.Query().Get("ply"), lang, rv != nil, watchers)
	if notModified(w, r, tag) {
		return
	}
	s.answer(w, r, g, tag, "writing the page", func() ([]byte, error) {
		var buf bytes.Buffer
		err := pageTemplate.Execute(&buf, s.view(g, pageID, ply, lang, rv, watchers))
		return buf.Bytes(), err
	})
}

// storedReview is the game's stored review, or nil when there is none to
// show: the game is not over, has no moves or is not of two seats, no
// decoder or graph drawer is configured, none is stored, or it cannot be decoded (logged).
func (s *Server) storedReview(r *http.Request, g *replayed) (*review.Review, error) {
	if !reviewable(g) || s.cfg.DecodeReview == nil || s.cfg.GraphSVG == nil {
		return nil, nil
	}
	data, err := s.cfg.Store.Review(r.Context(), g.rec.ID, len(g.rec.Moves))
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	rv, err := s.cfg.DecodeReview(data)
	if err != nil {
		s.log.WarnContext(r.Context(), "game page: undecodable review", "game", g.rec.ID, "err", err)
		return nil, nil
	}
	if len(rv.Evals) != len(g.rec.Moves)+1 || len(rv.Plies) != len(g.rec.Moves) {
		s.log.WarnContext(r.Context(), "game page: review of another length", "game", g.rec.ID, "plies", len(rv.Plies))
		return nil, nil
	}
	return rv, nil
}

// reviewable reports whether g can have a review: a finished game of two
// seats with moves.
func reviewable(g *replayed) bool {
	return g.over() && len(g.rec.Players) == 2 && g.rules.Layout().Sides == 2 && len(g.rec.Moves) > 0
}

// link is the page's own address for ply in lang, relative to the page.
func link(pageID string, ply int, lang locales.Lang) string {
	return pageID + "?ply=" + strconv.Itoa(ply) + "&lang=" + url.QueryEscape(string(lang))
}

// view builds the page of g at ply.
func (s *Server) view(g *replayed, pageID string, ply int, lang locales.Lang, rv *review.Review, watchers int) *pageView {
	t := func(key string, args map[string]any) string { return locales.Plain(locales.Text(lang, key, args)) }
	rec := g.rec
	st := g.steps[ply]
	variant := locales.VariantName(lang, rec.Variant)
	v := &pageView{
		Lang:    string(lang),
		Variant: variant,
		Live:    !g.over(),
		Version: rec.Version,
		Ply:     ply,
		Last:    g.last(),
		T:       map[string]string{},
	}
	for name, key := range pageTexts {
		v.T[name] = t(key, nil)
	}
	if s.cfg.PublicURL != "" {
		v.Canonical = Link(s.cfg.PublicURL, pageID)
	}
	var names []string
	for _, side := range boardview.TurnOrder(len(rec.Players)) {
		seat := int(side)
		name := g.name(lang, seat)
		names = append(names, name)
		v.Seats = append(v.Seats, seatView{Seat: seatName(lang, side), Player: name, Class: "side-" + side.String()})
	}
	v.Title = t("page_title", map[string]any{"Variant": variant, "Players": strings.Join(names, " · ")})
	keys := make([]string, 0, len(rec.Options))
	for k := range rec.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v.Options = append(v.Options, optionView{
			Name:  locales.OptionName(lang, rec.Variant, k),
			Value: locales.OptionValue(lang, rec.Variant, k, rec.Options[k]),
		})
	}
	if g.over() {
		v.Result = g.resultText(lang)
	} else {
		v.Result = t("page_live", nil)
		v.WatchersN = watchers
		v.Watchers = t("page_spectators", map[string]any{"Count": watchers})
		v.EventsURL = pageID + "/events"
	}

	// The step.
	if ply == 0 {
		v.StepTitle = t("page_start", nil)
	} else {
		v.StepTitle = t("page_move_of", map[string]any{"Ply": ply, "Total": g.last()})
		mover := g.name(lang, st.mover)
		if st.leave {
			v.StepText = t("page_left", map[string]any{"Player": mover})
		} else {
			v.StepText = t("page_played", map[string]any{"Player": mover, "Move": boardview.MoveText(g.rules.Layout(), st.move, st.events)})
		}
	}
	switch {
	case g.over() && ply == g.last():
		v.Turn = v.Result
	case st.pos.Status() != engine.Ongoing:
		v.Turn = t("page_game_over", nil)
	default:
		v.Turn = t("turn", map[string]any{"Player": g.name(lang, boardview.SeatOf(st.pos, st.pos.ToMove()))})
	}
	o := g.renderOptions(lang, ply)
	v.BoardW, v.BoardH = render.Size(g.rules, o)
	v.Board = pageID + "/board/" + strconv.Itoa(ply) + ".png?lang=" + string(lang)
	if ply > 0 && !st.leave {
		v.MoveGIF = pageID + "/move/" + strconv.Itoa(ply) + ".gif"
	}
	v.Position, v.Cells = positionText(g, lang, ply)
	v.BoardAlt = v.StepTitle + ". " + v.Turn
	if ply > 0 {
		v.First, v.Prev = link(pageID, 0, lang), link(pageID, ply-1, lang)
	}
	if ply < g.last() {
		v.Next, v.End = link(pageID, ply+1, lang), link(pageID, g.last(), lang)
	}

	// The move list.
	for i := 1; i <= g.last(); i++ {
		s := g.steps[i]
		text := boardview.MoveText(g.rules.Layout(), s.move, s.events)
		if s.leave {
			text = "⏏"
		}
		v.Moves = append(v.Moves, moveView{Ply: i, Num: strconv.Itoa(i), Text: text,
			Href: link(pageID, i, lang), Class: "side-" + s.side.String(), Current: i == ply})
	}

	// The review.
	switch {
	case rv != nil:
		v.Review = g.reviewView(lang, rv)
		var svg bytes.Buffer
		if err := s.cfg.GraphSVG(&svg, rv, lang, ply); err == nil {
			v.Review.SVG = template.HTML(svg.String()) // the drawer escapes (Config.GraphSVG)
		} else {
			s.log.Warn("game page: drawing the review's graph", "game", rec.ID, "err", err)
		}
	case !g.over():
		v.NoReview = t("page_review_live", nil)
	case !reviewable(g):
		v.NoReview = t("page_review_seats", nil)
	default:
		v.NoReview = t("page_review_none", nil)
	}

	// Downloads and languages.
	if s.cfg.Record.Write != nil {
		v.Downloads = append(v.Downloads, linkView{Href: pageID + ".txt", Text: t("page_record", nil)})
	}
	v.Downloads = append(v.Downloads, linkView{Href: pageID + ".json", Text: t("page_json", nil)})
	if s.cfg.GameGIF != nil && g.last() > 0 {
		v.Downloads = append(v.Downloads, linkView{Href: pageID + ".gif", Text: t("page_gif", nil)})
	}
	for _, l := range locales.All {
		v.Languages = append(v.Languages, linkView{Href: link(pageID, ply, l), Text: l.NativeName(), Lang: string(l), Current: l == lang})
	}
	return v
}

// resultText says how a finished game ended: who won, or a draw, and why.
func (g *replayed) resultText(lang locales.Lang) string {
	t := func(key string, args map[string]any) string { return locales.Plain(locales.Text(lang, key, args)) }
	var res string
	if w := boardview.WinnerSeat(g.rec); w >= 0 {
		res = t("page_result_win", map[string]any{"Player": g.name(lang, w)})
	} else {
		res = t("page_result_draw", nil)
	}
	if key := "page_reason_" + g.rec.Reason; g.rec.Reason != "" && locales.Has(locales.EN, key) {
		res = t("page_ended", map[string]any{"Result": res, "Reason": t(key, nil)})
	}
	return res
}

// positionText is the position of ply in words, a line per seat in turn
// order (its pits in its own numbering, its store), then what the board
// marks besides (seeds in hand, tuzdyks, seats out, penalties); and every
// cell's count in the engine's cell order, comma-separated, for the tests.
func positionText(g *replayed, lang locales.Lang, ply int) ([]string, string) {
	t := func(key string, args map[string]any) string { return locales.Plain(locales.Text(lang, key, args)) }
	p := g.steps[ply].pos
	l := g.rules.Layout()
	var lines []string
	for _, side := range engine.TurnOrder(g.rules) {
		seat := boardview.SeatOf(p, side)
		who := seatName(lang, side)
		if name := g.name(lang, seat); name != "" && l.Sides > 1 {
			who += ", " + name
		}
		pits := make([]string, 0, l.Pits)
		for n := 1; n <= l.Pits; n++ {
			if c := l.Pit(side, n); c != engine.NoCell {
				pits = append(pits, strconv.Itoa(p.Cell(c)))
			}
		}
		key := "page_pos_side"
		if l.Store(side) == engine.NoCell { // Bao: no stores
			key = "page_pos_side_pits"
		}
		line := t(key, map[string]any{"Seat": who, "Pits": strings.Join(pits, ", "), "Store": p.Store(side)})
		if l.Sides > 2 {
			if p.Out(side) {
				line += " " + t("page_pos_out", nil)
			}
			if n := p.Penalties(side); n > 0 {
				line += " " + t("page_pos_penalties", map[string]any{"Count": n})
			}
		}
		if side <= engine.North {
			if n := p.Hand(side); n > 0 {
				line += " " + t("page_pos_hand", map[string]any{"Count": n})
			}
		}
		lines = append(lines, line)
	}
	for _, m := range p.Marks() {
		if m.Kind != engine.MarkTuzdyk || int(m.Cell) >= len(l.Cells) {
			continue
		}
		ci := l.Cells[m.Cell]
		lines = append(lines, t("page_pos_tuzdyk", map[string]any{"Seat": seatName(lang, m.Side),
			"Pit": ci.Pit, "Row": seatName(lang, ci.Owner)}))
	}
	cells := make([]string, len(l.Cells))
	for i := range l.Cells {
		cells[i] = strconv.Itoa(p.Cell(engine.Cell(i)))
	}
	return lines, strings.Join(cells, ",")
}
