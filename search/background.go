package search

import (
	"context"
	"sync"
)

// background holds the database loads and builds that go on after their
// caller stopped waiting (await, warmKalahDB, Prepare's warm-up): they
// serve the moves to come, so no caller's context ends them; only
// StopBackground does.
var background struct {
	mu     sync.Mutex
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// goBackground runs f on a goroutine of its own with the background
// context, counted for StopBackground.
func goBackground(f func(ctx context.Context)) {
	background.mu.Lock()
	if background.ctx == nil {
		background.ctx, background.cancel = context.WithCancel(context.Background())
	}
	ctx := background.ctx
	background.wg.Add(1)
	background.mu.Unlock()
	go func() {
		defer background.wg.Done()
		f(ctx)
	}()
}

// StopBackground ends the loads and builds going on in the background (a
// build cut short is not kept: the next use starts it again) and returns
// when they have all returned. Work started afterwards runs as before.
// Tests call it so that a build one test started does not take the CPU,
// or the database cache's lock, from the tests after it.
func StopBackground() {
	background.mu.Lock()
	if background.cancel != nil {
		background.cancel()
	}
	background.ctx, background.cancel = nil, nil
	background.mu.Unlock()
	background.wg.Wait()
}
