package web

import (
	"reflect"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
)

// TestCurrentOf: a game in play stands at the engine's last position with
// the page's options (the last move marked, names by side), its last move
// and no result; a finished one has its result in the language asked for.
func TestCurrentOf(t *testing.T) {
	pl := playGame(t, "kalah", nil, 5, "Alice", "")
	c, err := CurrentOf(pl.rec, locales.EN)
	if err != nil {
		t.Fatal(err)
	}
	last := len(pl.positions) - 1
	if got, want := c.Game.Position(), pl.positions[last]; !reflect.DeepEqual(got, want) {
		t.Errorf("position %v, want %v", got, want)
	}
	if !reflect.DeepEqual(c.Options.Events, pl.events[last]) || c.Options.Names[engine.South] != "Alice" || c.Options.Names[engine.North] != "Bot" {
		t.Errorf("options %+v", c.Options)
	}
	if c.LastMove != pl.rec.Moves[last-1].Move || c.Result != "" || !reflect.DeepEqual(c.Names, []string{"Alice", "Bot"}) {
		t.Errorf("last move %q, result %q, names %q", c.LastMove, c.Result, c.Names)
	}

	over := playGame(t, "kalah", engine.Options{"pits": "3", "seeds": "1"}, 100, "Alice", "Bob")
	if over.rec.Result == "" {
		t.Fatal("the short game did not end")
	}
	c, err = CurrentOf(over.rec, locales.RU)
	if err != nil {
		t.Fatal(err)
	}
	g := &replayed{rec: over.rec}
	if c.Result == "" || c.Result != g.resultText(locales.RU) || c.Game.Position().Status() == engine.Ongoing {
		t.Errorf("finished: result %q, status %v", c.Result, c.Game.Position().Status())
	}

	damaged := playGame(t, "kalah", nil, 2, "Alice", "Bob")
	damaged.rec.Damage = "options"
	if _, err := CurrentOf(damaged.rec, locales.EN); err == nil {
		t.Error("a damaged game was replayed")
	}
}
