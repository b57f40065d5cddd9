package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/mancala-bot/mancala/store"
)

// What the game pages need beyond the games: stored reviews and
// spectators (see docs/store-pages.md).
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

	upsertWatcher = `INSERT INTO watchers (game_id, viewer, expires) VALUES ($1, $2, $3)
		ON CONFLICT (game_id, viewer) DO UPDATE SET expires = excluded.expires`
	// pruneWatchers skips the rows other heartbeats are pruning or
	// renewing: it never waits for them.
	pruneWatchers = `DELETE FROM watchers WHERE ctid IN
		(SELECT ctid FROM watchers WHERE expires < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`
	countWatchers = "SELECT COUNT(*) FROM watchers WHERE game_id = $1 AND expires > $2"
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

// Watch records that viewer watches the game until until (to the
// millisecond), replacing the viewer's earlier until; every process sees
// it when it returns. It first removes up to store.PruneBatch viewers, of
// any game, whose until is more than store.WatchRetention before this one.
// Errors: store.ErrNotFound for an unknown game; store.CheckViewer's
// before any I/O.
//
// The pruning is a statement of its own that skips the rows others hold
// and so never waits; the upsert, after it, locks one row: two heartbeats
// cannot wait for each other in a cycle. The upsert's commit does not wait
// for the WAL to reach the disk (synchronous_commit off for the
// transaction, as for event claims): a server crash may undo only the
// latest heartbeats.
func (d *DB) Watch(ctx context.Context, gameID int64, viewer string, until time.Time) error {
	if err := store.CheckViewer(viewer); err != nil {
		return err
	}
	expires := store.Millis(until)
	if _, err := d.pool.Exec(ctx, pruneWatchers, expires-store.WatchRetention.Milliseconds(), store.PruneBatch); err != nil {
		return internal(ctx, "watch", err)
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
		_, err := tx.Exec(ctx, upsertWatcher, gameID, viewer, expires)
		return err
	})
	return internal(ctx, "watch", err)
}

// Watchers returns how many viewers of the game have an until after at
// (until as stored, to the millisecond), whichever process recorded them;
// 0 for an unknown game.
func (d *DB) Watchers(ctx context.Context, gameID int64, at time.Time) (int, error) {
	var n int
	if err := d.pool.QueryRow(ctx, countWatchers, gameID, store.Millis(at)).Scan(&n); err != nil {
		return 0, internal(ctx, "watchers", err)
	}
	return n, nil
}
