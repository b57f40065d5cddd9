package engine

import "testing"

// The variant's rows of TestPerftTable and BenchmarkPerft, and its fuzz
// target (pieces_test.go).
func init() {
	addPerft("congkak", perftRow{nil, []uint64{7, 36, 230, 1406, 8295}})
	addBench("congkak", benchRow{"congkak", nil, 7})
	addFuzz("congkak", FuzzCongkak)
}

// Congkak: 7 pits a side. Cells: South pits 0..6, South's store 7, North
// pits 8..14, North's store 15.
func TestCongkakRules(t *testing.T) {
	runRulesCases(t, []rulesCase{{
		name: "start: seven pits of seven", variant: "congkak",
		moves: "1",
		// 7 seeds: S2..S7, store: extra turn.
		want: board{toMove: South, south: []int{0, 8, 8, 8, 8, 8, 8}, north: []int{7, 7, 7, 7, 7, 7, 7}, stores: [2]int{1, 0}},
	}, {
		name: "relay, then a capture in an own empty pit", variant: "congkak",
		from:  &board{toMove: South, south: []int{2, 0, 3, 0, 0, 0, 0}, north: []int{5, 1, 1, 1, 1, 1, 1}},
		moves: "1",
		// S2, S3 (now 4: relay) S4 S5 S6 S7 (empty; faces N1 with 5).
		want:   board{toMove: North, south: []int{0, 1, 0, 1, 1, 1, 0}, north: []int{0, 1, 1, 1, 1, 1, 1}, stores: [2]int{6, 0}},
		events: []string{"pickup 2 from 0", "sow 1", "sow 2", "relay 4 from 2", "sow 3", "sow 6", "capture 5 from 8 to south", "capture 1 from 6 to south"},
	}, {
		name: "relay off: the turn ends in the occupied pit", variant: "congkak", opts: Options{"relay": "false"},
		from:  &board{toMove: South, south: []int{2, 0, 3, 0, 0, 0, 0}, north: []int{5, 1, 1, 1, 1, 1, 1}},
		moves: "1",
		want:  board{toMove: North, south: []int{0, 1, 4, 0, 0, 0, 0}, north: []int{5, 1, 1, 1, 1, 1, 1}},
	}, {
		name: "a last seed in an opponent's empty pit ends the turn; an empty side does not end the game", variant: "congkak",
		from:  &board{toMove: South, south: []int{0, 0, 0, 0, 0, 0, 2}, north: []int{0, 1, 1, 1, 1, 1, 1}},
		moves: "7",
		want:  board{toMove: North, south: []int{0, 0, 0, 0, 0, 0, 0}, north: []int{1, 1, 1, 1, 1, 1, 1}, stores: [2]int{1, 0}},
	}, {
		name: "relay through the opponent's row", variant: "congkak",
		from:  &board{toMove: South, south: []int{0, 0, 0, 0, 0, 0, 2}, north: []int{1, 2, 0, 0, 0, 0, 0}},
		moves: "7",
		// store, N1 (now 2: relay) N2, N3 (empty: the turn ends).
		want: board{toMove: North, south: []int{0, 0, 0, 0, 0, 0, 0}, north: []int{0, 3, 1, 0, 0, 0, 0}, stores: [2]int{1, 0}},
	}, {
		name: "extra turn while the opponent has no seeds: play goes on", variant: "congkak",
		from:  &board{toMove: South, south: []int{0, 0, 0, 0, 0, 1, 1}, north: []int{0, 0, 0, 0, 0, 0, 0}, stores: [2]int{40, 50}},
		moves: "7",
		want:  board{toMove: South, south: []int{0, 0, 0, 0, 0, 1, 0}, north: []int{0, 0, 0, 0, 0, 0, 0}, stores: [2]int{41, 50}},
	}, {
		name: "the game ends when the player to move has no seeds", variant: "congkak",
		from:   &board{toMove: South, south: []int{0, 0, 0, 0, 0, 1, 1}, north: []int{0, 0, 0, 0, 0, 0, 0}, stores: [2]int{40, 50}},
		moves:  "7 6",
		want:   board{toMove: North, south: []int{0, 0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0, 0}, stores: [2]int{42, 50}},
		status: NorthWon,
		events: []string{"sweep 1 from 6 to south", "end north_won (no_moves)"},
	}})
}

func FuzzCongkak(f *testing.F) {
	fzCorpus(f,
		[]byte{1, 0},
		[]byte{0, 0},
		[]byte{1, 1, 0, 1, 20, 2, 0, 0, 3, 1, 1, 2, 0, 0, 5, 4, 1, 15, 0, 0, 3},
		[]byte{0, 1, 14, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 10, 20, 1},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		fzRun(t, "congkak", Options{"relay": fzBool(r.next())}, r)
	})
}
