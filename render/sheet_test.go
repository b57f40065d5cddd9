package render

import (
	"bytes"
	"image/color"
	"image/png"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// sheetPanels returns n panels of variant id: the first n moves of a game
// played by the middle legal move (started again if it ends).
func sheetPanels(t testing.TB, id string, n int) []Panel {
	t.Helper()
	p := engine.MustNew(id, nil).Start()
	var ps []Panel
	for len(ps) < n {
		ms := p.Moves()
		if len(ms) == 0 { // over (a short solitaire): again from the start
			p = engine.MustNew(id, nil).Start()
			continue
		}
		q, ev, err := p.PlayEvents(ms[len(ms)/2])
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, Panel{Before: p, Events: ev, After: q})
		p = q
	}
	return ps
}

func TestDiagramSheetGolden(t *testing.T) {
	// Three panels: two columns, the second row half full. Small, to keep
	// the golden small.
	var buf bytes.Buffer
	if err := DiagramSheet(&buf, sheetPanels(t, "kalah", 3), Options{Scale: 0.4}); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "sheet_kalah_3", buf.Bytes())
}

// TestDiagramSheetSizes: every variant, one to five panels: the PNG has
// DiagramSheetSize, one column up to two panels and two from three, and
// stays within Telegram's photo limits (width + height at most 10000, a
// side at most 20 times the other) and well under 1 MB at the rules
// diagrams' scale.
func TestDiagramSheetSizes(t *testing.T) {
	for _, v := range engine.Variants() {
		all := sheetPanels(t, v.ID, 5)
		for n := 1; n <= len(all); n++ {
			if testing.Short() && n != 4 {
				continue
			}
			ps := all[:n]
			o := Options{Scale: 0.8}
			var buf bytes.Buffer
			if err := DiagramSheet(&buf, ps, o); err != nil {
				t.Fatal(err)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			w, h := DiagramSheetSize(ps, o)
			if cfg.Width != w || cfg.Height != h {
				t.Errorf("%s, %d panels: %dx%d, DiagramSheetSize says %dx%d", v.ID, n, cfg.Width, cfg.Height, w, h)
			}
			dw, _ := DiagramSize(ps[0].Before.Rules(), o)
			cols := 1
			if n >= 3 {
				cols = 2
			}
			if w < cols*dw || w >= (cols+1)*dw {
				t.Errorf("%s, %d panels: %d px wide for %d columns of %d", v.ID, n, w, cols, dw)
			}
			if w+h > 10000 || max(w, h) > 20*min(w, h) || buf.Len() > 1<<20 {
				t.Errorf("%s, %d panels: %dx%d, %d bytes: over a chat photo's limits", v.ID, n, w, h, buf.Len())
			}
			if n == 4 {
				t.Logf("%s, 4 panels: %dx%d, %d KB", v.ID, w, h, buf.Len()>>10)
			}
		}
	}
}

func TestDiagramSheetErrors(t *testing.T) {
	var buf bytes.Buffer
	if err := DiagramSheet(&buf, nil, Options{}); err == nil {
		t.Error("no panels: no error")
	}
	if err := DiagramSheet(&buf, []Panel{{}}, Options{}); err == nil {
		t.Error("an empty panel: no error")
	}
	if w, h := DiagramSheetSize(nil, Options{}); w != 0 || h != 0 {
		t.Errorf("DiagramSheetSize(nil) = %dx%d", w, h)
	}
	// Events that do not belong to the positions draw, and do not panic.
	ps := sheetPanels(t, "kalah", 2)
	ps[1].Events = []engine.Event{{Kind: engine.EventCapture, Cell: 200, Count: 5}, {Kind: engine.EventPickup, Cell: 3}}
	if err := DiagramSheet(&buf, ps, Options{Scale: 0.3}); err != nil {
		t.Error(err)
	}
}

// TestArrowLabel: the arrow of a diagram names the move: the label given
// (Panel.Label, "3R"), else the pit the move lifts its seeds from, in
// white, else for a move that lifts none but takes a pit (Tshuba's bonus
// capture, the rules sheet's example 3) that pit's number in its owner's
// colour; a sheet with such a move draws the label there.
func TestArrowLabel(t *testing.T) {
	l := engine.MustNew("tshuba", nil).Layout()
	n1, s3 := l.Pit(engine.North, 1), l.Pit(engine.South, 3)
	for _, c := range []struct {
		name   string
		events []engine.Event
		want   string
		col    color.RGBA
	}{
		{"sowing", []engine.Event{{Kind: engine.EventPickup, Side: engine.South, Cell: s3, Count: 2}, {Kind: engine.EventSow, Cell: s3 + 1}}, "3", colMove},
		{"bonus capture", []engine.Event{{Kind: engine.EventCapture, Side: engine.South, Cell: n1, Count: 2}}, "1", colNorth},
		{"drop", []engine.Event{{Kind: engine.EventSow, Side: engine.South, Cell: n1}}, "1", colNorth},
		{"nothing to name", []engine.Event{{Kind: engine.EventExtraTurn, Side: engine.South}}, "", colMove},
	} {
		if got, col := pitLabel(l, c.events); got != c.want || col != c.col {
			t.Errorf("%s: label %q in %v, want %q in %v", c.name, got, col, c.want, c.col)
		}
	}
}
