package store

import (
	"errors"
	"time"
)

// Errors a Store returns. Implementations wrap nothing else in them: any
// other error is an internal failure (the database is gone, say).
var (
	// ErrNotFound: no such game, or no live game in the channel.
	ErrNotFound = errors.New("not found")
	// ErrChannelBusy: the channel already has a live game (a challenge or a
	// game in play).
	ErrChannelBusy = errors.New("channel has a live game")
	// ErrConflict: the game changed since it was read (its version moved
	// on); nothing was written.
	ErrConflict = errors.New("game changed concurrently")
	// ErrUnavailable: the database cannot be used now (its file was
	// removed or replaced under the running program, or it is closed or
	// failing); nothing was written.
	ErrUnavailable = errors.New("database unavailable")
	// ErrTooLarge: a value is larger than the store keeps (a review over
	// MaxReviewSize); nothing was written.
	ErrTooLarge = errors.New("too large to store")
)

// Phase is where a game is in its life.
type Phase string

// Phases. A channel has at most one game in PhaseChallenge or PhasePlaying.
const (
	PhaseChallenge Phase = "challenge" // waiting for an opponent to accept
	PhasePlaying   Phase = "playing"
	PhaseOver      Phase = "over" // finished, declined or withdrawn
)

// Live reports whether the phase still occupies its channel.
func (p Phase) Live() bool { return p == PhaseChallenge || p == PhasePlaying }

// Player is one seat of a game.
type Player struct {
	// UserID is the platform's user id; empty for the bot.
	UserID string
	// Name is how to address the player (a display name or @mention).
	Name string
	// Level is the bot's strength when the bot plays this seat; empty for
	// people.
	Level string
}

// IsBot reports whether the bot plays this seat.
func (p Player) IsBot() bool { return p.Level != "" }

// Empty reports whether nobody has taken the seat yet.
func (p Player) Empty() bool { return p.UserID == "" && p.Level == "" }

// Move is one move of a game's history.
type Move struct {
	Ply    int       // 0-based index in the game
	Move   string    // the move in notation ("3", "swap")
	UserID string    // who played it; empty for the bot
	At     time.Time // when it was committed
}

// Game is everything stored about one game. The engine position is not
// stored: it is rebuilt by replaying Moves from Start, so the history is the
// single source of truth.
type Game struct {
	ID int64
	// PageID names the game's public page in links: 22 characters of
	// base64url holding 16 random bytes (see NewPageID), unique among the
	// games. CreateGame sets it when it is "" (and refuses one that is not
	// spelled as NewPageID spells them); it never changes afterwards
	// (UpdateGame does not write it).
	PageID   string
	Platform string
	Channel  string
	Variant  string
	// Options are the rule options as given at creation (engine.Options).
	Options map[string]string
	// Start is position JSON when the game did not begin at the variant's
	// start (a puzzle, a study); empty otherwise.
	Start string
	// Players holds the seats, one per seat of the variant, by the engine
	// side the seat had at the start: [0] South, [1] North, and in the
	// four-seat games [2] East, [3] West (a pie-rule swap changes sides, not
	// seats). During a challenge, an invited user's seat holds their name
	// only, an open seat nothing. In Ruma for two, one person holds South
	// and North, the other East and West.
	Players []Player
	// Challenger is the user who opened the challenge.
	Challenger string
	Moves      []Move
	Phase      Phase
	// Result is the engine status when the game is over ("south_won",
	// "north_won", "east_won", "west_won", "draw": the winner by seat), or
	// "" for a challenge that never started.
	Result string
	// Reason says how it ended: an engine end reason ("empty_side",
	// "majority", ...) or "resign", "timeout", "agreed", "declined",
	// "withdrawn".
	Reason string
	// DrawOffer and UndoOffer are the seat (0, 1) that made a pending
	// offer, or -1 (two-seat games only).
	DrawOffer, UndoOffer int
	// MessageID is the platform message showing the board, to edit in place.
	MessageID string
	// Version counts the game's writes; UpdateGame compares it.
	Version   int64
	CreatedAt time.Time
	UpdatedAt time.Time
	// TurnStarted is when the player to move got the turn; Reminded when
	// they were last reminded (zero: not yet).
	TurnStarted time.Time
	Reminded    time.Time
	// Lang is the language of the game's public messages, fixed when the
	// game is created ("" for older games); a channel language wins over it.
	Lang string
	// Damage is set by the reads when part of the stored row could not be
	// decoded: "options" when the options are not a JSON object of strings
	// (Options is then nil). Such a game cannot be played, only ended:
	// UpdateGame leaves the undecodable column as stored (the evidence
	// stays) and writes the rest; CreateGame refuses a damaged game. It is
	// "" for a row read in full.
	Damage string
	// Owe, when set, is a delivery this write owes the channel (a board
	// to show: see Delivery). UpdateGame writes it in the same
	// transaction and fills in its ID, GameID, Version, Platform, Channel
	// and Created; the caller sets Note, Holder and HeldUntil. It is
	// never read back (reads leave it nil); CreateGame ignores it.
	Owe *Delivery
}

// Record is one player's results.
type Record struct {
	UserID              string
	Name                string
	Wins, Losses, Draws int
}
