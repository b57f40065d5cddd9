package engine

import (
	"slices"
	"strings"
	"testing"
)

// The variant's rows of TestPerftTable and BenchmarkPerft, and its fuzz
// target (pieces_test.go).
func init() {
	// Oware Nam Nam: confirmed by reference_namnam_test.go.
	addPerft("namnam", perftRow{nil, []uint64{6, 32, 140, 638, 3029, 13835}})
	addBench("namnam", benchRow{"namnam", nil, 8})
	addFuzz("namnam", FuzzNamnam)
}

// Hand-worked Oware Nam Nam positions, one or more per numbered rule of
// docs/sources/more-games-rules.md section 2, and the section 14 vectors.
// Cells: South pits 0..5, South's store 6, North pits 7..12, North's store 13.
// Every position holds 48 seeds.

// nnOwn writes extra.owner with the pits of each row owned by the other
// player listed ("S" for South's row, "N" for North's), e.g. nnOwn(2, "N2 N6").
func nnExtra(round int, phase string, claims int, foreign string) string {
	rows := map[string][]string{"S": {"south", "south", "south", "south", "south", "south"}, "N": {"north", "north", "north", "north", "north", "north"}}
	for _, f := range strings.Fields(foreign) {
		row, j := f[:1], int(f[1]-'0')
		if row == "S" {
			rows["S"][j-1] = "north"
		} else {
			rows["N"][j-1] = "south"
		}
	}
	q := func(a []string) string { return `["` + strings.Join(a, `","`) + `"]` }
	return `{"round":` + itoa(round) + `,"phase":"` + phase + `","claims":` + itoa(claims) +
		`,"owner":{"south":` + q(rows["S"]) + `,"north":` + q(rows["N"]) + `}}`
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func TestNamnamRules(t *testing.T) {
	runRulesCases(t, []rulesCase{{
		name: "1: the start, 4 in every pit, South to move", variant: "namnam",
		moves: "",
		want:  board{toMove: South, south: []int{4, 4, 4, 4, 4, 4}, north: []int{4, 4, 4, 4, 4, 4}, extra: nnExtra(1, "play", 0, "")},
	}, {
		name: "2, 3: a pit owned in the other row is played as 6+j; owner kept", variant: "namnam",
		// Round 2: South owns North 2 (1 seed): 8 sows it into North 3.
		from:  &board{toMove: South, south: []int{4, 4, 4, 4, 4, 4}, north: []int{0, 1, 0, 4, 4, 3}, stores: [2]int{8, 4}, extra: nnExtra(2, "play", 0, "N2")},
		moves: "8",
		want:  board{toMove: North, south: []int{4, 4, 4, 4, 4, 4}, north: []int{0, 0, 1, 4, 4, 3}, stores: [2]int{8, 4}, extra: nnExtra(2, "play", 0, "N2")},
	}, {
		name: "4: sowing runs round all twelve pits and sows the origin", variant: "namnam",
		// 12 seeds from South 1: one in each pit, the last back in the
		// (empty) origin: the move ends.
		from:  &board{toMove: South, south: []int{12, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{20, 16}},
		moves: "1",
		want:  board{toMove: North, south: []int{1, 1, 1, 1, 1, 1}, north: []int{1, 1, 1, 1, 1, 1}, stores: [2]int{20, 16}, extra: nnExtra(1, "play", 0, "")},
	}, {
		name: "5: a 3 made 4 goes to its owner mid-sowing, the last 4 to the mover; a 4 just grows (14, first vector)", variant: "namnam",
		from:   &board{toMove: South, south: []int{1, 2, 2, 2, 0, 3}, north: []int{3, 0, 3, 0, 2, 2}, stores: [2]int{16, 12}},
		moves:  "6",
		want:   board{toMove: North, south: []int{1, 2, 2, 2, 0, 0}, north: []int{0, 1, 0, 0, 2, 2}, stores: [2]int{20, 16}, extra: nnExtra(1, "play", 0, "")},
		events: []string{"pickup 3 from 5", "sow 7", "capture 4 from 7 to north", "sow 8", "sow 9", "capture 4 from 9 to south"},
	}, {
		name: "5: the owner captures, whatever row the pit is in", variant: "namnam",
		// Round 2, South owns North 2 (3 seeds). North plays 1 (2 seeds):
		// North 2 becomes 4 with a seed in hand: South's; North 3 0 -> 1.
		from:   &board{toMove: North, south: []int{4, 4, 4, 4, 4, 2}, north: []int{2, 3, 0, 4, 3, 2}, stores: [2]int{8, 4}, extra: nnExtra(2, "play", 0, "N2")},
		moves:  "1",
		want:   board{toMove: South, south: []int{4, 4, 4, 4, 4, 2}, north: []int{0, 0, 1, 4, 3, 2}, stores: [2]int{12, 4}, extra: nnExtra(2, "play", 0, "N2")},
		events: []string{"capture 4 from 8 to south"},
	}, {
		name: "5: a pit of 4 or more only grows", variant: "namnam",
		// South 5 (1): South 6 4 -> 5, no capture: relay 5 into North 1..5.
		from:   &board{toMove: South, south: []int{3, 0, 0, 0, 1, 4}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{20, 20}},
		moves:  "5",
		want:   board{toMove: North, south: []int{3, 0, 0, 0, 0, 0}, north: []int{1, 1, 1, 1, 1, 0}, stores: [2]int{20, 20}, extra: nnExtra(1, "play", 0, "")},
		events: []string{"sow 5", "relay 5 from 5"},
	}, {
		name: "6: a last seed in an occupied pit relays; the relay ends in an empty pit", variant: "namnam",
		// South 5 (2): S6 1 -> 2, N1 1 -> 2 (last): relay 2 from N1: N2 0 -> 1,
		// N3 0 -> 1 (last, empty): ends.
		from:   &board{toMove: South, south: []int{2, 0, 0, 0, 2, 1}, north: []int{1, 0, 0, 2, 0, 0}, stores: [2]int{20, 20}},
		moves:  "5",
		want:   board{toMove: North, south: []int{2, 0, 0, 0, 0, 2}, north: []int{0, 1, 1, 2, 0, 0}, stores: [2]int{20, 20}, extra: nnExtra(1, "play", 0, "")},
		events: []string{"pickup 2 from 4", "sow 5", "sow 7", "relay 2 from 7", "sow 8", "sow 9"},
	}, {
		name: "7: last four and the claims (14, second vector)", variant: "namnam",
		from:  &board{toMove: South, south: []int{0, 0, 0, 0, 0, 1}, north: []int{3, 0, 0, 0, 0, 4}, stores: [2]int{24, 16}},
		moves: "6",
		want:  board{toMove: South, south: []int{4, 4, 4, 4, 4, 4}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{8, 16}, extra: nnExtra(2, "claim", 2, "")},
		events: []string{"capture 4 from 7 to south", "capture 4 from 12 to south",
			"fill 4 to 0 from south", "fill 4 to 5 from south"},
	}, {
		name: "7, 11: the claims, then North fills its pits and starts round 2 (14)", variant: "namnam",
		from:   &board{toMove: South, south: []int{0, 0, 0, 0, 0, 1}, north: []int{3, 0, 0, 0, 0, 4}, stores: [2]int{24, 16}},
		moves:  "6 8 12",
		want:   board{toMove: North, south: []int{4, 4, 4, 4, 4, 4}, north: []int{4, 4, 4, 4, 4, 4}, stores: [2]int{0, 0}, extra: nnExtra(2, "play", 0, "N2 N6")},
		events: []string{"fill 4 to 12 from south", "fill 4 to 7 from north", "fill 4 to 9 from north", "fill 4 to 10 from north", "fill 4 to 11 from north"},
	}, {
		name: "7: the last four with seeds still in hand", variant: "namnam",
		// South 4 (3): S5 0 -> 1, S6 3 -> 4 with a seed in hand: South's;
		// 4 left in play (N1's 3 and the seed in hand): South takes them.
		from:   &board{toMove: South, south: []int{0, 0, 0, 3, 0, 3}, north: []int{2, 0, 0, 0, 0, 0}, stores: [2]int{24, 16}},
		moves:  "4",
		want:   board{toMove: South, south: []int{4, 4, 4, 4, 4, 4}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{8, 16}, extra: nnExtra(2, "claim", 2, "")},
		events: []string{"capture 4 from 5 to south", "capture 1 from 4 to south", "capture 2 from 7 to south", "capture 1 from 255 to south"},
	}, {
		name: "8: a player with no move passes; the other moves again", variant: "namnam",
		// South 6 (2) into North 1 and 2, both South's: North owns no seeds.
		from:  &board{toMove: South, south: []int{0, 0, 0, 0, 2, 2}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{20, 24}, extra: nnExtra(3, "play", 0, "N1 N2")},
		moves: "6",
		want:  board{toMove: South, south: []int{0, 0, 0, 0, 2, 0}, north: []int{1, 1, 0, 0, 0, 0}, stores: [2]int{20, 24}, extra: nnExtra(3, "play", 0, "N1 N2")},
	}, {
		name: "8: a third occurrence in the round gives the board to the round's starter (found in random play)", variant: "namnam",
		// Round 8 (North's). 4 3 4 3 brings the first position back a
		// third time: North takes the 8 seeds left, 20/28, and leads
		// round 9 with one claim.
		from:   &board{toMove: North, south: []int{0, 1, 1, 1, 0, 1}, north: []int{0, 1, 0, 2, 0, 1}, stores: [2]int{20, 20}, extra: nnExtra(8, "play", 0, "S4 S5")},
		moves:  "4 3 4 3",
		want:   board{toMove: North, south: []int{0, 0, 0, 0, 0, 0}, north: []int{4, 4, 4, 4, 4, 4}, stores: [2]int{20, 4}, extra: nnExtra(9, "claim", 1, "")},
		events: []string{"capture 1 from 1 to north", "capture 2 from 10 to north", "fill 4 to 7 from north"},
	}, {
		name: "9: a player holding all 48 seeds has won", variant: "namnam",
		// South 6 (1): North 1 3 -> 4, South's; 4 left (North 6): South's too.
		from:   &board{toMove: South, south: []int{0, 0, 0, 0, 0, 1}, north: []int{3, 0, 0, 0, 0, 4}, stores: [2]int{40, 0}, extra: nnExtra(4, "play", 0, "N3")},
		moves:  "6",
		want:   board{toMove: South, south: []int{0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{48, 0}, extra: nnExtra(4, "play", 0, "N3")},
		status: SouthWon,
		events: []string{"end south_won (majority)"},
	}, {
		name: "10, 12: 24 each: round 2 starts like round 1, North first", variant: "namnam",
		from:  &board{toMove: South, south: []int{0, 0, 0, 0, 0, 1}, north: []int{3, 0, 0, 0, 0, 0}, stores: [2]int{20, 24}},
		moves: "6",
		want:  board{toMove: North, south: []int{4, 4, 4, 4, 4, 4}, north: []int{4, 4, 4, 4, 4, 4}, extra: nnExtra(2, "play", 0, "")},
	}, {
		name: "12: round 3 is South's to start", variant: "namnam",
		from:  &board{toMove: North, south: []int{3, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 1}, stores: [2]int{24, 20}, extra: nnExtra(2, "play", 0, "")},
		moves: "6",
		want:  board{toMove: South, south: []int{4, 4, 4, 4, 4, 4}, north: []int{4, 4, 4, 4, 4, 4}, extra: nnExtra(3, "play", 0, "")},
	}, {
		name: "11: North leads: its row, then claims in South's row", variant: "namnam",
		from:  &board{toMove: North, south: []int{3, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 1}, stores: [2]int{12, 32}, extra: nnExtra(1, "play", 0, "")},
		moves: "6 7 9 11",
		// North 6 (1): South 1 3 -> 4, North's: 36/12; claims 3: South 1, 3, 5.
		want: board{toMove: North, south: []int{4, 4, 4, 4, 4, 4}, north: []int{4, 4, 4, 4, 4, 4}, extra: nnExtra(2, "play", 0, "S1 S3 S5")},
	}})
}

// TestNamnamLegality: the reasons for refused moves, the claim phase's
// moves, and the infinite relay of section 14 (C4).
func TestNamnamLegality(t *testing.T) {
	r := MustNew("namnam", nil)
	p := board{toMove: South, south: []int{4, 4, 4, 4, 4, 4}, north: []int{0, 1, 0, 4, 4, 3}, stores: [2]int{8, 4}, extra: nnExtra(2, "play", 0, "N2")}.setup(t, r)
	for _, c := range []struct {
		move string
		why  Reason
	}{{"7", NotYourPit}, {"9", NotYourPit}, {"13", NoSuchPit}, {"0", NoSuchPit}, {"8L", NeedsNoDirection}, {"swap", SwapUnavailable}} {
		m, _ := ParseMove(c.move)
		if got := ReasonOf(p.rules.Check(&p, m)); got != c.why {
			t.Errorf("move %s: reason %v, want %v", c.move, got, c.why)
		}
	}
	if got := moveList(p.Moves()); !slices.Equal(got, []string{"1", "2", "3", "4", "5", "6", "8"}) {
		t.Errorf("legal moves %v", got)
	}
	// North cannot play its pit 2, South's now.
	p = board{toMove: North, south: []int{4, 4, 4, 4, 4, 4}, north: []int{0, 1, 0, 4, 4, 3}, stores: [2]int{8, 4}, extra: nnExtra(2, "play", 0, "N2")}.setup(t, r)
	if got := moveList(p.Moves()); !slices.Equal(got, []string{"4", "5", "6"}) {
		t.Errorf("North's legal moves %v", got)
	}
	if why := ReasonOf(p.rules.Check(&p, Move{Pit: 2})); why != NotYourPit {
		t.Errorf("North 2: %v", why)
	}
	if why := ReasonOf(p.rules.Check(&p, Move{Pit: 1})); why != NotYourPit && why != EmptyPit {
		t.Errorf("North 1: %v", why)
	}

	// The claim phase (14): legal 7..12; pits of one's own row and claimed
	// pits are refused.
	q := mustPlay(t, board{toMove: South, south: []int{0, 0, 0, 0, 0, 1}, north: []int{3, 0, 0, 0, 0, 4}, stores: [2]int{24, 16}}.setup(t, r), "6")
	if got := moveList(q.Moves()); !slices.Equal(got, []string{"7", "8", "9", "10", "11", "12"}) {
		t.Errorf("claims %v", got)
	}
	if why := ReasonOf(q.rules.Check(&q, Move{Pit: 3})); why != ClaimNeeded {
		t.Errorf("claim 3: %v", why)
	}
	q = mustPlay(t, q, "8")
	if why := ReasonOf(q.rules.Check(&q, Move{Pit: 8})); why != ClaimNeeded {
		t.Errorf("claim 8 twice: %v", why)
	}
	q = mustPlay(t, q, "12")
	if got := moveList(q.Moves()); !slices.Equal(got, []string{"1", "3", "4", "5"}) {
		t.Errorf("North's first moves of round 2: %v", got)
	}
	// South's would be 1..6, 8, 12 (14).
	q2 := q
	q2.toMove = South
	if got := moveList(q2.Moves()); !slices.Equal(got, []string{"1", "2", "3", "4", "5", "6", "8", "12"}) {
		t.Errorf("South's moves of round 2: %v", got)
	}
	if c := q.Owner(q.rules.Layout().Pit(North, 2)); c != South {
		t.Errorf("owner of North 2: %s", c)
	}
	if c := q.Owner(q.rules.Layout().Pit(North, 1)); c != North {
		t.Errorf("owner of North 1: %s", c)
	}

	// C4, section 14: round 9, South owns every pit but North 3 and 5.
	inf := board{toMove: South, south: []int{1, 0, 2, 1, 0, 2}, north: []int{1, 0, 1, 0, 1, 3}, stores: [2]int{32, 4},
		extra: nnExtra(9, "play", 0, "N1 N2 N4 N6")}.setup(t, r)
	if got := moveList(inf.Moves()); !slices.Equal(got, []string{"1", "3", "4", "6", "7"}) {
		t.Errorf("legal moves with an infinite relay: %v", got)
	}
	if why := ReasonOf(inf.rules.Check(&inf, Move{Pit: 12})); why != NeverEnding {
		t.Errorf("move 12: %v, want never-ending", why)
	}
	before := inf
	inf.rules.Apply(&inf, Move{Pit: 12}, nil)
	if inf != before {
		t.Errorf("Apply of the never-ending move changed the position")
	}
}

// TestNamnamRepetitionPerft: Perft follows a line past a round ended by
// repetition, where Game goes on too.
func TestNamnamRepetitionPerft(t *testing.T) {
	r := MustNew("namnam", nil)
	p := board{toMove: North, south: []int{0, 1, 1, 1, 0, 1}, north: []int{0, 1, 0, 2, 0, 1}, stores: [2]int{20, 20}, extra: nnExtra(8, "play", 0, "S4 S5")}.setup(t, r)
	g := NewGame(p)
	for _, f := range strings.Fields("4 3 4 3 7") {
		m, _ := ParseMove(f)
		if _, err := g.Play(m); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
	if got := g.Position(); nnRound(&got) != 9 || nnClaiming(&got) {
		t.Fatalf("after the claim: %s", describe(&got))
	}
	// Perft counts the lines through the round change as Game plays
	// them (Game applies the rule with its history; Undo takes back).
	var walk func(g *Game, d int) uint64
	walk = func(g *Game, d int) uint64 {
		if d == 0 {
			return 1
		}
		var n uint64
		for _, m := range g.Position().Moves() {
			if _, err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			n += walk(g, d-1)
			g.Undo()
		}
		return n
	}
	for d := 1; d <= 7; d++ {
		if got, want := Perft(p, d), walk(NewGame(p), d); got != want {
			t.Errorf("perft %d: %d, Game's count %d", d, got, want)
		}
	}
}

// TestNamnamExtraRoundTrip: the extra JSON is read back exactly, and bad
// values are refused.
func TestNamnamExtraRoundTrip(t *testing.T) {
	r := MustNew("namnam", nil)
	p := mustPlay(t, board{toMove: South, south: []int{0, 0, 0, 0, 0, 1}, north: []int{3, 0, 0, 0, 0, 4}, stores: [2]int{24, 16}}.setup(t, r), "6", "8")
	j, err := p.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(j), `"extra":{"claims":1,"owner":{"north":["north","south","north","north","north","north"],"south":["south","south","south","south","south","south"]},"phase":"claim","round":2}`) {
		t.Errorf("JSON %s", j)
	}
	q, err := ParsePosition(j)
	if err != nil || q != p {
		t.Fatalf("round trip: %v\n%s\n%s", err, describe(&p), describe(&q))
	}
	for _, bad := range []string{
		`{"variant":"namnam","extra":{"round":0}}`,
		`{"variant":"namnam","extra":{"phase":"sow"}}`,
		`{"variant":"namnam","extra":{"claims":2}}`,
		`{"variant":"namnam","extra":{"phase":"claim","claims":0}}`,
		`{"variant":"namnam","extra":{"owner":{"south":["south"]}}}`,
		`{"variant":"namnam","extra":{"owner":{"east":["south","south","south","south","south","south"]}}}`,
		`{"variant":"namnam","extra":{"colour":1}}`,
		`{"variant":"namnam","pits":{"south":[4,4,4,4,4,4],"north":[4,4,4,4,4,3]}}`,
		`{"variant":"namnam","pits":{"south":[4,4,4,4,4,4],"north":[4,4,4,4,4,2]},"stores":{"south":2,"north":0}}`,
	} {
		if _, err := ParsePosition([]byte(bad)); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}

// TestNamnamNoAlloc: Apply without events and AppendMoves allocate
// nothing, in play and in the claim phase.
func TestNamnamNoAlloc(t *testing.T) {
	r := MustNew("namnam", nil)
	q := new(Position)
	var buf [MaxMoves]Move
	for _, p := range []Position{
		r.Start(),
		board{toMove: South, south: []int{0, 0, 0, 0, 0, 1}, north: []int{3, 0, 0, 0, 0, 4}, stores: [2]int{24, 16}}.setup(t, r),
		mustPlay(t, board{toMove: South, south: []int{0, 0, 0, 0, 0, 1}, north: []int{3, 0, 0, 0, 0, 4}, stores: [2]int{24, 16}}.setup(t, r), "6"),
	} {
		*q = p
		m := r.AppendMoves(q, buf[:0])[0]
		if n := testing.AllocsPerRun(20, func() { *q = p; r.Apply(q, m, nil) }); n != 0 {
			t.Errorf("Apply %s: %v allocations", m, n)
		}
		if n := testing.AllocsPerRun(20, func() { *q = p; _ = r.AppendMoves(q, buf[:0]) }); n != 0 {
			t.Errorf("AppendMoves: %v allocations", n)
		}
	}
}

func FuzzNamnam(f *testing.F) {
	// Every input cheap: a long relay counts as never-ending early.
	f.Cleanup(LowerRelayLapBound(1 << 8))
	// layout flag (bit 0 a layout, bit 2 the claim phase), then the
	// layout: South's 6 pits, a store byte, North's, a store byte, side to
	// move and round/claims byte, ply, two owner bytes; then move bytes.
	fzCorpus(f,
		[]byte{0},
		[]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13},
		// section 14's infinite relay: South owns all but North 3 and 5
		[]byte{1, 1, 0, 2, 1, 0, 2, 8, 1, 0, 1, 0, 1, 3, 0, 8 << 4, 0, 0, 0xff - 0x14, 3, 0, 1},
		// the last four, then the claims
		[]byte{1, 0, 0, 0, 0, 0, 1, 6, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		fzRun(t, "namnam", nil, &fzBytes{data})
	})
}
