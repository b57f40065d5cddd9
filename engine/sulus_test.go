package engine

import "testing"

// The variant's rows of TestPerftTable and BenchmarkPerft, and its fuzz
// target (pieces_test.go).
func init() {
	addPerft("sulus", perftRow{nil, []uint64{9, 71, 544, 4107, 30383, 220857}})
	addBench("sulus", benchRow{"sulus", nil, 7})
	addFuzz("sulus", FuzzSulus)
}

// The Sulus rules of docs/sources/more-games-rules.md section 9, one test per
// rule, and the section 14 checks.

func TestSulusRule1Start(t *testing.T) {
	for _, rule := range []string{"aydi", "nishtav", "lame"} {
		p := MustNew("sulus", Options{"rule": rule}).Start()
		if p.Seeds() != 54 || p.ToMove() != South || len(p.Marks()) != 0 {
			t.Errorf("%s start: %s", rule, describe(&p))
		}
	}
}

// Rule 3 and the section 14 check: South 9 (1 seed) onto North 1 holding
// 3 makes a trap owned by South (aydi) or North (nishtav, lame); during
// the first move it relays.
func TestSulusRule3Trap(t *testing.T) {
	from := &board{south: []int{1, 0, 0, 0, 0, 0, 0, 0, 1}, north: []int{3, 0, 0, 0, 0, 0, 0, 0, 0}}
	after := []int{4, 0, 0, 0, 0, 0, 0, 0, 0}
	s := []int{1, 0, 0, 0, 0, 0, 0, 0, 0}
	runRulesCases(t, []rulesCase{
		{name: "aydi", variant: "sulus", from: from, moves: "9",
			want: board{toMove: North, south: s, north: after, extra: wegueExtra("", "n1:s")}},
		{name: "nishtav", variant: "sulus", opts: Options{"rule": "nishtav"}, from: from, moves: "9",
			want: board{toMove: North, south: s, north: after, extra: wegueExtra("", "n1:n")}},
		{name: "lame", variant: "sulus", opts: Options{"rule": "lame"}, from: from, moves: "9",
			want: board{toMove: North, south: s, north: after, extra: wegueExtra("", "n1:n")}},
		{name: "first move relays", variant: "sulus",
			from:  &board{south: []int{1, 0, 0, 0, 0, 0, 0, 0, 1}, north: []int{3, 0, 0, 0, 0, 0, 0, 0, 0}, extra: wegueExtra(`{"south":true,"north":false}`)},
			moves: "9",
			want:  board{toMove: North, south: s, north: []int{0, 1, 1, 1, 1, 0, 0, 0, 0}, extra: wegueExtra("")}},
		{name: "own side relays", variant: "sulus",
			from:  &board{south: []int{1, 3, 0, 0, 0, 0, 0, 0, 0}, north: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}},
			moves: "1",
			want:  board{toMove: North, south: []int{0, 0, 1, 1, 1, 1, 0, 0, 0}, north: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}}},
		{name: "a trap keeps the seed", variant: "sulus",
			from:  &board{south: []int{1, 0, 0, 0, 0, 0, 0, 0, 1}, north: []int{2, 0, 0, 0, 0, 0, 0, 0, 1}, extra: wegueExtra("", "n1:s")},
			moves: "9",
			want:  board{toMove: North, south: s, north: []int{3, 0, 0, 0, 0, 0, 0, 0, 1}, extra: wegueExtra("", "n1:s")}},
	})
}

// Rule 2: nobody moves from a trap.
func TestSulusRule2NoMoveFromTrap(t *testing.T) {
	r := MustNew("sulus", Options{"rule": "nishtav"})
	p := board{south: []int{2, 1, 0, 0, 0, 0, 0, 0, 0}, north: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}, extra: wegueExtra("", "s1:s")}.setup(t, r)
	wantMoves(t, p, "2")
	wantIllegal(t, p, "1", TrapPit)
}

// Rules 4 and 6: no captures, stores 0; score = owned traps + own pits;
// passes; the end when neither can move.
func TestSulusRule6End(t *testing.T) {
	runRulesCases(t, []rulesCase{{name: "last move", variant: "sulus",
		from:   &board{south: []int{0, 0, 0, 0, 0, 0, 0, 0, 1}, north: []int{5, 0, 0, 0, 0, 0, 0, 0, 0}, extra: wegueExtra("", "n1:s")},
		moves:  "9",
		want:   board{toMove: North, south: make([]int, 9), north: []int{6, 0, 0, 0, 0, 0, 0, 0, 0}, extra: wegueExtra("", "n1:s")},
		status: SouthWon}})
	r := MustNew("sulus", nil)
	if _, err := NewPosition(r, Setup{Pits: [][]int{{1, 0, 0, 0, 0, 0, 0, 0, 0}, make([]int, 9)}, Stores: []int{1, 0}}); err == nil {
		t.Error("a Sulus store with seeds was accepted")
	}
	// aydi: a trap on South's side belongs to North, its maker.
	p := board{south: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}, north: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}, extra: wegueExtra("", "s5:n")}.setup(t, r)
	if len(p.Marks()) != 1 {
		t.Errorf("marks %v", p.Marks())
	}
	if _, err := NewPosition(r, Setup{Pits: [][]int{{1, 0, 0, 0, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0, 0, 0, 0}}, Extra: p.Setup().Extra}); err != nil {
		t.Error(err)
	}
	p.endByRepetition(nil)
	if p.Status() != Draw || p.EndReason() != EndRepetition {
		t.Errorf("repetition: %s", describe(&p))
	}
}

func FuzzSulus(f *testing.F) {
	f.Cleanup(LowerRelayLapBound(1 << 8))
	// options byte: rule (o%3); layout flag
	fzCorpus(f,
		[]byte{0, 0},
		[]byte{1, 0},
		[]byte{2, 0},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		fzRun(t, "sulus", Options{"rule": []string{"aydi", "nishtav", "lame"}[int(o)%3]}, r)
	})
}
