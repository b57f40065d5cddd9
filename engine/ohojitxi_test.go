package engine

import (
	"encoding/json"
	"testing"
)

// The variant's rows of TestPerftTable and BenchmarkPerft, and its fuzz
// target (pieces_test.go).
func init() {
	// Ohojitxi: six sowings a side; the first capture (and its drop, a
	// ply of its own) comes at depth 7; confirmed by
	// reference_ohojitxi_test.go.
	addPerft("ohojitxi", perftRow{nil, []uint64{6, 36, 180, 900, 4500, 22500, 122400}})
	addBench("ohojitxi", benchRow{"ohojitxi", nil, 10})
	addFuzz("ohojitxi", FuzzOhojitxi)
}

// O1: the turned board. Seen from South's seat, South's block is at the
// bottom (rows 3-5) and North's on top (rows 0-2); each block is numbered
// from its owner's seat, so that South's 4 touches North's 5 and South's 5
// North's 4 across the centre line. No stores.
func TestOhojitxiLayout(t *testing.T) {
	l := MustNew("ohojitxi", nil).Layout()
	if l.Rows != 6 || l.Cols != 2 || l.Pits != 6 || len(l.Cells) != 12 {
		t.Fatalf("layout %dx%d, %d pits, %d cells", l.Rows, l.Cols, l.Pits, len(l.Cells))
	}
	if l.Store(South) != NoCell || l.Store(North) != NoCell {
		t.Errorf("stores %d %d, want none", l.Store(South), l.Store(North))
	}
	at := func(s Side, pit int) [2]int {
		c := l.Cells[l.Pit(s, pit)]
		return [2]int{c.Row, c.Col}
	}
	want := map[Side][7][2]int{
		South: {{}, {5, 0}, {5, 1}, {4, 1}, {3, 1}, {3, 0}, {4, 0}},
		North: {{}, {0, 1}, {0, 0}, {1, 0}, {2, 0}, {2, 1}, {1, 1}},
	}
	for s, w := range want {
		for pit := 1; pit <= 6; pit++ {
			if got := at(s, pit); got != w[pit] {
				t.Errorf("%s pit %d at %v, want %v", s, pit, got, w[pit])
			}
		}
	}
	// Across the centre line (rows 2 and 3), same column.
	if at(South, 4)[1] != at(North, 5)[1] || at(South, 5)[1] != at(North, 4)[1] {
		t.Error("South 4/5 do not touch North 5/4")
	}
	p := MustNew("ohojitxi", nil).Start()
	if p.Store(South) != 0 || p.Store(North) != 0 || p.Seeds() != 48 {
		t.Errorf("start: stores %d %d, seeds %d", p.Store(South), p.Store(North), p.Seeds())
	}
}

func TestOhojitxiRules(t *testing.T) {
	const none = `{"drop":0,"last_drop":{"south":0,"north":0}}`
	runRulesCases(t, []rulesCase{
		{
			// O2, O3, O6: 4 seeds from pit 1 into 2, 3, 4, 5; the last
			// makes 5: no capture, North to move.
			name: "O3 sowing", variant: "ohojitxi", moves: "1",
			want:   board{toMove: North, south: []int{0, 5, 5, 5, 5, 4}, north: []int{4, 4, 4, 4, 4, 4}, extra: none},
			events: []string{"pickup 4 from 0", "sow 1", "sow 2", "sow 3", "sow 4"},
		},
		{
			// O3: 7 seeds go round the loop once and on into pit 2; the
			// emptied pit 1 gets a seed as it is passed.
			name: "O3 lap", variant: "ohojitxi",
			from:  &board{toMove: South, south: []int{7, 0, 1, 0, 0, 0}, north: []int{4, 4, 4, 4, 4, 4}, extra: none},
			moves: "1",
			want:  board{toMove: North, south: []int{1, 2, 2, 1, 1, 1}, north: []int{4, 4, 4, 4, 4, 4}, extra: none},
		},
		{
			// O4: the last seed makes pit 3 hold 4; pits 2 and 1 before it
			// hold 4 too: 12 captured; pit 6, emptied, ends the chain. O5:
			// South is still to move, with 12 seeds to drop.
			name: "O4 chain", variant: "ohojitxi",
			from:  &board{toMove: South, south: []int{3, 3, 3, 1, 2, 3}, north: []int{4, 4, 4, 4, 4, 4}, extra: none},
			moves: "6",
			want: board{toMove: South, south: []int{0, 0, 0, 1, 2, 0}, north: []int{4, 4, 4, 4, 4, 4},
				extra: `{"drop":12,"last_drop":{"south":0,"north":0}}`},
			events: []string{"capture 4 from 2 to south", "capture 4 from 1 to south", "capture 4 from 0 to south", "extra_turn south"},
		},
		{
			// O4: the chain stops at the first pit that does not hold 4.
			name: "O4 chain stops", variant: "ohojitxi",
			from:  &board{toMove: South, south: []int{2, 3, 3, 1, 2, 2}, north: []int{4, 4, 4, 4, 4, 4}, extra: none},
			moves: "6",
			want: board{toMove: South, south: []int{3, 0, 3, 1, 2, 0}, north: []int{4, 4, 4, 4, 4, 4},
				extra: `{"drop":4,"last_drop":{"south":0,"north":0}}`},
		},
		{
			// O4: the chain goes backwards round the loop, past pit 1 to
			// pits 6 and 5.
			name: "O4 chain round the loop", variant: "ohojitxi",
			from:  &board{toMove: South, south: []int{3, 1, 1, 3, 3, 3}, north: []int{4, 4, 4, 4, 4, 4}, extra: none},
			moves: "4",
			want: board{toMove: South, south: []int{0, 1, 1, 0, 0, 0}, north: []int{4, 4, 4, 4, 4, 4},
				extra: `{"drop":12,"last_drop":{"south":0,"north":0}}`},
		},
		{
			// O5: the 12 seeds are dropped into North's pit 3 (move 9);
			// South's last drop is now 3 and the turn passes.
			name: "O5 drop", variant: "ohojitxi",
			from:  &board{toMove: South, south: []int{3, 3, 3, 1, 2, 3}, north: []int{4, 4, 4, 4, 4, 4}, extra: none},
			moves: "6 9",
			want: board{toMove: North, south: []int{0, 0, 0, 1, 2, 0}, north: []int{4, 4, 16, 4, 4, 4},
				extra: `{"drop":0,"last_drop":{"south":3,"north":0}}`},
		},
		{
			// O7: South's last four are captured; after the drop South's
			// pits are empty: South wins.
			name: "O7 win", variant: "ohojitxi",
			from:  &board{toMove: South, south: []int{0, 0, 0, 1, 3, 0}, north: []int{4, 4, 4, 4, 4, 4}, extra: `{"drop":0,"last_drop":{"south":2,"north":5}}`},
			moves: "4 7",
			want: board{toMove: North, south: []int{0, 0, 0, 0, 0, 0}, north: []int{8, 4, 4, 4, 4, 4},
				extra: `{"drop":0,"last_drop":{"south":1,"north":5}}`},
			status: SouthWon,
		},
	})
}

// O5: while seeds are to be dropped, only drops are legal, and not into the
// pit of the previous drop; without them there is no drop.
func TestOhojitxiDropChecks(t *testing.T) {
	r := MustNew("ohojitxi", nil)
	p := board{toMove: South, south: []int{3, 3, 3, 1, 2, 3}, north: []int{4, 4, 4, 4, 4, 4},
		extra: `{"drop":0,"last_drop":{"south":3,"north":0}}`}.setup(t, r)
	wantIllegal(t, p, "7", NoSuchPit) // nothing to drop yet
	wantIllegal(t, p, "13", NoSuchPit)
	p = mustPlay(t, p, "6")
	if p.ToMove() != South || p.Hand(South) != 12 || p.Hand(North) != 0 || p.Seeds() != 39 {
		t.Fatalf("after the capture: %s, hands %d %d, seeds %d", describe(&p), p.Hand(South), p.Hand(North), p.Seeds())
	}
	wantMoves(t, p, "7", "8", "10", "11", "12")
	wantIllegal(t, p, "9", SameDropPit)
	wantIllegal(t, p, "4", DropPending)
	wantIllegal(t, p, "9L", NeedsNoDirection)
	if c := p.MoveCell(Move{Pit: 10}); c != r.Layout().Pit(North, 4) {
		t.Errorf("MoveCell(10) = %d, want North's pit 4", c)
	}
	q := mustPlay(t, p, "10")
	if q.Hand(South) != 0 || q.Pit(North, 4) != 16 || q.ToMove() != North {
		t.Errorf("after the drop: %s", describe(&q))
	}
	var ev []Event
	_, ev, _ = p.PlayEvents(Move{Pit: 10})
	if len(ev) != 12 || ev[0].Kind != EventSow || ev[0].Cell != r.Layout().Pit(North, 4) {
		t.Errorf("drop events %v", ev)
	}
}

// O8: the third occurrence is a draw, the seeds left where they are.
func TestOhojitxiRepetition(t *testing.T) {
	r := MustNew("ohojitxi", nil)
	if r.RepetitionLimit() != 3 {
		t.Fatalf("repetition limit %d", r.RepetitionLimit())
	}
	p := board{toMove: North, south: []int{1, 2, 0, 0, 0, 0}, north: []int{0, 1, 0, 0, 0, 2}}.setup(t, r)
	// South sows 2 -> 3 (its loop), North likewise: 8 plies bring the
	// seeds back round; the game ends on the third occurrence.
	g := NewGame(p)
	for i := 0; g.Position().Status() == Ongoing && i < 200; i++ {
		ms := g.Position().Moves()
		if _, err := g.Play(ms[0]); err != nil {
			t.Fatal(err)
		}
	}
	q := g.Position()
	if q.Status() != Draw || q.EndReason() != EndRepetition || q.Seeds() != 6 {
		t.Errorf("%s (%s)", describe(&q), q.EndReason())
	}
}

func TestOhojitxiJSON(t *testing.T) {
	r := MustNew("ohojitxi", nil)
	p := mustPlay(t, board{toMove: South, south: []int{3, 3, 3, 1, 2, 3}, north: []int{4, 4, 4, 4, 4, 4}}.setup(t, r), "6")
	j, err := p.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Stores map[string]int
		Extra  map[string]any
	}
	if err := json.Unmarshal(j, &v); err != nil {
		t.Fatal(err)
	}
	if v.Stores["south"] != 0 || v.Stores["north"] != 0 || v.Extra["drop"] != float64(12) {
		t.Errorf("JSON %s", j)
	}
	q, err := ParsePosition(j)
	if err != nil || q != p {
		t.Errorf("round trip: %v\n%s", err, j)
	}
	for _, bad := range []string{`{"drop":3}`, `{"drop":28}`, `{"last_drop":{"south":7,"north":0}}`, `{"x":1}`} {
		var extra map[string]json.RawMessage
		_ = json.Unmarshal([]byte(bad), &extra)
		if _, err := NewPosition(r, Setup{Pits: [][]int{{1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}}, Extra: extra}); err == nil {
			t.Errorf("extra %s accepted", bad)
		}
	}
	if _, err := NewPosition(r, Setup{Pits: [][]int{{1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}}, Stores: []int{1, 0}}); err == nil {
		t.Error("a store accepted")
	}
}

func FuzzOhojitxi(f *testing.F) {
	// layout flag; then, with a layout, 12 pits, side to move (bit 0), the
	// drop (bits 1-2) and South's last drop (bits 3-5), ply (North's last
	// drop)
	fzCorpus(f,
		[]byte{0},
		[]byte{1, 3, 3, 3, 1, 2, 3, 4, 4, 4, 4, 4, 4, 0, 0},
		[]byte{1, 0, 0, 0, 1, 3, 0, 4, 0, 2, 4, 1, 0, 0, 3},
		[]byte{1, 2, 0, 0, 0, 5, 0, 1, 1, 1, 1, 1, 1, 4, 9},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		fzRun(t, "ohojitxi", Options{}, &fzBytes{data})
	})
}
