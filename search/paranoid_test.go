package search

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// Every level plays a legal move in Ruma, both player counts, along random
// games; Analyze refuses a game of four seats clearly.
func TestParanoidLevelsRuma(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, players := range []string{"4", "2"} {
		p := engine.MustNew("ruma", engine.Options{"players": players}).Start()
		for step := 0; p.Status() == engine.Ongoing && step < 40; step++ {
			l := Levels()[step%len(Levels())]
			if l > Hard && step > 12 {
				l = Hard
			}
			m, err := l.MoveFrom(context.Background(), p, nil, 1)
			if err != nil {
				t.Fatalf("players=%s %s: %v", players, l, err)
			}
			if !slices.Contains(p.Moves(), m) {
				t.Fatalf("players=%s %s: %s is not legal in\n%s", players, l, m, p)
			}
			ms := p.Moves()
			p, _ = p.Play(ms[rng.IntN(len(ms))])
		}
	}
}

// Analyze searches a game of four seats with the paranoid search: in the
// position of TestParanoidBlocks it finds the one move that stops East
// from winning, and a finished game is refused.
func TestAnalyzeParanoid(t *testing.T) {
	j := `{"variant":"ruma","options":{"players":4},"to_move":"south",` +
		`"pits":{"south":[2,0,1,0,0,7],"east":[0,0,0,0,0,1],"north":[4,4,4,4,4,4],"west":[4,4,4,4,4,4]}}`
	p, err := engine.ParsePosition([]byte(j))
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(context.Background(), p, Limits{Depth: 4})
	if err != nil || a.Best.Pit != 6 || a.Depth != 4 || a.Nodes == 0 || a.Proven {
		t.Errorf("Analyze = %+v, %v; want move 6 at depth 4, unproven", a, err)
	}
	// After South's 1, East's 6 empties its row: South is lost whatever
	// the others do.
	q, _ := p.Play(engine.Move{Pit: 1})
	if a, err := Analyze(context.Background(), q, Limits{Depth: 3}); err != nil || a.Best.Pit != 6 || a.Score != ParanoidWin {
		t.Errorf("East to win: %+v, %v", a, err)
	}
	r, _ := q.Play(engine.Move{Pit: 6})
	if _, err := Analyze(context.Background(), r, Limits{Depth: 2}); !errors.Is(err, ErrGameOver) {
		t.Errorf("finished game: %v, want ErrGameOver", err)
	}
}

// The searching levels block an opponent's win: after South's 1, East
// empties its row with its 6; South's 6 (seven seeds, the last onto East's
// 6) puts seeds in East's row.
func TestParanoidBlocks(t *testing.T) {
	for _, players := range []string{"4", "2"} {
		j := `{"variant":"ruma","options":{"players":` + players + `},"to_move":"south",` +
			`"pits":{"south":[2,0,1,0,0,7],"east":[0,0,0,0,0,1],"north":[4,4,4,4,4,4],"west":[4,4,4,4,4,4]}}`
		p, err := engine.ParsePosition([]byte(j))
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Moves(); len(got) != 2 {
			t.Fatalf("moves %v, want 1 and 6", got)
		}
		for _, l := range []Level{Medium, Hard, Expert} {
			m, err := l.MoveFrom(context.Background(), p, nil, 1)
			if err != nil || m.Pit != 6 {
				t.Errorf("players=%s %s: %v %v, want 6", players, l, m, err)
			}
		}
	}
}
