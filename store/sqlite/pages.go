package sqlite

import (
	"context"
	"database/sql"
	"errors"

	"github.com/mancala-bot/mancala/store"
)

// What the game pages need beyond the games: stored reviews (see
// docs/store-pages.md).
const (
	insertReview = `INSERT INTO reviews (game_id, moves, data, saved_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (game_id, moves) DO NOTHING`
	selectReview = "SELECT data FROM reviews WHERE game_id = ? AND moves = ?"
	// deleteReviews removes the reviews of lengths beyond an undo's.
	deleteReviews = "DELETE FROM reviews WHERE game_id = ? AND moves > ?"
)

// SaveReview stores data as the review of the game at moves plies unless
// one is stored already (the first write wins; a later one is not an
// error). Errors: store.ErrNotFound for an unknown game, store.ErrConflict
// when the game has fewer than moves moves stored (nothing written);
// store.CheckReview's errors (ErrTooLarge over store.MaxReviewSize) before
// any I/O. The review is durable when it returns nil.
func (d *DB) SaveReview(ctx context.Context, gameID int64, moves int, data []byte) error {
	if err := store.CheckReview(moves, data); err != nil {
		return err
	}
	err := d.write(ctx, func(tx txn) error {
		var one, count int
		switch err := tx.queryRow(gameExists, gameID).Scan(&one); {
		case errors.Is(err, sql.ErrNoRows):
			return store.ErrNotFound
		case err != nil:
			return err
		}
		if err := tx.queryRow(movesStored, gameID).Scan(&count); err != nil {
			return err
		}
		if count < moves {
			return store.ErrConflict
		}
		_, err := tx.exec(insertReview, gameID, moves, data, d.now().UnixMilli())
		return err
	})
	return internal(ctx, "save review", err)
}

// Review returns the review stored for the game at moves plies, or
// store.ErrNotFound.
func (d *DB) Review(ctx context.Context, gameID int64, moves int) ([]byte, error) {
	var data []byte
	err := d.queryRow(ctx, selectReview, gameID, moves).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, store.ErrNotFound
	}
	if err != nil {
		return nil, internal(ctx, "review", err)
	}
	return data, nil
}
