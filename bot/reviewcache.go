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
	// pending holds the one finished game waiting for its review after
	// the game (Config.ReviewAfterGame); busy is held while a runner
	// works through it.
	pending chan *store.Game
	busy    chan struct{}
}

func newReviewCache(st store.Store, log *slog.Logger) *reviewCache {
	return &reviewCache{keeper: stored.NewKeeper(st, log),
		pending: make(chan *store.Game, 1), busy: make(chan struct{}, 1)}
}

// reviewAfterGameKey is the search pool's queue of the reviews after the
// game: one queue, served in turn with the users' searches.
const reviewAfterGameKey = "review-after-game"

// reviewAfterGame, with Config.ReviewAfterGame, has the review of rec, a
// game of two seats that has just ended, computed and stored in the
// background, so that the game's page has it (within Config.ReviewTime,
// on a worker of the search pool, like a user's review; an incomplete one
// is not stored). It is bounded: one review after a game at a time, and
// one more waiting; a game that ends while both places are taken is not
// reviewed now (its review is computed when someone asks for it). A
// review after a game is background work: Stop ends it (incomplete, not
// stored) and Wait waits for it.
func (b *Bot) reviewAfterGame(rec *store.Game) {
	if !b.cfg.ReviewAfterGame || len(rec.Players) != 2 || len(rec.Moves) == 0 || rec.Phase != store.PhaseOver {
		return
	}
	g := *rec
	g.Moves = append([]store.Move(nil), rec.Moves...)
	c := b.reviews
	select {
	case c.pending <- &g:
	default:
		b.log.Info("review after the game skipped: two are under way or waiting", "game", g.ID)
		return
	}
	b.startReviewRunner()
}

// startReviewRunner starts a runner of the reviews pending after the
// game, unless one is running (it takes the pending game in turn).
func (b *Bot) startReviewRunner() {
	c := b.reviews
	select {
	case c.busy <- struct{}{}:
	default:
		return
	}
	ctx, done := b.background()
	go func() {
		defer done()
		for {
			select {
			case rec := <-c.pending:
				b.reviewStored(ctx, rec)
				continue
			default:
			}
			<-c.busy
			// A game put in pending after the look above, while busy was
			// still held, found no runner to start: look again.
			if len(c.pending) == 0 {
				return
			}
			select {
			case c.busy <- struct{}{}:
			default:
				return // another runner started and takes it
			}
		}
	}()
}

// reviewStored computes rec's review and stores it (see reviewOf), if it
// is not stored yet; failures are logged.
func (b *Bot) reviewStored(ctx context.Context, rec *store.Game) {
	lg, err := load(rec)
	if err != nil || lg.rules.Layout().Sides != 2 {
		return
	}
	start, moves := lg.game.Start(), lg.game.Moves()
	_, err = b.reviewOf(ctx, reviewAfterGameKey, rec, func(ctx context.Context) (*review.Review, error) {
		return review.Game(ctx, start, moves, review.Options{Depth: b.cfg.ReviewDepth})
	})
	if err != nil {
		b.log.ErrorContext(ctx, "review after the game failed", "game", rec.ID, "err", err)
	}
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
