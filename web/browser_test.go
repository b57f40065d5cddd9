package web

import (
	"bytes"
	"context"
	"image/gif"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/internal/browsertest"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/review"
	"github.com/mancala-bot/mancala/review/graph"
	"github.com/mancala-bot/mancala/store"
)

// The browser tests open the pages in a headless Chromium at 390×844 (see
// internal/browsertest; they skip without one unless
// MANCALA_REQUIRE_BROWSER=1) and check what a visitor sees: the position
// at every step against the engine's, the stepping by buttons and keys,
// the graph's points, the live view, the layout per kind of board
// (screenshot goldens under testdata/screens/, go test -update-screens
// rewrites them) and what loading a page costs.

// pageServer serves the pages of f's store on a real HTTP server (the
// browser needs one); rv, when not nil, is the review every stored review
// decodes to. The rate limit is out of the way: a test steps faster than
// a visitor.
func pageServer(t *testing.T, f *fixture, rv *review.Review) *httptest.Server {
	t.Helper()
	cfg := Config{Store: f.db, Rate: 10000, Burst: 10000, GameGIF: render.GameGIF}
	if rv != nil {
		cfg.DecodeReview = func([]byte) (*review.Review, error) { return rv, nil }
		cfg.GraphSVG = graph.SVG
	}
	srv := httptest.NewServer(New(cfg).Handler())
	t.Cleanup(srv.Close)
	return srv
}

// shownPly waits until the page shows ply n and checks the position it
// gives in words (#position: its data-cells, every cell's seeds in the
// engine's order, and a text) against the engine's, the move marked in the
// list and the board image's address.
func shownPly(t *testing.T, b *browsertest.Browser, pl *played, n int, how string) {
	t.Helper()
	b.WaitFor(`(() => { const p = document.getElementById("position"); return p && p.dataset.ply === "` + strconv.Itoa(n) + `"; })()`)
	if got, want := b.Attr("#position", "data-cells"), cellsOf(pl.positions[n]); got != want {
		t.Fatalf("%s to ply %d: the page shows cells %s, the engine %s", how, n, got, want)
	}
	if b.Text("#position") == "" || b.Text("#turn") == "" {
		t.Errorf("ply %d: no position or turn in words", n)
	}
	current := browsertest.Eval[[]string](b, `[...document.querySelectorAll('[data-ply][aria-current="step"]')].map(e => e.dataset.ply)`)
	switch {
	case n == 0 && len(current) != 0:
		t.Errorf("ply 0: moves marked current %v", current)
	case n > 0 && (len(current) != 1 || current[0] != strconv.Itoa(n)):
		t.Errorf("ply %d: moves marked current %v", n, current)
	}
	if w := browsertest.Eval[int](b, `document.documentElement.scrollWidth`); w > browsertest.Width {
		t.Errorf("ply %d: the page is %d px wide, more than the screen's %d", n, w, browsertest.Width)
	}
}

// click clicks the element once the page's images have loaded: the move's
// animation replaces the board image after a step, and it loads after the
// step is shown; a GIF of another shape than the board moves what is
// below it, so a click aimed before it loads can miss.
func click(b *browsertest.Browser, sel string) {
	b.WaitImages()
	b.Click(sel)
}

// TestBrowserStepEveryMove opens a finished game's page of each kind of
// board at its start and steps through every move (the next button and
// the right arrow in turn), comparing each position with the engine's
// replay of the moves; then back with the left arrow and the previous
// button, and End and Home.
func TestBrowserStepEveryMove(t *testing.T) {
	b := browsertest.New(t)
	for _, c := range browserLayouts {
		t.Run(c.variant, func(t *testing.T) {
			pl := c.game(t)
			f := newFixture(t)
			page := f.add(t, c.variant, pl.rec)
			srv := pageServer(t, f, nil)
			b.Navigate(srv.URL + "/g/" + page + "?ply=0")
			shownPly(t, b, pl, 0, "opening")
			last := len(pl.rec.Moves)
			if got := b.Count("#moves [data-ply]"); got != last {
				t.Errorf("%d moves listed, %d played", got, last)
			}
			if b.Attr("#prev", "aria-disabled") != "true" || b.Attr("#first", "aria-disabled") != "true" {
				t.Error("at the start, back and first are not disabled")
			}
			for n := 1; n <= last; n++ {
				how := "#next"
				if n%2 == 0 {
					how = "ArrowRight"
					b.Press(browsertest.ArrowRight)
				} else {
					click(b, "#next")
				}
				shownPly(t, b, pl, n, how)
			}
			if b.Attr("#next", "aria-disabled") != "true" || b.Attr("#last", "aria-disabled") != "true" {
				t.Error("at the end, next and last are not disabled")
			}
			b.Press(browsertest.ArrowLeft)
			shownPly(t, b, pl, last-1, "ArrowLeft")
			click(b, "#prev")
			shownPly(t, b, pl, last-2, "#prev")
			b.Press(browsertest.Home)
			shownPly(t, b, pl, 0, "Home")
			b.Press(browsertest.End)
			shownPly(t, b, pl, last, "End")
			click(b, "#first")
			shownPly(t, b, pl, 0, "#first")
			click(b, "#last")
			shownPly(t, b, pl, last, "#last")
			// A move in the list goes to its ply.
			mid := last / 2
			click(b, `#moves [data-ply="`+strconv.Itoa(mid)+`"] a`)
			shownPly(t, b, pl, mid, "the move list")
		})
	}
}

// browserLayouts are a finished game of each kind of board the issue names.
var browserLayouts = []browserLayout{
	{"kalah", 80, []string{"Alice", ""}},
	{"togyz", 30, []string{"Dana", "Erik"}},
	{"bao", 12, []string{"Fatuma", ""}},
	{"ruma", 16, []string{"Gosia", "", "Hanna", ""}},
}

// browserLayout is a game for the browser tests: its variant, at most how
// many moves, the players' names by seat ("" for the bot).
type browserLayout struct {
	variant string
	moves   int // at most
	names   []string
}

// game plays the case's game; one the engine did not end is ended by a
// resignation, as a finished game's page shows it.
func (c browserLayout) game(t *testing.T) *played {
	t.Helper()
	pl := playGame(t, c.variant, nil, c.moves, c.names...)
	if pl.rec.Phase != store.PhaseOver {
		pl.rec.Phase, pl.rec.Result, pl.rec.Reason = store.PhaseOver, "south_won", "resign"
	}
	return pl
}

// TestBrowserGraph: with a review stored, each point of the graph (one per
// move) goes to its ply when tapped, swapped in by the script (no page
// load: a mark left on the window stays) in the page's language.
func TestBrowserGraph(t *testing.T) {
	pl := playGame(t, "kalah", nil, 24, "Alice", "Bob")
	pl.rec.Phase, pl.rec.Result, pl.rec.Reason = store.PhaseOver, "south_won", "resign"
	var moves []engine.Move
	for _, m := range pl.rec.Moves {
		mv, err := engine.ParseMove(m.Move)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, mv)
	}
	rv, err := review.Game(context.Background(), pl.positions[0], moves, review.Options{Depth: 4})
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t)
	page := f.add(t, "graph", pl.rec)
	if err := f.db.SaveReview(context.Background(), pl.rec.ID, len(moves), []byte("stored")); err != nil {
		t.Fatal(err)
	}
	srv := pageServer(t, f, rv)
	b := browsertest.New(t)
	b.Navigate(srv.URL + "/g/" + page + "?lang=da")
	last := len(moves)
	shownPly(t, b, pl, last, "opening")
	if got := b.Count("[data-graph-ply]"); got != last {
		t.Fatalf("%d points on the graph, want one per move (%d)", got, last)
	}
	browsertest.Eval[int](b, `window.stayed = 1`)
	for _, n := range []int{3, 1, last / 2, last, 2} {
		click(b, `[data-graph-ply="`+strconv.Itoa(n)+`"]`)
		shownPly(t, b, pl, n, "the graph's point")
		if !browsertest.Eval[bool](b, `window.stayed === 1`) {
			t.Fatalf("the graph's point %d loaded a new page instead of swapping the step in", n)
		}
		if got := browsertest.Eval[string](b, `document.documentElement.lang + " " + new URL(location.href).searchParams.get("lang")`); got != "da da" {
			t.Errorf("the graph's point %d: language %q, want the page's (da)", n, got)
		}
		if got := b.Attr(`[data-graph-ply="`+strconv.Itoa(n)+`"]`, "aria-current"); got != "step" {
			t.Errorf("the graph's point %d is not marked current after the step (%q)", n, got)
		}
	}
}

// TestBrowserScreens: a screenshot of each kind of board's page at its
// last move, compared with its golden within browsertest's tolerance,
// and the Kalah page in the dark theme. The page is opened at the ply
// (no script stepping, so the board is the still image, not the move's
// animation).
func TestBrowserScreens(t *testing.T) {
	b := browsertest.New(t)
	shoot := func(t *testing.T, url, name string) {
		t.Helper()
		b.Navigate(url)
		b.WaitImages()
		b.WaitFor(`document.fonts.status === "loaded"`)
		browsertest.MatchGolden(t, "testdata/screens/"+name+".png", b.Screenshot(), browsertest.DefaultTolerance)
	}
	for _, c := range browserLayouts {
		t.Run(c.variant, func(t *testing.T) {
			pl := c.game(t)
			f := newFixture(t)
			page := f.add(t, c.variant, pl.rec)
			srv := pageServer(t, f, nil)
			url := srv.URL + "/g/" + page + "?ply=" + strconv.Itoa(len(pl.rec.Moves))
			b.ColorScheme("light")
			shoot(t, url, c.variant)
			if c.variant == "kalah" {
				b.ColorScheme("dark")
				shoot(t, url, "kalah_dark")
				b.ColorScheme("light")
			}
		})
	}
}

// TestBrowserLive: the page of a game in progress, open at its last move,
// shows a move stored meanwhile (as the bot stores it) without being
// reloaded. The delay is measured and logged, not asserted.
func TestBrowserLive(t *testing.T) {
	pl := playGame(t, "kalah", nil, 10, "Alice", "Bob")
	if pl.rec.Phase != store.PhasePlaying {
		t.Fatal("the game ended early")
	}
	f := newFixture(t)
	page := f.add(t, "live", pl.rec)
	srv := pageServer(t, f, nil) // the default poll, as served
	b := browsertest.New(t)
	b.Navigate(srv.URL + "/g/" + page)
	shownPly(t, b, pl, 10, "opening")
	b.WaitFor(`document.getElementById("watchers") !== null`)

	// The next move, played on the engine and stored.
	g := engine.NewGame(pl.positions[0])
	for _, m := range pl.rec.Moves {
		mv, _ := engine.ParseMove(m.Move)
		if _, err := g.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	m := g.Position().Moves()[0]
	ev, err := g.Play(m)
	if err != nil {
		t.Fatal(err)
	}
	pl.positions = append(pl.positions, g.Position())
	pl.events = append(pl.events, ev)
	rec := f.game(t, "live")
	rec.Moves = append(rec.Moves, store.Move{Ply: 10, Move: m.String(), At: t0.Add(10 * time.Minute)})
	stored := time.Now()
	f.update(t, rec)
	shownPly(t, b, pl, 11, "the live update")
	t.Logf("a move stored was on the open page %v later (the server polls every %v)", time.Since(stored).Round(time.Millisecond), defaultPoll)
	if got := b.Count("#moves [data-ply]"); got != 11 {
		t.Errorf("%d moves listed after the update, want 11", got)
	}
}

// TestBrowserPageCost loads a finished Kalah game's page afresh and logs
// what it cost: bytes transferred (the document, stylesheet, script and
// board image), resources, time to first contentful paint and to the load
// event, as the browser measured them.
func TestBrowserPageCost(t *testing.T) {
	pl := playGame(t, "kalah", nil, 80, "Alice", "")
	f := newFixture(t)
	page := f.add(t, "cost", pl.rec)
	srv := pageServer(t, f, nil)
	b := browsertest.New(t)
	b.Navigate(srv.URL + "/g/" + page)
	b.WaitImages()
	m := b.Metrics()
	if m.Bytes == 0 || m.Resources < 3 {
		t.Errorf("metrics %+v: want the page, its stylesheet, script and board", m)
	}
	t.Logf("Kalah page, %d moves: %.1f KB transferred in %d requests besides the page, first contentful paint %.0f ms, load %.0f ms",
		len(pl.rec.Moves), float64(m.Bytes)/1024, m.Resources, m.FirstPaintMS, m.LoadMS)
}

// TestBrowserGameGIF: the page of a finished game links the whole game as
// an animated GIF (render.GameGIF), which the browser fetches as an image
// that decodes to a looping animation from the start to the final
// position, one frame at least per move.
func TestBrowserGameGIF(t *testing.T) {
	pl := playGame(t, "oware", nil, 16, "Alice", "Bob")
	pl.rec.Phase, pl.rec.Result, pl.rec.Reason = store.PhaseOver, "north_won", "resign"
	f := newFixture(t)
	page := f.add(t, "gif", pl.rec)
	srv := pageServer(t, f, nil)
	b := browsertest.New(t)
	b.Navigate(srv.URL + "/g/" + page)
	sel := `a[href$="` + page + `.gif"]`
	if b.Count(sel) != 1 {
		t.Fatalf("no download link %s", sel)
	}
	type fetched struct {
		Type  string
		Bytes []byte
	}
	got := browsertest.Eval[fetched](b, `fetch(document.querySelector('`+sel+`').href).then(async r => {
		const u = new Uint8Array(await r.arrayBuffer());
		let s = "";
		for (let i = 0; i < u.length; i += 8192) { s += String.fromCharCode(...u.subarray(i, i + 8192)); }
		return { Type: r.headers.get("Content-Type"), Bytes: btoa(s) };
	})`)
	if got.Type != "image/gif" {
		t.Errorf("Content-Type %q", got.Type)
	}
	g, err := gif.DecodeAll(bytes.NewReader(got.Bytes))
	if err != nil {
		t.Fatal(err)
	}
	moves := len(pl.rec.Moves)
	if len(g.Image) < moves+1 || len(g.Image) > render.MaxGameFrames || g.LoopCount != 0 {
		t.Errorf("%d frames (loop %d) for %d moves", len(g.Image), g.LoopCount, moves)
	}
	t.Logf("the whole game's GIF: %d moves, %d frames, %d bytes", moves, len(g.Image), len(got.Bytes))
}
