package bot

import (
	"sync"
	"time"
)

// throttle paces each user's requests that are not part of playing a game
// (help, rules, statistics, puzzle traffic): a bucket of throttleBurst
// requests per user, refilled at one every throttleEvery. The first
// request over the limit gets a short notice, the next ones no answer at
// all until the bucket has room again, so that one person repeating /help
// in a group cannot fill the group's message budget ahead of the players'
// moves. It is per process and forgets users idle for long.
type throttle struct {
	mu      sync.Mutex
	buckets map[string]*bucket
	sweep   time.Time
}

// bucket is one user's allowance.
type bucket struct {
	tokens   float64
	at       time.Time
	notified bool
}

const (
	throttleBurst = 8
	throttleEvery = 5 * time.Second
)

type throttleVerdict int

const (
	throttleAllow  throttleVerdict = iota
	throttleNotice                 // over the limit: say so once
	throttleSilent                 // still over the limit: no answer
)

func newThrottle() *throttle { return &throttle{buckets: map[string]*bucket{}} }

// allow takes one request of key at now from its bucket.
func (t *throttle) allow(key string, now time.Time) throttleVerdict {
	t.mu.Lock()
	defer t.mu.Unlock()
	if now.Sub(t.sweep) > time.Minute {
		for k, b := range t.buckets {
			if now.Sub(b.at) > throttleBurst*throttleEvery {
				delete(t.buckets, k)
			}
		}
		t.sweep = now
	}
	b := t.buckets[key]
	if b == nil {
		b = &bucket{tokens: throttleBurst, at: now}
		t.buckets[key] = b
	}
	if d := now.Sub(b.at); d > 0 {
		b.tokens = min(throttleBurst, b.tokens+float64(d)/float64(throttleEvery))
		b.at = now
	}
	if b.tokens >= 1 {
		b.tokens--
		b.notified = false
		return throttleAllow
	}
	if b.notified {
		return throttleSilent
	}
	b.notified = true
	return throttleNotice
}
