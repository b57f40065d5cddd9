package store

// Place is how to reach a channel from elsewhere, as its platform allows.
type Place struct {
	// Link opens the channel ("https://discord.com/channels/GUILD/CHANNEL",
	// "https://t.me/c/ID"); a message's link is Link + "/" + its id. ""
	// where the platform has none (a Telegram basic group, a private chat).
	Link string
	// Title is the channel's name as its members see it, or "".
	Title string
}

// Notice is a game's live turn notification: the message that mentioned
// the player to move.
type Notice struct {
	GameID    int64
	UserID    string
	MessageID string
}

// UserGame is one of a user's live games, for the "games" command.
type UserGame struct {
	Game  *Game
	Place Place
	// Notice is the message id of the game's live turn notification, or "".
	Notice string
}

// MaxUserGames bounds UserGames.
const MaxUserGames = 25
