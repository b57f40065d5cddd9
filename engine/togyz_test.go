package engine

import "testing"

// The variant's rows of TestPerftTable and BenchmarkPerft, and its fuzz
// target (pieces_test.go).
func init() {
	addPerft("togyz", perftRow{nil, []uint64{9, 73, 613, 5199, 43184}})
	addBench("togyz", benchRow{"togyz", nil, 6})
	addFuzz("togyz", FuzzTogyz)
}

// Hand-worked Togyz Kumalak positions, with the worked examples of seed 001
// (docs/sources/seed-001.md; a line in a case's name, such as 001:27-37, is
// summarized there under the heading of its first line, #line-27).
// Cells: South pits 1..9 are cells 0..8, South's kazan 9, North pits 1..9
// cells 10..18, North's kazan 19. Seed 001 letters pits a..i from the owner's
// left, so "g" is pit 7 and "F" pit 6.
func TestTogyzRules(t *testing.T) {
	runRulesCases(t, []rulesCase{{
		name: "001:27-37: nine seeds from g, the first back into g; the last makes 10 in the opponent's pit 6", variant: "togyz",
		moves: "7",
		want: board{toMove: North,
			south:  []int{9, 9, 9, 9, 9, 9, 1, 10, 10},
			north:  []int{10, 10, 10, 10, 10, 0, 9, 9, 9},
			stores: [2]int{10, 0}},
		events: []string{"pickup 9 from 6", "sow 6", "sow 7", "sow 8", "sow 10", "sow 15", "capture 10 from 15 to south"},
	}, {
		name: "001:53-55: ten seeds from F, the last makes 3 in f: a tuzdyk", variant: "togyz",
		from:  &board{toMove: South, south: []int{5, 5, 5, 5, 5, 10, 5, 5, 5}, north: []int{5, 5, 5, 5, 5, 2, 5, 5, 5}},
		moves: "6",
		want: board{toMove: North,
			south:  []int{5, 5, 5, 5, 5, 1, 6, 6, 6},
			north:  []int{6, 6, 6, 6, 6, 0, 5, 5, 5},
			stores: [2]int{3, 0}, extra: `{"tuzdyk":{"south":6,"north":0}}`},
		events: []string{"tuzdyk 15 to south", "capture 3 from 15 to south"},
	}, {
		name: "001:57-61: eleven seeds from e; one falls into the tuzdyk f, and F (3) cannot mirror it", variant: "togyz",
		from: &board{toMove: North, south: []int{5, 5, 5, 5, 5, 2, 5, 5, 5}, north: []int{5, 5, 5, 5, 11, 0, 5, 5, 5},
			stores: [2]int{3, 0}, extra: `{"tuzdyk":{"south":6}}`},
		moves: "5",
		want: board{toMove: South,
			south:  []int{6, 6, 6, 6, 6, 3, 5, 5, 5},
			north:  []int{5, 5, 5, 5, 1, 0, 6, 6, 6},
			stores: [2]int{4, 0}, extra: `{"tuzdyk":{"south":6}}`},
		events: []string{"pickup 11 from 14", "sow 14", "sow 15", "deposit 15 to south", "sow 16", "sow 5"},
	}, {
		name: "a single seed moves to the next pit", variant: "togyz",
		from:  &board{toMove: South, south: []int{5, 5, 5, 5, 5, 5, 5, 5, 1}, north: []int{1, 5, 5, 5, 5, 5, 5, 5, 5}},
		moves: "9",
		want:  board{toMove: North, south: []int{5, 5, 5, 5, 5, 5, 5, 5, 0}, north: []int{0, 5, 5, 5, 5, 5, 5, 5, 5}, stores: [2]int{2, 0}},
	}, {
		name: "an odd count other than 3 captures nothing", variant: "togyz",
		from:  &board{toMove: South, south: []int{5, 5, 5, 5, 5, 5, 5, 5, 2}, north: []int{4, 5, 5, 5, 5, 5, 5, 5, 5}},
		moves: "9",
		want:  board{toMove: North, south: []int{5, 5, 5, 5, 5, 5, 5, 5, 1}, north: []int{5, 5, 5, 5, 5, 5, 5, 5, 5}},
	}, {
		name: "the opponent's ninth pit never becomes a tuzdyk", variant: "togyz",
		from:  &board{toMove: South, south: []int{5, 5, 5, 5, 5, 5, 5, 5, 10}, north: []int{4, 4, 4, 4, 4, 4, 4, 4, 2}},
		moves: "9",
		want:  board{toMove: North, south: []int{5, 5, 5, 5, 5, 5, 5, 5, 1}, north: []int{5, 5, 5, 5, 5, 5, 5, 5, 3}},
	}, {
		name: "one tuzdyk per player: a second 3 stays; the old tuzdyk still collects", variant: "togyz",
		from: &board{toMove: South, south: []int{5, 5, 5, 5, 5, 10, 5, 5, 5}, north: []int{5, 0, 5, 5, 5, 2, 5, 5, 5},
			extra: `{"tuzdyk":{"south":2}}`},
		moves: "6",
		want: board{toMove: North,
			south:  []int{5, 5, 5, 5, 5, 1, 6, 6, 6},
			north:  []int{6, 0, 6, 6, 6, 3, 5, 5, 5},
			stores: [2]int{1, 0}, extra: `{"tuzdyk":{"south":2}}`},
		events: []string{"deposit 11 to south"},
	}, {
		name: "twenty seeds: two laps' worth, the 19th back in the origin; the last makes a tuzdyk", variant: "togyz",
		from:  &board{toMove: South, south: []int{0, 0, 0, 0, 0, 0, 0, 0, 20}, north: []int{1, 1, 1, 1, 1, 1, 1, 1, 1}},
		moves: "9",
		want: board{toMove: North,
			south:  []int{1, 1, 1, 1, 1, 1, 1, 1, 2},
			north:  []int{0, 2, 2, 2, 2, 2, 2, 2, 2},
			stores: [2]int{3, 0}, extra: `{"tuzdyk":{"south":1}}`},
	}, {
		name: "North's tuzdyk in South's row takes South's seeds", variant: "togyz",
		from: &board{toMove: South, south: []int{5, 5, 0, 5, 5, 5, 5, 5, 5}, north: []int{5, 5, 5, 5, 5, 5, 5, 5, 5},
			extra: `{"tuzdyk":{"north":3}}`},
		moves: "1",
		// S1 back, S2, S3 (North's tuzdyk: to North), S4, S5.
		want: board{toMove: North,
			south:  []int{1, 6, 0, 6, 6, 5, 5, 5, 5},
			north:  []int{5, 5, 5, 5, 5, 5, 5, 5, 5},
			stores: [2]int{0, 1}, extra: `{"tuzdyk":{"north":3}}`},
		events: []string{"deposit 2 to north"},
	}, {
		name: "82 of 162 wins at once", variant: "togyz",
		from:   &board{toMove: South, south: []int{0, 0, 0, 0, 0, 0, 0, 0, 1}, north: []int{1, 0, 0, 0, 0, 0, 0, 0, 9}, stores: [2]int{80, 71}},
		moves:  "9",
		want:   board{toMove: North, south: []int{0, 0, 0, 0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0, 0, 0, 9}, stores: [2]int{82, 71}},
		status: SouthWon,
		events: []string{"end south_won (majority)"},
	}, {
		name: "a player to move without seeds ends the game; the other takes his own (001:65)", variant: "togyz",
		from:   &board{toMove: South, south: []int{2, 0, 0, 0, 0, 0, 0, 0, 1}, north: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{79, 79}},
		moves:  "9",
		want:   board{toMove: North, south: []int{0, 0, 0, 0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{83, 79}},
		status: SouthWon,
		events: []string{"capture 2 from 10 to south", "sweep 2 from 0 to south", "end south_won (no_moves)"},
	}})
}

func TestTogyzIllegalMoves(t *testing.T) {
	r := MustNew("togyz", nil)
	p := board{toMove: North, south: []int{5, 5, 0, 5, 5, 5, 5, 5, 5}, north: []int{5, 5, 5, 5, 5, 5, 5, 0, 5},
		extra: `{"tuzdyk":{"north":3}}`}.setup(t, r)
	wantIllegal(t, p, "8", EmptyPit)
	wantIllegal(t, p, "10", NoSuchPit)
	q := board{toMove: South, south: []int{5, 5, 0, 5, 5, 5, 5, 5, 5}, north: []int{5, 5, 5, 5, 5, 5, 5, 0, 5},
		extra: `{"tuzdyk":{"north":3}}`}.setup(t, r)
	wantIllegal(t, q, "3", TuzdykPit)
	wantMoves(t, q, "1", "2", "4", "5", "6", "7", "8", "9")
}

func FuzzTogyz(f *testing.F) {
	fzCorpus(f,
		[]byte{0},
		[]byte{1, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 2, 9, 9, 9, 9, 9, 9, 9, 10, 0, 0, 0, 0, 0, 0},
		[]byte{1, 1, 2, 3, 2, 1, 20, 2, 1, 0, 2, 1, 2, 2, 1, 2, 0, 1, 2, 30, 40, 1, 0, 3, 5},
		[]byte{1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 70, 80, 0, 0, 0, 0},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		fzRun(t, "togyz", Options{}, &fzBytes{data})
	})
}
