package engine

import (
	"strconv"
	"strings"
	"testing"
)

// The variant's rows of TestPerftTable and BenchmarkPerft, and its fuzz
// target (pieces_test.go).
func init() {
	addPerft("oware", perftRow{nil, []uint64{6, 36, 190, 1014, 5219, 27332}})
	// Cross-sowing, as for Kalah; confirmed by reference_test.go.
	addPerft("oware", perftRow{Options{"cross": "true"}, []uint64{6, 36, 200, 1061, 5633, 29506}})
	addBench("oware", benchRow{"oware", nil, 9})
	addFuzz("oware", FuzzOware)
}

// Hand-worked Oware positions. Cells: South pits 0..5, South's store 6,
// North pits 7..12, North's store 13. Totals are kept at 48 so that the
// "more than half" rule works as in a real game. A seed line in a case's
// name, such as 002:18, is summarized under its heading in
// docs/sources/seed-002.md (there #line-18).
func TestOwareRules(t *testing.T) {
	runRulesCases(t, []rulesCase{{
		name: "a chain of 2s and 3s is captured backwards to the row's end", variant: "oware",
		from:  &board{toMove: South, south: []int{0, 0, 0, 0, 0, 3}, north: []int{1, 2, 1, 4, 0, 0}, stores: [2]int{17, 20}},
		moves: "6",
		// N1=2, N2=3, N3=2 (last): N3, N2, N1 are taken. North can still feed South.
		want:   board{toMove: North, south: []int{0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 4, 0, 0}, stores: [2]int{24, 20}},
		events: []string{"capture 2 from 9 to south", "capture 3 from 8 to south", "capture 2 from 7 to south"},
	}, {
		name: "the chain stops at a pit that is not 2 or 3", variant: "oware",
		from:  &board{toMove: South, south: []int{0, 0, 0, 0, 0, 3}, north: []int{1, 0, 1, 4, 0, 0}, stores: [2]int{19, 20}},
		moves: "6",
		want:  board{toMove: North, south: []int{0, 0, 0, 0, 0, 0}, north: []int{2, 1, 0, 4, 0, 0}, stores: [2]int{21, 20}},
	}, {
		name: "no capture on your own side", variant: "oware",
		from:  &board{toMove: South, south: []int{2, 1, 2, 0, 0, 0}, north: []int{4, 4, 4, 4, 4, 4}, stores: [2]int{8, 11}},
		moves: "1",
		want:  board{toMove: North, south: []int{0, 2, 3, 0, 0, 0}, north: []int{4, 4, 4, 4, 4, 4}, stores: [2]int{8, 11}},
	}, {
		name: "12 seeds skip the emptied pit (002:18)", variant: "oware",
		from:  &board{toMove: South, south: []int{12, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 1}, stores: [2]int{17, 18}},
		moves: "1",
		want:  board{toMove: North, south: []int{0, 2, 1, 1, 1, 1}, north: []int{1, 1, 1, 1, 1, 2}, stores: [2]int{17, 18}},
	}, {
		name: "15 seeds lap past the skipped pit, feed and capture four pits", variant: "oware",
		from:  &board{toMove: South, south: []int{0, 0, 0, 0, 0, 15}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{16, 17}},
		moves: "6",
		want:  board{toMove: North, south: []int{1, 1, 1, 1, 1, 0}, north: []int{0, 0, 0, 0, 1, 1}, stores: [2]int{24, 17}},
	}, {
		name: "North captures South's pits the same way", variant: "oware",
		from:  &board{toMove: North, south: []int{2, 1, 0, 0, 0, 4}, north: []int{3, 3, 3, 3, 3, 2}, stores: [2]int{12, 12}},
		moves: "6",
		// N6's two seeds: S1=3, S2=2 (last): both taken.
		want: board{toMove: South, south: []int{0, 0, 0, 0, 0, 4}, north: []int{3, 3, 3, 3, 3, 0}, stores: [2]int{12, 17}},
	}, {
		name: "when nobody can feed the starving player the game ends (002:23)", variant: "oware",
		from:   &board{toMove: North, south: []int{0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 1}, stores: [2]int{23, 24}},
		moves:  "6",
		want:   board{toMove: South, south: []int{0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{24, 24}},
		status: Draw,
		events: []string{"sweep 1 from 0 to south", "end draw (no_moves)"},
	}, {
		name: "grand slam, Masters rules: captured, and the capturer takes his own seeds (002:25)", variant: "oware",
		from:   &board{toMove: South, south: []int{1, 0, 0, 0, 0, 2}, north: []int{1, 1, 0, 0, 0, 0}, stores: [2]int{20, 23}},
		moves:  "6",
		want:   board{toMove: North, south: []int{0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{25, 23}},
		status: SouthWon,
	}, {
		name: "grand slam with nocapture: legal, captures nothing", variant: "oware", opts: Options{"grand_slam": "nocapture"},
		from:  &board{toMove: South, south: []int{1, 0, 0, 0, 0, 2}, north: []int{1, 1, 0, 0, 0, 0}, stores: [2]int{20, 23}},
		moves: "6",
		want:  board{toMove: North, south: []int{1, 0, 0, 0, 0, 0}, north: []int{2, 2, 0, 0, 0, 0}, stores: [2]int{20, 23}},
	}, {
		name: "grand slam forbidden but forced: played and captured; 25 wins at once", variant: "oware", opts: Options{"grand_slam": "forbidden"},
		from:   &board{toMove: South, south: []int{0, 0, 0, 0, 0, 2}, north: []int{1, 1, 0, 0, 0, 0}, stores: [2]int{21, 23}},
		moves:  "6",
		want:   board{toMove: North, south: []int{0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{25, 23}},
		status: SouthWon,
		events: []string{"end south_won (majority)"},
	}, {
		name: "five seeds a pit", variant: "oware", opts: Options{"seeds": "5"},
		moves: "6 6",
		// S6: N1..N5 = 6; N6: S1..S5 = 6 (S6 was emptied).
		want: board{toMove: South, south: []int{6, 6, 6, 6, 6, 0}, north: []int{6, 6, 6, 6, 6, 0}},
	}})
}

func TestOwareFeeding(t *testing.T) {
	r := MustNew("oware", nil)
	p := board{toMove: South, south: []int{1, 0, 0, 0, 0, 1}, north: make([]int, 6), stores: [2]int{23, 23}}.setup(t, r)
	wantMoves(t, p, "6")
	wantIllegal(t, p, "1", MustFeed)
	wantIllegal(t, p, "2", EmptyPit)
	if err := r.Check(&p, Move{Pit: 1}); err == nil || !strings.Contains(err.Error(), "feeds") {
		t.Errorf("error %v does not explain feeding", err)
	}
}

func TestOwareGrandSlamForbidden(t *testing.T) {
	r := MustNew("oware", Options{"grand_slam": "forbidden"})
	p := board{toMove: South, south: []int{1, 0, 0, 0, 0, 2}, north: []int{1, 1, 0, 0, 0, 0}, stores: [2]int{20, 23}}.setup(t, r)
	wantMoves(t, p, "1")
	wantIllegal(t, p, "6", GrandSlamForbidden)
}

// One seed each, circling: twelve plies bring the start back (South's last
// seed feeds North, whose only feeding move feeds South). The third
// occurrence ends the game and each side takes its own seed.
func TestOwareThirdRepetitionEndsTheGame(t *testing.T) {
	r := MustNew("oware", nil)
	start := board{toMove: South, south: []int{1, 0, 0, 0, 0, 0}, north: []int{1, 0, 0, 0, 0, 0}, stores: [2]int{23, 23}}.setup(t, r)
	cycle := strings.Fields("1 1 2 2 3 3 4 4 5 5 6 6")
	g := NewGame(start)
	play := func() []Event {
		var ev []Event
		for _, f := range cycle {
			m, _ := ParseMove(f)
			var err error
			if ev, err = g.Play(m); err != nil {
				t.Fatalf("ply %d, %s: %v", g.Position().Ply(), f, err)
			}
		}
		return ev
	}
	play()
	if p := g.Position(); p.Status() != Ongoing || p.cells != start.cells {
		t.Fatalf("after one cycle: %s, want the start again, ongoing", describe(&p))
	}
	ev := play()
	p := g.Position()
	if p.Status() != Draw || p.EndReason() != EndRepetition || p.Store(South) != 24 || p.Store(North) != 24 {
		t.Fatalf("after two cycles: %s (%s), want a draw by repetition, 24-24", describe(&p), p.EndReason())
	}
	checkEvents(t, ev, []string{"sweep 1 from 0 to south", "sweep 1 from 7 to north", "end draw (repetition)"})
	// Taking the last move back makes the game go on again.
	if !g.Undo() {
		t.Fatal("undo refused")
	}
	if q := g.Position(); q.Status() != Ongoing {
		t.Fatalf("after undo: %s", describe(&q))
	}
	// The undo took back the third occurrence's count too: replaying the
	// move ends the game again, and after taking back every move one
	// cycle brings the start back for the second time only.
	m, _ := ParseMove("6")
	if _, err := g.Play(m); err != nil || g.Position().EndReason() != EndRepetition {
		t.Fatalf("replayed last move: %v, %s", err, g.Position().EndReason())
	}
	for g.Undo() {
	}
	play()
	if p := g.Position(); p.Status() != Ongoing {
		t.Fatalf("all undone, one cycle replayed: %s (%s), want the start again, ongoing", describe(&p), p.EndReason())
	}
	// Perft agrees: a line of 24 plies ends at ply 24, so nothing is
	// counted at ply 25 along it.
	if n := Perft(start, 24); n != 1 {
		t.Errorf("perft(24) = %d, want 1 (the only line)", n)
	}
	if n := Perft(start, 25); n != 0 {
		t.Errorf("perft(25) = %d, want 0 (the game ended by repetition)", n)
	}
}

func FuzzOware(f *testing.F) {
	// options byte: seeds-1 (low 3 bits), grand_slam (next 2 bits), cross
	// (bit 5)
	fzCorpus(f,
		[]byte{3 | 32, 0},
		[]byte{3 | 16 | 32, 0},
		[]byte{3, 0},
		[]byte{3 | 8, 0},
		[]byte{3 | 16, 0},
		[]byte{0 | 16, 0},
		[]byte{5, 0},
		// South to move: pit 6 with 17 seeds sows two seeds into each of
		// North's empty pits, a grand slam.
		[]byte{16, 1, 1, 19, 0, 7, 0, 17, 0, 0, 0, 0, 0, 0, 7, 9, 0, 0},
		[]byte{0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0},
		[]byte{8, 1, 2, 1, 2, 1, 2, 12, 1, 1, 2, 1, 2, 1, 3, 3, 0, 0},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := Options{
			"seeds":      strconv.Itoa(1 + int(o&7)%6),
			"grand_slam": []string{"capture", "nocapture", "forbidden"}[int(o>>3&3)%3],
			"cross":      fzBool(o >> 5),
		}
		fzRun(t, "oware", opts, r)
	})
}
