package bot

import (
	"context"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// Store is what the bot needs from persistence. store.DB (SQLite) implements
// it; store/storetest is the conformance suite every implementation must
// pass. Errors: the store package's ErrNotFound, ErrChannelBusy and
// ErrConflict as documented; anything else is an internal failure. Every
// method is safe for concurrent use; contexts bound the I/O, and a cancelled
// context returns its error.
type Store interface {
	// CreateGame stores g as a new game: it sets g.ID and g.Version (1),
	// and stores g.Moves. It returns store.ErrChannelBusy when g is live and the
	// channel already has a live game.
	CreateGame(ctx context.Context, g *store.Game) error
	// LiveGame returns the channel's live game, or store.ErrNotFound.
	LiveGame(ctx context.Context, platform, channel string) (*store.Game, error)
	// Game returns the game with that id, or store.ErrNotFound.
	Game(ctx context.Context, id int64) (*store.Game, error)
	// LastGame returns the channel's most recently created game that is
	// over, or store.ErrNotFound.
	LastGame(ctx context.Context, platform, channel string) (*store.Game, error)
	// UpdateGame writes g (its fields and any moves beyond those already
	// stored) if the stored version still equals g.Version, and then
	// increments g.Version. It returns store.ErrConflict, writing nothing, when
	// the stored version differs, store.ErrNotFound for an unknown id, and
	// store.ErrChannelBusy when the update makes g live in a channel that
	// already has another live game. Moves
	// already stored are never rewritten, except that an undo may shorten
	// the history. The change is durable when UpdateGame returns nil.
	UpdateGame(ctx context.Context, g *store.Game) error
	// IdleGames returns the games in play whose turn started before t,
	// oldest first.
	IdleGames(ctx context.Context, before time.Time) ([]*store.Game, error)

	// Language returns the language a user chose with "lang", or "".
	Language(ctx context.Context, platform, userID string) (string, error)
	// SetLanguage records a user's language.
	SetLanguage(ctx context.Context, platform, userID, lang string) error

	// Record returns a user's results over finished games between people
	// and against the bot (a user with no games has a zero Record).
	Record(ctx context.Context, platform, userID string) (store.Record, error)
	// Leaderboard returns up to limit players with the most wins, ties
	// broken by fewer losses; channel "" means the whole platform.
	Leaderboard(ctx context.Context, platform, channel string, limit int) ([]store.Record, error)
}
