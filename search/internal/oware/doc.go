// Package oware holds Oware's endgame databases (default rules: grand
// slams capture, no cross-sowing): for every board of up to k seeds in the
// pits, seen from the side to move, the proven bounds of what the side to
// move gains until the board is cleared, built by repeated sweeps since
// Oware play can cycle; where the bounds meet the value is exact. A
// database is kept on disk in the cache directory (mapped read-only when
// loaded) and once in memory per process ([GetDB]).
//
// Boards are package kalah's compact boards, ranked as Kalah's six-pit
// boards are. Package search answers from these databases: the levels'
// exact Oware moves, search.OwareEndgame, search.OwareMajority and
// search.ProveOwareStrategy, and search.BuildOwareDB builds the large ones.
package oware
