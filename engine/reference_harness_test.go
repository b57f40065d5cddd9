package engine_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// refModel is a reference implementation of one variant's rules (aref,
// ayref, kref...), written from the sources apart from the engine, which
// the reference tests play alongside the engine.
type refModel[G any] interface {
	// legalMoves are the moves legal now: none once the game is over.
	legalMoves() []engine.Move
	// play plays a legal move.
	play(m engine.Move)
	// remember starts the record of positions seen (for the repetition
	// rule) at the present one.
	remember()
	// clone is an independent copy; most models leave out the record of
	// positions seen.
	clone() G
}

// refReplay says how refReplay.play replays a game in the engine and in a
// reference model.
type refReplay[G refModel[G]] struct {
	what   string                                              // leads each failure: the variant and its options
	diff   func(engine.Position, G) []string                   // what differs between the engine's position and the model's
	maxPly int                                                 // the most moves played
	pick   func(ms []engine.Move, ply int) (engine.Move, bool) // the move at ply among the model's legal moves ms; false ends the replay
	each   func(G)                                             // if not nil, called after each move
}

// play plays a game from start in the engine (engine.Game) and in ref,
// which holds the same position, until the model has no legal move, pick
// ends it or maxPly moves are played, and returns how many positions it
// compared (the start's and one a move). It fails t where diff finds a
// difference, where the engine refuses a move the model allows, and
// where Position.Play and Game.Play disagree (except on a repetition,
// which only Game sees).
func (r refReplay[G]) play(t *testing.T, start engine.Position, ref G) int {
	t.Helper()
	g := engine.NewGame(start)
	ref.remember()
	var played []string
	check := func(p engine.Position) {
		t.Helper()
		if d := r.diff(p, ref); len(d) > 0 {
			sj, _ := start.MarshalJSON()
			t.Fatalf("%s\nstart: %s\nmoves: %s\n%s\ndifferences:\n  %s", r.what, sj, strings.Join(played, " "), p.String(), strings.Join(d, "\n  "))
		}
	}
	check(start)
	positions := 1
	for len(played) < r.maxPly {
		ms := ref.legalMoves()
		if len(ms) == 0 {
			break
		}
		m, ok := r.pick(ms, len(played))
		if !ok {
			break
		}
		prev := g.Position()
		fast, ferr := prev.Play(m)
		if _, err := g.Play(m); err != nil {
			t.Fatalf("%s: engine refused %s: %v\n%s", r.what, m, err, prev.String())
		}
		played = append(played, m.String())
		ref.play(m)
		cur := g.Position()
		check(cur)
		positions++
		if cur.EndReason() != engine.EndRepetition && (ferr != nil || fast != cur) {
			t.Fatalf("%s: Position.Play and Game.Play disagree after %s", r.what, strings.Join(played, " "))
		}
		if r.each != nil {
			r.each(ref)
		}
	}
	return positions
}

// refRandomMove picks a move at random with rng.
func refRandomMove(rng *rand.Rand) func([]engine.Move, int) (engine.Move, bool) {
	return func(ms []engine.Move, _ int) (engine.Move, bool) { return ms[rng.IntN(len(ms))], true }
}

// refFirstMove picks the first legal move (Madjnuni's only one).
func refFirstMove(ms []engine.Move, _ int) (engine.Move, bool) { return ms[0], true }

// refScript picks the moves of script in turn, and ends with it.
func refScript(t *testing.T, script []string) func([]engine.Move, int) (engine.Move, bool) {
	return func(_ []engine.Move, ply int) (engine.Move, bool) {
		if ply == len(script) {
			return engine.Move{}, false
		}
		m, err := engine.ParseMove(script[ply])
		if err != nil {
			t.Fatal(err)
		}
		return m, true
	}
}

// modelPerft counts the model's lines of depth moves from g, as engine.Perft
// does, each line played on a copy made by clone: the model's clone, or
// one keeping a copy of the positions seen, to apply the repetition rule
// along each line.
func modelPerft[G refModel[G]](g G, depth int, clone func(G) G) uint64 {
	if depth == 0 {
		return 1
	}
	ms := g.legalMoves()
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		c := clone(g)
		c.play(m)
		n += modelPerft(c, depth-1, clone)
	}
	return n
}

// refNewPosition is engine.NewPosition(rules, setup) of a random layout
// (pits, for the messages) whose game, settled by the reference model,
// has status and reason: NewPosition must refuse it exactly when it is
// finished. It fails t when NewPosition accepts a finished position or
// refuses one that goes on, and reports false when it rightly refused.
func refNewPosition(t *testing.T, what string, rules engine.Rules, setup engine.Setup, status engine.Status, reason engine.EndReason, pits any) (engine.Position, bool) {
	t.Helper()
	p, err := engine.NewPosition(rules, setup)
	switch {
	case status != engine.Ongoing && err == nil:
		t.Fatalf("%s: NewPosition accepted a finished position (%s %s):\n%s", what, status, reason, p.String())
	case status == engine.Ongoing && err != nil:
		t.Fatalf("%s: NewPosition refused %v: %v", what, pits, err)
	}
	return p, err == nil
}
