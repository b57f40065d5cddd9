package render

import (
	"bytes"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// TestBaoMarks: Bao la Kiswahili's state outside the pits is drawn: each
// owned nyumba framed in its owner's colour, a takasia'd pit with its
// no-entry disc, the seeds in hand by each name. A golden pins the look;
// the pixels under the marks are checked against the same board without
// them.
func TestBaoMarks(t *testing.T) {
	p, err := engine.ParsePosition([]byte(`{"variant":"bao","to_move":"north","ply":31,` +
		`"pits":{"south":[0,2,1,0,6,0,3,1,0,0,2,0,0,0,0,1],"north":[2,0,0,3,6,2,2,0,0,1,0,0,0,0,0,0]},` +
		`"stores":{"south":0,"north":0},"status":"ongoing",` +
		`"extra":{"hand":{"south":7,"north":8},"nyumba_owned":{"south":true,"north":false},"takasia":{"side":"north","pit":4}}}`))
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Names: [2]string{"@alice", "@bob"}}
	var b bytes.Buffer
	if err := PNG(&b, p, o); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "bao_marks", b.Bytes())

	g := geomFor(p.Rules().Layout(), 0, true)
	s := stateOf(p, g, o)
	south5 := p.Rules().Layout().Pit(engine.South, 5)
	north5 := p.Rules().Layout().Pit(engine.North, 5)
	north4 := p.Rules().Layout().Pit(engine.North, 4)
	switch {
	case s.nyumba[south5] != engine.South+1:
		t.Errorf("South's owned nyumba not marked")
	case s.nyumba[north5] != 0:
		t.Errorf("North's lost nyumba still marked")
	case !s.blocked[north4]:
		t.Errorf("the takasia'd pit not marked")
	case s.hands != [2]int{7, 8}:
		t.Errorf("hands %v, want [7 8]", s.hands)
	}
	// The marks change the picture where they are drawn.
	plain := *s
	plain.nyumba, plain.blocked, plain.hands = [engine.MaxCells]engine.Side{}, [engine.MaxCells]bool{}, [2]int{}
	a, c := Board(p, o), Board(p, o)
	drawMarked(c, g, &plain, collectMarks(g, nil), o.Names)
	if bytes.Equal(a.Pix, c.Pix) {
		t.Error("the Bao marks drew nothing")
	}
}

// TestViewerNorth: a board drawn for North's seat has North's rows at the
// bottom and North's pit 1 on the left, South's at the top; names and
// labels follow. South's view is unchanged by the option's zero value.
func TestViewerNorth(t *testing.T) {
	for _, id := range []string{"bao", "bao-kujifunza", "kalah"} {
		l := engine.MustNew(id, nil).Layout()
		south := geomFor(layoutFor(l, Options{}), 0, true)
		north := geomFor(layoutFor(l, Options{Viewer: engine.North}), 0, true)
		if layoutFor(l, Options{}) != l {
			t.Fatalf("%s: South's view is not the layout itself", id)
		}
		for _, g := range []*geom{south, north} {
			if g.nameY[engine.South] == 0 || g.nameY[engine.North] == 0 {
				t.Fatalf("%s: a name row is missing", id)
			}
		}
		s1, n1 := l.Pit(engine.South, 1), l.Pit(engine.North, 1)
		sx, sy := south.center(s1)
		_, ny := south.center(n1)
		if sy <= ny {
			t.Errorf("%s, South's view: South's pit 1 is not below North's", id)
		}
		nx, ny2 := north.center(n1)
		_, sy2 := north.center(s1)
		if ny2 <= sy2 || nx != sx {
			t.Errorf("%s, North's view: North's pit 1 at (%.0f, %.0f), want below South's and where South's pit 1 is drawn from South's seat (x %.0f)", id, nx, ny2, sx)
		}
		if north.nameY[engine.North] <= north.nameY[engine.South] {
			t.Errorf("%s, North's view: North's name is not at the bottom", id)
		}
		if north.w != south.w || north.h != south.h {
			t.Errorf("%s: the turned board has another size", id)
		}
	}
	// The turned Bao board, as the player to move (North) sees it.
	p, err := engine.MustNew("bao", nil).Start().Play(engine.Move{Pit: 6, Dir: engine.DirRight})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := PNG(&b, p, Options{Names: [2]string{"@alice", "@bob"}, Viewer: engine.North}); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "bao_north_view", b.Bytes())
}
