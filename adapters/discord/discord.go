package discord

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/mancala-bot/mancala/bot"
)

// Handler answers the bot's requests; *bot.Bot implements it. Handle must
// be safe for concurrent use: Discord interactions are handled
// concurrently.
type Handler interface {
	Handle(ctx context.Context, req bot.Request) []bot.Reply
}

// HandlerFunc makes a function a Handler.
type HandlerFunc func(ctx context.Context, req bot.Request) []bot.Reply

// Handle implements Handler.
func (f HandlerFunc) Handle(ctx context.Context, req bot.Request) []bot.Reply { return f(ctx, req) }

// Config is what the adapter needs.
type Config struct {
	// Token is the bot token (DISCORD_TOKEN), with or without the "Bot "
	// prefix. Required. It never appears in logs or errors.
	Token string
	// AppID is the application id (DISCORD_APP_ID). Required.
	AppID string
	// GuildID, when set (DISCORD_GUILD_ID), registers the commands in that
	// guild only, where they update at once; otherwise they are global.
	GuildID string
	// APIBase (DISCORD_API_BASE), when set, is a server that stands in for
	// https://discord.com: REST requests go there with the same paths
	// (/api/v10/...), and so does the request for the gateway URL, so the
	// websocket connects wherever that server says. For tests against
	// discordtest, or a REST proxy. See rewriteTransport for how.
	APIBase string
	// Logger receives the adapter's logs; nil discards them. The adapter
	// adds no "platform" attribute of its own (its messages start with
	// "discord:"): give it a logger .With("platform", "discord") when one
	// is wanted (cmd/mancala does), so that the key is not repeated.
	Logger *slog.Logger
	// DeferAfter is how long the adapter waits for the bot's answer before
	// deferring the interaction response (Discord wants a response within
	// 3 seconds). 0 means DefaultDeferAfter; a negative value defers every
	// interaction at once.
	DeferAfter time.Duration
	// Metrics receives what the adapter measures (see Metrics); nil
	// records nothing.
	Metrics Metrics
	// PublicKey (DISCORD_PUBLIC_KEY, see ParsePublicKey), when set, selects
	// HTTP interactions: Run opens no gateway connection and interactions
	// arrive through InteractionsHandler, signed with the application's
	// Ed25519 key. It must be ed25519.PublicKeySize bytes.
	PublicKey ed25519.PublicKey
	// Now is the clock InteractionsHandler checks a request's age against
	// (see MaxTimestampSkew and InteractionLifetime); nil means time.Now.
	// For tests.
	Now func() time.Time
	// Activity (DISCORD_ACTIVITY) turns on the board app's button: a
	// board carrying bot.Reply.App gets an "Open board" button, whose
	// press the adapter answers with LAUNCH_ACTIVITY, opening the
	// application's Activity (package miniapp/app) in the channel. The
	// application must have Activities enabled in the developer portal.
	// Off: the bot's App is dropped.
	Activity bool
}

// Metrics receives the adapter's measurements, for a metrics system
// (cmd/mancala wires it to Prometheus). Its methods are called on the
// delivery path, concurrently: they must be safe for concurrent use,
// quick, and should not allocate.
type Metrics interface {
	// Delivered reports a reply that shows a committed move
	// (bot.Reply.Committed) confirmed by Discord, d after the commit: the
	// request that carries its board succeeded (the interaction
	// response, an edit, a follow-up, or a post to the channel).
	Delivered(d time.Duration)
	// RateLimited reports a 429 answer that discordgo waits out before
	// sending again (its RateLimit event).
	RateLimited()
	// Retried reports a request sent again: after a 429 (by discordgo),
	// a 5xx or a network error (by the adapter).
	Retried()
}

// noMetrics records nothing.
type noMetrics struct{}

func (noMetrics) Delivered(time.Duration) {}
func (noMetrics) RateLimited()            {}
func (noMetrics) Retried()                {}

// DefaultDeferAfter leaves half of Discord's 3-second window for the
// network: a bot's answer that takes longer is deferred.
const DefaultDeferAfter = 1500 * time.Millisecond

// Timeouts and retry bounds.
const (
	handleTimeout  = 2 * time.Minute  // one interaction, bot included (tokens live 15 min)
	attemptTimeout = 15 * time.Second // one REST request, 429 waits included
	attempts       = 3                // tries per message before it is given up
	retryBackoff   = 250 * time.Millisecond
	// ShutdownTimeout bounds how long Run takes to return after its
	// context ends: the interactions in flight may finish until a grace
	// period before it, then their contexts are cancelled.
	ShutdownTimeout = 4 * time.Second
	shutdownGrace   = 500 * time.Millisecond
)

// restAPI is the part of *discordgo.Session the adapter sends with.
type restAPI interface {
	InteractionRespond(i *discordgo.Interaction, r *discordgo.InteractionResponse, opts ...discordgo.RequestOption) error
	InteractionResponseEdit(i *discordgo.Interaction, e *discordgo.WebhookEdit, opts ...discordgo.RequestOption) (*discordgo.Message, error)
	InteractionResponseDelete(i *discordgo.Interaction, opts ...discordgo.RequestOption) error
	InteractionResponse(i *discordgo.Interaction, opts ...discordgo.RequestOption) (*discordgo.Message, error)
	FollowupMessageCreate(i *discordgo.Interaction, wait bool, p *discordgo.WebhookParams, opts ...discordgo.RequestOption) (*discordgo.Message, error)
	ChannelMessageSendComplex(channelID string, m *discordgo.MessageSend, opts ...discordgo.RequestOption) (*discordgo.Message, error)
	ChannelMessageEditComplex(m *discordgo.MessageEdit, opts ...discordgo.RequestOption) (*discordgo.Message, error)
	ChannelMessageDelete(channelID, messageID string, opts ...discordgo.RequestOption) error
}

// Adapter connects a Handler to Discord.
type Adapter struct {
	cfg        Config
	h          Handler
	log        *slog.Logger
	s          *discordgo.Session
	rest       restAPI
	redact     redactor
	metrics    Metrics
	deferAfter time.Duration
	backoff    time.Duration // before the first retry; doubled after
	commands   []*discordgo.ApplicationCommand
	notes      []string // localized names that fell back to English

	botUserID atomic.Value // string, from READY

	mu         sync.Mutex
	started    bool
	base       context.Context // parent of the handlers' contexts; nil until Run
	cancelBase context.CancelFunc
	closing    bool
	wg         sync.WaitGroup // interactions in flight
	// shutdownTimeout is ShutdownTimeout (tests shorten it).
	shutdownTimeout time.Duration
	// unsent counts the messages given up because their interaction's
	// context ended (at shutdown, or after handleTimeout).
	unsent atomic.Int64
}

// New checks cfg and prepares an adapter; nothing is sent until Run or
// Deliver. It fails when Token or AppID is missing, APIBase is not an
// http(s) URL, or h is nil. Its errors never contain the token.
func New(cfg Config, h Handler) (*Adapter, error) {
	f := strings.Fields(cfg.Token)
	if len(f) > 0 && f[0] == "Bot" {
		f = f[1:]
	}
	token := strings.Join(f, "")
	switch {
	case h == nil:
		return nil, errors.New("discord: no handler")
	case len(f) == 0:
		return nil, errors.New("discord: Config.Token is required")
	case len(f) > 1:
		return nil, errors.New("discord: Config.Token is malformed (spaces inside)")
	case strings.TrimSpace(cfg.AppID) == "":
		return nil, errors.New("discord: Config.AppID is required")
	case len(cfg.PublicKey) != 0 && len(cfg.PublicKey) != ed25519.PublicKeySize:
		return nil, errors.New("discord: Config.PublicKey is not an Ed25519 public key")
	}
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, errors.New("discord: cannot create session")
	}
	// Interactions arrive whatever the intents; ask for nothing else.
	s.Identify.Intents = discordgo.IntentsNone
	s.StateEnabled = false
	s.Dialer = gatewayDialer() // a documented IDENTIFY (see identify.go)
	s.SyncEvents = false       // every event in its own goroutine
	var transport http.RoundTripper = http.DefaultTransport
	if cfg.APIBase != "" {
		base, err := parseAPIBase(cfg.APIBase)
		if err != nil {
			return nil, err
		}
		transport = rewriteTransport{base: base, next: transport}
	}
	// Every REST request, whoever sends it, waits for the rate-limit
	// buckets Discord announced (see limiter).
	s.Client = &http.Client{Timeout: attemptTimeout, Transport: newLimiter(transport)}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	a := &Adapter{
		cfg: cfg, h: h, log: log, s: s, rest: session{s},
		redact:          redactor{token: token},
		metrics:         cfg.Metrics,
		deferAfter:      cfg.DeferAfter,
		backoff:         retryBackoff,
		shutdownTimeout: ShutdownTimeout,
	}
	if a.deferAfter == 0 {
		a.deferAfter = DefaultDeferAfter
	}
	if a.metrics == nil {
		a.metrics = noMetrics{}
	}
	levels := DefaultLevels
	if ll, ok := h.(LevelLister); ok && len(ll.Levels()) > 0 {
		levels = ll.Levels()
	}
	a.commands, a.notes, err = commandTable(levels)
	if err != nil {
		return nil, err
	}
	a.botUserID.Store("")
	s.AddHandler(a.onInteraction)
	s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
		if r.User != nil {
			a.botUserID.Store(r.User.ID)
		}
		a.log.Info("discord: connected")
	})
	s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) { a.log.Info("discord: gateway disconnected") })
	s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) { a.log.Info("discord: gateway resumed") })
	s.AddHandler(func(_ *discordgo.Session, rl *discordgo.RateLimit) {
		var after time.Duration
		if rl.TooManyRequests != nil {
			after = rl.TooManyRequests.RetryAfter
		}
		a.metrics.RateLimited()
		a.metrics.Retried() // discordgo sends it again after the wait
		a.log.Warn("discord: rate limited; retrying", "url", a.redact.String(rl.URL), "retry_after", after.String())
	})
	return a, nil
}

// Commands returns the slash commands Run registers.
func (a *Adapter) Commands() []*discordgo.ApplicationCommand { return a.commands }

// Run connects to the gateway, registers the slash commands (in
// Config.GuildID when set, else globally) and answers interactions until
// ctx ends. Then it disconnects, lets the interactions in flight finish
// (their moves are committed by the bot, only the replies are at stake)
// and returns nil within ShutdownTimeout (4 s): the replies still unsent
// half a second before are given up and counted in the "discord: stopped"
// log. It returns an error when the
// gateway or the command registration fails at start-up; the gateway
// reconnects on its own later. Run may be called once.
func (a *Adapter) Run(ctx context.Context) error {
	a.mu.Lock()
	if a.started {
		a.mu.Unlock()
		return errors.New("discord: Run called twice")
	}
	a.started = true
	// Replies outlive ctx (the moves are committed), until shutdown gives
	// up on them.
	a.base, a.cancelBase = context.WithCancel(context.WithoutCancel(ctx))
	a.mu.Unlock()

	if a.httpMode() {
		return a.runHTTP(ctx)
	}
	if err := a.s.Open(); err != nil {
		a.stopAccepting()
		return fmt.Errorf("discord: connect to the gateway: %w", a.redact.Error(err))
	}
	for _, n := range a.notes {
		a.log.Warn("discord: localized name not used", "detail", n)
	}
	scope := "global"
	if a.cfg.GuildID != "" {
		scope = "guild " + a.cfg.GuildID
	}
	regCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	err := session{a.s}.registerCommands(a.cfg.AppID, a.cfg.GuildID, a.commands, discordgo.WithContext(regCtx))
	cancel()
	if err != nil {
		a.shutdown()
		if ctx.Err() != nil {
			return nil
		}
		return fmt.Errorf("discord: register commands (%s): %w", scope, a.redact.Error(err))
	}
	a.log.Info("discord: commands registered", "scope", scope, "count", len(a.commands))

	<-ctx.Done()
	a.shutdown()
	return nil
}

// stopAccepting makes new interactions be ignored.
func (a *Adapter) stopAccepting() {
	a.mu.Lock()
	a.closing = true
	a.mu.Unlock()
}

// shutdown stops taking interactions, closes the gateway and lets the
// interactions in flight finish, returning within shutdownTimeout: at the
// grace period before it, their contexts are cancelled (their remaining
// replies are given up and counted in the log).
func (a *Adapter) shutdown() {
	begin := time.Now()
	deadline := begin.Add(a.shutdownTimeout)
	giveUp := deadline.Add(-min(shutdownGrace, a.shutdownTimeout/8))
	unsent := a.unsent.Load()
	a.stopAccepting()
	closed := make(chan struct{})
	go func() { // discordgo's Close waits a second for the server
		defer close(closed)
		if a.httpMode() {
			return // no gateway
		}
		if err := a.s.Close(); err != nil {
			a.log.Warn("discord: closing the gateway", "err", a.redact.Error(err))
		}
	}()
	done := make(chan struct{})
	go func() { a.wg.Wait(); close(done) }()
	wait := func(until time.Time, ch chan struct{}) bool {
		t := time.NewTimer(time.Until(until))
		defer t.Stop()
		select {
		case <-ch:
			return true
		case <-t.C:
			return false
		}
	}
	finished := wait(giveUp, done)
	a.mu.Lock()
	if a.cancelBase != nil {
		a.cancelBase()
	}
	a.mu.Unlock()
	if !finished {
		finished = wait(deadline, done)
	}
	wait(deadline, closed)
	attrs := []any{"replies_not_sent", a.unsent.Load() - unsent, "took", time.Since(begin).String()}
	if !finished {
		a.log.Warn("discord: stopped with interactions still in flight", attrs...)
		return
	}
	a.log.Info("discord: stopped", attrs...)
}

// Deliver posts a message the bot sends on its own (an idle reminder) to
// the channel o.Channel; Discord has no private message in a channel, so a
// Private reply is posted publicly, and Edit is ignored. A reply with a
// board and Replace edits that message of the channel instead (its
// content, image and buttons), and is posted as a new message when
// Discord refuses the edit (the message was deleted: 404 Unknown
// Message). Posted is called with the id of the message showing the
// board. Users mentioned
// in it are notified, unless o.Quiet. A turn notification (Reply.Notice)
// is carried out as in a reply (see notice). A failed post is logged and
// retried a few times (rate limits are waited out); the error of the last
// try is returned.
// It fails at once for a message of another platform.
func (a *Adapter) Deliver(ctx context.Context, o bot.Outgoing) error {
	if o.Platform != "" && o.Platform != Platform {
		return fmt.Errorf("discord: cannot deliver a %s message", o.Platform)
	}
	if o.Channel == "" {
		return errors.New("discord: deliver: no channel")
	}
	r := o.Reply
	if r.Notice != nil {
		return a.notice(ctx, o.Channel, r)
	}
	r.Private, r.Edit = false, false
	msgs := toMessages(a.withApp([]bot.Reply{r}), "")
	a.checkLimits(msgs, o.Channel)
	for _, m := range msgs {
		if o.Quiet {
			m.ping = nil // named, not notified
		}
		if m.replace != "" {
			id, err := a.replace(ctx, o.Channel, m)
			if err == nil {
				a.delivered(m, id)
				continue
			}
			if ctx.Err() != nil {
				return fmt.Errorf("discord: deliver to channel %s: %w", o.Channel, err)
			}
			a.log.Warn("discord: board not replaced; posting a new one", "channel", o.Channel, "message", m.replace, "err", err)
		}
		var id string
		err := a.retry(ctx, "deliver", o.Channel, func(ctx context.Context) error {
			msg, err := a.rest.ChannelMessageSendComplex(o.Channel, m.messageSend(), discordgo.WithContext(ctx))
			id = messageID(msg)
			return err
		})
		if err != nil {
			return fmt.Errorf("discord: deliver to channel %s: %w", o.Channel, err)
		}
		a.delivered(m, id)
	}
	return nil
}

// replace edits message m.replace of channel into m, retrying as any
// delivery, and returns its id. Discord's refusal (404 Unknown Message
// for a deleted message, 403 for one the bot may no longer edit) is
// returned at once.
func (a *Adapter) replace(ctx context.Context, channel string, m outMsg) (string, error) {
	var id string
	err := a.retry(ctx, "replace", channel, func(ctx context.Context) error {
		msg, err := a.rest.ChannelMessageEditComplex(m.messageEdit(channel, m.replace), discordgo.WithContext(ctx))
		id = messageID(msg)
		return err
	})
	return id, err
}

// messageID is m's id, "" for nil.
func messageID(m *discordgo.Message) string {
	if m == nil {
		return ""
	}
	return m.ID
}

// checkLimits logs, as an error, the buttons that did not fit in a
// message (see components): a board's layout the tests missed.
func (a *Adapter) checkLimits(msgs []outMsg, channel string) {
	for _, m := range msgs {
		if m.dropped > 0 {
			a.log.Error("discord: buttons dropped: the board has more than Discord shows", "channel", channel, "dropped", m.dropped, "max", maxButtons)
		}
	}
}

// delivered reports m sent, when it shows a committed move, confirms its
// board (bot.Reply.Ack) and records the message showing it, id
// (bot.Reply.Posted; not when id is "", unknown).
func (a *Adapter) delivered(m outMsg, id string) {
	if !m.committed.IsZero() {
		a.metrics.Delivered(time.Since(m.committed))
	}
	if m.ack != nil {
		m.ack()
	}
	if m.posted != nil && id != "" {
		m.posted(id)
	}
}

// onInteraction is discordgo's handler; each event runs in its own
// goroutine.
func (a *Adapter) onInteraction(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
	if ic == nil || ic.Interaction == nil {
		return
	}
	a.mu.Lock()
	if a.closing || a.base == nil {
		a.mu.Unlock()
		return
	}
	a.wg.Add(1)
	base := a.base
	a.mu.Unlock()
	defer a.wg.Done()
	defer func() {
		if p := recover(); p != nil {
			a.log.Error("discord: interaction handler panicked", "panic", fmt.Sprint(p))
		}
	}()
	ctx, cancel := context.WithTimeout(base, handleTimeout)
	defer cancel()
	a.handle(ctx, ic.Interaction)
}

// handle answers one interaction: the bot's replies within the deferral
// window go out as the interaction response; a slower bot is deferred
// first (see the package documentation).
func (a *Adapter) handle(ctx context.Context, i *discordgo.Interaction) {
	start := time.Now()
	if a.cfg.Activity && kindOf(i) == kindComponent && strings.HasPrefix(i.MessageComponentData().CustomID, appPrefix) {
		a.launchActivity(ctx, i)
		return
	}
	req, ok := toRequest(i, a.cfg.AppID, a.botUserID.Load().(string))
	if !ok {
		a.log.Debug("discord: interaction ignored", "type", i.Type.String())
		return
	}
	req.Received = start
	kind := kindOf(i)
	log := a.log.With("interaction", i.ID, "channel", i.ChannelID, "user", req.User.ID)

	done := make(chan []bot.Reply, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				log.Error("discord: handler panicked", "panic", fmt.Sprint(p))
				done <- nil
			}
		}()
		done <- a.h.Handle(ctx, req)
	}()

	deferred := false
	var replies []bot.Reply
	if a.deferAfter < 0 {
		deferred = a.deferInteraction(ctx, i, kind)
		replies = <-done
	} else {
		t := time.NewTimer(a.deferAfter)
		select {
		case replies = <-done:
			t.Stop()
		case <-t.C:
			deferred = a.deferInteraction(ctx, i, kind)
			replies = <-done
		}
	}
	replies, notices := splitNotices(replies)
	msgs := toMessages(a.withApp(replies), req.User.ID)
	a.checkLimits(msgs, i.ChannelID)
	a.send(ctx, i, kind, deferred, withoutPings(msgs, notices))
	for _, r := range notices {
		_ = a.notice(ctx, i.ChannelID, r) // logged
	}
	log.Debug("discord: interaction answered", "command", req.Command, "deferred", deferred, "took", time.Since(start).String())
}

// deferInteraction acknowledges i without an answer yet: "thinking…" for
// a command, nothing visible for a button press. It reports success.
func (a *Adapter) deferInteraction(ctx context.Context, i *discordgo.Interaction, kind interactionKind) bool {
	t := discordgo.InteractionResponseDeferredChannelMessageWithSource
	if kind == kindComponent {
		t = discordgo.InteractionResponseDeferredMessageUpdate
	}
	err := a.retry(ctx, "defer", i.ChannelID, func(ctx context.Context) error {
		err := a.respond(ctx, i, &discordgo.InteractionResponse{Type: t})
		if alreadyAcked(err) {
			return nil // an earlier try got through
		}
		return err
	})
	if err != nil {
		a.log.Error("discord: could not defer the interaction", "interaction", i.ID, "channel", i.ChannelID, "err", err)
		return false
	}
	return true
}

// respond sends the interaction response: through the REST API for an
// interaction from the gateway, in the HTTP response for one that came
// through InteractionsHandler (ctx then carries its httpResponder).
func (a *Adapter) respond(ctx context.Context, i *discordgo.Interaction, r *discordgo.InteractionResponse) error {
	if hr := responderFrom(ctx); hr != nil {
		return hr.respond(ctx, r)
	}
	return a.rest.InteractionRespond(i, r, discordgo.WithContext(ctx))
}

// alreadyAcked reports Discord's "Interaction has already been
// acknowledged".
func alreadyAcked(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Message != nil && re.Message.Code == discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged
}

// errAcked: the interaction had been acknowledged before the response was
// first tried (a deferral that was reported as failed got through).
var errAcked = errors.New("interaction already acknowledged")

// send answers the interaction with msgs (see plan). A step that fails
// after its retries is logged; if the interaction cannot be answered at
// all (its response failed), public replies are posted to the channel
// instead, so a committed move still shows. Private replies cannot be, and
// are lost (the player can ask for the board again).
func (a *Adapter) send(ctx context.Context, i *discordgo.Interaction, kind interactionKind, deferred bool, msgs []outMsg) {
	steps := plan(kind, deferred, msgs)
	dead := false // the interaction token is unusable
	for n := 0; n < len(steps); n++ {
		st := steps[n]
		if ctx.Err() != nil {
			// Shutdown or the handling timeout gave up on the rest.
			for _, st := range steps[n:] {
				if st.hasMsg && st.op != opDeleteOriginal {
					a.unsent.Add(1)
				}
			}
			a.log.Warn("discord: replies given up", "interaction", i.ID, "channel", i.ChannelID, "err", ctx.Err())
			return
		}
		if dead {
			a.fallback(ctx, i, st)
			continue
		}
		tries := 0
		var id string // the message the step sent or edited, when known
		err := a.retry(ctx, st.op.String(), i.ChannelID, func(ctx context.Context) error {
			tries++
			var err error
			id, err = a.do(ctx, i, st)
			if st.op != opRespond && responderFrom(ctx) != nil && unknownWebhook(err) {
				// Discord may not have taken the HTTP response yet.
				return notYetError{err}
			}
			if st.op == opRespond && errors.Is(err, errDeferredInstead) {
				return errAcked // answer as after a deferral
			}
			if st.op == opRespond && alreadyAcked(err) {
				if tries > 1 {
					return nil // an earlier try got through
				}
				return errAcked
			}
			return err
		})
		switch {
		case err == nil:
			if st.hasMsg {
				if id == "" && st.msg.posted != nil {
					id = a.originalID(ctx, i)
				}
				a.delivered(st.msg, id)
			}
		case errors.Is(err, errAcked) && n == 0 && !deferred:
			// Answer as after a deferral; nothing was sent yet.
			steps, n = plan(kind, true, msgs), -1
		case ctx.Err() != nil:
			if st.hasMsg && st.op != opDeleteOriginal {
				a.unsent.Add(1)
			}
			a.log.Warn("discord: reply given up", "step", st.op.String(), "interaction", i.ID, "channel", i.ChannelID, "err", err)
		default:
			a.log.Error("discord: reply not delivered", "step", st.op.String(), "interaction", i.ID, "channel", i.ChannelID, "err", err)
			dead = st.op == opRespond
			a.fallback(ctx, i, st)
		}
	}
}

// do sends one step and returns the id of the message it sent or edited,
// when Discord's answer says it: an edit or a follow-up returns the
// message; an "update message" response (type 7) edits the pressed one.
// A new message as the response (type 4) is not returned by the callback
// (see originalID).
func (a *Adapter) do(ctx context.Context, i *discordgo.Interaction, st step) (string, error) {
	opt := discordgo.WithContext(ctx)
	switch st.op {
	case opRespond:
		r := &discordgo.InteractionResponse{Type: st.respType}
		if st.hasMsg {
			r.Data = st.msg.responseData()
		}
		err := a.respond(ctx, i, r)
		if st.respType == discordgo.InteractionResponseUpdateMessage && i.Message != nil {
			return i.Message.ID, err
		}
		return "", err
	case opEditOriginal:
		msg, err := a.rest.InteractionResponseEdit(i, st.msg.webhookEdit(), opt)
		return messageID(msg), err
	case opDeleteOriginal:
		return "", a.rest.InteractionResponseDelete(i, opt)
	case opFollowup:
		msg, err := a.rest.FollowupMessageCreate(i, true, st.msg.webhookParams(), opt)
		return messageID(msg), err
	}
	return "", fmt.Errorf("unknown step %d", st.op)
}

// originalID asks Discord for the id of the interaction's response
// message (GET .../messages/@original): a response of type 4 is answered
// without it, and one given in the HTTP response has no answer at all.
// Discord may not have taken an HTTP response yet (404 Unknown Webhook):
// that is retried. It returns "" when Discord does not say (logged).
func (a *Adapter) originalID(ctx context.Context, i *discordgo.Interaction) string {
	var id string
	err := a.retry(ctx, "original", i.ChannelID, func(ctx context.Context) error {
		msg, err := a.rest.InteractionResponse(i, discordgo.WithContext(ctx))
		if responderFrom(ctx) != nil && unknownWebhook(err) {
			return notYetError{err}
		}
		id = messageID(msg)
		return err
	})
	if err != nil {
		a.log.Warn("discord: the board's message id is unknown; the board app's next move posts a new board",
			"interaction", i.ID, "channel", i.ChannelID, "err", err)
	}
	return id
}

// fallback posts a public step's message with the bot's own channel
// permissions, when the interaction could not carry it.
func (a *Adapter) fallback(ctx context.Context, i *discordgo.Interaction, st step) {
	if !st.hasMsg || st.op == opDeleteOriginal {
		return
	}
	if st.msg.ephemeral {
		a.log.Warn("discord: private reply lost", "interaction", i.ID, "channel", i.ChannelID)
		return
	}
	edit := st.msg.edit && i.Message != nil && i.Message.ID != ""
	var id string
	err := a.retry(ctx, "fallback", i.ChannelID, func(ctx context.Context) error {
		var msg *discordgo.Message
		var err error
		if edit {
			msg, err = a.rest.ChannelMessageEditComplex(st.msg.messageEdit(i.ChannelID, i.Message.ID), discordgo.WithContext(ctx))
		} else {
			msg, err = a.rest.ChannelMessageSendComplex(i.ChannelID, st.msg.messageSend(), discordgo.WithContext(ctx))
		}
		id = messageID(msg)
		return err
	})
	if err != nil {
		a.log.Error("discord: reply lost (the game itself is saved; /board shows it again)", "interaction", i.ID, "channel", i.ChannelID, "err", err)
		return
	}
	a.delivered(st.msg, id)
}

// retry calls f up to `attempts` times while it fails with a retryable
// error, logging each failure. Rate limits (429) are waited out inside
// discordgo before f returns; 5xx answers and network errors are retried
// here. The returned error is redacted.
func (a *Adapter) retry(ctx context.Context, what, channel string, f func(ctx context.Context) error) error {
	for n := 1; ; n++ {
		actx, cancel := context.WithTimeout(ctx, attemptTimeout)
		err := a.redact.Error(f(actx))
		cancel()
		if err == nil {
			return nil
		}
		if !retryable(err) || n >= attempts || ctx.Err() != nil {
			return err
		}
		a.log.Warn("discord: request failed; retrying", "what", what, "channel", channel, "attempt", n, "err", err)
		a.metrics.Retried()
		select {
		case <-time.After(a.backoff << (n - 1)):
		case <-ctx.Done():
			return err
		}
	}
}

// retryable reports whether a failed request may succeed if sent again:
// server errors, rate limits and network failures, not refusals (4xx).
func retryable(err error) bool {
	var ny notYetError
	if errors.As(err, &ny) {
		return true
	}
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		if re.Response == nil {
			return true
		}
		c := re.Response.StatusCode
		return c == http.StatusTooManyRequests || c >= 500
	}
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) {
		return true
	}
	if errors.Is(err, discordgo.ErrJSONUnmarshal) || errors.Is(err, errAcked) || errors.Is(err, errNoHTTPResponse) || errors.Is(err, errDeferredInstead) {
		return false
	}
	return true
}
