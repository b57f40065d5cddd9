package oware

import (
	"context"
	"sync"
)

// FirstSeeds is the size of the FirstDB the levels use under the
// first-recurrence rule: every board of up to 12 seeds, 2.7 M boards,
// 5.4 MB, built in memory in a few seconds on two cores (never kept on
// disk).
const FirstSeeds = 12

// firstCache holds this process's FirstDBs, built or being built, by
// grand-slam rule and size.
var firstCache struct {
	sync.Mutex
	m map[firstKey]*firstEntry
}

type firstKey struct {
	slam Slam
	k    int
}

// firstEntry is one FirstDB: done closes when its build ends, with db set
// or err its error.
type firstEntry struct {
	done chan struct{}
	db   *FirstDB
	err  error
}

// GetFirst returns the k-seed FirstDB for grand-slam rule s, building it
// in memory on first use. A call made while another builds it waits for
// that build, or for its own ctx to end (its error then). A build cut
// short by its caller's ctx is not kept: its caller and those waiting on
// it get ctx's error, and the next call builds again. It returns no other
// error.
func GetFirst(ctx context.Context, s Slam, k int) (*FirstDB, error) {
	key := firstKey{s, k}
	firstCache.Lock()
	e, ok := firstCache.m[key]
	if !ok {
		if firstCache.m == nil {
			firstCache.m = map[firstKey]*firstEntry{}
		}
		e = &firstEntry{done: make(chan struct{})}
		firstCache.m[key] = e
	}
	firstCache.Unlock()
	if !ok {
		e.db, e.err = BuildFirst(ctx, s, k)
		if e.err != nil {
			firstCache.Lock()
			delete(firstCache.m, key)
			firstCache.Unlock()
		}
		close(e.done)
		return e.db, e.err
	}
	select {
	case <-e.done:
		return e.db, e.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// LoadedFirstNoWait returns the k-seed FirstDB for rule s if it is built,
// else nil; it never builds nor waits.
func LoadedFirstNoWait(s Slam, k int) *FirstDB {
	firstCache.Lock()
	e := firstCache.m[firstKey{s, k}]
	firstCache.Unlock()
	if e == nil {
		return nil
	}
	select {
	case <-e.done:
		return e.db
	default:
		return nil
	}
}
