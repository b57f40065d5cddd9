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
// context); it waits for the requests being queued.
func (a *Adapter) serveHook(work context.Context) {
	a.hookMu.Lock()
	a.hookWork = work
	a.hookMu.Unlock()
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
//   - 200 as soon as the update is queued on its chat (the same queues
//     long polling feeds), or recognised as one of the latest
//     dedupWindow updates received, which is dropped.
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
	a.hookMu.RLock()
	defer a.hookMu.RUnlock()
	if a.hookWork == nil {
		http.Error(w, "not serving", http.StatusServiceUnavailable)
		return
	}
	if a.seen.add(u.UpdateID) {
		a.metrics.Deduplicated()
		a.log.DebugContext(r.Context(), "update delivered again; dropped", "update_id", u.UpdateID)
		w.WriteHeader(http.StatusOK)
		return
	}
	a.dispatch(a.hookWork, u, x)
	w.WriteHeader(http.StatusOK)
}

// recentIDs remembers the latest update ids, up to a bound.
type recentIDs struct {
	mu   sync.Mutex
	set  map[int]struct{}
	ring []int
	next int
}

// add records id and reports whether it was already there.
func (r *recentIDs) add(id int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.set[id]; ok {
		return true
	}
	if r.set == nil {
		r.set = make(map[int]struct{}, dedupWindow)
		r.ring = make([]int, 0, dedupWindow)
	}
	if len(r.ring) < dedupWindow {
		r.ring = append(r.ring, id)
	} else {
		delete(r.set, r.ring[r.next])
		r.ring[r.next] = id
		r.next = (r.next + 1) % dedupWindow
	}
	r.set[id] = struct{}{}
	return false
}
