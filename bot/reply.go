package bot

import (
	"context"
	"time"
)

// Request is one thing a user did in a chat: typed a command or pressed a
// button. Adapters fill it from platform events.
type Request struct {
	// Platform names the chat platform ("discord", "telegram", "terminal");
	// games are keyed by platform and channel.
	Platform string
	// Channel is the chat, group, channel or thread the request came from.
	Channel string
	// User is who made the request.
	User User
	// Text is a command as typed ("/move 3", "new kalah @bob"). Adapters with
	// structured commands may set Command and Args instead.
	Text    string
	Command string
	Args    []string
	// Button is the data of a pressed button (see Button.Data); when set,
	// Text, Command and Args are ignored.
	Button string
	// ChannelLocale is the platform's language for the whole channel, when
	// it has one (Discord's guild_locale); empty otherwise. The bot uses it
	// for public messages until the channel's language is set.
	ChannelLocale string
	// CanManage reports whether the user may change the channel's settings
	// (Discord: Manage Channels or Manage Server in the interaction's
	// permissions; Telegram: a group administrator or creator, or any
	// private chat). The bot calls it only for "lang channel ..."; nil
	// means no.
	CanManage func(ctx context.Context) bool
	// Received is when the platform's event reached this process: the
	// adapter sets it as it reads the event, before any queue. The move
	// latency metric (Metrics.MoveCommitted) counts from it; zero means
	// from when Handle began.
	Received time.Time
	// EventID is the platform's id of the event the request came from (a
	// Discord interaction id, a Telegram update id), unique per platform:
	// Handle claims it in the store first (Store.ClaimEvent) and drops a
	// request whose event was already claimed, by this process or another
	// on the same database (see Handle: Duplicate, InProgress). Empty
	// means no deduplication (the terminal chat).
	EventID string
	// ChannelLink is a link that opens the channel from anywhere, a
	// message's link being ChannelLink + "/" + the message's id (Discord:
	// https://discord.com/channels/GUILD/CHANNEL, @me for a DM; Telegram,
	// a supergroup: https://t.me/c/ID); "" where the platform has none (a
	// Telegram basic group or private chat, the terminal). ChannelTitle is
	// the channel's name as its members see it, "" when unknown. The bot
	// keeps both for the "games" list when a game is created.
	ChannelLink, ChannelTitle string
	// Duplicate, when set, is called by Handle when it drops the request
	// because its event was claimed before: the process that claimed it
	// answers (a Telegram button press is answered by that process, not
	// with an empty answer from this one, which would hide its alert).
	Duplicate func()
	// InProgress, when set, is called by Handle when it drops the request
	// because its event is claimed by a handling that has not finished,
	// within Config.EventLease (see Handle): the adapter must not
	// acknowledge the event, so that the platform delivers it again (it
	// is then a duplicate, or taken over once the lease ended). Nil: the
	// request is dropped for good, as a duplicate (a platform that does not
	// redeliver).
	InProgress func()
	// App reports that the request came from the board app (package
	// miniapp/app: a move tapped on the Mini App's or the Activity's
	// board) rather than from the chat.
	App bool
}

// User is a chat user.
type User struct {
	ID   string
	Name string
	// Locale is the platform's language tag for the user ("ru", "en-US"):
	// Discord's interaction locale, Telegram's language_code.
	Locale string
	// Mention is how to address the user in a message ("<@123>", "@bob");
	// Name is used when empty.
	Mention string
}

// Reply is one message for the adapter to deliver.
type Reply struct {
	// Text is the message, already localized. It may contain *bold* and
	// "•" bullets, which every platform shows acceptably.
	Text string
	// Board is the board to show with the message, if any.
	Board *Board
	// Animation is an animated GIF to show with the message, Text being
	// its caption: the replay of a move (see the "replay" command). Discord
	// attaches it as "move.gif", Telegram sends it with sendAnimation, the
	// terminal notes it (and saves it with the board images). It has no
	// buttons. A reply carries a Board or an Animation, never both:
	// adapters drop the Animation of a reply that has a Board.
	Animation []byte
	// Private asks for a reply only the requesting user sees (Discord
	// ephemeral). Where a platform cannot hide a message in the channel,
	// the adapter sends a private reply with a Board or an Animation to the
	// user's private chat with the bot (Telegram), and shows a text-only
	// one as discreetly as it can (a button press's alert, a reply to the
	// user's message); see each adapter's documentation.
	Private bool
	// Direct marks a Private reply that is the user's own business (their
	// list of games): where the platform cannot hide a message in the
	// channel, it goes to the user's private chat with the bot, as a
	// private reply with a Board does (Telegram), rather than into the
	// group.
	Direct bool
	// Edit asks to replace the message holding the pressed button, image
	// and buttons included, instead of posting a new one.
	Edit bool
	// Committed is when the move this reply shows was committed (the
	// last one, when the request committed several), zero for a reply
	// that shows no new move. Adapters report the time from it to the
	// platform's confirmation of the reply (their Metrics' Delivered).
	Committed time.Time
	// Ack, when set, confirms the reply's board shown: the adapter calls
	// it once the platform accepted the message carrying the board (sent,
	// or edited in place), and never for a reply it dropped or failed to
	// send. A move's board is owed until then (the outbox: see
	// Bot.Owed), so that a reply lost to a crash or a stop is sent again.
	// It is quick (one store write), safe to call from any goroutine, and
	// logs its own failures.
	Ack func()
	// Notice, when set, makes the reply a turn notification (see Notice).
	Notice *Notice
	// Link, when set, is a web page the message points to: the game's
	// page (see Config.PublicURL). Adapters show it as a link button
	// under the message, after the board's buttons, where the platform
	// has them and takes the URL (Discord: a link button; Telegram: a url
	// button, for an https URL on a public host name), else as a line of
	// text ending the message: its Label, a colon, and its URL.
	Link *Link
}

// Link is a labelled link to a web page.
type Link struct {
	// URL is an absolute http or https URL.
	URL string
	// Label is the link's text, already localized ("🔗 Game page").
	Label string
}

// Line is the link as a line of text, for platforms that show it in the
// message: "Label: URL".
func (l Link) Line() string {
	return l.Label + ": " + l.URL
}

// Notice is a turn notification: a short public message pinging a player
// who has left their turn idle (an edited board notifies nobody), or only
// the deletion of such a message once the turn is over. At most one is
// alive per game (see notices.go).
//
// Adapters send a Reply with a Notice after the request's other replies,
// as a new message of its own in the channel (never an edit, never
// private, no buttons) that notifies exactly Ping and nobody else
// (Discord: allowed_mentions of that one user; Telegram: a text mention
// of Ping, which notifies a user without a username too). First they
// delete the message Replaces, when set: a message already gone counts as
// deleted, and a failed deletion is logged and does not stop the rest. A
// Notice whose Reply has no Text only deletes (on Telegram a deletion takes
// no slot of the chat's pace). Then they call Done, when set, with the new
// message's id; not at all when nothing was sent or sending failed. Done
// returns the ids of messages to delete now, as Replaces (the bot took them
// out of the store: a notice a race left behind, or the new message itself
// when the turn it pings for ended while it was being sent).
type Notice struct {
	// Ping is the user to notify; Text names them as Ping.Mention (else
	// Ping.Name).
	Ping User
	// Replaces is the platform id of an earlier message in the channel to
	// delete, or "".
	Replaces string
	// Done records the new message and returns the messages to delete
	// (quick, safe from any goroutine, logs its own failures).
	Done func(messageID string) (remove []string)
}

// Board is a game's board as the bot shows it.
type Board struct {
	GameID  int64
	Version int64
	// PNG is the board image.
	PNG []byte
	// Text is the same board drawn in characters, for the terminal.
	Text string
	// Buttons are the actions available, in rows of at most five (the
	// Discord limit); a platform may re-flow them.
	Buttons [][]Button
}

// Button is a button under a board. Data is opaque to adapters and comes
// back in Request.Button when pressed; it is at most 64 bytes (Telegram's
// limit for callback data).
type Button struct {
	Label string
	Data  string
}

// Outgoing is a message the bot sends on its own (an idle reminder), to a
// channel.
type Outgoing struct {
	Platform string
	Channel  string
	Reply    Reply
	// Quiet asks not to notify the people the message names, where the
	// platform lets a message mention someone silently (Discord): a
	// review names the players but asks nothing of them.
	Quiet bool
}
