package puzzle

import (
	"context"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

// Oware's puzzles proven by its endgame database: positions with
// owareDBMin to owareDBMax seeds in the pits, every other week from
// owareDBFrom on (the puzzles of earlier dates stay what they were; the
// other weeks keep the forced wins).
const (
	owareDBMin = 6
	owareDBMax = 8
)

// owareDBFrom is the first date whose Oware puzzle comes from the
// endgame database.
var owareDBFrom = time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)

// owareDBWeek reports whether day's Oware puzzle comes from the endgame
// database: from owareDBFrom's week on, every other week.
func owareDBWeek(day time.Time) bool {
	return !day.Before(owareDBFrom) && (weekIndex(day)-weekIndex(owareDBFrom))%2 == 0
}

// owareDBCandidate examines an Oware position with at most owareDBMax
// seeds in the pits for a puzzle the endgame database proves (built in
// memory, half a second once per process; nothing written to disk): the
// position's value and every move's are exact there (no cycle can
// decide them), exactly one move wins and every other move loses
// (GoalWin). Wins and losses only, no draws: a win is forced without
// coming back to a position, so the puzzle's claims are proven through
// the engine quickly (search.ProveOwareStrategy), where holding a draw
// can go round in cycles until the repetition rule ends the game and
// takes millions of positions to prove. Outcomes only:
// the database's margins count play to the end of the board, past the
// majority rule, so no margin is promised. Nil when p makes no such
// puzzle.
func owareDBCandidate(p engine.Position) *candidate {
	a, ok, err := search.OwareEndgame(context.Background(), p, nil, owareDBMax, "-")
	if err != nil || !ok || !a.Exact || len(a.Moves) < 2 {
		return nil
	}
	best, at := -2, -1
	for i, m := range a.Moves {
		if !m.Exact() {
			return nil
		}
		switch o := search.Outcome(m.Lower); {
		case o > best:
			best, at = o, i
		case o == best:
			at = -1
		}
	}
	if at < 0 || best != 1 || search.Outcome(a.Lower) != best {
		return nil
	}
	for i, m := range a.Moves {
		if i != at && search.Outcome(m.Lower) != -1 {
			return nil
		}
	}
	me := p.ToMove()
	answer := a.Moves[at].Move
	key := GoalWin
	d := 1
	if len(a.Moves) >= 5 {
		d++
	}
	if greedyMove(p) != answer {
		d++
	}
	args := map[string]any{"side": me.String(), "opponent": (1 - me).String(), "moves": 1}
	return &candidate{pos: p, answer: []engine.Move{answer}, key: key, args: args, diff: clamp(d)}
}
