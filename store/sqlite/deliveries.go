package sqlite

import (
	"context"
	"time"

	"github.com/mancala-bot/mancala/store"
)

const (
	insertDelivery = `INSERT INTO deliveries (game_id, version, platform, channel, note, holder, held_until, created)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
	// freeDeliveries lists the deliveries nobody holds, oldest first,
	// but those of a channel with an older delivery that another holder
	// still holds (a channel's boards go out in order).
	freeDeliveries = `SELECT d.id, d.game_id, d.version, d.platform, d.channel, d.note, d.created
		FROM deliveries d
		WHERE d.held_until <= ?1
		  AND NOT EXISTS (SELECT 1 FROM deliveries e
			WHERE e.platform = d.platform AND e.channel = d.channel AND e.id < d.id
			  AND e.held_until > ?1 AND e.holder <> ?2)
		ORDER BY d.id LIMIT ?3`
	holdDelivery      = "UPDATE deliveries SET holder = ?, held_until = ? WHERE id = ? AND held_until <= ?"
	deliveredThrough  = "DELETE FROM deliveries WHERE game_id = ? AND version <= ?"
	releaseDeliveries = "UPDATE deliveries SET held_until = 0 WHERE holder = ?"
	releaseAll        = "UPDATE deliveries SET held_until = 0"
	outboxStats       = "SELECT COUNT(*), COALESCE(MIN(created), 0) FROM deliveries"
)

// insertOwed writes g.Owe, if any, for the version g's write makes (the
// stored version plus one), inside the game's transaction, and returns its
// id (0 when g owes nothing). g.Owe is filled in by store.SettleOwed once the
// transaction committed, so that a failed update leaves it as it was.
func insertOwed(tx txn, g *store.Game) (int64, error) {
	o := g.Owe
	if o == nil {
		return 0, nil
	}
	res, err := tx.exec(insertDelivery, g.ID, g.Version+1, g.Platform, g.Channel, o.Note, o.Holder,
		store.Millis(o.HeldUntil), store.Millis(g.UpdatedAt))
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// HoldDeliveries takes up to limit deliveries that nobody holds (never held
// by a live process: their hold expired, or was released) for holder until
// now+hold, oldest first, and returns them. A channel whose older delivery
// another holder still holds is passed over, so that a channel's boards go
// out in order. Concurrent callers never get the same delivery. Errors are
// internal failures.
func (d *DB) HoldDeliveries(ctx context.Context, holder string, now time.Time, hold time.Duration, limit int) ([]store.Delivery, error) {
	var out []store.Delivery
	err := d.write(ctx, func(tx txn) error {
		out = out[:0]
		rows, err := tx.query(freeDeliveries, now.UnixMilli(), holder, limit)
		if err != nil {
			return err
		}
		var free []store.Delivery
		for rows.Next() {
			var o store.Delivery
			var created int64
			if err := rows.Scan(&o.ID, &o.GameID, &o.Version, &o.Platform, &o.Channel, &o.Note, &created); err != nil {
				rows.Close()
				return err
			}
			o.Created = store.FromMillis(created)
			free = append(free, o)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		until := now.Add(hold)
		for _, o := range free {
			res, err := tx.exec(holdDelivery, holder, until.UnixMilli(), o.ID, now.UnixMilli())
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n == 1 {
				o.Holder, o.HeldUntil = holder, store.FromMillis(until.UnixMilli())
				out = append(out, o)
			}
		}
		return nil
	})
	return out, internal(ctx, "hold deliveries", err)
}

// Delivered confirms that a board of the game at version, or later, has
// been shown: every delivery of the game up to that version is done and
// removed, whoever holds it. Errors are internal failures.
func (d *DB) Delivered(ctx context.Context, gameID, version int64) error {
	err := d.write(ctx, func(tx txn) error {
		_, err := tx.exec(deliveredThrough, gameID, version)
		return err
	})
	return internal(ctx, "delivered", err)
}

// ReleaseDeliveries gives up holder's holds, so that any process may take
// those deliveries at once (a process stopping with replies unsent);
// holder "" releases every hold (a process that knows it is alone on the
// database, starting after a crash). Errors are internal failures.
func (d *DB) ReleaseDeliveries(ctx context.Context, holder string) error {
	err := d.write(ctx, func(tx txn) error {
		var err error
		if holder == "" {
			_, err = tx.exec(releaseAll)
		} else {
			_, err = tx.exec(releaseDeliveries, holder)
		}
		return err
	})
	return internal(ctx, "release deliveries", err)
}

// Outbox returns what the outbox holds. Errors are internal failures.
func (d *DB) Outbox(ctx context.Context) (store.OutboxStats, error) {
	var st store.OutboxStats
	err := d.read(ctx, func(tx txn) error {
		var oldest int64
		if err := tx.queryRow(outboxStats).Scan(&st.Owed, &oldest); err != nil {
			return err
		}
		if st.Owed > 0 {
			st.Oldest = store.FromMillis(oldest)
		}
		return nil
	})
	return st, internal(ctx, "outbox", err)
}
