package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// What the game pages need beyond the games: stored reviews and
// spectators (see docs/store-pages.md).
const (
	insertReview = `INSERT INTO reviews (game_id, moves, data, saved_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (game_id, moves) DO NOTHING`
	selectReview = "SELECT data FROM reviews WHERE game_id = ? AND moves = ?"
	// deleteReviews removes the reviews of lengths beyond an undo's.
	deleteReviews = "DELETE FROM reviews WHERE game_id = ? AND moves > ?"

	upsertWatcher = `INSERT INTO watchers (game_id, viewer, expires) VALUES (?, ?, ?)
		ON CONFLICT (game_id, viewer) DO UPDATE SET expires = excluded.expires`
	pruneWatchers = `DELETE FROM watchers WHERE rowid IN
		(SELECT rowid FROM watchers WHERE expires < ? LIMIT ?)`
	countWatchers = "SELECT COUNT(*) FROM watchers WHERE game_id = ? AND expires > ?"
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

// Watch records that viewer watches the game until until (to the
// millisecond), replacing the viewer's earlier until. It first removes up
// to store.PruneBatch viewers, of any game, whose until is more than
// store.WatchRetention before this one. Errors: store.ErrNotFound for an
// unknown game; store.CheckViewer's before any I/O.
//
// It commits on the connection kept for event claims, which does not wait
// for the disk (see ClaimEvent): a heartbeat is not worth a flush, and a
// power loss may undo only the latest ones, together with everything
// written after them.
func (d *DB) Watch(ctx context.Context, gameID int64, viewer string, until time.Time) error {
	if err := store.CheckViewer(viewer); err != nil {
		return err
	}
	expires := store.Millis(until)
	err := d.writeOn(ctx, d.claims.BeginTx, func(tx txn) error {
		var one int
		switch err := tx.queryRow(gameExists, gameID).Scan(&one); {
		case errors.Is(err, sql.ErrNoRows):
			return store.ErrNotFound
		case err != nil:
			return err
		}
		if _, err := tx.exec(pruneWatchers, expires-store.WatchRetention.Milliseconds(), store.PruneBatch); err != nil {
			return err
		}
		_, err := tx.exec(upsertWatcher, gameID, viewer, expires)
		return err
	})
	return internal(ctx, "watch", err)
}

// Watchers returns how many viewers of the game have an until after at
// (until as stored, to the millisecond); 0 for an unknown game.
func (d *DB) Watchers(ctx context.Context, gameID int64, at time.Time) (int, error) {
	var n int
	if err := d.queryRow(ctx, countWatchers, gameID, store.Millis(at)).Scan(&n); err != nil {
		return 0, internal(ctx, "watchers", err)
	}
	return n, nil
}
