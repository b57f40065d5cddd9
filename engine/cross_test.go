package engine

import (
	"strings"
	"testing"
)

// Cross-sowing (docs/sources/more-games-rules.md section 12), option cross of
// Kalah and Oware: a pit holding an even number of seeds is sown clockwise.

func TestCrossKalah(t *testing.T) {
	runRulesCases(t, []rulesCase{{
		// Section 14: from the start South's 3 (4 seeds, even) goes
		// clockwise: 2, 1, past North's store, North 6, 5.
		name: "section 14", variant: "kalah", opts: Options{"cross": "true"},
		moves: "3",
		want:  board{toMove: North, south: []int{5, 5, 0, 4, 4, 4}, north: []int{4, 4, 4, 4, 5, 5}},
	}, {
		// An odd pit goes counter-clockwise as usual: 3 seeds from pit 4
		// end in the store, an extra turn.
		name: "odd pit counter-clockwise", variant: "kalah", opts: Options{"cross": "true"},
		from:  &board{toMove: South, south: []int{4, 4, 4, 3, 4, 4}, north: []int{4, 4, 4, 4, 4, 5}},
		moves: "4",
		want:  board{toMove: South, south: []int{4, 4, 4, 0, 5, 5}, north: []int{4, 4, 4, 4, 4, 5}, stores: [2]int{1, 0}},
	}, {
		// South's pit 2 holds 2: clockwise into pit 1 and North's pit 6:
		// the move ends on North's side.
		name: "clockwise ends on the opponent's side", variant: "kalah", opts: Options{"cross": "true"},
		from:  &board{toMove: South, south: []int{0, 2, 1, 1, 1, 1}, north: []int{1, 1, 1, 1, 1, 1}},
		moves: "2",
		want:  board{toMove: North, south: []int{1, 0, 1, 1, 1, 1}, north: []int{1, 1, 1, 1, 1, 2}},
	}, {
		// Clockwise capture: South's pit 3 holds 2: pit 2 (1), pit 1
		// (empty): the seed and North's pit 6 (3) are captured.
		name: "clockwise capture", variant: "kalah", opts: Options{"cross": "true"},
		from:   &board{toMove: South, south: []int{0, 0, 2, 1, 1, 1}, north: []int{1, 1, 1, 1, 1, 3}},
		moves:  "3",
		want:   board{toMove: North, south: []int{0, 1, 0, 1, 1, 1}, north: []int{1, 1, 1, 1, 1, 0}, stores: [2]int{4, 0}},
		events: []string{"capture 3 from 12 to south", "capture 1 from 0 to south"},
	}, {
		// A lap clockwise through the own store: South's pit 1 with 8
		// seeds sows North 6..1, South's store and South's pit 6, empty:
		// that seed and North's pit 1 (2) are captured.
		name: "clockwise through the store", variant: "kalah", opts: Options{"cross": "true"},
		from:  &board{toMove: South, south: []int{8, 1, 1, 1, 1, 0}, north: []int{1, 1, 1, 1, 1, 1}},
		moves: "1",
		want:  board{toMove: North, south: []int{0, 1, 1, 1, 1, 0}, north: []int{0, 2, 2, 2, 2, 2}, stores: [2]int{4, 0}},
	}, {
		// C6: cross-sown Kalah can cycle. South 1 (odd) into pit 2; North
		// 1 (odd) into its empty pit 2, facing South's empty pit 1; South
		// 2 (2, clockwise) into pit 1 and, past North's store, North 2;
		// North 2 (2, clockwise) into its pit 1 and, past South's store,
		// South 2: the start again. Its third occurrence ends the game,
		// each side taking its own seeds: 2:1.
		name: "third repetition", variant: "kalah", opts: Options{"cross": "true", "pits": "2"},
		from:   &board{toMove: South, south: []int{1, 1}, north: []int{1, 0}},
		moves:  "1 1 2 2 1 1 2 2",
		want:   board{toMove: South, south: []int{0, 0}, north: []int{0, 0}, stores: [2]int{2, 1}},
		status: SouthWon,
		events: []string{"sweep 1 from 0 to south", "sweep 1 from 1 to south", "sweep 1 from 3 to north", "end south_won (repetition)"},
	}})
	r := MustNew("kalah", Options{"cross": "true"})
	if r.RepetitionLimit() != 3 || MustNew("kalah", nil).RepetitionLimit() != 0 {
		t.Error("RepetitionLimit: want 3 with cross=true only")
	}
}

func TestCrossOware(t *testing.T) {
	runRulesCases(t, []rulesCase{{
		// Section 14: South's pit 1 (2 seeds, even) goes clockwise into
		// North 6 (1 -> 2) and North 5 (2 -> 3, last): the chain runs
		// from North 5 toward North 6: 3 + 2 = 5.
		name: "section 14", variant: "oware", opts: Options{"cross": "true"},
		from:   &board{toMove: South, south: []int{2, 4, 4, 4, 4, 4}, north: []int{4, 4, 4, 4, 2, 1}},
		moves:  "1",
		want:   board{toMove: North, south: []int{0, 4, 4, 4, 4, 4}, north: []int{4, 4, 4, 4, 0, 0}, stores: [2]int{5, 0}},
		events: []string{"capture 3 from 11 to south", "capture 2 from 12 to south"},
	}, {
		// Odd: counter-clockwise as usual, the chain backwards: North 3
		// (2), 2 (3), 1 (2).
		name: "odd pit as usual", variant: "oware", opts: Options{"cross": "true"},
		from:   &board{toMove: South, south: []int{4, 4, 4, 4, 4, 3}, north: []int{1, 2, 1, 4, 4, 4}},
		moves:  "6",
		want:   board{toMove: North, south: []int{4, 4, 4, 4, 4, 0}, north: []int{0, 0, 0, 4, 4, 4}, stores: [2]int{7, 0}},
		events: []string{"capture 2 from 9 to south", "capture 3 from 8 to south", "capture 2 from 7 to south"},
	}, {
		// Feeding: North has no seeds; South's pit 2 (2, clockwise: pit
		// 1, North 6) feeds, pit 5 (4, clockwise: 4, 3, 2, 1) does not,
		// pit 6 (1, counter-clockwise: North 1) does.
		name: "feeding clockwise", variant: "oware", opts: Options{"cross": "true"},
		from:  &board{toMove: South, south: []int{0, 2, 0, 0, 4, 1}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{20, 21}},
		moves: "2",
		want:  board{toMove: North, south: []int{1, 0, 0, 0, 4, 1}, north: []int{0, 0, 0, 0, 0, 1}, stores: [2]int{20, 21}},
	}})
	r := MustNew("oware", Options{"cross": "true"})
	p := board{toMove: South, south: []int{0, 2, 0, 0, 4, 1}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{20, 21}}.setup(t, r)
	wantMoves(t, p, "2", "6")
	wantIllegal(t, p, "5", MustFeed)
}

func TestCrossJSON(t *testing.T) {
	// The option is left out of position JSON while false, so that
	// earlier JSON (and the daily puzzles' ids) stays as it was.
	for _, id := range []string{"kalah", "oware"} {
		def, _ := MustNew(id, nil).Start().MarshalJSON()
		if strings.Contains(string(def), "cross") {
			t.Errorf("%s: %s", id, def)
		}
		p := MustNew(id, Options{"cross": "true"}).Start()
		j, _ := p.MarshalJSON()
		if !strings.Contains(string(j), `"cross":true`) {
			t.Errorf("%s: %s", id, j)
		}
		q, err := ParsePosition(j)
		if err != nil || q != p {
			t.Errorf("%s: round trip %v", id, err)
		}
	}
}
