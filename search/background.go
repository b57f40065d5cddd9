package search

import (
	"context"
	"sync"
)

// background holds the database loads and builds that go on after their
// caller stopped waiting (await, warmKalahDB): they serve the moves to
// come, so no caller's context ends them; only StopBackground does. Each
// StopBackground ends a generation of such work; work started afterwards
// belongs to the next, so that a wait never overlaps a new start.
var background struct {
	mu  sync.Mutex
	gen *backgroundGen
}

// backgroundGen is one generation of background work.
type backgroundGen struct {
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// goBackground runs f on a goroutine of its own with the background
// context, counted for StopBackground.
func goBackground(f func(ctx context.Context)) {
	background.mu.Lock()
	if background.gen == nil {
		g := &backgroundGen{}
		g.ctx, g.cancel = context.WithCancel(context.Background())
		background.gen = g
	}
	g := background.gen
	g.wg.Add(1)
	background.mu.Unlock()
	go func() {
		defer g.wg.Done()
		f(g.ctx)
	}()
}

// StopBackground ends the loads and builds going on in the background (a
// build cut short is not kept: the next use starts it again) and returns
// when they have all returned. Work started afterwards runs as before.
// Tests call it so that a build one test started does not take the CPU
// from the tests after it.
func StopBackground() {
	background.mu.Lock()
	g := background.gen
	background.gen = nil
	background.mu.Unlock()
	if g == nil {
		return
	}
	g.cancel()
	g.wg.Wait()
}
