package engine

import (
	"strings"
	"testing"
)

// The variant's rows of TestPerftTable and BenchmarkPerft, and its fuzz
// target (pieces_test.go).
func init() {
	// Afrika: eight sowings, then North has eight; the first capture
	// comes at depth 3; confirmed by reference_afrika_test.go.
	addPerft("afrika", perftRow{nil, []uint64{8, 64, 383, 1996, 10345, 53537}})
	addBench("afrika", benchRow{"afrika", nil, 7})
	addFuzz("afrika", FuzzAfrika)
}

// The two worked problems of docs/sources/more-games-rules.md section 14
// (Mancala World's Afrika problems, solved by the seed author's Zillions
// program, DagazProject Afrika/Problem-1.zsg and Problem-2.zsg): every move is
// replayed and the final position compared exactly.
func TestAfrikaProblems(t *testing.T) {
	runRulesCases(t, []rulesCase{
		{
			name: "problem 1", variant: "afrika",
			from: &board{toMove: South,
				south: []int{1, 1, 0, 3, 0, 2, 4, 0}, north: []int{0, 3, 2, 0, 4, 0, 1, 1}, stores: [2]int{54, 52}},
			moves: "7 2 12 1 14 16 10 3 14 14 12 5 4 15 6 13 2 12 15 15 1 10 16 6 15",
			want: board{toMove: North,
				south: []int{0, 0, 3, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{65, 60}},
		},
		{
			name: "problem 2", variant: "afrika",
			from: &board{toMove: North,
				south: []int{1, 1, 0, 0, 0, 12, 0, 2}, north: []int{2, 5, 8, 10, 2, 2, 2, 1}, stores: [2]int{48, 32}},
			moves: "8 13 9 14 2 14 4 6 3 2 14 15 1 11 16 4 14 13 8 7 10 10",
			want: board{toMove: North,
				south: []int{4, 0, 5, 0, 4, 0, 0, 1}, north: []int{1, 0, 0, 3, 0, 3, 0, 0}, stores: [2]int{67, 40}},
		},
	})
	// Problem 1 ends with North's only move: the capture of South's pit 3
	// (North's pit 6 is empty and faces it), 11 in C2's numbering.
	r := MustNew("afrika", nil)
	p := board{toMove: South, south: []int{1, 1, 0, 3, 0, 2, 4, 0}, north: []int{0, 3, 2, 0, 4, 0, 1, 1}, stores: [2]int{54, 52}}.setup(t, r)
	p = mustPlay(t, p, strings.Fields("7 2 12 1 14 16 10 3 14 14 12 5 4 15 6 13 2 12 15 15 1 10 16 6 15")...)
	wantMoves(t, p, "11")
	p = mustPlay(t, p, "11")
	if p.Status() != SouthWon || p.EndReason() != EndNoMoves || p.Store(North) != 63 {
		t.Errorf("after 11: %s (%s), want south_won at an empty board, 65-63", p.Status(), p.EndReason())
	}
}

func TestAfrikaRules(t *testing.T) {
	runRulesCases(t, []rulesCase{
		{
			// A1: 8 in each of the 16 pits; A3: pit 3 sows one lap over
			// South 4..8 and North 1..3; no capture, North to move.
			name: "A1 start, A3 sowing", variant: "afrika", moves: "3",
			want: board{toMove: North,
				south: []int{8, 8, 0, 9, 9, 9, 9, 9}, north: []int{9, 9, 9, 8, 8, 8, 8, 8}},
			events: []string{"pickup 8 from 2", "sow 3", "sow 11"},
		},
		{
			// A3: a pile of 17 goes round the 16 pits, skips its own pit
			// and ends two pits past it; the last seed in an empty pit
			// captures nothing.
			name: "A3 origin skipped", variant: "afrika",
			from: &board{toMove: South,
				south: []int{1, 17, 1, 1, 1, 1, 1, 1}, north: []int{1, 1, 1, 1, 1, 1, 1, 1}, stores: [2]int{50, 45}},
			moves: "2",
			want: board{toMove: North,
				south: []int{2, 0, 3, 3, 2, 2, 2, 2}, north: []int{2, 2, 2, 2, 2, 2, 2, 2}, stores: [2]int{50, 45}},
		},
		{
			// A2: South's pits 1 and 2 are empty and face North 8 (5) and
			// North 7 (3): South must take the smaller, North 7, as move 15.
			name: "A2 compulsory capture", variant: "afrika",
			from: &board{toMove: South,
				south: []int{0, 0, 4, 4, 4, 4, 4, 4}, north: []int{4, 4, 4, 4, 4, 4, 3, 5}, stores: [2]int{40, 42}},
			moves: "15",
			want: board{toMove: North,
				south: []int{0, 0, 4, 4, 4, 4, 4, 4}, north: []int{4, 4, 4, 4, 4, 4, 0, 5}, stores: [2]int{43, 42}},
			events: []string{"capture 3 from 15 to south"},
		},
		{
			// A5: the last capture empties the board; the larger store wins.
			name: "A5 empty board", variant: "afrika",
			from: &board{toMove: North,
				south: []int{0, 0, 0, 0, 0, 0, 0, 2}, north: []int{0, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{60, 66}},
			moves:  "16",
			want:   board{toMove: South, south: make([]int, 8), north: make([]int, 8), stores: [2]int{60, 68}},
			status: NorthWon,
		},
		{
			name: "A5 draw", variant: "afrika",
			from: &board{toMove: South,
				south: []int{0, 0, 0, 0, 0, 0, 0, 0}, north: []int{1, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{63, 64}},
			moves:  "9",
			want:   board{toMove: North, south: make([]int, 8), north: make([]int, 8), stores: [2]int{64, 64}},
			status: Draw,
		},
		{
			// early_end: a store past half ends the game at once.
			name: "A5 early_end", variant: "afrika", opts: Options{"early_end": "true"},
			from: &board{toMove: South,
				south: []int{0, 3, 0, 0, 0, 0, 0, 2}, north: []int{1, 0, 0, 0, 0, 0, 0, 5}, stores: [2]int{64, 53}},
			moves: "16",
			want: board{toMove: North,
				south: []int{0, 3, 0, 0, 0, 0, 0, 2}, north: []int{1, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{69, 53}},
			status: SouthWon,
		},
		{
			// misere: the same capture loses.
			name: "A5 misere", variant: "afrika", opts: Options{"misere": "true"},
			from: &board{toMove: South,
				south: []int{0, 3, 0, 0, 0, 0, 0, 2}, north: []int{1, 0, 0, 0, 0, 0, 0, 5}, stores: [2]int{64, 53}},
			moves: "16",
			want: board{toMove: North,
				south: []int{0, 3, 0, 0, 0, 0, 0, 2}, north: []int{1, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{69, 53}},
			status: NorthWon,
		},
		{
			// misere at an empty board: the smaller store wins.
			name: "A5 misere empty board", variant: "afrika", opts: Options{"misere": "true"},
			from: &board{toMove: North,
				south: []int{0, 0, 0, 0, 0, 0, 0, 2}, north: []int{0, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{62, 64}},
			moves:  "16",
			want:   board{toMove: South, south: make([]int, 8), north: make([]int, 8), stores: [2]int{62, 66}},
			status: SouthWon,
		},
	})
}

// A2: what Check refuses, and the tie between equal smallest pits.
func TestAfrikaCaptureChecks(t *testing.T) {
	r := MustNew("afrika", nil)
	p := board{toMove: South,
		south: []int{0, 0, 0, 4, 4, 4, 4, 4}, north: []int{4, 4, 4, 4, 4, 3, 3, 5}, stores: [2]int{40, 43}}.setup(t, r)
	// South 1, 2, 3 are empty and face North 8 (5), 7 (3), 6 (3): a tie.
	wantMoves(t, p, "14", "15")
	wantIllegal(t, p, "4", MustCapture)          // a sowing while a capture exists
	wantIllegal(t, p, "1", MustCapture)          // even from an empty pit
	wantIllegal(t, p, "16", MustCaptureSmallest) // North 8 holds 5
	wantIllegal(t, p, "13", NotCapturable)       // North 5 faces South 4, not empty
	wantIllegal(t, p, "17", NoSuchPit)
	wantIllegal(t, p, "4L", NeedsNoDirection)
	wantIllegal(t, p, "swap", SwapUnavailable)

	// No capture possible: a capture is refused, sowing an empty pit too.
	// North 2, North's only empty pit, faces South 7, which is empty too.
	q := board{toMove: North,
		south: []int{0, 1, 1, 1, 1, 1, 0, 0}, north: []int{1, 0, 1, 1, 1, 1, 1, 1}, stores: [2]int{60, 53}}.setup(t, r)
	wantMoves(t, q, "1", "3", "4", "5", "6", "7", "8")
	wantIllegal(t, q, "10", NotCapturable) // South 2 faces North 7, not empty
	wantIllegal(t, q, "2", EmptyPit)
	if err := r.Check(&q, Move{Pit: 10}); err == nil || !strings.Contains(err.Error(), "cannot be captured") {
		t.Errorf("Check 10: %v", err)
	}
}

// A6: the third occurrence: each side takes its own seeds, then A5.
func TestAfrikaRepetition(t *testing.T) {
	for _, c := range []struct {
		misere string
		want   Status
	}{{"false", NorthWon}, {"true", SouthWon}} {
		r := MustNew("afrika", Options{"misere": c.misere})
		if r.RepetitionLimit() != 3 {
			t.Fatalf("repetition limit %d", r.RepetitionLimit())
		}
		p := board{toMove: South,
			south: []int{0, 0, 0, 0, 0, 0, 3, 0}, north: []int{0, 0, 0, 0, 0, 0, 0, 6}, stores: [2]int{60, 59}}.setup(t, r)
		var ev []Event
		p.endByRepetition(&ev)
		if p.Status() != c.want || p.EndReason() != EndRepetition || p.Store(South) != 63 || p.Store(North) != 65 {
			t.Errorf("misere=%s: %s", c.misere, describe(&p))
		}
		checkEvents(t, ev, []string{"sweep 3 from 6 to south", "sweep 6 from 16 to north"})
	}
}

// A4: a player whose pits are all empty still has a move while the board
// holds seeds: each opponent's pit with seeds faces one of his empty pits,
// and the smallest are his captures.
func TestAfrikaAlwaysAMove(t *testing.T) {
	r := MustNew("afrika", nil)
	p := board{toMove: North,
		south: []int{0, 2, 0, 0, 1, 0, 3, 1}, north: make([]int, 8), stores: [2]int{61, 60}}.setup(t, r)
	wantMoves(t, p, "13", "16") // South's pits 5 and 8, one seed each
	wantIllegal(t, p, "10", MustCaptureSmallest)
	wantIllegal(t, p, "11", NotCapturable) // South's pit 3 is empty
	p = mustPlay(t, p, "13", "2")          // South sows 2 seeds from pit 2 into 3 and 4
	if p.Status() != Ongoing || p.Pit(South, 3) != 1 || p.Store(North) != 61 {
		t.Errorf("%s", describe(&p))
	}
}

func FuzzAfrika(f *testing.F) {
	// options byte: early_end (bit 0), misere (bit 1); layout flag
	fzCorpus(f,
		[]byte{0, 0},
		[]byte{1, 0},
		[]byte{2, 0},
		[]byte{3, 0},
		// the position of problem 1 (section 14), South to move
		[]byte{0, 1, 1, 1, 0, 3, 0, 2, 4, 0, 54, 0, 3, 2, 0, 4, 0, 1, 1, 52, 0, 0},
		[]byte{2, 1, 0, 0, 5, 0, 0, 20, 1, 0, 60, 0, 3, 0, 0, 1, 0, 0, 9, 40, 1, 7},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		fzRun(t, "afrika", Options{"early_end": fzBool(o), "misere": fzBool(o >> 1)}, r)
	})
}
