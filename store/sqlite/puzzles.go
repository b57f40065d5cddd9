package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/mancala-bot/mancala/store"
)

const (
	selectAttempt = "SELECT " + store.AttemptColumns + " FROM puzzle_attempts WHERE platform = ? AND user_id = ? AND date = ?"

	insertAttempt = "INSERT INTO puzzle_attempts (" + store.AttemptColumns + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)" +
		" ON CONFLICT (platform, user_id, date) DO NOTHING"

	updateAttempt = `UPDATE puzzle_attempts SET puzzle_id = ?, channel = ?, name = ?, moves = ?, tries = ?, status = ?,
		version = version + 1, started_at = ?, updated_at = ?, finished_at = ?
		WHERE platform = ? AND user_id = ? AND date = ? AND version = ?`

	attemptExists = "SELECT 1 FROM puzzle_attempts WHERE platform = ? AND user_id = ? AND date = ?"

	// streakQuery: ?1 platform, ?2 user, ?3 today. Consecutive days have
	// the same julianday(date) - rank ("gaps and islands"); each island is
	// a run of days.
	streakQuery = `WITH days AS (
		SELECT date, julianday(date) - ROW_NUMBER() OVER (ORDER BY date) AS island
		FROM puzzle_attempts
		WHERE platform = ?1 AND user_id = ?2 AND status = 'solved' AND date <= ?3
	), runs AS (
		SELECT COUNT(*) AS len, MAX(date) AS last FROM days GROUP BY island
	)
	SELECT COALESCE(SUM(len), 0), COALESCE(MAX(len), 0),
		COALESCE(MAX(CASE WHEN last >= date(?3, '-1 day') THEN len END), 0)
	FROM runs`
)

// puzzleBoard is the leaderboard query: ?1 platform, ?2 channel, ?3 today,
// ?4 limit; filter restricts the solved attempts counted.
func puzzleBoard(filter string) string {
	return `WITH days AS (
		SELECT user_id, date, julianday(date) - ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY date) AS island
		FROM puzzle_attempts
		WHERE platform = ?1 AND status = 'solved' AND date <= ?3
	), runs AS (
		SELECT user_id, COUNT(*) AS len, MAX(date) AS last FROM days GROUP BY user_id, island
	), streaks AS (
		SELECT user_id, MAX(CASE WHEN last >= date(?3, '-1 day') THEN len ELSE 0 END) AS streak
		FROM runs GROUP BY user_id
	), board AS (
		SELECT user_id, COUNT(*) AS solved, SUM(tries) AS tries
		FROM puzzle_attempts
		WHERE platform = ?1 AND status = 'solved' AND date <= ?3` + filter + `
		GROUP BY user_id
	)
	SELECT b.user_id,
		(SELECT a.name FROM puzzle_attempts a WHERE a.platform = ?1 AND a.user_id = b.user_id
			ORDER BY a.date DESC LIMIT 1),
		b.solved, COALESCE(s.streak, 0) AS streak, b.tries
	FROM board b LEFT JOIN streaks s ON s.user_id = b.user_id
	ORDER BY b.solved DESC, streak DESC, b.tries ASC, b.user_id ASC
	LIMIT ?4`
}

var (
	puzzleBoardAll     = puzzleBoard("")
	puzzleBoardChannel = puzzleBoard(" AND channel = ?2")
)

// puzzleStatements are the puzzle queries DB prepares at Open.
var puzzleStatements = []string{
	selectAttempt, insertAttempt, updateAttempt, attemptExists, streakQuery, puzzleBoardAll, puzzleBoardChannel,
}

// The puzzle queries are prepared at Open with the others.
func init() { statements = append(statements, puzzleStatements...) }

// PuzzleAttempt returns the user's attempt at the puzzle of date, or
// store.ErrNotFound.
func (d *DB) PuzzleAttempt(ctx context.Context, platform, userID, date string) (*store.PuzzleAttempt, error) {
	a, err := store.ScanPuzzleAttempt(d.queryRow(ctx, selectAttempt, platform, userID, date))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, store.ErrNotFound
	}
	if err != nil {
		return nil, internal(ctx, "puzzle attempt", err)
	}
	return a, nil
}

// PutPuzzleAttempt stores a: a new attempt when a.Version is 0
// (store.ErrConflict when the user already has one for that date), else an
// update of the stored attempt if its version still equals a.Version
// (store.ErrConflict, writing nothing, when it moved on; store.ErrNotFound
// when there is none). On success a.Version is the stored version and a's
// times read as stored (UTC, milliseconds); a zero StartedAt is set to now,
// a zero UpdatedAt to StartedAt. The change is durable when it returns nil.
func (d *DB) PutPuzzleAttempt(ctx context.Context, a *store.PuzzleAttempt) error {
	if err := store.CheckPuzzleAttempt(a); err != nil {
		return fmt.Errorf("store: put puzzle attempt: %w", err)
	}
	if a.StartedAt.IsZero() {
		a.StartedAt = d.now()
	}
	if a.UpdatedAt.IsZero() {
		a.UpdatedAt = a.StartedAt
	}
	moves := strings.Join(a.Moves, " ")
	err := d.write(ctx, func(tx txn) error {
		var res sql.Result
		var err error
		if a.Version == 0 {
			res, err = tx.exec(insertAttempt, a.Platform, a.UserID, a.Date, a.PuzzleID, a.Channel, a.Name, moves,
				a.Tries, string(a.Status), store.Millis(a.StartedAt), store.Millis(a.UpdatedAt), store.Millis(a.FinishedAt))
		} else {
			res, err = tx.exec(updateAttempt, a.PuzzleID, a.Channel, a.Name, moves, a.Tries, string(a.Status),
				store.Millis(a.StartedAt), store.Millis(a.UpdatedAt), store.Millis(a.FinishedAt),
				a.Platform, a.UserID, a.Date, a.Version)
		}
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil || n > 0 {
			return err
		}
		if a.Version == 0 {
			return store.ErrConflict
		}
		var one int
		switch err := tx.queryRow(attemptExists, a.Platform, a.UserID, a.Date).Scan(&one); {
		case errors.Is(err, sql.ErrNoRows):
			return store.ErrNotFound
		case err != nil:
			return err
		}
		return store.ErrConflict
	})
	if err != nil {
		return internal(ctx, "put puzzle attempt", err)
	}
	a.Version++
	a.StartedAt, a.UpdatedAt, a.FinishedAt = store.Stored(a.StartedAt), store.Stored(a.UpdatedAt), store.Stored(a.FinishedAt)
	return nil
}

// PuzzleStreak returns the user's streak as of today (a UTC day,
// "2006-01-02"): attempts dated after today are not counted.
func (d *DB) PuzzleStreak(ctx context.Context, platform, userID, today string) (store.PuzzleStreak, error) {
	if err := store.CheckDay("today", today); err != nil {
		return store.PuzzleStreak{}, fmt.Errorf("store: puzzle streak: %w", err)
	}
	var s store.PuzzleStreak
	err := d.queryRow(ctx, streakQuery, platform, userID, today).Scan(&s.Solved, &s.Best, &s.Current)
	if err != nil {
		return store.PuzzleStreak{}, internal(ctx, "puzzle streak", err)
	}
	return s, nil
}

// PuzzleLeaderboard returns up to limit users who solved a puzzle by today
// (a UTC day): those of attempts started in channel, or on the whole
// platform for channel "". They are ranked by puzzles solved, then current
// streak (platform-wide, as in PuzzleStreak), then fewer tries in all, then
// user id. A limit below 1 returns nothing.
func (d *DB) PuzzleLeaderboard(ctx context.Context, platform, channel, today string, limit int) ([]store.PuzzleRank, error) {
	if err := store.CheckDay("today", today); err != nil {
		return nil, fmt.Errorf("store: puzzle leaderboard: %w", err)
	}
	if limit < 1 {
		return nil, ctx.Err()
	}
	q := puzzleBoardAll
	if channel != "" {
		q = puzzleBoardChannel
	}
	rows, err := d.query(ctx, q, platform, channel, today, limit)
	if err != nil {
		return nil, internal(ctx, "puzzle leaderboard", err)
	}
	defer rows.Close()
	var out []store.PuzzleRank
	for rows.Next() {
		var r store.PuzzleRank
		if err := rows.Scan(&r.UserID, &r.Name, &r.Solved, &r.Streak, &r.Tries); err != nil {
			return nil, internal(ctx, "puzzle leaderboard", err)
		}
		out = append(out, r)
	}
	return out, internal(ctx, "puzzle leaderboard", rows.Err())
}
