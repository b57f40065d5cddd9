package engine

import (
	"slices"
	"testing"
)

// The variant's rows of TestPerftTable and BenchmarkPerft, and its fuzz
// target (pieces_test.go).
func init() {
	// Bao la Kujifunza: depth 1 is the 16 opening captures
	// (docs/sources/bao-rules.md example J); depths up to 6 are confirmed
	// by reference_kujifunza_test.go.
	addPerft("bao-kujifunza", perftRow{nil, []uint64{16, 108, 500, 1902, 6550, 23442}})
	addBench("bao-kujifunza", benchRow{"bao-kujifunza", nil, 7})
	addFuzz("bao-kujifunza", FuzzKujifunza)
}

// Hand-worked Bao la Kujifunza positions (docs/sources/bao-rules.md;
// rule ids in the names). A side's 16 pits are written front row (1..8)
// then back row (9..16), each from the owner's left. Ring (C4): clockwise
// is 1..8, 16..9; N2: front-row R and back-row L are clockwise. Cells:
// South pit n is cell n-1, North pit n cell 15+n.

// k16 joins a front row and a back row.
func k16(front, back []int) []int {
	out := make([]int, 16)
	copy(out, front)
	copy(out[8:], back)
	return out
}

var (
	kNone   = []int{0, 0, 0, 0, 0, 0, 0, 0}
	kPit9   = []int{2, 0, 0, 0, 0, 0, 0, 0} // back row: 2 seeds in pit 9, so the side can still move
	kUnit1  = []int{1, 0, 0, 0, 0, 0, 0, 0} // front row: a single seed in pit 1
	kFlat2  = []int{2, 2, 2, 2, 2, 2, 2, 2}
	kSeeds  = 64
	kStart  = k16(kFlat2, kFlat2)
	kNorth1 = k16(kUnit1, kPit9)
)

func TestKujifunzaOpening(t *testing.T) {
	// J2, section 10 example J: 2 seeds everywhere; every 2-seed lap that
	// ends in a front pit ends in an occupied pit facing an occupied one, so
	// the 16 such moves are captures (J3), and compulsory (J4): front pits
	// 1..6 going right, 3..8 going left, back pits 9 and 10 going left (9L
	// reaches pit 2, 10L pit 1) and 15, 16 going right (15R reaches 8, 16R 7).
	p := MustNew("bao-kujifunza", nil).Start()
	if p.Seeds() != kSeeds || p.Pit(North, 16) != 2 || p.Store(South) != 0 {
		t.Fatalf("start: %s", p.String())
	}
	wantMoves(t, p, "1R", "2R", "3L", "3R", "4L", "4R", "5L", "5R", "6L", "6R", "7L", "8L", "9L", "10L", "15R", "16R")
	wantIllegal(t, p, "7R", MustCapture) // J4: ends in back pit 16
	wantIllegal(t, p, "1L", MustCapture) // ends in back pit 10
	wantIllegal(t, p, "12L", MustCapture)
	wantIllegal(t, p, "3", DirectionNeeded) // N2
	wantIllegal(t, p, "17L", NoSuchPit)
	if _, err := p.Play(Move{Pit: 0, Dir: DirRight}); ReasonOf(err) != NoSuchPit {
		t.Errorf("pit 0: %v", err)
	}
	wantIllegal(t, p, "swap", SwapUnavailable)
	if Perft(p, 1) != 16 {
		t.Errorf("perft 1 = %d, want 16", Perft(p, 1))
	}
}

func TestKujifunzaRules(t *testing.T) {
	const v = "bao-kujifunza"
	runRulesCases(t, []rulesCase{{
		// 1R: pit 1's 2 seeds go to 2 and 3; pit 3 faces North 6 (2): capture
		// at 3..6 going clockwise, so from the left kichwa (J5): 1, 2. Pit 2
		// faces North 7 (2): capture at a kimbi pit, left kichwa again: 1, 2.
		// Pit 2 (5) now faces the emptied North 7: relay (J6.3) 3..7. Pit 7
		// faces North 2: capture at 7, right kichwa counter-clockwise (J5):
		// 8, 7. Pit 7 (4) faces the emptied North 2: relay 6, 5, 4, 3; pit 3
		// (5) faces the emptied North 6: relay 2, 1, 9, 10, 11; back pit 11
		// relays (J6.3) 12, 13, 14; pit 14 relays 15, 16, 8; pit 8 faces
		// North 1: capture, right kichwa: 8, 7; pit 7 was emptied: the move
		// ends (J6.1). 8 seeds captured.
		name: "J3 J5 J6 the opening 1R: four captures, relays through the back row", variant: v,
		moves: "1R",
		want: board{toMove: North,
			south: []int{3, 1, 0, 4, 4, 4, 1, 5, 3, 3, 0, 3, 3, 0, 3, 3},
			north: k16([]int{0, 0, 2, 2, 2, 0, 0, 2}, kFlat2)},
		events: []string{"pickup 2 from 0", "sow 1", "sow 2", "capture 2 from 21 to south", "sow 0", "sow 1",
			"capture 2 from 22 to south", "sow 0", "sow 1", "relay 5 from 1", "capture 2 from 17 to south",
			"sow 7", "sow 6", "relay 4 from 6", "relay 5 from 2", "relay 3 from 10", "relay 3 from 13",
			"capture 2 from 16 to south", "sow 7", "sow 6"},
	}, {
		// 6L: 5, 4; pit 4 (was 1) faces North 5 (3): capture at 3..6 going
		// counter-clockwise, so from the right kichwa: 8, 7, 6; pit 6 was
		// emptied by the move: the lap ends in an empty pit.
		name: "J5 capture at 3..6 keeps the direction: counter-clockwise from the right kichwa", variant: v,
		from:  &board{toMove: South, south: k16([]int{0, 0, 0, 1, 0, 2, 0, 0}, kNone), north: k16([]int{1, 0, 0, 0, 3, 0, 0, 0}, kPit9)},
		moves: "6L",
		want:  board{toMove: North, south: k16([]int{0, 0, 0, 2, 1, 1, 1, 1}, kNone), north: kNorth1},
	}, {
		name: "J5 the same for North (mirror)", variant: v,
		from:  &board{toMove: North, north: k16([]int{0, 0, 0, 1, 0, 2, 0, 0}, kNone), south: k16([]int{1, 0, 0, 0, 3, 0, 0, 0}, kPit9)},
		moves: "6L",
		want:  board{toMove: South, north: k16([]int{0, 0, 0, 2, 1, 1, 1, 1}, kNone), south: kNorth1},
	}, {
		// 4L: 3, 2; pit 2 (was 1) faces North 7 (3): a kimbi capture goes
		// from the nearest kichwa, the left one, clockwise: the direction
		// reverses. 1, 2, 3; pit 3 (2) faces the empty North 6: relay
		// clockwise 4, 5; pit 5 was empty: the end.
		name: "J5 J6 capture in a kimbi reverses the direction, then relay facing an empty pit", variant: v,
		from:  &board{toMove: South, south: k16([]int{0, 1, 0, 2, 0, 0, 0, 0}, kNone), north: k16([]int{1, 0, 0, 0, 0, 0, 3, 0}, kPit9)},
		moves: "4L",
		want:  board{toMove: North, south: k16([]int{1, 3, 0, 1, 1, 0, 0, 0}, kNone), north: kNorth1},
	}, {
		// 1R: 2, 3; pit 3 faces North 6 (10): 10 seeds from the left kichwa
		// clockwise: 1..8, then round the corner into the back row, 16, 15.
		name: "J5 many captured seeds run on into the back row", variant: v,
		from:  &board{toMove: South, south: k16([]int{2, 0, 1, 0, 0, 0, 0, 0}, kNone), north: k16([]int{1, 0, 0, 0, 0, 10, 0, 0}, kPit9)},
		moves: "1R",
		want:  board{toMove: North, south: k16([]int{1, 2, 3, 1, 1, 1, 1, 1}, []int{0, 0, 0, 0, 0, 0, 1, 1}), north: kNorth1},
	}, {
		// 6L: 5, 4; pit 4 faces North 5 (2), North's only front seeds: 8, 7
		// from the right kichwa; at the end of that lap North's front row is
		// empty (E1): the move stops there, though pit 7 (2) would relay.
		name: "E1 J9 wipe=stop: the move stops when the opponent's front row is empty", variant: v,
		from:   &board{toMove: South, south: k16([]int{0, 0, 0, 1, 0, 2, 1, 0}, kNone), north: k16([]int{0, 0, 0, 0, 2, 0, 0, 0}, kPit9)},
		moves:  "6L",
		want:   board{toMove: North, south: k16([]int{0, 0, 0, 2, 1, 0, 2, 1}, kNone), north: k16(kNone, kPit9)},
		status: SouthWon,
		events: []string{"capture 2 from 20 to south", "sow 7", "sow 6", "end south_won (front_row_empty)"},
	}, {
		// The same with wipe=continue: pit 7 (2) faces the empty North 2:
		// relay 6, 5; pit 5 (2) relays 4, 3; pit 3 was empty.
		name: "E1 J9 wipe=continue: the move is played out, then decided", variant: v, opts: Options{"wipe": "continue"},
		from:   &board{toMove: South, south: k16([]int{0, 0, 0, 1, 0, 2, 1, 0}, kNone), north: k16([]int{0, 0, 0, 0, 2, 0, 0, 0}, kPit9)},
		moves:  "6L",
		want:   board{toMove: North, south: k16([]int{0, 0, 1, 3, 0, 1, 0, 1}, kNone), north: k16(kNone, kPit9)},
		status: SouthWon,
	}, {
		// Only pit 1 (17) can move: no capture (a pit of 16 or more never
		// starts one, J3), and 1L is J8's. 1R: one seed in every pit, pit 1
		// included (no pit is skipped), and the 17th in pit 2 (2): relay,
		// though pit 2 faces seeds (a takasa never captures, J7): 3, 4; 4
		// relays 5, 6; 6 relays 7, 8; 8 relays 16, 15; 15 relays 14, 13; 13
		// relays 12, 11; 11 relays 10, 9; 9 relays 1, 2; pit 2 was emptied.
		name: "J3 rule of 16, J7 takasa relays facing seeds without capturing", variant: v,
		from:  &board{toMove: South, south: k16([]int{17, 0, 0, 0, 0, 0, 0, 0}, kNone), north: k16([]int{1, 1, 1, 1, 1, 1, 1, 1}, kPit9)},
		moves: "1R",
		want: board{toMove: North, south: k16([]int{2, 1, 2, 0, 2, 0, 2, 0}, []int{0, 2, 0, 2, 0, 2, 0, 2}),
			north: k16([]int{1, 1, 1, 1, 1, 1, 1, 1}, kPit9)},
	}, {
		name: "N2 8R turns the corner into pit 16", variant: v,
		from:  &board{toMove: South, south: k16([]int{0, 0, 0, 1, 0, 0, 0, 2}, kNone), north: kNorth1},
		moves: "8R",
		want:  board{toMove: North, south: k16([]int{0, 0, 0, 1, 0, 0, 0, 0}, []int{0, 0, 0, 0, 0, 0, 1, 1}), north: kNorth1},
	}, {
		name: "N2 16R turns the corner into pit 8", variant: v,
		from:  &board{toMove: South, south: k16([]int{0, 0, 0, 1, 0, 0, 0, 0}, []int{0, 0, 0, 0, 0, 0, 0, 2}), north: kNorth1},
		moves: "16R",
		want:  board{toMove: North, south: k16([]int{0, 0, 0, 1, 0, 0, 1, 1}, kNone), north: kNorth1},
	}, {
		name: "N2 1L turns the corner into pit 9", variant: v,
		from:  &board{toMove: South, south: k16([]int{2, 0, 0, 1, 0, 0, 0, 0}, kNone), north: kNorth1},
		moves: "1L",
		want:  board{toMove: North, south: k16([]int{0, 0, 0, 1, 0, 0, 0, 0}, []int{1, 1, 0, 0, 0, 0, 0, 0}), north: kNorth1},
	}, {
		name: "N2 9L turns the corner into pit 1", variant: v,
		from:  &board{toMove: South, south: k16([]int{0, 0, 0, 1, 0, 0, 0, 0}, []int{2, 0, 0, 2, 0, 0, 0, 0}), north: kNorth1},
		moves: "9L",
		want:  board{toMove: North, south: k16([]int{1, 1, 0, 1, 0, 0, 0, 0}, []int{0, 0, 0, 2, 0, 0, 0, 0}), north: kNorth1},
	}, {
		name: "N2 back row: R is counter-clockwise, towards the owner's right", variant: v,
		from:  &board{toMove: South, south: k16([]int{0, 0, 0, 1, 0, 0, 0, 0}, []int{0, 0, 0, 2, 0, 0, 0, 0}), north: kNorth1},
		moves: "12R",
		want:  board{toMove: North, south: k16([]int{0, 0, 0, 1, 0, 0, 0, 0}, []int{0, 0, 0, 0, 1, 1, 0, 0}), north: kNorth1},
	}, {
		// J8 with suicide=allowed: 1L from the only occupied front pit goes
		// into the back row (9, 10) and its mover loses.
		name: "J8 suicide=allowed: legal, and the mover loses", variant: v, opts: Options{"suicide": "allowed"},
		from:   &board{toMove: South, south: k16([]int{2, 0, 0, 0, 0, 0, 0, 0}, kNone), north: kNorth1},
		moves:  "1L",
		want:   board{toMove: North, south: k16(kNone, []int{1, 1, 0, 0, 0, 0, 0, 0}), north: kNorth1},
		status: NorthWon,
		events: []string{"end north_won (front_row_empty)"},
	}, {
		// J8 suicide=allowed: the loss stands though the sowing (10 seeds
		// from pit 1 to the left: 9..16, then 8, 7) comes back to the front.
		name: "J8 suicide=allowed: the loss stands when the sowing returns to the front row", variant: v, opts: Options{"suicide": "allowed"},
		from:   &board{toMove: South, south: k16([]int{10, 0, 0, 0, 0, 0, 0, 0}, kNone), north: kNorth1},
		moves:  "1L",
		want:   board{toMove: North, south: k16([]int{0, 0, 0, 0, 0, 0, 1, 1}, []int{1, 1, 1, 1, 1, 1, 1, 1}), north: kNorth1},
		status: NorthWon,
	}, {
		// North's 9L leaves North with single seeds only: after the move
		// South has a single seed in every pit and cannot move (E2).
		name: "E2 J9 a player without a pit of 2 or more loses", variant: v,
		from:   &board{toMove: North, south: k16([]int{1, 1, 1, 1, 1, 1, 1, 1}, []int{1, 1, 1, 1, 1, 1, 1, 1}), north: k16(kUnit1, kPit9)},
		moves:  "9L",
		want:   board{toMove: South, south: k16([]int{1, 1, 1, 1, 1, 1, 1, 1}, []int{1, 1, 1, 1, 1, 1, 1, 1}), north: k16([]int{2, 1, 0, 0, 0, 0, 0, 0}, kNone)},
		status: NorthWon,
		events: []string{"end north_won (no_moves)"},
	}})
}

func TestKujifunzaLegality(t *testing.T) {
	r := MustNew("bao-kujifunza", nil)
	set := func(south, north []int) Position {
		return board{toMove: South, south: south, north: north}.setup(t, r)
	}
	// J7: no capture; a front pit holds 2, so only front pits move.
	p := set(k16([]int{0, 0, 0, 2, 0, 0, 0, 0}, []int{0, 0, 0, 3, 0, 0, 0, 0}), kNorth1)
	wantMoves(t, p, "4L", "4R")
	wantIllegal(t, p, "12L", FrontRowFirst)
	wantIllegal(t, p, "1R", EmptyPit)
	// J7: front pits hold at most 1: the back row; a single seed never moves.
	p = set(k16([]int{1, 0, 0, 0, 0, 0, 0, 0}, []int{0, 0, 0, 3, 0, 0, 0, 0}), kNorth1)
	wantMoves(t, p, "12L", "12R")
	wantIllegal(t, p, "1R", SingletonPit)
	// J8: the only occupied front pit is a kichwa: not towards the back row.
	p = set(k16([]int{3, 0, 0, 0, 0, 0, 0, 0}, []int{2, 0, 0, 0, 0, 0, 0, 0}), kNorth1)
	wantMoves(t, p, "1R")
	wantIllegal(t, p, "1L", FrontRowEmptied)
	wantIllegal(t, p, "9L", FrontRowFirst)
	p = set(k16([]int{0, 0, 0, 0, 0, 0, 0, 2}, nil), kNorth1)
	wantMoves(t, p, "8L")
	wantIllegal(t, p, "8R", FrontRowEmptied)
	// J8 does not apply when another front pit is occupied.
	p = set(k16([]int{0, 0, 1, 0, 0, 0, 0, 2}, nil), kNorth1)
	wantMoves(t, p, "8L", "8R")
	// ... nor to the kichwa when it holds a single seed and the back row moves.
	p = set(k16([]int{1, 0, 0, 0, 0, 0, 0, 0}, []int{2, 0, 0, 0, 0, 0, 0, 0}), kNorth1)
	wantMoves(t, p, "9L", "9R")
	// J8 suicide=allowed lists the move.
	rs := MustNew("bao-kujifunza", Options{"suicide": "allowed"})
	p = board{toMove: South, south: k16([]int{3, 0, 0, 0, 0, 0, 0, 0}, nil), north: kNorth1}.setup(t, rs)
	wantMoves(t, p, "1L", "1R")
	// J3/J4: a capture from the back row compels; 16 seeds never capture.
	p = set(k16([]int{16, 0, 0, 0, 0, 0, 0, 1}, []int{0, 0, 0, 0, 0, 0, 2, 0}), kNorth1)
	wantMoves(t, p, "15R") // 15R: 16, then 8 (1 -> 2), which faces North 1 (1)
	wantIllegal(t, p, "1R", MustCapture)
	wantIllegal(t, p, "15L", MustCapture)
	wantIllegal(t, p, "8L", SingletonPit)
	// E1 at setup: a side to move without front seeds has lost, and the
	// other side too; both empty is a draw.
	for _, c := range []struct {
		toMove       Side
		south, north []int
	}{
		{South, k16(nil, kPit9), kNorth1},
		{North, k16(nil, kPit9), kNorth1},
		{South, k16(nil, kPit9), k16(nil, kPit9)},
	} {
		s := Setup{ToMove: c.toMove, Pits: [][]int{c.south, c.north}}
		if _, err := NewPosition(r, s); err == nil {
			t.Errorf("%v: an empty front row accepted as ongoing", c)
		}
		s.Status = NorthWon
		q, err := NewPosition(r, s)
		if err != nil || q.Status() != NorthWon {
			t.Errorf("%v as finished: %v", c, err)
		}
	}
	pp, _ := NewPosition(r, Setup{ToMove: South, Pits: [][]int{k16(nil, kPit9), k16(nil, kPit9)}, Status: Draw})
	if r.settle(&pp, nil); pp.Status() != Draw {
		t.Errorf("settle changed a finished game")
	}
	// Section 7: stores are always 0.
	if _, err := NewPosition(r, Setup{Pits: [][]int{kStart, kStart}, Stores: []int{1, 0}}); err == nil {
		t.Errorf("a seed in a store accepted")
	}
	if j, _ := r.Start().MarshalJSON(); !slices.Contains([]string{string(j)},
		`{"variant":"bao-kujifunza","options":{"infinite":"draw","suicide":"forbidden","wipe":"stop"},"to_move":"south","ply":0,`+
			`"pits":{"south":[2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2],"north":[2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2]},"stores":{"south":0,"north":0},"status":"ongoing","extra":{}}`) {
		t.Errorf("start JSON: %s", j)
	}
}

// TestKujifunzaLayout: C3 and the drawing order of fourRowLayout.
func TestKujifunzaLayout(t *testing.T) {
	l := MustNew("bao-kujifunza", nil).Layout()
	if l.Rows != 4 || l.Cols != 8 || l.Pits != 16 || l.Store(South) != NoCell || l.Store(North) != NoCell {
		t.Fatalf("layout %+v", l)
	}
	at := func(s Side, pit int) (int, int) { ci := l.Cells[l.Pit(s, pit)]; return ci.Row, ci.Col }
	for _, c := range []struct {
		s             Side
		pit, row, col int
	}{
		{South, 1, 2, 0}, {South, 8, 2, 7}, {South, 9, 3, 0}, {South, 16, 3, 7},
		{North, 1, 1, 7}, {North, 8, 1, 0}, {North, 9, 0, 7}, {North, 16, 0, 0},
	} {
		if r, col := at(c.s, c.pit); r != c.row || col != c.col {
			t.Errorf("%s pit %d at row %d col %d, want %d %d", c.s, c.pit, r, col, c.row, c.col)
		}
	}
	// Front pit i faces the opponent's front pit 9-i: the same column.
	for i := 1; i <= 8; i++ {
		if _, a := at(South, i); a != func() int { _, c := at(North, 9-i); return c }() {
			t.Errorf("South %d does not face North %d", i, 9-i)
		}
	}
}

// R2: South's 7R (no capture exists: North's only front seed faces the
// empty South 8, so it is a takasa) relays for ever: the state before its
// first relay pick-up (pit 16 about to be lifted, clockwise) comes back
// after 320 laps. The position was found by a search and the cycle counted
// by the reference implementation (reference_kujifunza_test.go), which
// detects cycles with a map of states instead of Brent's algorithm.
var kNeverEnding = board{toMove: South,
	south: []int{0, 2, 1, 0, 2, 1, 2, 0, 4, 2, 0, 1, 0, 1, 0, 1},
	north: kNorth1}

func TestKujifunzaNeverEnding(t *testing.T) {
	for _, c := range []struct {
		infinite string
		status   Status
	}{{"draw", Draw}, {"loss", NorthWon}} {
		r := MustNew("bao-kujifunza", Options{"infinite": c.infinite})
		p := kNeverEnding.setup(t, r)
		wantMoves(t, p, "2L", "2R", "5L", "5R", "7L", "7R")
		g := NewGame(p)
		ev, err := g.Play(Move{Pit: 7, Dir: DirRight})
		if err != nil {
			t.Fatal(err)
		}
		q := g.Position()
		// Not carried out: the same pits, the ply counted, the turn passed.
		want := board{toMove: North, south: kNeverEnding.south, north: kNeverEnding.north}.setupStatus(t, r, c.status)
		if describe(&q) != describe(&want) || q.Ply() != 1 || q.EndReason() != EndNeverEnding {
			t.Errorf("infinite=%s: %s (%s), ply %d", c.infinite, describe(&q), q.EndReason(), q.Ply())
		}
		if len(ev) != 1 || ev[0].Kind != EventEnd {
			t.Errorf("infinite=%s: events %v, want only the end", c.infinite, ev)
		}
		if fast, _ := p.Play(Move{Pit: 7, Dir: DirRight}); fast != q {
			t.Errorf("infinite=%s: Play without events differs", c.infinite)
		}
	}
	// infinite=illegal: the move is not legal; the others are.
	r := MustNew("bao-kujifunza", Options{"infinite": "illegal"})
	p := kNeverEnding.setup(t, r)
	wantMoves(t, p, "2L", "2R", "5L", "5R", "7L")
	wantIllegal(t, p, "7R", NeverEnding)
}

// R1: from this symmetric position, 8L 8L 7L 7L (each 7L captures one
// seed) reach a position that the 28 plies of kRepeatCycle bring back
// (found by a search; the seeds go round both rings and each side captures
// one seed back and forth). Played twice, the cycle makes it occur a
// third time: a draw, the board as it stands.
const kRepeatCycle = "5R 5R 6R 6R 7R 7R 15L 15L 14L 14L 13L 13L 12L 12L 11L 11L 10L 10L 9L 9L 1R 1R 2R 2R 3R 3R 4R 4R"

func TestKujifunzaRepetition(t *testing.T) {
	side := []int{0, 0, 0, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0}
	after4 := []int{0, 0, 0, 0, 2, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0}
	runRulesCases(t, []rulesCase{{
		name: "R1 the position after 4 plies", variant: "bao-kujifunza",
		from:  &board{toMove: South, south: side, north: side},
		moves: "8L 8L 7L 7L",
		want:  board{toMove: South, south: after4, north: after4},
	}, {
		name: "R1 the cycle brings it back: twice", variant: "bao-kujifunza",
		from:  &board{toMove: South, south: side, north: side},
		moves: "8L 8L 7L 7L " + kRepeatCycle,
		want:  board{toMove: South, south: after4, north: after4},
	}, {
		name: "R1 the third occurrence is a draw", variant: "bao-kujifunza",
		from:   &board{toMove: South, south: side, north: side},
		moves:  "8L 8L 7L 7L " + kRepeatCycle + " " + kRepeatCycle,
		want:   board{toMove: South, south: after4, north: after4},
		status: Draw,
		events: []string{"end draw (repetition)"},
	}})
}

// The hot path allocates nothing: move generation (also with
// infinite=illegal, which plays every move on a copy) and Apply without
// events, a never-ending move's cycle detection included.
func TestKujifunzaNoAllocs(t *testing.T) {
	for _, inf := range []string{"draw", "illegal"} {
		r := MustNew("bao-kujifunza", Options{"infinite": inf})
		for _, p := range []Position{r.Start(), kNeverEnding.setup(t, r)} {
			var buf [MaxMoves]Move
			q := new(Position)
			moves := r.AppendMoves(&p, buf[:0])
			m := Move{Pit: 7, Dir: DirRight}
			if n := testing.AllocsPerRun(20, func() {
				moves = r.AppendMoves(&p, buf[:0])
				*q = p
				r.Apply(q, m, nil)
			}); n != 0 {
				t.Errorf("infinite=%s: %v allocations per move", inf, n)
			}
			_ = moves
		}
	}
}

func FuzzKujifunza(f *testing.F) {
	// Every input cheap: a long relay counts as never-ending early.
	f.Cleanup(LowerRelayLapBound(1 << 8))
	// options byte: infinite (o%3), suicide (bit 2), wipe (bit 3); layout flag
	fzCorpus(f,
		[]byte{0, 0},
		[]byte{1 | 4, 0},
		[]byte{2 | 8, 0},
		[]byte{2 | 4 | 8, 0},
		// layout: South's 16 pits, a store byte, North's, a store byte,
		// side to move, ply; then move bytes. The never-ending 7R of
		// kujifunza_test.go (the sixth legal move).
		[]byte{0, 1, 0, 2, 1, 0, 2, 1, 2, 0, 4, 2, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5},
		[]byte{2, 1, 0, 2, 1, 0, 2, 1, 2, 0, 4, 2, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		// the only front seeds a kichwa: J8
		[]byte{4, 1, 3, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		[]byte{8, 1, 1, 2, 3, 1, 0, 2, 0, 1, 3, 0, 2, 1, 0, 0, 240, 1, 0, 2, 1, 3, 0, 1, 2, 0, 0, 1, 0, 2, 0, 3, 0, 1, 0, 0, 1, 9},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := Options{
			"infinite": []string{"draw", "loss", "illegal"}[int(o)%3],
			"suicide":  []string{"forbidden", "allowed"}[o>>2&1],
			"wipe":     []string{"stop", "continue"}[o>>3&1],
		}
		fzRun(t, "bao-kujifunza", opts, r)
	})
}
