package engine

import (
	"fmt"
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

// Option repetition: "first" (Abapa) ends the game at the first recurrence
// of a position, "third" (the default) at its third occurrence. The
// single-seed cycle of TestOwareThirdRepetitionEndsTheGame, with North's
// store one seed ahead (22:24, a seed each on the board): twelve plies
// bring the start back.
func TestOwareRepetitionOption(t *testing.T) {
	from := board{toMove: South, south: []int{1, 0, 0, 0, 0, 0}, north: []int{1, 0, 0, 0, 0, 0}, stores: [2]int{22, 24}}
	cycle := strings.Fields("1 1 2 2 3 3 4 4 5 5 6 6")
	for _, c := range []struct {
		opts  Options
		limit int
		// ends is the ply at which the game ends: the start's second
		// occurrence (ply 12) or its third (ply 24).
		ends int
	}{
		{Options{"repetition": "first"}, 2, 12},
		{Options{"repetition": "first", "grand_slam": "nocapture"}, 2, 12}, // Abapa
		{Options{"repetition": "third"}, 3, 24},
		{nil, 3, 24},
	} {
		t.Run(fmt.Sprint(c.opts), func(t *testing.T) {
			r := MustNew("oware", c.opts)
			if r.RepetitionLimit() != c.limit {
				t.Fatalf("RepetitionLimit %d, want %d", r.RepetitionLimit(), c.limit)
			}
			start := from.setup(t, r)
			g := NewGame(start)
			var ev []Event
			for ply := 1; ply <= c.ends; ply++ {
				m, _ := ParseMove(cycle[(ply-1)%len(cycle)])
				var err error
				if ev, err = g.Play(m); err != nil {
					t.Fatalf("ply %d: %v", ply, err)
				}
				p := g.Position()
				if ply < c.ends && p.Status() != Ongoing {
					t.Fatalf("ply %d: %s (%s), want the game to go on", ply, describe(&p), p.EndReason())
				}
				if ply == 12 && c.ends > 12 && p.cells != start.cells {
					t.Fatalf("ply 12: %s, want the start again", describe(&p))
				}
			}
			// Each side takes the seed on its side: 23:25, North wins.
			p := g.Position()
			if p.Status() != NorthWon || p.EndReason() != EndRepetition || p.Store(South) != 23 || p.Store(North) != 25 || p.Ply() != c.ends {
				t.Fatalf("ply %d: %s (%s), want North winning 23:25 by repetition", c.ends, describe(&p), p.EndReason())
			}
			checkEvents(t, ev, []string{"sweep 1 from 0 to south", "sweep 1 from 7 to north", "end north_won (repetition)"})
			// Undo takes the recurrence back: the game goes on, and the
			// same move ends it again.
			g.Undo()
			if q := g.Position(); q.Status() != Ongoing {
				t.Fatalf("after undo: %s", describe(&q))
			}
			m, _ := ParseMove("6")
			if _, err := g.Play(m); err != nil || g.Position().EndReason() != EndRepetition {
				t.Fatalf("replayed: %v, %s", err, g.Position().EndReason())
			}
			// Perft sees the one line end at the same ply.
			if n, m := Perft(start, c.ends), Perft(start, c.ends+1); n != 1 || m != 0 {
				t.Errorf("perft(%d) = %d, perft(%d) = %d: want 1 and 0", c.ends, n, c.ends+1, m)
			}
		})
	}
}

// The recurrence counts positions with the same player to move (equal
// keys): the cycle's start with North to move is another position, whose
// own first recurrence, twelve plies on, ends a game started there.
func TestOwareRepetitionSidesDiffer(t *testing.T) {
	r := MustNew("oware", Options{"repetition": "first"})
	south := board{toMove: South, south: []int{1, 0, 0, 0, 0, 0}, north: []int{1, 0, 0, 0, 0, 0}, stores: [2]int{22, 24}}.setup(t, r)
	north := board{toMove: North, south: []int{1, 0, 0, 0, 0, 0}, north: []int{1, 0, 0, 0, 0, 0}, stores: [2]int{22, 24}}.setup(t, r)
	if south.Key() == north.Key() {
		t.Fatal("the same cells with the other side to move share a key")
	}
	g := NewGame(north)
	for ply, f := range strings.Fields("1 1 2 2 3 3 4 4 5 5 6 6") {
		m, _ := ParseMove(f)
		if _, err := g.Play(m); err != nil {
			t.Fatalf("ply %d: %v", ply+1, err)
		}
	}
	if p := g.Position(); p.EndReason() != EndRepetition || p.ToMove() != North || p.Ply() != 12 {
		t.Fatalf("after 12 plies: %s (%s)", describe(&p), p.EndReason())
	}
}

// Perft under each repetition option agrees with counting the lines by
// playing them through a Game (its own bookkeeping of the positions seen),
// from boards of two seeds a side where play cycles: the counts part at ply
// 13, the first at which a position can come back.
func TestOwareRepetitionPerft(t *testing.T) {
	var count func(g *Game, depth int) uint64
	count = func(g *Game, depth int) uint64 {
		if depth == 0 {
			return 1
		}
		var n uint64
		for _, m := range g.Position().Moves() {
			if _, err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			n += count(g, depth-1)
			g.Undo()
		}
		return n
	}
	for _, b := range []board{
		{toMove: South, south: []int{1, 1, 0, 0, 0, 0}, north: []int{1, 1, 0, 0, 0, 0}, stores: [2]int{22, 22}},
		{toMove: South, south: []int{1, 0, 1, 0, 0, 0}, north: []int{1, 0, 0, 1, 0, 0}, stores: [2]int{22, 22}},
	} {
		rows := map[string][]uint64{}
		for _, rep := range []string{"third", "first"} {
			p := b.setup(t, MustNew("oware", Options{"repetition": rep}))
			for d := 1; d <= 14; d++ {
				n, full, want := Perft(p, d), PerftFull(p, d), count(NewGame(p), d)
				if n != want || full != want {
					t.Errorf("%v %s depth %d: perft %d, full %d, through Game %d", b, rep, d, n, full, want)
				}
				rows[rep] = append(rows[rep], n)
			}
		}
		for d := range rows["first"] {
			if same := rows["first"][d] == rows["third"][d]; same != (d+1 <= 12) {
				t.Errorf("%v depth %d: first %d, third %d", b, d+1, rows["first"][d], rows["third"][d])
			}
		}
	}
}

// The option is left out of position JSON while "third", as cross is, and
// read back; a bad value is refused naming the option and its values.
func TestOwareRepetitionJSON(t *testing.T) {
	def, _ := MustNew("oware", nil).Start().MarshalJSON()
	third, _ := MustNew("oware", Options{"repetition": "third"}).Start().MarshalJSON()
	if strings.Contains(string(def), "repetition") || string(third) != string(def) {
		t.Errorf("default: %s, explicit third: %s", def, third)
	}
	p := MustNew("oware", Options{"repetition": "first", "grand_slam": "nocapture"}).Start()
	j, _ := p.MarshalJSON()
	if !strings.Contains(string(j), `"repetition":"first"`) {
		t.Errorf("first: %s", j)
	}
	q, err := ParsePosition(j)
	if err != nil || q != p || q.Rules().RepetitionLimit() != 2 {
		t.Errorf("round trip: %v, limit %d", err, q.Rules().RepetitionLimit())
	}
	q, err = ParsePosition(def)
	if err != nil || q.Rules().RepetitionLimit() != 3 {
		t.Errorf("default read back: %v", err)
	}
	_, err = ParsePosition([]byte(`{"variant":"oware","options":{"repetition":"second"}}`))
	if err == nil || !strings.Contains(err.Error(), `option repetition: "second" is not one of third, first`) {
		t.Errorf("bad value: %v", err)
	}
	if _, err := New("oware", Options{"repetition": "First"}); err == nil {
		t.Error("values are lower case, as the other enums'")
	}
}

func FuzzOware(f *testing.F) {
	// options byte: seeds-1 (low 3 bits), grand_slam (next 2 bits), cross
	// (bit 5), repetition "first" (bit 6)
	fzCorpus(f,
		[]byte{3 | 32, 0},
		[]byte{3 | 16 | 32, 0},
		[]byte{3, 0},
		[]byte{3 | 8, 0},
		[]byte{3 | 16, 0},
		[]byte{0 | 16, 0},
		[]byte{5, 0},
		// One seed a side, repetition "first": the twelve-ply cycle of
		// TestOwareRepetitionOption ends at the first recurrence.
		// (options, set up, South's pits and store, North's, South to
		// move, ply 0, then the only legal move 13 times).
		[]byte{64 | 8, 1, 1, 0, 0, 0, 0, 0, 22, 1, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
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
			"repetition": []string{"third", "first"}[o>>6&1],
		}
		fzRun(t, "oware", opts, r)
	})
}
