// Package kalah is the exact solver for Kalah of any size and what it
// stands on: the compact board (Board.go: a row of pits in a uint64, one
// byte a pit, and the ranking of boards by the combinatorial number
// system), the solver (ksolve.go: MTD(f) with iterative deepening,
// enhanced transposition cutoffs and optional "lazy SMP" helper threads),
// its transposition table (ktt.go), and the endgame database (kalahdb.go:
// the exact value of every board with at most k seeds in the pits, built
// by retrograde analysis and kept on disk and in memory), and Perfect's
// opening book's entries and file format (book.go).
//
// Package search uses it for Solve, the Perfect level and the Kalah
// opening book's build; the Oware databases (package oware) reuse its board and
// ranking. Values are in seeds: the store difference the side to move can
// still gain from a board.
package kalah

import (
	"errors"

	"github.com/mancala-bot/mancala/engine"
)

// ErrTooLarge: the solver's node budget ran out (package search exports
// it as search.ErrTooLarge: the same value).
var ErrTooLarge = errors.New("the position is too large to solve within the node budget")

// Progress receives a solve's progress, in the solver's units (board
// values): package search's tracker, which turns them into the
// position's. Its methods may be called from any of the solver's threads.
type Progress interface {
	// Nodes records the node count so far.
	Nodes(n uint64)
	// Stage starts a stage: "depth" or "exact".
	Stage(s string)
	// Depth records a completed iteration of the depth stage and its move.
	Depth(d int, best engine.Move, nodes uint64)
	// Bounds records the exact stage's bounds and, if best is not zero,
	// the move that proves the lower one.
	Bounds(lo, hi int, best engine.Move, nodes uint64)
}

// noProgress is the Progress of a solve nobody follows.
type noProgress struct{}

func (noProgress) Nodes(uint64)                         {}
func (noProgress) Stage(string)                         {}
func (noProgress) Depth(int, engine.Move, uint64)       {}
func (noProgress) Bounds(int, int, engine.Move, uint64) {}
