// Package discord connects the bot to Discord with
// github.com/bwmarrin/discordgo: slash commands and buttons in, board
// images and buttons out.
//
// # Use
//
//	a, err := discord.New(discord.Config{Token: token, AppID: appID, GuildID: guildID, Logger: log}, theBot)
//	...
//	err = a.Run(ctx)                   // until ctx ends; nil on a clean stop
//	err = a.Deliver(ctx, outgoing)     // a reminder, from any goroutine
//
// Run opens the gateway session (no intents: interactions need none),
// registers the slash commands with one bulk overwrite (in Config.GuildID
// when set, where changes show at once, else globally) and answers
// interactions, each in its own goroutine, until ctx ends.
//
// # Shutdown
//
// When ctx ends Run stops taking interactions and closes the gateway
// (discordgo waits a second for the server; this runs alongside the rest).
// The interactions in flight go on: their replies are sent with a context
// that outlives ctx, because the moves are already committed. Half a
// second before ShutdownTimeout (4 s) their contexts are cancelled: a
// request in flight is abandoned and the replies not yet sent are given
// up. Run returns nil by ShutdownTimeout even if a handler ignores its
// context, and logs "discord: stopped" with replies_not_sent (a count,
// never texts), or a warning when interactions were still running.
//
// # Priority and coalescing
//
// Discord needs no queue of its own: every interaction is answered in its
// own goroutine, through its own interaction token (interaction endpoints
// are not bound by the global rate limit), so a move never waits behind
// another user's /help, and a board is always the answer to the press
// that made it. Only Deliver and turn notices post to a channel; every
// request, whoever sends it, goes through the rate limiter below.
//
// # Requests
//
// Every interaction becomes a bot.Request with Platform "discord", Channel
// the interaction's channel id (a thread is its own channel), and User the
// member (in a guild) or user (in a DM): ID, Name (guild nickname, else
// display name, else user name), Locale (the interaction's locale, "ru",
// "en-US", ...) and Mention "<@ID>". ChannelLocale is the guild's locale
// (guild_locale; empty in a DM). CanManage is true when the member's
// permissions in the channel, which the interaction carries resolved,
// include Administrator, Manage Channels or Manage Server, and in a DM; it
// makes no request. A button press sets Request.Button to
// the button's custom id, which is the bot's button data. A slash command
// sets Command to its (English, default) name, which Discord sends whatever
// the user's language, and Args from its options in the order of the
// bot's typed syntax:
//
//	/new variant:kalah opponent:@bob options:seeds=5  -> new kalah <@BOB_ID> seeds=5
//	/new variant:oware level:easy                     -> new oware bot easy
//	/new variant:kalah opponent:@<this bot>           -> new kalah bot
//	/move pit:3                                       -> move 3
//	/rules variant:kalah, /lang language:pl           -> rules kalah, lang pl
//
// # Commands
//
// The slash commands (commands.go) are the bot's command table,
// bot.Commands, each argument (bot.Arg) an option of its kind, with
// English names, descriptions from the locales catalog (cmd_*, the
// argument's description key), and name (cmdname_*, argname_*) and
// description localizations for ru, da and pl. The choices are the
// arguments' own (variants from engine.Variants(), solitaires left out of
// /new); levels come from the Handler when it implements LevelLister,
// else DefaultLevels. An interaction's options become the bot's words by
// bot.Command.Words.
// Localized names must match Discord's ^[-_\p{L}\p{N}]{1,32}$ in lower
// case; a name that does not falls back to the English name for that
// locale and is logged at start-up.
//
// # Replies
//
// Text goes through locales.ForDiscord (*bold* becomes **bold**), its
// bare URLs are put in angle brackets (no embed of each: see noEmbeds), and is
// cut into messages of at most 2000 characters, between lines where
// possible; a board (PNG attachment "board-GAME-VERSION.png" and its
// buttons) goes with the first, and so does an animation (a reply's
// Animation, the GIF attachment "move.gif", which Discord plays in line;
// dropped when the reply also has a board). Buttons keep the bot's rows
// when they fit Discord's 5 rows of 5 and are re-flowed otherwise; pits
// and ▶ are grey (secondary), ✔ green, ✖ red, ↻ blue. A reply's Link
// (a game's page) is a link button (style 5, its url, no custom_id) on the
// first message, in a row of its own under the board's buttons (at the
// end of the fifth row when five are taken); when no button fits, or the
// URL is too long for one (512), it ends the text as "Label: <URL>" (the
// angle brackets keep Discord from embedding the page). A link asks
// nothing of anyone: it does not make a reply notify. With
// Config.Activity, a reply's App (the board app) is a blue "🎯 Open
// board" button before the link, in the same row; its press is answered
// with LAUNCH_ACTIVITY and never reaches the bot (see activity.go). A Private reply is
// ephemeral (flag 64), its image or animation and buttons included, and
// never edits anything. A button press's public Edit reply updates
// the pressed message (response type 7, or an edit of @original after a
// deferral), replacing its text, image and buttons: the edit's
// "attachments" lists the new file alone ({"id": "0", "filename": ...}),
// as Discord's "Editing Message Attachments" wants (an edit keeps the old
// attachments it lists and appends only the new files it lists), so the
// message keeps exactly one picture, the new one
// (bwmarrin/discordgo#1524: old images stayed).
// Other replies are new messages: the interaction response, then
// follow-ups. Mentions notify people only in messages that ask them to
// act: a reply with buttons (a challenge, a board) notifies the users it
// mentions except the one who made the request, and a message sent with
// Deliver (a reminder) notifies everyone it mentions; other replies (/top,
// /game) name people silently. @everyone, @here and roles never notify.
// A turn notification (bot.Notice) is a channel message of the bot's own
// (POST /channels/ID/messages, after the interaction's answer) whose
// allowed_mentions list only the player to move; a board in the same
// answer then does not ping them too. The notice it replaces is deleted
// first (DELETE /channels/ID/messages/ID; 404 Unknown Message counts as
// deleted).
//
// # Deferral
//
// Discord wants the first response within 3 seconds. The adapter hands the
// request to the bot at once and waits up to Config.DeferAfter (1.5 s by
// default) for its answer. Almost every answer comes in milliseconds and
// is sent as the response itself, which is the best the user can see: a
// refusal can be ephemeral, a board update is a single edit. When the bot
// takes longer (it is thinking), the adapter defers first: "thinking…"
// (type 5) for a command, an invisible deferred update (type 6) for a
// button; the answer then edits @original and follows up. A deferred
// command whose answer turns out to be private deletes the public
// "thinking…" message and follows up ephemerally (a deferred public
// message cannot become ephemeral). The timer covers every slow request,
// not only the ones expected to be slow. A negative DeferAfter defers every
// interaction at once, the simplest policy; the tests run the whole game
// both ways.
//
// # HTTP interactions
//
// With Config.PublicKey set (DISCORD_PUBLIC_KEY), Run opens no gateway:
// it registers the commands, learns the bot user's id (GET /users/@me)
// and waits; interactions come through Adapter.InteractionsHandler, which
// the caller serves at the application's Interactions Endpoint URL. Each
// request's Ed25519 signature is checked (401 otherwise, nothing
// handled), a PING is answered with a PONG, and every other interaction
// goes through the same conversion, plan and steps as on the gateway: only
// the interaction response changes hands. It is written as the HTTP
// answer instead of being POSTed to the callback endpoint (the handler's
// context carries the request's httpResponder, which Adapter.respond
// uses). Deferral works as above. A response carrying an attachment (a
// board image, an animation) cannot be an HTTP answer (Discord takes no
// multipart/form-data there), so the HTTP answer is the matching deferral
// (type 5 or 6; an ephemeral type 5 for a private answer) and the message
// goes by editing @original, or by an ephemeral follow-up, as after any
// deferral. Edits and follow-ups right after the HTTP answer may reach
// Discord before it has processed that answer; a 404 Unknown Webhook then
// is retried like a 5xx. Shutdown is as above; interactions arriving
// while stopping get 503.
//
// # The platform's specification
//
// The adapter speaks Discord's API v10, the version of its OpenAPI
// description (wire.go rebuilds discordgo's endpoint variables at init,
// and the gateway URL asks for ?v=10). It sends its own JSON bodies
// (wire.go): discordgo's structs add fields the schemas do not have (tts
// on an update-message response, response-only attachment fields,
// channel_types on every command option). The gateway IDENTIFY is
// rewritten on the wire (identify.go), because discordgo's marshals the
// deprecated "$os" properties and a presence without activities and with
// an empty status: it goes with properties os, browser and device and a
// presence {"since": null, "activities": [], "status": "online", "afk":
// false}. For that the adapter dials the gateway itself; an HTTP proxy of
// the environment is not used for the gateway. The limits Discord
// documents are named constants (maxContent, maxRows, maxRowButtons,
// maxButtons, maxChoices...): a command table past 25 choices fails New,
// and buttons past 25 are logged as an error; the tests walk every
// variant's boards to keep it from happening. discordtest refuses what
// the specification refuses (see its package documentation).
//
// # Failures and rate limits
//
// No request goes into a rate-limit bucket Discord said was empty: the
// Session's HTTP client has a transport (limiter.go) that learns Discord's
// buckets from X-RateLimit-Bucket, per major parameter (channel, webhook
// or interaction, guild), and holds a request while its bucket's
// X-RateLimit-Remaining is used up by requests answered or in flight,
// until X-RateLimit-Reset-After; a route whose bucket Discord has not
// named yet waits for every bucket of its major parameter. It covers every
// request, from any goroutine: responses, follow-ups, edits, notices,
// deletions, command registration. discordgo's own RateLimiter still runs
// (it keys buckets by URL, so on its own it would count routes Discord
// counts together apart, and take a deletion's remaining count for an
// edit's). A 429 that comes anyway is waited out by discordgo (it sleeps
// Retry-After and sends again). Each message is also tried up to 3 times, with a short
// back-off, on a 5xx or a network error; 4xx refusals are not retried. If
// the interaction response itself cannot be sent, public replies are
// posted to (or, for an update, edited in) the channel with the bot's own
// permissions, so a committed move still shows; private replies are then
// lost, which is logged. Failures are logged without the bot token or
// interaction tokens (the redactor in transport.go), and errors returned by
// New, Run and Deliver never contain the token. Durations are logged as
// strings ("1.5s"); the adapter adds no "platform" attribute, which the
// caller's logger carries.
//
// # Metrics
//
// Config.Metrics (nil records nothing) is told of each 429 discordgo waits
// out (its RateLimit event, which runs in a goroutine of its own: the count
// may lag the request by a moment), of each request sent again (by
// discordgo after a 429, by the adapter after a 5xx or a network error),
// and, for each reply that shows a committed move (bot.Reply.Committed),
// of the time from the commit to Discord's acceptance of the request that
// carries its board. Request.Received is set when the interaction event
// arrives. Replies are sent at once, in the interaction's handler: the
// adapter has no queue to report.
//
// # Endpoints (Config.APIBase)
//
// discordgo's endpoints are package-level variables computed once at init
// from "https://discord.com/" (EndpointAPI, EndpointWebhooks, ...); the
// adapter rebuilds them once for API v10, at its own init, before any
// Session exists, and otherwise leaves them alone: reassigning them per
// adapter would race with the other Sessions of the process. With APIBase
// set, the Session's HTTP client gets a transport that sends every request
// for discord.com to APIBase instead, path unchanged (/api/v10/...). The
// gateway needs nothing more: discordgo asks GET /api/v10/gateway for the
// websocket URL, and the server at APIBase answers with its own. package
// discordtest is such a server.
package discord
