package engine

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// The variant's rows of TestPerftTable and BenchmarkPerft, and its fuzz
// target (pieces_test.go).
func init() {
	addPerft("kalah", perftRow{nil, []uint64{6, 35, 185, 942, 4690, 23233}})
	// Cross-sowing (docs/sources/more-games-rules.md section 12): every
	// opening pit holds 4, so all six go clockwise and none ends in the
	// store; confirmed by reference_test.go.
	addPerft("kalah", perftRow{Options{"cross": "true"}, []uint64{6, 36, 200, 1050, 5504, 28064}})
	addBench("kalah", benchRow{"kalah", nil, 9})
	addFuzz("kalah", FuzzKalah)
}

// Hand-worked Kalah positions. Cells of the 6-pit board: South pits 1..6 are
// cells 0..5, South's store 6, North pits 1..6 cells 7..12, North's store 13.
// A seed line in a case's name, such as 000:886, is summarized under its
// heading in docs/sources/seed-000.md (there #line-886).
func TestKalahRules(t *testing.T) {
	runRulesCases(t, []rulesCase{{
		name: "pit 3 ends in the store: extra turn (000:1684)", variant: "kalah",
		moves:  "3",
		want:   board{toMove: South, south: []int{4, 4, 0, 5, 5, 5}, north: []int{4, 4, 4, 4, 4, 4}, stores: [2]int{1, 0}},
		events: []string{"pickup 4 from 2", "sow 3", "sow 4", "sow 5", "sow 6", "extra_turn south"},
	}, {
		name: "the capture of 000:951: two seeds from pit 2, the last in empty pit 4 facing 5", variant: "kalah",
		from:   &board{toMove: South, south: []int{3, 2, 1, 0, 2, 4}, north: []int{4, 4, 5, 4, 4, 4}, stores: [2]int{2, 0}},
		moves:  "2",
		want:   board{toMove: North, south: []int{3, 0, 2, 0, 2, 4}, north: []int{4, 4, 0, 4, 4, 4}, stores: [2]int{8, 0}},
		events: []string{"capture 5 from 9 to south", "capture 1 from 3 to south"},
	}, {
		name: "no capture when the facing pit is empty", variant: "kalah",
		from:  &board{toMove: South, south: []int{1, 0, 0, 0, 0, 4}, north: []int{4, 4, 4, 4, 0, 4}},
		moves: "1",
		want:  board{toMove: North, south: []int{0, 1, 0, 0, 0, 4}, north: []int{4, 4, 4, 4, 0, 4}},
	}, {
		name: "empty_capture takes the lone seed (000:1517)", variant: "kalah", opts: Options{"empty_capture": "true"},
		from:   &board{toMove: South, south: []int{1, 0, 0, 0, 0, 4}, north: []int{4, 4, 4, 4, 0, 4}},
		moves:  "1",
		want:   board{toMove: North, south: []int{0, 0, 0, 0, 0, 4}, north: []int{4, 4, 4, 4, 0, 4}, stores: [2]int{1, 0}},
		events: []string{"capture 1 from 1 to south"},
	}, {
		name: "the opponent's store is skipped", variant: "kalah",
		from:  &board{toMove: South, south: []int{0, 0, 0, 0, 0, 10}, north: []int{1, 1, 1, 1, 1, 1}},
		moves: "6",
		// store, N1..N6, (N store skipped), S1, S2, S3: the last seed in empty S3 takes N4.
		want: board{toMove: North, south: []int{1, 1, 0, 0, 0, 0}, north: []int{2, 2, 2, 0, 2, 2}, stores: [2]int{4, 0}},
	}, {
		name: "13 seeds go round and the 13th lands in the emptied pit (000:886)", variant: "kalah",
		from:  &board{toMove: South, south: []int{13, 0, 0, 0, 0, 0}, north: []int{1, 1, 1, 1, 1, 1}},
		moves: "1",
		want:  board{toMove: North, south: []int{0, 1, 1, 1, 1, 1}, north: []int{2, 2, 2, 2, 2, 0}, stores: [2]int{4, 0}},
	}, {
		name: "North captures too", variant: "kalah",
		from:  &board{toMove: North, south: []int{4, 4, 4, 4, 4, 4}, north: []int{0, 1, 0, 4, 4, 4}},
		moves: "2",
		// N3 faces S4.
		want: board{toMove: South, south: []int{4, 4, 4, 0, 4, 4}, north: []int{0, 0, 0, 4, 4, 4}, stores: [2]int{0, 5}},
	}, {
		name: "emptying your own side ends the game; the opponent keeps his seeds", variant: "kalah",
		from:   &board{toMove: South, south: []int{0, 0, 0, 0, 0, 1}, north: []int{1, 2, 3, 0, 0, 0}, stores: [2]int{20, 22}},
		moves:  "6",
		want:   board{toMove: South, south: []int{0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{21, 28}},
		status: NorthWon,
		events: []string{"sweep 1 from 7 to north", "sweep 2 from 8 to north", "sweep 3 from 9 to north", "end north_won (empty_side)"},
	}, {
		name: "a capture that empties the opponent ends the game", variant: "kalah",
		from:   &board{toMove: South, south: []int{2, 0, 0, 0, 1, 0}, north: []int{3, 0, 0, 0, 0, 0}, stores: [2]int{10, 30}},
		moves:  "5",
		want:   board{toMove: North, south: []int{0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{16, 30}},
		status: NorthWon,
	}, {
		name: "equal stores draw", variant: "kalah",
		from:   &board{toMove: South, south: []int{0, 0, 0, 0, 0, 1}, north: []int{0, 0, 0, 0, 0, 1}, stores: [2]int{23, 23}},
		moves:  "6",
		want:   board{toMove: South, south: []int{0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{24, 24}},
		status: Draw,
	}, {
		name: "four pits of three", variant: "kalah", opts: Options{"pits": "4", "seeds": "3"},
		moves: "2 1",
		// 2: S3 S4 store -> extra turn; 1: S2 S3 S4 -> North.
		want: board{toMove: North, south: []int{0, 1, 5, 5}, north: []int{3, 3, 3, 3}, stores: [2]int{1, 0}},
	}})
}

func TestKalahIllegalMoves(t *testing.T) {
	r := MustNew("kalah", nil)
	p := mustPlay(t, r.Start(), "3")
	wantIllegal(t, p, "3", EmptyPit)
	wantIllegal(t, p, "7", NoSuchPit)
	wantIllegal(t, p, "2L", NeedsNoDirection)
	wantIllegal(t, p, "swap", SwapUnavailable)
	over := board{toMove: South, south: make([]int, 6), north: make([]int, 6), stores: [2]int{24, 24}}.setupStatus(t, r, Draw)
	wantIllegal(t, over, "1", GameOver)
	wantMoves(t, over)
}

func TestKalahPieRule(t *testing.T) {
	r := MustNew("kalah", Options{"pie": "true"})
	p := r.Start()
	wantMoves(t, p, "1", "2", "3", "4", "5", "6")
	wantIllegal(t, p, "swap", SwapUnavailable)
	p = mustPlay(t, p, "3") // extra turn: still South's
	wantIllegal(t, p, "swap", SwapUnavailable)
	p = mustPlay(t, p, "1")
	wantMoves(t, p, "1", "2", "3", "4", "5", "6", "swap")
	q, ev, err := p.PlayEvents(SwapMove)
	if err != nil {
		t.Fatal(err)
	}
	checkEvents(t, ev, []string{"swap north"})
	if q.ToMove() != North || q.Ply() != p.Ply()+1 || q.cells != p.cells {
		t.Errorf("after swap: %s ply %d (before: ply %d)", describe(&q), q.Ply(), p.Ply())
	}
	if x := q.Extra(); x["swap_available"] != false || x["swapped"] != true {
		t.Errorf("extra after swap = %v", x)
	}
	wantIllegal(t, q, "swap", SwapUnavailable)
	// Declining by moving ends the offer too.
	q = mustPlay(t, p, "1", "4")
	if q.ToMove() != North {
		t.Fatalf("want North to move: %s", describe(&q))
	}
	wantIllegal(t, q, "swap", SwapUnavailable)
	if x := q.Extra(); x["swap_available"] != false || x["swapped"] != false {
		t.Errorf("extra after declining = %v", x)
	}
	// Without the option there is never a swap.
	wantIllegal(t, mustPlay(t, MustNew("kalah", nil).Start(), "1"), "swap", SwapUnavailable)
}

// TestSwappedSeats: after North's swap the players exchange seats; the
// position reports it, and only under the pie rule.
func TestSwappedSeats(t *testing.T) {
	for _, id := range []string{"kalah", "congkak"} {
		r, err := New(id, Options{"pie": "true"})
		if err != nil {
			t.Fatal(err)
		}
		p := r.Start()
		if p.Swapped() {
			t.Fatalf("%s: start reports a swap", id)
		}
		// South's opening: play until North is to move.
		for p.ToMove() == South {
			if p, err = p.Play(p.Moves()[0]); err != nil {
				t.Fatal(err)
			}
		}
		if p.Swapped() {
			t.Fatalf("%s: swapped before the swap", id)
		}
		q, err := p.Play(SwapMove)
		if err != nil {
			t.Fatalf("%s: swap refused: %v", id, err)
		}
		if !q.Swapped() || q.ToMove() != North {
			t.Fatalf("%s: after swap: swapped=%v, to move %v; want true, north", id, q.Swapped(), q.ToMove())
		}
		if _, err := q.Play(SwapMove); err == nil {
			t.Fatalf("%s: a second swap was accepted", id)
		}
	}
	r, _ := New("kalah", nil)
	if r.Start().Swapped() {
		t.Fatal("kalah without pie reports a swap")
	}
	r, _ = New("congkak", nil)
	p, _ := r.Start().Play(r.Start().Moves()[0])
	for p.ToMove() == South && !p.Status().Over() {
		p, _ = p.Play(p.Moves()[0])
	}
	if _, err := p.Play(SwapMove); err == nil {
		t.Fatal("congkak without pie accepted a swap")
	}
}

func FuzzKalah(f *testing.F) {
	// options byte (bit 0 empty_capture, bit 1 pie, bit 2 cross), pits-1,
	// seeds-1, layout flag
	fzCorpus(f,
		[]byte{4, 5, 3, 0},
		[]byte{4 | 2, 1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0},
		[]byte{0, 5, 3, 0},
		[]byte{2, 5, 3, 0},
		[]byte{3, 3, 2, 0},
		[]byte{1, 7, 7, 0},
		[]byte{0, 0, 7, 0},
		[]byte{2, 5, 3, 1, 20, 0, 1, 2, 13, 0, 3, 0, 0, 0, 14, 2, 7, 5, 0, 30, 3},
		[]byte{1, 2, 0, 1, 0, 0, 9, 1, 0, 2, 4, 4, 1, 0, 0},
	)
	f.Add([]byte{2, 5, 3, 0, 0, 224, 224, 0, 224, 232, 240, 250, 197})
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := Options{
			"pits":          strconv.Itoa(1 + int(r.next())%8),
			"seeds":         strconv.Itoa(1 + int(r.next())%8),
			"empty_capture": fzBool(o),
			"pie":           fzBool(o >> 1),
			"cross":         fzBool(o >> 2),
		}
		fzRun(t, "kalah", opts, r)
	})
}

// TestKalahWordsAgree: on the six-pit board a move without events is played
// on the cells read as words (Apply's fast path), with events seed by seed.
// From every position of random games, under each option that touches the
// fast path (the seeds, and with 8 seeds a pit laps of 13 and more, the
// empty capture, the pie rule, cross-sowing's odd piles), every legal move
// played both ways must reach the same position.
func TestKalahWordsAgree(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 40
	}
	for _, opts := range []Options{
		nil,
		{"seeds": "1"},
		{"seeds": "8"},
		{"empty_capture": "true"},
		{"pie": "true"},
		{"cross": "true", "seeds": "5"},
	} {
		r := MustNew("kalah", opts)
		rng := rand.New(rand.NewPCG(1, uint64(len(opts))))
		positions := 0
		for range games {
			p := r.Start()
			for p.Status() == Ongoing && p.Ply() < 300 {
				moves := p.Moves()
				for _, m := range moves {
					fast, err := p.Play(m)
					slow, _, serr := p.PlayEvents(m)
					if err != nil || serr != nil || fast != slow {
						t.Fatalf("%v: %s from\n%s\nPlay: %v\n%s\nPlayEvents: %v\n%s", opts, m, p.String(), err, fast.String(), serr, slow.String())
					}
				}
				positions++
				p, _ = p.Play(moves[rng.IntN(len(moves))])
			}
		}
		if positions < games*10 {
			t.Errorf("%v: only %d positions", opts, positions)
		}
	}
}
