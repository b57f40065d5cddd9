package engine_test

// Sulus against the plain reference of reference_gabata_test.go.

import (
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// The variant's reference implementation, for TestEveryVariantHasItsTests.
func init() {
	engine.AddReference("sulus", TestReferenceSulusGames)
}

func TestReferenceSulusGames(t *testing.T) {
	sets := []engine.Options{{"rule": "aydi"}, {"rule": "nishtav"}, {"rule": "lame"}}
	t3games(t, func(o engine.Options) engine.Rules { return engine.MustNew("sulus", o) }, "sulus", sets, 400)
}

func TestReferenceSulusPerft(t *testing.T) {
	depth := 5
	if testing.Short() {
		depth = 3
	}
	for _, opts := range []engine.Options{nil, {"rule": "nishtav"}} {
		t3perftCompare(t, engine.MustNew("sulus", opts), "sulus", opts, depth)
	}
}
