package puzzle

import (
	"fmt"
	"strings"
)

// Goal keys, for the bot's translations. Every key's args are listed with
// it; "side" and "opponent" are side names ("south", "north").
const (
	// GoalClear: clear a solitaire board. Args: "pits" (int), "seeds"
	// (int, on the board).
	GoalClear = "puzzle.solitaire.clear"
	// GoalWin: the only winning move. Args: "side", "opponent", "moves"
	// (int: the answer's length; more than 1 when the move earns extra
	// turns and the whole turn is asked for).
	GoalWin = "puzzle.best.win"
	// GoalWinBy: the only move that wins by the most, "margin" seeds.
	// Args: "side", "opponent", "margin" (int), "moves".
	GoalWinBy = "puzzle.best.win_by"
	// GoalDraw: the only move that does not lose. Args: "side",
	// "opponent", "moves".
	GoalDraw = "puzzle.best.draw"
	// GoalForcedWin: the only first move that wins the game within "n" of
	// the side's own moves whatever the opponent plays. Args: "side",
	// "opponent", "n" (int).
	GoalForcedWin = "puzzle.best.forced_win"
)

// goalText writes a goal in English.
func goalText(key string, args map[string]any) string {
	side := capitalize(fmt.Sprint(args["side"]))
	opp := capitalize(fmt.Sprint(args["opponent"]))
	var s string
	switch key {
	case GoalClear:
		return fmt.Sprintf("Sow all %d seeds into the store. Pick a pit: a sowing that ends in the store lets you pick again, "+
			"one that ends in an occupied pit goes on with its seeds, one that ends in an empty pit loses.", args["seeds"])
	case GoalWin:
		s = fmt.Sprintf("%s to move and win.", side)
	case GoalWinBy:
		s = fmt.Sprintf("%s to move and win by %d seeds.", side, args["margin"])
	case GoalDraw:
		s = fmt.Sprintf("%s to move and save the draw: every other move loses.", side)
	case GoalForcedWin:
		if n, _ := args["n"].(int); n <= 1 {
			return fmt.Sprintf("%s to move and win the game with this move.", side)
		}
		return fmt.Sprintf("%s to move and win within %d moves, whatever %s plays. Give the first move.", side, args["n"], opp)
	default:
		return key
	}
	if n, _ := args["moves"].(int); n > 1 {
		s += fmt.Sprintf(" Give the whole turn: %d moves, extra turns included.", n)
	}
	return s
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
