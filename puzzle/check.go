package puzzle

import (
	"fmt"
	"strings"

	"github.com/mancala-bot/mancala/engine"
)

// Kinds of CheckError.
const (
	// Wrong: a legal move that does not solve the puzzle.
	Wrong = "wrong"
	// Illegal: a move the rules do not allow there.
	Illegal = "illegal"
	// Unfinished: the moves are right so far but do not finish the job.
	Unfinished = "unfinished"
	// TooMany: the puzzle was solved (or the turn was over) before the
	// last moves.
	TooMany = "too_many"
	// Malformed: text that is not a move.
	Malformed = "malformed"
)

// CheckError says why an answer is not accepted, in one English line. Kind
// and Index let the bot say it in another language.
type CheckError struct {
	Kind string
	// Index is the 1-based number of the move at fault (0: none).
	Index int
	// Move is that move's text ("" when there is none).
	Move string
	msg  string
}

func (e *CheckError) Error() string { return e.msg }

func checkErr(kind string, i int, move, format string, a ...any) *CheckError {
	return &CheckError{Kind: kind, Index: i, Move: move, msg: fmt.Sprintf(format, a...)}
}

// CheckText is Check for moves written in notation ("3", "4"); each string
// may hold several moves separated by spaces or commas.
func (p Puzzle) CheckText(answer []string) error {
	var moves []engine.Move
	for _, s := range answer {
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
			m, err := engine.ParseMove(f)
			if err != nil {
				return checkErr(Malformed, len(moves)+1, f, "malformed answer: %v", err)
			}
			moves = append(moves, m)
		}
	}
	return p.Check(moves)
}

// Check returns nil when moves solve the puzzle, and otherwise a
// *CheckError saying why not. A solitaire is solved by any sequence that
// clears the board, replayed through the rules; a best-move puzzle only by
// its answer (the first move, or the whole turn when the answer earns
// extra turns).
func (p Puzzle) Check(moves []engine.Move) error {
	if p.Position.Rules() == nil {
		return checkErr(Wrong, 0, "", "no puzzle to check against")
	}
	if len(moves) == 0 {
		return checkErr(Unfinished, 0, "", "not finished: no move given")
	}
	g := engine.NewGame(p.Position)
	if p.Kind == Solitaire {
		for i, m := range moves {
			if g.Position().Status() == engine.Solved {
				return checkErr(TooMany, i+1, m.String(), "too many moves: the board is clear after %d moves", i)
			}
			if _, err := g.Play(m); err != nil {
				return checkErr(Illegal, i+1, m.String(), "illegal move %d (%s): %v", i+1, m, err)
			}
			if g.Position().Status() == engine.Failed {
				return checkErr(Wrong, i+1, m.String(), "wrong: move %d (%s) ends in an empty pit and the game is lost", i+1, m)
			}
		}
		if left := g.Position().PitSeeds(engine.South); left > 0 {
			return checkErr(Unfinished, 0, "", "not finished: %d seeds are still in the pits", left)
		}
		return nil
	}
	ans := p.Moves()
	side := capitalize(p.Position.ToMove().String())
	for i, m := range moves {
		if i >= len(ans) {
			return checkErr(TooMany, i+1, m.String(), "too many moves: %s's turn is over after %d move(s)", side, len(ans))
		}
		if _, err := g.Play(m); err != nil {
			return checkErr(Illegal, i+1, m.String(), "illegal move %d (%s): %v", i+1, m, err)
		}
		if m != ans[i] {
			if i == 0 {
				return checkErr(Wrong, i+1, m.String(), "wrong: %s is not the move that does it", m)
			}
			return checkErr(Wrong, i+1, m.String(), "wrong: move %d (%s) is not the best way to go on with the turn", i+1, m)
		}
	}
	if len(moves) < len(ans) {
		return checkErr(Unfinished, 0, "", "not finished: %s moves again after %s (an extra turn); give the whole turn", side, moves[len(moves)-1])
	}
	return nil
}
