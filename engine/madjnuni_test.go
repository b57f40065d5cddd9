package engine

import (
	"slices"
	"strconv"
	"testing"
)

// The variant's rows of TestPerftTable and BenchmarkPerft, and its fuzz
// target (pieces_test.go).
func init() {
	// La'b madjnuni has no choice: perft is 1 while the game goes on.
	// The game from the start ends after exactly 70 plies (North wins
	// 61-37 when South's row is empty); reference_madjnuni_test.go
	// confirms such whole-game counts.
	addPerft("madjnuni", perftRow{nil, append(slices.Repeat([]uint64{1}, 70), 0)})
	addBench("madjnuni", benchRow{"madjnuni", nil, 70})
	addFuzz("madjnuni", FuzzMadjnuni)
}

// Hand-worked examples of La'b madjnuni (docs/sources/more-games-rules.md
// section 10; the rule numbers are that section's). Cells follow
// twoRowLayout(7): South's pits 0..6, South's store 7, North's pits 8..14,
// North's store 15. South pit i faces North pit 8-i.
func TestMadjnuniRules(t *testing.T) {
	vector := &board{toMove: South, south: []int{5, 1, 3, 1, 1, 2, 0}, north: []int{1, 2, 4, 3, 1, 1, 1}}
	// Two seeds, one in each head: each walks round its row and on.
	heads := &board{toMove: South, south: []int{0, 0, 0, 0, 0, 0, 1}, north: []int{0, 0, 0, 0, 0, 0, 1}}
	walk := "7 7 1 1 2 2 3 3 4 4 5 5 6 6"
	runRulesCases(t, []rulesCase{
		{
			// 2, 3: 7 a pit, South plays his head, pit 7: North 1-7 get 8
			// each and the last relays North 7's 8: South 1-6 (8), South 7
			// (emptied: 1), North 1 (9), which relays 9: North 2-6 (9),
			// North 7 (1), South 1-3 (9); South 3 relays 9: South 4-6 (9),
			// South 7 (2), North 1 (1), North 2-5 (10); North 5 relays 10:
			// North 6 (10), North 7 (2), South 1, 2 (10), South 3 (1), South
			// 4-6 (10), South 7 (3), North 1 (2): a 2, taken with its facing
			// South 7 (3); North 2 holds 10: the chain stops.
			name: "2-5 the first move", variant: "madjnuni",
			moves:  "7",
			want:   board{toMove: North, south: []int{10, 10, 1, 10, 10, 10, 0}, north: []int{0, 10, 10, 10, 0, 10, 2}, stores: [2]int{5, 0}},
			events: []string{"pickup 7 from 6", "relay 8 from 14", "relay 9 from 8", "relay 9 from 2", "relay 10 from 12", "capture 2 from 8 to south", "capture 3 from 6 to south"},
		},
		{
			// 3: the head is empty: pit 6 is the move (section 14); North 1
			// 1 -> 2 takes North 1 + South 7 (3), North 2 (2) + South 6 (0,
			// just emptied), North 3 (4) + South 5 (1): 10; North 4 holds 3.
			name: "3, 5 the section 14 vector", variant: "madjnuni",
			from:   vector,
			moves:  "6",
			want:   board{toMove: North, south: []int{5, 1, 3, 1, 0, 0, 0}, north: []int{0, 0, 0, 3, 1, 1, 1}, stores: [2]int{10, 0}},
			events: []string{"pickup 2 from 5", "sow 6", "sow 8", "capture 2 from 8 to south", "capture 1 from 6 to south", "capture 2 from 9 to south", "capture 4 from 10 to south", "capture 1 from 4 to south"},
		},
		{
			name: "5 opposite=false: the section 14 vector takes 8", variant: "madjnuni", opts: Options{"opposite": "false"},
			from:  vector,
			moves: "6",
			want:  board{toMove: North, south: []int{5, 1, 3, 1, 1, 0, 1}, north: []int{0, 0, 0, 3, 1, 1, 1}, stores: [2]int{8, 0}},
		},
		{
			// 5: a 4, with its facing pit; North 2's 2 follows with South 6
			// (3); North 3 holds 5: the chain stops.
			name: "5 a four and the following pits", variant: "madjnuni",
			from:  &board{toMove: South, south: []int{1, 0, 0, 0, 0, 3, 1}, north: []int{3, 2, 5, 0, 0, 0, 1}},
			moves: "7",
			want:  board{toMove: North, south: []int{1, 0, 0, 0, 0, 0, 0}, north: []int{0, 0, 5, 0, 0, 0, 1}, stores: [2]int{9, 0}},
		},
		{
			// 5: a capture in the mover's own row: the eighth seed of pit 7
			// makes South 1 a 2, taken with North 7 (1); South 2 is empty.
			name: "5 a capture on the mover's side", variant: "madjnuni",
			from:  &board{toMove: South, south: []int{1, 0, 0, 0, 0, 0, 8}, north: []int{0, 0, 0, 0, 0, 0, 0}},
			moves: "7",
			want:  board{toMove: North, south: []int{0, 0, 0, 0, 0, 0, 0}, north: []int{1, 1, 1, 1, 1, 1, 0}, stores: [2]int{3, 0}},
		},
		{
			// 4, 5: a last seed making 3 relays; the relay ends in an
			// empty pit.
			name: "4 relay on a 3", variant: "madjnuni",
			from:   &board{toMove: South, south: []int{1, 0, 0, 0, 0, 0, 1}, north: []int{2, 0, 0, 0, 0, 0, 1}},
			moves:  "7",
			want:   board{toMove: North, south: []int{1, 0, 0, 0, 0, 0, 0}, north: []int{0, 1, 1, 1, 0, 0, 1}},
			events: []string{"pickup 1 from 6", "sow 8", "relay 3 from 8", "sow 9", "sow 10", "sow 11"},
		},
		{
			// 6: after South's capture North has no seed: each player takes
			// his own row (South 3), the bigger store wins.
			name: "6 an empty row ends the game", variant: "madjnuni",
			from:   &board{toMove: South, south: []int{3, 0, 0, 0, 0, 0, 1}, north: []int{1, 0, 0, 0, 0, 0, 0}},
			moves:  "7",
			want:   board{toMove: North, south: []int{0, 0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0, 0}, stores: [2]int{5, 0}},
			status: SouthWon,
			events: []string{"capture 2 from 8 to south", "sweep 3 from 0 to south", "end south_won (no_moves)"},
		},
		{
			// 6, C6: the two seeds are back in the heads with South to move
			// after 14 plies; the third time each player takes his own seed.
			name: "6 third occurrence", variant: "madjnuni",
			from:   heads,
			moves:  walk + " " + walk,
			want:   board{toMove: South, south: []int{0, 0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0, 0}, stores: [2]int{1, 1}},
			status: Draw,
			events: []string{"sweep 1 from 6 to south", "sweep 1 from 14 to north", "end draw (repetition)"},
		},
	})
}

// 3: one move, the head or the nearest non-empty pit to its left; every
// other pit is refused.
func TestMadjnuniForced(t *testing.T) {
	r := MustNew("madjnuni", nil)
	wantMoves(t, r.Start(), "7")
	p := board{toMove: North, south: []int{1, 1, 1, 1, 1, 1, 1}, north: []int{2, 0, 3, 0, 0, 0, 0}}.setup(t, r)
	wantMoves(t, p, "3")
	wantIllegal(t, p, "1", NotHeadPit)
	wantIllegal(t, p, "7", EmptyPit)
	wantIllegal(t, p, "8", NoSuchPit)
	wantIllegal(t, p, "3R", NeedsNoDirection)
	wantIllegal(t, p, "swap", SwapUnavailable)
}

// C4, rule 6: South's forced move from pit 7 never ends (found by a search
// of random positions; the reference agrees), so South cannot move and the
// game is over: each side takes its own row, 48 to 34.
func TestMadjnuniNeverEnding(t *testing.T) {
	r := MustNew("madjnuni", nil).(*madjRules)
	p := Position{rules: r}
	copy(p.cells[:], []uint8{0, 8, 10, 12, 2, 13, 3, 0, 1, 6, 2, 10, 9, 2, 4, 0})
	if !r.endless(&p, South, 7) || r.forced(&p, South) != 0 || len(p.Moves()) != 0 {
		t.Fatal("South's pit 7 should never end")
	}
	if err := r.Check(&p, Move{Pit: 7}); ReasonOf(err) != NeverEnding {
		t.Errorf("Check(7) = %v, want NeverEnding", err)
	}
	r.settle(&p, nil)
	if p.Status() != SouthWon || p.EndReason() != EndNoMoves || p.Store(South) != 48 || p.Store(North) != 34 {
		t.Errorf("after settle: %s (%s), stores %d/%d", p.Status(), p.EndReason(), p.Store(South), p.Store(North))
	}
}

// Perft of a game without choices is 1 while the game goes on and 0 after:
// from the two heads of TestMadjnuniRules the 28th ply is the third
// occurrence of the start, which ends the game (C6), so perft 28 is 1 and
// perft 29 is 0 (mancala perft madjnuni 29 --from that position).
func TestMadjnuniPerftRepetition(t *testing.T) {
	r := MustNew("madjnuni", nil)
	p := board{toMove: South, south: []int{0, 0, 0, 0, 0, 0, 1}, north: []int{0, 0, 0, 0, 0, 0, 1}}.setup(t, r)
	for d, want := range map[int]uint64{1: 1, 14: 1, 27: 1, 28: 1, 29: 0, 40: 0} {
		if got := Perft(p, d); got != want {
			t.Errorf("Perft(heads, %d) = %d, want %d", d, got, want)
		}
		if got := PerftFull(p, d); got != want {
			t.Errorf("PerftFull(heads, %d) = %d, want %d", d, got, want)
		}
	}
}

func FuzzMadjnuni(f *testing.F) {
	f.Cleanup(LowerRelayLapBound(1 << 8))
	// options byte: seeds (2 + o%11), opposite (bit 4); layout flag; then
	// move bytes (the legal move is at most one).
	fzCorpus(f,
		[]byte{5, 0},
		[]byte{5 | 16, 0},
		[]byte{0, 0},
		// the section 14 vector: South 5 1 3 1 1 2 0 / 0, North 1 2 4 3 1 1 1 / 0
		[]byte{5, 1, 5, 1, 3, 1, 1, 2, 0, 0, 1, 2, 4, 3, 1, 1, 1, 0, 0, 0},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := Options{
			"seeds":    strconv.Itoa(2 + int(o)%11),
			"opposite": fzBool(^o >> 4),
		}
		fzRun(t, "madjnuni", opts, r)
	})
}
