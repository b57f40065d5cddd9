package engine_test

// Selus against the plain reference of reference_gabata_test.go.

import (
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// The variant's reference implementation, for TestEveryVariantHasItsTests.
func init() {
	engine.AddReference("selus", TestReferenceSelusGames)
}

func TestReferenceSelusGames(t *testing.T) {
	sets := []engine.Options{{"weak_traps": "false"}, {"weak_traps": "true"}}
	t3games(t, func(o engine.Options) engine.Rules { return engine.MustNew("selus", o) }, "selus", sets, 600)
}

func TestReferenceSelusPerft(t *testing.T) {
	depth := 5
	if testing.Short() {
		depth = 3
	}
	for _, opts := range []engine.Options{nil, {"weak_traps": "true"}} {
		t3perftCompare(t, engine.MustNew("selus", opts), "selus", opts, depth)
	}
}

// The author's problem (section 14), replayed move by move through the
// reference.
func TestReferenceSelusProblem(t *testing.T) {
	ref := t3newRef("selus", nil)
	copy(ref.pits[0][:], []int{1, 0, 0, 0, 1, 0, 0, 1, 2})
	copy(ref.pits[1][:], []int{1, 1, 0, 0, 0, 0, 0, 0, 1})
	ref.trap[0][1] = 2 // North's
	ref.trap[1][1] = 1 // South's
	p, err := engine.NewPosition(engine.MustNew("selus", nil), ref.setup())
	if err != nil {
		t.Fatal(err)
	}
	t3replay(t, nil, p, ref, nil, strings.Fields("5 1 6 9 7 1 3 4 5 6 7 8"))
	if ref.status != engine.SouthWon || ref.score(0) != 5 || ref.score(1) != 3 {
		t.Errorf("reference: %s %d/%d", ref.status, ref.score(0), ref.score(1))
	}
}
