// Package stored keeps every finished game's review in the store, so that
// it is computed once: the bot's "review", the game's page and any other
// process sharing the database read the same review.
//
// A review is stored by game and by the number of its moves (a finished
// game does not change; the count makes a review of a game that somehow
// grew a move a different one), encoded by review.Encode. Only a complete
// review is stored: one cut by its deadline is returned to be shown, and
// the next request computes again and may do better.
//
// Several processes (on one PostgreSQL) may compute the same review at
// once: the store keeps the first one written (Store.SaveReview inserts
// only when absent), and each process returns the one kept. Within a
// process, a Keeper computes a game's review at most once at a time:
// requests that come while it computes wait for it (a singleflight).
//
// A stored review that Decode refuses (written by another encoding
// version, or damaged) is not used: the review is computed again and
// returned, and its saving does nothing, as one is already stored; the
// caller may keep it in memory (the bot does not: a version change is
// rare and a review costs seconds, not minutes).
package stored

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/review"
	"github.com/mancala-bot/mancala/store"
)

// Store is what a Keeper needs of the store: store.Store's reviews.
type Store interface {
	// SaveReview stores data as the review of the game gameID after moves
	// moves, unless one is stored already, which it keeps.
	SaveReview(ctx context.Context, gameID int64, moves int, data []byte) error
	// Review returns the review stored for the game gameID after moves
	// moves, or store.ErrNotFound.
	Review(ctx context.Context, gameID int64, moves int) ([]byte, error)
}

// ErrNotOver is the refusal of a game that is not over: only a finished
// game has a review to keep.
var ErrNotOver = errors.New("stored: the game is not over")

// Compute computes a review within ctx (its deadline: the review is then
// incomplete, not an error); errors are the computation's (review.Game's).
type Compute func(ctx context.Context) (*review.Review, error)

// Keeper reads and stores reviews, computing each at most once at a time
// in its process. Its methods are safe for concurrent use.
type Keeper struct {
	st  Store
	log *slog.Logger

	mu      sync.Mutex
	running map[key]*call
}

// key names a review: a game after a number of moves.
type key struct {
	game  int64
	moves int
}

// call is a computation under way: done is closed when it ends, and rv is
// then its review when complete (nil otherwise).
type call struct {
	done chan struct{}
	rv   *review.Review
}

// NewKeeper returns a Keeper of st's reviews, logging to log (nil:
// slog.Default()) what it cannot store or read.
func NewKeeper(st Store, log *slog.Logger) *Keeper {
	if log == nil {
		log = slog.Default()
	}
	return &Keeper{st: st, log: log, running: map[key]*call{}}
}

// Stored returns the review stored for g, or store.ErrNotFound when there
// is none (or the one stored cannot be decoded: another encoding version,
// damaged data). Other errors are the store's.
func (k *Keeper) Stored(ctx context.Context, g *store.Game) (*review.Review, error) {
	data, err := k.st.Review(ctx, g.ID, len(g.Moves))
	if err != nil {
		return nil, err
	}
	rv, err := review.Decode(data)
	if err != nil {
		k.log.WarnContext(ctx, "stored review not read", "game", g.ID, "moves", len(g.Moves), "err", err)
		return nil, fmt.Errorf("game %d: %w (%w)", g.ID, store.ErrNotFound, err)
	}
	return rv, nil
}

// Review returns the review of the finished game g: the stored one, or
// the one compute computes (nothing is stored before the game is over:
// ErrNotOver). A complete review is stored and the one the store kept is
// returned (another process's, when it stored first; the same review when
// both are complete at the same depth); an incomplete one is returned and
// not stored.
//
// While the Keeper computes g's review, other requests for it wait for
// the computation and share its review when it is complete; when it is
// not, the first of them computes again. A request whose ctx ends while
// it waits calls compute itself with the ended ctx and returns what it
// gives (an incomplete review, not stored).
//
// A store that fails to read or to save is logged and the review computed
// or returned all the same. Errors: ErrNotOver, compute's.
func (k *Keeper) Review(ctx context.Context, g *store.Game, compute Compute) (*review.Review, error) {
	if g.Phase != store.PhaseOver {
		return nil, ErrNotOver
	}
	kk := key{g.ID, len(g.Moves)}
	var mine *call
	for mine == nil {
		k.mu.Lock()
		c, ok := k.running[kk]
		if !ok {
			mine = &call{done: make(chan struct{})}
			k.running[kk] = mine
			k.mu.Unlock()
			break
		}
		k.mu.Unlock()
		select {
		case <-c.done:
			if c.rv != nil {
				return c.rv, nil
			}
		case <-ctx.Done():
			return compute(ctx)
		}
	}
	// This request runs g's computation; the store is read here, not
	// before, so that a request cannot miss both the review being saved
	// and the computation under way.
	defer func() { // also when compute panics: the waiters go on
		k.mu.Lock()
		delete(k.running, kk)
		k.mu.Unlock()
		close(mine.done)
	}()
	rv, err := k.run(ctx, g, compute)
	if err == nil && rv.Complete {
		mine.rv = rv
	}
	return rv, err
}

// run returns the stored review of g, or computes it and stores it when
// complete, and then returns the one stored.
func (k *Keeper) run(ctx context.Context, g *store.Game, compute Compute) (*review.Review, error) {
	rv, err := k.Stored(ctx, g)
	switch {
	case err == nil:
		return rv, nil
	case !errors.Is(err, store.ErrNotFound):
		k.log.ErrorContext(ctx, "stored review: read failed", "game", g.ID, "err", err)
	}
	rv, err = compute(ctx)
	if err != nil || !rv.Complete {
		return rv, err
	}
	data, err := review.Encode(rv)
	if err != nil {
		k.log.ErrorContext(ctx, "stored review: not encoded", "game", g.ID, "err", err)
		return rv, nil
	}
	// The save and the read after it outlive a request that ends now: the
	// review is complete and worth keeping.
	sctx := context.WithoutCancel(ctx)
	if err := k.st.SaveReview(sctx, g.ID, len(g.Moves), data); err != nil {
		k.log.ErrorContext(ctx, "stored review: save failed", "game", g.ID, "err", err)
		return rv, nil
	}
	if kept, err := k.Stored(sctx, g); err == nil {
		return kept, nil
	}
	return rv, nil
}

// Game is the Compute of g's review with options o: g replayed from its
// start (errors: its variant, options, start or a move the engine
// refuses), reviewed by review.Game.
func Game(g *store.Game, o review.Options) Compute {
	return func(ctx context.Context) (*review.Review, error) {
		start, moves, err := Moves(g)
		if err != nil {
			return nil, err
		}
		return review.Game(ctx, start, moves, o)
	}
}

// Moves reads g's start position and moves. Errors: an unknown variant,
// options the variant refuses, a start or a move that cannot be read, a
// move the engine refuses (by ply).
func Moves(g *store.Game) (engine.Position, []engine.Move, error) {
	rules, err := engine.New(g.Variant, g.Options)
	if err != nil {
		return engine.Position{}, nil, fmt.Errorf("game %d: %w", g.ID, err)
	}
	start := rules.Start()
	if g.Start != "" {
		if start, err = engine.ParsePosition([]byte(g.Start)); err != nil {
			return engine.Position{}, nil, fmt.Errorf("game %d: start: %w", g.ID, err)
		}
	}
	game := engine.NewGame(start)
	for i, sm := range g.Moves {
		m, err := engine.ParseMove(sm.Move)
		if err == nil {
			_, err = game.Play(m)
		}
		if err != nil {
			return engine.Position{}, nil, fmt.Errorf("game %d: move %d: %w", g.ID, i+1, err)
		}
	}
	return start, game.Moves(), nil
}
