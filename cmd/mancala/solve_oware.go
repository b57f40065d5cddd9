package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

// owareMarginNote says what the database's margins count.
const owareMarginNote = "margin counted to the end of the board: captures, then each side keeps the seeds on its side; " +
	"the majority rule (more than half of all the seeds) may end the game sooner, with the same winner"

// solveOwareDB answers an Oware position (any grand-slam rule) from the endgame
// database when its board has at most the database's seeds (--db-seeds,
// default: the largest in the cache, see search.OwarePerfectSeedsFor; -1: never): at once, exactly where the
// database holds the value, else with the bounds it proves (and the exit
// code of a solve stopped by a limit: the value depends on the repetition
// rule, which the database does not settle). done is false when the
// database does not apply (the caller solves as usual).
func solveOwareDB(ctx context.Context, a *parsedArgs, p engine.Position, hist []engine.Position, opts search.SolveOptions, stdout io.Writer) (done bool, err error) {
	if opts.DBSeeds < 0 || p.Rules().Variant().ID != "oware" {
		return false, nil
	}
	if opts.DBSeeds > search.MaxOwareDBSeeds {
		return true, usagef("--db-seeds %d: Oware's endgame database goes up to %d seeds", opts.DBSeeds, search.MaxOwareDBSeeds)
	}
	t0 := time.Now()
	ans, ok, err := search.OwareEndgame(ctx, p, hist, opts.DBSeeds, opts.CacheDir)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return true, failf("solve: interrupted")
		}
		if errors.Is(err, context.DeadlineExceeded) { // --timeout, during the database's build
			return true, solveLimited(a, p, opts, search.Result{Lower: -p.Seeds(), Upper: p.Seeds()}, "time", stdout)
		}
		return true, failf("solve: %v", err)
	}
	if !ok {
		return false, nil
	}
	// The game's own margin, majority rule included, where it is cheap.
	maj, majErr := owareMajority(ctx, p, hist, opts)
	secs := time.Since(t0).Seconds()
	best := ans.Best.String()
	if majErr == nil && maj.Exact {
		if a.bools["json"] {
			return true, writeJSON(stdout, struct {
				Exact      bool    `json:"exact"`
				Value      int     `json:"value"`
				Best       string  `json:"best"`
				Nodes      uint64  `json:"nodes"`
				Seconds    float64 `json:"seconds"`
				Database   int     `json:"database_seeds"`
				BoardLower int     `json:"board_end_lower"`
				BoardUpper int     `json:"board_end_upper"`
			}{true, maj.Lower, maj.Best.String(), uint64(maj.States), secs, ans.Seeds, ans.Lower, ans.Upper})
		}
		fmt.Fprintf(stdout, "value: %+d (%s with perfect play)\n", maj.Lower, owareVerdict(p.ToMove(), maj.Lower))
		fmt.Fprintf(stdout, "best move: %s\n", maj.Best)
		board := fmt.Sprintf("%+d", ans.Lower)
		if !ans.Exact {
			board = fmt.Sprintf("between %+d and %+d", ans.Lower, ans.Upper)
		}
		fmt.Fprintf(stdout, "counted to the end of the board instead (past the majority rule): %s\n", board)
		fmt.Fprintf(stdout, "endgame database: up to %d seeds; the game's own end analysed over %d positions; %.3f s\n", ans.Seeds, maj.States, secs)
		return true, nil
	}
	if ans.Exact {
		if a.bools["json"] {
			return true, writeJSON(stdout, struct {
				Exact      bool    `json:"exact"`
				Value      int     `json:"value"`
				Best       string  `json:"best"`
				Nodes      uint64  `json:"nodes"`
				Seconds    float64 `json:"seconds"`
				Database   int     `json:"database_seeds"`
				ToBoardEnd bool    `json:"to_board_end"`
			}{true, ans.Lower, best, 0, secs, ans.Seeds, true})
		}
		fmt.Fprintf(stdout, "value: %+d (%s with perfect play; %s)\n", ans.Lower, owareVerdict(p.ToMove(), ans.Lower), owareMarginNote)
		fmt.Fprintf(stdout, "best move: %s\n", best)
		fmt.Fprintf(stdout, "endgame database: up to %d seeds, exact here; %.3f s\n", ans.Seeds, secs)
		return true, nil
	}
	if a.bools["json"] {
		if err := writeJSON(stdout, boundsJSON{false, "repetition", ans.Lower, ans.Upper, best, true, 0, 0, secs, ans.Seeds, true}); err != nil {
			return true, err
		}
	} else {
		fmt.Fprintf(stdout, "not exact: play can go round in cycles from here, and the repetition rule decides; the endgame database proves bounds only\n")
		fmt.Fprintf(stdout, "value between %+d and %+d (%s; %s)\n", ans.Lower, ans.Upper, owareBoundsVerdict(p.ToMove(), ans.Lower, ans.Upper), owareMarginNote)
		fmt.Fprintf(stdout, "best move: %s (secures at least %+d)\n", best, ans.Lower)
		fmt.Fprintf(stdout, "endgame database: up to %d seeds; %.3f s\n", ans.Seeds, secs)
	}
	return true, &cliError{code: exitLimit, msg: "solve: not solved exactly: the value depends on the repetition rule (the endgame database gives bounds)"}
}

// owareVerdict says who wins with an exact margin v for side me, to move.
func owareVerdict(me engine.Side, v int) string {
	switch {
	case v > 0:
		return fmt.Sprintf("%s (to move) wins by %d", me, v)
	case v < 0:
		return fmt.Sprintf("%s wins by %d", 1-me, -v)
	}
	return "a draw"
}

// owareBoundsVerdict says what bounds lo < hi on side me's margin prove.
func owareBoundsVerdict(me engine.Side, lo, hi int) string {
	switch {
	case lo > 0:
		return fmt.Sprintf("%s (to move) wins, by at least %d", me, lo)
	case hi < 0:
		return fmt.Sprintf("%s wins, by at least %d", 1-me, -hi)
	case lo == 0:
		return fmt.Sprintf("%s (to move) does not lose", me)
	case hi == 0:
		return fmt.Sprintf("%s (to move) does not win", me)
	}
	return "the winner is not known"
}

// majorityStates bounds the analysis of the game's own margin in solve (an
// 8-seed endgame reaches about 100 000 positions, a tenth of a second; a
// 10-seed one about 575 000, a second; a balanced 12-seed one millions):
// past it the answer is the database's, counted to the end of the board.
// A bound in positions, not in time, so that the same position always gets
// the same answer (the solve's own --timeout still applies).
const majorityStates = 1_000_000

// owareMajority solves p under the game's own end (search.OwareMajority)
// when p has no history that could matter (no position with as many seeds
// in the pits repeated), within majorityStates positions and opts.Time (if
// set).
func owareMajority(ctx context.Context, p engine.Position, hist []engine.Position, opts search.SolveOptions) (search.OwareMajorityResult, error) {
	k := p.PitSeeds(engine.South) + p.PitSeeds(engine.North)
	for _, q := range hist {
		if q.PitSeeds(engine.South)+q.PitSeeds(engine.North) == k {
			return search.OwareMajorityResult{}, errors.New("history")
		}
	}
	if opts.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.Time)
		defer cancel()
	}
	return search.OwareMajority(ctx, p, majorityStates)
}
