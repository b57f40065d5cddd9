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

var graphPlyRe = regexp.MustCompile(`<a href="([^"]+)" data-graph-ply="(\d+)"`)

// A stored review shows as the graph, a point per position linking to
// its ply, and the turning points in the words of the bot's /review.
func TestReviewShown(t *testing.T) {
	f, pl, rv, decode := reviewed(t)
	h := New(Config{Store: f.db, DecodeReview: decode}).Handler()
	page := body(t, get(t, h, "/g/"+pageID("reviewed")+"?ply=4"))
	points := graphPlyRe.FindAllStringSubmatch(page, -1)
	if len(points) != len(pl.rec.Moves)+1 {
		t.Fatalf("%d graph points, want %d", len(points), len(pl.rec.Moves)+1)
	}
	for i, p := range points {
		want := pageID("reviewed") + "?ply=" + strconv.Itoa(i) + "&amp;lang=en"
		if p[2] != strconv.Itoa(i) || p[1] != want {
			t.Errorf("point %d: %s → %s, want %d → %s", i, p[2], p[1], i, want)
		}
	}
	for _, tp := range rv.Turning {
		if want := fmt.Sprintf("<li>Move %d, ", tp.Index+1); !strings.Contains(page, want) {
			t.Errorf("turning point %d: no %q", tp.Index, want)
		}
	}
	if n := strings.Count(page, `class="ring"`); n != len(rv.Turning) {
		t.Errorf("%d rings, want %d turning points", n, len(rv.Turning))
	}
	if !strings.Contains(page, locales.Plain(locales.Text(locales.EN, "review_turning", nil))) {
		t.Error("no turning points heading")
	}
	// With review/graph's drawer, its SVG is embedded as it is.
	h = New(Config{Store: f.db, DecodeReview: decode, GraphSVG: func(w io.Writer, r *review.Review, l locales.Lang, cur int) error {
		_, err := fmt.Fprintf(w, `<svg data-test="%d %s %d"></svg>`, len(r.Plies), l, cur)
		return err
	}}).Handler()
	page = body(t, get(t, h, "/g/"+pageID("reviewed")+"?ply=4&lang=pl"))
	if want := fmt.Sprintf(`<div id="graph"><svg data-test="%d pl 4"></svg></div>`, len(pl.rec.Moves)); !strings.Contains(page, want) {
		t.Errorf("no %s in the page", want)
	}
}

// No review: said so, in the page's language; an undecodable one is as
// none; a live game and a table of four say why there is none.
func TestNoReview(t *testing.T) {
	f, _, _, decode := reviewed(t)
	h := New(Config{Store: f.db}).Handler() // no decoder
	none := locales.Text(locales.DA, "page_review_none", nil)
	if page := body(t, get(t, h, "/g/"+pageID("reviewed")+"?lang=da")); !strings.Contains(page, none) || strings.Contains(page, "data-graph-ply") {
		t.Error("without a decoder: not 'no review yet'")
	}
	other := playGame(t, "kalah", nil, 80, "Bob", "")
	f.add(t, "other", other.rec)
	if err := f.db.SaveReview(context.Background(), other.rec.ID, len(other.rec.Moves), []byte("garbage")); err != nil {
		t.Fatal(err)
	}
	h = New(Config{Store: f.db, DecodeReview: decode}).Handler()
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
