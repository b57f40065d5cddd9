package engine

import (
	"strconv"
	"strings"
	"testing"
)

// The variant's rows of TestPerftTable and BenchmarkPerft, and its fuzz
// target (pieces_test.go).
func init() {
	addPerft("bao-kenya", perftRow{nil, []uint64{8, 63, 450, 3093, 20168, 127733}})
	addBench("bao-kenya", benchRow{"bao-kenya", nil, 7})
	addFuzz("bao-kenya", FuzzBaoKenya)
	addPerft("bao-laps", perftRow{nil, []uint64{8, 39, 138, 538, 1859, 6711}})
	addPerft("bao-laps", perftRow{Options{"infinite": "illegal"}, []uint64{8, 39, 138, 538, 1859}})
	addBench("bao-laps", benchRow{"bao-laps", nil, 8})
	addFuzz("bao-laps", FuzzBaoLaps)
}

// Hand-worked examples of the two-row Bao games (docs/sources/bao-rules.md
// sections 3, 4 and 10 H; rule ids in the names). Ring index i, in the
// comments, is South pit i+1 for i < 8 and North pit i-7 after; cells follow
// twoRowLayout(8): South's pits 0..7, South's store 8, North's pits 9..16,
// North's store 17.
func TestBaoKenyaRules(t *testing.T) {
	runRulesCases(t, []rulesCase{
		{
			// K3, K4: 20 seeds from pit 8: the store, North 1..8 and South
			// 1..7 take one each (16); the 17th seed would come back to
			// pit 8, which is skipped, so it goes into the store; seeds 18
			// to 20 go to North 1..3. The last is on North's side: the turn
			// passes.
			name: "K4 the 17th seed skips the origin", variant: "bao-kenya",
			from:  &board{toMove: South, south: []int{1, 1, 1, 1, 1, 1, 1, 20}, north: []int{1, 1, 1, 1, 1, 1, 1, 1}},
			moves: "8",
			want:  board{toMove: North, south: []int{2, 2, 2, 2, 2, 2, 2, 0}, north: []int{3, 3, 3, 2, 2, 2, 2, 2}, stores: [2]int{2, 0}},
			events: []string{"pickup 20 from 7", "sow 8", "sow 9", "sow 16", "sow 0", "sow 6",
				"sow 8", "sow 9", "sow 10", "sow 11"},
		},
		{
			// K5: from the start, pit 6's three seeds go to pits 7, 8 and
			// the store: South moves again, and then pit 7's four seeds
			// reach North's pit 2.
			name: "K5 another turn", variant: "bao-kenya",
			moves:  "6",
			want:   board{toMove: South, south: []int{3, 3, 3, 3, 3, 0, 4, 4}, north: []int{3, 3, 3, 3, 3, 3, 3, 3}, stores: [2]int{1, 0}},
			events: []string{"pickup 3 from 5", "sow 6", "sow 7", "sow 8", "extra_turn south"},
		},
		{
			name: "K5 then an ordinary move", variant: "bao-kenya",
			moves: "6 7",
			want:  board{toMove: North, south: []int{3, 3, 3, 3, 3, 0, 0, 5}, north: []int{4, 4, 3, 3, 3, 3, 3, 3}, stores: [2]int{2, 0}},
		},
		{
			// K6: pit 2's two seeds end in pit 4, which was empty; North's
			// pit 5 (9-4) holds 6: they go to the store, the sower stays.
			name: "K6 capture", variant: "bao-kenya",
			from:   &board{toMove: South, south: []int{0, 2, 0, 0, 0, 0, 0, 1}, north: []int{1, 0, 0, 0, 6, 0, 0, 0}, stores: [2]int{5, 7}},
			moves:  "2",
			want:   board{toMove: North, south: []int{0, 0, 1, 1, 0, 0, 0, 1}, north: []int{1, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{11, 7}},
			events: []string{"pickup 2 from 1", "sow 2", "sow 3", "capture 6 from 13 to south"},
		},
		{
			name: "K6 capture_sower takes the sower too", variant: "bao-kenya", opts: Options{"capture_sower": "true"},
			from:   &board{toMove: South, south: []int{0, 2, 0, 0, 0, 0, 0, 1}, north: []int{1, 0, 0, 0, 6, 0, 0, 0}, stores: [2]int{5, 7}},
			moves:  "2",
			want:   board{toMove: North, south: []int{0, 0, 1, 0, 0, 0, 0, 1}, north: []int{1, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{12, 7}},
			events: []string{"capture 6 from 13 to south", "capture 1 from 3 to south"},
		},
		{
			// K6: the facing pit (North 9-4 = 5) is empty: nothing is taken,
			// even with capture_sower.
			name: "K6 empty facing pit", variant: "bao-kenya", opts: Options{"capture_sower": "true"},
			from:  &board{toMove: South, south: []int{0, 2, 0, 0, 0, 0, 0, 1}, north: []int{1, 0, 0, 0, 0, 6, 0, 0}, stores: [2]int{5, 7}},
			moves: "2",
			want:  board{toMove: North, south: []int{0, 0, 1, 1, 0, 0, 0, 1}, north: []int{1, 0, 0, 0, 0, 6, 0, 0}, stores: [2]int{5, 7}},
		},
		{
			// North's move: North pit 3 (cell 11) with 2 seeds ends in North
			// pit 5, empty, facing South pit 4.
			name: "K6 capture by North", variant: "bao-kenya",
			from:  &board{toMove: North, south: []int{1, 0, 0, 3, 0, 0, 0, 0}, north: []int{0, 0, 2, 0, 0, 0, 0, 1}, stores: [2]int{20, 21}},
			moves: "3",
			want:  board{toMove: South, south: []int{1, 0, 0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 1, 1, 0, 0, 1}, stores: [2]int{20, 24}},
		},
		{
			// K7: a store reaching 25 of 48 wins at once; North's seeds stay
			// where they are, although South, to move again, has none.
			name: "K7 majority", variant: "bao-kenya",
			from:   &board{toMove: South, south: []int{0, 0, 0, 0, 0, 0, 0, 1}, north: []int{3, 3, 3, 3, 3, 3, 3, 2}, stores: [2]int{24, 0}},
			moves:  "8",
			want:   board{toMove: South, south: []int{0, 0, 0, 0, 0, 0, 0, 0}, north: []int{3, 3, 3, 3, 3, 3, 3, 2}, stores: [2]int{25, 0}},
			status: SouthWon,
			events: []string{"sow 8", "end south_won (majority)"},
		},
		{
			// K8: South's last seed goes into his store; South is to move
			// again with an empty row: North takes his own three seeds and
			// wins 15 to 11.
			name: "K8 empty row after another turn", variant: "bao-kenya",
			from:   &board{toMove: South, south: []int{0, 0, 0, 0, 0, 0, 0, 1}, north: []int{1, 0, 0, 0, 0, 0, 0, 2}, stores: [2]int{10, 12}},
			moves:  "8",
			want:   board{toMove: South, stores: [2]int{11, 15}, south: make([]int, 8), north: make([]int, 8)},
			status: NorthWon,
			events: []string{"sweep 1 from 9 to north", "sweep 2 from 16 to north", "end north_won (no_moves)"},
		},
		{
			// K8: 24-24 is a draw.
			name: "K8 draw", variant: "bao-kenya",
			from:   &board{toMove: South, south: []int{0, 0, 0, 0, 0, 0, 0, 1}, north: []int{1, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{23, 23}},
			moves:  "8",
			want:   board{toMove: South, stores: [2]int{24, 24}, south: make([]int, 8), north: make([]int, 8)},
			status: Draw,
		},
		{
			// K7 with seeds=1: 16 seeds, 9 win.
			name: "K7 threshold follows seeds", variant: "bao-kenya", opts: Options{"seeds": "1"},
			from:   &board{toMove: North, south: []int{1, 1, 0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0, 0, 1}, stores: [2]int{5, 8}},
			moves:  "8",
			want:   board{toMove: North, south: []int{1, 1, 0, 0, 0, 0, 0, 0}, north: make([]int, 8), stores: [2]int{5, 9}},
			status: NorthWon,
		},
	})
}

func TestBaoKenyaMoves(t *testing.T) {
	r := MustNew("bao-kenya", nil)
	p := r.Start()
	wantMoves(t, p, "1", "2", "3", "4", "5", "6", "7", "8") // K3: all eight pits
	wantIllegal(t, p, "9", NoSuchPit)
	wantIllegal(t, p, "3L", NeedsNoDirection) // N1
	wantIllegal(t, p, "swap", SwapUnavailable)
	q := board{toMove: South, south: []int{0, 2, 0, 0, 0, 0, 0, 1}, north: []int{1, 0, 0, 0, 6, 0, 0, 0}}.setup(t, r)
	wantMoves(t, q, "2", "8")
	wantIllegal(t, q, "1", EmptyPit)
}

func TestBaoLapsRules(t *testing.T) {
	runRulesCases(t, []rulesCase{
		{
			// L5, L6 from the start: South 1 lifts 2, ends in South 3
			// (occupied): relays of 3 from South 3, South 6, North 1, North
			// 4, North 7; the last of them ends in South 2, now 4 seeds:
			// they go to South 3, 4, 5, 6, and South 6 was emptied by its
			// relay: the move ends there and takes North 3's 3 seeds.
			name: "L5 laps from the start, L6 capture", variant: "bao-laps",
			moves: "1",
			want:  board{toMove: North, south: []int{1, 0, 1, 4, 4, 1, 3, 3}, north: []int{0, 3, 0, 0, 3, 3, 0, 3}, stores: [2]int{3, 0}},
			events: []string{"pickup 2 from 0", "relay 3 from 2", "relay 3 from 5", "relay 3 from 9", "relay 3 from 12",
				"relay 3 from 15", "relay 4 from 1", "sow 5", "capture 3 from 11 to south"},
		},
		{
			// L6: South 7's two seeds: South 8, then North 1, which held one:
			// relay of 2 to North 2 and North 3, empty: the move ends on
			// North's side and nothing is taken.
			name: "L6 ending on the opponent's side", variant: "bao-laps",
			from:   &board{toMove: South, south: []int{0, 0, 0, 0, 0, 0, 2, 0}, north: []int{1, 0, 0, 0, 0, 0, 0, 3}},
			moves:  "7",
			want:   board{toMove: North, south: []int{0, 0, 0, 0, 0, 0, 0, 1}, north: []int{0, 1, 1, 0, 0, 0, 0, 3}},
			events: []string{"pickup 2 from 6", "sow 7", "sow 9", "relay 2 from 9", "sow 10", "sow 11"},
		},
		{
			// L6: South 1's two seeds end in South 3, empty; North 6 (9-3)
			// holds 4: captured, the sower stays.
			name: "L6 capture", variant: "bao-laps",
			from:   &board{toMove: South, south: []int{2, 0, 0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 4, 0, 1}},
			moves:  "1",
			want:   board{toMove: North, south: []int{0, 1, 1, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0, 0, 1}, stores: [2]int{4, 0}},
			events: []string{"capture 4 from 14 to south"},
		},
		{
			name: "L6 capture_sower", variant: "bao-laps", opts: Options{"capture_sower": "true"},
			from:  &board{toMove: South, south: []int{2, 0, 0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 4, 0, 1}},
			moves: "1",
			want:  board{toMove: North, south: []int{0, 1, 0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0, 0, 1}, stores: [2]int{5, 0}},
		},
		{
			// L8: the capture leaves North without seeds, North to move:
			// South takes his own two and wins 6 to 0.
			name: "L8 empty row", variant: "bao-laps",
			from:   &board{toMove: South, south: []int{2, 0, 0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 4, 0, 0}},
			moves:  "1",
			want:   board{toMove: North, south: make([]int, 8), north: make([]int, 8), stores: [2]int{6, 0}},
			status: SouthWon,
			events: []string{"capture 4 from 14 to south", "sweep 1 from 1 to south", "sweep 1 from 2 to south", "end south_won (no_moves)"},
		},
		{
			// L5: 16 seeds from South 1 go once round the board, the 16th
			// back into South 1, which was emptied: the move ends there and
			// takes North 8's new seed.
			name: "L5 origin sown", variant: "bao-laps",
			from:  &board{toMove: South, south: []int{16, 0, 0, 0, 0, 0, 0, 0}, north: make([]int, 8)},
			moves: "1",
			want:  board{toMove: North, south: []int{1, 1, 1, 1, 1, 1, 1, 1}, north: []int{1, 1, 1, 1, 1, 1, 1, 0}, stores: [2]int{1, 0}},
		},
		{
			// skip_origin: the 16th seed passes South 1 and lands in South
			// 2 (2 seeds): relays of 2 from South 2, 4, 6, 8, North 2, 4,
			// 6, 8; the last passes South 1 again, to South 2 (1) and South 3
			// (3); relay of 3 to South 4 (1), 5 (3), 6 (1): an own empty
			// pit, facing North 3 (2 seeds): captured.
			name: "L5 skip_origin", variant: "bao-laps", opts: Options{"skip_origin": "true"},
			from:   &board{toMove: South, south: []int{16, 0, 0, 0, 0, 0, 0, 0}, north: make([]int, 8)},
			moves:  "1",
			want:   board{toMove: North, south: []int{0, 1, 0, 1, 3, 1, 2, 0}, north: []int{2, 0, 0, 0, 2, 0, 2, 0}, stores: [2]int{2, 0}},
			events: []string{"pickup 16 from 0", "relay 2 from 1", "relay 2 from 16", "sow 1", "sow 2", "relay 3 from 2", "sow 5", "capture 2 from 11 to south"},
		},
		{
			// L9, R1: this position comes back every six plies (worked by
			// hand: 5 relays to North 1; 4 relays twice to South 2; 3 ends
			// in South 5 facing an empty North 4; 7 relays once to South 3;
			// 2 relays four times to North 4; 1 relays twice to North 7,
			// facing an empty South 2). Its third occurrence is a draw, the
			// seeds staying where they are.
			name: "L9 third repetition", variant: "bao-laps",
			from:   &board{toMove: South, south: []int{0, 0, 2, 0, 2, 0, 1, 0}, north: []int{0, 1, 0, 2, 0, 1, 1, 1}},
			moves:  "5 4 3 7 2 1 5 4 3 7 2 1",
			want:   board{toMove: South, south: []int{0, 0, 2, 0, 2, 0, 1, 0}, north: []int{0, 1, 0, 2, 0, 1, 1, 1}},
			status: Draw,
			events: []string{"end draw (repetition)"},
		},
		{
			name: "L9 second occurrence goes on", variant: "bao-laps",
			from:  &board{toMove: South, south: []int{0, 0, 2, 0, 2, 0, 1, 0}, north: []int{0, 1, 0, 2, 0, 1, 1, 1}},
			moves: "5 4 3 7 2 1 5",
			want:  board{toMove: North, south: []int{0, 0, 2, 0, 0, 1, 0, 1}, north: []int{1, 1, 0, 2, 0, 1, 1, 1}},
		},
	})
}

func TestBaoLapsSingletons(t *testing.T) {
	r := MustNew("bao-laps", nil)
	// L4: pits 1 and 4 hold one seed, pit 3 two: only 3 may be played.
	p := board{toMove: South, south: []int{1, 0, 2, 1, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 1, 0, 0, 0}}.setup(t, r)
	wantMoves(t, p, "3")
	wantIllegal(t, p, "1", SingletonPit)
	wantIllegal(t, p, "4", SingletonPit)
	wantIllegal(t, p, "2", EmptyPit)
	wantIllegal(t, p, "1R", NeedsNoDirection)
	// L4: no pit holds two or more (empty pits do not count): every
	// singleton may be played.
	p = board{toMove: North, south: []int{2, 0, 0, 0, 0, 0, 0, 0}, north: []int{1, 0, 0, 1, 0, 0, 0, 1}}.setup(t, r)
	wantMoves(t, p, "1", "4", "8")
	// North 8's seed goes to South 1 (3 seeds: relay to South 2, 3, 4,
	// ending on South's side: nothing happens).
	q := mustPlay(t, p, "8")
	if got, want := describe(&q), "to move south, status ongoing; south [0 1 1 1 0 0 0 0] store 0; north [1 0 0 1 0 0 0 0] store 0; "; got != want {
		t.Errorf("after 8:\n got %s\nwant %s", got, want)
	}
}

// Example G (R2): never-ending moves of bao-laps from the start.
func TestBaoLapsNeverEnding(t *testing.T) {
	cases := []struct {
		moves string // before the never-ending move
		pit   string
		laps  int // the cycle's length in laps, by plainLapsCycle
	}{
		{"1 8 8 2 1", "8", 7992},
		{"2 1 6 6 7", "4", 1520},
	}
	for _, c := range cases {
		t.Run(c.moves+" "+c.pit, func(t *testing.T) {
			before := mustPlay(t, MustNew("bao-laps", nil).Start(), strings.Fields(c.moves)...)
			if before.ToMove() != North || before.Status() != Ongoing {
				t.Fatalf("before: %s", describe(&before))
			}
			pit := int(c.pit[0] - '0')
			if got := plainLapsCycle(before, pit); got != c.laps {
				t.Errorf("cycle of %d laps, want %d", got, c.laps)
			}
			for _, tc := range []struct {
				infinite string
				status   Status
			}{{"draw", Draw}, {"loss", SouthWon}} {
				p := withOptions(t, before, Options{"infinite": tc.infinite})
				q, ev, err := p.PlayEvents(Move{Pit: uint8(pit)})
				if err != nil {
					t.Fatal(err)
				}
				// Not carried out: the board as before, the ply counted, the
				// turn passed, the game over.
				if q.cells != p.cells || q.Ply() != p.Ply()+1 || q.ToMove() != South || q.Status() != tc.status || q.EndReason() != EndNeverEnding {
					t.Errorf("infinite=%s: %s, ply %d, reason %s", tc.infinite, describe(&q), q.Ply(), q.EndReason())
				}
				checkEvents(t, ev, []string{"end " + tc.status.String() + " (never_ending)"})
				if len(ev) != 1 {
					t.Errorf("events %v, want only the end", ev)
				}
				if fast, _ := p.Play(Move{Pit: uint8(pit)}); fast != q {
					t.Errorf("Play and PlayEvents differ")
				}
			}
			// infinite=illegal: the move is not legal, the others are.
			p := withOptions(t, before, Options{"infinite": "illegal"})
			var want []string
			for _, m := range before.Moves() {
				if m.String() != c.pit {
					want = append(want, m.String())
				}
			}
			wantMoves(t, p, want...)
			wantIllegal(t, p, c.pit, NeverEnding)
		})
	}
}

// R2 with infinite=illegal: a player whose only move never ends loses (a
// position met in a random game). South 6's two seeds relay from South 8,
// North 2, North 4 and North 6 (4 seeds), then South 2 (3 seeds), and end in
// South 5, empty, facing North 4, which the relay emptied: no capture.
// North's only pit with two or more seeds is then North 8 (L4), and its move
// never ends: North has no finite move and loses; the seeds stay.
func TestBaoLapsNoFiniteMove(t *testing.T) {
	from := &board{toMove: South, south: []int{0, 2, 4, 1, 0, 2, 0, 1}, north: []int{0, 1, 0, 1, 0, 3, 0, 2}, stores: [2]int{9, 6}}
	after := board{toMove: North, south: []int{1, 0, 5, 2, 1, 0, 1, 0}, north: []int{1, 0, 1, 0, 1, 0, 1, 3}, stores: [2]int{9, 6}}
	runRulesCases(t, []rulesCase{
		{name: "R2 illegal: no finite move", variant: "bao-laps", opts: Options{"infinite": "illegal"},
			from: from, moves: "6", want: after, status: SouthWon, events: []string{"end south_won (no_moves)"}},
		{name: "R2 draw: the move is legal", variant: "bao-laps",
			from: from, moves: "6", want: after},
		{name: "R2 draw: and it draws", variant: "bao-laps",
			from: from, moves: "6 8", want: board{toMove: South, south: after.south, north: after.north, stores: after.stores}, status: Draw},
		{name: "R2 loss: and the mover loses", variant: "bao-laps", opts: Options{"infinite": "loss"},
			from: from, moves: "6 8", want: board{toMove: South, south: after.south, north: after.north, stores: after.stores}, status: SouthWon},
	})
	p := after.setup(t, MustNew("bao-laps", nil))
	wantMoves(t, p, "8")
	if n := plainLapsCycle(p, 8); n == 0 {
		t.Errorf("North 8 ends, by the plain simulation")
	}
	if _, err := NewPosition(MustNew("bao-laps", Options{"infinite": "illegal"}), p.Setup()); err == nil || !strings.Contains(err.Error(), "over") {
		t.Errorf("NewPosition: %v, want the game over", err)
	}
}

// withOptions returns p under other options of the same variant.
func withOptions(t *testing.T, p Position, o Options) Position {
	t.Helper()
	r := MustNew(p.Rules().Variant().ID, o)
	q, err := NewPosition(r, p.Setup())
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// plainLapsCycle sows the mover's pit seed by seed on a copy of p and
// returns the length, in laps, of the cycle the move falls into (0 if it
// ends), recording every state before a relay pick-up in a map.
func plainLapsCycle(p Position, pit int) int {
	var ring [16]int
	for i := range 16 {
		ring[i] = int(p.cells[ringCell(i)])
	}
	type state struct {
		ring [16]int
		at   int
	}
	seen := map[state]int{}
	i := 8*int(p.ToMove()) + pit - 1
	for lap := 0; ; lap++ {
		s := ring[i]
		ring[i] = 0
		for ; s > 0; s-- {
			i = (i + 1) % 16
			ring[i]++
		}
		if ring[i] == 1 {
			return 0
		}
		st := state{ring, i}
		if first, ok := seen[st]; ok {
			return lap - first
		}
		seen[st] = lap
	}
}

// Apply without events allocates nothing, never-ending moves included.
func TestBaoApplyAllocs(t *testing.T) {
	for _, id := range []string{"bao-kenya", "bao-laps"} {
		r := MustNew(id, nil)
		p := r.Start()
		if id == "bao-laps" {
			p = mustPlay(t, p, "1", "8", "8", "2", "1")
		}
		q := new(Position)
		m := Move{Pit: 8}
		if n := testing.AllocsPerRun(20, func() { *q = p; r.Apply(q, m, nil) }); n != 0 {
			t.Errorf("%s: %v allocations per Apply", id, n)
		}
		var buf [MaxMoves]Move
		if n := testing.AllocsPerRun(20, func() { _ = r.AppendMoves(q, buf[:0]) }); n != 0 {
			t.Errorf("%s: %v allocations per AppendMoves", id, n)
		}
	}
	r := MustNew("bao-laps", Options{"infinite": "illegal"})
	p := mustPlay(t, r.Start(), "1", "8", "8", "2", "1")
	q := new(Position)
	*q = p
	var buf [MaxMoves]Move
	if n := testing.AllocsPerRun(20, func() { _ = r.AppendMoves(q, buf[:0]) }); n != 0 {
		t.Errorf("bao-laps illegal: %v allocations per AppendMoves", n)
	}
}

// R2: "cycles of 70 to 283,488 laps occur within the first 8 plies of
// bao-laps". Every move of every line of up to 8 plies from the start is
// checked: Brent's detector (endless) and the plain map of states agree on
// which moves never end, and the cycles found span exactly that range.
func TestBaoLapsCyclesFirstPlies(t *testing.T) {
	r := MustNew("bao-laps", nil).(*lapsRules)
	lo, hi, n := 1<<30, 0, 0
	var walk func(p Position, d int)
	walk = func(p Position, d int) {
		if d == 0 || p.Status() != Ongoing {
			return
		}
		for _, m := range p.Moves() {
			laps := plainLapsCycle(p, int(m.Pit))
			if never := r.endless(&p, p.ToMove(), int(m.Pit)); never != (laps > 0) {
				t.Fatalf("%s, pit %d: Brent says never-ending %v, the plain simulation a cycle of %d laps", describe(&p), m.Pit, never, laps)
			}
			if laps > 0 {
				n++
				lo, hi = min(lo, laps), max(hi, laps)
				continue
			}
			walk(mustPlay(t, p, m.String()), d-1)
		}
	}
	walk(r.Start(), 8)
	if lo != 70 || hi != 283488 {
		t.Errorf("%d never-ending moves, cycles of %d to %d laps; want 70 to 283,488", n, lo, hi)
	}
	t.Logf("%d never-ending moves within 8 plies, cycles of %d to %d laps", n, lo, hi)
}

func FuzzBaoKenya(f *testing.F) {
	// options byte: seeds-1 (low 3 bits), capture_sower (bit 3); layout flag
	fzCorpus(f,
		[]byte{2, 0},
		[]byte{2 | 8, 0},
		[]byte{0, 0},
		[]byte{7 | 8, 0},
		// South pit 8 with 20 seeds (K4), stores near the majority.
		[]byte{2, 1, 1, 1, 1, 1, 1, 1, 1, 20, 20, 1, 1, 1, 1, 1, 1, 1, 1, 20, 0, 0},
		[]byte{10, 1, 0, 2, 0, 0, 0, 0, 0, 1, 5, 1, 0, 0, 0, 6, 0, 0, 0, 7, 1, 3},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := Options{"seeds": strconv.Itoa(1 + int(o&7)), "capture_sower": fzBool(o >> 3)}
		fzRun(t, "bao-kenya", opts, r)
	})
}

func FuzzBaoLaps(f *testing.F) {
	// Every input cheap: a long relay counts as never-ending early.
	f.Cleanup(LowerRelayLapBound(1 << 8))
	// options byte: seeds-1 (low 2 bits), capture_sower (bit 2),
	// skip_origin (bit 3), infinite (bits 4-5); layout flag
	fzCorpus(f,
		[]byte{1, 0},
		[]byte{1 | 16, 0},
		[]byte{1 | 32, 0},
		[]byte{1 | 4 | 8, 0},
		[]byte{3 | 8 | 32, 0},
		[]byte{0, 0},
		[]byte{1 | 32, 1, 0, 2, 4, 1, 0, 2, 0, 1, 9, 0, 1, 0, 1, 0, 3, 0, 2, 6, 0, 18},
	)
	// The never-ending move of example G: 1 8 8 2 1, then North's 8 (as
	// legal-move indexes, pits in ascending order).
	f.Add([]byte{1, 0, 0, 7, 7, 1, 0, 6})
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := Options{
			"seeds":         strconv.Itoa(1 + int(o&3)),
			"capture_sower": fzBool(o >> 2),
			"skip_origin":   fzBool(o >> 3),
			"infinite":      []string{"draw", "loss", "illegal"}[int(o>>4&3)%3],
		}
		fzRun(t, "bao-laps", opts, r)
	})
}
