package store

import "time"

// Delivery is a board the bot owes a channel: the transactional outbox. A
// game write that players must see acknowledged (a move, an undo, a game's
// end) carries one (Game.Owe), and the store writes it in the same
// transaction as the game, so that a committed move is never left unshown
// by a crash or a stop between the commit and the reply: the process that
// made the move holds the delivery while it sends the reply and then
// confirms it (Delivered); a delivery whose hold expired is taken by any
// process (HoldDeliveries) and sent again as the game's current board.
type Delivery struct {
	ID int64
	// GameID and Version are the game and the version its write made
	// (set by UpdateGame).
	GameID, Version int64
	// Platform and Channel are where the game is (set by UpdateGame).
	Platform, Channel string
	// Note says what the write did, in the table's language ("Alice
	// played 3: 2 seeds captured"); "" when the board says it all.
	Note string
	// Holder is the process sending it, until HeldUntil; another process
	// takes it only after that.
	Holder    string
	HeldUntil time.Time
	// Created is when it was written (set by UpdateGame from
	// Game.UpdatedAt).
	Created time.Time
}

// OutboxStats is what the outbox holds at one moment.
type OutboxStats struct {
	// Owed counts the deliveries not confirmed yet.
	Owed int
	// Oldest is when the oldest of them was written (zero when none).
	Oldest time.Time
}
