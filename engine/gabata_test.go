package engine

import "testing"

// The variant's rows of TestPerftTable and BenchmarkPerft, and its fuzz
// target (pieces_test.go).
func init() {
	// The three-row games: confirmed by reference_gabata_test.go (depth 5 in
	// the test, depth 6 once by hand).
	addPerft("gabata", perftRow{nil, []uint64{9, 62, 405, 2468, 14594, 85459}})
	addPerft("gabata", perftRow{Options{"serial": "false", "column": "both"}, []uint64{9, 62, 410, 2594, 15774}})
	addBench("gabata", benchRow{"gabata", nil, 7})
	addFuzz("gabata", FuzzGabata)
}

// The Gabata rules of docs/sources/more-games-rules.md section 7, one test per
// rule, and the section 14 vector.

func TestGabataLayout(t *testing.T) {
	l := MustNew("gabata", nil).Layout()
	// Board section: column c holds South c+1, the middle pit, North 6-c.
	for c := range 6 {
		mid := l.Pit(North, c+7)
		if c >= 3 {
			mid = l.Pit(South, 12-c)
		}
		for _, cell := range []Cell{l.Pit(South, c+1), mid, l.Pit(North, 6-c)} {
			if got := l.Cells[cell].Col; got != c+1 {
				t.Errorf("column %d: %s drawn in column %d", c, l.CellName(cell), got)
			}
		}
		if l.Cells[l.Pit(South, c+1)].Row != 2 || l.Cells[mid].Row != 1 || l.Cells[l.Pit(North, 6-c)].Row != 0 {
			t.Errorf("column %d: rows wrong", c)
		}
	}
	// The sowing path: cell i+1 follows cell i, South 1..9 then North 1..9.
	for s := range Side(2) {
		for n := 1; n <= 9; n++ {
			if got := l.Pit(s, n); int(got) != 9*int(s)+n-1 {
				t.Errorf("%s pit %d is cell %d", s, n, got)
			}
		}
	}
}

func TestGabataRule1Start(t *testing.T) {
	p := MustNew("gabata", nil).Start()
	if p.Seeds() != 54 || p.ToMove() != South || p.Pit(North, 9) != 3 {
		t.Errorf("start: %s", describe(&p))
	}
	wantMoves(t, p, "1", "2", "3", "4", "5", "6", "7", "8", "9")
}

func TestGabataRule2Moves(t *testing.T) {
	r := MustNew("gabata", nil)
	p := board{south: []int{0, 0, 0, 0, 0, 0, 0, 0, 2}, north: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}}.setup(t, r)
	wantMoves(t, p, "9")
	wantIllegal(t, p, "1", EmptyPit)
	wantIllegal(t, p, "10", NoSuchPit)
	wantIllegal(t, p, "9L", NeedsNoDirection)
	// 9 sows into North 1 (1 -> 2) and North 2: the lap ends in empty
	// North 2, whose column (4) holds South 5 and South 8: South's own
	// pits, nothing to take.
	q := mustPlay(t, p, "9")
	if got := describe(&q); got != "to move north, status ongoing; south [0 0 0 0 0 0 0 0 0] store 0; north [2 1 0 0 0 0 0 0 0] store 0; " {
		t.Errorf("after 9: %s", got)
	}
}

// Rule 3: a lap ending in an empty pit takes the opponent's pits of its
// column; in the opponent's pits 1-3 it takes nothing.
func TestGabataRule3ColumnCapture(t *testing.T) {
	r := MustNew("gabata", Options{"serial": "false"})
	// South 1 (1 seed) into empty South 2, column 1: middle North 8 (4),
	// back North 5 (2): 6 taken.
	p := board{south: []int{1, 0, 0, 0, 0, 0, 0, 0, 1}, north: []int{0, 0, 0, 1, 2, 0, 0, 4, 0}}.setup(t, r)
	q, ev, err := p.PlayEvents(Move{Pit: 1})
	if err != nil || q.Store(South) != 6 || q.Pit(North, 8) != 0 || q.Pit(North, 5) != 0 || q.Pit(South, 2) != 1 {
		t.Errorf("column capture: %v %s", err, describe(&q))
	}
	checkEvents(t, ev, []string{"pickup 1 from 0", "sow 1", "capture 4 from 16 to south", "capture 2 from 13 to south"})
	// South 9 into empty North 1 (column 5: South 6, South 7): nothing.
	p = board{south: []int{0, 0, 0, 0, 0, 5, 5, 0, 1}, north: []int{0, 0, 0, 1, 0, 0, 0, 0, 0}}.setup(t, r)
	q = mustPlay(t, p, "9")
	if q.Store(South) != 0 || q.Pit(North, 1) != 1 {
		t.Errorf("landing in North 1: %s", describe(&q))
	}
	// column=both takes South's own middle pit too.
	r = MustNew("gabata", Options{"serial": "false", "column": "both"})
	p = board{south: []int{0, 0, 0, 1, 0, 0, 0, 2, 0}, north: []int{0, 5, 0, 0, 0, 0, 0, 0, 1}}.setup(t, r)
	q = mustPlay(t, p, "4")
	if q.Store(South) != 7 || q.Pit(South, 8) != 0 {
		t.Errorf("column=both: %s", describe(&q))
	}
}

// Rule 4 and the section 14 vector, under the three option sets.
func TestGabataVector(t *testing.T) {
	from := &board{south: []int{0, 0, 0, 1, 0, 0, 2, 2, 0}, north: []int{3, 5, 1, 1, 1, 1, 1, 1, 1}}
	runRulesCases(t, []rulesCase{
		{name: "serial", variant: "gabata", from: from, moves: "4",
			want: board{toMove: North, south: []int{0, 0, 0, 0, 0, 0, 0, 3, 1}, north: []int{1, 0, 1, 1, 1, 1, 1, 1, 1}, stores: [2]int{8, 0}},
			events: []string{"pickup 1 from 3", "sow 4", "capture 5 from 10 to south", "pickup 1 from 4", "sow 5",
				"capture 3 from 9 to south", "pickup 1 from 5", "sow 6", "relay 3 from 6", "sow 7", "sow 8", "sow 9"}},
		{name: "serial=false", variant: "gabata", opts: Options{"serial": "false"}, from: from, moves: "4",
			want: board{toMove: North, south: []int{0, 0, 0, 0, 1, 0, 2, 2, 0}, north: []int{3, 0, 1, 1, 1, 1, 1, 1, 1}, stores: [2]int{5, 0}}},
		{name: "column=both", variant: "gabata", opts: Options{"column": "both"}, from: from, moves: "4",
			want: board{toMove: North, south: []int{0, 0, 0, 0, 0, 0, 1, 0, 0}, north: []int{0, 0, 1, 1, 1, 1, 1, 1, 1}, stores: [2]int{12, 0}}},
	})
}

// C4: a move whose relay never ends is illegal (found by random play,
// confirmed by the reference's exhaustive state set).
func TestGabataNeverEnding(t *testing.T) {
	r := MustNew("gabata", nil)
	p := board{south: []int{2, 1, 0, 2, 1, 0, 1, 3, 1}, north: []int{0, 2, 1, 0, 1, 0, 2, 1, 0}, stores: [2]int{17, 19}}.setup(t, r)
	wantMoves(t, p, "1", "2", "4", "5", "7", "9")
	wantIllegal(t, p, "8", NeverEnding)
}

// Rule 5: the player to move cannot move: the opponent takes everything.
func TestGabataRule5End(t *testing.T) {
	runRulesCases(t, []rulesCase{{name: "north empty", variant: "gabata",
		from:   &board{south: []int{1, 0, 0, 0, 0, 0, 0, 0, 3}, north: []int{0, 0, 0, 0, 2, 0, 0, 0, 0}, stores: [2]int{20, 29}},
		moves:  "1", // into empty South 2, taking North 5: North has no seed left, South takes the rest
		want:   board{toMove: North, south: []int{0, 0, 0, 0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{26, 29}},
		status: NorthWon}})
	// The start of a position where South cannot move is refused as finished.
	if _, err := NewPosition(MustNew("gabata", nil), Setup{Pits: [][]int{make([]int, 9), {1, 0, 0, 0, 0, 0, 0, 0, 0}}}); err == nil {
		t.Error("a position whose side to move has no seed was accepted as ongoing")
	}
}

// Rule 6: the third occurrence: each adds his own pits to his store.
func TestGabataRule6Repetition(t *testing.T) {
	r := MustNew("gabata", nil)
	if r.RepetitionLimit() != 3 {
		t.Fatal("no repetition rule")
	}
	// The settlement (Game applies it on the third occurrence; the
	// reference's random games meet it).
	p := board{south: []int{0, 0, 0, 0, 0, 0, 0, 2, 0}, north: []int{0, 0, 0, 0, 0, 0, 0, 3, 0}, stores: [2]int{25, 25}}.setup(t, r)
	p.endByRepetition(nil)
	if p.Status() != NorthWon || p.Store(South) != 27 || p.Store(North) != 28 || p.EndReason() != EndRepetition {
		t.Errorf("repetition: %s", describe(&p))
	}
}

// The three-row games allocate nothing in AppendMoves, Apply without
// events, Key and AppendMarks with room.
func TestThreeRowAllocs(t *testing.T) {
	for _, id := range []string{"gabata", "selus", "sulus"} {
		r := MustNew(id, nil)
		p := mustPlay(t, r.Start(), "1", "2", "3", "4")
		var buf [MaxMoves]Move
		var marks [20]Mark
		q := new(Position)
		n := testing.AllocsPerRun(50, func() {
			ms := r.AppendMoves(&p, buf[:0])
			*q = p
			r.Apply(q, ms[0], nil)
			_ = q.Key()
			_ = q.AppendMarks(marks[:0])
		})
		if n != 0 {
			t.Errorf("%s: %.1f allocations a move", id, n)
		}
	}
}

func FuzzGabata(f *testing.F) {
	// Every input cheap: a long relay counts as never-ending early.
	f.Cleanup(LowerRelayLapBound(1 << 8))
	// options byte: serial (bit 0), column=both (bit 1); layout flag
	fzCorpus(f,
		[]byte{0, 0},
		[]byte{1, 0},
		[]byte{2, 0},
		[]byte{3, 0},
		// layout: South's 9 pits, a store byte, North's, a store byte,
		// side to move, ply; then move bytes (the section 14 vector).
		[]byte{0, 1, 0, 0, 0, 1, 0, 0, 2, 2, 0, 0, 3, 5, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := Options{
			"serial": []string{"false", "true"}[o&1],
			"column": []string{"opponent", "both"}[o>>1&1],
		}
		fzRun(t, "gabata", opts, r)
	})
}
