package search

import (
	"context"
	"sync/atomic"
	"testing"
)

// TestStopBackground: StopBackground ends the background work's context
// and returns only once that work has returned; work started afterwards
// gets a live context again, and await hands f that context, not its
// caller's.
func TestStopBackground(t *testing.T) {
	started := make(chan struct{})
	var ended atomic.Bool
	goBackground(func(ctx context.Context) {
		close(started)
		<-ctx.Done()
		ended.Store(true)
	})
	<-started
	StopBackground()
	if !ended.Load() {
		t.Fatal("StopBackground returned before the background work")
	}
	StopBackground() // nothing running: returns at once

	// f returns only after await has: await cannot see f's result, so it
	// must return because its caller's context ended.
	caller, cancel := context.WithCancel(context.Background())
	awaitReturned := make(chan struct{})
	var fErr atomic.Value
	fDone := make(chan struct{})
	_, err := await(caller, func(ctx context.Context) (int, error) {
		cancel() // the caller stops waiting ...
		<-awaitReturned
		fErr.Store(ctx.Err() == nil) // ... and f's context lives on
		close(fDone)
		return 1, nil
	})
	close(awaitReturned)
	if err != context.Canceled {
		t.Errorf("await after its caller's context ended: %v, want context.Canceled", err)
	}
	<-fDone
	if live, _ := fErr.Load().(bool); !live {
		t.Error("f's context ended with its caller's")
	}
	StopBackground()
}
