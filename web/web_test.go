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
// itself and the move's animation.
func TestEveryLayoutEveryPly(t *testing.T) {
	for _, c := range layouts {
		t.Run(c.variant, func(t *testing.T) {
			pl := playGame(t, c.variant, c.opts, c.moves, c.names...)
			if c.variant == "ruma" && pl.rec.Phase != store.PhaseOver {
				pl.rec.Phase, pl.rec.Result, pl.rec.Reason = store.PhaseOver, "south_won", "resign"
			}
			ms := newMemStore()
			ms.add("page"+c.variant, pl.rec)
			h := New(Config{Store: ms, Now: func() time.Time { return t0 }, Burst: 100000, Rate: 1000}).Handler()
			last := len(pl.rec.Moves)
			for ply := 0; ply <= last; ply++ {
				res := get(t, h, "/g/page"+c.variant+"?ply="+strconv.Itoa(ply))
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
				if b == nil || b[1] != "page"+c.variant+"/board/"+strconv.Itoa(ply)+".png?lang=en" {
					t.Fatalf("ply %d: board %q", ply, b)
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
				if ply == 0 {
					continue
				}
				anim := get(t, h, "/g/page"+c.variant+"/move/"+strconv.Itoa(ply)+".gif")
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
	ms := newMemStore()
	ms.add("kalahpage", pl.rec)
	h := New(Config{Store: ms}).Handler()
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
		got := body(t, get(t, h, "/g/kalahpage/board/"+strconv.Itoa(c.ply)+".png"))
		if got != want.String() {
			t.Errorf("ply %d: the image differs from render.PNG with the bot's options", c.ply)
		}
	}
}
