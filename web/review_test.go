package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/review"
	"github.com/mancala-bot/mancala/review/graph"
	"github.com/mancala-bot/mancala/store"
)

// reviewed is a finished game of Kalah with its review (a real one, at a
// small depth), stored as the bytes "review-1" which decodeStub reads:
// the encoding is package review's business, not the page's.
func reviewed(t *testing.T) (*fixture, *played, *review.Review, func([]byte) (*review.Review, error)) {
	t.Helper()
	f := newFixture(t)
	pl := playGame(t, "kalah", nil, 80, "Alice", "")
	f.add(t, "reviewed", pl.rec)
	var moves []engine.Move
	for _, m := range pl.rec.Moves {
		mv, err := engine.ParseMove(m.Move)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, mv)
	}
	rv, err := review.Game(context.Background(), pl.positions[0], moves, review.Options{Depth: 2, Turning: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(rv.Turning) == 0 {
		t.Fatal("no turning point to show")
	}
	if err := f.db.SaveReview(context.Background(), pl.rec.ID, len(moves), []byte("review-1")); err != nil {
		t.Fatal(err)
	}
	decode := func(b []byte) (*review.Review, error) {
		if string(b) != "review-1" {
			return nil, errors.New("not a review")
		}
		return rv, nil
	}
	return f, pl, rv, decode
}

var graphPlyRe = regexp.MustCompile(`<a href="([^"]+)" data-graph-ply="(\d+)"( aria-current="step")?>`)

// A stored review shows as review/graph's SVG (the chat's drawing), a
// point per move linking to its ply with the page's ply marked, and the
// turning points in the words of the bot's /review.
func TestReviewShown(t *testing.T) {
	f, pl, rv, decode := reviewed(t)
	h := New(Config{Store: f.db, DecodeReview: decode, GraphSVG: graph.SVG}).Handler()
	page := body(t, get(t, h, "/g/"+pageID("reviewed")+"?ply=4&lang=pl"))
	var svg strings.Builder
	if err := graph.SVG(&svg, rv, locales.PL, 4); err != nil {
		t.Fatal(err)
	}
	if want := `<div id="graph">` + svg.String() + `</div>`; !strings.Contains(page, want) {
		t.Errorf("the page does not embed graph.SVG's drawing as it is")
	}
	points := graphPlyRe.FindAllStringSubmatch(page, -1)
	if len(points) != len(pl.rec.Moves) {
		t.Fatalf("%d graph points, want %d", len(points), len(pl.rec.Moves))
	}
	for i, p := range points {
		ply := strconv.Itoa(i + 1)
		if p[2] != ply || p[1] != "?ply="+ply || (p[3] != "") != (i+1 == 4) {
			t.Errorf("point %d: %q → %q (current %q), want → ?ply=%s, current only at 4", i+1, p[2], p[1], p[3], ply)
		}
	}
	for _, tp := range rv.Turning {
		if want := fmt.Sprintf("<li>Ruch %d, ", tp.Index+1); !strings.Contains(page, want) {
			t.Errorf("turning point %d: no %q", tp.Index, want)
		}
	}
	if !strings.Contains(page, locales.Plain(locales.Text(locales.PL, "review_turning", nil))) {
		t.Error("no turning points heading")
	}
	// A drawer that fails: the turning points without a graph (logged).
	h = New(Config{Store: f.db, DecodeReview: decode, GraphSVG: func(w io.Writer, r *review.Review, l locales.Lang, cur int) error {
		return errors.New("no ink")
	}}).Handler()
	page = body(t, get(t, h, "/g/"+pageID("reviewed")+"?ply=4"))
	if strings.Contains(page, `id="graph"`) || !strings.Contains(page, locales.Plain(locales.Text(locales.EN, "review_turning", nil))) {
		t.Error("a failing drawer: want the turning points without a graph")
	}
}

// No review: said so, in the page's language; an undecodable one is as
// none; a live game and a table of four say why there is none.
func TestNoReview(t *testing.T) {
	f, _, _, decode := reviewed(t)
	none := locales.Text(locales.DA, "page_review_none", nil)
	for name, cfg := range map[string]Config{
		"without a decoder":      {Store: f.db, GraphSVG: graph.SVG},
		"without a graph drawer": {Store: f.db, DecodeReview: decode},
	} {
		if page := body(t, get(t, New(cfg).Handler(), "/g/"+pageID("reviewed")+"?lang=da")); !strings.Contains(page, none) || strings.Contains(page, "data-graph-ply") {
			t.Errorf("%s: not 'no review yet'", name)
		}
	}
	other := playGame(t, "kalah", nil, 80, "Bob", "")
	f.add(t, "other", other.rec)
	if err := f.db.SaveReview(context.Background(), other.rec.ID, len(other.rec.Moves), []byte("garbage")); err != nil {
		t.Fatal(err)
	}
	h := New(Config{Store: f.db, DecodeReview: decode, GraphSVG: graph.SVG}).Handler()
	if page := body(t, get(t, h, "/g/"+pageID("other")+"?lang=da")); !strings.Contains(page, none) {
		t.Error("an undecodable review: not 'no review yet'")
	}
	live := playGame(t, "kalah", nil, 5, "Carl", "")
	f.add(t, "live", live.rec)
	if page := body(t, get(t, h, "/g/"+pageID("live"))); !strings.Contains(page, locales.Text(locales.EN, "page_review_live", nil)) {
		t.Error("a live game: not 'after the game'")
	}
	table := playGame(t, "ruma", nil, 8, "A", "", "C", "")
	table.rec.Phase, table.rec.Result, table.rec.Reason = store.PhaseOver, "east_won", "seat_out"
	f.add(t, "table", table.rec)
	if page := body(t, get(t, h, "/g/"+pageID("table"))); !strings.Contains(page, locales.Text(locales.EN, "page_review_seats", nil)) {
		t.Error("a table of four: not 'two players'")
	}
}
