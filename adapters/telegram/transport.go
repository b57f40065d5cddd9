package telegram

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// Retry bounds.
const (
	maxRateLimitRetries = 5
	maxTransientRetries = 3
	firstTransientWait  = 250 * time.Millisecond
	maxMessageWait      = 5 * time.Minute // the longest retry_after honoured for a message
	maxCallbackWait     = 5 * time.Second // a callback query expires after about 10 s
	callTimeout         = 60 * time.Second
)

// request makes one Bot API call bound to ctx: a form request, or a
// multipart one when files is not empty. It decodes the result into out
// when out is not nil. Errors are *Error.
//
// Every call goes through tgbotapi's MakeRequest and UploadFiles with
// parameters built here rather than through its Chattable configs, which
// v5.5.1 cannot extend: they lack message_thread_id (forum topics) and
// parse_mode on an edited photo's caption.
func (a *Adapter) request(ctx context.Context, method string, params tgbotapi.Params, files []tgbotapi.RequestFile, out any) (json.RawMessage, error) {
	started := a.calls.Add(1)
	api := &tgbotapi.BotAPI{Token: a.token, Client: ctxClient{ctx: ctx, c: a.http, red: a.red}}
	api.SetAPIEndpoint(a.endpoint)
	var (
		resp *tgbotapi.APIResponse
		err  error
	)
	if len(files) > 0 {
		resp, err = api.UploadFiles(method, params, files)
	} else {
		resp, err = api.MakeRequest(method, params)
	}
	if err != nil {
		err = a.apiError(ctx, method, err)
		if e := asError(err); e != nil && e.Code == http.StatusUnauthorized {
			a.refusedAt.Store(a.calls.Load())
		}
		return nil, err
	}
	if at := a.refusedAt.Load(); at != 0 && started > at {
		a.refusedAt.CompareAndSwap(at, 0)
	}
	if out != nil && len(resp.Result) > 0 {
		if err := json.Unmarshal(resp.Result, out); err != nil {
			return resp.Result, &Error{Method: method, Description: "decoding the result: " + a.red.Replace(err.Error())}
		}
	}
	return resp.Result, nil
}

// call is one call that delivers something, with its retry policy.
type call struct {
	method string
	params tgbotapi.Params
	files  []tgbotapi.RequestFile
	// chat is paced when paced is set; 429 answers hold it back.
	chat  int64
	paced bool
	// maxWait is the longest retry_after honoured.
	maxWait time.Duration
}

// do makes c, pacing and retrying it: after retry_after on a 429, with a
// backoff on network errors and 5xx answers (bounded), following a group's
// migration to a supergroup once. "message is not modified" counts as
// success. out receives the result (when not nil).
func (a *Adapter) do(ctx context.Context, c call, out any) error {
	if c.maxWait == 0 {
		c.maxWait = maxMessageWait
	}
	limited, transient, migrated := 0, 0, false
	for {
		if c.paced {
			if err := a.pace.wait(ctx, c.chat); err != nil {
				return &Error{Method: c.method, Description: "waiting to send: " + err.Error(), ctxErr: err}
			}
		}
		actx, cancel := context.WithTimeout(ctx, callTimeout)
		_, err := a.request(actx, c.method, c.params, c.files, out)
		cancel()
		if err == nil {
			a.sent.Add(1)
			return nil
		}
		e := asError(err)
		if isNotModified(e) {
			return nil
		}
		if ctx.Err() != nil {
			a.failed.Add(1)
			return err
		}
		var wait time.Duration
		switch {
		case e.Code == 429 || e.RetryAfter > 0:
			a.rateLimited.Add(1)
			a.metrics.RateLimited()
			wait = e.RetryAfter
			if wait <= 0 {
				wait = time.Second
			}
			if limited >= maxRateLimitRetries || wait > c.maxWait {
				a.failed.Add(1)
				return err
			}
			limited++
			if c.paced {
				a.pace.block(c.chat, wait)
			}
			a.log.InfoContext(ctx, "rate limited; retrying", "method", c.method, "chat", c.chat, "retry_after", wait)
		case e.MigrateToChatID != 0 && !migrated && c.params["chat_id"] != "":
			migrated = true
			a.log.WarnContext(ctx, "group migrated to a supergroup; sending there", "method", c.method,
				"chat", c.chat, "new_chat", e.MigrateToChatID)
			c.chat = e.MigrateToChatID
			c.params["chat_id"] = strconv.FormatInt(c.chat, 10)
			a.retries.Add(1)
			a.metrics.Retried()
			continue
		case e.Code == 0 || e.Code >= 500:
			if transient >= maxTransientRetries {
				a.failed.Add(1)
				return err
			}
			wait = firstTransientWait << transient
			transient++
			a.log.WarnContext(ctx, "call failed; retrying", "method", c.method, "chat", c.chat, "err", err, "in", wait)
		default:
			a.failed.Add(1)
			return err
		}
		a.retries.Add(1)
		a.metrics.Retried()
		if err := sleep(ctx, wait); err != nil {
			a.failed.Add(1)
			return &Error{Method: c.method, Description: "waiting to retry: " + err.Error(), ctxErr: err}
		}
	}
}

func isNotModified(e *Error) bool {
	return e != nil && e.Code == 400 && strings.Contains(e.Description, "message is not modified")
}

// sleep waits d or until ctx ends, returning ctx's error then.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// backoff is an exponential backoff for the polling loop.
type backoff struct{ d time.Duration }

func newBackoff() *backoff { return &backoff{} }

func (b *backoff) next() time.Duration {
	switch {
	case b.d == 0:
		b.d = 500 * time.Millisecond
	case b.d < 30*time.Second:
		b.d *= 2
	}
	return min(b.d, 30*time.Second)
}

func (b *backoff) reset() { b.d = 0 }

// pacer spaces the messages sent to each chat: a token bucket (GCRA) per
// chat allowing burst messages at once, then one per interval (private
// chats have positive ids, groups negative ones).
type pacer struct {
	private, group time.Duration
	burst          int

	mu    sync.Mutex
	chats map[int64]*bucket
}

type bucket struct {
	tat     time.Time // theoretical arrival time of the next message
	blocked time.Time // nothing before this (a 429's retry_after)
}

func newPacer(private, group time.Duration, burst int) *pacer {
	return &pacer{private: private, group: group, burst: burst, chats: map[int64]*bucket{}}
}

func (p *pacer) interval(chat int64) time.Duration {
	if chat < 0 {
		return p.group
	}
	return p.private
}

// wait blocks until a message may go to chat, and counts it.
func (p *pacer) wait(ctx context.Context, chat int64) error {
	now := time.Now()
	t := p.interval(chat)
	p.mu.Lock()
	b := p.chats[chat]
	if b == nil {
		if len(p.chats) >= 4096 {
			p.sweep(now)
		}
		b = &bucket{}
		p.chats[chat] = b
	}
	tat := b.tat
	if tat.Before(now) {
		tat = now
	}
	start := tat.Add(-time.Duration(p.burst-1) * t)
	if start.Before(now) {
		start = now
	}
	if start.Before(b.blocked) {
		start = b.blocked
	}
	if tat.Before(start) {
		tat = start
	}
	b.tat = tat.Add(t)
	p.mu.Unlock()
	return sleep(ctx, start.Sub(now))
}

// delay is how long a message to chat would wait now; it reserves
// nothing.
func (p *pacer) delay(chat int64) time.Duration {
	now := time.Now()
	t := p.interval(chat)
	p.mu.Lock()
	defer p.mu.Unlock()
	b := p.chats[chat]
	if b == nil {
		return 0
	}
	start := b.tat.Add(-time.Duration(p.burst-1) * t)
	if start.Before(b.blocked) {
		start = b.blocked
	}
	return max(start.Sub(now), 0)
}

// block holds chat back for d (a 429).
func (p *pacer) block(chat int64, d time.Duration) {
	until := time.Now().Add(d)
	p.mu.Lock()
	defer p.mu.Unlock()
	b := p.chats[chat]
	if b == nil {
		b = &bucket{}
		p.chats[chat] = b
	}
	if until.After(b.blocked) {
		b.blocked = until
	}
}

// sweep forgets chats that have been quiet for a minute.
func (p *pacer) sweep(now time.Time) {
	for id, b := range p.chats {
		if now.Sub(b.tat) > time.Minute && now.After(b.blocked) {
			delete(p.chats, id)
		}
	}
}
