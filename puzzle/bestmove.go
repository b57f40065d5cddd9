package puzzle

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

// twoPlayer says how a variant's best-move puzzles are made.
type twoPlayer struct {
	// exact: the solver proves the best move (Kalah, Congkak); else the
	// puzzle is a forced win found by an exhaustive search of a few moves
	// (Oware, Togyz Kumalak, whose endgames the solver cannot finish
	// quickly).
	exact bool
	// maxSeeds: exact puzzles are taken once at most this many seeds are
	// left in the pits (the solver's work grows fast with them).
	maxSeeds int
	// minSeeds: positions with fewer seeds in the pits are not used: tiny
	// endgames are few, and different days' games could meet in one.
	minSeeds int
	// maxN: forced wins are looked for within 1..maxN of the mover's own
	// moves.
	maxN int
	// wins and reach: forced wins are looked for once the side to move has
	// at least wins-reach seeds in its store, wins being what wins the
	// game (more than half of the seeds).
	wins, reach int
	// owareDB: every other week from owareDBFrom on (see owareDBWeek),
	// the puzzle is an endgame of owareDBMin to owareDBMax seeds in the
	// pits proven by Oware's endgame database, instead of a forced win.
	owareDB bool
}

var twoPlayers = map[string]twoPlayer{
	"kalah":   {exact: true, maxSeeds: 18, minSeeds: 10},
	"congkak": {exact: true, maxSeeds: 18, minSeeds: 10},
	"oware":   {maxN: 3, wins: 25, reach: 12, minSeeds: 8, owareDB: true},
	"togyz":   {maxN: 3, wins: 82, reach: 30, minSeeds: 16},
}

// hardDifficulty is the rating an exact puzzle of a "hard" day must reach
// (failing that, within the budget, the day takes the hardest it found).
const hardDifficulty = 4

// Generation budget: games played and positions examined per date. The
// examined positions a date needs vary a lot: in a sample of 700 dates of
// each variant at most 45 (Kalah), 103 (Congkak), 268 (Oware) and 446
// (Togyz Kumalak, whose forced wins are cheap to look for).
const (
	maxGames      = 300
	maxExact      = 500
	maxForced     = 5000
	perGameExacts = 6 // exact candidates examined per game, for variety
)

// solveOpts bound each solve: no endgame database (nothing is built or
// written to disk), a small table, and a node budget far above what the
// positions allowed by maxSeeds need (a few tens of thousands), so that it
// never decides anything: tooLarge counts the times it did.
var solveOpts = search.SolveOptions{MemoryMB: 2, DBSeeds: -1, CacheDir: "-", MaxNodes: 3_000_000}

var tooLarge atomic.Int64

// candidate is a best-move puzzle found by the generator.
type candidate struct {
	pos    engine.Position
	answer []engine.Move
	key    string
	args   map[string]any
	diff   int
}

// bestMove makes a best-move puzzle of the day's variant: games are played
// from the start by a plausible but imperfect player (greedy most of the
// time, random otherwise), drawn from the date's random source, and their
// positions are examined until one has a unique, provable answer.
func (g *gen) bestMove() (Puzzle, error) {
	tp, ok := twoPlayers[g.slot.variant]
	if !ok {
		return Puzzle{}, fmt.Errorf("no best-move puzzles for %s", g.slot.variant)
	}
	r, err := engine.New(g.slot.variant, nil)
	if err != nil {
		return Puzzle{}, err
	}
	hard := g.slot.level == "hard"
	useDB := tp.owareDB && owareDBWeek(g.day)
	minSeeds := tp.minSeeds
	if useDB {
		minSeeds = owareDBMin
	}
	var fallback *candidate
	examined, maxExamined := 0, maxForced
	if tp.exact {
		maxExamined = maxExact
	}
	for game := 0; game < maxGames && examined < maxExamined; game++ {
		hist := engine.NewGame(r.Start())
		exacts := 0
	play:
		for p := hist.Position(); p.Status() == engine.Ongoing && examined < maxExamined; p = hist.Position() {
			var c *candidate
			switch {
			case pitSeeds(p) < minSeeds:
				break play
			case useDB:
				if pitSeeds(p) <= owareDBMax {
					examined++
					c = owareDBCandidate(p)
				}
			case tp.exact && pitSeeds(p) <= tp.maxSeeds:
				if exacts++; exacts > perGameExacts {
					break play
				}
				examined++
				if c, err = exactCandidate(p); err != nil {
					return Puzzle{}, err
				}
			case !tp.exact && p.Store(p.ToMove()) >= tp.wins-tp.reach:
				examined++
				c = forcedWinCandidate(p, tp.maxN)
			}
			if c != nil {
				accept := true
				switch {
				case c.key == GoalForcedWin:
					accept = c.args["n"].(int) >= 2 // a win in one is a fallback
				case useDB:
					accept = c.diff >= 2 // the greedy move, on few moves: a fallback
				case hard:
					accept = c.diff >= hardDifficulty
				}
				if accept {
					return c.puzzle(), nil
				}
				if fallback == nil || c.diff > fallback.diff {
					fallback = c
				}
			}
			if _, err := hist.Play(g.plausible(p)); err != nil {
				return Puzzle{}, err
			}
		}
	}
	if fallback != nil {
		return fallback.puzzle(), nil
	}
	return Puzzle{}, errors.New("no position with a unique answer found")
}

func (c *candidate) puzzle() Puzzle {
	ans := make([]string, len(c.answer))
	for i, m := range c.answer {
		ans[i] = m.String()
	}
	return Puzzle{Position: c.pos, GoalKey: c.key, GoalArgs: c.args, Difficulty: c.diff, Answer: ans}
}

// pitSeeds is the number of seeds in all the pits.
func pitSeeds(p engine.Position) int {
	n := 0
	for s := range engine.Side(p.Rules().Layout().Sides) {
		n += p.PitSeeds(s)
	}
	return n
}

// gain is what a move does at once for its mover: the change in the
// store margin.
func gain(p engine.Position, m engine.Move) int {
	me := p.ToMove()
	q, err := p.Play(m)
	if err != nil {
		return -1 << 20
	}
	return q.Store(me) - q.Store(1-me) - (p.Store(me) - p.Store(1-me))
}

// greedyMove is the move with the best immediate gain (the lowest pit on a
// tie): what a hasty player plays.
func greedyMove(p engine.Position) engine.Move {
	var best engine.Move
	bv := -1 << 30
	for _, m := range p.Moves() {
		if v := gain(p, m); v > bv {
			best, bv = m, v
		}
	}
	return best
}

// randomOpening is the number of plies the generator's games open with at
// random, so that no two dates' games run alike for long.
const randomOpening = 8

// plausible picks the next move of the generator's games: after a random
// opening, most of the time the best immediate gain (ties broken at
// random, an extra turn counting as a seed), otherwise any legal move.
func (g *gen) plausible(p engine.Position) engine.Move {
	moves := p.Moves()
	if p.Ply() < randomOpening || g.rng.IntN(100) < 30 {
		return moves[g.rng.IntN(len(moves))]
	}
	me := p.ToMove()
	var best []engine.Move
	bv := -1 << 30
	for _, m := range moves {
		v := gain(p, m)
		if q, err := p.Play(m); err == nil && q.Status() == engine.Ongoing && q.ToMove() == me {
			v++
		}
		switch {
		case v > bv:
			best, bv = append(best[:0], m), v
		case v == bv:
			best = append(best, m)
		}
	}
	return best[g.rng.IntN(len(best))]
}

// moveValue is a move and its exact value for the mover: the final store
// margin with perfect play after it.
type moveValue struct {
	Move  engine.Move
	Value int
}

// errTie is moveValues' answer when two moves reach the given best value.
var errTie = errors.New("two moves are best")

// moveValues solves every move of p exactly (Kalah and Congkak sizes the
// generator uses): the value of a move is that of the position after it,
// negated when the turn passes to the opponent (an extra turn keeps it).
// Given best, p's own value, it stops with errTie at the second move
// reaching it. Other errors are the solver's (search.ErrTooLarge past its
// node budget).
func moveValues(ctx context.Context, p engine.Position, best *int) ([]moveValue, error) {
	me := p.ToMove()
	var out []moveValue
	ties := 0
	for _, m := range p.Moves() {
		q, err := p.Play(m)
		if err != nil {
			return nil, err
		}
		var v int
		if q.Status() != engine.Ongoing {
			v = q.Store(me) - q.Store(1-me)
		} else {
			res, err := solve(ctx, q)
			if err != nil {
				return nil, err
			}
			v = res.Value
			if q.ToMove() != me {
				v = -v
			}
		}
		if best != nil && v == *best {
			if ties++; ties > 1 {
				return nil, errTie
			}
		}
		out = append(out, moveValue{m, v})
	}
	return out, nil
}

// solve is search.Solve with solveOpts, counting the budget's overruns.
func solve(ctx context.Context, p engine.Position) (search.Result, error) {
	res, err := search.Solve(ctx, p, solveOpts)
	if errors.Is(err, search.ErrTooLarge) {
		tooLarge.Add(1)
	}
	return res, err
}

// top returns the best value, the index of the only move that has it (-1
// when several do), the second best value and the worst.
func top(vals []moveValue) (best, only, second, worst int) {
	best, second, worst, only = -1<<30, -1<<30, 1<<30, -1
	for i, mv := range vals {
		worst = min(worst, mv.Value)
		switch {
		case mv.Value > best:
			second, best, only = best, mv.Value, i
		case mv.Value == best:
			second, only = best, -1
		case mv.Value > second:
			second = mv.Value
		}
	}
	return
}

// maxTurn bounds the moves of an exact puzzle's answer.
const maxTurn = 5

// exactCandidate examines p for an exact best-move puzzle: exactly one
// move reaches the best value, it is at least 2 seeds better than the next
// best, it does not lose, and some other move does not win; when it earns
// extra turns, each of the turn's further moves must be the only best one
// too (the answer is the whole turn). It returns nil for a position that
// is no puzzle, and an error only for a broken solver.
func exactCandidate(p engine.Position) (*candidate, error) {
	ctx := context.Background()
	moves := p.Moves()
	if len(moves) < 2 {
		return nil, nil
	}
	root, err := solve(ctx, p)
	if errors.Is(err, search.ErrTooLarge) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if root.Value < 0 {
		return nil, nil
	}
	vals, err := moveValues(ctx, p, &root.Value)
	if errors.Is(err, search.ErrTooLarge) || errors.Is(err, errTie) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	best, only, second, worst := top(vals)
	if only < 0 || best < 0 || best-second < 2 || worst > 0 {
		return nil, nil
	}
	me := p.ToMove()
	answer := []engine.Move{vals[only].Move}
	q, _ := p.Play(vals[only].Move)
	for q.Status() == engine.Ongoing && q.ToMove() == me {
		if len(answer) == maxTurn {
			return nil, nil
		}
		vs, err := moveValues(ctx, q, &best)
		if errors.Is(err, search.ErrTooLarge) || errors.Is(err, errTie) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		b, o, _, _ := top(vs)
		if o < 0 || b != best {
			return nil, nil
		}
		answer = append(answer, vs[o].Move)
		q, _ = q.Play(vs[o].Move)
	}
	args := map[string]any{"side": me.String(), "opponent": (1 - me).String(), "moves": len(answer)}
	key := GoalWin
	switch {
	case best == 0:
		key = GoalDraw
	case second > 0:
		key = GoalWinBy
		args["margin"] = best
	}
	d := 1
	if len(moves) >= 5 {
		d++
	}
	if best-second <= 2 {
		d++
	}
	if greedyMove(p) != answer[0] {
		d++
	}
	if len(answer) > 1 {
		d++
	}
	if pitSeeds(p) >= 16 {
		d++
	}
	return &candidate{pos: p, answer: answer, key: key, args: args, diff: clamp(d)}, nil
}

// forcedWinCandidate examines p for a forced-win puzzle: for the smallest
// n in 1..maxN within which the side to move can force a win (the game
// ends with it the winner, whatever the opponent plays, by the n-th of its
// own moves), exactly one first move does so. Nil when there is none.
func forcedWinCandidate(p engine.Position, maxN int) *candidate {
	moves := p.Moves()
	if len(moves) < 2 {
		return nil
	}
	me := p.ToMove()
	w := newWinSearch(p)
	for n := 1; n <= maxN; n++ {
		var winners []engine.Move
		for _, m := range moves {
			if w.winsAfter(p, m, me, 2*n-2) {
				winners = append(winners, m)
			}
		}
		switch len(winners) {
		case 0:
			continue
		case 1:
		default:
			return nil
		}
		d := n
		if len(moves) >= 5 {
			d++
		}
		if greedyMove(p) != winners[0] {
			d++
		}
		args := map[string]any{"side": me.String(), "opponent": (1 - me).String(), "n": n}
		return &candidate{pos: p, answer: winners, key: GoalForcedWin, args: args, diff: clamp(d)}
	}
	return nil
}

// winSearch is an exhaustive search for forced wins a few plies deep. It
// applies the rules' repetition rule along each line (Rules.RepetitionLimit;
// Oware's: a position occurring for the third time ends the game, each side
// taking the seeds on its own side), counting the puzzle's position as the first occurrence, as a game
// started from it does.
type winSearch struct {
	limit int          // the rules' repetition limit (0: none)
	path  []engine.Key // the line so far, for the repetition rule
}

func newWinSearch(p engine.Position) *winSearch {
	w := &winSearch{limit: p.Rules().RepetitionLimit()}
	if w.limit > 0 {
		w.path = append(w.path, p.Key())
	}
	return w
}

// winsAfter reports whether me wins within plies more plies after m is
// played in p (a legal move).
func (w *winSearch) winsAfter(p engine.Position, m engine.Move, me engine.Side, plies int) bool {
	q, err := p.Play(m)
	if err != nil {
		return false
	}
	if w.limit > 0 && q.Status() == engine.Ongoing {
		k := q.Key()
		seen := 0
		for _, pk := range w.path {
			if pk == k {
				seen++
			}
		}
		if seen+1 >= w.limit {
			mine := q.Store(me) + q.PitSeeds(me)
			theirs := q.Store(1-me) + q.PitSeeds(1-me)
			return mine > theirs
		}
		w.path = append(w.path, k)
		defer func() { w.path = w.path[:len(w.path)-1] }()
	}
	return w.wins(q, me, plies)
}

// wins reports whether me wins from q within plies plies.
func (w *winSearch) wins(q engine.Position, me engine.Side, plies int) bool {
	if q.Status() != engine.Ongoing {
		s, ok := q.Status().Winner()
		return ok && s == me
	}
	if plies == 0 {
		return false
	}
	mine := q.ToMove() == me
	var buf [engine.MaxMoves]engine.Move
	for _, m := range q.Rules().AppendMoves(&q, buf[:0]) {
		ok := w.winsAfter(q, m, me, plies-1)
		if mine && ok {
			return true
		}
		if !mine && !ok {
			return false
		}
	}
	return !mine
}
