// Package store is what the bot persists, without a database: the records
// (Game, PuzzleAttempt, Rating, Delivery...), the errors, the [Store]
// interface the bot uses, the rating of finished games, the numbered
// migration files' reader, the row encoding the backends share, and what
// the game pages need (page ids, stored reviews, spectators: pages.go).
//
// The backends are its subpackages: store/sqlite (one process per SQLite
// file, the default) and store/postgres (several processes on one
// database). store/storetest is the conformance suite both pass. Importing
// store links no database driver; cmd/mancala opens the backend it is
// configured for.
package store

import (
	"context"
	"time"
)

// Store is what the bot needs from persistence. store/sqlite and
// store/postgres implement it; store/storetest is the conformance suite
// every implementation must pass. Errors: ErrNotFound, ErrChannelBusy and
// ErrConflict as documented; ErrUnavailable, wrapped, where a backend can
// tell that the database cannot be used now (store/sqlite does); anything
// else is an internal failure. Every
// method is safe for concurrent use; contexts bound the I/O, and a cancelled
// context returns its error.
type Store interface {
	// CreateGame stores g as a new game: it sets g.ID and g.Version (1),
	// and g.PageID to NewPageID() when it is "", and stores g.Moves. It
	// returns ErrChannelBusy when g is live and the channel already has a
	// live game, and an error (not one of the above) for a g.PageID that
	// ValidPageID refuses or another game has.
	CreateGame(ctx context.Context, g *Game) error
	// LiveGame returns the channel's live game, or ErrNotFound.
	LiveGame(ctx context.Context, platform, channel string) (*Game, error)
	// Game returns the game with that id, or ErrNotFound.
	Game(ctx context.Context, id int64) (*Game, error)
	// GameByPage returns the game whose PageID is pageID, or ErrNotFound:
	// for an unknown id, and for a string ValidPageID refuses (empty, of
	// another length, other characters), which is answered without
	// asking the database.
	GameByPage(ctx context.Context, pageID string) (*Game, error)
	// LastGame returns the channel's most recently created game that is
	// over, or ErrNotFound.
	LastGame(ctx context.Context, platform, channel string) (*Game, error)
	// UpdateGame writes g (its fields and any moves beyond those already
	// stored; not its PageID, which never changes) if the stored version
	// still equals g.Version, and then increments g.Version. It returns
	// ErrConflict, writing nothing, when the stored version differs,
	// ErrNotFound for an unknown id, and ErrChannelBusy when the update
	// makes g live in a channel that already has another live game. Moves
	// already stored are never rewritten, except that an undo may shorten
	// the history (removing the stored reviews of the longer lengths).
	// The change is durable when UpdateGame returns nil.
	// When g ends a game that Rated counts, the game is rated in the
	// same transaction (RateGame, as of g.UpdatedAt), unless it was
	// rated before (a game is rated at most once, whatever the
	// processes), a player never moved (BothMoved) or the two players
	// had RatedPerDay rated games of the variant that UTC day.
	UpdateGame(ctx context.Context, g *Game) error
	// IdleGames returns the games in play whose turn started before t,
	// oldest first.
	IdleGames(ctx context.Context, before time.Time) ([]*Game, error)

	// SaveReview stores data, the encoded review of the game as it was
	// at moves plies (its first moves moves), unless a review of that
	// game and length is stored already: the first write wins, and a
	// later one (from any process) changes nothing and returns nil. It
	// returns ErrNotFound for an unknown game; ErrConflict, writing
	// nothing, when the game has fewer than moves moves stored (an undo
	// took them back since the review was computed); an error wrapping
	// ErrTooLarge for data over MaxReviewSize bytes, and an error for
	// empty data or a negative moves, without asking the database. An
	// undo that shortens the history removes the reviews of the longer
	// lengths (UpdateGame).
	SaveReview(ctx context.Context, gameID int64, moves int, data []byte) error
	// Review returns the review SaveReview stored for the game at moves
	// plies, or ErrNotFound.
	Review(ctx context.Context, gameID int64, moves int) ([]byte, error)

	// Watch records that viewer (an opaque string the page server
	// chooses, 1 to MaxViewerLen bytes) watches the game until until,
	// replacing what was recorded for that viewer of the game: each
	// heartbeat moves until on, and an until in the past ends the watch.
	// It returns ErrNotFound for an unknown game, and an error for a
	// viewer of another length without asking the database. It also
	// removes up to PruneBatch viewers, of any game, whose until is more
	// than WatchRetention before this until, so rows do not pile up (a
	// heartbeat's until must be at most WatchRetention after now).
	// Visible to every process when it returns; a watch is not worth a
	// disk flush, and a power loss may undo the latest ones.
	Watch(ctx context.Context, gameID int64, viewer string, until time.Time) error
	// Watchers returns how many viewers of the game have an until after
	// at (0 for an unknown game or nobody watching). at should be about
	// now: viewers whose watch ended more than WatchRetention before a
	// later heartbeat may have been removed.
	Watchers(ctx context.Context, gameID int64, at time.Time) (int, error)

	// SetBoardMessage records messageID (1 to MaxMessageIDLen bytes: the
	// platform's id of a message in the game's channel) as the message
	// showing the game's public board at version, unless the message
	// recorded for the game is of a newer version: an older board never
	// overwrites a newer one, and the same version replaces it (the board
	// posted again after its message was lost). It returns ErrNotFound
	// for an unknown game, and an error for a message id of another
	// length without asking the database. Visible to every process when
	// it returns; not worth a disk flush (a power loss may undo the
	// latest, and the next app move then posts a new board).
	SetBoardMessage(ctx context.Context, gameID, version int64, messageID string) error
	// BoardMessage returns the message SetBoardMessage recorded for the
	// game and its version, or ErrNotFound when none was (or no such
	// game).
	BoardMessage(ctx context.Context, gameID int64) (messageID string, version int64, err error)

	// Language returns the language a user chose with "lang", or "".
	Language(ctx context.Context, platform, userID string) (string, error)
	// SetLanguage records a user's language.
	SetLanguage(ctx context.Context, platform, userID, lang string) error
	// ChannelLanguage returns the language set for a channel's public
	// messages with "lang channel", or "".
	ChannelLanguage(ctx context.Context, platform, channel string) (string, error)
	// SetChannelLanguage records a channel's language; "" removes it.
	SetChannelLanguage(ctx context.Context, platform, channel, lang string) error

	// Record returns a user's results over finished games between people
	// and against the bot (a user with no games has a zero Record).
	Record(ctx context.Context, platform, userID string) (Record, error)
	// Leaderboard returns up to limit players with the most wins, ties
	// broken by fewer losses; channel "" means the whole platform.
	Leaderboard(ctx context.Context, platform, channel string, limit int) ([]Record, error)

	// Ratings returns a user's ratings, one per variant with rated games,
	// the most played first (then by variant id); none for a user without
	// rated games.
	Ratings(ctx context.Context, platform, userID string) ([]Rating, error)
	// RatingLeaderboard returns up to limit players of the variant by
	// rating, highest first, those provisional as of now (the RD grown by
	// their inactivity above 110) last, then by games played and user id.
	// channel "" ranks the platform's players, else those who played a
	// rated game of the variant in the channel.
	RatingLeaderboard(ctx context.Context, platform, channel, variant string, now time.Time, limit int) ([]Rating, error)
	// GameRatings returns what a rated game did to its two players, by
	// seat; none when the game was not rated.
	GameRatings(ctx context.Context, id int64) ([]RatingChange, error)
	// RebuildRatings recomputes every rating from the stored finished
	// games, in the order they ended (UpdatedAt, then id), in one
	// transaction, giving the numbers UpdateGame gave; it returns how many
	// games were rated.
	RebuildRatings(ctx context.Context) (int, error)

	// PuzzleAttempt returns the user's attempt at the puzzle of date (a
	// UTC day, "2006-01-02"), or ErrNotFound.
	PuzzleAttempt(ctx context.Context, platform, userID, date string) (*PuzzleAttempt, error)
	// PutPuzzleAttempt stores a new attempt (a.Version 0; ErrConflict
	// when the user already has one for the date) or updates one whose
	// stored version still equals a.Version (ErrConflict, writing
	// nothing, when it moved on; ErrNotFound when there is none). On
	// success a.Version is the new stored version. The change is durable
	// when it returns nil.
	PutPuzzleAttempt(ctx context.Context, a *PuzzleAttempt) error
	// PuzzleStreak returns the user's current and best streaks of
	// consecutive UTC days solved and the puzzles solved, as of today (a
	// UTC day): the current streak ends today, or yesterday while today's
	// puzzle is not solved.
	PuzzleStreak(ctx context.Context, platform, userID, today string) (PuzzleStreak, error)
	// PuzzleLeaderboard returns up to limit users who solved puzzles (those
	// of attempts started in channel; channel "" means the whole platform),
	// ranked by puzzles solved, then current streak, then fewer tries.
	PuzzleLeaderboard(ctx context.Context, platform, channel, today string, limit int) ([]PuzzleRank, error)

	// ClaimEvent records that the platform's event id (a Discord
	// interaction id, a Telegram update id) is being handled, as of now,
	// until FinishEvent. It returns Claimed when the caller may handle it:
	// the first claim, or one whose earlier claim is unfinished and older
	// than lease (its process died during the handling); Finished when
	// the event was claimed and finished before, InProgress when it was
	// claimed, not finished, less than lease ago (nothing is changed
	// then). A record lives EventLifetime, finished or not. Concurrent
	// claims of one event: exactly one returns Claimed. Records older than
	// EventLifetime are pruned as events are claimed (at most PruneBatch
	// per claim). The claim is visible to every process when it returns,
	// and durable with the next durable write at the latest: a power loss
	// can undo a claim only together with all the writes that followed it.
	ClaimEvent(ctx context.Context, platform, id string, now time.Time, lease time.Duration) (Claim, error)
	// FinishEvent records that the handling of a claimed event finished:
	// from then on ClaimEvent reports it Finished, never Claimed, however
	// old. It is as durable as ClaimEvent's record. An event that is not
	// claimed is left alone.
	FinishEvent(ctx context.Context, platform, id string) error
	// TakeLease takes, or renews, the lease called name for holder until
	// now+ttl, and reports whether holder has it: true when it was free,
	// expired or holder's already; false, changing nothing, while another
	// holder has it. Concurrent takers: at most one gets it.
	TakeLease(ctx context.Context, name, holder string, now time.Time, ttl time.Duration) (bool, error)
	// ReleaseLease gives up the lease if holder has it (another holder
	// may take it at once); otherwise it does nothing.
	ReleaseLease(ctx context.Context, name, holder string) error

	// HoldDeliveries takes up to limit owed deliveries (Delivery:
	// written by UpdateGame with Game.Owe) that nobody holds, their hold
	// having expired or been released, for holder until now+hold, oldest
	// first. A channel with an older delivery that another holder still
	// holds is passed over (a channel's boards go out in order).
	// Concurrent callers never get the same delivery.
	HoldDeliveries(ctx context.Context, holder string, now time.Time, hold time.Duration, limit int) ([]Delivery, error)
	// Delivered confirms that a board of the game at version or later was
	// shown: the game's deliveries up to that version are removed,
	// whoever holds them.
	Delivered(ctx context.Context, gameID, version int64) error
	// ReleaseDeliveries gives up holder's holds so that any process may
	// take them at once; "" releases every hold.
	ReleaseDeliveries(ctx context.Context, holder string) error
	// Outbox returns how many deliveries are owed and when the oldest was
	// written.
	Outbox(ctx context.Context) (OutboxStats, error)

	// SetPlace records how to reach a channel (a link, a title), replacing
	// what was known.
	SetPlace(ctx context.Context, platform, channel string, p Place) error
	// UserGames returns the user's live games on the platform (challenges
	// and games in play where they hold a seat), the most recently changed
	// first, at most MaxUserGames, each with its channel's place (a
	// zero Place when none was recorded) and live notice.
	UserGames(ctx context.Context, platform, userID string) ([]UserGame, error)
	// Notify reports whether the user wants turn notifications: true
	// unless SetNotify recorded false.
	Notify(ctx context.Context, platform, userID string) (bool, error)
	// SetNotify records the user's choice of turn notifications.
	SetNotify(ctx context.Context, platform, userID string, on bool) error
	// TurnNotice returns the game's live turn notification, or
	// ErrNotFound.
	TurnNotice(ctx context.Context, gameID int64) (Notice, error)
	// MarkReminded records at as the game's Reminded (the time its player
	// to move was pinged) if the game is still in play at version and its
	// turn was not pinged yet (Reminded before TurnStarted), leaving the
	// version as it is (the board's buttons still work); it reports
	// whether it did.
	MarkReminded(ctx context.Context, gameID, version int64, at time.Time) (bool, error)
	// SwapTurnNotice replaces the game's live turn notification by n
	// (n.GameID names the game) if the live one's message id is still old
	// ("" when the game has none); n.MessageID "" removes it. It is one
	// conditional update, across processes too, and reports whether it
	// was made (false: another writer changed the notice first, and
	// nothing changed). Whoever takes a message id out of the store
	// deletes that message, so that each is deleted at most once.
	SwapTurnNotice(ctx context.Context, old string, n Notice) (bool, error)
}
