package engine

import (
	"strconv"
	"testing"
)

// The variant's rows of TestPerftTable and BenchmarkPerft, and its fuzz
// target (pieces_test.go).
func init() {
	// Tshuba: every pit may be played at the start (16 on 4x8, 8 on
	// 4x4); confirmed by reference_tshuba_test.go.
	addPerft("tshuba", perftRow{nil, []uint64{16, 240, 2923, 32189, 346427}})
	addPerft("tshuba", perftRow{Options{"cols": "4"}, []uint64{8, 56, 295, 1452, 6732}})
	addBench("tshuba", benchRow{"tshuba", nil, 5})
	addFuzz("tshuba", FuzzTshuba)
}

// Hand-worked Tshuba positions (docs/sources/more-games-rules.md section 11;
// rule numbers in the names). On the 4x4 board (cols=4) a side's pits are
// written inner row 1..4 then back row 5..8, each from the owner's left; sowing
// goes 4 3 2 1 5 6 7 8 4 ...; inner pit i faces the opponent's inner pit 5-i,
// behind which is his back pit 9-i. Moves 9..16 are the bonus captures of the
// opponent's pits 1..8.

func TestTshubaStart(t *testing.T) {
	// [1] [3]: 4x8, two seeds a pit, 64 seeds; every pit may be played.
	p := MustNew("tshuba", nil).Start()
	l := p.Rules().Layout()
	if p.Seeds() != 64 || l.Pits != 16 || l.Rows != 4 || p.Pit(North, 16) != 2 || p.Store(South) != 0 || p.ToMove() != South {
		t.Fatalf("start: %s", p.String())
	}
	wantMoves(t, p, "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16")
	wantIllegal(t, p, "17", NoSuchPit)
	wantIllegal(t, p, "3L", NeedsNoDirection)
	wantIllegal(t, p, "swap", SwapUnavailable)
	if x := p.Extra(); x["bonus"] != 0 {
		t.Errorf("extra %v", x)
	}
	// [2]: the layout places inner pit i in front of back pit N+i, facing
	// the opponent's inner pit N+1-i.
	for i := 1; i <= 8; i++ {
		si, sb, ni := l.Cells[l.Pit(South, i)], l.Cells[l.Pit(South, 8+i)], l.Cells[l.Pit(North, 9-i)]
		if si.Row != 2 || sb.Row != 3 || ni.Row != 1 || si.Col != sb.Col || si.Col != ni.Col {
			t.Errorf("pit %d: %+v %+v %+v", i, si, sb, ni)
		}
	}
	if q := MustNew("tshuba", Options{"cols": "4"}).Start(); q.Seeds() != 32 || Perft(q, 1) != 8 {
		t.Errorf("4x4 start: %s", q.String())
	}
}

func TestTshubaRules(t *testing.T) {
	const v = "tshuba"
	c4 := Options{"cols": "4"}
	north := []int{1, 0, 1, 1, 1, 1, 1, 1}
	runRulesCases(t, []rulesCase{{
		// [4] [6]: pit 8's two seeds go up to inner pit 4 and on to pit
		// 3, empty; North's facing pit 2 is empty: the move ends.
		name: "4 sowing, 6 no capture", variant: v, opts: c4,
		from:  &board{toMove: South, south: []int{0, 1, 0, 0, 0, 0, 0, 2}, north: north},
		moves: "8",
		want:  board{toMove: North, south: []int{0, 1, 1, 1, 0, 0, 0, 0}, north: north, extra: `{"bonus":0}`},
	}, {
		// [4] a single seed may be played; [6] a lap ending in the back
		// row takes nothing: pit 1's seed goes down to pit 5.
		name: "4 singleton, 6 back row", variant: v, opts: c4,
		from:  &board{toMove: South, south: []int{1, 0, 0, 0, 0, 0, 0, 0}, north: []int{2, 2, 2, 2, 2, 2, 2, 2}},
		moves: "1",
		want:  board{toMove: North, south: []int{0, 0, 0, 0, 1, 0, 0, 0}, north: []int{2, 2, 2, 2, 2, 2, 2, 2}, extra: `{"bonus":0}`},
	}, {
		// [4] relay: pit 8's seeds go to 4 (empty) and 3 (held 1): its
		// two seeds go on to 2 and 1, empty, facing North's pit 4 (1):
		// [5] captured; North's back pit 8 holds a single seed, which
		// stays; a bonus capture is due and South moves again.
		name: "4 relay, 5 capture", variant: v, opts: c4,
		from:   &board{toMove: South, south: []int{0, 0, 1, 0, 0, 0, 0, 2}, north: north},
		moves:  "8",
		want:   board{toMove: South, south: []int{1, 1, 0, 1, 0, 0, 0, 0}, north: []int{1, 0, 1, 0, 1, 1, 1, 1}, stores: [2]int{1, 0}, extra: `{"bonus":1}`},
		events: []string{"relay 2 from 2", "capture 1 from 12 to south", "extra_turn south"},
	}, {
		// take_single_outer: the single back seed is taken too.
		name: "5 take_single_outer", variant: v, opts: Options{"cols": "4", "take_single_outer": "true"},
		from:  &board{toMove: South, south: []int{0, 0, 1, 0, 0, 0, 0, 2}, north: north},
		moves: "8",
		want:  board{toMove: South, south: []int{1, 1, 0, 1, 0, 0, 0, 0}, north: []int{1, 0, 1, 0, 1, 1, 1, 0}, stores: [2]int{2, 0}, extra: `{"bonus":1}`},
	}, {
		// [4] a lap of 9 seeds on the 8-pit ring sows the pit it left
		// too, then relays 6, 8, 3, 1 and ends in back pit 6.
		name: "4 lap round the ring", variant: v, opts: c4,
		from:  &board{toMove: South, south: []int{0, 0, 0, 0, 9, 0, 0, 0}, north: north},
		moves: "5",
		want:  board{toMove: North, south: []int{0, 2, 0, 2, 2, 1, 2, 0}, north: north, extra: `{"bonus":0}`},
	}, {
		// §14: South 4 ends in pit 3: takes North 2 (2) and the back pit
		// 6 (2); then the bonus capture 15, North's pit 7 (3): 7 in all.
		name: "5 capture and bonus (section 14)", variant: v, opts: c4,
		from:   &board{toMove: South, south: []int{0, 0, 0, 1, 0, 0, 0, 0}, north: []int{2, 2, 2, 2, 1, 2, 3, 2}},
		moves:  "4 15",
		want:   board{toMove: North, south: []int{0, 0, 1, 0, 0, 0, 0, 0}, north: []int{2, 0, 2, 2, 1, 0, 0, 2}, stores: [2]int{7, 0}, extra: `{"bonus":0}`},
		events: []string{"capture 3 from 15 to south"},
	}, {
		// §14: with North 6 = 1 the single back seed stays.
		name: "5 single back seed stays (section 14)", variant: v, opts: c4,
		from:  &board{toMove: South, south: []int{0, 0, 0, 1, 0, 0, 0, 0}, north: []int{2, 2, 2, 2, 1, 1, 3, 2}},
		moves: "4",
		want:  board{toMove: South, south: []int{0, 0, 1, 0, 0, 0, 0, 0}, north: []int{2, 0, 2, 2, 1, 1, 3, 2}, stores: [2]int{2, 0}, extra: `{"bonus":1}`},
	}, {
		// bonus=0: the turn passes after the column capture.
		name: "5 bonus=0", variant: v, opts: Options{"cols": "4", "bonus": "0"},
		from:  &board{toMove: South, south: []int{0, 0, 0, 1, 0, 0, 0, 0}, north: []int{2, 2, 2, 2, 1, 2, 3, 2}},
		moves: "4",
		want:  board{toMove: North, south: []int{0, 0, 1, 0, 0, 0, 0, 0}, north: []int{2, 0, 2, 2, 1, 0, 3, 2}, stores: [2]int{4, 0}, extra: `{"bonus":0}`},
	}, {
		// bonus=2: two bonus plies, then North.
		name: "5 bonus=2", variant: v, opts: Options{"cols": "4", "bonus": "2"},
		from:  &board{toMove: South, south: []int{0, 0, 0, 1, 0, 0, 0, 0}, north: []int{2, 2, 2, 2, 1, 2, 3, 2}},
		moves: "4 15 9",
		want:  board{toMove: North, south: []int{0, 0, 1, 0, 0, 0, 0, 0}, north: []int{0, 0, 2, 2, 1, 0, 0, 2}, stores: [2]int{9, 0}, extra: `{"bonus":0}`},
	}, {
		// [7]: the column capture takes North's last seeds: South wins at
		// once, no bonus left to play, and takes the seed left in his pit.
		name: "7 column capture wins", variant: v, opts: c4,
		from:   &board{toMove: South, south: []int{0, 0, 0, 1, 0, 0, 0, 0}, north: []int{0, 2, 0, 0, 0, 2, 0, 0}},
		moves:  "4",
		want:   board{toMove: South, south: []int{0, 0, 0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{5, 0}, extra: `{"bonus":0}`},
		status: SouthWon,
	}, {
		// [7]: the bonus capture takes North's last seeds; South takes
		// every seed, North's store too.
		name: "7 bonus capture wins", variant: v, opts: c4,
		from:   &board{toMove: South, south: []int{0, 0, 0, 1, 0, 0, 0, 0}, north: []int{0, 2, 0, 0, 0, 2, 0, 5}, stores: [2]int{1, 3}},
		moves:  "4 16",
		want:   board{toMove: North, south: []int{0, 0, 0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{14, 0}, extra: `{"bonus":0}`},
		status: SouthWon,
		events: []string{"capture 5 from 16 to south", "sweep 1 from 2 to south", "sweep 3 from 17 to south", "end south_won (empty_side)"},
	}})
}

func TestTshubaBonusMoves(t *testing.T) {
	// [5]: while the bonus is due only the opponent's non-empty pits may
	// be named (2N+j), and the move names North's pit (C2).
	r := MustNew("tshuba", Options{"cols": "4"})
	p := board{toMove: South, south: []int{0, 0, 0, 1, 0, 0, 0, 0}, north: []int{2, 2, 2, 2, 1, 2, 3, 2}}.setup(t, r)
	p = mustPlay(t, p, "4")
	wantMoves(t, p, "9", "11", "12", "13", "15", "16")
	wantIllegal(t, p, "3", MustCapture)
	wantIllegal(t, p, "10", EmptyPit)
	wantIllegal(t, p, "17", NoSuchPit)
	if c := p.MoveCell(Move{Pit: 15}); c != r.Layout().Pit(North, 7) {
		t.Errorf("MoveCell(15) = %d", c)
	}
	q := board{toMove: North, south: []int{1, 1, 1, 1, 1, 1, 1, 1}, north: []int{1, 1, 1, 1, 1, 1, 1, 1}, extra: `{"bonus":1}`}.setup(t, r)
	wantMoves(t, q, "9", "10", "11", "12", "13", "14", "15", "16")
	if _, err := NewPosition(r, Setup{Pits: [][]int{{1, 0, 0, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0, 0, 0}}}); err != nil {
		t.Error(err)
	}
}

func TestTshubaNeverEnding(t *testing.T) {
	// C4, §14: South's pit 8 relays for ever; it is illegal.
	r := MustNew("tshuba", Options{"cols": "4"})
	p := board{toMove: South, south: []int{1, 0, 3, 0, 3, 2, 1, 2}, north: []int{0, 2, 0, 0, 0, 1, 0, 1}}.setup(t, r)
	wantMoves(t, p, "1", "3", "5", "6", "7")
	wantIllegal(t, p, "8", NeverEnding)
	wantIllegal(t, p, "2", EmptyPit)

	// [7]: a player whose every move never ends loses. No such board
	// turned up in millions of random ones, so the rule is reached with
	// the lap bound at 0, every relay counting as never-ending: after
	// North's 5, every South move (one seed onto the next, occupied pit)
	// relays.
	defer func(n int) { maxRelayLaps = n }(maxRelayLaps)
	maxRelayLaps = 0
	q := board{toMove: North, south: []int{1, 1, 1, 1, 1, 1, 1, 1}, north: []int{0, 0, 0, 0, 1, 0, 0, 0}}.setup(t, r)
	q = mustPlay(t, q, "5")
	if q.Status() != NorthWon || q.EndReason() != EndNoMoves {
		t.Errorf("after North 5: %s (%s)", q.Status(), q.EndReason())
	}
}

func TestTshubaRepetition(t *testing.T) {
	// [8]: the third occurrence draws, the seeds left in place.
	r := MustNew("tshuba", nil)
	if r.RepetitionLimit() != 3 {
		t.Fatal(r.RepetitionLimit())
	}
	p := r.Start()
	q := p
	q.endByRepetition(nil)
	if q.Status() != Draw || q.EndReason() != EndRepetition || q.Seeds() != 64 || q.Store(South) != 0 {
		t.Errorf("%s (%s)", q.String(), q.EndReason())
	}
}

func FuzzTshuba(f *testing.F) {
	// Every input cheap: a long relay counts as never-ending early.
	f.Cleanup(LowerRelayLapBound(1 << 8))
	// options byte: cols (bit 0: 4 or 8), bonus (bits 1-2, mod 3),
	// take_single_outer (bit 3); layout flag
	fzCorpus(f,
		[]byte{0, 0},
		[]byte{1, 0},
		[]byte{1 | 4, 0},
		[]byte{2 | 8, 0},
		// layout: South's 8 pits, a store byte, North's, a store byte,
		// side to move (bits 2-3: bonus due), ply; the never-ending 8 of
		// section 14 (refused) and the capture with a bonus.
		[]byte{1, 1, 1, 0, 3, 0, 3, 2, 1, 2, 0, 0, 2, 0, 0, 0, 1, 0, 1, 0, 0, 0, 255, 0, 7},
		[]byte{1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2, 2, 2, 2, 1, 2, 3, 2, 0, 0, 0, 3, 4, 0},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := Options{
			"cols":              []string{"8", "4"}[o&1],
			"bonus":             strconv.Itoa(int(o>>1&3) % 3),
			"take_single_outer": fzBool(o >> 3),
		}
		fzRun(t, "tshuba", opts, r)
	})
}
