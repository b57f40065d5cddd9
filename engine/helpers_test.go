package engine

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// board is a two-player position written the way a person reads it: each
// side's pits in its own 1..N order, then the stores.
type board struct {
	toMove       Side
	south, north []int
	stores       [2]int
	extra        string // JSON object, or ""
}

// rulesCase is one hand-worked rule example: a position, the moves played
// from it, and the position they must produce.
type rulesCase struct {
	name    string
	variant string
	opts    Options
	from    *board // nil: the start position
	moves   string // space-separated
	want    board
	status  Status
	events  []string // if set, the last move's events must contain these, in order
}

func (b board) setup(t *testing.T, r Rules) Position {
	t.Helper()
	return b.setupStatus(t, r, Ongoing)
}

func (b board) setupStatus(t *testing.T, r Rules, st Status) Position {
	t.Helper()
	s := Setup{Status: st, ToMove: b.toMove, Pits: [][]int{b.south, b.north}, Stores: b.stores[:]}
	if r.Layout().Sides == 1 {
		s.Pits, s.Stores = s.Pits[:1], s.Stores[:1]
	}
	if b.extra != "" {
		if err := json.Unmarshal([]byte(b.extra), &s.Extra); err != nil {
			t.Fatalf("bad extra in test: %v", err)
		}
	}
	p, err := NewPosition(r, s)
	if err != nil {
		t.Fatalf("NewPosition: %v", err)
	}
	return p
}

// describe renders the side-by-side state compared by the tests.
func describe(p *Position) string {
	l := p.Rules().Layout()
	var b strings.Builder
	fmt.Fprintf(&b, "to move %s, status %s; ", p.ToMove(), p.Status())
	for s := range Side(l.Sides) {
		pits := make([]int, l.Pits)
		for i := range pits {
			pits[i] = p.Pit(s, i+1)
		}
		fmt.Fprintf(&b, "%s %v store %d; ", s, pits, p.Store(s))
	}
	if x := p.Extra(); x != nil {
		j, _ := json.Marshal(x)
		b.Write(j)
	}
	return b.String()
}

func runRulesCases(t *testing.T, cases []rulesCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := MustNew(tc.variant, tc.opts)
			p := r.Start()
			if tc.from != nil {
				p = tc.from.setup(t, r)
			}
			g := NewGame(p)
			var ev []Event
			for i, f := range strings.Fields(tc.moves) {
				m, err := ParseMove(f)
				if err != nil {
					t.Fatal(err)
				}
				before := g.Position()
				if ev, err = g.Play(m); err != nil {
					t.Fatalf("move %d (%s): %v", i+1, f, err)
				}
				if got := g.Position().Seeds(); got != before.Seeds() {
					t.Fatalf("move %d: seeds %d -> %d", i+1, before.Seeds(), got)
				}
			}
			got := g.Position()
			want := tc.want.setupStatus(t, r, tc.status)
			if describe(&got) != describe(&want) {
				t.Errorf("after %q:\n got %s\nwant %s", tc.moves, describe(&got), describe(&want))
			}
			if len(tc.events) > 0 {
				checkEvents(t, ev, tc.events)
			}
		})
	}
}

// checkEvents asserts that want occurs in ev as a subsequence.
func checkEvents(t *testing.T, ev []Event, want []string) {
	t.Helper()
	got := make([]string, len(ev))
	for i, e := range ev {
		got[i] = e.String()
	}
	k := 0
	for _, g := range got {
		if k < len(want) && g == want[k] {
			k++
		}
	}
	if k < len(want) {
		t.Errorf("events %q\ndo not contain, in order, %q (missing %q)", got, want, want[k])
	}
}

func moveList(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}

func mustPlay(t *testing.T, p Position, moves ...string) Position {
	t.Helper()
	for _, f := range moves {
		m, err := ParseMove(f)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = p.Play(m); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
	return p
}

func wantMoves(t *testing.T, p Position, want ...string) {
	t.Helper()
	if got := moveList(p.Moves()); !slices.Equal(got, want) {
		t.Errorf("moves = %v, want %v", got, want)
	}
}

func wantIllegal(t *testing.T, p Position, move string, reason Reason) {
	t.Helper()
	m, err := ParseMove(move)
	if err != nil {
		t.Fatal(err)
	}
	q, err := p.Play(m)
	if ReasonOf(err) != reason {
		t.Errorf("move %s: error %v (reason %d), want reason %d", move, err, ReasonOf(err), reason)
	}
	if q != p {
		t.Errorf("move %s: refused move changed the position", move)
	}
}
