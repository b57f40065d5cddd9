// Package puzzle makes the daily puzzle: the same for everybody on a given
// UTC day, made from the date alone (no list, no network, no state), with
// its answer proven by the solver.
//
// # The week
//
//	Monday     tchuka   solitaire, easier (4 to 6 pits, at most 16 seeds)
//	Tuesday    kalah    best move, proven by the exact solver
//	Wednesday  oware    forced win within 1..3 moves
//	Thursday   togyz    forced win within 1..3 moves
//	Friday     congkak  best move, proven by the exact solver
//	Saturday   tchuka   solitaire, harder (7 pits, longest solutions)
//	Sunday     kalah    best move, a harder one (rated 4 or 5 when found)
//
// Every variant is played with its default options.
//
// # Solitaires
//
// A Tchuka Ruma layout is solved by any sequence of pits that clears the
// board; Check replays the player's moves through the engine. Layouts come
// from two fixed spaces of layouts (see layoutSpace). Each week owns a slice
// of "slots" of a keyed permutation of its space, so no two weeks ever try
// the same layout until the space comes round (about 19 years of Mondays,
// over a thousand years of Saturdays; the spaces are disjoint, so a Monday
// and a Saturday never meet). Of the week's solvable layouts (search.
// SolveSolitaire) Monday takes the one with the shortest solution and
// Saturday one with the longest. The answer shown is the solver's first
// solution in ascending pit order. Difficulty comes from the solution's
// length (under 8 moves: 1; 8, 12, 16 and 20 moves each add one), one less
// with 10 or more solutions, one more for a unique solution of 12 moves or
// more.
//
// # Best-move puzzles
//
// Positions come from games played from the start by a plausible player:
// eight random plies, then mostly the move with the best immediate gain,
// sometimes a random one, all drawn from a PCG source seeded with a hash of
// the date. Positions along those games are examined until one makes a
// puzzle:
//
//   - Kalah and Congkak, once 10 to 18 seeds are left in the pits: every
//     move is solved exactly (search.Solve, no endgame database, nothing
//     written to disk). The puzzle needs exactly one best move, at least
//     two seeds better than the next, that does not lose, while some other
//     move does not win. When that move earns an extra turn, each further
//     move of the turn must be the only best one too, and the answer is
//     the whole turn (up to five moves). Goals: the only winning move
//     (GoalWin), the only move winning by the most (GoalWinBy, margin
//     given), the only move that does not lose (GoalDraw).
//   - Oware and Togyz Kumalak, whose endgames the solver cannot finish in
//     time: once the side to move is within 12 (Oware) or 30 (Togyz)
//     seeds of a win (and while 8, for Togyz 16, seeds or more are left
//     in the pits), an exhaustive search looks for the smallest n in
//     1..3 for which the side to move can force the game to end in its
//     win by its n-th move whatever the opponent plays; the puzzle needs
//     exactly one first move that does it (GoalForcedWin). The search
//     applies Oware's repetition rule along each line, the puzzle's
//     position counting as the first occurrence. A win in one is used
//     only when no deeper one turns up within the budget.
//   - Oware, every other Wednesday from 2026-12-02 on (owareDBWeek; the
//     other weeks keep forced wins, earlier dates are unchanged): an
//     endgame of 6 to 8 seeds in the pits proven by the Oware endgame
//     database (search.OwareEndgame, built in memory in half a second,
//     nothing written to disk), in which the position's value and every
//     move's are exact there, exactly one move wins and every other move
//     loses (GoalWin; no draws, whose proofs through the engine can go
//     round in cycles for millions of positions). Outcomes only: the
//     database counts play to the end of the board, past the majority
//     rule, so no margin is given.
//     One whose answer is the greedy move on fewer than five moves
//     (difficulty 1) is only a fallback.
//
// Difficulty (1..5) adds one each for: five or more legal moves, a best
// move only two seeds better than the next (exact puzzles), a best move
// that is not the one with the best immediate gain, an answer of several
// moves (exact), 16 or more seeds on the board (exact); forced wins start
// from n.
//
// Positions of different days are not made to differ by construction: they
// differ because the games do (the random opening alone has hundreds of
// thousands of lines) and because tiny endgames, which games could share,
// are not used. The tests check it over the next year; ten years of dates
// were checked too (PUZZLE_DAYS=3653).
//
// # Determinism
//
// The generator depends on the date, the engine's rules and exact values
// only. Each solve has a node budget (solveOpts.MaxNodes) far above what
// the positions allowed need; were it ever reached, the position would be
// skipped, and because the solver's tables are shared between solves, that
// could differ between runs; the tests check it is never reached.
//
// # Answers
//
// Check and CheckText return a *CheckError whose Kind is Wrong, Illegal,
// Unfinished, TooMany or Malformed, with a one-line English message.
//
// # Goals
//
// Goal is English; GoalKey and GoalArgs carry the same for translation:
// see the Goal* constants for each key's arguments.
package puzzle
