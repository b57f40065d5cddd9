package review

import (
	"math"

	"github.com/mancala-bot/mancala/engine"
)

// Quiet reports whether ply i of rv is quiet: nothing happens on it or
// next to it that should move the evaluation. Precisely, with Before the
// position the ply was played in and After the position it led to:
//   - the move played captured nothing, earned no extra turn and did not
//     end the game;
//   - in Before, no legal move of the mover captures or earns an extra
//     turn (the mover passed up no tactic);
//   - in After, no legal move of its side to move captures or earns an
//     extra turn (the ply left nothing pending).
//
// A quiet ply changes the position's true value only by what the move
// gave away quietly, so a large change of the evaluation across it is the
// search's horizon, not the game.
func (rv *Review) Quiet(i int) bool {
	pl := rv.Plies[i]
	if c, extra := gains(pl.Mover, pl.Events); c > 0 || extra {
		return false
	}
	after, err := pl.Before.Play(pl.Move)
	if err != nil || after.Status().Over() {
		return false
	}
	return !tactical(pl.Before) && !tactical(after)
}

// tactical reports whether a legal move of p's side to move captures or
// earns an extra turn.
func tactical(p engine.Position) bool {
	for _, m := range p.Moves() {
		_, ev, err := p.PlayEvents(m)
		if err != nil {
			continue
		}
		if c, extra := gains(p.ToMove(), ev); c > 0 || extra {
			return true
		}
	}
	return false
}

// QuietSwing is the mean absolute change of the evaluation (South's, in
// seeds) across the quiet plies of rv (see Quiet) whose two positions are
// both Known, and how many plies it averages (0 and 0 when none).
func (rv *Review) QuietSwing() (mean float64, n int) {
	var sum float64
	for i := range rv.Plies {
		a, b := rv.Evals[i], rv.Evals[i+1]
		if !a.Known || !b.Known || !rv.Quiet(i) {
			continue
		}
		sum += math.Abs(b.South - a.South)
		n++
	}
	if n == 0 {
		return 0, 0
	}
	return sum / float64(n), n
}

// Swing is the mean absolute change of the evaluation across every ply
// of rv whose two positions are Known, and how many plies it averages.
func (rv *Review) Swing() (mean float64, n int) {
	var sum float64
	for i := range rv.Plies {
		a, b := rv.Evals[i], rv.Evals[i+1]
		if !a.Known || !b.Known {
			continue
		}
		sum += math.Abs(b.South - a.South)
		n++
	}
	if n == 0 {
		return 0, 0
	}
	return sum / float64(n), n
}
