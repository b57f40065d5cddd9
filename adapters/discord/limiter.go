package discord

import (
	"context"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// limiter is the HTTP transport every REST request of the adapter goes
// through (discordgo's calls and the adapter's own, in every goroutine):
// it never sends a request into a rate-limit bucket Discord said was empty
// (X-RateLimit-Remaining: 0) before the bucket's reset
// (X-RateLimit-Reset-After), nor any request during a global rate limit.
//
// discordgo has a RateLimiter of its own, but it keys buckets by URL as it
// guesses them: routes that Discord counts in one bucket (its
// X-RateLimit-Bucket header says which) are counted apart, and one route's
// remaining count is taken for another's (its channel-message edits and
// deletions share one key). The limiter learns Discord's buckets from the
// headers: a route (method and path, ids but the major parameter elided)
// maps to the bucket Discord named, per major parameter (the channel, the
// webhook or interaction, the guild). While a bucket's state is unknown,
// its requests go one at a time; while it is known, at most Remaining are
// in flight at once; when it is empty, requests wait for its reset (or
// their context).
type limiter struct {
	next http.RoundTripper

	mu      sync.Mutex
	hashes  map[string]string   // route -> Discord's bucket id
	buckets map[string]*lbucket // bucket id (or route) + major -> state
	global  time.Time           // no request before (a global 429)
	answers int                 // answers since the last sweep
}

// sweepEvery is how many answers pass between sweeps of the buckets that
// are idle and past their reset (one per channel and interaction would
// otherwise pile up).
const sweepEvery = 256

type lbucket struct {
	major     string
	known     bool // remaining and reset come from Discord's headers
	remaining int
	reset     time.Time
	inflight  int
	changed   chan struct{} // closed when a request of the bucket ends
}

func newLimiter(next http.RoundTripper) *limiter {
	return &limiter{next: next, hashes: map[string]string{}, buckets: map[string]*lbucket{}}
}

// routeKey is the request's route and major parameter, from its path
// (".../api/v10/channels/123/messages/456" is route
// "DELETE channels/{major}/messages/{id}", major "123").
func routeKey(method, path string) (route, major string) {
	if i := strings.Index(path, "/api/v"); i >= 0 {
		path = path[i+len("/api/v"):]
		if j := strings.IndexByte(path, '/'); j >= 0 {
			path = path[j+1:]
		}
	}
	seg := strings.Split(strings.Trim(path, "/"), "/")
	for i := 0; i < len(seg); i++ {
		switch {
		case i > 0 && major == "" && (seg[i-1] == "channels" || seg[i-1] == "guilds"):
			major, seg[i] = seg[i], "{major}"
		case i > 0 && major == "" && (seg[i-1] == "webhooks" || seg[i-1] == "interactions") && i+1 < len(seg):
			major, seg[i], seg[i+1] = seg[i]+"/"+seg[i+1], "{major}", "{token}"
			i++
		case isSnowflake(seg[i]):
			seg[i] = "{id}"
		}
	}
	return method + " " + strings.Join(seg, "/"), major
}

func isSnowflake(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// bucketFor returns the bucket of route and major; l.mu is held.
func (l *limiter) bucketFor(route, major string) *lbucket {
	key := route
	if h, ok := l.hashes[route]; ok {
		key = "bucket " + h
	}
	key += " " + major
	b := l.buckets[key]
	if b == nil {
		b = &lbucket{major: major, changed: make(chan struct{})}
		l.buckets[key] = b
	}
	return b
}

func (l *limiter) RoundTrip(req *http.Request) (*http.Response, error) {
	route, major := routeKey(req.Method, req.URL.Path)
	held, err := l.acquire(req.Context(), route, major)
	if err != nil {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, err
	}
	resp, err := l.next.RoundTrip(req)
	l.release(held, route, major, resp)
	return resp, err
}

// acquire waits until a request may go into the bucket of route and
// major, and counts it in flight there. A route whose bucket Discord has
// not named yet may share one with any other route of its major
// parameter: it waits for all of theirs, and counts in flight in all of
// them, until its first answer names its own.
func (l *limiter) acquire(ctx context.Context, route, major string) ([]*lbucket, error) {
	for {
		l.mu.Lock()
		now := time.Now()
		held := []*lbucket{l.bucketFor(route, major)}
		if _, named := l.hashes[route]; !named {
			for _, b := range l.buckets {
				if b != held[0] && b.major == major {
					held = append(held, b)
				}
			}
		}
		var wait time.Duration
		var changed <-chan struct{}
		if now.Before(l.global) {
			wait = l.global.Sub(now)
		}
		for _, b := range held {
			if b.known && !now.Before(b.reset) {
				b.known = false // reset: full again, count unknown until the next answer
			}
			switch {
			case !b.known && b.inflight > 0:
				changed = b.changed // one at a time until Discord tells
			case b.known && b.remaining-b.inflight <= 0:
				if b.inflight > 0 {
					changed = b.changed // its answer may tell more
				}
				wait = max(wait, b.reset.Sub(now))
			}
		}
		if wait <= 0 && changed == nil {
			for _, b := range held {
				b.inflight++
			}
			l.mu.Unlock()
			return held, nil
		}
		l.mu.Unlock()
		var timer <-chan time.Time
		if wait > 0 {
			t := time.NewTimer(wait)
			timer = t.C
			defer t.Stop()
		}
		select {
		case <-timer:
		case <-changed:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// release ends a request counted in the buckets held and learns from its
// answer.
func (l *limiter) release(held []*lbucket, route, major string, resp *http.Response) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, b := range held {
		b.inflight--
		b.wake()
	}
	if l.answers++; l.answers >= sweepEvery {
		l.answers = 0
		now := time.Now()
		for k, b := range l.buckets {
			if b.inflight == 0 && (!b.known || !now.Before(b.reset)) {
				delete(l.buckets, k)
			}
		}
	}
	if resp == nil {
		return
	}
	h := resp.Header
	now := time.Now()
	if resp.StatusCode == http.StatusTooManyRequests && (h.Get("X-RateLimit-Global") != "" || h.Get("X-RateLimit-Scope") == "global") {
		if d, ok := seconds(h.Get("Retry-After")); ok {
			l.global = now.Add(d)
		}
	}
	if hash := h.Get("X-RateLimit-Bucket"); hash != "" {
		l.hashes[route] = hash
	}
	b := l.bucketFor(route, major) // Discord's bucket, once named
	defer b.wake()
	remaining, err := strconv.Atoi(h.Get("X-RateLimit-Remaining"))
	after, ok := seconds(h.Get("X-RateLimit-Reset-After"))
	if err != nil || !ok {
		if resp.StatusCode == http.StatusTooManyRequests {
			if d, ok := seconds(h.Get("Retry-After")); ok {
				b.known, b.remaining, b.reset = true, 0, now.Add(d)
			}
		}
		return
	}
	reset := now.Add(after)
	if b.known && now.Before(b.reset) {
		// Answers of one window may arrive out of order: the least
		// remaining and the latest reset are the safe reading.
		b.remaining, b.reset = min(b.remaining, remaining), later(b.reset, reset)
		return
	}
	b.known, b.remaining, b.reset = true, remaining, reset
}

// wake tells the requests waiting on b that it changed.
func (b *lbucket) wake() {
	close(b.changed)
	b.changed = make(chan struct{})
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// seconds reads a header's number of seconds (with a fraction).
func seconds(s string) (time.Duration, bool) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || f < 0 || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return time.Duration(math.Ceil(f * float64(time.Second))), true
}
