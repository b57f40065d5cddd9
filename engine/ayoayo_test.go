package engine

import (
	"fmt"
	"testing"
)

// The variant's rows of TestPerftTable and BenchmarkPerft, and its fuzz
// target (pieces_test.go).
func init() {
	// Ayo-ayo: depths up to 6 (pits=12: 5) are confirmed by
	// reference_ayoayo_test.go.
	addPerft("ayoayo", perftRow{nil, []uint64{6, 32, 140, 638, 2956, 13327}})
	addPerft("ayoayo", perftRow{Options{"capture": "mixed", "pits": "12"}, []uint64{12, 116, 1223, 12429, 121705}})
	addBench("ayoayo", benchRow{"ayoayo", nil, 7})
	addFuzz("ayoayo", FuzzAyoayo)
}

// Hand-worked examples of Ayo-ayo (docs/sources/more-games-rules.md section 3;
// the rule numbers are that section's). Cells follow twoRowLayout(6): South's
// pits 0..5, South's store 6, North's pits 7..12, North's store 13.
func TestAyoayoRules(t *testing.T) {
	// The section 14 vector: South's 6 (3 seeds) makes North 1 a four (3+1)
	// while seeds are still in hand, North 2 goes 0 -> 1, and the last seed
	// makes North 3 a four (3+1), which ends the move (rule 4).
	vector := &board{toMove: South, south: []int{1, 2, 2, 2, 0, 3}, north: []int{3, 0, 3, 0, 2, 2}, stores: [2]int{16, 12}}
	after := func(s, n int) board {
		return board{toMove: North, south: []int{1, 2, 2, 2, 0, 0}, north: []int{0, 1, 0, 0, 2, 2}, stores: [2]int{s, n}}
	}
	// One seed on the board (1 + 23 + 24 = 48): it walks round the ring.
	lone := &board{toMove: South, south: []int{0, 0, 0, 0, 0, 1}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{23, 24}}
	walk := "6 1 2 3 4 5 6 1 2 3 4 5"
	runRulesCases(t, []rulesCase{
		{
			// 1: 2x6, 4 a pit; 2: South's 1 sows pits 2-5 (4 -> 5: no
			// four); the last seed lands in a full pit and relays its 5:
			// South 6, North 1-4 (5 each); North 4 relays 5: North 5, 6,
			// South 1 (0 -> 1), South 2, 3 (5 -> 6); South 3 relays 6:
			// South 4 (6), 5 (empty: 1), 6 (6), North 1 (6), 2 (6), 3 (6),
			// which relays 6: North 4 (empty: 1), 5 (6), 6 (6), South 1 (2),
			// 2 (7), 3 (1: it was emptied): the move ends.
			name: "2 relay sowing from the start", variant: "ayoayo",
			moves:  "1",
			want:   board{toMove: North, south: []int{2, 7, 1, 6, 1, 6}, north: []int{6, 6, 0, 1, 6, 6}},
			events: []string{"pickup 4 from 0", "sow 1", "sow 4", "relay 5 from 4", "relay 5 from 10", "relay 6 from 2", "relay 6 from 9", "sow 2"},
		},
		{
			// 2, 4: two seeds from pit 2: pit 4 held one, so its two relay
			// into pits 5 and 6, and the last falls into an empty pit.
			name: "4 relay, then an empty pit ends the move", variant: "ayoayo",
			from:   &board{toMove: South, south: []int{0, 2, 0, 1, 0, 0}, north: []int{0, 0, 0, 0, 0, 1}, stores: [2]int{22, 22}},
			moves:  "2",
			want:   board{toMove: North, south: []int{0, 0, 1, 0, 1, 1}, north: []int{0, 0, 0, 0, 0, 1}, stores: [2]int{22, 22}},
			events: []string{"pickup 2 from 1", "sow 2", "sow 3", "relay 2 from 3", "sow 4", "sow 5"},
		},
		{
			// 2: the origin is not skipped: the twelfth seed of pit 1 falls
			// back into it, empty, and ends the move.
			name: "2 the origin is sown", variant: "ayoayo",
			from:  &board{toMove: South, south: []int{12, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{18, 18}},
			moves: "1",
			want:  board{toMove: North, south: []int{1, 1, 1, 1, 1, 1}, north: []int{1, 1, 1, 1, 1, 1}, stores: [2]int{18, 18}},
		},
		{
			name: "3 capture=sower: both fours to the mover (section 14)", variant: "ayoayo",
			from: vector, moves: "6", want: after(24, 12),
			events: []string{"pickup 3 from 5", "sow 7", "capture 4 from 7 to south", "sow 8", "sow 9", "capture 4 from 9 to south"},
		},
		{
			name: "3 capture=owner (Abawo): both fours to North (section 14)", variant: "ayoayo", opts: Options{"capture": "owner"},
			from: vector, moves: "6", want: after(16, 20),
			events: []string{"capture 4 from 7 to north", "capture 4 from 9 to north"},
		},
		{
			name: "3 capture=mixed (Anyiwoli): the owner, but the last four to the mover (section 14)", variant: "ayoayo", opts: Options{"capture": "mixed", "pits": "6"},
			from: vector, moves: "6", want: after(20, 16),
			events: []string{"capture 4 from 7 to north", "capture 4 from 9 to south"},
		},
		{
			// 3: a four in the mover's own row during the sowing goes to
			// him under capture=owner too; the sowing goes on.
			name: "3 capture=owner, a four in the mover's row", variant: "ayoayo", opts: Options{"capture": "owner"},
			from:   &board{toMove: South, south: []int{2, 3, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 1}, stores: [2]int{18, 24}},
			moves:  "1",
			want:   board{toMove: North, south: []int{0, 0, 1, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 1}, stores: [2]int{22, 24}},
			events: []string{"sow 1", "capture 4 from 1 to south", "sow 2"},
		},
		{
			// 5a: the four makes 28 of 48: South wins at once, nothing is
			// swept.
			name: "5a majority", variant: "ayoayo",
			from:   &board{toMove: South, south: []int{1, 2, 2, 2, 0, 3}, north: []int{3, 0, 3, 0, 2, 2}, stores: [2]int{20, 8}},
			moves:  "6",
			want:   board{toMove: North, south: []int{1, 2, 2, 2, 0, 0}, north: []int{0, 1, 0, 0, 2, 2}, stores: [2]int{28, 8}},
			status: SouthWon,
		},
		{
			name: "5a half each draws", variant: "ayoayo",
			from:   &board{toMove: South, south: []int{0, 0, 0, 0, 0, 1}, north: []int{3, 0, 0, 0, 0, 0}, stores: [2]int{20, 24}},
			moves:  "6",
			want:   board{toMove: North, south: []int{0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{24, 24}},
			status: Draw,
		},
		{
			// 5b, starve=true: South's seed goes to North, North moves it
			// on, and South, with nothing to play, loses.
			name: "5b starve=true: no move loses", variant: "ayoayo",
			from:   lone,
			moves:  "6 1",
			want:   board{toMove: South, south: []int{0, 0, 0, 0, 0, 0}, north: []int{0, 1, 0, 0, 0, 0}, stores: [2]int{23, 24}},
			status: NorthWon,
		},
		{
			// 5b, starve=false: South passes (no ply) and North moves again.
			name: "5b starve=false: a pass", variant: "ayoayo", opts: Options{"starve": "false"},
			from:   lone,
			moves:  "6 1",
			want:   board{toMove: North, south: []int{0, 0, 0, 0, 0, 0}, north: []int{0, 1, 0, 0, 0, 0}, stores: [2]int{23, 24}},
			events: []string{"pickup 1 from 7", "sow 8", "extra_turn north"},
		},
		{
			// 5c: the seed comes back to South 6 with South to move after
			// twelve plies (the passes are not plies); the third time, each
			// player takes his own row: 24-24, a draw.
			name: "5c third occurrence", variant: "ayoayo", opts: Options{"starve": "false"},
			from:   lone,
			moves:  walk + " " + walk,
			want:   board{toMove: South, south: []int{0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{24, 24}},
			status: Draw,
			events: []string{"sweep 1 from 5 to south", "end draw (repetition)"},
		},
		{
			// 1: Anyiwoli's 2x12 board, 4 seeds a pit (its moves are
			// checked against the reference).
			name: "1 pits=12", variant: "ayoayo", opts: Options{"pits": "12", "capture": "mixed"},
			moves: "",
			want:  board{toMove: South, south: []int{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, north: []int{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}},
		},
	})
}

// C4: South's pit 2 relays for ever (found by a search of random positions,
// confirmed by the reference's map of states): it is not a legal move.
func TestAyoayoNeverEnding(t *testing.T) {
	r := MustNew("ayoayo", nil)
	p := board{toMove: South, south: []int{1, 2, 2, 1, 0, 2}, north: []int{4, 0, 2, 2, 0, 4}, stores: [2]int{14, 14}}.setup(t, r)
	wantMoves(t, p, "1", "3", "4", "6")
	wantIllegal(t, p, "2", NeverEnding)
	wantIllegal(t, p, "5", EmptyPit)
	wantIllegal(t, p, "7", NoSuchPit)
	wantIllegal(t, p, "2L", NeedsNoDirection)
}

// 5b, starve=false: a set-up position whose player to move would pass is
// refused (he would already have passed).
func TestAyoayoSetupPass(t *testing.T) {
	r := MustNew("ayoayo", Options{"starve": "false"})
	_, err := NewPosition(r, Setup{ToMove: South, Pits: [][]int{{0, 0, 0, 0, 0, 0}, {0, 1, 0, 0, 0, 0}}, Stores: []int{23, 24}})
	if err == nil {
		t.Fatal("a position whose player to move must pass was accepted")
	}
}

func TestAyoayoStart(t *testing.T) {
	for _, n := range []int{4, 6, 12} {
		r := MustNew("ayoayo", Options{"pits": fmt.Sprint(n)})
		p := r.Start()
		if p.Seeds() != 8*n || len(p.Moves()) != n || len(r.Layout().Cells) != 2*n+2 {
			t.Errorf("pits=%d: %d seeds, %d moves, %d cells", n, p.Seeds(), len(p.Moves()), len(r.Layout().Cells))
		}
	}
}

func FuzzAyoayo(f *testing.F) {
	// Every input cheap: a long relay counts as never-ending early.
	f.Cleanup(LowerRelayLapBound(1 << 8))
	// options byte: capture (o%3), starve (bit 2), pits (bits 3-4: 6, 12,
	// 4, 6); layout flag; then move bytes.
	fzCorpus(f,
		[]byte{0, 0},
		[]byte{1 | 4, 0},
		[]byte{2 | 8, 0},
		[]byte{1 | 4 | 16, 0},
		// the section 14 vector: South 1 2 2 2 0 3 / 16, North 3 0 3 0 2 2 / 12
		[]byte{2, 1, 1, 2, 2, 2, 0, 3, 16, 3, 0, 3, 0, 2, 2, 12, 0, 0, 5},
		// TestAyoayoNeverEnding's layout (South's pit 2 never ends)
		[]byte{4, 1, 1, 2, 2, 1, 0, 2, 14, 4, 0, 2, 2, 0, 4, 14, 0, 0},
	)
	// starve=false: an opponent's pass (extra_turn) reaching a third
	// occurrence, which Game ends (found by the fuzzer).
	f.Add([]byte("&100/$-\xdd0Z+m$0+z002\xf12102020\xd00000000000000000"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := Options{
			"capture": []string{"sower", "owner", "mixed"}[int(o)%3],
			"starve":  fzBool(^o >> 2),
			"pits":    []string{"6", "12", "4", "6"}[o>>3&3],
		}
		fzRun(t, "ayoayo", opts, r)
	})
}
