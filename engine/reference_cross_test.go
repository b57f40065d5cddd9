package engine_test

import (
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// TestReferenceCrossRepetition replays through the reference the Kalah
// cycle of cross_test.go, which random games do not meet: the third
// occurrence of the start ends the game, each side taking its own seeds.
func TestReferenceCrossRepetition(t *testing.T) {
	refCounts = map[string]int{}
	defer func() { refCounts = nil }()
	opts := engine.Options{"cross": "true", "pits": "2"}
	rules := engine.MustNew("kalah", opts)
	south, north := []int{1, 1}, []int{1, 0}
	p, err := engine.NewPosition(rules, engine.Setup{Pits: [][]int{south, north}})
	if err != nil {
		t.Fatal(err)
	}
	ref := refRules("kalah", opts)
	copy(ref.pits[0], south)
	copy(ref.pits[1], north)
	ref.startHistory()
	g := engine.NewGame(p)
	for i, pit := range []uint8{1, 1, 2, 2, 1, 1, 2, 2} {
		m := engine.Move{Pit: pit}
		if _, err := g.Play(m); err != nil {
			t.Fatalf("move %d (%s): %v", i+1, m, err)
		}
		ref.play(m)
		if d := refDiff(g.Position(), ref); len(d) > 0 {
			t.Fatalf("after move %d (%s): %v", i+1, m, d)
		}
	}
	if ref.reason != engine.EndRepetition || ref.status != engine.SouthWon || refCounts["kalah clockwise"] == 0 {
		t.Errorf("reference: %s %s, counts %v", ref.status, ref.reason, refCounts)
	}
}
