package bot

import (
	"context"
	"slices"
	"testing"
)

// TestSearchPoolRoundRobin: one worker, held; user a queues three searches
// and then b one, c one. As the worker is passed on, the users take turns
// (a, b, c, a, a), each user's searches in the order asked: b and c do not
// wait for all of a's.
func TestSearchPoolRoundRobin(t *testing.T) {
	p := newSearchPool(1)
	queued := make(chan string)
	p.queued = func(key string) { queued <- key }
	if !p.tryAcquire("x") {
		t.Fatal("an idle pool refused a worker")
	}
	if p.tryAcquire("x") {
		t.Fatal("a second worker of a pool of one")
	}
	granted := make(chan string)
	for _, name := range []string{"a1", "a2", "a3", "b1", "c1"} {
		go func() {
			if err := p.acquire(context.Background(), name[:1]); err != nil {
				t.Error(err)
			}
			granted <- name
		}()
		<-queued
	}
	if n := p.waiting(); n != 5 {
		t.Fatalf("%d waiting, want 5", n)
	}
	var order []string
	for i := range 5 {
		p.release([]string{"x", "a", "b", "c", "a"}[i])
		order = append(order, <-granted)
	}
	if want := []string{"a1", "b1", "c1", "a2", "a3"}; !slices.Equal(order, want) {
		t.Errorf("order %v, want %v", order, want)
	}
	if !p.busy("a") || p.busy("b") {
		t.Errorf("busy: a %v, b %v; want a's last search only", p.busy("a"), p.busy("b"))
	}
	p.release("a")
	if p.busy("a") || len(p.active) != 0 {
		t.Errorf("searches counted after the last release: %v", p.active)
	}
	if !p.tryAcquire("x") {
		t.Error("the worker is not idle after the last release")
	}
}

// TestSearchPoolCancel: a search whose context ends while it waits leaves
// the queue, holding no worker; the next one gets the worker.
func TestSearchPoolCancel(t *testing.T) {
	p := newSearchPool(1)
	queued := make(chan string)
	p.queued = func(key string) { queued <- key }
	if !p.tryAcquire("x") {
		t.Fatal("an idle pool refused a worker")
	}
	ctx, cancel := context.WithCancel(context.Background())
	errs := make(chan error)
	go func() { errs <- p.acquire(ctx, "a") }()
	<-queued
	granted := make(chan struct{})
	go func() {
		if err := p.acquire(context.Background(), "b"); err != nil {
			t.Error(err)
		}
		close(granted)
	}()
	<-queued
	cancel()
	if err := <-errs; err != context.Canceled {
		t.Fatalf("cancelled wait: %v", err)
	}
	if n := p.waiting(); n != 1 {
		t.Fatalf("%d waiting after the cancel, want 1", n)
	}
	if p.busy("a") {
		t.Error("a cancelled search still counted")
	}
	p.release("x")
	<-granted
	if p.tryAcquire("x") {
		t.Error("b's worker given twice")
	}
	p.release("b")
	if !p.tryAcquire("x") {
		t.Error("no idle worker at the end")
	}
}
