package render

import (
	"bytes"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// The engine has no three- or four-row variant yet, so these layouts are
// made here, numbered as the spec says (for four rows: the front row 1..N,
// the back row N+1..2N, each from its owner's left), to show that the
// renderer works from the geometry alone.

func fourRowLayout(n int, stores bool) *engine.Layout {
	off, cols := 0, n
	if stores {
		off, cols = 1, n+2
	}
	l := &engine.Layout{Sides: 2, Pits: 2 * n, Rows: 4, Cols: cols}
	add := func(s engine.Side, pit, row, col int) {
		l.Cells = append(l.Cells, engine.CellInfo{Owner: s, Kind: engine.PitCell, Pit: pit, Row: row, Col: col})
	}
	for i := 1; i <= n; i++ {
		add(engine.South, i, 2, off+i-1)
	}
	for i := 1; i <= n; i++ {
		add(engine.South, n+i, 3, off+i-1)
	}
	if stores {
		l.Cells = append(l.Cells, engine.CellInfo{Owner: engine.South, Kind: engine.StoreCell, Row: -1, Col: cols - 1})
	}
	for i := 1; i <= n; i++ {
		add(engine.North, i, 1, off+n-i)
	}
	for i := 1; i <= n; i++ {
		add(engine.North, n+i, 0, off+n-i)
	}
	if stores {
		l.Cells = append(l.Cells, engine.CellInfo{Owner: engine.North, Kind: engine.StoreCell, Row: -1, Col: 0})
	}
	return l
}

// threeRowLayout: North has one row, South two, and both have stores.
func threeRowLayout(n int) *engine.Layout {
	l := &engine.Layout{Sides: 2, Pits: 2 * n, Rows: 3, Cols: n + 2}
	for i := 1; i <= n; i++ {
		l.Cells = append(l.Cells, engine.CellInfo{Owner: engine.North, Kind: engine.PitCell, Pit: i, Row: 0, Col: n + 1 - i})
	}
	for r := 1; r <= 2; r++ {
		for i := 1; i <= n; i++ {
			l.Cells = append(l.Cells, engine.CellInfo{Owner: engine.South, Kind: engine.PitCell, Pit: (r-1)*n + i, Row: r, Col: i})
		}
	}
	l.Cells = append(l.Cells,
		engine.CellInfo{Owner: engine.South, Kind: engine.StoreCell, Row: -1, Col: n + 1},
		engine.CellInfo{Owner: engine.North, Kind: engine.StoreCell, Row: -1, Col: 0})
	return l
}

// synthetic draws a made-up state of layout l as PNG.
func synthetic(t *testing.T, l *engine.Layout, s *state, o Options) ([]byte, image.Point) {
	t.Helper()
	g := newGeom(l, o.Scale, o.named())
	var buf bytes.Buffer
	if err := encode(&buf, g, s, o, 0); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), image.Pt(g.w, g.h)
}

// fill gives every cell a deterministic count, with some empty pits and a
// few stores and pits too full to draw their seeds.
func fill(l *engine.Layout) *state {
	s := &state{}
	for i, ci := range l.Cells {
		if ci.Kind == engine.StoreCell {
			s.cells[i] = 7 + 9*i%30
		} else {
			s.cells[i] = (i * 5) % 17
		}
	}
	return s
}

func TestFourRows(t *testing.T) {
	l := fourRowLayout(8, true)
	s := fill(l)
	s.toMove = engine.North
	find := func(side engine.Side, pit int) engine.Cell {
		for i, ci := range l.Cells {
			if ci.Owner == side && ci.Kind == engine.PitCell && ci.Pit == pit {
				return engine.Cell(i)
			}
		}
		t.Fatalf("no %s pit %d", side, pit)
		return 0
	}
	from, to := find(engine.South, 3), find(engine.North, 2)
	s.cells[from] = 0
	ev := []engine.Event{{Kind: engine.EventPickup, Side: engine.South, Cell: from, Count: 3}}
	for _, c := range []engine.Cell{find(engine.South, 4), find(engine.South, 5), find(engine.South, 6)} {
		ev = append(ev, engine.Event{Kind: engine.EventSow, Side: engine.South, Cell: c})
	}
	ev = append(ev, engine.Event{Kind: engine.EventCapture, Side: engine.South, Cell: to, Count: s.cells[to]})
	s.cells[to] = 0
	if g := newGeom(l, 1, false); g.w > 1300 || g.h > 900 || g.h > g.w {
		t.Errorf("a 4x8 board with stores is %dx%d", g.w, g.h)
	}
	// At a smaller scale, to keep the golden small (and to test scaling).
	data, _ := synthetic(t, l, s, Options{Events: ev, Scale: 0.6})
	checkGolden(t, "fourrow_synthetic", data)
}

// TestOtherGeometries draws made-up layouts in every state: nothing
// panics, and the sizes stay chat-sized.
func TestOtherGeometries(t *testing.T) {
	layouts := map[string]*engine.Layout{
		"4x8":         fourRowLayout(8, false),
		"4x8+stores":  fourRowLayout(8, true),
		"3x6+stores":  threeRowLayout(6),
		"4x16+stores": fourRowLayout(engine.MaxPits/2, true),
		"empty":       {Sides: 2, Rows: 0, Cols: 0},
		"junk": {Sides: 2, Pits: 1, Rows: 1, Cols: 1, Cells: []engine.CellInfo{
			{Owner: engine.West, Kind: engine.PitCell, Pit: 99, Row: 5, Col: -3},
			{Owner: engine.Side(200), Kind: engine.StoreCell, Row: 7, Col: 40},
			{Owner: engine.North, Kind: engine.PitCell, Pit: 0, Row: -1, Col: 0},
		}},
	}
	statuses := []struct {
		status engine.Status
		toMove engine.Side
	}{
		{engine.Ongoing, engine.South}, {engine.Ongoing, engine.North},
		{engine.SouthWon, engine.North}, {engine.NorthWon, engine.South}, {engine.Draw, engine.South},
		{engine.Solved, engine.South}, {engine.Failed, engine.South},
	}
	for name, l := range layouts {
		for _, st := range statuses {
			s := fill(l)
			s.status, s.toMove = st.status, st.toMove
			g := newGeom(l, 1, false)
			if g.w < 1 || g.h < 1 || g.w > 1800 || g.h > 1200 {
				t.Errorf("%s: %dx%d", name, g.w, g.h)
			}
			if *outDir == "" {
				// Half size: the same code, a quarter of the pixels.
				g = newGeom(l, 0.5, false)
				draw(image.NewRGBA(image.Rect(0, 0, g.w, g.h)), g, s, Options{})
				continue
			}
			data, _ := synthetic(t, l, s, Options{})
			if st.status == engine.Ongoing || st.status == engine.Draw {
				f := fmt.Sprintf("synthetic_%s_%s_%s.png", name, st.status, st.toMove)
				if err := os.WriteFile(filepath.Join(*outDir, f), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestCapacity pins how many seeds are drawn before a pit or store shows
// just its number (the package doc quotes these), and for which counts a
// pit's seeds are drawn around the number (beads: 1, 2, 3 digits).
func TestCapacity(t *testing.T) {
	for _, tc := range []struct {
		id    string
		store int
		beads [3]bool
	}{
		{"kalah", 67, [3]bool{true, true, false}},
		{"congkak", 67, [3]bool{true, false, false}},
		{"togyz", 67, [3]bool{true, false, false}},
		{"tchuka", 16, [3]bool{true, true, false}},
	} {
		l := engine.MustNew(tc.id, nil).Layout()
		g := newGeom(l, 1, false)
		c := g.store(engine.South)
		_, _, w, h := g.storeRect(g.cells[c].Col)
		store := len(storeSpots(g, w, h, g.storeCorner(w, h)))
		if g.ringCap != maxPitSeeds || store != tc.store || g.beads != tc.beads {
			t.Errorf("%s: %d seeds in a pit, %d in a store, beads %v; want %d, %d, %v",
				tc.id, g.ringCap, store, g.beads, maxPitSeeds, tc.store, tc.beads)
		}
	}
}
