package engine

import (
	"slices"
	"testing"
)

// Togyz tuzdyks are marks, agreeing with extra.tuzdyk; the other variants
// have none. Owners are the layout's and hands are empty.
func TestMarksHandOwner(t *testing.T) {
	togyz := MustNew("togyz", nil)
	b := board{toMove: South, south: []int{9, 9, 9, 9, 0, 9, 9, 9, 9}, north: []int{9, 9, 0, 9, 9, 9, 9, 9, 9}, stores: [2]int{9, 9},
		extra: `{"tuzdyk":{"south":3,"north":5}}`}
	p := b.setup(t, togyz)
	want := []Mark{{Cell: 4, Kind: MarkTuzdyk, Side: North}, {Cell: 12, Kind: MarkTuzdyk, Side: South}}
	if got := p.Marks(); !slices.Equal(got, want) {
		t.Errorf("togyz marks %v, want %v", got, want)
	}
	b.extra = `{"tuzdyk":{"north":5}}`
	if got := b.setup(t, togyz).Marks(); !slices.Equal(got, want[:1]) {
		t.Errorf("togyz marks %v, want %v", got, want[:1])
	}
	if got := togyz.Start().Marks(); got != nil {
		t.Errorf("togyz start: marks %v", got)
	}
	buf := make([]Mark, 0, 2*MaxSides)
	if n := testing.AllocsPerRun(100, func() { buf = p.AppendMarks(buf[:0]) }); n != 0 {
		t.Errorf("AppendMarks allocates %v times", n)
	}

	// Along random games, a tuzdyk mark appears exactly when extra.tuzdyk
	// names it.
	var moves [MaxMoves]Move
	tuzdyks := 0
	for g := range 30 {
		q := togyz.Start()
		for i := 0; q.status == Ongoing; i++ {
			ms := togyz.AppendMoves(&q, moves[:0])
			togyz.Apply(&q, ms[(g*5+i*7)%len(ms)], nil)
			tz := q.Extra()["tuzdyk"].(map[string]int)
			var fromExtra []Mark
			for _, s := range []Side{South, North} {
				if n := tz[s.String()]; n != 0 {
					fromExtra = append(fromExtra, Mark{Cell: togyz.Layout().Pit(1-s, n), Kind: MarkTuzdyk, Side: s})
				}
			}
			slices.SortFunc(fromExtra, func(a, b Mark) int { return int(a.Cell) - int(b.Cell) })
			if got := q.Marks(); !slices.Equal(got, fromExtra) {
				t.Fatalf("marks %v, extra.tuzdyk %v", got, tz)
			}
			tuzdyks += len(fromExtra)
		}
	}
	if tuzdyks == 0 {
		t.Error("no tuzdyk in the random games")
	}

	for _, id := range []string{"kalah", "oware", "congkak", "tchuka", "togyz"} {
		r := MustNew(id, Options{})
		q := r.Start()
		if id != "togyz" && q.Marks() != nil {
			t.Errorf("%s: marks %v", id, q.Marks())
		}
		l := r.Layout()
		for c, ci := range l.Cells {
			if got := q.Owner(Cell(c)); got != ci.Owner {
				t.Errorf("%s: owner of %s is %s, want %s", id, l.CellName(Cell(c)), got, ci.Owner)
			}
		}
		if got := q.Owner(Cell(len(l.Cells))); got != NoSide {
			t.Errorf("%s: owner of a cell outside the layout: %s", id, got)
		}
		for s := range Side(l.Sides) {
			if q.Hand(s) != 0 {
				t.Errorf("%s: %s has %d seeds in hand", id, s, q.Hand(s))
			}
		}
	}
}

// Turn order and results are generic over the number of players.
func TestSidesGeneric(t *testing.T) {
	for _, c := range []struct {
		s     Side
		sides int
		want  Side
	}{{South, 1, South}, {South, 2, North}, {North, 2, South}, {South, 4, North}, {North, 4, East}, {East, 4, West}, {West, 4, South}} {
		if got := c.s.Next(c.sides); got != c.want {
			t.Errorf("%s.Next(%d) = %s, want %s", c.s, c.sides, got, c.want)
		}
	}
	for s := range Side(MaxSides) {
		st := Won(s)
		if w, ok := st.Winner(); !ok || w != s {
			t.Errorf("Won(%s) = %s, whose winner is %s, %v", s, st, w, ok)
		}
		if back, err := ParseStatus(st.String()); err != nil || back != st {
			t.Errorf("ParseStatus(%q) = %v, %v", st.String(), back, err)
		}
	}
	if Won(NoSide) != Ongoing {
		t.Errorf("Won(NoSide) = %s", Won(NoSide))
	}
	// A two-player position cannot be won by East.
	p := MustNew("kalah", nil).Start()
	s := p.Setup()
	s.Status = EastWon
	if _, err := NewPosition(p.Rules(), s); err == nil {
		t.Error("kalah won by east accepted")
	}
}
