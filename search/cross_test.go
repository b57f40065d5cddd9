package search

import (
	"context"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/kalah"
)

// Kalah with cross-sowing is not the plain Kalah of the fast solver and
// its database; the generic search plays it, as it plays Tshuba, at every
// level.
func TestCrossAndTshubaLevels(t *testing.T) {
	if _, _, _, ok := kalah.Params(engine.MustNew("kalah", engine.Options{"cross": "true"})); ok {
		t.Error("kalahParams accepts kalah with cross=true")
	}
	for _, r := range []engine.Rules{
		engine.MustNew("kalah", engine.Options{"cross": "true"}),
		engine.MustNew("oware", engine.Options{"cross": "true"}),
		engine.MustNew("tshuba", engine.Options{"cols": "4"}),
		engine.MustNew("tshuba", nil),
	} {
		g := engine.NewGame(r.Start())
		for _, l := range Levels() {
			if g.Position().Status() != engine.Ongoing {
				break
			}
			m, err := l.Move(context.Background(), g, 1)
			if err != nil {
				t.Fatalf("%s %v %s: %v", r.Variant().ID, r.Options(), l, err)
			}
			if _, err := g.Play(m); err != nil {
				t.Fatalf("%s %s: illegal move %s: %v", r.Variant().ID, l, m, err)
			}
		}
	}
}
