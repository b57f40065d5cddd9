package keylock

import (
	"runtime"
	"sync"
	"testing"
)

// TestOneKeyWaits: a second caller of a held key waits until the first
// releases it; the key is forgotten once nobody holds it.
func TestOneKeyWaits(t *testing.T) {
	var l Locks
	unlock := l.Lock("a")
	got := make(chan struct{})
	go func() {
		u := l.Lock("a")
		close(got)
		u()
	}()
	// The waiter is registered before it blocks: wait for that, then check
	// that it has not got the lock.
	for l.waiting("a") < 2 {
		yield()
	}
	select {
	case <-got:
		t.Fatal("a second caller took a held key's lock")
	default:
	}
	unlock()
	<-got
	for l.held() != 0 {
		yield()
	}
}

// TestOtherKeysDoNotWait: a caller of another key takes its lock while
// the first key's is held.
func TestOtherKeysDoNotWait(t *testing.T) {
	var l Locks
	unlock := l.Lock("a")
	defer unlock()
	u := l.Lock("b") // would block for ever if keys shared a lock
	u()
}

// TestManyCallers: callers of a few keys in parallel never overlap on one
// key (the race detector sees the unguarded counters), and every key is
// forgotten at the end.
func TestManyCallers(t *testing.T) {
	var l Locks
	var count [3]int
	var wg sync.WaitGroup
	for i := range 60 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k := i % 3
			u := l.Lock(string(rune('a' + k)))
			count[k]++
			u()
		}()
	}
	wg.Wait()
	if count != [3]int{20, 20, 20} {
		t.Fatalf("counts %v, want 20 each", count)
	}
	if n := l.held(); n != 0 {
		t.Fatalf("%d keys still held", n)
	}
}

func yield() { runtime.Gosched() }

// held is the number of keys with a caller holding or waiting for their
// lock (for tests).
func (l *Locks) held() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.m)
}

// waiting is the number of callers holding or waiting for key's lock (for
// tests).
func (l *Locks) waiting(key string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	if e := l.m[key]; e != nil {
		return e.users
	}
	return 0
}
