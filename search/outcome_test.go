package search

import (
	"context"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// TestFinalNamedWinner: where the rules name a winner the store margin
// does not favour, a finished position is a win or a loss worth every seed
// in play, and the search plays for it: Ohojitxi's win by emptying one's
// pits (no stores), Afrika's misere (the bigger store loses).
func TestFinalNamedWinner(t *testing.T) {
	p, err := engine.ParsePosition([]byte(`{"variant":"ohojitxi","to_move":"south","pits":{"south":[0,0,0,1,3,0],"north":[4,4,4,4,4,4]},` +
		`"stores":{"south":0,"north":0},"extra":{"drop":0,"last_drop":{"south":0,"north":0}}}`))
	if err != nil {
		t.Fatal(err)
	}
	// 4 makes pit 5 hold 4: captured, dropped, and South's pits are empty.
	a, err := Analyze(context.Background(), p, Limits{Depth: 4})
	if err != nil {
		t.Fatal(err)
	}
	if a.Best != (engine.Move{Pit: 4}) || a.Score != float64(p.Seeds()) {
		t.Errorf("ohojitxi: best %s score %v, want 4 winning (+%d)", a.Best, a.Score, p.Seeds())
	}

	// Misere Afrika: South to move must capture North's pit 8 (3) and
	// reaches 66 of 128: South loses. For North, to move then, that is a
	// win.
	r := engine.MustNew("afrika", engine.Options{"misere": "true"})
	q, err := engine.NewPosition(r, engine.Setup{Pits: [][]int{{0, 1, 0, 0, 0, 0, 0, 2}, {0, 0, 0, 0, 0, 0, 0, 3}}, Stores: []int{63, 59}})
	if err != nil {
		t.Fatal(err)
	}
	q, err = q.Play(engine.Move{Pit: 16})
	if err != nil || q.Status() != engine.NorthWon {
		t.Fatalf("misere capture: %v %s", err, q.Status())
	}
	if m := resultMargin(q, engine.North); m != q.Seeds() {
		t.Errorf("misere: North's match margin %d, want +%d", m, q.Seeds())
	}
	if m := resultMargin(q, engine.South); m != -q.Seeds() {
		t.Errorf("misere: South's match margin %d, want -%d", m, q.Seeds())
	}
}

// TestResultMarginScores: in Selus a match counts the rules' score (store
// and owned wegues), not the stores alone. Two positions of recorded games
// (Expert against Hard), each one move from the end, where the stores and
// the count disagree: by the stores alone the first was a loss worth
// every seed (-54) for South, and the second, a draw on the count (27 to
// 27), a loss by 8 for North.
func TestResultMarginScores(t *testing.T) {
	for _, tc := range []struct {
		name, pos string
		move      engine.Move
		status    engine.Status
	}{
		{"won on the count", `{"variant":"selus","options":{"weak_traps":false},"to_move":"north","ply":45,` +
			`"pits":{"south":[0,0,0,0,4,0,6,4,0],"north":[0,0,0,1,3,0,4,0,4]},"stores":{"south":16,"north":12},"status":"ongoing",` +
			`"extra":{"opening":{"north":false,"south":false},"wegue":{"north":["","","","","north","","north","","north"],` +
			`"south":["","","","","north","","north","south",""]}}}`, engine.Move{Pit: 4}, engine.NorthWon},
		{"drawn on the count", `{"variant":"selus","options":{"weak_traps":false},"to_move":"north","ply":37,` +
			`"pits":{"south":[4,1,0,0,0,1,0,0,0],"north":[1,9,0,4,0,0,0,0,0]},"stores":{"south":22,"north":12},"status":"ongoing",` +
			`"extra":{"opening":{"north":false,"south":false},"wegue":{"north":["","north","","south","","","","",""],` +
			`"south":["north","north","","","","south","","",""]}}}`, engine.Move{Pit: 1}, engine.Draw},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := engine.ParsePosition([]byte(tc.pos))
			if err != nil {
				t.Fatal(err)
			}
			q, err := p.Play(tc.move)
			if err != nil || q.Status() != tc.status {
				t.Fatalf("north %s: %v %s, want %s", tc.move, err, q.Status(), tc.status)
			}
			s, n, ok := q.Scores()
			if !ok || q.Store(engine.South) == q.Store(engine.North) {
				t.Fatalf("scores %d to %d (%v), stores %d to %d: not a case where they disagree", s, n, ok, q.Store(engine.South), q.Store(engine.North))
			}
			if m := resultMargin(q, engine.South); m != s-n {
				t.Errorf("South's match margin %d, want %d", m, s-n)
			}
			if m := resultMargin(q, engine.North); m != n-s {
				t.Errorf("North's match margin %d, want %d", m, n-s)
			}
		})
	}
}
