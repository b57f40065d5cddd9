// Package oware holds Oware's endgame databases, one for each grand-slam
// rule (Slam: the engine's option grand_slam, capture, nocapture or
// forbidden; cross-sowing has none): for every board of up to k seeds in
// the pits, seen from the side to move, the proven bounds of what the
// side to move gains until the board is cleared, built by repeated sweeps
// since Oware play can cycle; where the bounds meet the value is exact. A
// database is kept on disk in the cache directory (mapped read-only when
// loaded; each rule's file has a name and a magic of its own, the default
// rule's those it always had) and once in memory per process ([GetDB]).
// [DB.Probe] reads a board's bounds cheaply enough for a search's every
// node.
//
// Boards are package kalah's compact boards, ranked as Kalah's six-pit
// boards are. Package search answers from these databases: the levels'
// exact Oware moves, search.OwareEndgame, search.OwareMajority and
// search.ProveOwareStrategy, and search.BuildOwareDB builds the large ones.
//
// # Repetition rules and history
//
// The engine ends an Oware game when a position occurs for the third time
// (each side taking the seeds on its own side); Abapa's rules end it at
// the first recurrence. In general a position's value then depends on the
// positions played before it, which the database does not know. This is
// what its bounds mean under either rule, and when they may be trusted.
//
// A level is the set of boards with one seed count: seeds only leave the
// board, so the positions of a game with a given count are consecutive,
// from the first position after a capture (or the start) to the next
// capture, and only they can recur. The sweeps start from the widest
// bounds [-k, k] and tighten them to the largest fixed point of lo =
// max(gain - hi(child)) and hi = max(gain - lo(child)), counting no
// repetition at all. The side to move secures lo by playing BestMove at
// each of its turns: of the moves reaching lo, the one whose child's upper
// bound settled at the earliest sweep (see Build). Along any line where
// one side plays so and the other plays anything, at the first side's
// turns the bound lo of the board never decreases and, while it stays
// the same, the sweep at which it settled strictly decreases; so no
// position of the line comes back, the first one included, as long as the
// first side's guarantee is not trivial (a lower bound of -k, all the
// board lost, needs no strategy: two seeds sown round an empty board for
// ever have bounds [-2, 2]). TestStrategyLinesNeverRepeat checks this on
// every board of up to 8 seeds of every rule, from every start. The upper
// bound hi is the other side's lower bound one move on, secured the same
// way.
//
// So the bounds of a position P hold in a game that has reached P when
// no line from P can end by repetition: when no position of P's level
// played before P would end the game by coming back once more. With the
// game ending at the L-th occurrence of a position, that is: no position
// with P's seed count occurred L-1 times before P ([TrustedAfter]):
//
//   - third occurrence (L = 3, the engine's rule): no position of the
//     level occurred twice before P. In particular the bounds hold for a
//     position set up from scratch, and after any capture.
//   - first recurrence (L = 2, Abapa): no position of the level occurred
//     before P at all: P is the first position of its seed count in the
//     game, reached by a capture (or the game's start). A position reached
//     by a sowing that captured nothing has its parent in its level's
//     history; a line from it may come back to the parent and end the game
//     there, each side taking its own seeds, at a value outside the bounds:
//     TestBoundsUnderFirstRecurrence finds such boards (3 of 380 parent and
//     child pairs of up to 3 seeds), and checks every board of up to 3
//     seeds with no history against a brute force under that rule.
//
// A side that has played BestMove at each of its turns since its level
// began (from the level's first position, whoever moved there) keeps a
// stronger guarantee: the whole line of the level is then a path in the
// strategy's graph, which has no cycle, so no position of the level
// recurs while it goes on playing BestMove, and lo holds for it at every
// one of its turns, after the opponent's quiet moves too, under either
// rule ([StrategyTrusted]; checked against a brute force under the first
// recurrence by TestStrategyLowerBound, and on engine games by
// TestStrategyTrusted). It proves lo only (the side could still leave
// its strategy and make an earlier position recur). The levels use it to
// go on playing the database's moves, without claiming a value, after a
// capture led them into a board whose value is exact, until the next
// capture.
//
// Where the condition holds, lo <= value <= hi, and an exact value (lo ==
// hi) is the value, under either rule. Where it does not, the bounds are
// an estimate, mostly right but proven by nothing; the exact value is then
// not claimed (search's levels decline to answer, OwareEndgame says the
// database does not apply). Where lo < hi with the condition holding, the
// players can keep sowing round the level and the value depends on the
// repetition rule and on the rest of the game's history; the database
// does not know it.
//
// Inside a search, a node's history is the game's history and the path
// that led to the node. The condition is cheap to track along the path: it
// holds at every node reached by a capture; at the root it is
// TrustedAfter's answer on the game's history; at a node reached without a
// capture it holds under the first-recurrence rule never (its parent is
// in its level's history), and under the third-occurrence rule when it
// held at the parent and the parent's occurrence was its first (the
// parent is not a position met before in its level, on the path or in the
// game's history): ChildTrusted, checked against TrustedAfter along random
// games. A probe at a node where it holds is a proof (a cut-off on lo
// or hi, an exact value to store); elsewhere it is an evaluation only, not
// to be stored as exact in a transposition table shared across paths.
//
// # Bounds that count the first recurrence
//
// FirstDB is a second table, for the first-recurrence rule only: its
// bounds count that rule's end (each side keeping its seeds when a
// position comes back) instead of leaving cycling play out, so they are
// tighter than DB's, and they hold after any history of the board's level
// once widened by the splits of its positions (FirstDB.Widen): a search
// may use them at every node. first.go works out why.
//
// The majority rule is left out (see DB): it needs the stores, and never
// changes who wins.
package oware
