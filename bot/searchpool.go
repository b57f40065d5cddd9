package bot

import (
	"context"
	"sync"
)

// The search pool: the bot's searches (its moves, see botMoves, and the
// reviews, see review.go) run on at most Config.SearchWorkers workers at
// once (default GOMAXPROCS: a search keeps a core busy), shared fairly.
//
// A search waits for a worker in the queue of its key (the user who asked
// for it, or the channel when nobody did: Tick's moves); the keys take
// turns, round-robin, so a user with many chats gets no more of the
// workers than a user with one, and each of the user's searches comes in
// the order asked (one chat has at most one move of the bot to make at a
// time). The think budget of a search counts from when it starts running,
// not from when it queued, so a level plays as strongly under load as when
// idle; the load makes it slower to answer, not weaker.
//
// A user's request whose bot move would wait behind another search of the
// same user does not wait for it when the bot can send later
// (Config.Deliver): Handle answers at once, privately, that the bot's move
// follows, and the board comes as a message of its own once the bot has
// moved (see session.botTurn). A user
// playing the bot in many chats then holds at most one of the platform's
// handling slots (Telegram handles 8 updates at once) waiting for a
// worker, and the other chats' requests are not stuck behind theirs. A
// request that does wait for a worker (a user's first search) gives the
// adapter's slot back while it waits (WithSlot, slot.go), so many users
// each waiting for the bot do not hold the slots either.

// searchPool is the bounded, fair queue of searches.
type searchPool struct {
	mu     sync.Mutex
	free   int                  // workers idle
	queues map[string][]*waiter // the waiting searches of each key, in order
	ring   []string             // the keys with waiting searches, next first
	active map[string]int       // the searches of each key, running or waiting
	// queued, when set (by tests), is called with a search's key once it
	// waits in the queue.
	queued func(key string)
}

// waiter is one search waiting for a worker: ready is closed once it has
// one (granted, under the pool's lock).
type waiter struct {
	ready   chan struct{}
	granted bool
}

func newSearchPool(workers int) *searchPool {
	return &searchPool{free: max(workers, 1), queues: map[string][]*waiter{}, active: map[string]int{}}
}

// busy reports whether key has a search running or waiting.
func (p *searchPool) busy(key string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.active[key] > 0
}

// tryAcquire takes a worker for key when one is idle and no search is
// waiting for one, and reports whether it did. The caller then releases
// it (release(key)).
func (p *searchPool) tryAcquire(key string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.free > 0 && len(p.ring) == 0 {
		p.free--
		p.active[key]++
		return true
	}
	return false
}

// acquire waits for a worker in key's queue. It returns nil once the
// caller holds a worker, which it then releases (release(key)); or ctx's
// error when ctx ends first (holding none).
func (p *searchPool) acquire(ctx context.Context, key string) error {
	p.mu.Lock()
	p.active[key]++
	if p.free > 0 && len(p.ring) == 0 {
		p.free--
		p.mu.Unlock()
		return nil
	}
	w := &waiter{ready: make(chan struct{})}
	if len(p.queues[key]) == 0 {
		p.ring = append(p.ring, key)
	}
	p.queues[key] = append(p.queues[key], w)
	p.mu.Unlock()
	releaseSlot(ctx) // waiting, the request holds no handling slot (WithSlot)
	if p.queued != nil {
		p.queued(key)
	}
	select {
	case <-w.ready:
		return nil
	case <-ctx.Done():
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.leave(key)
	if w.granted { // granted as ctx ended: pass the worker on
		p.releaseLocked()
		return ctx.Err()
	}
	q := p.queues[key]
	for i, x := range q {
		if x == w {
			q = append(q[:i:i], q[i+1:]...)
			break
		}
	}
	if len(q) > 0 {
		p.queues[key] = q
	} else {
		p.dropKey(key)
	}
	return ctx.Err()
}

// release gives back key's worker: to the next key's first waiting
// search, or to the idle ones.
func (p *searchPool) release(key string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.leave(key)
	p.releaseLocked()
}

// leave counts one search of key less.
func (p *searchPool) leave(key string) {
	if p.active[key]--; p.active[key] <= 0 {
		delete(p.active, key)
	}
}

func (p *searchPool) releaseLocked() {
	if len(p.ring) == 0 {
		p.free++
		return
	}
	key := p.ring[0]
	p.ring = p.ring[1:]
	q := p.queues[key]
	w := q[0]
	if len(q) > 1 {
		p.queues[key] = q[1:]
		p.ring = append(p.ring, key) // its next search waits for its turn again
	} else {
		delete(p.queues, key)
	}
	w.granted = true
	close(w.ready)
}

// dropKey forgets key, whose queue is empty.
func (p *searchPool) dropKey(key string) {
	delete(p.queues, key)
	for i, k := range p.ring {
		if k == key {
			p.ring = append(p.ring[:i:i], p.ring[i+1:]...)
			return
		}
	}
}

// waiting is how many searches wait for a worker (the tests use it).
func (p *searchPool) waiting() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, q := range p.queues {
		n += len(q)
	}
	return n
}
