package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	sqlite3 "modernc.org/sqlite/lib"

	"github.com/mancala-bot/mancala/store"
)

var (
	gameSelect = "SELECT " + store.GameHead + ", " + strings.Join(store.GameColumns, ", ") + " FROM games "

	// insertGame's arguments are store.GameArgs, then the page id.
	insertGame = "INSERT INTO games (" + strings.Join(store.GameColumns, ", ") + ", page_id, version) VALUES (" +
		strings.Repeat("?, ", len(store.GameColumns)+1) + "1)"

	// updateGame keeps the stored options when given NULL (a damaged
	// game's, see store.Game.Damage).
	updateGame = "UPDATE games SET " + strings.Replace(strings.Join(store.GameColumns, " = ?, "),
		"options = ?", "options = COALESCE(?, options)", 1) +
		" = ?, version = version + 1 WHERE id = ? AND version = ?"
)

const (
	insertMove  = "INSERT INTO moves (game_id, ply, move, user_id, at) VALUES (?, ?, ?, ?, ?)"
	gameExists  = "SELECT 1 FROM games WHERE id = ?"
	pageTaken   = "SELECT 1 FROM games WHERE page_id = ?"
	movesStored = "SELECT COALESCE(MAX(ply) + 1, 0) FROM moves WHERE game_id = ?"
	moveAt      = "SELECT move FROM moves WHERE game_id = ? AND ply = ?"
	deleteMoves = "DELETE FROM moves WHERE game_id = ? AND ply >= ?"
	selectMoves = "SELECT move, user_id, at FROM moves WHERE game_id = ? ORDER BY ply"

	selectSeats = "SELECT seat, user_id, name, level FROM seats WHERE game_id = ? ORDER BY seat"
	upsertSeat  = `INSERT INTO seats (game_id, seat, user_id, name, level) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, name = excluded.name, level = excluded.level`
	deleteSeats = "DELETE FROM seats WHERE game_id = ? AND seat >= ?"

	selectLanguage = "SELECT lang FROM user_languages WHERE platform = ? AND user_id = ?"
	upsertLanguage = `INSERT INTO user_languages (platform, user_id, lang) VALUES (?, ?, ?)
		ON CONFLICT (platform, user_id) DO UPDATE SET lang = excluded.lang`

	selectChannelLanguage = "SELECT lang FROM channel_languages WHERE platform = ? AND channel = ?"
	upsertChannelLanguage = `INSERT INTO channel_languages (platform, channel, lang) VALUES (?, ?, ?)
		ON CONFLICT (platform, channel) DO UPDATE SET lang = excluded.lang`
	deleteChannelLanguage = "DELETE FROM channel_languages WHERE platform = ? AND channel = ?"
)

var (
	gameByID   = gameSelect + "WHERE id = ?"
	gameByPage = gameSelect + "WHERE page_id = ?"
	liveGame   = gameSelect + "WHERE platform = ? AND channel = ? AND phase IN ('challenge', 'playing')"
	lastGame   = gameSelect +
		"WHERE platform = ? AND channel = ? AND phase = 'over' ORDER BY created_at DESC, id DESC LIMIT 1"
	idleGames = gameSelect + "WHERE phase = 'playing' AND turn_started < ? ORDER BY turn_started, id"
)

// statements are the queries DB prepares at Open.
var statements = []string{
	insertGame, updateGame, insertMove, gameExists, pageTaken, movesStored, moveAt, deleteMoves,
	gameByID, gameByPage, liveGame, lastGame, idleGames, selectMoves, selectSeats, upsertSeat, deleteSeats,
	selectLanguage, upsertLanguage, selectChannelLanguage, upsertChannelLanguage, deleteChannelLanguage, recordQuery, leaderboardAll, leaderboardChannel,
	claimEvent, pruneEvents, takeLease, releaseLease,
	insertReview, selectReview, deleteReviews, upsertWatcher, pruneWatchers, countWatchers,
	insertDelivery, freeDeliveries, holdDelivery, deliveredThrough, releaseDeliveries, releaseAll, outboxStats,
}

// liveConflict reports whether err is the violation of a UNIQUE constraint
// of games: games_live_channel, the only one UpdateGame can break (id is
// assigned by SQLite, page_id is not updated); CreateGame may also break
// games_page, when given a page id another game has, which it tells apart
// with pageTaken.
func liveConflict(err error) bool {
	code, ok := sqliteCode(err)
	return ok && code == sqlite3.SQLITE_CONSTRAINT_UNIQUE
}

// writeSeats stores g's seats: one row per element of Players, and none
// beyond them.
func writeSeats(tx txn, id int64, players []store.Player) error {
	for i, p := range players {
		if _, err := tx.exec(upsertSeat, id, i, p.UserID, p.Name, p.Level); err != nil {
			return err
		}
	}
	_, err := tx.exec(deleteSeats, id, len(players))
	return err
}

func insertMoves(tx txn, id int64, moves []store.Move, from int) error {
	for i := from; i < len(moves); i++ {
		m := moves[i]
		if _, err := tx.exec(insertMove, id, i, m.Move, m.UserID, store.Millis(m.At)); err != nil {
			return err
		}
	}
	return nil
}

// CreateGame stores g as a new game, with its moves, and sets g.ID and
// g.Version (1), and g.PageID to store.NewPageID() when it is "". A zero
// CreatedAt is set to now, a zero UpdatedAt to CreatedAt. It returns
// store.ErrChannelBusy when g is live and its channel already has a live
// game, and an error for a damaged g (g.Damage set), for a g.PageID that
// store.ValidPageID refuses and for one another game has. On success g's
// times read as stored (UTC, milliseconds) and each move's Ply is its
// index; on failure g.PageID is as it was.
func (d *DB) CreateGame(ctx context.Context, g *store.Game) error {
	if g.Damage != "" {
		return fmt.Errorf("store: create game: a damaged game (%s) cannot be stored anew", g.Damage)
	}
	page := g.PageID
	switch {
	case page == "":
		page = store.NewPageID()
	case !store.ValidPageID(page):
		return fmt.Errorf("store: create game: page id %q is not 22 characters of base64url", page)
	}
	if g.CreatedAt.IsZero() {
		g.CreatedAt = d.now()
	}
	if g.UpdatedAt.IsZero() {
		g.UpdatedAt = g.CreatedAt
	}
	args, err := store.GameArgs(g)
	if err != nil {
		return internal(ctx, "create game", err)
	}
	args = append(args, page)
	var id int64
	err = d.write(ctx, func(tx txn) error {
		res, err := tx.exec(insertGame, args...)
		if err != nil {
			if liveConflict(err) {
				return uniqueConflict(tx, page)
			}
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		if err := writeSeats(tx, id, g.Players); err != nil {
			return err
		}
		if err := insertMoves(tx, id, g.Moves, 0); err != nil {
			return err
		}
		// A game stored finished is rated as UpdateGame would rate it.
		created := *g
		created.ID = id
		_, err = rateGame(tx, &created)
		return err
	})
	if err != nil {
		return internal(ctx, "create game", err)
	}
	g.ID, g.Version, g.PageID = id, 1, page
	store.SettleGame(g, 0)
	return nil
}

// uniqueConflict tells which unique index of games an insert broke: page_id
// when another game has page (an error), else the live channel's
// (store.ErrChannelBusy).
func uniqueConflict(tx txn, page string) error {
	var one int
	switch err := tx.queryRow(pageTaken, page).Scan(&one); {
	case err == nil:
		return errors.New("the page id belongs to another game") // not quoted: a page id is a link's secret
	case !errors.Is(err, sql.ErrNoRows):
		return err
	}
	return store.ErrChannelBusy
}

// UpdateGame writes g's fields and its moves beyond those stored, in one
// transaction, if the stored version still equals g.Version; then it
// increments g.Version. A g.Moves shorter than the stored history (an undo)
// deletes the moves beyond it, and the stored reviews of longer lengths. A
// damaged g (g.Damage) keeps the stored column it names. Stored moves are
// never rewritten: if the last move g keeps differs from the stored one (an
// undo and a new move in one update, say), it fails and writes nothing;
// undo and move are two updates.
//
// When g.Owe is set, the delivery is written in the same transaction, for
// the new version (see store.Delivery), and its fields are filled in.
//
// When g ends a game that store.Rated counts, it is rated in the same
// transaction (see ratings.go: rateGame), unless it was rated before or
// does not count (store.BothMoved, store.RatedPerDay).
//
// Errors: store.ErrConflict (nothing written) when the version moved on,
// store.ErrNotFound for an unknown id, store.ErrChannelBusy when g becomes
// live in a channel that has another live game. The change is durable (the WAL is
// synced) when it returns nil.
func (d *DB) UpdateGame(ctx context.Context, g *store.Game) error {
	args, err := store.GameArgs(g)
	if err != nil {
		return internal(ctx, "update game", err)
	}
	args = append(args, g.ID, g.Version)
	var count int  // moves stored before this update
	var owed int64 // the id of g.Owe's delivery
	err = d.write(ctx, func(tx txn) error {
		res, err := tx.exec(updateGame, args...)
		if err != nil {
			if liveConflict(err) {
				return store.ErrChannelBusy
			}
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n == 0 {
			var one int
			switch err := tx.queryRow(gameExists, g.ID).Scan(&one); {
			case errors.Is(err, sql.ErrNoRows):
				return store.ErrNotFound
			case err != nil:
				return err
			}
			return store.ErrConflict
		}
		if err := writeSeats(tx, g.ID, g.Players); err != nil {
			return err
		}
		// Plies are 0..n-1 without gaps, so MAX(ply)+1 is the count (and
		// MAX on the primary key is one index probe).
		if err := tx.queryRow(movesStored, g.ID).Scan(&count); err != nil {
			return err
		}
		if keep := min(count, len(g.Moves)); keep > 0 {
			var last string
			if err := tx.queryRow(moveAt, g.ID, keep-1).Scan(&last); err != nil {
				return err
			}
			if want := g.Moves[keep-1].Move; last != want {
				return fmt.Errorf("game %d: move %d is %q in the store but %q in the update; stored moves are never rewritten",
					g.ID, keep-1, last, want)
			}
		}
		if len(g.Moves) < count {
			if _, err := tx.exec(deleteMoves, g.ID, len(g.Moves)); err != nil {
				return err
			}
			if _, err := tx.exec(deleteReviews, g.ID, len(g.Moves)); err != nil {
				return err
			}
		}
		if err := insertMoves(tx, g.ID, g.Moves, count); err != nil {
			return err
		}
		if owed, err = insertOwed(tx, g); err != nil {
			return err
		}
		// A game between two people that ends is rated with its end.
		_, err = rateGame(tx, g)
		return err
	})
	if err != nil {
		return internal(ctx, "update game", err)
	}
	g.Version++
	store.SettleGame(g, min(count, len(g.Moves)))
	store.SettleOwed(g, owed) // after store.SettleGame: Created is UpdatedAt as stored
	return nil
}

// Game returns the game with that id, or store.ErrNotFound.
func (d *DB) Game(ctx context.Context, id int64) (*store.Game, error) {
	return d.oneGame(ctx, "game", gameByID, id)
}

// GameByPage returns the game whose page id is pageID, or store.ErrNotFound;
// a pageID that store.ValidPageID refuses is not looked up.
func (d *DB) GameByPage(ctx context.Context, pageID string) (*store.Game, error) {
	if !store.ValidPageID(pageID) {
		return nil, store.ErrNotFound
	}
	return d.oneGame(ctx, "game by page", gameByPage, pageID)
}

// LiveGame returns the channel's live game (a challenge or a game in play),
// or store.ErrNotFound.
func (d *DB) LiveGame(ctx context.Context, platform, channel string) (*store.Game, error) {
	return d.oneGame(ctx, "live game", liveGame, platform, channel)
}

// LastGame returns the channel's most recently created game that is over
// (by CreatedAt, then id), or store.ErrNotFound.
func (d *DB) LastGame(ctx context.Context, platform, channel string) (*store.Game, error) {
	return d.oneGame(ctx, "last game", lastGame, platform, channel)
}

// IdleGames returns the games in play (not challenges) whose turn started
// before t, oldest first (by TurnStarted, then id), with their moves. A game
// in play with a zero TurnStarted counts as idle, as time.Time{}.Before(t).
func (d *DB) IdleGames(ctx context.Context, before time.Time) ([]*store.Game, error) {
	// Stored times are truncated to the millisecond; comparing with before
	// rounded up keeps "stored < before" equal to TurnStarted.Before(before).
	ms := store.Millis(before)
	if !before.IsZero() && before.Sub(time.UnixMilli(ms)) > 0 {
		ms++
	}
	gs, err := d.games(ctx, idleGames, ms)
	return gs, internal(ctx, "idle games", err)
}

func (d *DB) oneGame(ctx context.Context, op, query string, args ...any) (*store.Game, error) {
	gs, err := d.games(ctx, query, args...)
	if err != nil {
		return nil, internal(ctx, op, err)
	}
	if len(gs) == 0 {
		return nil, store.ErrNotFound
	}
	return gs[0], nil
}

// games runs query, a gameSelect, and reads the games' moves, in one
// snapshot.
func (d *DB) games(ctx context.Context, query string, args ...any) ([]*store.Game, error) {
	var gs []*store.Game
	err := d.read(ctx, func(tx txn) error {
		rows, err := tx.query(query, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			g, err := store.ScanGame(rows)
			if err != nil {
				return err
			}
			gs = append(gs, g)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		rows.Close()
		if len(gs) == 0 {
			return nil
		}
		for _, g := range gs {
			if err := loadSeats(tx, g); err != nil {
				return err
			}
			if err := loadMoves(tx, g); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return gs, nil
}

func loadSeats(tx txn, g *store.Game) error {
	rows, err := tx.query(selectSeats, g.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var seat int
		var p store.Player
		if err := rows.Scan(&seat, &p.UserID, &p.Name, &p.Level); err != nil {
			return err
		}
		if err := store.SetSeat(g, seat, p); err != nil {
			return err
		}
	}
	return rows.Err()
}

func loadMoves(tx txn, g *store.Game) error {
	rows, err := tx.query(selectMoves, g.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		m := store.Move{Ply: len(g.Moves)}
		var at int64
		if err := rows.Scan(&m.Move, &m.UserID, &at); err != nil {
			return err
		}
		m.At = store.FromMillis(at)
		g.Moves = append(g.Moves, m)
	}
	return rows.Err()
}

// Language returns the language a user chose with "lang", or "".
func (d *DB) Language(ctx context.Context, platform, userID string) (string, error) {
	var lang string
	err := d.queryRow(ctx, selectLanguage, platform, userID).Scan(&lang)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return lang, internal(ctx, "language", err)
}

// SetLanguage records a user's language, replacing any earlier choice.
func (d *DB) SetLanguage(ctx context.Context, platform, userID, lang string) error {
	err := d.write(ctx, func(tx txn) error {
		_, err := tx.exec(upsertLanguage, platform, userID, lang)
		return err
	})
	return internal(ctx, "set language", err)
}

// ChannelLanguage returns the language set for a channel, or "".
func (d *DB) ChannelLanguage(ctx context.Context, platform, channel string) (string, error) {
	var lang string
	err := d.queryRow(ctx, selectChannelLanguage, platform, channel).Scan(&lang)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return lang, internal(ctx, "channel language", err)
}

// SetChannelLanguage records a channel's language, replacing any earlier
// one; lang "" removes it.
func (d *DB) SetChannelLanguage(ctx context.Context, platform, channel, lang string) error {
	err := d.write(ctx, func(tx txn) error {
		if lang == "" {
			_, err := tx.exec(deleteChannelLanguage, platform, channel)
			return err
		}
		_, err := tx.exec(upsertChannelLanguage, platform, channel, lang)
		return err
	})
	return internal(ctx, "set channel language", err)
}

// played is a CTE with one row per person and finished game that has a
// result: win, loss and draw are 0 or 1 from that person's point of view.
// A person wins when one of their seats is the winning one (in Ruma for
// two, a person holds two seats and counts once); everyone else at the
// table loses. The bot's seats (empty user id) are left out, so a game
// against the bot counts for the person only. ?1 is the platform; filter
// is an extra condition on the games g and their seats s.
func played(filter string) string {
	if filter != "" {
		filter = " AND " + filter
	}
	return `WITH played AS (
		SELECT s.user_id AS user_id, MAX(s.name) AS name, g.created_at AS created_at, g.id AS id,
			MAX(s.seat = ` + winnerSeat + `) AS win,
			` + winnerSeat + ` >= 0 AND MAX(s.seat = ` + winnerSeat + `) = 0 AS loss,
			g.result = 'draw' AS draw
		FROM games g JOIN seats s ON s.game_id = g.id
		WHERE g.platform = ?1 AND g.phase = 'over'
			AND g.result IN ('south_won', 'north_won', 'east_won', 'west_won', 'draw')
			AND s.user_id <> ''` + filter + `
		GROUP BY g.id, s.user_id)
`
}

// winnerSeat is the seat the result of games g names as the winner, or -1.
const winnerSeat = `(CASE g.result WHEN 'south_won' THEN 0 WHEN 'north_won' THEN 1
	WHEN 'east_won' THEN 2 WHEN 'west_won' THEN 3 ELSE -1 END)`

var (
	recordQuery = played("s.user_id = ?2") + `SELECT
		COALESCE(SUM(win), 0), COALESCE(SUM(loss), 0), COALESCE(SUM(draw), 0),
		COALESCE((SELECT name FROM played ORDER BY created_at DESC, id DESC LIMIT 1), '')
	FROM played`

	// leaderboardQuery's name is the one from each player's newest game.
	leaderboardQuery = `, ranked AS (
		SELECT user_id, win, loss, draw,
			CASE WHEN ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY created_at DESC, id DESC) = 1
				THEN name END AS name
		FROM played)
	SELECT user_id, MAX(name), SUM(win) AS w, SUM(loss) AS l, SUM(draw) AS d
	FROM ranked
	GROUP BY user_id
	ORDER BY w DESC, l ASC, d DESC, user_id ASC
	LIMIT ?3`
	leaderboardAll     = played("") + leaderboardQuery
	leaderboardChannel = played("g.channel = ?2") + leaderboardQuery
)

// Record returns a user's results over finished games, against people and
// against the bot. Name is the user's name in their newest finished game. A
// user with no games gets their UserID and zero counts.
func (d *DB) Record(ctx context.Context, platform, userID string) (store.Record, error) {
	r := store.Record{UserID: userID}
	err := d.queryRow(ctx, recordQuery, platform, userID).
		Scan(&r.Wins, &r.Losses, &r.Draws, &r.Name)
	if err != nil {
		return store.Record{}, internal(ctx, "record", err)
	}
	return r, nil
}

// Leaderboard returns up to limit players with the most wins, ties broken
// by fewer losses, then more draws, then user id; channel "" means the
// whole platform. Everyone with a finished game is ranked, so players
// without wins may appear. A limit below 1 returns nothing.
func (d *DB) Leaderboard(ctx context.Context, platform, channel string, limit int) ([]store.Record, error) {
	if limit < 1 {
		return nil, ctx.Err()
	}
	q := leaderboardAll
	if channel != "" {
		q = leaderboardChannel
	}
	rows, err := d.query(ctx, q, platform, channel, limit)
	if err != nil {
		return nil, internal(ctx, "leaderboard", err)
	}
	defer rows.Close()
	var rs []store.Record
	for rows.Next() {
		var r store.Record
		var name sql.NullString
		if err := rows.Scan(&r.UserID, &name, &r.Wins, &r.Losses, &r.Draws); err != nil {
			return nil, internal(ctx, "leaderboard", err)
		}
		r.Name = name.String
		rs = append(rs, r)
	}
	return rs, internal(ctx, "leaderboard", rows.Err())
}
