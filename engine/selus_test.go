package engine

import (
	"encoding/json"
	"strings"
	"testing"
)

// The variant's rows of TestPerftTable and BenchmarkPerft, and its fuzz
// target (pieces_test.go).
func init() {
	addPerft("selus", perftRow{nil, []uint64{9, 71, 544, 4119, 30017, 214707}})
	addBench("selus", benchRow{"selus", nil, 7})
	addFuzz("selus", FuzzSelus)
}

// The Selus rules of docs/sources/more-games-rules.md section 8, one test per
// rule, and the section 14 vectors (the author's problem, the constructed
// checks).

// wegueExtra writes extra JSON: wegues as "s2:n" (South's pit 2, owned by
// North), openings done unless opening is set.
func wegueExtra(opening string, wegues ...string) string {
	row := map[byte]*[9]string{'s': {}, 'n': {}}
	for _, w := range wegues {
		owner := "south"
		if w[len(w)-1] == 'n' {
			owner = "north"
		}
		row[w[0]][w[1]-'1'] = owner
	}
	q := func(r *[9]string) string { return `["` + strings.Join(r[:], `","`) + `"]` }
	if opening == "" {
		opening = `{"south":false,"north":false}`
	}
	return `{"wegue":{"south":` + q(row['s']) + `,"north":` + q(row['n']) + `},"opening":` + opening + `}`
}

func TestSelusRule1Start(t *testing.T) {
	p := MustNew("selus", nil).Start()
	if p.Seeds() != 54 || p.ToMove() != South || len(p.Marks()) != 0 {
		t.Errorf("start: %s", describe(&p))
	}
	if got := describe(&p); !strings.Contains(got, `"opening":{"north":true,"south":true}`) {
		t.Errorf("start extra: %s", got)
	}
	wantMoves(t, p, "1", "2", "3", "4", "5", "6", "7", "8", "9")
}

// Rule 2: never from a wegue, whoever owns it.
func TestSelusRule2NoMoveFromWegue(t *testing.T) {
	r := MustNew("selus", nil)
	p := board{south: []int{2, 3, 0, 0, 1, 0, 0, 0, 0}, north: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}, extra: wegueExtra("", "s1:s", "s2:n")}.setup(t, r)
	wantMoves(t, p, "5")
	wantIllegal(t, p, "1", TrapPit)
	wantIllegal(t, p, "2", TrapPit)
	wantIllegal(t, p, "3", EmptyPit)
	if m := p.Marks(); len(m) != 2 || m[0] != (Mark{Cell: 0, Kind: MarkTrap, Side: South}) || m[1] != (Mark{Cell: 1, Kind: MarkTrap, Side: North}) {
		t.Errorf("marks %v", m)
	}
}

// Rule 3a and the section 14 constructed checks.
func TestSelusRule3aWegue(t *testing.T) {
	s := []int{0, 0, 0, 0, 0, 0, 0, 0, 2}
	n := []int{0, 1, 0, 0, 0, 0, 0, 0, 0}
	sr := []int{1, 0, 0, 0, 0, 0, 0, 0, 0} // something for South to play again with
	runRulesCases(t, []rulesCase{
		{name: "own wegue: 2 and again", variant: "selus",
			from:   &board{south: s, north: n, extra: wegueExtra("", "n2:s")},
			moves:  "9",
			want:   board{toMove: North, south: []int{0, 0, 0, 0, 0, 0, 0, 0, 0}, north: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{2, 0}, extra: wegueExtra("", "n2:s")},
			events: []string{"capture 2 from 10 to south"}},
		{name: "own wegue, South can go on", variant: "selus",
			from:   &board{south: []int{1, 0, 0, 0, 0, 0, 0, 0, 2}, north: n, extra: wegueExtra("", "n2:s")},
			moves:  "9",
			want:   board{toMove: South, south: sr, north: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{2, 0}, extra: wegueExtra("", "n2:s")},
			events: []string{"capture 2 from 10 to south", "extra_turn south"}},
		{name: "weak traps clear it", variant: "selus", opts: Options{"weak_traps": "true"},
			from:  &board{south: []int{1, 0, 0, 0, 0, 0, 0, 0, 2}, north: n, extra: wegueExtra("", "n2:s")},
			moves: "9",
			want:  board{toMove: South, south: sr, north: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{2, 0}, extra: wegueExtra("")}},
		{name: "opponent's wegue: 2, turn ends", variant: "selus",
			from:  &board{south: []int{1, 0, 0, 0, 0, 0, 0, 0, 2}, north: []int{1, 1, 0, 0, 0, 0, 0, 0, 0}, extra: wegueExtra("", "n2:n")},
			moves: "9",
			want:  board{toMove: North, south: sr, north: []int{2, 0, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{2, 0}, extra: wegueExtra("", "n2:n")}},
		{name: "opponent's eye: 2 and again", variant: "selus",
			from:  &board{south: []int{1, 0, 0, 0, 0, 0, 0, 0, 1}, north: []int{1, 1, 0, 0, 0, 0, 0, 0, 0}, extra: wegueExtra("", "n1:n")},
			moves: "9",
			want:  board{toMove: South, south: sr, north: []int{0, 1, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{2, 0}, extra: wegueExtra("", "n1:n")}},
		{name: "own eye: the seed stays", variant: "selus",
			from:  &board{south: []int{2, 0, 0, 0, 0, 0, 0, 0, 10}, north: []int{0, 0, 0, 0, 0, 0, 0, 0, 0}, extra: wegueExtra("", "s1:n")},
			moves: "9",
			want:  board{toMove: North, south: []int{3, 0, 0, 0, 0, 0, 0, 0, 0}, north: []int{1, 1, 1, 1, 1, 1, 1, 1, 1}, extra: wegueExtra("", "s1:n")}},
		{name: "empty wegue: the seed stays", variant: "selus",
			from:  &board{south: []int{1, 0, 0, 0, 0, 0, 0, 0, 2}, north: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}, extra: wegueExtra("", "n2:s")},
			moves: "9",
			want:  board{toMove: North, south: sr, north: []int{2, 1, 0, 0, 0, 0, 0, 0, 0}, extra: wegueExtra("", "n2:s")}},
	})
}

// Rule 3b: a 3 made 4 becomes the mover's wegue, on either side, once his
// first move is over; during it the 4 relays.
func TestSelusRule3bNewWegue(t *testing.T) {
	runRulesCases(t, []rulesCase{
		{name: "on the opponent's side", variant: "selus",
			from:  &board{south: []int{1, 0, 0, 0, 0, 0, 0, 0, 1}, north: []int{3, 0, 0, 0, 0, 0, 0, 0, 0}},
			moves: "9",
			want:  board{toMove: North, south: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}, north: []int{4, 0, 0, 0, 0, 0, 0, 0, 0}, extra: wegueExtra("", "n1:s")}},
		{name: "on one's own side", variant: "selus",
			from:  &board{south: []int{1, 3, 0, 0, 0, 0, 0, 0, 0}, north: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}},
			moves: "1",
			want:  board{toMove: North, south: []int{0, 4, 0, 0, 0, 0, 0, 0, 0}, north: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}, extra: wegueExtra("", "s2:s")}},
		{name: "during the opening it relays", variant: "selus",
			from:  &board{south: []int{1, 3, 0, 0, 0, 0, 0, 0, 0}, north: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}, extra: wegueExtra(`{"south":true,"north":true}`)},
			moves: "1",
			want:  board{toMove: North, south: []int{0, 0, 1, 1, 1, 1, 0, 0, 0}, north: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}, extra: wegueExtra(`{"south":false,"north":true}`)}},
	})
	// From the start: South's first move makes no wegue.
	p := mustPlay(t, MustNew("selus", nil).Start(), "1")
	if len(p.Marks()) != 0 || !strings.Contains(describe(&p), `"opening":{"north":true,"south":false}`) {
		t.Errorf("after the first move: %s", describe(&p))
	}
}

// Rule 3c/3d: an empty pit ends the move; otherwise relay.
func TestSelusRule3cdRelay(t *testing.T) {
	r := MustNew("selus", nil)
	p := board{south: []int{2, 0, 1, 0, 0, 0, 0, 0, 0}, north: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}}.setup(t, r)
	q, ev, err := p.PlayEvents(Move{Pit: 1})
	want := board{toMove: North, south: []int{0, 1, 0, 1, 1, 0, 0, 0, 0}, north: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}}.setup(t, r)
	if err != nil || describe(&q) != describe(&want) {
		t.Errorf("%v %s", err, describe(&q))
	}
	checkEvents(t, ev, []string{"pickup 2 from 0", "sow 1", "sow 2", "relay 2 from 2", "sow 3", "sow 4"})
}

// Rule 4: a player who cannot move passes; the other goes on (no ply).
func TestSelusRule4Pass(t *testing.T) {
	r := MustNew("selus", nil)
	// North's only seeds are in a wegue: North cannot move.
	p := board{south: []int{1, 0, 1, 0, 0, 0, 0, 0, 0}, north: []int{0, 2, 0, 0, 0, 0, 0, 0, 0}, extra: wegueExtra("", "n2:n")}.setup(t, r)
	q := mustPlay(t, p, "1")
	if q.ToMove() != South || q.Ply() != 1 || q.Status() != Ongoing {
		t.Errorf("pass: %s", describe(&q))
	}
	// A set-up position whose side to move cannot move goes to the other.
	p = board{toMove: North, south: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}, north: []int{0, 2, 0, 0, 0, 0, 0, 0, 0}, extra: wegueExtra("", "n2:n")}.setup(t, r)
	if p.ToMove() != South {
		t.Errorf("set-up pass: %s", describe(&p))
	}
}

// Rule 5: the end and the score; and the author's problem (section 14).
func TestSelusProblem(t *testing.T) {
	runRulesCases(t, []rulesCase{{name: "Selus-Problem.zsg", variant: "selus",
		from:  &board{south: []int{1, 0, 0, 0, 1, 0, 0, 1, 2}, north: []int{1, 1, 0, 0, 0, 0, 0, 0, 1}, extra: wegueExtra("", "s2:n", "n2:s")},
		moves: "5 1 6 9 7 1 3 4 5 6 7 8",
		want: board{toMove: North, south: []int{0, 1, 0, 0, 0, 0, 0, 0, 4}, north: []int{0, 1, 0, 0, 0, 0, 0, 0, 0},
			stores: [2]int{0, 2}, extra: wegueExtra("", "s2:n", "n2:s", "s9:s")},
		status: SouthWon}})
	r := MustNew("selus", nil)
	p := board{south: []int{1, 0, 0, 0, 1, 0, 0, 1, 2}, north: []int{1, 1, 0, 0, 0, 0, 0, 0, 1}, extra: wegueExtra("", "s2:n", "n2:s")}.setup(t, r)
	g := NewGame(p)
	for i, f := range strings.Fields("5 1 6 9 7 1 3 4 5 6 7 8") {
		m, _ := ParseMove(f)
		before := g.Position().ToMove()
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		// North passes from the 8th move on: South plays 3..8 in a row.
		if want := []Side{South, North, South, North, South, North, South, South, South, South, South, South}[i]; before != want {
			t.Errorf("move %d (%s) by %s, want %s", i+1, f, before, want)
		}
	}
	q := g.Position()
	if wegueScore(&q, South) != 5 || wegueScore(&q, North) != 3 || q.EndReason() != EndNoMoves {
		t.Errorf("scores %d/%d, %s", wegueScore(&q, South), wegueScore(&q, North), q.EndReason())
	}
}

// Rule 6: the third occurrence ends the game with rule 5's scoring.
func TestSelusRule6Repetition(t *testing.T) {
	r := MustNew("selus", nil)
	p := board{south: []int{0, 0, 0, 0, 0, 0, 0, 0, 2}, north: []int{0, 1, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{3, 1}, extra: wegueExtra("", "s9:n")}.setup(t, r)
	p.endByRepetition(nil)
	// South 3 + 0 (his pit 9 is North's wegue); North 1 + 2 + 1.
	if p.Status() != NorthWon || p.EndReason() != EndRepetition || p.Store(North) != 1 {
		t.Errorf("repetition: %s %s", describe(&p), p.EndReason())
	}
}

func TestSelusExtraErrors(t *testing.T) {
	r := MustNew("selus", nil)
	for _, bad := range []string{`{"wegue":{"east":["","","","","","","","",""]}}`, `{"wegue":{"south":["x","","","","","","","",""]}}`,
		`{"wegue":{"south":[""]}}`, `{"opening":{"west":true}}`, `{"foo":1}`, `{"opening":3}`} {
		var x map[string]json.RawMessage
		if err := json.Unmarshal([]byte(bad), &x); err != nil {
			t.Fatal(err)
		}
		if _, err := NewPosition(r, Setup{Pits: [][]int{{1, 0, 0, 0, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0, 0, 0, 0}}, Extra: x}); err == nil {
			t.Errorf("extra %s accepted", bad)
		}
	}
	// The JSON round trip keeps wegues and openings.
	p := board{south: []int{1, 0, 0, 0, 0, 0, 0, 0, 0}, north: []int{1, 2, 0, 0, 0, 0, 0, 0, 0}, extra: wegueExtra(`{"south":true,"north":false}`, "n2:s")}.setup(t, r)
	j, _ := p.MarshalJSON()
	q, err := ParsePosition(j)
	if err != nil || q != p {
		t.Errorf("round trip %s: %v", j, err)
	}
}

func TestSelusScores(t *testing.T) {
	r := MustNew("selus", nil)
	p := board{south: []int{0, 0, 0, 0, 0, 0, 0, 0, 2}, north: []int{0, 1, 0, 0, 0, 0, 0, 0, 0}, stores: [2]int{3, 1}, extra: wegueExtra("", "s9:n")}.setup(t, r)
	if s, n, ok := p.Scores(); !ok || s != 3 || n != 4 {
		t.Errorf("Scores() = %d, %d, %v; want 3, 4", s, n, ok)
	}
	if _, _, ok := MustNew("gabata", nil).Start().Scores(); ok {
		t.Error("gabata has a score of its own")
	}
}

func TestSelusScoresNoAllocs(t *testing.T) {
	p := MustNew("selus", nil).Start()
	if n := testing.AllocsPerRun(50, func() { _, _, _ = p.Scores() }); n != 0 {
		t.Errorf("Scores: %.1f allocations", n)
	}
}

func FuzzSelus(f *testing.F) {
	f.Cleanup(LowerRelayLapBound(1 << 8))
	// options byte: weak_traps (bit 0); layout flag
	fzCorpus(f,
		[]byte{0, 0},
		[]byte{1, 0},
		[]byte{0, 1, 1, 0, 0, 0, 1, 0, 0, 1, 2, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 4, 0, 5},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		fzRun(t, "selus", Options{"weak_traps": []string{"false", "true"}[o&1]}, r)
	})
}
