// Package telegram connects the bot to Telegram through the Bot API, using
// github.com/go-telegram-bot-api/telegram-bot-api/v5 (tgbotapi) for the
// transport and the API types.
//
// # What it does
//
// [Adapter.Run] registers the command menu (setMyCommands: the default list
// with English descriptions, and one list each for language_code ru, da and
// pl), then long-polls getUpdates and turns every message and button press
// into a [bot.Request] for the [Handler]. Replies go back as photos with an
// inline keyboard (a board), as HTML text messages, as edits of the message
// whose button was pressed, or as callback answers.
//
// # Requests
//
//   - Platform is "telegram".
//   - Channel is the chat id in decimal ("-1001234567890" for a supergroup,
//     a positive id for a private chat). In a forum supergroup a message
//     sent inside a topic has Channel "chatid:threadid" (the topic's
//     message_thread_id), so every topic holds its own game; the General
//     topic, and replies in ordinary groups, use the bare chat id.
//     [Adapter.Deliver] accepts both forms.
//   - User.ID is the Telegram user id, Name the first name (the username
//     when there is no first name), Locale the user's language_code and
//     Mention "@username", or the first name when the user has no username.
//     An asterisk in a name, which the bot's texts use for bold, is
//     replaced by "∗".
//   - Text is the message text. In groups only commands ("/new kalah",
//     "/move@MancalaBot 3") are passed on; a command addressed to another
//     bot ("/move@OtherBot 3") and every other message is ignored. In
//     private chats any text is passed on ("3" plays pit 3). A mention of a
//     user without a username (a text_mention entity) is passed as "@<id>",
//     which the bot matches against User.ID when that user accepts.
//   - Button is a pressed button's callback_data.
//
// Messages from bots (including anonymous group admins, who appear as
// @GroupAnonymousBot), channel posts and edited messages are ignored.
//
// # Replies
//
//   - A reply with a board image is sent with sendPhoto: the PNG, the text as
//     an HTML caption and the board's buttons as an inline keyboard
//     (callback_data = Button.Data). A text longer than a caption (1024
//     characters) is sent first as its own message and the photo follows
//     without a caption. A board without an image is sent as text, with its
//     character drawing in a <pre> block.
//   - A reply's Link (a game's page) is a url button in a row of its own
//     under the board's buttons, when its URL is https on a public host
//     name (Telegram refuses a button to localhost or to a host without a
//     dot, BUTTON_URL_INVALID); otherwise, or when the keyboard is full,
//     the text ends with the line "Label: URL" (see placeLink).
//   - A reply's App (the board app, issue #29), with Config.AppURL and
//     Config.AppName, is an "Open board" button before the Link's in
//     that last row: a web_app button in a private chat, a url button to
//     the Mini App's direct link in a group; a private chat's menu button
//     opens the game too (see app.go).
//   - A reply with an animation (bot.Reply.Animation, a move's replay) is
//     sent with sendAnimation: the GIF as "move.gif" in the multipart field
//     "animation" (as tgbotapi's NewAnimation does) and the text as its
//     HTML caption, cut out into messages before it when too long. If
//     Telegram refuses it with 400 (no right to send media), the caption
//     is sent as text. An animation is always a new message, never an
//     edit.
//   - A text reply is sent with sendMessage in HTML parse mode (the bot's
//     *bold* becomes <b>bold</b>), split at line breaks into messages of at
//     most 4096 characters.
//   - Telegram has no ephemeral messages in groups. A private text reply
//     to a button press becomes the callback answer, shown as an alert
//     (truncated to 200 characters); a private text reply to a typed
//     command is sent to the chat as a reply to the user's message. A
//     private reply with a board or an animation, which no alert can
//     show, or marked Direct (the user's own list of games), goes to the
//     user's private chat with the bot (chat_id = the user's id) as a new
//     message. Telegram refuses that chat (403) until
//     the user has opened it and pressed Start, or when they blocked the
//     bot; the user is then asked (err_private_chat, in their app's
//     language, naming the bot's @username) to do so and try again: in
//     the press's alert, or in reply to the command. In a private chat,
//     private replies with a board or an animation are sent like public
//     ones (a press's Edit reply edits the pressed message); text-only
//     ones to a press are still alerts.
//   - Every button press is answered (answerCallbackQuery), before any
//     other reply is sent, so the user's client stops its spinner; only
//     the private replies bound for the user's private chat go first, so
//     that the answer can say when that chat is closed.
//   - A reply with Edit set replaces the message that held the pressed
//     button: editMessageMedia (new photo, caption and keyboard) when both
//     are photos, editMessageText or editMessageCaption when the reply has
//     no image. A text message (a challenge) cannot become a photo: its
//     keyboard is removed and the board is sent as a new message. An edit
//     that fails for any other reason is sent as a new message instead, so
//     a committed move is never left unshown.
//
// # Limits and errors
//
// Calls follow the Bot API's current description (10.1): link previews
// are turned off with link_preview_options, replies name their message
// with reply_parameters (allowing the send when it is gone), never with the
// parameters Bot API 7.0 replaced (disable_web_page_preview,
// reply_to_message_id, allow_sending_without_reply). Texts are cut to
// Telegram's limits counted as it counts them, in UTF-16 code units
// (maxMessageLen, maxCaptionLen, maxCallbackLen); an inline keyboard keeps
// at most 8 buttons a row and 100 in all (maxRowButtons,
// maxKeyboardButtons): buttons past that are logged as an error, and the
// tests walk every variant's boards so that none is. telegramtest refuses
// what the description refuses.
//
// Messages to one chat are paced by a small token bucket (by default a
// burst of 3, then one a second in private chats and one every 3 seconds,
// 20 a minute, in groups); edits count, callback answers do not. A 429
// answer is retried after its retry_after (at most 5 times, and not when it
// asks for more than 5 minutes), and holds back the chat's other messages
// for as long. Network errors and 5xx answers are retried 3 times with a
// short backoff; other 4xx answers are not retried. A group upgraded to a
// supergroup (migrate_to_chat_id) is followed for the message at hand.
// Failures are logged; nothing is retried after the move has been
// committed except the delivery itself.
//
// Config.Metrics (nil records nothing) is told of each 429, each call made
// again, each webhook redelivery dropped, and, for each reply that shows a committed move
// (bot.Reply.Committed), of the time from the commit to Telegram's
// confirmation of its last message. [Adapter.Queues] reports what waits
// in the chats' queues, for gauges read at each scrape. Request.Received
// is set when getUpdates returns the update, before it waits in its
// chat's queue.
//
// The bot token appears in every request URL. No error returned by this
// package and nothing it logs contains it: errors are rebuilt as [*Error]
// with the token replaced by "<token>", and the logger is wrapped in a
// handler that redacts it from every message and attribute. That handler
// also writes durations as strings ("1.5s"), never as nanoseconds. The
// adapter adds no "platform" attribute: the caller's logger carries it.
//
// # Queues: moves first, newest board only
//
// Each chat has two queues, both in two levels: urgent (game play, as
// [bot.Urgent] says: moves, game buttons, new, accept, resign, board...;
// and every message sent with Deliver, a reminder or the bot's move) and
// normal (help, rules, statistics, puzzles).
//
//   - Updates: one goroutine per chat handles them one at a time, the
//     urgent ones first; within a level in the order received, so moves
//     apply in order. Handling a button press includes answering it.
//   - Replies: the handler does not wait for the pace; it puts the replies
//     in the chat's outbox, where one goroutine sends them, urgent ones
//     first and each level in order (the replies to one update stay
//     together, in their order). The sender waits for the chat's next
//     pacing slot before it picks the reply, so a move typed behind twenty
//     /help of a bystander is the next message the group gets, not the
//     twenty-first (a minute later at 20 messages a minute).
//   - Coalescing: when the outbox holds several boards of the same game
//     (bot.Board.GameID, not 0) with the same visibility, only the one with
//     the highest Version is sent; the older ones (new messages or edits of
//     a pressed message) are dropped, their text being superseded
//     ([Stats].Superseded counts them). A reply without a board, or with
//     another game's, is never dropped.
//
// An update counts as handled ([Stats].Handled) once its replies are sent
// or given up. [Config.HandleTimeout] bounds the handling and the wait in
// the outbox.
//
// # Updates and shutdown
//
// Different chats are handled concurrently (at most 8 handlers at once).
// getUpdates requests are bound to Run's context, so cancelling it ends a
// long poll at once. Run then returns within [Config.ShutdownTimeout]
// (default 4 s), whatever is queued:
//
//  1. It confirms the updates handled so far to Telegram, with one last
//     getUpdates (within a second), so that a restart does not get them
//     again.
//  2. The queues keep working, handling the updates received and sending
//     replies, until a grace period (an eighth, at most 500 ms) before the
//     deadline. A chat whose next pacing slot comes after that gives up
//     its outbox at once instead of waiting for it.
//  3. Then every call still in flight is cancelled, the updates not yet
//     handled are dropped, and the replies not sent are given up.
//  4. If the updates handled meanwhile move the offset and time is
//     left, it confirms them too. Run logs "stopped" with replies_not_sent
//     and updates_not_handled (counts only, never texts) and returns nil.
//
// # Acknowledged only once handled
//
// An update is confirmed to Telegram only once it is handled: the bot's
// handler has returned, so what it changes is committed (a move's board
// is then owed in the store's outbox, which any process sends). getUpdates
// confirms every update before its offset, so the offset never passes an
// update received and not handled yet (ackLog); while such an update
// waits, getUpdates returns it again at once, and the adapter skips it and
// asks again every backlogPoll (200 ms) rather than long-polling. As
// getUpdates returns at most 100 updates, newer ones wait at Telegram
// while 100 received are behind the oldest one not handled. The
// webhook answers 200 only once the update is handled (see
// [Adapter.WebhookHandler]). An update a crash (or step 3) leaves
// unhandled is therefore delivered again, to the next process; one that
// was handled but not yet confirmed comes again too, and the bot's event
// claim (bot.Request.EventID, kept in the store) drops it. One the bot
// leaves in progress (bot.Request.InProgress: its claim's handling has not
// finished, here or elsewhere, or its process died within the lease) is
// not confirmed either: long polling dispatches it again after
// inProgressRetry (1 s), the webhook answers it 503. A reply given
// up is not lost for the game: the move is committed and /board shows it
// again.
//
// # Permissions
//
// [bot.Request].CanManage is true in a private chat. In a group it asks
// getChatMember, only when the bot calls it and at most once per update,
// and is true for the status "creator" or "administrator"; a failed call
// counts as false and is logged. ChannelLocale is empty: Telegram has no
// chat language.
//
// New makes no network call. Run calls getMe (to learn the bot's username,
// for "/cmd@name" addressing) and deleteWebhook (long polling fails while a
// webhook is set) before polling.
//
// # Webhook mode
//
// With Config.WebhookURL and Config.WebhookSecret set, Run calls getMe,
// then setWebhook with the URL, the secret_token and allowed_updates
// (message, callback_query: what the adapter handles), instead of
// deleteWebhook and getUpdates; the caller serves [Adapter.WebhookHandler]
// at that URL. Each request is checked against the secret (401 otherwise),
// decoded and queued on its chat's queue, the same queues long polling
// feeds, and acknowledged with 200 once the handler has returned (the
// replies follow as above). An update_id among the latest 4096 received
// is not queued again, since Telegram re-sends an update whose delivery it
// believes failed: the redelivery waits for the first one's handling.
// Across processes the event claim drops a second handling. When Run stops, the webhook
// is left in place, because another process may be serving it; updates
// that arrive while no process serves the URL wait at Telegram (which
// retries) until one does. Stopping answers new webhook requests with 503
// (Telegram delivers them again later) and finishes the queued updates as
// above; updates queued but not handled by the deadline are answered 503,
// and Telegram delivers them again.
package telegram

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/mancala-bot/mancala/bot"
)

// Platform is the bot.Request.Platform of Telegram requests.
const Platform = "telegram"

// DefaultAPIEndpoint is Telegram's Bot API server.
const DefaultAPIEndpoint = "https://api.telegram.org"

// DefaultShutdownTimeout is the default Config.ShutdownTimeout: Run
// returns within it after its context ends, well before a supervisor's
// usual 5 to 10 seconds of grace run out.
const DefaultShutdownTimeout = 4 * time.Second

// Handler answers requests; *bot.Bot implements it.
type Handler interface {
	Handle(ctx context.Context, req bot.Request) []bot.Reply
}

// Config configures an Adapter. Token is required; the zero value of every
// other field means its default.
type Config struct {
	// Token is the bot token from @BotFather ("123456:ABC-DEF...").
	Token string
	// APIEndpoint is the Bot API server (TELEGRAM_API_ENDPOINT): a base URL
	// such as "http://localhost:8081" for a self-hosted telegram-bot-api
	// server or a test server, or a tgbotapi endpoint pattern with two %s
	// ("https://host/bot%s/%s"). Empty means DefaultAPIEndpoint.
	APIEndpoint string
	// Logger receives the adapter's logs (token redacted); nil discards.
	// The adapter adds no "platform" attribute of its own: give it a
	// logger .With("platform", "telegram") when one is wanted (cmd/mancala
	// does), so that the key is not repeated.
	Logger *slog.Logger
	// PollTimeout is the long-poll timeout of getUpdates (default 30 s,
	// rounded down to whole seconds, at least 1 s).
	PollTimeout time.Duration

	// PrivateInterval and GroupInterval space the messages sent to one
	// private chat or group after a burst of Burst messages (defaults 1 s,
	// 3 s and 3). Tests set tiny intervals.
	PrivateInterval, GroupInterval time.Duration
	Burst                          int
	// ShutdownTimeout bounds how long Run takes to return after its
	// context ends, the last confirmation of the updates included
	// (default DefaultShutdownTimeout). Run keeps handling and sending
	// until ShutdownTimeout minus a grace of an eighth (at most 500 ms),
	// then gives up what is left.
	ShutdownTimeout time.Duration
	// HandleTimeout bounds the handling of one update, replies included
	// (default 2 minutes).
	HandleTimeout time.Duration
	// TypingAfter is how long the handler may take on an update before
	// the chat shows the bot typing (see typing.go): 0 means
	// DefaultTypingAfter, a negative value at once (the tests).
	TypingAfter time.Duration
	// Metrics receives what the adapter measures (see Metrics); nil
	// records nothing.
	Metrics Metrics

	// WebhookURL and WebhookSecret (TELEGRAM_WEBHOOK_URL,
	// TELEGRAM_WEBHOOK_SECRET), both set, select webhook mode instead of
	// long polling: Run calls setWebhook with the URL, the secret and the
	// allowed updates, and updates arrive through WebhookHandler, which the
	// caller serves at that URL. See ValidateWebhook for their rules. Run
	// does not delete the webhook when it stops: another process may be
	// serving it.
	WebhookURL, WebhookSecret string

	// AppURL is the board app's address (PUBLIC_URL + "/app/", https),
	// and AppName its short name as registered with @BotFather /newapp
	// (TELEGRAM_APP_NAME): with them, a board carrying bot.Reply.App gets
	// an "Open board" button (see app.go). Empty: no button.
	AppURL, AppName string
}

// Metrics receives the adapter's measurements, for a metrics system
// (cmd/mancala wires it to Prometheus). Its methods are called on the
// delivery path, concurrently: they must be safe for concurrent use,
// quick, and should not allocate. The queues' depth is read on demand
// instead, with [Adapter.Queues].
type Metrics interface {
	// Delivered reports a reply that shows a committed move
	// (bot.Reply.Committed) confirmed by Telegram, d after the commit:
	// all of its messages sent or edited. A board dropped for a newer
	// one of the same game is not reported.
	Delivered(d time.Duration)
	// RateLimited reports a 429 answer (Stats.RateLimited).
	RateLimited()
	// Retried reports a call made again (Stats.Retries): after a 429, a
	// network error or a 5xx, or to a migrated group.
	Retried()
	// Deduplicated reports an update dropped as already received: a
	// webhook redelivery of one of the latest update ids.
	Deduplicated()
}

// noMetrics records nothing.
type noMetrics struct{}

func (noMetrics) Delivered(time.Duration) {}
func (noMetrics) RateLimited()            {}
func (noMetrics) Retried()                {}
func (noMetrics) Deduplicated()           {}

// Stats counts what an Adapter has done since New. It is meant for metrics
// and for tests that wait for the adapter to catch up.
type Stats struct {
	// Received counts the updates received from getUpdates, Handled those
	// fully handled (replies delivered or given up on).
	Received, Handled int64
	// Sent counts the successful calls that send or edit a message,
	// answer a button press or register the commands.
	Sent int64
	// RateLimited counts 429 answers; Retries all retried calls; Failed the
	// calls given up on.
	RateLimited, Retries, Failed int64
	// Superseded counts the replies dropped unsent because a newer board
	// of the same game was waiting to be sent to the same chat; Unsent the
	// replies given up on because their time ran out (Run stopping, or
	// HandleTimeout); Unhandled the updates received but not handled
	// because Run was stopping.
	Superseded, Unsent, Unhandled int64
	// LastPoll is when getUpdates last succeeded (zero before the first).
	LastPoll time.Time
}

// Adapter runs the bot on Telegram. Create it with New.
type Adapter struct {
	h        Handler
	cfg      Config
	log      *slog.Logger
	token    string
	endpoint string // tgbotapi pattern: ".../bot%s/%s"
	red      *strings.Replacer
	http     *http.Client
	tr       *http.Transport
	pace     *pacer
	sem      chan struct{}
	metrics  Metrics

	username atomic.Value // string: the bot's username, from getMe
	running  atomic.Bool
	// calls numbers the Bot API calls as they start. refusedAt is 0, or
	// the value calls had when a call was answered 401 (the token is
	// refused: Ready); an accepted call clears it only when it started
	// after that answer, so that a call already under way when the token
	// was refused, answered late, does not hide the refusal.
	calls, refusedAt atomic.Int64

	// mu guards the chats' queues, the count of running goroutines and
	// the stop state.
	mu     sync.Mutex
	queues map[int64]*chatQueue
	active int           // goroutines Run's shutdown waits for
	idle   chan struct{} // closed (and replaced) when active drops to 0
	// stopCh is closed when Run begins to stop; stopping and stopBy (no
	// reply starts after it) are set then, and cleared when Run returns.
	stopCh   chan struct{}
	stopping bool
	stopBy   time.Time

	// hookWork is the context of the updates' handling while Run serves
	// the webhook (nil otherwise); hookMu's read lock is held while an
	// update is queued, so Run's stop waits for that.
	hookMu   sync.RWMutex
	hookWork context.Context
	hookEnd  chan struct{} // closed once that Run has stopped
	seen     recentIDs     // webhook updates received lately
	acks     ackLog        // long polling's updates received and not yet handled

	received, handled, sent, rateLimited, retries, failed atomic.Int64
	superseded, unsent, unhandled                         atomic.Int64
	lastPoll                                              atomic.Int64 // unix nanoseconds

	// menus is, per private chat, the page id of the game its menu button
	// opens (see setMenuButton); menuMu guards it.
	menuMu sync.Mutex
	menus  map[int64]string
}

// New checks cfg and returns an Adapter; it makes no network call. It
// fails when h is nil, the token is empty or not shaped like a bot token
// (digits, a colon, then letters, digits, '_' or '-'), or APIEndpoint is
// not an http(s) URL. Its errors never contain the token.
func New(cfg Config, h Handler) (*Adapter, error) {
	if h == nil {
		return nil, errors.New("telegram: a Handler is required")
	}
	tok := strings.TrimSpace(cfg.Token)
	if tok == "" {
		return nil, errors.New("telegram: the bot token is empty")
	}
	if !validToken(tok) {
		return nil, errors.New("telegram: the bot token is malformed (want digits:secret, as @BotFather gives it)")
	}
	if err := ValidateWebhook(cfg.WebhookURL, cfg.WebhookSecret); err != nil {
		return nil, fmt.Errorf("telegram: %w", err)
	}
	red := newRedactor(tok)
	endpoint, err := endpointPattern(cfg.APIEndpoint)
	if err != nil {
		return nil, errors.New(red.Replace(err.Error()))
	}
	if cfg.PollTimeout <= 0 {
		cfg.PollTimeout = 30 * time.Second
	}
	if cfg.PollTimeout < time.Second {
		cfg.PollTimeout = time.Second
	}
	if cfg.PrivateInterval <= 0 {
		cfg.PrivateInterval = time.Second
	}
	if cfg.GroupInterval <= 0 {
		cfg.GroupInterval = 3 * time.Second
	}
	if cfg.Burst <= 0 {
		cfg.Burst = 3
	}
	if cfg.ShutdownTimeout <= 0 {
		cfg.ShutdownTimeout = DefaultShutdownTimeout
	}
	if cfg.TypingAfter == 0 {
		cfg.TypingAfter = DefaultTypingAfter
	}
	if cfg.HandleTimeout <= 0 {
		cfg.HandleTimeout = 2 * time.Minute
	}
	base := slog.DiscardHandler
	if cfg.Logger != nil {
		base = cfg.Logger.Handler()
	}
	var metrics Metrics = noMetrics{}
	if cfg.Metrics != nil {
		metrics = cfg.Metrics
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = 16
	a := &Adapter{
		h:        h,
		cfg:      cfg,
		log:      slog.New(&redactHandler{h: base, r: red}),
		token:    tok,
		endpoint: endpoint,
		red:      red,
		tr:       tr,
		http:     &http.Client{Transport: tr},
		pace:     newPacer(cfg.PrivateInterval, cfg.GroupInterval, cfg.Burst),
		sem:      make(chan struct{}, 8),
		metrics:  metrics,
		queues:   map[int64]*chatQueue{},
		idle:     make(chan struct{}),
		stopCh:   make(chan struct{}),
	}
	a.username.Store("")
	return a, nil
}

// validToken reports whether tok looks like "123456:ABC-DEF_ghi". It keeps
// characters that would change the request URL out of the token.
func validToken(tok string) bool {
	id, secret, ok := strings.Cut(tok, ":")
	if !ok || id == "" || secret == "" {
		return false
	}
	for _, c := range id {
		if c < '0' || c > '9' {
			return false
		}
	}
	for _, c := range secret {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// endpointPattern turns Config.APIEndpoint into tgbotapi's endpoint
// pattern, "<base>/bot%s/%s".
func endpointPattern(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		s = DefaultAPIEndpoint
	}
	pattern := s
	if n := strings.Count(s, "%s"); n == 2 {
		if strings.Count(s, "%") != 2 {
			return "", fmt.Errorf("telegram: API endpoint %s: only the two %%s may contain %%", RedactURL(strings.ReplaceAll(s, "%s", "x")))
		}
		s = strings.ReplaceAll(s, "%s", "x")
	} else if strings.Contains(s, "%") {
		return "", fmt.Errorf("telegram: API endpoint %s: want a base URL or a pattern with exactly two %%s", RedactURL(s))
	} else {
		pattern = strings.TrimRight(s, "/") + "/bot%s/%s"
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("telegram: API endpoint %s is not an http(s) URL", RedactURL(s))
	}
	return pattern, nil
}

// Stats returns the adapter's counters.
func (a *Adapter) Stats() Stats {
	s := Stats{
		Received: a.received.Load(), Handled: a.handled.Load(), Sent: a.sent.Load(),
		RateLimited: a.rateLimited.Load(), Retries: a.retries.Load(), Failed: a.failed.Load(),
		Superseded: a.superseded.Load(), Unsent: a.unsent.Load(), Unhandled: a.unhandled.Load(),
	}
	if ns := a.lastPoll.Load(); ns != 0 {
		s.LastPoll = time.Unix(0, ns)
	}
	return s
}

// Username is the bot's username as getMe reported it ("" before Run has
// called getMe).
func (a *Adapter) Username() string { return a.username.Load().(string) }

// Run serves until ctx ends. It calls getMe, deleteWebhook and
// setMyCommands, then long-polls for updates and handles them. When ctx
// ends it stops polling at once, confirms the updates handled to
// Telegram, goes on handling them and sending their replies while it can,
// and returns nil within ShutdownTimeout, giving up (and logging the
// count of) the replies it could not send (see the package
// documentation).
//
// Network errors and Telegram outages are logged and retried with a
// backoff, so Run survives them. It returns an error only when Telegram
// rejects the token (an *Error matching ErrUnauthorized; or a 404 from
// getMe, which means a malformed token or a wrong APIEndpoint), or when
// it is called while already running.
func (a *Adapter) Run(ctx context.Context) error {
	if !a.running.CompareAndSwap(false, true) {
		return errors.New("telegram: Run is already running")
	}
	defer a.running.Store(false)

	if err := a.start(ctx); err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	work, cancelWork := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelWork()

	a.mu.Lock()
	a.goLocked(func() { a.setCommands(ctx) })
	a.mu.Unlock()

	if a.webhookMode() {
		// Serve before setWebhook: Telegram may post at once.
		endHook := a.serveHook(work)
		err := a.setWebhook(ctx)
		if err == nil {
			<-ctx.Done()
		}
		a.stopHook()
		a.stop(nil, cancelWork) // the webhook stays set: another process may serve it
		endHook()
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	a.acks.reset()
	err := a.poll(ctx, work)
	a.stop(a.acks.offset, cancelWork)
	return err
}

// stop ends a Run within ShutdownTimeout: it confirms the updates
// handled so far, lets the chats' queues work until the grace period,
// then cancels what is left and waits for it until the deadline, and
// confirms the updates handled meanwhile if time is left. offset (nil in
// webhook mode) is the offset that confirms the updates handled. It logs
// how many replies were not sent and how many updates were not handled.
func (a *Adapter) stop(offset func() int, cancelWork context.CancelFunc) {
	begin := time.Now()
	total := a.cfg.ShutdownTimeout
	deadline := begin.Add(total)
	stopBy := deadline.Add(-min(total/8, 500*time.Millisecond))
	unsent, unhandled := a.unsent.Load(), a.unhandled.Load()
	a.beginStop(stopBy)
	defer a.endStop()

	confirmed := 0
	if offset != nil {
		confirmed = offset()
		a.confirm(confirmed, min(total/4, time.Second))
	}
	finished := a.waitIdle(stopBy)
	cancelWork()
	if !finished {
		finished = a.waitIdle(deadline)
	}
	if offset != nil && offset() != confirmed {
		a.confirm(offset(), min(time.Until(deadline), time.Second))
	}
	a.tr.CloseIdleConnections()
	attrs := []any{
		"replies_not_sent", a.unsent.Load() - unsent,
		"updates_not_handled", a.unhandled.Load() - unhandled,
		"took", time.Since(begin).String(),
	}
	if !finished {
		a.log.Warn("stopped with work still running", attrs...)
		return
	}
	a.log.Info("stopped", attrs...)
}

// start learns the bot's username and removes a webhook, retrying network
// errors until ctx ends. It fails at once when the token is rejected.
func (a *Adapter) start(ctx context.Context) error {
	for b := newBackoff(); ; {
		var me tgbotapi.User
		cctx, cancel := context.WithTimeout(ctx, callTimeout)
		_, err := a.request(cctx, "getMe", nil, nil, &me)
		cancel()
		if err == nil {
			a.username.Store(me.UserName)
			a.log.InfoContext(ctx, "connected to Telegram", "bot", me.UserName)
			break
		}
		if e := asError(err); e != nil && (e.Code == 401 || e.Code == 404) {
			return err
		}
		a.log.WarnContext(ctx, "getMe failed; retrying", "err", err)
		if sleep(ctx, b.next()) != nil {
			return ctx.Err()
		}
	}
	if a.webhookMode() {
		return nil // setWebhook comes next
	}
	cctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	if _, err := a.request(cctx, "deleteWebhook", tgbotapi.Params{}, nil, nil); err != nil && ctx.Err() == nil {
		a.log.WarnContext(ctx, "deleteWebhook failed", "err", err)
	}
	return nil
}

// ErrTokenRefused is Ready's answer while Telegram refuses the token.
var ErrTokenRefused = errors.New("token refused (401 Unauthorized)")

// Ready reports whether the adapter can reach Telegram as far as it knows:
// ErrTokenRefused while the latest answer of the Bot API was 401
// Unauthorized (the token revoked or wrong), nil otherwise, and before
// any call. The next accepted call makes it nil again. /readyz asks it.
func (a *Adapter) Ready() error {
	if a.refusedAt.Load() != 0 {
		return ErrTokenRefused
	}
	return nil
}

// Deliver sends a message the bot sends on its own (a reminder) to
// o.Channel, "chatid" or "chatid:threadid". A private reply is sent
// publicly and Edit is ignored (there is no pressed button). A reply with
// a board and Replace (a move made in the board app) edits that message
// instead: editMessageMedia with the new photo, caption and keyboard
// (editMessageText for a board without an image), or, when Telegram
// refuses (the message was deleted), a new message; Posted then gets the
// id of the message showing the board. The reply goes through the chat's outbox as an urgent one (it is game play: a
// reminder, the bot's move), so it is paced and coalesced like the others;
// Deliver returns when it has been sent, or dropped for a newer board of
// its game (nil). It returns an error when o is not for Telegram,
// o.Channel is malformed, ctx ends first, Run is stopping and the chat's
// next slot comes too late, or Telegram refuses or cannot be reached after
// the retries; a reply in several messages returns the first error after
// trying them all.
func (a *Adapter) Deliver(ctx context.Context, o bot.Outgoing) error {
	if o.Platform != "" && o.Platform != Platform {
		return fmt.Errorf("telegram: cannot deliver to platform %q", o.Platform)
	}
	dst, err := parseChannel(o.Channel)
	if err != nil {
		return err
	}
	r := o.Reply
	r.Private, r.Edit = false, false
	errc := make(chan error, 1)
	a.queueReply(&outItem{ctx: ctx, dst: dst, r: r, done: func(err error) { errc <- err }}, true)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		// The sender gives the reply up when it comes to it.
		return &Error{Method: "send", Description: "waiting to send: " + ctx.Err().Error(), ctxErr: ctx.Err()}
	}
}

// target is where a message goes.
type target struct {
	chat   int64
	thread int
}

func (t target) channel() string {
	if t.thread != 0 {
		return strconv.FormatInt(t.chat, 10) + ":" + strconv.Itoa(t.thread)
	}
	return strconv.FormatInt(t.chat, 10)
}

// parseChannel reads "chatid" or "chatid:threadid".
func parseChannel(s string) (target, error) {
	c, th, hasThread := strings.Cut(s, ":")
	chat, err := strconv.ParseInt(c, 10, 64)
	if err != nil || chat == 0 {
		return target{}, fmt.Errorf("telegram: channel %q is not a chat id", s)
	}
	t := target{chat: chat}
	if hasThread {
		if t.thread, err = strconv.Atoi(th); err != nil || t.thread <= 0 {
			return target{}, fmt.Errorf("telegram: channel %q: bad thread id", s)
		}
	}
	return t, nil
}
