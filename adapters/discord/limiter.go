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
}

type lbucket struct {
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
		b = &lbucket{changed: make(chan struct{})}
		l.buckets[key] = b
	}
	return b
}

func (l *limiter) RoundTrip(req *http.Request) (*http.Response, error) {
	route, major := routeKey(req.Method, req.URL.Path)
	b, err := l.acquire(req.Context(), route, major)
	if err != nil {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, err
	}
	resp, err := l.next.RoundTrip(req)
	l.release(b, route, major, resp)
	return resp, err
}

// acquire waits until a request may go into the bucket of route and
// major, and counts it in flight there.
func (l *limiter) acquire(ctx context.Context, route, major string) (*lbucket, error) {
	for {
		l.mu.Lock()
		b := l.bucketFor(route, major)
		now := time.Now()
		var wait time.Duration
		var changed <-chan struct{}
		switch {
		case now.Before(l.global):
			wait = l.global.Sub(now)
		case b.known && !now.Before(b.reset):
			b.known = false // reset: full again, count unknown until the next answer
			fallthrough
		case !b.known:
			if b.inflight > 0 {
				changed = b.changed
			}
		case b.remaining-b.inflight <= 0:
			if b.inflight > 0 {
				changed = b.changed // its answer may tell more
			}
			wait = b.reset.Sub(now)
		}
		if wait <= 0 && changed == nil {
			b.inflight++
			l.mu.Unlock()
			return b, nil
		}
		l.mu.Unlock()
		var timer <-chan time.Time
		if wait > 0 {
			t := time.NewTimer(wait)
			defer t.Stop()
			timer = t.C
		}
		select {
		case <-timer:
		case <-changed:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// release ends a request of bucket b and learns from its answer.
func (l *limiter) release(b *lbucket, route, major string, resp *http.Response) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b.inflight--
	close(b.changed)
	b.changed = make(chan struct{})
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
	if hash := h.Get("X-RateLimit-Bucket"); hash != "" && l.hashes[route] != hash {
		l.hashes[route] = hash
	}
	target := l.bucketFor(route, major) // Discord's bucket, once named
	remaining, err := strconv.Atoi(h.Get("X-RateLimit-Remaining"))
	after, ok := seconds(h.Get("X-RateLimit-Reset-After"))
	if err != nil || !ok {
		if resp.StatusCode == http.StatusTooManyRequests {
			if d, ok := seconds(h.Get("Retry-After")); ok {
				target.known, target.remaining, target.reset = true, 0, now.Add(d)
			}
		}
		return
	}
	reset := now.Add(after)
	if target.known && reset.Before(target.reset) && remaining > target.remaining {
		return // an older answer of the same window, arriving late
	}
	target.known, target.remaining, target.reset = true, remaining, reset
	if target != b {
		close(target.changed)
		target.changed = make(chan struct{})
	}
}

// seconds reads a header's number of seconds (with a fraction).
func seconds(s string) (time.Duration, bool) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || f < 0 || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return time.Duration(math.Ceil(f * float64(time.Second))), true
}
