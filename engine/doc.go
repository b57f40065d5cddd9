// Package engine holds the rules of the mancala games the bot offers.
//
// It imports nothing else from the project and does no I/O. Everything else
// (the bot, the renderer, the search) builds on the types defined here.
//
// # Variants and rules
//
// A [Variant] is a registered game (its id, name and the options it accepts).
// [New] turns a variant id and a set of options into [Rules]: one configured
// rule set, whose [Rules.Start] returns the opening [Position].
//
//	rules, err := engine.New("kalah", engine.Options{"seeds": "6"})
//	pos := rules.Start()
//	pos, events, err := pos.PlayEvents(engine.Move{Pit: 3})
//
// Each variant lives in a file of its own (kalah.go, oware.go, togyz.go,
// tchuka.go, bao.go for the two-row Bao games) whose doc comment reads as the rulebook: where the seed
// documents are silent or disagree, the choice made and the option that
// changes it are written there.
//
// # Orientation and notation
//
// South moves first, North second. A side's pits are numbered 1..N from that
// side's own left to right, which is the counter-clockwise sowing order along
// its own row, so South pit i faces North pit N+1-i. A move is written as the
// mover's pit number ("3"); the pie rule's swap is written "swap".
//
// # Cells
//
// Internally a position is a small array of cells: every pit and every store
// is one cell, and each variant's [Layout] says which cell is which (owner,
// pit number, place on the drawn board). For the two-row games the cells are
// South pits 1..N, South's store, North pits 1..N, North's store: exactly the
// counter-clockwise order around the board.
//
// # Positions, games and history
//
// A [Position] is a value: [Position.Play] returns a new one and leaves the
// receiver untouched. Rules that need history (Oware and bao-laps end a game
// on the third repetition of a position) are applied by [Game], which keeps the positions
// played so far. [Perft] counts move sequences, honouring those rules too.
//
// # Events
//
// [Position.PlayEvents] also returns what happened during a move, seed by
// seed: the pick-up, every seed sown, relays, captures, tuzdyk creation,
// extra turns, the end-of-game sweep. The renderer animates them and the bot
// describes them. The hot path ([Rules.Apply] with a nil event list) records
// nothing and allocates nothing.
package engine
