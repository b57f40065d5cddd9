// Package keylock serializes work by key: two callers holding the same
// key's lock run one after the other, callers with different keys at
// once. The endgame-database caches use it so that building or loading
// one database holds up only the callers that want that database, not
// every lookup of the cache.
package keylock

import "sync"

// Locks is a set of locks, one per key, made when first wanted and
// dropped when no caller holds or waits for it. The zero value is ready
// to use; a Locks must not be copied after first use.
type Locks struct {
	mu sync.Mutex
	m  map[string]*entry
}

type entry struct {
	sync.Mutex
	users int // callers holding or waiting for the lock
}

// Lock waits until key's lock is free and takes it. It returns the
// function that releases it, which must be called exactly once.
func (l *Locks) Lock(key string) (unlock func()) {
	l.mu.Lock()
	if l.m == nil {
		l.m = map[string]*entry{}
	}
	e := l.m[key]
	if e == nil {
		e = &entry{}
		l.m[key] = e
	}
	e.users++
	l.mu.Unlock()

	e.Lock()
	return func() {
		e.Unlock()
		l.mu.Lock()
		if e.users--; e.users == 0 {
			delete(l.m, key)
		}
		l.mu.Unlock()
	}
}
