package store

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// The row encoding the backends (store/sqlite, store/postgres) share: how
// a record's fields become column values and back. The schemas are the
// same in both dialects (the same tables, columns and names, times as unix
// milliseconds), so only the SQL around these, and the driver, differ.

// Scanner is a row being read: a *sql.Row or *sql.Rows, a pgx.Row or
// pgx.Rows.
type Scanner interface{ Scan(dest ...any) error }

// Millis is how a time is stored: unix milliseconds, 0 for the zero time.
func Millis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// FromMillis is the inverse of Millis, in UTC.
func FromMillis(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms).UTC()
}

// Stored returns t as it reads back from a store: UTC, to the millisecond.
func Stored(t time.Time) time.Time { return FromMillis(Millis(t)) }

// MaxSeats is the most seats a game has (engine.MaxSides): the seats
// table's seat is 0 to MaxSeats-1.
const MaxSeats = 4

// GameColumns are the games table's columns CreateGame and UpdateGame
// write, in the order of GameArgs; id, version and page_id are handled
// apart (page_id is written once, by CreateGame). A query that reads games
// selects GameHead and then these, for ScanGame.
var GameColumns = []string{
	"platform", "channel", "variant", "options", "start",
	"challenger", "phase", "result", "reason", "draw_offer", "undo_offer",
	"message_id", "created_at", "updated_at", "turn_started", "reminded", "lang",
}

// GameHead are the columns a query reading games selects before
// GameColumns: the id, the version and the page id ("" while a row has
// none: a game written by a program older than page ids, until the next
// Open fills it in).
const GameHead = "id, version, COALESCE(page_id, '')"

// GameArgs returns g's values for GameColumns: the options as a JSON
// object ("{}" for none), the phase as its string, times as Millis. A
// damaged game's options are nil (NULL: UpdateGame keeps the stored ones,
// see Game.Damage). It returns an error for a game of more than MaxSeats
// seats.
func GameArgs(g *Game) ([]any, error) {
	var opts any = "{}"
	switch {
	case g.Damage != "":
		opts = nil
	case len(g.Options) > 0:
		b, err := json.Marshal(g.Options)
		if err != nil {
			return nil, err
		}
		opts = string(b)
	}
	if len(g.Players) > MaxSeats {
		return nil, fmt.Errorf("game has %d seats, at most %d are stored", len(g.Players), MaxSeats)
	}
	return []any{
		g.Platform, g.Channel, g.Variant, opts, g.Start,
		g.Challenger, string(g.Phase), g.Result, g.Reason, g.DrawOffer, g.UndoOffer,
		g.MessageID, Millis(g.CreatedAt), Millis(g.UpdatedAt), Millis(g.TurnStarted), Millis(g.Reminded), g.Lang,
	}, nil
}

// ScanGame reads a game's row (GameHead, then GameColumns), without its
// seats and moves. Options that are not a JSON object of strings leave
// Options nil and set Damage to "options" (the rest is read: the bot lets
// such a game be ended). The error is row.Scan's, unwrapped (a driver's
// no-rows error stays recognizable).
func ScanGame(row Scanner) (*Game, error) {
	var (
		g                                      Game
		opts, phase                            string
		created, updated, turnStarted, remindd int64
	)
	if err := row.Scan(&g.ID, &g.Version, &g.PageID,
		&g.Platform, &g.Channel, &g.Variant, &opts, &g.Start,
		&g.Challenger, &phase, &g.Result, &g.Reason, &g.DrawOffer, &g.UndoOffer,
		&g.MessageID, &created, &updated, &turnStarted, &remindd, &g.Lang); err != nil {
		return nil, err
	}
	if opts != "{}" {
		if err := json.Unmarshal([]byte(opts), &g.Options); err != nil {
			// Read the rest: the bot lets the game be ended (Damage).
			g.Options, g.Damage = nil, "options"
		}
	}
	g.Phase = Phase(phase)
	g.CreatedAt, g.UpdatedAt = FromMillis(created), FromMillis(updated)
	g.TurnStarted, g.Reminded = FromMillis(turnStarted), FromMillis(remindd)
	return &g, nil
}

// SettleGame makes g look as it now reads back from the store: times in
// UTC to the millisecond, and each move's Ply its index. Moves before from
// were already stored (and so settled when written or read).
func SettleGame(g *Game, from int) {
	g.CreatedAt, g.UpdatedAt = Stored(g.CreatedAt), Stored(g.UpdatedAt)
	g.TurnStarted, g.Reminded = Stored(g.TurnStarted), Stored(g.Reminded)
	for i := from; i < len(g.Moves); i++ {
		g.Moves[i].Ply = i
		g.Moves[i].At = Stored(g.Moves[i].At)
	}
}

// SetSeat puts a seats row's player in g.Players[seat], growing Players
// with empty seats as needed. It returns an error for a seat outside 0 to
// MaxSeats-1.
func SetSeat(g *Game, seat int, p Player) error {
	if seat < 0 || seat >= MaxSeats {
		return fmt.Errorf("game %d: seat %d", g.ID, seat)
	}
	for len(g.Players) <= seat {
		g.Players = append(g.Players, Player{})
	}
	g.Players[seat] = p
	return nil
}

// SettleOwed fills in g.Owe, if any, once the write that stored it
// committed, with its delivery id: it is the delivery of g's new version
// (g is settled already: g.Version is the new version, g.UpdatedAt as
// stored).
func SettleOwed(g *Game, id int64) {
	if o := g.Owe; o != nil {
		o.ID, o.GameID, o.Version, o.Platform, o.Channel, o.Created = id, g.ID, g.Version, g.Platform, g.Channel, g.UpdatedAt
	}
}

// RatedCandidates lists the finished games with a result, with their
// seats (one row per seat) and whether the seat's player made a move (1 or
// 0), in the order they ended: the games RebuildRatings rates again
// (Rated and BothMoved pick them, before the daily cap). It is the same
// SQL in both dialects; AppendCandidate reads its rows.
const RatedCandidates = `SELECT g.id, g.platform, g.channel, g.variant, g.result, g.updated_at,
		s.seat, s.user_id, s.name, s.level,
		CASE WHEN s.user_id <> '' AND EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id AND m.user_id = s.user_id)
			THEN 1 ELSE 0 END
		FROM games g JOIN seats s ON s.game_id = g.id
		WHERE g.phase = 'over' AND g.result IN ('south_won', 'north_won', 'draw')
		ORDER BY g.updated_at, g.id, s.seat`

// AppendCandidate reads one row of RatedCandidates: a seat of the last
// game of games, or of a new game (phase over) appended to them. The
// game's Moves are not read: a seat whose player moved adds one Move with
// only its UserID set, enough for BothMoved.
func AppendCandidate(games []*Game, row Scanner) ([]*Game, error) {
	var (
		id, updated                     int64
		platform, channel, variant, res string
		seat, moved                     int
		p                               Player
	)
	if err := row.Scan(&id, &platform, &channel, &variant, &res, &updated, &seat, &p.UserID, &p.Name, &p.Level, &moved); err != nil {
		return games, err
	}
	if n := len(games); n == 0 || games[n-1].ID != id {
		games = append(games, &Game{ID: id, Platform: platform, Channel: channel, Variant: variant,
			Phase: PhaseOver, Result: res, UpdatedAt: FromMillis(updated)})
	}
	g := games[len(games)-1]
	if moved != 0 {
		g.Moves = append(g.Moves, Move{Ply: len(g.Moves), UserID: p.UserID})
	}
	return games, SetSeat(g, seat, p)
}

// RatingColumns are the ratings table's columns, in the order ScanRating
// reads them.
const RatingColumns = "platform, user_id, variant, name, rating, rd, volatility, games, wins, draws, losses, last_game"

// ScanRating reads a rating's row (RatingColumns). The error is row.Scan's,
// unwrapped.
func ScanRating(row Scanner) (Rating, error) {
	var r Rating
	var last int64
	err := row.Scan(&r.Platform, &r.UserID, &r.Variant, &r.Name, &r.Rating, &r.RD, &r.Volatility,
		&r.Games, &r.Wins, &r.Draws, &r.Losses, &last)
	r.LastGame = FromMillis(last)
	return r, err
}

// AttemptColumns are the puzzle_attempts table's columns, in the order
// ScanPuzzleAttempt reads them. Moves are stored as one string, the moves
// joined by spaces (CheckPuzzleAttempt: none is empty or holds spaces).
const AttemptColumns = "platform, user_id, date, puzzle_id, channel, name, moves, tries, status, version, " +
	"started_at, updated_at, finished_at"

// ScanPuzzleAttempt reads a puzzle attempt's row (AttemptColumns). The
// error is row.Scan's, unwrapped (a driver's no-rows error stays
// recognizable).
func ScanPuzzleAttempt(row Scanner) (*PuzzleAttempt, error) {
	var (
		a                          PuzzleAttempt
		moves, status              string
		started, updated, finished int64
	)
	if err := row.Scan(
		&a.Platform, &a.UserID, &a.Date, &a.PuzzleID, &a.Channel, &a.Name, &moves, &a.Tries, &status, &a.Version,
		&started, &updated, &finished); err != nil {
		return nil, err
	}
	a.Moves = strings.Fields(moves)
	a.Status = PuzzleStatus(status)
	a.StartedAt, a.UpdatedAt, a.FinishedAt = FromMillis(started), FromMillis(updated), FromMillis(finished)
	return &a, nil
}

// CheckPuzzleAttempt returns an error for an attempt that cannot be
// stored: a Date not written "2006-01-02", or a move that is empty or
// holds spaces.
func CheckPuzzleAttempt(a *PuzzleAttempt) error {
	if err := CheckDay("date", a.Date); err != nil {
		return err
	}
	for _, m := range a.Moves {
		if m == "" || strings.ContainsFunc(m, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' }) {
			return fmt.Errorf("move %q is empty or holds spaces", m)
		}
	}
	return nil
}

// CheckDay returns an error unless day is a date written "2006-01-02"; what
// names it in the error.
func CheckDay(what, day string) error {
	if _, err := time.Parse(time.DateOnly, day); err != nil {
		return fmt.Errorf("%s %q is not a day written YYYY-MM-DD", what, day)
	}
	return nil
}
