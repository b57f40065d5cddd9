// Package review analyses a finished game after the fact: every position
// is evaluated from South's side (by the bot's search at a fixed depth, or
// exactly where the solver reaches it cheaply), every move is compared with
// the best one, and the moves that lost the most are the game's turning
// points, each with what the played move and the better one did at once
// (captures, extra turns) and what the opponent's best reply then took.
//
// Only games of two seats are reviewed: the search scores a table of four
// (Ruma) against every other seat together, which says little about one
// seat's mistakes, and a solitaire has no opponent. Game returns ErrSeats
// for them.
//
// The package depends on engine and search; the bot and the renderer
// depend on it, never the reverse.
package review
