package bot

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/puzzle"
	"github.com/mancala-bot/mancala/search"
)

// explanation is the work behind a puzzle's reveal, the same for every
// player and language.
type explanation struct {
	// values are each first move's exact value for the side to move (final
	// store margin with best play), the answer's first, then best first:
	// for best-move puzzles the solver can finish (Kalah, Congkak).
	values []moveValue
	// solutions counts a solitaire's solutions (0: not counted).
	solutions uint64
}

// moveValue is a move and the final margin it leads to with best play.
type moveValue struct {
	move  engine.Move
	value int
}

// explainOpts bound each solve of explain: positions of exact puzzles hold
// at most 18 seeds in the pits and take a few tens of thousands of nodes;
// no endgame database is built or read.
var explainOpts = search.SolveOptions{MemoryMB: 8, DBSeeds: -1, CacheDir: "-", MaxNodes: 5_000_000}

// explainTime bounds the whole of explain.
const explainTime = 10 * time.Second

// explanations keeps explain's results by puzzle id: every player's
// reveal asks for the same. It is emptied when it holds 8.
var explanations struct {
	sync.Mutex
	m map[string]explanation
}

// explain solves what the reveal of p shows: for an exact best-move puzzle
// the value of every first move (search.Solve on the position after it,
// negated when the turn passes), for a solitaire its number of solutions
// (search.SolveSolitaire). Forced-win puzzles (Oware, Togyz Kumalak) and
// Oware's endgame puzzles need nothing. The error is the solver's (a budget or time limit reached).
func explain(ctx context.Context, p puzzle.Puzzle) (explanation, error) {
	explanations.Lock()
	e, ok := explanations.m[p.ID]
	explanations.Unlock()
	if ok {
		return e, nil
	}
	ctx, cancel := context.WithTimeout(ctx, explainTime)
	defer cancel()
	switch {
	case p.Kind == puzzle.Solitaire:
		res, err := search.SolveSolitaire(ctx, p.Position, true)
		if err != nil {
			return explanation{}, err
		}
		e.solutions = res.Solutions
	case p.Variant == "oware":
		// Oware's endgame puzzles (its endgame database): the reveal says
		// who wins with the answer, no margins (the database's count play
		// past the majority rule) and no solver (its Oware values can miss
		// a repetition).
	case p.GoalKey == puzzle.GoalWin || p.GoalKey == puzzle.GoalWinBy || p.GoalKey == puzzle.GoalDraw:
		vals, err := moveValues(ctx, p.Position)
		if err != nil {
			return explanation{}, err
		}
		ans := p.Moves()
		sort.SliceStable(vals, func(i, j int) bool {
			if (vals[i].move == ans[0]) != (vals[j].move == ans[0]) {
				return vals[i].move == ans[0]
			}
			return vals[i].value > vals[j].value
		})
		e.values = vals
	}
	explanations.Lock()
	if explanations.m == nil || len(explanations.m) >= 8 {
		explanations.m = map[string]explanation{}
	}
	explanations.m[p.ID] = e
	explanations.Unlock()
	return e, nil
}

// moveValues solves every legal move of pos exactly, in the engine's move
// order.
func moveValues(ctx context.Context, pos engine.Position) ([]moveValue, error) {
	me := pos.ToMove()
	var out []moveValue
	for _, m := range pos.Moves() {
		q, err := pos.Play(m)
		if err != nil {
			return nil, err
		}
		v := q.Store(me) - q.Store(1-me)
		if q.Status() == engine.Ongoing {
			res, err := search.Solve(ctx, q, explainOpts)
			if err != nil {
				return nil, fmt.Errorf("solving %s after %s: %w", pos.Rules().Variant().ID, m, err)
			}
			v = res.Value
			if q.ToMove() != me {
				v = -v
			}
		}
		out = append(out, moveValue{m, v})
	}
	return out, nil
}

// explainText is the reveal's explanation in the session's language: the
// answer, what it achieves and, where the solver could tell, what every
// other first move leads to (or how many solutions a solitaire has). When
// the solver fails, the goal is restated without the details.
func (s *session) explainText(p puzzle.Puzzle) string {
	e, err := explain(s.ctx, p)
	if err != nil {
		s.b.log.WarnContext(s.ctx, "puzzle explanation", "puzzle", p.ID, "err", err)
	}
	answer := strings.Join(p.Answer, " ")
	if p.Kind == puzzle.Solitaire {
		lines := []string{s.t("puzzle_reveal_solution", map[string]any{"Moves": answer})}
		if e.solutions > 0 {
			lines = append(lines, s.t("puzzle_solutions", map[string]any{"Count": e.solutions}))
		}
		return strings.Join(lines, "\n")
	}
	side := p.Position.ToMove()
	args := map[string]any{
		"Moves": answer, "Side": s.t("side_"+side.String(), nil), "Opponent": s.t("side_"+(1-side).String(), nil),
	}
	lines := []string{s.t("puzzle_reveal_answer", args)}
	switch p.GoalKey {
	case puzzle.GoalForcedWin:
		n, _ := p.GoalArgs["n"].(int)
		args["N"] = n
		if n <= 1 {
			lines = append(lines, s.t("puzzle_reveal_forced_1", args))
		} else {
			lines = append(lines, s.t("puzzle_reveal_forced", args))
		}
		return strings.Join(lines, "\n")
	case puzzle.GoalDraw:
		lines = append(lines, s.t("puzzle_reveal_draw", args))
	default:
		if len(e.values) > 0 {
			args["Margin"] = e.values[0].value
		} else if m, ok := p.GoalArgs["margin"].(int); ok {
			args["Margin"] = m
		}
		if _, ok := args["Margin"]; ok {
			lines = append(lines, s.t("puzzle_reveal_win_by", args))
		} else {
			lines = append(lines, s.t("puzzle_reveal_win", args))
		}
	}
	if len(e.values) > 0 {
		lines = append(lines, s.t("puzzle_reveal_values", nil))
		for i, mv := range e.values {
			move := mv.move.String()
			if i == 0 {
				move = "*" + answer + "*"
			}
			lines = append(lines, fmt.Sprintf("• %s: %s", move, s.valueText(mv.value)))
		}
	}
	return strings.Join(lines, "\n")
}

// valueText says what a final margin means: "wins by 4 seeds", "draws".
func (s *session) valueText(v int) string {
	switch {
	case v > 0:
		return s.t("puzzle_value_win", map[string]any{"Margin": v})
	case v < 0:
		return s.t("puzzle_value_loss", map[string]any{"Margin": -v})
	}
	return s.t("puzzle_value_draw", nil)
}
