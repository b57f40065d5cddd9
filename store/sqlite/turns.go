package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/mancala-bot/mancala/store"
)

const (
	upsertPlace = `INSERT INTO channel_places (platform, channel, link, title) VALUES (?, ?, ?, ?)
		ON CONFLICT (platform, channel) DO UPDATE SET link = excluded.link, title = excluded.title`
	selectNotify = "SELECT notify FROM notify_settings WHERE platform = ? AND user_id = ?"
	upsertNotify = `INSERT INTO notify_settings (platform, user_id, notify) VALUES (?, ?, ?)
		ON CONFLICT (platform, user_id) DO UPDATE SET notify = excluded.notify`
	selectNotice = "SELECT user_id, message_id FROM turn_notices WHERE game_id = ?"
	// The conditional updates of SwapTurnNotice: from none, from old to
	// new, from old to none.
	insertNotice = `INSERT INTO turn_notices (game_id, user_id, message_id) VALUES (?, ?, ?)
		ON CONFLICT (game_id) DO NOTHING`
	replaceNotice = "UPDATE turn_notices SET user_id = ?, message_id = ? WHERE game_id = ? AND message_id = ?"
	deleteNotice  = "DELETE FROM turn_notices WHERE game_id = ? AND message_id = ?"
	// markReminded: the game's version is left as it is.
	markReminded = `UPDATE games SET reminded = ? WHERE id = ? AND version = ? AND phase = 'playing'
		AND reminded < turn_started`
	// userGamesWhere selects a user's live games on a platform: the
	// platform, then the user id.
	userGamesWhere = "WHERE platform = ? AND phase IN ('challenge', 'playing') AND id IN " +
		"(SELECT game_id FROM seats WHERE user_id = ? AND user_id <> '') "
	userGamePlaces = `SELECT g.id, COALESCE(c.link, ''), COALESCE(c.title, ''), COALESCE(n.message_id, '')
		FROM games g LEFT JOIN channel_places c ON c.platform = g.platform AND c.channel = g.channel
		LEFT JOIN turn_notices n ON n.game_id = g.id
		WHERE g.platform = ? AND g.phase IN ('challenge', 'playing') AND g.id IN
		(SELECT game_id FROM seats WHERE user_id = ? AND user_id <> '')`
)

var userGames = gameSelect + userGamesWhere + "ORDER BY updated_at DESC, id DESC LIMIT ?"

// SetPlace records how to reach a channel, replacing what was known.
func (d *DB) SetPlace(ctx context.Context, platform, channel string, p store.Place) error {
	err := d.write(ctx, func(tx txn) error {
		_, err := tx.exec(upsertPlace, platform, channel, p.Link, p.Title)
		return err
	})
	return internal(ctx, "set place", err)
}

// UserGames returns the user's live games on the platform (challenges and
// games in play where they hold a seat), the most recently changed first,
// at most store.MaxUserGames, each with its channel's place and live notice.
func (d *DB) UserGames(ctx context.Context, platform, userID string) ([]store.UserGame, error) {
	if userID == "" {
		return nil, nil
	}
	gs, err := d.games(ctx, userGames, platform, userID, store.MaxUserGames)
	if err != nil {
		return nil, internal(ctx, "user games", err)
	}
	extra := map[int64]store.UserGame{}
	rows, err := d.query(ctx, userGamePlaces, platform, userID)
	if err != nil {
		return nil, internal(ctx, "user games", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var u store.UserGame
		if err := rows.Scan(&id, &u.Place.Link, &u.Place.Title, &u.Notice); err != nil {
			return nil, internal(ctx, "user games", err)
		}
		extra[id] = u
	}
	if err := rows.Err(); err != nil {
		return nil, internal(ctx, "user games", err)
	}
	out := make([]store.UserGame, 0, len(gs))
	for _, g := range gs {
		u := extra[g.ID]
		u.Game = g
		out = append(out, u)
	}
	return out, nil
}

// Notify reports whether the user wants turn notifications (true unless
// they said "notify off").
func (d *DB) Notify(ctx context.Context, platform, userID string) (bool, error) {
	var on int64
	err := d.queryRow(ctx, selectNotify, platform, userID).Scan(&on)
	if errors.Is(err, sql.ErrNoRows) {
		return true, nil
	}
	return on != 0, internal(ctx, "notify", err)
}

// SetNotify records the user's choice of turn notifications.
func (d *DB) SetNotify(ctx context.Context, platform, userID string, on bool) error {
	err := d.write(ctx, func(tx txn) error {
		_, err := tx.exec(upsertNotify, platform, userID, on)
		return err
	})
	return internal(ctx, "set notify", err)
}

// TurnNotice returns the game's live turn notification, or store.ErrNotFound.
func (d *DB) TurnNotice(ctx context.Context, gameID int64) (store.Notice, error) {
	n := store.Notice{GameID: gameID}
	err := d.queryRow(ctx, selectNotice, gameID).Scan(&n.UserID, &n.MessageID)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Notice{}, store.ErrNotFound
	}
	if err != nil {
		return store.Notice{}, internal(ctx, "turn notice", err)
	}
	return n, nil
}

// SwapTurnNotice replaces the game's live turn notification by n (n.GameID
// names the game) if the live one's message id is still old, "" meaning
// that the game has none; n.MessageID "" removes it. It is one conditional
// update (a compare and swap), and reports whether it was made: false,
// with nothing changed, when the live notice is another one. Whoever takes
// a message id out of the store by a swap deletes that message, so that
// each is deleted at most once.
func (d *DB) SwapTurnNotice(ctx context.Context, old string, n store.Notice) (bool, error) {
	if old == "" && n.MessageID == "" {
		_, err := d.TurnNotice(ctx, n.GameID)
		if errors.Is(err, store.ErrNotFound) {
			return true, nil
		}
		return false, err
	}
	var swapped bool
	err := d.write(ctx, func(tx txn) error {
		var res sql.Result
		var err error
		switch {
		case old == "":
			res, err = tx.exec(insertNotice, n.GameID, n.UserID, n.MessageID)
		case n.MessageID == "":
			res, err = tx.exec(deleteNotice, n.GameID, old)
		default:
			res, err = tx.exec(replaceNotice, n.UserID, n.MessageID, n.GameID, old)
		}
		if err != nil {
			return err
		}
		rows, err := res.RowsAffected()
		swapped = rows == 1
		return err
	})
	if err != nil {
		return false, internal(ctx, "swap turn notice", err)
	}
	return swapped, nil
}

// MarkReminded records at as the game's Reminded, the time its player to
// move was pinged, if the game is still in play at version and its turn
// was not pinged yet (Reminded before TurnStarted); it reports whether it
// did. The version stays as it is, so that the board's buttons still
// work: a turn is pinged once, whatever the processes, and a move made
// meanwhile (a new version) wins.
func (d *DB) MarkReminded(ctx context.Context, gameID, version int64, at time.Time) (bool, error) {
	var marked bool
	err := d.write(ctx, func(tx txn) error {
		res, err := tx.exec(markReminded, store.Millis(at), gameID, version)
		if err != nil {
			return err
		}
		rows, err := res.RowsAffected()
		marked = rows == 1
		return err
	})
	if err != nil {
		return false, internal(ctx, "mark reminded", err)
	}
	return marked, nil
}

func init() {
	statements = append(statements, selectNotice, insertNotice, replaceNotice, deleteNotice, markReminded)
}
