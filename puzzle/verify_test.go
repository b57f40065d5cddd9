package puzzle

import (
	"context"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

// This file re-verifies puzzles without the generator's code: solitaires
// with search.SolveSolitaire and a replay, exact puzzles by solving every
// move again with search.Solve, forced wins by a search over engine.Game,
// which applies the repetition rule itself.

// verify returns nil when p's answer is what its goal claims.
func verify(p Puzzle) error {
	if err := p.Check(p.Moves()); err != nil {
		return fmt.Errorf("the answer %v fails Check: %v", p.Answer, err)
	}
	switch {
	case p.Kind == Solitaire:
		return verifySolitaire(p)
	case p.GoalKey == GoalForcedWin:
		return verifyForcedWin(p)
	case p.Variant == "oware":
		return verifyOwareDB(p)
	default:
		return verifyExact(p)
	}
}

func verifySolitaire(p Puzzle) error {
	if p.Variant != "tchuka" || p.GoalKey != GoalClear {
		return fmt.Errorf("solitaire of %s with goal %s", p.Variant, p.GoalKey)
	}
	res, err := search.SolveSolitaire(context.Background(), p.Position, false)
	if err != nil {
		return err
	}
	if !res.Solvable {
		return fmt.Errorf("SolveSolitaire says the layout cannot be cleared")
	}
	g := engine.NewGame(p.Position)
	for _, m := range p.Moves() {
		if _, err := g.Play(m); err != nil {
			return fmt.Errorf("answer: %v", err)
		}
	}
	if st := g.Position().Status(); st != engine.Solved {
		return fmt.Errorf("the answer ends %s, not solved", st)
	}
	if len(p.Moves()) != len(p.Answer) {
		return fmt.Errorf("answer %q does not parse", p.Answer)
	}
	return nil
}

var verifyOpts = search.SolveOptions{MemoryMB: 8, DBSeeds: -1, CacheDir: "-"}

// values returns every move's exact value for the side to move.
func values(q engine.Position) ([]engine.Move, []int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	me := q.ToMove()
	var moves []engine.Move
	var vals []int
	for _, m := range q.Moves() {
		c, err := q.Play(m)
		if err != nil {
			return nil, nil, err
		}
		v := c.Store(me) - c.Store(1-me)
		if c.Status() == engine.Ongoing {
			res, err := search.Solve(ctx, c, verifyOpts)
			if err != nil {
				return nil, nil, err
			}
			v = res.Value
			if c.ToMove() != me {
				v = -v
			}
		}
		moves, vals = append(moves, m), append(vals, v)
	}
	return moves, vals, nil
}

func verifyExact(p Puzzle) error {
	if p.Variant != "kalah" && p.Variant != "congkak" {
		return fmt.Errorf("exact puzzle of %s", p.Variant)
	}
	ans := p.Moves()
	me := p.Position.ToMove()
	if p.GoalArgs["side"] != me.String() || p.GoalArgs["moves"] != len(ans) {
		return fmt.Errorf("goal args %v for %s to move and %d answer moves", p.GoalArgs, me, len(ans))
	}
	q := p.Position
	var best int
	for i, a := range ans {
		if q.ToMove() != me || q.Status() != engine.Ongoing {
			return fmt.Errorf("answer move %d is not %s's", i+1, me)
		}
		moves, vals, err := values(q)
		if err != nil {
			return err
		}
		top := slices.Max(vals)
		var at []engine.Move
		for j, v := range vals {
			if v == top {
				at = append(at, moves[j])
			}
		}
		if len(at) != 1 || at[0] != a {
			return fmt.Errorf("step %d: best value %d reached by %v, answer %s (values %v of %v)", i+1, top, at, a, vals, moves)
		}
		if i == 0 {
			best = top
			rest := slices.Clone(vals)
			rest = slices.DeleteFunc(rest, func(v int) bool { return v == top })
			second := slices.Max(rest)
			switch {
			case top < 0:
				return fmt.Errorf("the best move loses (%d)", top)
			case top-second < 2:
				return fmt.Errorf("best %d, second %d: less than 2 apart", top, second)
			case slices.Min(vals) > 0:
				return fmt.Errorf("every move wins: %v", vals)
			}
			want := GoalWin
			switch {
			case top == 0:
				want = GoalDraw
			case second > 0:
				want = GoalWinBy
				if p.GoalArgs["margin"] != top {
					return fmt.Errorf("goal margin %v, value %d", p.GoalArgs["margin"], top)
				}
			}
			if p.GoalKey != want {
				return fmt.Errorf("goal %s, values %v want %s", p.GoalKey, vals, want)
			}
		} else if top != best {
			return fmt.Errorf("step %d: value %d, the first move's was %d", i+1, top, best)
		}
		q, _ = q.Play(a)
	}
	if q.Status() == engine.Ongoing && q.ToMove() == me {
		return fmt.Errorf("the answer stops before %s's turn is over", me)
	}
	return nil
}

// gameWins reports whether me wins within plies plies of g's position,
// whatever the opponent plays.
func gameWins(g *engine.Game, me engine.Side, plies int) bool {
	p := g.Position()
	if p.Status() != engine.Ongoing {
		w, ok := p.Status().Winner()
		return ok && w == me
	}
	if plies == 0 {
		return false
	}
	mine := p.ToMove() == me
	for _, m := range p.Moves() {
		if _, err := g.Play(m); err != nil {
			panic(err)
		}
		ok := gameWins(g, me, plies-1)
		g.Undo()
		if mine && ok {
			return true
		}
		if !mine && !ok {
			return false
		}
	}
	return !mine
}

func verifyForcedWin(p Puzzle) error {
	if p.Variant != "oware" && p.Variant != "togyz" {
		return fmt.Errorf("forced win in %s", p.Variant)
	}
	n, _ := p.GoalArgs["n"].(int)
	me := p.Position.ToMove()
	if n < 1 || p.GoalArgs["side"] != me.String() || len(p.Answer) != 1 {
		return fmt.Errorf("goal args %v, answer %v", p.GoalArgs, p.Answer)
	}
	g := engine.NewGame(p.Position)
	var winners []engine.Move
	for _, m := range p.Position.Moves() {
		g.Play(m)
		if gameWins(g, me, 2*n-2) {
			winners = append(winners, m)
		}
		g.Undo()
	}
	if len(winners) != 1 || winners[0] != p.Moves()[0] {
		return fmt.Errorf("moves winning within %d: %v, answer %v", n, winners, p.Answer)
	}
	if n > 1 && gameWins(g, me, 2*n-3) {
		return fmt.Errorf("a win within %d moves exists too", n-1)
	}
	return nil
}

// verifyOwareDB checks an Oware endgame puzzle through the engine's rules
// (search.ProveOwareStrategy: one side plays the database's moves, every
// reply of the other is tried, every line played through engine.Game to
// its end, the repetition rule included): the answer wins, and after every
// other move the opponent wins.
func verifyOwareDB(p Puzzle) error {
	me := p.Position.ToMove()
	seeds := pitSeeds(p.Position)
	if seeds < owareDBMin || seeds > owareDBMax || len(p.Answer) != 1 || p.GoalArgs["side"] != me.String() || p.GoalArgs["moves"] != 1 {
		return fmt.Errorf("oware endgame puzzle: %d seeds, goal args %v, answer %v", seeds, p.GoalArgs, p.Answer)
	}
	type claim struct {
		side engine.Side
		want int
	}
	if p.GoalKey != GoalWin {
		return fmt.Errorf("goal %s", p.GoalKey)
	}
	mine, others := []claim{{me, 1}}, []claim{{1 - me, 1}}
	ans := p.Moves()[0]
	for _, m := range p.Position.Moves() {
		claims := others
		if m == ans {
			claims = mine
		}
		for _, c := range claims {
			ok, n, err := search.ProveOwareStrategy(context.Background(), p.Position, m, c.side, c.want, owareDBMax, 2_000_000)
			owareProofs.nodes.Add(int64(n))
			owareProofs.proven.Add(1)
			if err != nil || !ok {
				return fmt.Errorf("after %s, %s does not get %+d with the database's moves (%v)", m, c.side, c.want, err)
			}
		}
	}
	return nil
}

// owareProofs counts verifyOwareDB's proofs.
var owareProofs struct{ proven, nodes atomic.Int64 }
