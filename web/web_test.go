package web

import (
	"bytes"
	"image/gif"
	"image/png"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
)

// layouts are a game of each kind of board, played to its end (or 60
// moves): two rows, Togyz Kumalak's nine pits, Bao's four rows, Ruma's
// four seats, and the one-row solitaire.
var layouts = []struct {
	variant string
	opts    engine.Options
	moves   int // at most
	names   []string
}{
	{"kalah", nil, 80, []string{"Alice", ""}},
	{"togyz", nil, 30, []string{"Dana", "Erik"}},
	{"bao", nil, 12, []string{"Fatuma", ""}},
	{"ruma", nil, 16, []string{"Gosia", "", "Hanna", ""}},
	{"tchuka", nil, 40, []string{"Ivan"}},
}

var (
	cellsRe = regexp.MustCompile(`id="position"[^>]* data-ply="(\d+)" data-cells="([0-9,]*)"`)
	boardRe = regexp.MustCompile(`<img id="board" src="([^"]+)" width="(\d+)" height="(\d+)"`)
)

// cellsOf is p's cells as the page's data-cells writes them.
func cellsOf(p engine.Position) string {
	var out []string
	for i := range p.Rules().Layout().Cells {
		out = append(out, strconv.Itoa(p.Cell(engine.Cell(i))))
	}
	return strings.Join(out, ",")
}

// TestEveryLayoutEveryPly opens the page of a finished (or long) game of
// each layout at every ply and checks the position it shows in words
// against the engine's, the board image's address and size, the image
// itself (a sample of the plies under the race detector), and the first
// and the last move's animations.
func TestEveryLayoutEveryPly(t *testing.T) {
	for _, c := range layouts {
		t.Run(c.variant, func(t *testing.T) {
			t.Parallel()
			pl := playGame(t, c.variant, c.opts, c.moves, c.names...)
			if c.variant == "ruma" && pl.rec.Phase != store.PhaseOver {
				pl.rec.Phase, pl.rec.Result, pl.rec.Reason = store.PhaseOver, "south_won", "resign"
			}
			f := newFixture(t)
			id := f.add(t, c.variant, pl.rec)
			h := New(Config{Store: f.db, Now: func() time.Time { return t0 }, Burst: 100000, Rate: 1000}).Handler()
			last := len(pl.rec.Moves)
			for ply := 0; ply <= last; ply++ {
				res := get(t, h, "/g/"+id+"?ply="+strconv.Itoa(ply))
				page := body(t, res)
				if res.StatusCode != http.StatusOK {
					t.Fatalf("ply %d: %s", ply, res.Status)
				}
				m := cellsRe.FindStringSubmatch(page)
				if m == nil {
					t.Fatalf("ply %d: no #position with data-cells", ply)
				}
				if m[1] != strconv.Itoa(ply) || m[2] != cellsOf(pl.positions[ply]) {
					t.Errorf("ply %d: page shows ply %s cells %s, engine %s", ply, m[1], m[2], cellsOf(pl.positions[ply]))
				}
				b := boardRe.FindStringSubmatch(page)
				if b == nil || b[1] != id+"/board/"+strconv.Itoa(ply)+".png?lang=en" {
					t.Fatalf("ply %d: board %q", ply, b)
				}
				if raceEnabled && ply != last && (c.variant != "kalah" || ply%8 != 1) {
					continue // a sample of the images under the race detector, which makes drawing 20 times slower
				}
				img := get(t, h, "/g/"+b[1])
				data := body(t, img)
				if img.StatusCode != http.StatusOK || img.Header.Get("Content-Type") != "image/png" {
					t.Fatalf("ply %d: board image %s %s", ply, img.Status, img.Header.Get("Content-Type"))
				}
				cfg, err := png.DecodeConfig(strings.NewReader(data))
				if err != nil {
					t.Fatalf("ply %d: %v", ply, err)
				}
				if strconv.Itoa(cfg.Width) != b[2] || strconv.Itoa(cfg.Height) != b[3] {
					t.Errorf("ply %d: image %dx%d, page says %sx%s", ply, cfg.Width, cfg.Height, b[2], b[3])
				}
				if ply != 1 && ply != last || raceEnabled && c.variant != "kalah" { // animations are slow to draw: the first and the last move
					continue
				}
				anim := get(t, h, "/g/"+id+"/move/"+strconv.Itoa(ply)+".gif")
				g, err := gif.DecodeAll(strings.NewReader(body(t, anim)))
				if err != nil {
					t.Fatalf("move %d: %v", ply, err)
				}
				if want := render.AnimationFrames(pl.positions[ply-1], pl.events[ply]); len(g.Image) != want {
					t.Errorf("move %d: %d frames, want %d", ply, len(g.Image), want)
				}
			}
		})
	}
}

// TestBoardAsTheBotDrawsIt: the board of a ply is render.PNG of the
// engine's position with the names by side and the move's events, and the
// final board carries the result (here a resignation the engine does not
// know of).
func TestBoardAsTheBotDrawsIt(t *testing.T) {
	pl := playGame(t, "kalah", nil, 9, "Alice", "")
	pl.rec.Phase, pl.rec.Result, pl.rec.Reason = store.PhaseOver, "north_won", "resign"
	f := newFixture(t)
	f.add(t, "kalahpage", pl.rec)
	h := New(Config{Store: f.db}).Handler()
	for _, c := range []struct {
		ply int
		o   render.Options
	}{
		{0, render.Options{Names: [2]string{"Alice", "Bot"}}},
		{4, render.Options{Names: [2]string{"Alice", "Bot"}, Events: pl.events[4]}},
		{9, render.Options{Names: [2]string{"Alice", "Bot"}, Events: pl.events[9], Status: engine.Won(engine.North)}},
	} {
		var want bytes.Buffer
		if err := render.PNG(&want, pl.positions[c.ply], c.o); err != nil {
			t.Fatal(err)
		}
		got := body(t, get(t, h, "/g/kalahpage____________A/board/"+strconv.Itoa(c.ply)+".png"))
		if got != want.String() {
			t.Errorf("ply %d: the image differs from render.PNG with the bot's options", c.ply)
		}
	}
}

var positionRe = regexp.MustCompile(`(?s)<div id="position"[^>]*>\n(.*?)\n</div>`)

// The position in words, for screen readers: a line per seat in turn
// order, its pits in its own numbering and its store (none in Bao, whose
// seeds in hand are said instead), then the marks the image shows.
func TestPositionInWords(t *testing.T) {
	f := newFixture(t)
	h := New(Config{Store: f.db}).Handler()
	for _, c := range []struct {
		variant string
		names   []string
		moves   int
		ply     string
		want    string
	}{
		{"kalah", []string{"Alice", ""}, 2, "0", "<p>South, Alice: pits 4, 4, 4, 4, 4, 4; store 0.</p><p>North, Bot: pits 4, 4, 4, 4, 4, 4; store 0.</p>"},
		{"kalah", []string{"Alice", ""}, 2, "1", "<p>South, Alice: pits 4, 4, 4, 0, 5, 5; store 1.</p><p>North, Bot: pits 5, 4, 4, 4, 4, 4; store 0.</p>"},
		{"bao", []string{"Fatuma", "Juma"}, 0, "0", "<p>South, Fatuma: pits 0, 0, 0, 0, 6, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0. In hand: 22 seeds.</p>" +
			"<p>North, Juma: pits 0, 0, 0, 0, 6, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0. In hand: 22 seeds.</p>"},
	} {
		pl := playGame(t, c.variant, nil, c.moves, c.names...)
		id := f.add(t, c.variant+c.ply, pl.rec)
		page := body(t, get(t, h, "/g/"+id+"?ply="+c.ply))
		m := positionRe.FindStringSubmatch(page)
		if m == nil || m[1] != c.want {
			t.Errorf("%s at %s:\n got %q\nwant %q", c.variant, c.ply, m, c.want)
		}
	}
}

// A seat leaving a table (the stored pseudo-move "out:west") is a ply of
// its own: the page says who left, the board after it is drawn, and
// there is no sowing to animate; the game goes on from the position
// Leave gives, as the bot replays it.
func TestSeatLeavesTable(t *testing.T) {
	pl := playGame(t, "ruma", nil, 3, "Gosia", "Hanna", "Ida", "Jan")
	p, _, err := pl.positions[3].Leave(engine.West)
	if err != nil {
		t.Fatal(err)
	}
	pl.rec.Moves = append(pl.rec.Moves, store.Move{Ply: 3, Move: "out:west", At: t0})
	g := engine.NewGame(p)
	want := []engine.Position{p}
	for k := range 3 {
		m := g.Position().Moves()[0]
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		pl.rec.Moves = append(pl.rec.Moves, store.Move{Ply: 4 + k, Move: m.String(), At: t0})
		want = append(want, g.Position())
	}
	f := newFixture(t)
	id := f.add(t, "leave", pl.rec)
	h := New(Config{Store: f.db}).Handler()
	page := body(t, get(t, h, "/g/"+id+"?ply=4"))
	if !strings.Contains(page, `<p class="played">Jan leaves the table.</p>`) || !strings.Contains(page, `<span class="num">4.</span> ⏏`) {
		t.Errorf("the leave is not told:\n%s", page)
	}
	if strings.Contains(page, "data-move=") {
		t.Error("a leave has an animation")
	}
	for i, p := range want {
		ply := strconv.Itoa(4 + i)
		if m := cellsRe.FindStringSubmatch(body(t, get(t, h, "/g/"+id+"?ply="+ply))); m == nil || m[2] != cellsOf(p) {
			t.Errorf("ply %s: %q, engine %s", ply, m, cellsOf(p))
		}
	}
	if res := get(t, h, "/g/"+id+"/move/4.gif"); res.StatusCode != http.StatusNotFound {
		t.Errorf("the leave's animation: %s", res.Status)
	}
	if res := get(t, h, "/g/"+id+"/board/4.png"); res.StatusCode != http.StatusOK {
		t.Errorf("the board after the leave: %s", res.Status)
	}
}

// Every variant's page, at the start and after up to 12 moves, shows the
// engine's position and a board of the size render gives, in play and
// over.
func TestEveryVariant(t *testing.T) {
	f := newFixture(t)
	h := New(Config{Store: f.db, Rate: 1000, Burst: 100000}).Handler()
	for _, v := range engine.Variants() {
		names := []string{"Ada", "Ben", "Cy", "Di"}[:max(v.Players, 1)]
		for _, n := range []int{0, 12} {
			pl := playGame(t, v.ID, nil, n, names...)
			id := f.add(t, v.ID+strconv.Itoa(n), pl.rec)
			last := len(pl.rec.Moves)
			for _, ply := range []int{0, last} {
				page := body(t, get(t, h, "/g/"+id+"?ply="+strconv.Itoa(ply)))
				m := cellsRe.FindStringSubmatch(page)
				if m == nil || m[2] != cellsOf(pl.positions[ply]) {
					t.Errorf("%s, %d moves, ply %d: %q, engine %s", v.ID, last, ply, m, cellsOf(pl.positions[ply]))
					continue
				}
				b := boardRe.FindStringSubmatch(page)
				rp, err := replay(pl.rec)
				if err != nil {
					t.Fatal(err)
				}
				w, hh := render.Size(rp.rules, rp.renderOptions("en", ply))
				if b == nil || b[2] != strconv.Itoa(w) || b[3] != strconv.Itoa(hh) {
					t.Errorf("%s ply %d: board %q, want %dx%d", v.ID, ply, b, w, hh)
				}
			}
		}
	}
}
