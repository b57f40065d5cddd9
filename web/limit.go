package web

import (
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// limiter is a token bucket per client: rate tokens a second, at most
// burst; each request takes one. Buckets full again are forgotten when
// the map grows past maxClients, so idle clients cost nothing.
type limiter struct {
	rate  float64
	burst float64
	now   func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

// maxClients is how many buckets are kept before full ones are dropped.
const maxClients = 10000

func newLimiter(rate float64, burst int, now func() time.Time) *limiter {
	return &limiter{rate: rate, burst: float64(burst), now: now, buckets: map[string]*bucket{}}
}

// allow takes a token of client's bucket. When there is none it reports
// false and how long until there is one.
func (l *limiter) allow(client string) (time.Duration, bool) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[client]
	if !ok {
		if len(l.buckets) >= maxClients {
			l.prune(now)
		}
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[client] = b
	}
	if dt := now.Sub(b.at).Seconds(); dt > 0 {
		b.tokens = math.Min(l.burst, b.tokens+dt*l.rate)
	}
	b.at = now
	if b.tokens < 1 {
		return time.Duration((1 - b.tokens) / l.rate * float64(time.Second)), false
	}
	b.tokens--
	return 0, true
}

// prune drops the buckets that are full again by now.
func (l *limiter) prune(now time.Time) {
	for c, b := range l.buckets {
		if b.tokens+now.Sub(b.at).Seconds()*l.rate >= l.burst {
			delete(l.buckets, c)
		}
	}
}

// clientOf is the client a request is counted against: with header
// (Config.ClientHeader, set when a proxy in front adds it), the last
// address in that header, the one the proxy wrote (a client can put
// anything before it, nothing after); else, or when the header is
// missing, the connection's remote address.
func clientOf(r *http.Request, header string) string {
	if header != "" {
		if vs := r.Header.Values(header); len(vs) > 0 {
			last := vs[len(vs)-1]
			if i := strings.LastIndexByte(last, ','); i >= 0 {
				last = last[i+1:]
			}
			if last = strings.TrimSpace(last); last != "" {
				return last
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// retryAfter is a Retry-After value: whole seconds, at least 1.
func retryAfter(d time.Duration) string {
	return strconv.Itoa(max(1, int(math.Ceil(d.Seconds()))))
}
