package search

import (
	"context"
	"math/rand"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// TestAbapaSearchProofs: under Abapa's rules (grand slams capture nothing,
// the game ends at the first recurrence) the search asks oware.FirstDB at
// every node it covers, its bounds widened by the level's earlier
// positions. On random endgames of 2 or 3 seeds in the pits, reached by up
// to 4 quiet moves (their positions the history), every result the
// search calls proven has the outcome (won, drawn, lost) a brute force of
// those rules finds with that history; and the table proves more of them
// than the search proves without it (owareFirstSeeds 0: no board covered),
// on a budget of 2,000 positions a search.
func TestAbapaSearchProofs(t *testing.T) {
	if testing.Short() {
		t.Skip("a brute force of 80 endgames")
	}
	r := engine.MustNew("oware", engine.Options{"grand_slam": "nocapture", "repetition": "first"})
	if err := Prepare(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	type game struct {
		p    engine.Position
		hist []engine.Position
	}
	rng := rand.New(rand.NewSource(5))
	var games []game
	for len(games) < 40 {
		k := 2 + rng.Intn(2)
		var pits [12]int
		for range k {
			pits[rng.Intn(12)]++
		}
		p, err := engine.NewPosition(r, engine.Setup{ToMove: engine.Side(rng.Intn(2)), Pits: [][]int{pits[:6], pits[6:]}, Stores: []int{22, 26 - k}})
		if err != nil || p.Status() != engine.Ongoing {
			continue
		}
		var hist []engine.Position
		for range rng.Intn(5) {
			var quiet []engine.Position
			for _, m := range p.Moves() {
				if c, err := p.Play(m); err == nil && c.Status() == engine.Ongoing && c.PitSeeds(engine.South)+c.PitSeeds(engine.North) == k {
					quiet = append(quiet, c)
				}
			}
			if len(quiet) == 0 {
				break
			}
			hist = append(hist, p)
			p = quiet[rng.Intn(len(quiet))]
		}
		games = append(games, game{p, hist})
	}
	sign := func(v int) int { return min(max(v, -1), 1) }
	checked := 0
	proofs := func() (n int) {
		for i, g := range games {
			a, err := Analyze(context.Background(), g.p, Limits{Nodes: 2_000, History: g.hist, TableMB: 1})
			if err != nil {
				t.Fatal(err)
			}
			if !a.Proven {
				continue
			}
			n++
			v, ok := bruteForceBudget(g.p, nil, g.hist, 50_000)
			if !ok {
				continue
			}
			if got := int(a.Score); sign(got) != sign(v) {
				t.Fatalf("game %d: the search proves %d, the brute force finds %d, after %d quiet moves\n%s", i, got, v, len(g.hist), &g.p)
			}
			checked++
		}
		return n
	}
	with := proofs()
	saved := owareFirstSeeds
	owareFirstSeeds = 0
	defer func() { owareFirstSeeds = saved }()
	if err := Prepare(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	without := proofs()
	t.Logf("%d endgames: %d proven with the first-recurrence table, %d without; %d proofs checked by the brute force", len(games), with, without, checked)
	if with <= without {
		t.Errorf("the table proves %d, no more than the %d proven without it", with, without)
	}
}
