package bot

import (
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// A move naming an opponent's pit is written as that pit's label on the
// board with an arrow toward its row: up for South on a two-row board (and
// for anyone on a board drawn from the mover's seat), down for North.
func TestMoveTextNamesTheOpponentsPit(t *testing.T) {
	two := engine.MustNew("afrika", nil).Layout() // 8 pits a side, drawn from South
	four := engine.MustNew("tshuba", engine.Options{"cols": "4"}).Layout()
	tests := []struct {
		l    *engine.Layout
		move string
		ev   []engine.Event
		want string
	}{
		{two, "3", []engine.Event{{Kind: engine.EventPickup, Side: engine.South}}, "3"},
		{two, "11", []engine.Event{{Kind: engine.EventCapture, Side: engine.South}}, "↑3"},
		{two, "11", []engine.Event{{Kind: engine.EventCapture, Side: engine.North}}, "↓3"},
		{four, "15", []engine.Event{{Kind: engine.EventCapture, Side: engine.North}}, "↑7"},
		{two, "swap", nil, "swap"},
		{two, "17", []engine.Event{{Kind: engine.EventCapture, Side: engine.South}}, "17"},
	}
	for _, tc := range tests {
		if got := moveText(tc.l, tc.move, tc.ev); got != tc.want {
			t.Errorf("moveText(%s) = %q, want %q", tc.move, got, tc.want)
		}
	}
}
