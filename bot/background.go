package bot

import (
	"context"
	"errors"
)

// Work the bot does after Handle has returned (a review, see review.go)
// runs in goroutines with a context of the bot's own, not the request's,
// which may end with the request. Stop cancels them and waits for them;
// their results are sent with Config.Deliver.

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

// Stop cancels the background work under way (a review being computed is
// dropped, not sent) and waits for it to end; it returns at once when
// there is none. Work started after Stop runs as usual, so Stop may be
// called at every stop of a bot that is started again. It is safe for
// concurrent use.
func (b *Bot) Stop() {
	b.bgMu.Lock()
	for _, cancel := range b.bgCancel {
		cancel(errStopping)
	}
	b.bgMu.Unlock()
	b.bgWG.Wait()
}

// Wait waits for the background work under way to end, sent or not (the
// tests use it).
func (b *Bot) Wait() { b.bgWG.Wait() }
