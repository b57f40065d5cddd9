package telegram

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// SecretHeader is the header in which Telegram sends a webhook's
// secret_token.
const SecretHeader = "X-Telegram-Bot-Api-Secret-Token"

// MaxUpdateBody caps the body of a webhook request; an update is a few
// kilobytes.
const MaxUpdateBody = 1 << 20

// dedupWindow is how many of the latest update ids a webhook remembers to
// drop a redelivery (Telegram resends an update whose delivery it thinks
// failed). In-process only: another process receiving the same update
// handles it again.
const dedupWindow = 4096

// RedactURL is s, quoted, for a message or a log, with the password of its
// user information replaced by "xxxxx" (url.URL.Redacted). A string that
// does not parse as a URL is shown only when it holds no "@" (nothing
// there could be a password).
func RedactURL(s string) string {
	u, err := url.Parse(s)
	switch {
	case err == nil && u.User != nil:
		return strconv.Quote(u.Redacted())
	case err != nil && strings.Contains(s, "@"):
		return "(not shown: it does not parse and may hold a password)"
	default:
		return strconv.Quote(s)
	}
}

// ValidateWebhook checks TELEGRAM_WEBHOOK_URL and TELEGRAM_WEBHOOK_SECRET:
// the URL must be https (Telegram accepts nothing else), or http on a
// loopback host (a test server); the secret 1 to 256 characters of A-Z,
// a-z, 0-9, _ and - (Telegram's rule for secret_token). Both or neither
// must be set. The error never repeats the secret, nor a password in the
// URL (RedactURL).
func ValidateWebhook(rawURL, secret string) error {
	switch {
	case rawURL == "" && secret == "":
		return nil
	case rawURL == "":
		return errors.New("the webhook secret is set without the webhook URL")
	case secret == "":
		return errors.New("the webhook URL is set without the webhook secret")
	}
	shown := RedactURL(rawURL)
	u, err := url.Parse(rawURL)
	switch {
	case err != nil || u.Scheme == "" || u.Host == "" && u.User == nil:
		return fmt.Errorf("webhook URL %s is not an absolute URL (https://host/path)", shown)
	case u.User != nil:
		return fmt.Errorf("webhook URL %s holds a user name or password: Telegram sends none; remove it", shown)
	}
	switch u.Scheme {
	case "https":
	case "http":
		ip := net.ParseIP(u.Hostname())
		if u.Hostname() != "localhost" && (ip == nil || !ip.IsLoopback()) {
			return fmt.Errorf("webhook URL %s: Telegram needs https (http is allowed only on a loopback host, for tests)", shown)
		}
	default:
		return fmt.Errorf("webhook URL %s: want an https URL", shown)
	}
	if len(secret) > 256 {
		return errors.New("the webhook secret is longer than 256 characters")
	}
	for _, c := range secret {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return errors.New("the webhook secret may hold only A-Z, a-z, 0-9, _ and -")
		}
	}
	return nil
}

func (a *Adapter) webhookMode() bool { return a.cfg.WebhookURL != "" }

// setWebhook registers Config.WebhookURL with the secret and the update
// kinds the adapter handles, retrying network errors and 5xx answers
// until ctx ends. A refusal (4xx: a URL Telegram does not accept) is
// returned.
func (a *Adapter) setWebhook(ctx context.Context) error {
	p := tgbotapi.Params{
		"url":             a.cfg.WebhookURL,
		"secret_token":    a.cfg.WebhookSecret,
		"allowed_updates": allowedUpdates,
	}
	for b := newBackoff(); ; {
		cctx, cancel := context.WithTimeout(ctx, callTimeout)
		_, err := a.request(cctx, "setWebhook", p, nil, nil)
		cancel()
		if err == nil {
			a.log.InfoContext(ctx, "webhook set", "url", RedactURL(a.cfg.WebhookURL))
			return nil
		}
		if e := asError(err); e != nil && e.Code >= 400 && e.Code < 500 && e.Code != 429 {
			return err
		}
		a.log.WarnContext(ctx, "setWebhook failed; retrying", "err", err)
		if sleep(ctx, b.next()) != nil {
			return ctx.Err()
		}
	}
}

// serveHook makes WebhookHandler queue updates under work (a non-nil
// context); it waits for the requests being queued. end, called once Run
// has stopped, ends the requests still waiting for their update's
// handling (with 503).
func (a *Adapter) serveHook(work context.Context) (end func()) {
	ch := make(chan struct{})
	a.hookMu.Lock()
	a.hookWork, a.hookEnd = work, ch
	a.hookMu.Unlock()
	return func() { close(ch) }
}

// stopHook makes WebhookHandler refuse updates (503): Run no longer
// serves them. Like serveHook, it waits for the requests being queued.
func (a *Adapter) stopHook() {
	a.hookMu.Lock()
	a.hookWork = nil
	a.hookMu.Unlock()
}

// WebhookHandler serves Telegram's webhook requests (mount it at
// POST /telegram/webhook). It answers:
//
//   - 401 when the X-Telegram-Bot-Api-Secret-Token header is missing or
//     differs from Config.WebhookSecret (compared in constant time), at
//     once, without reading the body, and the connection is closed;
//   - 400 when the body is not an update or exceeds MaxUpdateBody;
//   - 503 when Run is not serving the webhook (not started, or stopping),
//     so Telegram delivers the update again later (to this process or
//     another);
//   - 200 once the update is handled: queued on its chat (the same
//     queues long polling feeds) and through the bot's handler, whose
//     changes are then committed (its replies may still wait in the
//     outbox: a move's board is owed in the store, and any process sends
//     it). Telegram delivers an update it has no 200 for again, so one
//     that a crash leaves unhandled is not lost; the bot's event claim
//     (bot.Request.EventID) drops it when it was handled after all.
//     An update among the latest dedupWindow received is not queued
//     again: its request waits for the first delivery's handling and
//     gets the same answer;
//   - 503 as well for an update Run stopped before handling.
//
// It answers 404 when the adapter is not in webhook mode.
func (a *Adapter) WebhookHandler() http.Handler { return http.HandlerFunc(a.serveUpdate) }

func (a *Adapter) serveUpdate(w http.ResponseWriter, r *http.Request) {
	if !a.webhookMode() {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	got := r.Header.Get(SecretHeader)
	if got == "" || subtle.ConstantTimeCompare([]byte(got), []byte(a.cfg.WebhookSecret)) != 1 {
		// At once, the body unread, and the connection closed: the
		// server would otherwise wait for the body (to reuse the
		// connection) before answering, and again after.
		w.Header().Set("Connection", "close")
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		http.NewResponseController(w).SetReadDeadline(time.Now())
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxUpdateBody))
	if err != nil {
		http.Error(w, "cannot read the update", http.StatusBadRequest)
		return
	}
	var u tgbotapi.Update
	var x updateExtra
	if err := json.Unmarshal(body, &u); err != nil {
		http.Error(w, "not an update", http.StatusBadRequest)
		return
	}
	_ = json.Unmarshal(body, &x) // topic information, when it decodes
	d, end, ok := a.receiveHook(u, x)
	if !ok {
		http.Error(w, "not serving", http.StatusServiceUnavailable)
		return
	}
	select {
	case <-d.done:
	case <-end:
		// Run has stopped with the update's handling still under way (a
		// handler that ignores its context).
		select {
		case <-d.done:
		default:
			http.Error(w, "not serving", http.StatusServiceUnavailable)
			return
		}
	case <-r.Context().Done():
		return // Telegram gave up on this request: it delivers the update again
	}
	if !d.handled {
		// Run stopped before handling it: Telegram delivers it again
		// (to this process once it serves again, or to another).
		http.Error(w, "not serving", http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// receiveHook queues a webhook update on its chat, unless it is one of the
// latest dedupWindow updates received, and returns its delivery, whose
// done is closed once the update is handled (or dropped by a stop); a
// redelivery gets the first delivery's. end is closed once Run has
// stopped. ok is false when Run is not serving the webhook.
func (a *Adapter) receiveHook(u tgbotapi.Update, x updateExtra) (d *delivery, end <-chan struct{}, ok bool) {
	a.hookMu.RLock()
	defer a.hookMu.RUnlock()
	if a.hookWork == nil {
		return nil, nil, false
	}
	end = a.hookEnd
	d, again := a.seen.add(u.UpdateID)
	if again {
		a.metrics.Deduplicated()
		a.log.Debug("update delivered again; waiting for the first delivery's handling", "update_id", u.UpdateID)
		return d, end, true
	}
	a.dispatch(a.hookWork, u, x, func(handled bool) {
		if !handled {
			a.seen.forget(u.UpdateID, d) // a redelivery is handled anew
		}
		d.finish(handled)
	})
	return d, end, true
}

// delivery is the handling of a webhook update, which the requests that
// delivered it wait for.
type delivery struct {
	done    chan struct{} // closed once the update is handled or dropped
	handled bool          // set before done is closed
}

func (d *delivery) finish(handled bool) {
	d.handled = handled
	close(d.done)
}

// recentIDs remembers the latest update ids, up to a bound, with their
// deliveries.
type recentIDs struct {
	mu   sync.Mutex
	set  map[int]*delivery
	ring []int
	next int
}

// add returns id's delivery, and whether id was already there; a new id
// gets a new delivery.
func (r *recentIDs) add(id int) (*delivery, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if d, ok := r.set[id]; ok {
		return d, true
	}
	if r.set == nil {
		r.set = make(map[int]*delivery, dedupWindow)
		r.ring = make([]int, 0, dedupWindow)
	}
	if len(r.ring) < dedupWindow {
		r.ring = append(r.ring, id)
	} else {
		delete(r.set, r.ring[r.next])
		r.ring[r.next] = id
		r.next = (r.next + 1) % dedupWindow
	}
	d := &delivery{done: make(chan struct{})}
	r.set[id] = d
	return d, false
}

// forget removes id when its delivery is still d (its ring slot stays,
// and frees nothing else when it comes round).
func (r *recentIDs) forget(id int, d *delivery) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.set[id] == d {
		delete(r.set, id)
	}
}
