package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/mancala-bot/mancala/store"
)

// The PostgreSQL side of ratings (see store/ratings.go). Rating writers
// (UpdateGame ending a rated game, RebuildRatings) first take lockRatings:
// a self-conflicting lock on rating_changes held to the commit, so that
// concurrent raters, in any process, apply their games one after the
// other: a game's rows are seen by the next rater (never rated twice), and
// two games sharing a player never read the same rating.

const (
	lockRatings  = "LOCK TABLE rating_changes IN SHARE ROW EXCLUSIVE MODE"
	selectRating = "SELECT " + store.RatingColumns + " FROM ratings WHERE platform = $1 AND user_id = $2 AND variant = $3"
	upsertRating = "INSERT INTO ratings (" + store.RatingColumns + `) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
		ON CONFLICT (platform, user_id, variant) DO UPDATE SET name = excluded.name, rating = excluded.rating,
		rd = excluded.rd, volatility = excluded.volatility, games = excluded.games, wins = excluded.wins,
		draws = excluded.draws, losses = excluded.losses, last_game = excluded.last_game`
	gameRated = "SELECT COUNT(*) FROM rating_changes WHERE game_id = $1"
	// pairRated: the games between $1 and $2 (users) of the variant $4
	// on the platform $3 rated with an end in [$5, $6) (unix ms), found
	// from the first user's seats (index seats_user: user_id <> '').
	pairRated = `SELECT COUNT(*) FROM seats a
		JOIN rating_changes c ON c.game_id = a.game_id AND c.seat = 0
		JOIN seats b ON b.game_id = a.game_id AND b.user_id = $2
		WHERE a.user_id = $1 AND a.user_id <> '' AND c.platform = $3 AND c.variant = $4 AND c.ended_at >= $5 AND c.ended_at < $6`
	insertChange = `INSERT INTO rating_changes (game_id, seat, platform, channel, variant, user_id, name, ended_at,
		rating_before, rd_before, vol_before, rating_after, rd_after, vol_after)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`
	selectChanges = `SELECT game_id, seat, user_id, name, rating_before, rd_before, vol_before,
		rating_after, rd_after, vol_after FROM rating_changes WHERE game_id = $1 ORDER BY seat`
	userRatings = "SELECT " + store.RatingColumns + " FROM ratings WHERE platform = $1 AND user_id = $2 ORDER BY games DESC, variant"
)

// ratingLeaderboard: $1 platform, $2 variant, $3 channel ("" for the
// platform), $4 now (unix ms), $5 limit. Provisional ratings come last.
var ratingLeaderboard = "SELECT " + store.RatingColumns + " FROM ratings r WHERE platform = $1 AND variant = $2" +
	` AND ($3 = '' OR EXISTS (SELECT 1 FROM rating_changes c
		WHERE c.platform = r.platform AND c.channel = $3 AND c.variant = r.variant AND c.user_id = r.user_id))
	ORDER BY ` + store.ProvisionalSQL("$4::bigint") + `, rating DESC, games DESC, user_id LIMIT $5`

// rateGame rates g in tx when it is store.Rated, store.BothMoved, not rated
// yet (no rows in rating_changes) and its two players had fewer than
// store.RatedPerDay rated games of the variant on its UTC day, under lockRatings: it reads both players' ratings,
// applies store.RateGame and writes the new ratings and the changes. A game
// rated before is left alone. It reports whether it rated g.
func rateGame(ctx context.Context, tx pgx.Tx, g *store.Game, locked bool) (bool, error) {
	if !store.Rated(g) || !store.BothMoved(g) {
		return false, nil
	}
	if !locked {
		if _, err := tx.Exec(ctx, lockRatings); err != nil {
			return false, err
		}
	}
	var n int
	if err := tx.QueryRow(ctx, gameRated, g.ID).Scan(&n); err != nil || n > 0 {
		return false, err
	}
	// Rated as of the end as stored, as RebuildRatings reads it.
	end := *g
	end.UpdatedAt = store.Stored(g.UpdatedAt)
	g = &end
	from, to := store.RatingDay(g.UpdatedAt)
	if err := tx.QueryRow(ctx, pairRated, g.Players[0].UserID, g.Players[1].UserID, g.Platform, g.Variant,
		store.Millis(from), store.Millis(to)).Scan(&n); err != nil || n >= store.RatedPerDay {
		return false, err
	}
	var before [2]store.Rating
	for i, p := range g.Players[:2] {
		r, err := store.ScanRating(tx.QueryRow(ctx, selectRating, g.Platform, p.UserID, g.Variant))
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			r = store.NewRating(g.Platform, p.UserID, g.Variant)
		case err != nil:
			return false, err
		}
		before[i] = r
	}
	after, changes := store.RateGame(g, before)
	for i, r := range after {
		if _, err := tx.Exec(ctx, upsertRating, r.Platform, r.UserID, r.Variant, r.Name, r.Rating, r.RD, r.Volatility,
			r.Games, r.Wins, r.Draws, r.Losses, store.Millis(r.LastGame)); err != nil {
			return false, err
		}
		c := changes[i]
		if _, err := tx.Exec(ctx, insertChange, g.ID, i, g.Platform, g.Channel, g.Variant, c.UserID, c.Name, store.Millis(g.UpdatedAt),
			c.Before.Rating, c.Before.RD, c.Before.Volatility, c.After.Rating, c.After.RD, c.After.Volatility); err != nil {
			return false, err
		}
	}
	return true, nil
}

// GameRatings returns what the rated game id did to its players, by seat;
// none when it was not rated.
func (d *DB) GameRatings(ctx context.Context, id int64) ([]store.RatingChange, error) {
	rows, err := d.pool.Query(ctx, selectChanges, id)
	if err != nil {
		return nil, internal(ctx, "game ratings", err)
	}
	defer rows.Close()
	var cs []store.RatingChange
	for rows.Next() {
		var c store.RatingChange
		if err := rows.Scan(&c.GameID, &c.Seat, &c.UserID, &c.Name, &c.Before.Rating, &c.Before.RD, &c.Before.Volatility,
			&c.After.Rating, &c.After.RD, &c.After.Volatility); err != nil {
			return nil, internal(ctx, "game ratings", err)
		}
		cs = append(cs, c)
	}
	return cs, internal(ctx, "game ratings", rows.Err())
}

// Ratings returns a user's ratings, one per variant they played rated
// games of, the most played first (then by variant id).
func (d *DB) Ratings(ctx context.Context, platform, userID string) ([]store.Rating, error) {
	rs, err := d.ratings(ctx, userRatings, platform, userID)
	return rs, internal(ctx, "ratings", err)
}

// RatingLeaderboard returns up to limit players of the variant by rating,
// highest first, those provisional as of now last; channel "" ranks the
// whole platform, else those who played a rated game of the variant in
// the channel. A limit below 1 returns nothing.
func (d *DB) RatingLeaderboard(ctx context.Context, platform, channel, variant string, now time.Time, limit int) ([]store.Rating, error) {
	if limit < 1 {
		return nil, ctx.Err()
	}
	rs, err := d.ratings(ctx, ratingLeaderboard, platform, variant, channel, store.Millis(now), limit)
	return rs, internal(ctx, "rating leaderboard", err)
}

func (d *DB) ratings(ctx context.Context, query string, args ...any) ([]store.Rating, error) {
	rows, err := d.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var rs []store.Rating
	for rows.Next() {
		r, err := store.ScanRating(rows)
		if err != nil {
			return nil, err
		}
		rs = append(rs, r)
	}
	return rs, rows.Err()
}

// RebuildRatings recomputes every rating from the finished games, in the
// order they ended (then by id), in one transaction under lockRatings:
// the ratings and changes are deleted and every rated game rated again as
// UpdateGame rated it. It returns how many games were rated.
func (d *DB) RebuildRatings(ctx context.Context) (int, error) {
	n := 0
	err := d.write(ctx, func(tx pgx.Tx) error {
		n = 0
		if _, err := tx.Exec(ctx, lockRatings); err != nil {
			return err
		}
		games, err := candidates(ctx, tx)
		if err != nil {
			return err
		}
		for _, q := range []string{"DELETE FROM rating_changes", "DELETE FROM ratings"} {
			if _, err := tx.Exec(ctx, q); err != nil {
				return err
			}
		}
		for _, g := range games {
			rated, err := rateGame(ctx, tx, g, true)
			if err != nil {
				return err
			}
			if rated {
				n++
			}
		}
		return nil
	})
	return n, internal(ctx, "rebuild ratings", err)
}

// candidates reads store.RatedCandidates into games (phase over, with their
// seats), in order.
func candidates(ctx context.Context, tx pgx.Tx) ([]*store.Game, error) {
	rows, err := tx.Query(ctx, store.RatedCandidates)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var games []*store.Game
	for rows.Next() {
		if games, err = store.AppendCandidate(games, rows); err != nil {
			return nil, err
		}
	}
	return games, rows.Err()
}
