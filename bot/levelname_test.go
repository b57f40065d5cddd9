package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
)

// endgameOpponent offers "perfect" in Oware as a level exact in solved
// endgames of up to 12 seeds, and claims its moves win (OutcomeOnly, as
// Oware's database does).
type endgameOpponent struct{ value int }

func (endgameOpponent) Levels() []string                { return []string{"expert", "perfect"} }
func (endgameOpponent) Offered(r engine.Rules) []string { return []string{"expert", "perfect"} }
func (endgameOpponent) EndgameSeeds(r engine.Rules, level string) int {
	if level == "perfect" && r.Variant().ID == "oware" {
		return 12
	}
	return 0
}
func (o endgameOpponent) Move(_ context.Context, g *engine.Game, _ string, _ int64) (bot.Choice, error) {
	return bot.Choice{Move: g.Position().Moves()[0], Exact: true, Value: o.value, OutcomeOnly: true}, nil
}

// TestEndgameLevelName: a level exact only in solved endgames is named so
// when a game starts, and its exact moves say who wins, not by how much
// (the margin it knows counts past the game's end).
func TestEndgameLevelName(t *testing.T) {
	h := newHarness(t, endgameOpponent{value: 6})
	r := one(t, h.say("alice", "/new oware bot perfect"))
	if !strings.Contains(r.Text, "expert, with perfect play in solved endgames (up to 12 seeds left)") {
		t.Errorf("start: %q", r.Text)
	}
	r = one(t, h.say("alice", "1"))
	if !strings.Contains(r.Text, "This position is solved: with best play the bot wins.") || strings.Contains(r.Text, "wins by") {
		t.Errorf("exact move line: %q", r.Text)
	}
	// Kalah's perfect keeps its name.
	h2 := newHarness(t, endgameOpponent{value: -3})
	r = one(t, h2.say("alice", "/new kalah bot perfect"))
	if !strings.Contains(r.Text, "perfect play") || strings.Contains(r.Text, "endgames") {
		t.Errorf("kalah start: %q", r.Text)
	}
	// In Russian and Polish, with the plural of 12.
	h3 := newHarness(t, endgameOpponent{value: -2})
	one(t, h3.say("alice", "/lang ru"))
	r = one(t, h3.say("alice", "/new oware bot perfect"))
	if !strings.Contains(r.Text, "эксперт, безупречный в решённых эндшпилях (когда на доске до 12 камней)") {
		t.Errorf("ru start: %q", r.Text)
	}
	r = one(t, h3.say("alice", "1"))
	if !strings.Contains(r.Text, "Эта позиция решена: при лучшей игре бот проигрывает.") {
		t.Errorf("ru exact loss line: %q", r.Text)
	}
	h4 := newHarness(t, endgameOpponent{value: 0})
	one(t, h4.say("alice", "/lang pl"))
	r = one(t, h4.say("alice", "/new oware bot perfect"))
	if !strings.Contains(r.Text, "ekspert, bezbłędny w rozwiązanych końcówkach (do 12 kamieni na planszy)") {
		t.Errorf("pl start: %q", r.Text)
	}
	r = one(t, h4.say("alice", "1"))
	if !strings.Contains(r.Text, "Ta pozycja jest rozwiązana: przy najlepszej grze obu stron będzie remis.") {
		t.Errorf("pl draw line: %q", r.Text)
	}
}

// TestOwareEndgamePuzzleReveal: an Oware endgame puzzle of the endgame
// database (2026-12-02) is revealed with who wins, no margins.
func TestOwareEndgamePuzzleReveal(t *testing.T) {
	h := newHarness(t, nil)
	h.advance(10 * 24 * time.Hour) // Sunday 2026-11-22 to Wednesday 2026-12-02
	r := private(t, h.say("alice", "puzzle give up"), "You gave up today’s puzzle. Here is the answer.", true)
	for _, want := range []string{"The answer:* 5", "With it South wins, whatever North does."} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("reveal %q lacks %q", r.Text, want)
		}
	}
	if strings.Contains(r.Text, "Every first move") || strings.Contains(r.Text, "wins by") {
		t.Errorf("reveal %q gives margins", r.Text)
	}
}
