package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/mancala-bot/mancala/store"
)

const (
	// upsertBoardMessage keeps the row of the newest version: an older
	// one changes nothing, the same one replaces the message. Concurrent
	// writers of one game queue on the row (ON CONFLICT locks it), so the
	// newest version wins whatever the order.
	upsertBoardMessage = `INSERT INTO board_messages (game_id, version, message_id) VALUES ($1, $2, $3)
		ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, message_id = excluded.message_id
		WHERE excluded.version >= board_messages.version`
	selectBoardMessage = "SELECT message_id, version FROM board_messages WHERE game_id = $1"
)

// SetBoardMessage records messageID as the message showing the game's
// board at version, unless a newer version's is recorded (the same version
// replaces it). Errors: store.ErrNotFound for an unknown game;
// store.CheckMessageID's before any I/O; others are internal failures.
// It commits without waiting for the disk (synchronous_commit off): losing
// the latest board message to a crash costs only a new board message at
// the board app's next move.
func (d *DB) SetBoardMessage(ctx context.Context, gameID, version int64, messageID string) error {
	if err := store.CheckMessageID(messageID); err != nil {
		return err
	}
	err := d.write(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SET LOCAL synchronous_commit TO OFF"); err != nil {
			return err
		}
		var one int
		switch err := tx.QueryRow(ctx, gameExists, gameID).Scan(&one); {
		case errors.Is(err, pgx.ErrNoRows):
			return store.ErrNotFound
		case err != nil:
			return err
		}
		_, err := tx.Exec(ctx, upsertBoardMessage, gameID, version, messageID)
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
	err := d.pool.QueryRow(ctx, selectBoardMessage, gameID).Scan(&id, &version)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", 0, store.ErrNotFound
	}
	if err != nil {
		return "", 0, internal(ctx, "board message", err)
	}
	return id, version, nil
}
