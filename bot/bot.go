package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/review"
	"github.com/mancala-bot/mancala/store"
)

// Opponent chooses the bot's moves.
type Opponent interface {
	// Levels lists every strength by name, weakest first: every name that
	// "new VARIANT bot LEVEL" may give for some variant.
	Levels() []string
	// Offered lists the strengths offered for games under rules r,
	// weakest first. The last is the strongest honest level for r: a level
	// is called "perfect" only where its play is provably exact from the
	// start of such a game.
	Offered(r engine.Rules) []string
	// Move returns a legal move for the side to move in g at the given
	// level, with what the opponent knows of it. The same position, level
	// and seed give the same move. It returns ctx's error when ctx ends
	// first.
	Move(ctx context.Context, g *engine.Game, level string, seed int64) (Choice, error)
}

// Choice is the move an Opponent chose.
type Choice struct {
	Move engine.Move
	// Exact reports that Value is proven by an exact search: the final
	// score margin (mover's seeds minus the opponent's at the end) that the
	// side to move in the position before Move gets with best play by both.
	Exact bool
	Value int
	// OutcomeOnly reports that only Value's sign (who wins) is the game's:
	// its size counts past the game's end (Oware's endgame database plays
	// on to the end of the board, past the majority rule). The move line
	// then says who wins, not by how much.
	OutcomeOnly bool
}

// Config is what a Bot needs. Store is required; the rest have defaults.
type Config struct {
	Store store.Store
	// Opponent plays the bot's side; nil means a simple built-in one.
	Opponent Opponent
	// Render draws a board as PNG (render.Options says what it shows: the
	// last move's events, the players' names, a finished game's result);
	// nil means no image (the text board only).
	Render func(p engine.Position, o render.Options) ([]byte, error)
	// Now is the clock (tests set it); nil means time.Now.
	Now func() time.Time
	// Logger receives internal errors; nil discards them.
	Logger *slog.Logger
	// NotifyAfter is how long the player to move may be idle before they
	// are pinged, once per turn (default 3 minutes: see notices.go);
	// ClaimAfter is how long before the opponent may claim the game
	// (default 24 hours).
	NotifyAfter, ClaimAfter time.Duration
	// EventLease is how long a claimed event belongs to the handling that
	// claimed it (store.Store.ClaimEvent): a redelivery of an event whose
	// handling has not finished is left unacknowledged (Request.InProgress)
	// within the lease, and handled again after it, its first handling's
	// process having died. Handle bounds a handling at three quarters of
	// the lease (its context's deadline), so that a live handling has
	// committed or given up well before its event can be taken over.
	// Default DefaultEventLease.
	EventLease time.Duration
	// ThinkTime bounds the bot's thinking per reply (default 2 s): every
	// move the bot makes in answer to one request (a chain of extra
	// turns, the opponent passing, a new round, the bots' seats at a
	// table) shares it. Each move may use three quarters of what is left;
	// when it is spent the bot plays its quick move (see session.think).
	ThinkTime time.Duration
	// RuleDiagrams adds to "rules" a before/after diagram of each example
	// move of the rulebook (drawn with the render package).
	RuleDiagrams bool
	// Metrics receives the moves' latency and the images' drawing time;
	// nil records nothing.
	Metrics Metrics
	// Holder names this process among those sharing the store, for the
	// deliveries it holds (see outbox.go); "" means a random name.
	Holder string
	// DeliveryHold is how long a board owed for a move stays with the
	// process that made the move before any process may send it again
	// (default 30 s): longer than a reply takes to go out.
	DeliveryHold time.Duration
	// TurnNotices turns on the pings of players who are away (a Reply
	// with a Notice, from Tick, and the Reply that deletes it when the
	// turn ends: see notices.go). The program turns them on; a Bot without
	// them answers each request with the replies to it only, and its Tick
	// only finishes the bot's moves.
	TurnNotices bool
	// Deliver sends a message the bot produced in the background after
	// Handle returned (a review's result: see review.go), from the
	// background goroutine; it should log its own failures and return
	// within ctx. Nil means such work is done within Handle, whose reply
	// is then its result.
	Deliver func(ctx context.Context, o Outgoing)
	// SearchWorkers is how many searches (the bot's moves, reviews) run at
	// once; the others wait for a worker, fairly across users (default
	// GOMAXPROCS: see searchpool.go).
	SearchWorkers int
	// ReviewTime bounds a review's analysis (default 10 s).
	ReviewTime time.Duration
	// ReviewDepth is the depth, in plies, a review searches every
	// position at (0: review.DefaultDepth, 10). A review finishes when it
	// has searched every position at that depth or when ReviewTime ends,
	// whichever comes first; tests give a small depth, so that a review is
	// complete, and the same, however slow the machine.
	ReviewDepth int
	// ReviewAfterGame computes the review of every game of two seats that
	// ends, in the background, and stores it, so that the game's page has
	// it: one at a time, with at most one more waiting (see
	// reviewcache.go). Off by default (the tests that want it turn it on).
	ReviewAfterGame bool
	// PublicURL is the base of the games' pages (PUBLIC_URL): the page of
	// a game g is strings.TrimRight(PublicURL, "/") + "/g/" + g.PageID
	// (see pageURL). When set, a board links to its game's page (the
	// live view while the game is played, its replay once it is over),
	// "game" and "games" link to theirs, and a live game's board says how
	// many people watch its page. "" shows no links.
	PublicURL string
	// AppPlatforms names the platforms ("telegram", "discord") whose
	// chats have the board app (issue #29, package miniapp/app): on them a
	// public board of a game being played or over carries Reply.App, the
	// "🎯 Open board" button (see AppLink). Nil, the default, shows it
	// nowhere: the replies are exactly those of a bot without the app.
	AppPlatforms []string
}

// Bot answers chat requests. It is safe for concurrent use: games are
// guarded by the store's optimistic versioning, not by locks here.
type Bot struct {
	cfg      Config
	log      *slog.Logger
	throttle *throttle
	metrics  Metrics
	// searches is the pool the searches share (see searchpool.go).
	searches *searchPool
	// reviews keeps the reviews computed (see review.go, reviewcache.go).
	reviews *reviewCache
	// The background work under way (see background.go).
	bgMu     sync.Mutex
	bgNext   int
	bgCancel map[int]context.CancelCauseFunc
	bgWG     sync.WaitGroup
}

// DefaultNotifyAfter is Config.NotifyAfter's default.
const DefaultNotifyAfter = 3 * time.Minute

// DefaultEventLease is Config.EventLease's default: well past the
// adapters' own bounds on a handling (Telegram's HandleTimeout, 2 minutes
// by default), which end a live handling long before its lease does.
const DefaultEventLease = 5 * time.Minute

// New returns a bot. It panics without a Store.
func New(cfg Config) *Bot {
	if cfg.Store == nil {
		panic("bot: Config.Store is required")
	}
	if cfg.Opponent == nil {
		cfg.Opponent = SimpleOpponent{}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.NotifyAfter <= 0 {
		cfg.NotifyAfter = DefaultNotifyAfter
	}
	if cfg.ClaimAfter <= 0 {
		cfg.ClaimAfter = 24 * time.Hour
	}
	if cfg.EventLease <= 0 {
		cfg.EventLease = DefaultEventLease
	}
	if cfg.ThinkTime <= 0 {
		cfg.ThinkTime = 2 * time.Second
	}
	if cfg.Holder == "" {
		cfg.Holder = randomHolder()
	}
	if cfg.DeliveryHold <= 0 {
		cfg.DeliveryHold = 30 * time.Second
	}
	if cfg.ReviewTime <= 0 {
		cfg.ReviewTime = defaultReviewTime
	}
	if cfg.ReviewDepth <= 0 {
		cfg.ReviewDepth = review.DefaultDepth
	}
	if cfg.SearchWorkers <= 0 {
		cfg.SearchWorkers = runtime.GOMAXPROCS(0)
	}
	m := cfg.Metrics
	if m == nil {
		m = noMetrics{}
	}
	return &Bot{cfg: cfg, log: cfg.Logger, throttle: newThrottle(), metrics: m,
		searches: newSearchPool(cfg.SearchWorkers), reviews: newReviewCache(cfg.Store, cfg.Logger), bgCancel: map[int]context.CancelCauseFunc{}}
}

// userError is a refusal the user sees: a message key and its arguments.
// It never carries internal detail.
type userError struct {
	key  string
	args map[string]any
}

func (e *userError) Error() string { return "user error: " + e.key }

func refuse(key string, args map[string]any) error { return &userError{key: key, args: args} }

// errNoGame is mutate's refusal when the channel has no live game; callers
// that know better (decline: "no challenge to decline") replace it.
var errNoGame = refuse("err_no_game", nil)

// errStale is returned inside a mutation when the game moved on under a
// button press; it becomes err_stale_button.
var errStale = refuse("err_stale_button", nil)

// session is one request being handled.
type session struct {
	b   *Bot
	ctx context.Context
	req Request
	// lang is the language s.t writes in: the requester's own (user), or
	// the table's once the request turned to a game (see atTable).
	lang, user locales.Lang
	// chanLang caches the channel's language (see channelLang).
	chanLang   locales.Lang
	chanLoaded bool
	// exact is the bot's last move of this request when it was played
	// from a proven result (see describeBotMoves).
	exact *Choice
	// arrived is when the request arrived (Request.Received, else when
	// Handle began); lastCommit is when this session last committed a
	// move (zero before), for Reply.Committed.
	arrived, lastCommit time.Time
	// owes reports that a write of this session owes a board (see
	// outbox.go): its board replies then confirm it (Reply.Ack).
	owes bool
	// changed is the game as this session's last write that owes a board
	// left it, for the turn notice (see notices.go); nil before.
	changed *loaded
	// pre is the board being drawn for this session's next reply while
	// its move commits (see prerender.go); nil when none is.
	pre *prerendered
}

// t writes a message of the catalog in the session's language, naming
// commands as the requester's platform shows them.
func (s *session) t(key string, args map[string]any) string {
	return platformCommands(s.req.Platform, s.lang, locales.Text(s.lang, key, args))
}

// Handle answers one request. It never fails: refusals and internal errors
// become a private reply in the requester's language (internal errors are
// logged, not shown). A user who sends many requests that are not part of
// playing a game in a short time is throttled: one short notice, then
// silence until the pace drops (see throttle).
//
// A request with an EventID is handled at most once: Handle first claims
// the event in the store (a lease of Config.EventLease), and marks it
// finished when it returns (store.Store.FinishEvent), whatever the reply. A
// request whose event was claimed and finished before (a redelivery, or the
// same event received by another process) gets no reply at all, calls
// Request.Duplicate and is reported to Metrics.Deduplicated. One whose
// event is claimed but not finished, within the lease (its handling still
// runs, here or in another process, or its process died less than a lease
// ago), gets no reply and calls Request.InProgress: the adapter must not
// acknowledge it, so that the platform delivers it again; after the lease
// the redelivery takes the claim over and is handled (without InProgress,
// a platform that does not redeliver, the drop is final and counted in
// Metrics.Deduplicated). A claimed handling's
// context ends at three quarters of the lease. When the claim cannot be
// recorded the request is not handled (the internal error's reply), so
// that it cannot be handled twice.
func (b *Bot) Handle(ctx context.Context, req Request) []Reply {
	arrived := req.Received
	if arrived.IsZero() {
		arrived = time.Now()
	}
	var claimErr error
	if req.EventID != "" {
		claim, err := b.cfg.Store.ClaimEvent(ctx, req.Platform, req.EventID, b.cfg.Now(), b.cfg.EventLease)
		switch {
		case err != nil:
			claimErr = err
		case claim == store.Finished:
			b.metrics.Deduplicated(req.Platform)
			b.log.DebugContext(ctx, "event already handled; dropped", "platform", req.Platform, "event", req.EventID)
			if req.Duplicate != nil {
				req.Duplicate()
			}
			return nil
		case claim == store.InProgress:
			b.log.InfoContext(ctx, "event being handled, or its handler died within the lease; left for redelivery",
				"platform", req.Platform, "event", req.EventID)
			if req.InProgress != nil {
				req.InProgress()
			} else {
				// A platform that does not redeliver: dropped for good.
				b.metrics.Deduplicated(req.Platform)
			}
			return nil
		default:
			defer b.finishEvent(ctx, req)
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, b.cfg.EventLease*3/4)
			defer cancel()
		}
	}
	lang := b.language(ctx, req.Platform, req.User)
	s := &session{b: b, ctx: ctx, req: req, lang: lang, user: lang, arrived: arrived}
	defer s.waitPrerender() // a board drawn for no reply (see prerender)
	if claimErr != nil {
		return b.failed(s, fmt.Errorf("claim event: %w", claimErr))
	}
	if throttled(req) {
		switch b.throttle.allow(req.Platform+"\x00"+req.User.ID, b.cfg.Now()) {
		case throttleNotice:
			return []Reply{{Text: s.t("err_slow_down", nil), Private: true}}
		case throttleSilent:
			return nil
		}
	}
	replies, err := s.dispatch()
	if err == nil {
		if b.cfg.TurnNotices {
			replies = append(replies, s.clearNotice()...)
		}
		return replies
	}
	return b.failed(s, err)
}

// finishEvent marks req's event finished (store.Store.FinishEvent), even
// when ctx has ended (a handling that ran out of time is finished too: it
// was answered). A failure is logged: the event then stays unfinished and,
// delivered again after the lease, would be handled again.
func (b *Bot) finishEvent(ctx context.Context, req Request) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := b.cfg.Store.FinishEvent(ctx, req.Platform, req.EventID); err != nil {
		b.log.ErrorContext(ctx, "could not mark the event handled", "platform", req.Platform, "event", req.EventID, "err", err)
	}
}

// failed is Handle's reply to a request that failed with err.
func (b *Bot) failed(s *session, err error) []Reply {
	ctx, req := s.ctx, s.req
	s.lang = s.user
	var ue *userError
	if errors.As(err, &ue) {
		return []Reply{{Text: s.t(ue.key, ue.args), Private: true}}
	}
	if errors.Is(err, store.ErrConflict) {
		// Other requests kept changing the game under this one.
		return []Reply{{Text: s.t("err_busy", nil), Private: true}}
	}
	var dg *damagedGame
	if errors.As(err, &dg) {
		return s.damagedReply(dg)
	}
	if errors.Is(err, store.ErrUnavailable) {
		// The database cannot be written (its file is gone, say): nothing
		// was saved, and the operator's /readyz says so too.
		b.log.ErrorContext(ctx, "request failed: database unavailable", "platform", req.Platform,
			"channel", req.Channel, "user", req.User.ID, "command", req.Command, "err", err)
		return []Reply{{Text: s.t("err_unavailable", nil), Private: true}}
	}
	b.log.ErrorContext(ctx, "request failed", "platform", req.Platform, "channel", req.Channel,
		"user", req.User.ID, "command", req.Command, "text", cut(req.Text, 200), "button", req.Button, "err", err)
	return []Reply{{Text: s.t("err_internal", nil), Private: true}}
}

// throttled reports whether req counts against its user's pace: typed
// commands that are neither part of playing a game nor a setting (see
// Command.Setting), except puzzle answers (a solitaire is answered move by
// move). Button presses never do.
func throttled(req Request) bool {
	if req.Button != "" || Urgent(req) {
		return false
	}
	cmd, args := req.Command, req.Args
	if cmd == "" {
		cmd, args = parseText(req.Text)
	}
	if c, ok := commandByName[cmd]; ok && c.Setting {
		return false
	}
	return !(cmd == "puzzle" && len(args) > 0)
}

// shorten is user text s to quote in a reply (“{Word}”): cut to at most n
// bytes (cut), then locales.Literal, so that it shows as typed on every
// platform (no markup, no control or bidi characters).
func shorten(s string, n int) string { return locales.Literal(cut(s, n)) }

// cut cuts s to at most n bytes on a rune boundary, marking a cut with
// "…", for logs and stored titles.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// language is the user's chosen language, else their platform locale's.
func (b *Bot) language(ctx context.Context, platform string, u User) locales.Lang {
	if u.ID != "" {
		if l, err := b.cfg.Store.Language(ctx, platform, u.ID); err == nil && l != "" {
			return locales.Resolve(l)
		}
	}
	return locales.Resolve(u.Locale)
}

func (s *session) dispatch() ([]Reply, error) {
	if s.req.Button != "" {
		return s.button()
	}
	cmd, args := s.req.Command, s.req.Args
	if cmd == "" {
		cmd, args = parseText(s.req.Text)
	}
	if cmd == "" {
		return s.help()
	}
	c, ok := commandByName[cmd]
	if !ok {
		return nil, refuse("err_unknown_command", map[string]any{"Command": shorten(cmd, 40)})
	}
	return c.run(s, args)
}

// button handles a pressed button.
func (s *session) button() ([]Reply, error) {
	d, err := parseButton(s.req.Button)
	if err != nil {
		s.b.log.WarnContext(s.ctx, "malformed button data", "platform", s.req.Platform, "user", s.req.User.ID, "err", err)
		return nil, refuse("err_stale_button", nil)
	}
	return buttonActions[d.action].run(s, d)
}

// now is the bot's clock in UTC, to the millisecond the store keeps.
func (b *Bot) now() time.Time { return b.cfg.Now().UTC().Truncate(time.Millisecond) }

// mutate runs fn on the channel's live game and saves the result, retrying
// from a fresh read when another request changed the game in between. fn
// must validate everything against the game it is given. It returns the
// saved game; fn's refusals are returned as they are.
func (s *session) mutate(fn func(g *loaded) error) (*loaded, error) {
	for attempt := 0; ; attempt++ {
		rec, err := s.b.cfg.Store.LiveGame(s.ctx, s.req.Platform, s.req.Channel)
		if errors.Is(err, store.ErrNotFound) {
			return nil, errNoGame
		}
		if err != nil {
			return nil, err
		}
		g, err := load(rec)
		if err != nil {
			return nil, err
		}
		s.atTable(g.rec)
		moves, phase := len(g.rec.Moves), g.rec.Phase
		if err := fn(g); err != nil {
			return nil, err
		}
		g.rec.UpdatedAt = s.b.now()
		if owesBoard(moves, phase, g.rec) {
			g.rec.Owe = &store.Delivery{Note: g.note, Holder: s.b.cfg.Holder, HeldUntil: g.rec.UpdatedAt.Add(s.b.cfg.DeliveryHold)}
		}
		err = s.b.cfg.Store.UpdateGame(s.ctx, g.rec)
		if err == nil {
			if g.rec.Owe != nil {
				s.owes, s.changed = true, g
			}
			g.rec.Owe = nil
			if phase == store.PhasePlaying && g.rec.Phase == store.PhaseOver {
				s.b.reviewAfterGame(g.rec)
			}
			return g, nil
		}
		if !errors.Is(err, store.ErrConflict) || attempt == 2 {
			return nil, err
		}
	}
}

// loaded is a stored game with its engine state rebuilt from the history.
type loaded struct {
	rec   *store.Game
	rules engine.Rules
	game  *engine.Game
	// note is what a mutation did, in the table's language, for the
	// delivery it owes (store.Delivery.Note); set by the mutation's fn.
	note string
}

// load replays a stored game. Its error, a *damagedGame, means the stored
// game cannot be rebuilt (see damaged.go).
func load(rec *store.Game) (*loaded, error) {
	if rec.Damage != "" {
		return nil, damaged(rec, rec.Damage, -1, errors.New("not decoded"))
	}
	rules, err := engine.New(rec.Variant, rec.Options)
	if err != nil {
		part := "options"
		if _, lerr := lookupVariant(rec.Variant); lerr != nil {
			part = "variant"
		}
		return nil, damaged(rec, part, -1, err)
	}
	if len(rec.Players) < rules.Layout().Sides {
		return nil, damaged(rec, "seats", -1, fmt.Errorf("%d seats for %d sides", len(rec.Players), rules.Layout().Sides))
	}
	start := rules.Start()
	if rec.Start != "" {
		if start, err = engine.ParsePosition([]byte(rec.Start)); err != nil {
			return nil, damaged(rec, "start", -1, err)
		}
	}
	g := engine.NewGame(start)
	for _, m := range rec.Moves {
		if side, ok := parseLeave(m.Move); ok {
			// A seat left a table (see leaveSeat): the game goes on from
			// the position Leave gives.
			p, _, err := g.Position().Leave(side)
			if err != nil {
				return nil, damaged(rec, "move", m.Ply, err)
			}
			g = engine.NewGame(p)
			continue
		}
		mv, err := engine.ParseMove(m.Move)
		if err == nil {
			_, err = g.Play(mv)
		}
		if err != nil {
			return nil, damaged(rec, "move", m.Ply, err)
		}
	}
	return &loaded{rec: rec, rules: rules, game: g}, nil
}

// sideOf returns the seat of user id in g, or -1.
func sideOf(g *store.Game, id string) int {
	for i, p := range g.Players {
		if id != "" && p.UserID == id {
			return i
		}
	}
	return -1
}

// Levels lists the bot's strengths, weakest first, as "new VARIANT bot
// LEVEL" accepts them.
func (b *Bot) Levels() []string { return b.cfg.Opponent.Levels() }

// Urgent reports whether req is part of playing a game (a move, a game
// button, accept, resign and the like), which adapters send ahead of help,
// rules, statistics and puzzle traffic when replies queue up.
func Urgent(req Request) bool {
	if req.Button != "" {
		d, err := parseButton(req.Button)
		return err == nil && buttonActions[d.action].urgent
	}
	cmd := req.Command
	if cmd == "" {
		cmd, _ = parseText(req.Text)
	}
	c, ok := commandByName[cmd]
	return ok && c.Urgent
}
