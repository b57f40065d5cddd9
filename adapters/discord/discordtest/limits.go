package discordtest

import (
	"fmt"
	"hash/fnv"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Default rate limit of a bucket: generous, so that tests not about rate
// limits never meet it, but announced in every answer's X-RateLimit
// headers as Discord does.
const (
	DefaultBucketRequests = 50
	DefaultBucketWindow   = time.Second
)

// limitGroup is a rate-limit bucket shared by some routes: requests per
// window, counted per major parameter (the channel, the webhook or
// interaction token, the guild or application).
type limitGroup struct {
	name     string
	requests int
	window   time.Duration
}

// bucket is a bucket's state for one major parameter.
type bucket struct {
	remaining int
	reset     time.Time
}

// SetRateLimit makes routes share one rate-limit bucket (per major
// parameter) of requests per window; by default every route has a bucket
// of its own of DefaultBucketRequests per DefaultBucketWindow. Every
// answer on a route carries the bucket's X-RateLimit-Limit, -Remaining,
// -Reset-After and -Bucket headers. A request that comes while the bucket
// is empty (Remaining was 0 and the reset has not come) is answered 429 and
// counted as a violation (see TakeViolations): the bot must wait for the
// reset the headers announced, whichever of its goroutines sends.
func (s *Server) SetRateLimit(requests int, window time.Duration, routes ...string) {
	g := limitGroup{name: fmt.Sprint(routes), requests: requests, window: window}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range routes {
		s.limits[r] = g
	}
}

// majorOf is the request's major parameter: the channel, the webhook or
// interaction (id and token), else the guild or the application.
func majorOf(path string) string {
	seg := strings.Split(strings.Trim(path, "/"), "/")
	for i := 0; i+1 < len(seg); i++ {
		switch seg[i] {
		case "channels":
			return "channel=" + seg[i+1]
		case "webhooks", "interactions":
			if i+2 < len(seg) {
				return seg[i] + "=" + seg[i+1] + "/" + seg[i+2]
			}
		}
	}
	for i := 0; i+1 < len(seg); i++ {
		if seg[i] == "guilds" {
			return "guild=" + seg[i+1]
		}
	}
	if len(seg) > 1 && seg[0] == "applications" {
		return "application=" + seg[1]
	}
	return ""
}

// take counts the request against its bucket and sets the X-RateLimit
// headers. It answers 429, records a violation and returns false for a
// request into an empty bucket. A queued 429 fault (f) empties the bucket
// until its retry-after.
func (s *Server) take(w http.ResponseWriter, r *http.Request, route string, f *fault) bool {
	if route == "" {
		return true
	}
	s.mu.Lock()
	g, ok := s.limits[route]
	if !ok {
		g = limitGroup{name: route, requests: DefaultBucketRequests, window: DefaultBucketWindow}
	}
	key := g.name + "|" + majorOf(r.URL.Path)
	b := s.buckets[key]
	now := time.Now()
	if b != nil && b.remaining <= 0 && now.Before(b.reset) {
		wait := b.reset.Sub(now)
		s.mu.Unlock()
		s.violate("%s: sent into an exhausted rate-limit bucket (X-RateLimit-Remaining was 0; reset in %v)", route, wait.Round(time.Millisecond))
		setLimitHeaders(w, g, 0, wait)
		writeFault(w, fault{status: http.StatusTooManyRequests, retryAfter: wait})
		return false
	}
	if b == nil || !now.Before(b.reset) {
		b = &bucket{remaining: g.requests, reset: now.Add(g.window)}
		s.buckets[key] = b
	}
	b.remaining--
	if f != nil && f.status == http.StatusTooManyRequests {
		b.remaining, b.reset = 0, now.Add(f.retryAfter)
	}
	remaining, wait := b.remaining, b.reset.Sub(now)
	s.mu.Unlock()
	setLimitHeaders(w, g, remaining, wait)
	return true
}

func setLimitHeaders(w http.ResponseWriter, g limitGroup, remaining int, resetAfter time.Duration) {
	h := fnv.New64a()
	h.Write([]byte(g.name))
	hd := w.Header()
	hd.Set("X-RateLimit-Limit", strconv.Itoa(g.requests))
	hd.Set("X-RateLimit-Remaining", strconv.Itoa(max(remaining, 0)))
	hd.Set("X-RateLimit-Reset-After", strconv.FormatFloat(ceilMillis(resetAfter), 'f', 3, 64))
	hd.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(time.Now().Add(resetAfter).UnixMilli())/1000, 'f', 3, 64))
	hd.Set("X-RateLimit-Bucket", strconv.FormatUint(h.Sum64(), 16))
}

// ceilMillis is d in seconds, rounded up to the millisecond: a client that
// waits what the header says never comes before the reset.
func ceilMillis(d time.Duration) float64 {
	ms := (d + time.Millisecond - 1) / time.Millisecond
	return float64(ms) / 1000
}
