package bot

import (
	"context"
	"sync"
)

// A platform adapter may bound how many requests it hands to Handle at
// once (Telegram's handles at most 8 updates at a time). A request whose
// search must wait for a worker of the search pool should not hold one of
// those slots while it waits: the bystanders' cheap requests (help, a
// board, another user's move) would queue behind it. So the adapter passes
// the release of its slot in the request's context (WithSlot), and the
// bot gives the slot back (at most once) when one of the request's
// searches starts to wait in the pool's queue. The rest of that request's
// handling runs without a slot; the pool bounds it.

type slotKey struct{}

// WithSlot returns a copy of ctx that carries release, the function that
// gives back the adapter's handling slot of the request handled with it.
// The bot calls release at most once, from any goroutine, when the request
// starts to wait for a search worker; the adapter still releases the slot
// itself at the end when the bot has not (release is wrapped so that
// calling the returned done func after it, or it after done, gives the slot
// back once). done reports nothing and is safe to call more than once.
func WithSlot(ctx context.Context, release func()) (_ context.Context, done func()) {
	var once sync.Once
	r := func() { once.Do(release) }
	return context.WithValue(ctx, slotKey{}, r), r
}

// releaseSlot gives back the adapter's slot ctx carries, if any (see
// WithSlot).
func releaseSlot(ctx context.Context) {
	if r, ok := ctx.Value(slotKey{}).(func()); ok {
		r()
	}
}
