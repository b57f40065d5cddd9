package bot

import (
	"context"
	"errors"
)

// Work the bot does after Handle has returned (a review, see review.go)
// runs in goroutines with a context of the bot's own, not the request's,
// which may end with the request; their results are sent with
// Config.Deliver. Stop waits for them, and cancels those that take too
// long.

// errStopping is the cause of the background contexts Stop cancels.
var errStopping = errors.New("bot: stopping")

// background returns a context for background work and the function to
// call when that work is done.
func (b *Bot) background() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	b.bgMu.Lock()
	b.bgNext++
	id := b.bgNext
	b.bgCancel[id] = cancel
	b.bgWG.Add(1)
	b.bgMu.Unlock()
	return ctx, func() {
		b.bgMu.Lock()
		delete(b.bgCancel, id)
		b.bgMu.Unlock()
		cancel(nil)
		b.bgWG.Done()
	}
}

// Stop lets the background work under way finish until ctx ends, then
// cancels what is left (a review then ends at once with what it has, noted
// as incomplete) and waits for it, results sent: call it after the
// platforms stopped taking requests, while they can still deliver. It
// returns at once when there is none. Work started after Stop runs as
// usual. It is safe for concurrent use.
func (b *Bot) Stop(ctx context.Context) {
	done := make(chan struct{})
	go func() {
		b.bgWG.Wait()
		close(done)
	}()
	select {
	case <-done:
		return
	case <-ctx.Done():
	}
	b.bgMu.Lock()
	for _, cancel := range b.bgCancel {
		cancel(errStopping)
	}
	b.bgMu.Unlock()
	<-done
}

// Wait waits for the background work under way to end, sent or not (the
// tests use it).
func (b *Bot) Wait() { b.bgWG.Wait() }
