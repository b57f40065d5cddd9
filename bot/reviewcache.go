package bot

import (
	"context"
	"log/slog"

	"github.com/mancala-bot/mancala/review"
	"github.com/mancala-bot/mancala/review/stored"
	"github.com/mancala-bot/mancala/store"
)

// reviewCache is where the bot's reviews come from: a stored.Keeper over
// the store's reviews (computed once, stored, read back by every process
// and by the game pages).
type reviewCache struct {
	keeper *stored.Keeper
	// computed, when set (by tests), is called at each computation.
	computed func(game int64)
}

func newReviewCache(st store.Store, log *slog.Logger) *reviewCache {
	return &reviewCache{keeper: stored.NewKeeper(st, log)}
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
