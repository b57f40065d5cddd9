package telegram

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// ErrUnauthorized matches (errors.Is) an *Error for a token Telegram
// rejects.
var ErrUnauthorized = errors.New("telegram: the bot token was rejected")

// Error is a failed Bot API call. Every error this package returns for a
// call is an *Error (wrapped or not); its text never contains the token.
// It matches context.Canceled or context.DeadlineExceeded with errors.Is
// when the call was cut short by its context.
type Error struct {
	// Method is the Bot API method ("sendPhoto").
	Method string
	// Code is Telegram's error code (400, 403, 429, ...), or 0 when no
	// answer came (a network error) or the answer was not the API's.
	Code int
	// Description is Telegram's description, or the network error, with
	// the token removed.
	Description string
	// RetryAfter is the wait a 429 answer asked for.
	RetryAfter time.Duration
	// MigrateToChatID is the new id of a group upgraded to a supergroup.
	MigrateToChatID int64

	ctxErr error
}

func (e *Error) Error() string {
	if e.Code != 0 {
		return fmt.Sprintf("telegram: %s: %d %s", e.Method, e.Code, e.Description)
	}
	return fmt.Sprintf("telegram: %s: %s", e.Method, e.Description)
}

// Unwrap returns the context error that cut the call short, if any.
func (e *Error) Unwrap() error { return e.ctxErr }

// Is reports whether e is a rejected token (ErrUnauthorized).
func (e *Error) Is(target error) bool {
	return target == ErrUnauthorized && e.Code == http.StatusUnauthorized
}

// asError returns err's *Error, or nil.
func asError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// apiError rebuilds err, from a tgbotapi call of method, as an *Error with
// the token removed. It never wraps err itself, whose text may hold the
// token (a *url.Error holds the request URL).
func (a *Adapter) apiError(ctx context.Context, method string, err error) *Error {
	e := &Error{Method: method}
	var te *tgbotapi.Error
	switch {
	case errors.As(err, &te):
		e.Description = a.red.Replace(te.Message)
		e.Code = te.Code
		if e.Code == 0 { // the upload path leaves Code unset (tgbotapi bot.go:259)
			e.Code = codeFromDescription(te.Message)
		}
		e.RetryAfter = time.Duration(te.RetryAfter) * time.Second
		if e.RetryAfter > 0 && e.Code == 0 {
			e.Code = http.StatusTooManyRequests
		}
		e.MigrateToChatID = te.MigrateToChatID
	default:
		e.Description = a.red.Replace(err.Error())
	}
	switch {
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		if ce := ctx.Err(); ce != nil {
			e.ctxErr = ce
		} else if errors.Is(err, context.Canceled) {
			e.ctxErr = context.Canceled
		} else {
			e.ctxErr = context.DeadlineExceeded
		}
	}
	return e
}

// codeFromDescription reads the code from a description such as
// "Bad Request: message is not modified".
func codeFromDescription(d string) int {
	for prefix, code := range map[string]int{
		"Bad Request": 400, "Unauthorized": 401, "Forbidden": 403, "Not Found": 404,
		"Conflict": 409, "Too Many Requests": 429, "Internal Server Error": 500,
		"Bad Gateway": 502, "Gateway Timeout": 504,
	} {
		if strings.HasPrefix(d, prefix) {
			return code
		}
	}
	return 0
}

// newRedactor replaces the token, in every spelling a URL may give it,
// and its secret part on its own, with "<token>".
func newRedactor(tok string) *strings.Replacer {
	_, secret, _ := strings.Cut(tok, ":")
	var pairs []string
	seen := map[string]bool{}
	for _, s := range []string{tok, url.PathEscape(tok), url.QueryEscape(tok), secret} {
		if s != "" && !seen[s] {
			seen[s] = true
			pairs = append(pairs, s, "<token>")
		}
	}
	return strings.NewReplacer(pairs...)
}

// ctxClient is the tgbotapi HTTPClient of one call: it binds the request
// to the call's context (tgbotapi has none) and removes the token from
// the URL of a *url.Error.
type ctxClient struct {
	ctx context.Context
	c   *http.Client
	red *strings.Replacer
}

func (c ctxClient) Do(r *http.Request) (*http.Response, error) {
	resp, err := c.c.Do(r.WithContext(c.ctx))
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			ue.URL = c.red.Replace(ue.URL)
		}
	}
	return resp, err
}

// redactHandler is a slog.Handler that removes the token from the message
// and every attribute before passing records on.
type redactHandler struct {
	h slog.Handler
	r *strings.Replacer
}

func (h *redactHandler) Enabled(ctx context.Context, l slog.Level) bool { return h.h.Enabled(ctx, l) }

func (h *redactHandler) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, h.r.Replace(r.Message), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(h.attr(a))
		return true
	})
	return h.h.Handle(ctx, out)
}

func (h *redactHandler) WithAttrs(as []slog.Attr) slog.Handler {
	red := make([]slog.Attr, len(as))
	for i, a := range as {
		red[i] = h.attr(a)
	}
	return &redactHandler{h: h.h.WithAttrs(red), r: h.r}
}

func (h *redactHandler) WithGroup(name string) slog.Handler {
	return &redactHandler{h: h.h.WithGroup(name), r: h.r}
}

func (h *redactHandler) attr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, h.r.Replace(v.String()))
	case slog.KindDuration:
		// "1.5s", not the nanoseconds a JSON handler would write.
		return slog.String(a.Key, v.Duration().String())
	case slog.KindGroup:
		g := v.Group()
		red := make([]any, len(g))
		for i, x := range g {
			red[i] = h.attr(x)
		}
		return slog.Group(a.Key, red...)
	case slog.KindAny:
		switch x := v.Any().(type) {
		case error:
			return slog.String(a.Key, h.r.Replace(x.Error()))
		case fmt.Stringer:
			return slog.String(a.Key, h.r.Replace(x.String()))
		default:
			return slog.String(a.Key, h.r.Replace(fmt.Sprint(x)))
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}
