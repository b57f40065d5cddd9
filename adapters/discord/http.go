package discord

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// MaxInteractionBody caps the body of a request to InteractionsHandler:
// an interaction is a few kilobytes; a larger body is refused (401) unread
// beyond the cap.
const MaxInteractionBody = 1 << 20

// ParsePublicKey reads DISCORD_PUBLIC_KEY: the application's public key as
// the developer portal shows it, 64 hexadecimal digits. The error says
// what is wrong and never repeats the value.
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	b, err := hex.DecodeString(strings.TrimSpace(s))
	if err != nil {
		return nil, errors.New("not hexadecimal (want the 64 hex digits of the developer portal's Public Key)")
	}
	if len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("%d bytes, want %d (the 64 hex digits of the developer portal's Public Key)", len(b), ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(b), nil
}

func (a *Adapter) httpMode() bool { return len(a.cfg.PublicKey) != 0 }

// runHTTP is Run for HTTP interactions: no gateway; the commands are
// registered through REST, the bot user's id is asked for (GET
// /users/@me, for "/new opponent:@bot"), and interactions are answered by
// InteractionsHandler until ctx ends.
func (a *Adapter) runHTTP(ctx context.Context) error {
	for _, n := range a.notes {
		a.log.Warn("discord: localized name not used", "detail", n)
	}
	scope := "global"
	if a.cfg.GuildID != "" {
		scope = "guild " + a.cfg.GuildID
	}
	regCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if u, err := a.s.User("@me", discordgo.WithContext(regCtx)); err == nil && u != nil {
		a.botUserID.Store(u.ID)
	} else if ctx.Err() == nil {
		a.log.Warn("discord: could not learn the bot user's id; /new against it by mention needs the application id", "err", a.redact.Error(err))
	}
	err := session{a.s}.registerCommands(a.cfg.AppID, a.cfg.GuildID, a.commands, discordgo.WithContext(regCtx))
	cancel()
	if err != nil {
		a.shutdown()
		if ctx.Err() != nil {
			return nil
		}
		return fmt.Errorf("discord: register commands (%s): %w", scope, a.redact.Error(err))
	}
	a.log.Info("discord: commands registered; serving HTTP interactions", "scope", scope, "count", len(a.commands))
	<-ctx.Done()
	a.shutdown()
	return nil
}

// InteractionsHandler serves Discord's HTTP interactions (mount it at
// POST /discord/interactions). It answers:
//
//   - 401 to a request whose Ed25519 signature (X-Signature-Ed25519 over
//     X-Signature-Timestamp + body, with Config.PublicKey) is missing,
//     malformed or wrong, or whose body cannot be read or exceeds
//     MaxInteractionBody; nothing is handled then, and the connection is
//     closed. A missing or malformed header is answered at once, the body
//     unread;
//   - 401 as well to a signed request that is stale, as a captured one
//     replayed later would be: its timestamp more than MaxTimestampSkew
//     from now (either way), or, a PING apart, its interaction id a
//     snowflake older than InteractionLifetime (Discord's 15 minutes of
//     token life, after which no answer could be sent anyway). The
//     refusal is logged at warn with the age, never the request;
//   - 400 to a body that is not an interaction, or an interaction the bot
//     does not handle (autocomplete, modals);
//   - a PONG to a PING (type 1), which is how Discord checks the endpoint;
//   - 503 when Run is not running (not started yet, or stopping), so
//     Discord reports the failure to the user;
//   - otherwise the interaction response: the bot's answer when it comes
//     within Config.DeferAfter (type 4, or 7 for a button press, ephemeral
//     when private), else a deferral (type 5 or 6) followed by edits and
//     follow-ups through the REST API. An answer with an attachment (a
//     board image) is always deferred and sent by editing the original
//     response, because Discord does not take multipart/form-data in the
//     HTTP response (discord/discord-api-docs#5933).
//
// It is meant to be used only when Config.PublicKey is set; otherwise it
// answers 404.
func (a *Adapter) InteractionsHandler() http.Handler {
	return http.HandlerFunc(a.serveInteraction)
}

func (a *Adapter) serveInteraction(w http.ResponseWriter, r *http.Request) {
	if !a.httpMode() {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	body, ok := a.verified(w, r)
	if !ok {
		// The body may be unread (a missing or malformed signature
		// header): answer at once and close the connection; the server
		// would otherwise wait for the body (to reuse the connection)
		// before answering, and again after.
		w.Header().Set("Connection", "close")
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		http.NewResponseController(w).SetReadDeadline(time.Now())
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		http.Error(w, "not an interaction", http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		if !a.fresh(r, "") {
			http.Error(w, "stale request", http.StatusUnauthorized)
			return
		}
		writeResponse(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}
	if !a.fresh(r, i.ID) {
		http.Error(w, "stale request", http.StatusUnauthorized)
		return
	}
	a.mu.Lock()
	if a.closing || a.base == nil {
		a.mu.Unlock()
		http.Error(w, "not serving", http.StatusServiceUnavailable)
		return
	}
	a.wg.Add(1)
	base := a.base
	a.mu.Unlock()

	hr := &httpResponder{ch: make(chan *discordgo.InteractionResponse), written: make(chan error, 1), gone: make(chan struct{})}
	handled := make(chan struct{})
	go func() {
		defer a.wg.Done()
		defer close(handled)
		defer func() {
			if p := recover(); p != nil {
				a.log.Error("discord: interaction handler panicked", "panic", fmt.Sprint(p))
			}
		}()
		ctx, cancel := context.WithTimeout(base, handleTimeout)
		defer cancel()
		a.handle(withResponder(ctx, hr), &i)
	}()
	defer close(hr.gone)
	select {
	case resp := <-hr.ch:
		hr.written <- writeResponse(w, resp)
	case <-handled:
		// Nothing to answer with: an interaction the bot ignores.
		http.Error(w, "interaction not handled", http.StatusBadRequest)
	case <-r.Context().Done():
	}
}

// MaxTimestampSkew is how far a request's X-Signature-Timestamp may be
// from the adapter's clock, either way: a signed request captured and
// replayed later is refused.
const MaxTimestampSkew = 5 * time.Minute

// InteractionLifetime is how long an interaction's token lives (Discord:
// 15 minutes): an interaction whose id (a snowflake, which holds its
// creation time) is older is refused, whatever its timestamp says.
const InteractionLifetime = 15 * time.Minute

// discordEpoch is the first millisecond of 2015, from which snowflakes
// count.
const discordEpoch = 1420070400000

// snowflakeTime is when the snowflake id was made; ok is false when id is
// not a snowflake.
func snowflakeTime(id string) (t time.Time, ok bool) {
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil || n == 0 {
		return time.Time{}, false
	}
	return time.UnixMilli(int64(n>>22) + discordEpoch), true
}

// fresh reports whether a signed request is recent: its
// X-Signature-Timestamp (Unix seconds) is within MaxTimestampSkew of now,
// and the interaction id (when not "") is a snowflake made less than
// InteractionLifetime ago (and not after the skew from now). A refusal is
// logged at warn, with the request's age only.
func (a *Adapter) fresh(r *http.Request, id string) bool {
	now := time.Now()
	if a.cfg.Now != nil {
		now = a.cfg.Now()
	}
	sec, err := strconv.ParseInt(r.Header.Get("X-Signature-Timestamp"), 10, 64)
	if err != nil {
		a.log.Warn("discord: interaction refused: its timestamp is not a number of seconds")
		return false
	}
	if d := now.Sub(time.Unix(sec, 0)); d > MaxTimestampSkew || d < -MaxTimestampSkew {
		a.log.Warn("discord: interaction refused: its timestamp is too far from now (a replay?)", "age", d.Round(time.Second).String())
		return false
	}
	if id == "" {
		return true
	}
	made, ok := snowflakeTime(id)
	if !ok {
		a.log.Warn("discord: interaction refused: its id is not a snowflake")
		return false
	}
	if d := now.Sub(made); d > InteractionLifetime || d < -MaxTimestampSkew {
		a.log.Warn("discord: interaction refused: its id is older than an interaction's token lives (a replay?)", "age", d.Round(time.Second).String())
		return false
	}
	return true
}

// verified reads the body and checks its signature; ok is false when any
// of it fails.
func (a *Adapter) verified(w http.ResponseWriter, r *http.Request) (body []byte, ok bool) {
	sig, err := hex.DecodeString(r.Header.Get("X-Signature-Ed25519"))
	ts := r.Header.Get("X-Signature-Timestamp")
	if err != nil || len(sig) != ed25519.SignatureSize || ts == "" {
		return nil, false
	}
	body, err = io.ReadAll(http.MaxBytesReader(w, r.Body, MaxInteractionBody))
	if err != nil {
		return nil, false
	}
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	return body, ed25519.Verify(a.cfg.PublicKey, msg, sig)
}

// writeResponse writes an interaction response as the HTTP answer.
func writeResponse(w http.ResponseWriter, resp *discordgo.InteractionResponse) error {
	wr, _ := toWireResponse(resp) // files never come here (see httpResponder)
	b, err := json.Marshal(wr)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	if _, err = w.Write(b); err != nil {
		return err
	}
	return http.NewResponseController(w).Flush()
}

// notYetError is a 404 from an interaction's webhook (Unknown Webhook,
// Unknown interaction) just after its response went out in the HTTP
// answer: Discord may not have processed that answer yet, so the request
// is retried (a few times, with the usual backoff).
type notYetError struct{ err error }

func (e notYetError) Error() string { return e.err.Error() }
func (e notYetError) Unwrap() error { return e.err }

// unknownWebhook reports Discord's 404 for an interaction token it does
// not know (yet).
func unknownWebhook(err error) bool {
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Response == nil || re.Response.StatusCode != http.StatusNotFound {
		return false
	}
	return re.Message == nil || re.Message.Code == discordgo.ErrCodeUnknownWebhook || re.Message.Code == discordgo.ErrCodeUnknownInteraction
}

// errDeferredInstead: the response carried an attachment, which the HTTP
// response cannot; a deferral was sent in its place, and the message goes
// by editing the original response.
var errDeferredInstead = errors.New("response deferred: attachments go by REST")

// errNoHTTPResponse: the HTTP request of the interaction was gone (or its
// answer was given already) when the response was ready.
var errNoHTTPResponse = errors.New("the interaction's HTTP request is gone")

// httpResponder hands an interaction's response to the HTTP handler that
// received it. Only the first response goes there.
type httpResponder struct {
	ch      chan *discordgo.InteractionResponse // unbuffered: taken only by a waiting handler
	written chan error
	gone    chan struct{} // closed when the handler returns

	mu   sync.Mutex
	used bool
}

// respond sends r as the HTTP answer and reports whether it was written.
// A response with files becomes a deferral (errDeferredInstead). A
// second call fails with errNoHTTPResponse.
func (h *httpResponder) respond(ctx context.Context, r *discordgo.InteractionResponse) error {
	h.mu.Lock()
	used := h.used
	h.used = true
	h.mu.Unlock()
	if used {
		return errNoHTTPResponse
	}
	out, instead := r, error(nil)
	if r.Data != nil && len(r.Data.Files) > 0 {
		t := discordgo.InteractionResponseDeferredChannelMessageWithSource
		if r.Type == discordgo.InteractionResponseUpdateMessage {
			t = discordgo.InteractionResponseDeferredMessageUpdate
		}
		out, instead = &discordgo.InteractionResponse{Type: t}, errDeferredInstead
		if r.Data.Flags&discordgo.MessageFlagsEphemeral != 0 && t == discordgo.InteractionResponseDeferredChannelMessageWithSource {
			// A private answer: its "thinking…" is private too.
			out.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
		}
	}
	select {
	case h.ch <- out:
	case <-h.gone:
		return errNoHTTPResponse
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-h.written:
		if err != nil {
			return fmt.Errorf("writing the HTTP response: %w", err)
		}
	case <-ctx.Done():
		return ctx.Err()
	}
	return instead
}

type responderKey struct{}

func withResponder(ctx context.Context, h *httpResponder) context.Context {
	return context.WithValue(ctx, responderKey{}, h)
}

func responderFrom(ctx context.Context) *httpResponder {
	h, _ := ctx.Value(responderKey{}).(*httpResponder)
	return h
}
