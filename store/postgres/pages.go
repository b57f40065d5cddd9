package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/mancala-bot/mancala/store"
)

// What the game pages need beyond the games: stored reviews (see
// docs/store-pages.md).
const (
	// lockGameShared holds the game row against UpdateGame (whose UPDATE
	// waits for it) while a review is checked against its history and
	// stored.
	lockGameShared = "SELECT 1 FROM games WHERE id = $1 FOR SHARE"
	insertReview   = `INSERT INTO reviews (game_id, moves, data, saved_at) VALUES ($1, $2, $3, $4)
		ON CONFLICT (game_id, moves) DO NOTHING`
	selectReview = "SELECT data FROM reviews WHERE game_id = $1 AND moves = $2"
	// deleteReviews removes the reviews of lengths beyond an undo's.
	deleteReviews = "DELETE FROM reviews WHERE game_id = $1 AND moves > $2"
)

// SaveReview stores data as the review of the game at moves plies unless
// one is stored already: the first write wins, whatever the process (the
// primary key decides), and a later one is not an error. Errors:
// store.ErrNotFound for an unknown game, store.ErrConflict when the game
// has fewer than moves moves stored (nothing written; the game row is
// share-locked meanwhile, so an undo cannot slip in between);
// store.CheckReview's errors (ErrTooLarge over store.MaxReviewSize) before
// any I/O.
func (d *DB) SaveReview(ctx context.Context, gameID int64, moves int, data []byte) error {
	if err := store.CheckReview(moves, data); err != nil {
		return err
	}
	err := d.write(ctx, func(tx pgx.Tx) error {
		var one, count int
		switch err := tx.QueryRow(ctx, lockGameShared, gameID).Scan(&one); {
		case errors.Is(err, pgx.ErrNoRows):
			return store.ErrNotFound
		case err != nil:
			return err
		}
		if err := tx.QueryRow(ctx, movesStored, gameID).Scan(&count); err != nil {
			return err
		}
		if count < moves {
			return store.ErrConflict
		}
		_, err := tx.Exec(ctx, insertReview, gameID, moves, data, d.now().UnixMilli())
		return err
	})
	return internal(ctx, "save review", err)
}

// Review returns the review stored for the game at moves plies, or
// store.ErrNotFound.
func (d *DB) Review(ctx context.Context, gameID int64, moves int) ([]byte, error) {
	var data []byte
	err := d.pool.QueryRow(ctx, selectReview, gameID, moves).Scan(&data)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, store.ErrNotFound
	}
	if err != nil {
		return nil, internal(ctx, "review", err)
	}
	return data, nil
}
