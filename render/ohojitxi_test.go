package render

import (
	"bytes"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// TestOhojitxiBoard: the turned board of Ohojitxi (six ranks, two files,
// no stores) draws each player's block nearest him, numbered from his own
// seat, and the seeds captured and still to be dropped in the capturer's
// name row. Goldens pin the look from both seats.
func TestOhojitxiBoard(t *testing.T) {
	// South has just captured 12 (pits 1-3) and holds them to drop.
	p, err := engine.ParsePosition([]byte(`{"variant":"ohojitxi","to_move":"south","ply":41,` +
		`"pits":{"south":[0,0,0,1,2,5],"north":[4,1,7,3,0,6]},"stores":{"south":0,"north":0},"status":"ongoing",` +
		`"extra":{"drop":12,"last_drop":{"south":3,"north":0}}}`))
	if err != nil {
		t.Fatal(err)
	}
	l := p.Rules().Layout()
	for _, viewer := range []engine.Side{engine.South, engine.North} {
		o := Options{Names: [2]string{"@alice", "@bob"}, Viewer: viewer}
		g := geomFor(layoutFor(l, o), 0, true)
		if s := stateOf(p, g, o); s.hands != [2]int{12, 0} {
			t.Errorf("hands %v, want the drop of 12 with South", s.hands)
		}
		// The viewer's pit 1 is at the bottom left, pit 2 at its right,
		// pit 4 above pit 2 and below the opponent's pit 5.
		me := viewer
		x1, y1 := g.center(l.Pit(me, 1))
		x2, y2 := g.center(l.Pit(me, 2))
		x4, y4 := g.center(l.Pit(me, 4))
		x5, y5 := g.center(l.Pit(1-me, 5))
		for c := range l.Cells {
			if _, y := g.center(engine.Cell(c)); y > y1 {
				t.Errorf("viewer %s: cell %d below pit 1", viewer, c)
			}
		}
		if !(x1 < x2 && y1 == y2 && x4 == x2 && y4 < y2 && x5 == x4 && y5 < y4) {
			t.Errorf("viewer %s: pits 1 (%.0f,%.0f) 2 (%.0f,%.0f) 4 (%.0f,%.0f), opponent's 5 (%.0f,%.0f)", viewer, x1, y1, x2, y2, x4, y4, x5, y5)
		}
		if w, _ := Size(p.Rules(), o); w < 360 {
			t.Errorf("viewer %s: %d px wide", viewer, w)
		}
		var b bytes.Buffer
		if err := PNG(&b, p, o); err != nil {
			t.Fatal(err)
		}
		checkGolden(t, "ohojitxi_"+viewer.String(), b.Bytes())
	}
}

// TestOhojitxiLabelsAndCrown: Ohojitxi's pit numbers are beside their
// pits (level with the pit, outside the board's edge on its column's
// side), never in a band between two rows; and a winner's crown, in the
// narrow margin of a board without stores (Ohojitxi, the four-row Bao
// games), stays inside the image: no pixel of the image's outer columns
// is the crown's gold.
func TestOhojitxiLabelsAndCrown(t *testing.T) {
	r := engine.MustNew("ohojitxi", nil)
	for _, viewer := range []engine.Side{engine.South, engine.North} {
		g := geomFor(layoutFor(r.Layout(), Options{Viewer: viewer}), 0, true)
		for i, ci := range g.cells {
			x, y := g.labelAt(engine.Cell(i))
			inside := x > g.boardX0 && x < g.boardX1
			if y != g.rowY(ci.Row) || inside {
				t.Errorf("viewer %s: pit %s%d's label at (%.0f, %.0f), its row at y %.0f, the board from x %.0f to %.0f",
					viewer, ci.Owner, ci.Pit, x, y, g.rowY(ci.Row), g.boardX0, g.boardX1)
			}
		}
	}
	for _, c := range []struct {
		variant string
		w       engine.Status
	}{{"ohojitxi", engine.SouthWon}, {"ohojitxi", engine.NorthWon}, {"bao", engine.SouthWon}, {"bao", engine.NorthWon}, {"bao-kujifunza", engine.NorthWon}} {
		w := c.w
		img := Board(engine.MustNew(c.variant, nil).Start(), Options{Status: w, Names: [2]string{"@alice", "@bob"}})
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for _, x := range []int{b.Min.X, b.Min.X + 1, b.Max.X - 2, b.Max.X - 1} {
				if img.RGBAAt(x, y) == colCrown {
					t.Fatalf("%s, %v: the crown reaches the image's edge at (%d, %d)", c.variant, w, x, y)
				}
			}
		}
	}
}
