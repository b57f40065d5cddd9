package postgres

import (
	"context"
	"sort"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/mancala-bot/mancala/store"
)

const (
	insertDelivery = `INSERT INTO deliveries (game_id, version, platform, channel, note, holder, held_until, created)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`
	// holdDeliveries takes, in one statement, up to $4 deliveries whose
	// hold expired ($3 is now) for holder $1 until $2: those nobody holds,
	// oldest first, but those of a channel with an older delivery that
	// another holder still holds. The rows are locked as they are chosen
	// (FOR UPDATE SKIP LOCKED: a row another transaction is taking or
	// deleting is passed over, not waited for), and the outer condition
	// checks the hold again on the row as committed, so that two callers
	// never take one delivery.
	holdDeliveries = `UPDATE deliveries SET holder = $1, held_until = $2
		WHERE id IN (SELECT d.id FROM deliveries d
			WHERE d.held_until <= $3
			  AND NOT EXISTS (SELECT 1 FROM deliveries e
				WHERE e.platform = d.platform AND e.channel = d.channel AND e.id < d.id
				  AND e.held_until > $3 AND e.holder <> $1)
			ORDER BY d.id LIMIT $4
			FOR UPDATE OF d SKIP LOCKED)
		  AND held_until <= $3
		RETURNING id, game_id, version, platform, channel, note, holder, held_until, created`
	deliveredThrough  = "DELETE FROM deliveries WHERE game_id = $1 AND version <= $2"
	releaseDeliveries = "UPDATE deliveries SET held_until = 0 WHERE holder = $1 AND held_until <> 0"
	releaseAll        = "UPDATE deliveries SET held_until = 0 WHERE held_until <> 0"
	outboxStats       = "SELECT COUNT(*), COALESCE(MIN(created), 0) FROM deliveries"
)

// holdLock is the key of the transaction-level advisory lock HoldDeliveries
// takes before its statement: takers, in any process, run one after the
// other, each seeing the holds the one before committed. Without it, two
// takers starting together could each take one delivery of a channel (the
// other's older one still looking free to the second), and the channel's
// boards would go out of order. The lock is held for one short UPDATE.
const holdLock int64 = 0x6d616e63616c6164 // "mancalad"

// insertOwed writes g.Owe, if any, for the version g's write makes (the
// stored version plus one), inside the game's transaction, and returns its
// id (0 when g owes nothing).
func insertOwed(ctx context.Context, tx pgx.Tx, g *store.Game) (int64, error) {
	o := g.Owe
	if o == nil {
		return 0, nil
	}
	var id int64
	err := tx.QueryRow(ctx, insertDelivery, g.ID, g.Version+1, g.Platform, g.Channel, o.Note, o.Holder,
		store.Millis(o.HeldUntil), store.Millis(g.UpdatedAt)).Scan(&id)
	return id, err
}

// HoldDeliveries takes up to limit deliveries that nobody holds (never held
// by a live process: their hold expired, or was released) for holder until
// now+hold, oldest first (by id), and returns them with Holder and
// HeldUntil set. A channel whose older delivery another holder still holds
// is passed over, so that a channel's boards go out in order. Concurrent
// callers, in any process, never get the same delivery: takers are
// serialized by an advisory lock, and the rows are locked FOR UPDATE SKIP
// LOCKED (a delivery being confirmed or released at that moment is left for
// a later call). A limit below 1 takes nothing. Errors are internal
// failures.
func (d *DB) HoldDeliveries(ctx context.Context, holder string, now time.Time, hold time.Duration, limit int) ([]store.Delivery, error) {
	if limit < 1 {
		return nil, ctx.Err()
	}
	var out []store.Delivery
	err := d.write(ctx, func(tx pgx.Tx) error {
		out = nil
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", holdLock); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, holdDeliveries, holder, now.Add(hold).UnixMilli(), now.UnixMilli(), limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var o store.Delivery
			var until, created int64
			if err := rows.Scan(&o.ID, &o.GameID, &o.Version, &o.Platform, &o.Channel, &o.Note,
				&o.Holder, &until, &created); err != nil {
				return err
			}
			o.HeldUntil, o.Created = store.FromMillis(until), store.FromMillis(created)
			out = append(out, o)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, internal(ctx, "hold deliveries", err)
	}
	// RETURNING lists the rows in no particular order.
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// Delivered confirms that a board of the game at version, or later, has
// been shown: every delivery of the game up to that version is done and
// removed, whoever holds it. Errors are internal failures.
func (d *DB) Delivered(ctx context.Context, gameID, version int64) error {
	_, err := d.pool.Exec(ctx, deliveredThrough, gameID, version)
	return internal(ctx, "delivered", err)
}

// ReleaseDeliveries gives up holder's holds, so that any process may take
// those deliveries at once (a process stopping with replies unsent);
// holder "" releases every hold (a process that knows it is alone on the
// database, starting after a crash). Errors are internal failures.
func (d *DB) ReleaseDeliveries(ctx context.Context, holder string) error {
	var err error
	if holder == "" {
		_, err = d.pool.Exec(ctx, releaseAll)
	} else {
		_, err = d.pool.Exec(ctx, releaseDeliveries, holder)
	}
	return internal(ctx, "release deliveries", err)
}

// Outbox returns what the outbox holds: how many deliveries are owed and
// when the oldest was written (zero when none). Errors are internal
// failures.
func (d *DB) Outbox(ctx context.Context) (store.OutboxStats, error) {
	var st store.OutboxStats
	var oldest int64
	if err := d.pool.QueryRow(ctx, outboxStats).Scan(&st.Owed, &oldest); err != nil {
		return store.OutboxStats{}, internal(ctx, "outbox", err)
	}
	if st.Owed > 0 {
		st.Oldest = store.FromMillis(oldest)
	}
	return st, nil
}
