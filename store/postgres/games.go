package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/mancala-bot/mancala/store"
)

// params returns "$from, $from+1, ..." for n parameters.
func params(from, n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("$" + strconv.Itoa(from+i))
	}
	return b.String()
}

// assignments returns "col1 = $1, col2 = $2, ..." for the columns.
// A damaged game's options are passed as NULL: UpdateGame keeps the stored
// ones (see store.Game.Damage).
func assignments(cols []string) string {
	parts := make([]string, len(cols))
	for i, c := range cols {
		parts[i] = c + " = $" + strconv.Itoa(i+1)
		if c == "options" {
			parts[i] = c + " = COALESCE($" + strconv.Itoa(i+1) + "::jsonb, options)"
		}
	}
	return strings.Join(parts, ", ")
}

var (
	gameSelect = "SELECT " + store.GameHead + ", " + strings.Join(store.GameColumns, ", ") + " FROM games "

	// insertGame's arguments are store.GameArgs, then the page id.
	insertGame = "INSERT INTO games (" + strings.Join(store.GameColumns, ", ") + ", page_id, version) VALUES (" +
		params(1, len(store.GameColumns)+1) + ", 1) RETURNING id"

	updateGame = "UPDATE games SET " + assignments(store.GameColumns) + ", version = version + 1" +
		" WHERE id = $" + strconv.Itoa(len(store.GameColumns)+1) +
		" AND version = $" + strconv.Itoa(len(store.GameColumns)+2)

	gameByID   = gameSelect + "WHERE id = $1"
	gameByPage = gameSelect + "WHERE page_id = $1"
	liveGame   = gameSelect + "WHERE platform = $1 AND channel = $2 AND phase IN ('challenge', 'playing')"
	lastGame   = gameSelect +
		"WHERE platform = $1 AND channel = $2 AND phase = 'over' ORDER BY created_at DESC, id DESC LIMIT 1"
	idleGames = gameSelect + "WHERE phase = 'playing' AND turn_started < $1 ORDER BY turn_started, id"
)

const (
	gameExists  = "SELECT 1 FROM games WHERE id = $1"
	movesStored = "SELECT COALESCE(MAX(ply) + 1, 0) FROM moves WHERE game_id = $1"
	moveAt      = "SELECT move FROM moves WHERE game_id = $1 AND ply = $2"
	deleteMoves = "DELETE FROM moves WHERE game_id = $1 AND ply >= $2"
	// insertMoves appends a game's moves in one statement: $2..$4 are
	// parallel arrays, their index the ply after $5.
	insertMoves = `INSERT INTO moves (game_id, ply, move, user_id, at)
		SELECT $1::bigint, $5::int + m.n - 1, m.move, m.user_id, m.at
		FROM unnest($2::text[], $3::text[], $4::bigint[]) WITH ORDINALITY AS m (move, user_id, at, n)`
	// selectMoves and selectSeats read the moves and seats of several
	// games at once ($1 an array of ids), by game.
	selectMoves = "SELECT game_id, move, user_id, at FROM moves WHERE game_id = ANY($1) ORDER BY game_id, ply"
	selectSeats = "SELECT game_id, seat, user_id, name, level FROM seats WHERE game_id = ANY($1) ORDER BY game_id, seat"
	// upsertSeats writes a game's seats in one statement, from parallel
	// arrays indexed by seat; deleteSeats removes those beyond.
	upsertSeats = `INSERT INTO seats (game_id, seat, user_id, name, level)
		SELECT $1::bigint, s.n - 1, s.user_id, s.name, s.level
		FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS s (user_id, name, level, n)
		ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, name = excluded.name, level = excluded.level`
	deleteSeats = "DELETE FROM seats WHERE game_id = $1 AND seat >= $2"

	selectLanguage = "SELECT lang FROM user_languages WHERE platform = $1 AND user_id = $2"
	upsertLanguage = `INSERT INTO user_languages (platform, user_id, lang) VALUES ($1, $2, $3)
		ON CONFLICT (platform, user_id) DO UPDATE SET lang = excluded.lang`

	selectChannelLanguage = "SELECT lang FROM channel_languages WHERE platform = $1 AND channel = $2"
	upsertChannelLanguage = `INSERT INTO channel_languages (platform, channel, lang) VALUES ($1, $2, $3)
		ON CONFLICT (platform, channel) DO UPDATE SET lang = excluded.lang`
	deleteChannelLanguage = "DELETE FROM channel_languages WHERE platform = $1 AND channel = $2"
)

// writeSeats stores g's seats: one row per element of players, and none
// beyond them.
func writeSeats(ctx context.Context, tx pgx.Tx, id int64, players []store.Player) error {
	if len(players) > 0 {
		users, names, levels := make([]string, len(players)), make([]string, len(players)), make([]string, len(players))
		for i, p := range players {
			users[i], names[i], levels[i] = p.UserID, p.Name, p.Level
		}
		if _, err := tx.Exec(ctx, upsertSeats, id, users, names, levels); err != nil {
			return err
		}
	}
	_, err := tx.Exec(ctx, deleteSeats, id, len(players))
	return err
}

// appendMoves stores moves[from:] as plies from, from+1, ...
func appendMoves(ctx context.Context, tx pgx.Tx, id int64, moves []store.Move, from int) error {
	if from >= len(moves) {
		return nil
	}
	rest := moves[from:]
	mv, users, at := make([]string, len(rest)), make([]string, len(rest)), make([]int64, len(rest))
	for i, m := range rest {
		mv[i], users[i], at[i] = m.Move, m.UserID, store.Millis(m.At)
	}
	_, err := tx.Exec(ctx, insertMoves, id, mv, users, at, from)
	return err
}

// CreateGame stores g as a new game, with its seats and moves, and sets
// g.ID and g.Version (1), and g.PageID to store.NewPageID() when it is "".
// A zero CreatedAt is set to now, a zero UpdatedAt to CreatedAt. It returns
// store.ErrChannelBusy when g is live and its channel already has a live
// game (also when another process creates one at the same moment: the
// unique index decides), and an error for a damaged g (g.Damage set), for
// a g.PageID that store.ValidPageID refuses and for one another game has
// (the unique index games_page). On success g's times read as stored (UTC,
// milliseconds) and each move's Ply is its index; on failure g.PageID is as
// it was.
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
	err = d.write(ctx, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, insertGame, args...).Scan(&id); err != nil {
			if liveConflict(err) {
				return store.ErrChannelBusy
			}
			if pageConflict(err) {
				return errors.New("the page id belongs to another game") // not quoted: a page id is a link's secret
			}
			return err
		}
		if err := writeSeats(ctx, tx, id, g.Players); err != nil {
			return err
		}
		if err := appendMoves(ctx, tx, id, g.Moves, 0); err != nil {
			return err
		}
		// A game stored finished is rated as UpdateGame would rate it.
		created := *g
		created.ID = id
		_, err = rateGame(ctx, tx, &created, false)
		return err
	})
	if err != nil {
		return internal(ctx, "create game", err)
	}
	g.ID, g.Version, g.PageID = id, 1, page
	store.SettleGame(g, 0)
	return nil
}

// UpdateGame writes g's fields, seats and its moves beyond those stored, in
// one transaction, if the stored version still equals g.Version; then it
// increments g.Version. A g.Moves shorter than the stored history (an undo)
// deletes the moves beyond it, and the stored reviews of longer lengths.
// Stored moves are never rewritten: if the last move g keeps differs from
// the stored one, it fails and writes nothing.
//
// When g.Owe is set, the delivery is written in the same transaction, for
// the new version (see store.Delivery), and once committed its ID, GameID,
// Version, Platform, Channel and Created (g.UpdatedAt as stored) are filled
// in; a failed update writes no delivery and leaves g.Owe as it was.
//
// Errors: store.ErrConflict (nothing written) when the version moved on,
// store.ErrNotFound for an unknown id, store.ErrChannelBusy when g becomes
// live in a channel that has another live game. The change is durable when
// it returns nil.
func (d *DB) UpdateGame(ctx context.Context, g *store.Game) error {
	args, err := store.GameArgs(g)
	if err != nil {
		return internal(ctx, "update game", err)
	}
	args = append(args, g.ID, g.Version)
	var count int  // moves stored before this update
	var owed int64 // the id of g.Owe's delivery
	err = d.write(ctx, func(tx pgx.Tx) error {
		// The row lock the UPDATE takes is held to the commit: a concurrent
		// update of the same game waits for it, then finds the version
		// moved on.
		tag, err := tx.Exec(ctx, updateGame, args...)
		if err != nil {
			if liveConflict(err) {
				return store.ErrChannelBusy
			}
			return err
		}
		if tag.RowsAffected() == 0 {
			var one int
			switch err := tx.QueryRow(ctx, gameExists, g.ID).Scan(&one); {
			case errors.Is(err, pgx.ErrNoRows):
				return store.ErrNotFound
			case err != nil:
				return err
			}
			return store.ErrConflict
		}
		if err := writeSeats(ctx, tx, g.ID, g.Players); err != nil {
			return err
		}
		// Plies are 0..n-1 without gaps, so MAX(ply)+1 is the count.
		if err := tx.QueryRow(ctx, movesStored, g.ID).Scan(&count); err != nil {
			return err
		}
		if keep := min(count, len(g.Moves)); keep > 0 {
			var last string
			if err := tx.QueryRow(ctx, moveAt, g.ID, keep-1).Scan(&last); err != nil {
				return err
			}
			if want := g.Moves[keep-1].Move; last != want {
				return fmt.Errorf("game %d: move %d is %q in the store but %q in the update; stored moves are never rewritten",
					g.ID, keep-1, last, want)
			}
		}
		if len(g.Moves) < count {
			if _, err := tx.Exec(ctx, deleteMoves, g.ID, len(g.Moves)); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, deleteReviews, g.ID, len(g.Moves)); err != nil {
				return err
			}
		}
		if err := appendMoves(ctx, tx, g.ID, g.Moves, count); err != nil {
			return err
		}
		if owed, err = insertOwed(ctx, tx, g); err != nil {
			return err
		}
		// A game between two people that ends is rated with its end.
		_, err = rateGame(ctx, tx, g, false)
		return err
	})
	if err != nil {
		return internal(ctx, "update game", err)
	}
	g.Version++
	store.SettleGame(g, min(count, len(g.Moves)))
	store.SettleOwed(g, owed)
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
// before t, oldest first (by TurnStarted, then id), with their seats and
// moves. A game in play with a zero TurnStarted counts as idle.
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

// games runs query, a gameSelect, and reads the games' seats and moves, in
// one snapshot and three statements whatever the number of games.
func (d *DB) games(ctx context.Context, query string, args ...any) ([]*store.Game, error) {
	var gs []*store.Game
	err := d.read(ctx, func(tx pgx.Tx) error {
		gs = nil // a retried function starts afresh
		rows, err := tx.Query(ctx, query, args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			g, err := store.ScanGame(rows)
			if err != nil {
				rows.Close()
				return err
			}
			gs = append(gs, g)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(gs) == 0 {
			return nil
		}
		ids := make([]int64, len(gs))
		byID := make(map[int64]*store.Game, len(gs))
		for i, g := range gs {
			ids[i], byID[g.ID] = g.ID, g
		}
		if err := loadSeats(ctx, tx, ids, byID); err != nil {
			return err
		}
		return loadMoves(ctx, tx, ids, byID)
	})
	if err != nil {
		return nil, err
	}
	return gs, nil
}

func loadSeats(ctx context.Context, tx pgx.Tx, ids []int64, byID map[int64]*store.Game) error {
	rows, err := tx.Query(ctx, selectSeats, ids)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id   int64
			seat int
			p    store.Player
		)
		if err := rows.Scan(&id, &seat, &p.UserID, &p.Name, &p.Level); err != nil {
			return err
		}
		if err := store.SetSeat(byID[id], seat, p); err != nil {
			return err
		}
	}
	return rows.Err()
}

func loadMoves(ctx context.Context, tx pgx.Tx, ids []int64, byID map[int64]*store.Game) error {
	rows, err := tx.Query(ctx, selectMoves, ids)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id int64
			m  store.Move
			at int64
		)
		if err := rows.Scan(&id, &m.Move, &m.UserID, &at); err != nil {
			return err
		}
		g := byID[id]
		m.Ply, m.At = len(g.Moves), store.FromMillis(at)
		g.Moves = append(g.Moves, m)
	}
	return rows.Err()
}

// Language returns the language a user chose with "lang", or "".
func (d *DB) Language(ctx context.Context, platform, userID string) (string, error) {
	var lang string
	err := d.pool.QueryRow(ctx, selectLanguage, platform, userID).Scan(&lang)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return lang, internal(ctx, "language", err)
}

// SetLanguage records a user's language, replacing any earlier choice.
func (d *DB) SetLanguage(ctx context.Context, platform, userID, lang string) error {
	_, err := d.pool.Exec(ctx, upsertLanguage, platform, userID, lang)
	return internal(ctx, "set language", err)
}

// ChannelLanguage returns the language set for a channel, or "".
func (d *DB) ChannelLanguage(ctx context.Context, platform, channel string) (string, error) {
	var lang string
	err := d.pool.QueryRow(ctx, selectChannelLanguage, platform, channel).Scan(&lang)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return lang, internal(ctx, "channel language", err)
}

// SetChannelLanguage records a channel's language, replacing any earlier
// one; lang "" removes it.
func (d *DB) SetChannelLanguage(ctx context.Context, platform, channel, lang string) error {
	var err error
	if lang == "" {
		_, err = d.pool.Exec(ctx, deleteChannelLanguage, platform, channel)
	} else {
		_, err = d.pool.Exec(ctx, upsertChannelLanguage, platform, channel, lang)
	}
	return internal(ctx, "set channel language", err)
}

// played is a CTE with one row per person and finished game that has a
// result: win, loss and draw are 0 or 1 from that person's point of view.
// A person wins when one of their seats is the winning one (in Ruma for
// two, a person holds two seats and counts once); everyone else at the
// table loses. The bot's seats (empty user id) are left out. $1 is the
// platform; filter is an extra condition on the games g and their seats s.
// (The SQLite store's query, with bool_or for SQLite's MAX of a boolean.)
func played(filter string) string {
	if filter != "" {
		filter = " AND " + filter
	}
	return `WITH played AS (
		SELECT s.user_id AS user_id, MAX(s.name COLLATE "C") AS name, g.created_at AS created_at, g.id AS id,
			bool_or(s.seat = ` + winnerSeat + `)::int AS win,
			(` + winnerSeat + ` >= 0 AND NOT bool_or(s.seat = ` + winnerSeat + `))::int AS loss,
			(g.result = 'draw')::int AS draw
		FROM games g JOIN seats s ON s.game_id = g.id
		WHERE g.platform = $1 AND g.phase = 'over'
			AND g.result IN ('south_won', 'north_won', 'east_won', 'west_won', 'draw')
			AND s.user_id <> ''` + filter + `
		GROUP BY g.id, s.user_id)
`
}

// winnerSeat is the seat the result of games g names as the winner, or -1.
const winnerSeat = `(CASE g.result WHEN 'south_won' THEN 0 WHEN 'north_won' THEN 1
	WHEN 'east_won' THEN 2 WHEN 'west_won' THEN 3 ELSE -1 END)`

// leaderboard ranks the rows of played; limit is the limit's parameter.
// The name is the one from each player's newest game. Text is compared
// byte by byte (COLLATE "C"), as in SQLite, whatever the database's
// collation.
func leaderboard(limit string) string {
	return `, ranked AS (
		SELECT user_id, win, loss, draw,
			CASE WHEN ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY created_at DESC, id DESC) = 1
				THEN name END AS name
		FROM played)
	SELECT user_id, MAX(name), SUM(win) AS w, SUM(loss) AS l, SUM(draw) AS d
	FROM ranked
	GROUP BY user_id
	ORDER BY w DESC, l ASC, d DESC, user_id COLLATE "C" ASC
	LIMIT ` + limit
}

var (
	recordQuery = played("s.user_id = $2") + `SELECT
		COALESCE(SUM(win), 0), COALESCE(SUM(loss), 0), COALESCE(SUM(draw), 0),
		COALESCE((SELECT name FROM played ORDER BY created_at DESC, id DESC LIMIT 1), '')
	FROM played`

	// leaderboardAll: $1 platform, $2 limit; leaderboardChannel: $1
	// platform, $2 channel, $3 limit.
	leaderboardAll     = played("") + leaderboard("$2")
	leaderboardChannel = played("g.channel = $2") + leaderboard("$3")
)

// Record returns a user's results over finished games, against people and
// against the bot. Name is the user's name in their newest finished game. A
// user with no games gets their UserID and zero counts.
func (d *DB) Record(ctx context.Context, platform, userID string) (store.Record, error) {
	r := store.Record{UserID: userID}
	err := d.pool.QueryRow(ctx, recordQuery, platform, userID).
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
	q, args := leaderboardAll, []any{platform, limit}
	if channel != "" {
		q, args = leaderboardChannel, []any{platform, channel, limit}
	}
	rows, err := d.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, internal(ctx, "leaderboard", err)
	}
	defer rows.Close()
	var rs []store.Record
	for rows.Next() {
		var r store.Record
		var name *string
		if err := rows.Scan(&r.UserID, &name, &r.Wins, &r.Losses, &r.Draws); err != nil {
			return nil, internal(ctx, "leaderboard", err)
		}
		if name != nil {
			r.Name = *name
		}
		rs = append(rs, r)
	}
	return rs, internal(ctx, "leaderboard", rows.Err())
}
