package bot

import (
	"context"
	"sync"

	"github.com/mancala-bot/mancala/review"
	"github.com/mancala-bot/mancala/store"
)

// reviewCacheSize is how many reviews a process keeps (see review.go).
const reviewCacheSize = 256

// reviewKey names a review: a game at its final version.
type reviewKey struct{ game, version int64 }

// reviewCache keeps the complete reviews computed, and the computations
// under way, so that a game is reviewed once.
type reviewCache struct {
	mu      sync.Mutex
	done    map[reviewKey]*review.Review
	order   []reviewKey // done's keys, oldest first
	running map[reviewKey]chan struct{}
	// computed, when set (by tests), is called at each computation.
	computed func(game int64)
}

func newReviewCache() *reviewCache {
	return &reviewCache{done: map[reviewKey]*review.Review{}, running: map[reviewKey]chan struct{}{}}
}

// reviewOf returns the review of the finished game rec: the one kept, or
// one computed by compute on a worker of the search pool, waited for in
// key's queue, within Config.ReviewTime from when it has one. A complete
// review is kept. When ctx ends before a worker is free (Stop, or the
// request's end), the review is computed at once with the ended context:
// it then holds what it could search, nothing, and says it is incomplete.
// Errors: compute's.
func (b *Bot) reviewOf(ctx context.Context, key string, rec *store.Game, compute func(context.Context) (*review.Review, error)) (*review.Review, error) {
	c := b.reviews
	k := reviewKey{rec.ID, rec.Version}
	var mine chan struct{}
	for mine == nil {
		c.mu.Lock()
		if rv, ok := c.done[k]; ok {
			c.mu.Unlock()
			return rv, nil
		}
		if ch, ok := c.running[k]; ok {
			c.mu.Unlock()
			select {
			case <-ch: // kept, or incomplete: look again
			case <-ctx.Done():
				return compute(ctx)
			}
			continue
		}
		mine = make(chan struct{})
		c.running[k] = mine
		c.mu.Unlock()
	}
	defer func() {
		c.mu.Lock()
		delete(c.running, k)
		c.mu.Unlock()
		close(mine)
	}()
	if err := b.searches.acquire(ctx, key); err == nil {
		defer b.searches.release(key)
	}
	if c.computed != nil {
		c.computed(rec.ID)
	}
	rctx, cancel := context.WithTimeout(ctx, b.cfg.ReviewTime)
	defer cancel()
	rv, err := compute(rctx)
	if err != nil || !rv.Complete {
		return rv, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.done[k] = rv
	c.order = append(c.order, k)
	if len(c.order) > reviewCacheSize {
		delete(c.done, c.order[0])
		c.order = c.order[1:]
	}
	return rv, nil
}
