// Package review analyses a finished game after the fact: every position
// is evaluated from South's side (by the bot's search at a fixed depth,
// the mean of two consecutive depths so that the graph does not swing with
// the parity of the search's horizon, or exactly where the solver reaches
// it cheaply), every move is compared with the best one, and the moves
// that lost the most are the game's turning points, each with what the
// played move and the better one did at once (captures, extra turns) and,
// along the principal variation from each, what the opponent then took
// and what the mover would take on its next turn. Quiet and QuietSwing
// measure how steady the graph is across the plies where nothing happens.
//
// Only games of two seats are reviewed: the search scores a table of four
// (Ruma) against every other seat together, which says little about one
// seat's mistakes, and a solitaire has no opponent. Game returns ErrSeats
// for them.
//
// Encode and Decode write a review as versioned JSON (EncodingVersion; the
// shape is documented in encode.go) and read it back, so that a complete
// review is computed once and stored (see package review/stored).
//
// The package depends on engine and search; the bot and the renderer
// depend on it, never the reverse.
package review
