package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/mancala-bot/mancala/store"
)

const (
	// claimEvent inserts the record, or takes over one that expired but
	// was not pruned yet, or one unfinished whose lease ended; it changes
	// no row when the event is claimed (eventDone then tells which way).
	claimEvent = `INSERT INTO events (platform, event_id, seen_at, done) VALUES ($1, $2, $3, FALSE)
		ON CONFLICT (platform, event_id) DO UPDATE SET seen_at = excluded.seen_at, done = FALSE
		WHERE events.seen_at <= $4 OR (NOT events.done AND events.seen_at <= $5)`
	eventDone   = "SELECT done FROM events WHERE platform = $1 AND event_id = $2"
	finishEvent = "UPDATE events SET done = TRUE WHERE platform = $1 AND event_id = $2"
	pruneEvents = `DELETE FROM events WHERE ctid IN
		(SELECT ctid FROM events WHERE seen_at <= $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`
	// takeLease takes the lease when it is free, expired or already the
	// holder's; it changes no row when another holder has it.
	takeLease = `INSERT INTO leases (name, holder, expires) VALUES ($1, $2, $3)
		ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires = excluded.expires
		WHERE leases.holder = excluded.holder OR leases.expires <= $4`
	releaseLease = "DELETE FROM leases WHERE name = $1 AND holder = $2"
)

// ClaimEvent records that the platform's event id is being handled, as of
// now, until FinishEvent. It returns store.Claimed for the first claim, or
// when the earlier claim is unfinished and at least lease old;
// store.Finished when the event was claimed and finished before,
// store.InProgress when it was claimed, unfinished, less than lease ago
// (by any process on the database, within store.EventLifetime):
// concurrent claims of one event are serialized by its primary key, and
// exactly one wins. It also deletes up to store.PruneBatch records older
// than store.EventLifetime (rows other claims are pruning are skipped).
//
// The claim's commit does not wait for its WAL record to reach the disk
// (synchronous_commit off for that transaction): the WAL is flushed in
// order, so the next commit that waits (any other write, a move's first of
// all) takes the claim to the disk with it. A server crash can undo a
// claim only together with everything committed after it: an event whose
// effects were kept stays claimed, and one that comes back after such a
// loss is handled again (its writes were lost too). This saves a disk
// flush per event. Errors are internal failures.
func (d *DB) ClaimEvent(ctx context.Context, platform, id string, now time.Time, lease time.Duration) (store.Claim, error) {
	cutoff := now.Add(-store.EventLifetime).UnixMilli()
	claim := store.Claimed
	err := pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SET LOCAL synchronous_commit TO OFF"); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, pruneEvents, cutoff, store.PruneBatch); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, claimEvent, platform, id, now.UnixMilli(), cutoff, now.Add(-lease).UnixMilli())
		if err != nil || tag.RowsAffected() == 1 {
			return err
		}
		var done bool
		if err := tx.QueryRow(ctx, eventDone, platform, id).Scan(&done); err != nil {
			return err
		}
		claim = store.InProgress
		if done {
			claim = store.Finished
		}
		return nil
	})
	return claim, internal(ctx, "claim event", err)
}

// FinishEvent marks the event's claim finished, as durable as ClaimEvent's
// record (synchronous_commit off). Errors are internal failures.
func (d *DB) FinishEvent(ctx context.Context, platform, id string) error {
	err := pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SET LOCAL synchronous_commit TO OFF"); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, finishEvent, platform, id)
		return err
	})
	return internal(ctx, "finish event", err)
}

// TakeLease takes, or renews, the lease called name for holder until
// now+ttl. It returns true when holder has the lease: it was free, it
// expired, or holder had it already; false when another holder has it
// (nothing is changed then). Concurrent takers are serialized by the
// lease's primary key: one of them gets it. Errors are internal failures.
func (d *DB) TakeLease(ctx context.Context, name, holder string, now time.Time, ttl time.Duration) (bool, error) {
	tag, err := d.pool.Exec(ctx, takeLease, name, holder, now.Add(ttl).UnixMilli(), now.UnixMilli())
	return err == nil && tag.RowsAffected() == 1, internal(ctx, "take lease", err)
}

// ReleaseLease gives the lease up if holder has it, so that another
// process may take it at once; otherwise it does nothing. Errors are
// internal failures.
func (d *DB) ReleaseLease(ctx context.Context, name, holder string) error {
	_, err := d.pool.Exec(ctx, releaseLease, name, holder)
	return internal(ctx, "release lease", err)
}
