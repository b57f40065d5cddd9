package bot

import (
	"context"
	"log/slog"
	"sync"

	"github.com/mancala-bot/mancala/review"
	"github.com/mancala-bot/mancala/review/stored"
	"github.com/mancala-bot/mancala/store"
)

// reviewCacheSize is how many reviews a process keeps in memory when its
// store keeps none (see memReviews).
const reviewCacheSize = 256

// reviewCache is where the bot's reviews come from: a stored.Keeper over
// the store's reviews (computed once, stored, read back by every process
// and by the game pages), or over the process's memory when the store
// keeps no reviews (memReviews).
type reviewCache struct {
	keeper *stored.Keeper
	// computed, when set (by tests), is called at each computation.
	computed func(game int64)
}

func newReviewCache(st store.Store, log *slog.Logger) *reviewCache {
	rs, ok := st.(stored.Store)
	if !ok {
		rs = newMemReviews(reviewCacheSize)
	}
	return &reviewCache{keeper: stored.NewKeeper(rs, log)}
}

// reviewOf returns the review of the finished game rec: the one stored,
// or one computed by compute on a worker of the search pool, waited for
// in key's queue, within Config.ReviewTime from when it has one, and
// stored when complete (see stored.Keeper.Review: two requests at once,
// in this process, share one computation). When ctx ends before a worker
// is free (Stop, or the request's end), the review is computed at once
// with the ended context: it then holds what it could search, nothing,
// and says it is incomplete. Errors: compute's.
func (b *Bot) reviewOf(ctx context.Context, key string, rec *store.Game, compute stored.Compute) (*review.Review, error) {
	c := b.reviews
	return c.keeper.Review(ctx, rec, func(ctx context.Context) (*review.Review, error) {
		if err := b.searches.acquire(ctx, key); err == nil {
			defer b.searches.release(key)
		}
		if c.computed != nil {
			c.computed(rec.ID)
		}
		rctx, cancel := context.WithTimeout(ctx, b.cfg.ReviewTime)
		defer cancel()
		return compute(rctx)
	})
}

// memReviews is a stored.Store in memory, for a store that keeps no
// reviews: the first review saved for a key is kept, the oldest forgotten
// past size.
type memReviews struct {
	mu    sync.Mutex
	size  int
	data  map[memReviewKey][]byte
	order []memReviewKey // data's keys, oldest first
}

type memReviewKey struct {
	game  int64
	moves int
}

func newMemReviews(size int) *memReviews {
	return &memReviews{size: size, data: map[memReviewKey][]byte{}}
}

// SaveReview keeps data unless a review of the same game and moves is
// kept already. It never fails.
func (m *memReviews) SaveReview(_ context.Context, gameID int64, moves int, data []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := memReviewKey{gameID, moves}
	if _, ok := m.data[k]; ok {
		return nil
	}
	m.data[k] = data
	m.order = append(m.order, k)
	if len(m.order) > m.size {
		delete(m.data, m.order[0])
		m.order = m.order[1:]
	}
	return nil
}

// Review returns the review kept, or store.ErrNotFound.
func (m *memReviews) Review(_ context.Context, gameID int64, moves int) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if d, ok := m.data[memReviewKey{gameID, moves}]; ok {
		return d, nil
	}
	return nil, store.ErrNotFound
}
