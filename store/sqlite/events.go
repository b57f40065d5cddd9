package sqlite

import (
	"context"
	"time"

	"github.com/mancala-bot/mancala/store"
)

const (
	// claimEvent inserts the record, or takes over one that expired but
	// was not pruned yet, or one unfinished whose lease ended; it changes
	// no row when the event is claimed (eventDone then tells which way).
	claimEvent = `INSERT INTO events (platform, event_id, seen_at, done) VALUES (?, ?, ?, 0)
		ON CONFLICT (platform, event_id) DO UPDATE SET seen_at = excluded.seen_at, done = 0
		WHERE events.seen_at <= ? OR (events.done = 0 AND events.seen_at <= ?)`
	eventDone   = "SELECT done FROM events WHERE platform = ? AND event_id = ?"
	finishEvent = "UPDATE events SET done = 1 WHERE platform = ? AND event_id = ?"
	pruneEvents = `DELETE FROM events WHERE rowid IN
		(SELECT rowid FROM events WHERE seen_at <= ? LIMIT ?)`
	// takeLease takes the lease when it is free, expired or already the
	// holder's; it changes no row when another holder has it.
	takeLease = `INSERT INTO leases (name, holder, expires) VALUES (?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires = excluded.expires
		WHERE leases.holder = excluded.holder OR leases.expires <= ?`
	releaseLease = "DELETE FROM leases WHERE name = ? AND holder = ?"
)

// ClaimEvent records that the platform's event id is being handled, as of
// now, until FinishEvent. It returns store.Claimed for the first claim, or
// when the earlier claim is unfinished and at least lease old;
// store.Finished when the event was claimed and finished before,
// store.InProgress when it was claimed, unfinished, less than lease ago
// (by any process on the database, within store.EventLifetime). It also
// deletes up to store.PruneBatch records older than store.EventLifetime.
//
// The claim commits on the connection kept for claims, which does not
// wait for the disk (synchronous=NORMAL): the WAL is written in order, so
// the next write that does wait (any other write, a move's first of all)
// takes the claim to the disk with it. A power loss can undo a claim only
// together with everything written after it: an event whose effects were
// kept stays claimed, and one that comes back after such a loss is handled
// again (its writes were lost too; a reply it sent may be sent twice).
// This saves a disk flush per event. Errors are internal failures.
func (d *DB) ClaimEvent(ctx context.Context, platform, id string, now time.Time, lease time.Duration) (store.Claim, error) {
	cutoff := now.Add(-store.EventLifetime).UnixMilli()
	claim := store.Claimed
	err := d.writeOn(ctx, d.claims.BeginTx, func(tx txn) error {
		if _, err := tx.exec(pruneEvents, cutoff, store.PruneBatch); err != nil {
			return err
		}
		res, err := tx.exec(claimEvent, platform, id, now.UnixMilli(), cutoff, now.Add(-lease).UnixMilli())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			return err
		}
		var done bool
		if err := tx.queryRow(eventDone, platform, id).Scan(&done); err != nil {
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

// FinishEvent marks the event's claim finished, on the connection kept for
// claims (as durable as ClaimEvent's record, without a disk flush of its
// own). Errors are internal failures.
func (d *DB) FinishEvent(ctx context.Context, platform, id string) error {
	err := d.writeOn(ctx, d.claims.BeginTx, func(tx txn) error {
		_, err := tx.exec(finishEvent, platform, id)
		return err
	})
	return internal(ctx, "finish event", err)
}

// TakeLease takes, or renews, the lease called name for holder until
// now+ttl. It returns true when holder has the lease: it was free, it
// expired, or holder had it already; false when another holder has it
// (nothing is changed then). Errors are internal failures.
func (d *DB) TakeLease(ctx context.Context, name, holder string, now time.Time, ttl time.Duration) (bool, error) {
	var held bool
	err := d.write(ctx, func(tx txn) error {
		res, err := tx.exec(takeLease, name, holder, now.Add(ttl).UnixMilli(), now.UnixMilli())
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		held = n == 1
		return err
	})
	return held, internal(ctx, "take lease", err)
}

// ReleaseLease gives the lease up if holder has it, so that another
// process may take it at once; otherwise it does nothing. Errors are
// internal failures.
func (d *DB) ReleaseLease(ctx context.Context, name, holder string) error {
	err := d.write(ctx, func(tx txn) error {
		_, err := tx.exec(releaseLease, name, holder)
		return err
	})
	return internal(ctx, "release lease", err)
}
