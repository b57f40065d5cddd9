package sqlite

import (
	"context"
	"database/sql"
	"errors"

	"github.com/mancala-bot/mancala/store"
)

const (
	// upsertBoardMessage keeps the row of the newest version: an older
	// one changes nothing, the same one replaces the message.
	upsertBoardMessage = `INSERT INTO board_messages (game_id, version, message_id) VALUES (?, ?, ?)
		ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, message_id = excluded.message_id
		WHERE excluded.version >= board_messages.version`
	selectBoardMessage = "SELECT message_id, version FROM board_messages WHERE game_id = ?"
)

// SetBoardMessage records messageID as the message showing the game's
// board at version, unless a newer version's is recorded (the same version
// replaces it). Errors: store.ErrNotFound for an unknown game;
// store.CheckMessageID's before any I/O; others are internal failures.
//
// Like Watch it commits on the connection kept for event claims, which
// does not wait for the disk: losing the latest board message to a power
// loss costs only a new board message at the board app's next move.
func (d *DB) SetBoardMessage(ctx context.Context, gameID, version int64, messageID string) error {
	if err := store.CheckMessageID(messageID); err != nil {
		return err
	}
	err := d.writeOn(ctx, d.claims.BeginTx, func(tx txn) error {
		var one int
		switch err := tx.queryRow(gameExists, gameID).Scan(&one); {
		case errors.Is(err, sql.ErrNoRows):
			return store.ErrNotFound
		case err != nil:
			return err
		}
		_, err := tx.exec(upsertBoardMessage, gameID, version, messageID)
		return err
	})
	return internal(ctx, "set board message", err)
}

// BoardMessage returns the message recorded for the game's board and its
// version, or store.ErrNotFound when none is. Other errors are internal
// failures.
func (d *DB) BoardMessage(ctx context.Context, gameID int64) (string, int64, error) {
	var id string
	var version int64
	err := d.queryRow(ctx, selectBoardMessage, gameID).Scan(&id, &version)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, store.ErrNotFound
	}
	if err != nil {
		return "", 0, internal(ctx, "board message", err)
	}
	return id, version, nil
}
