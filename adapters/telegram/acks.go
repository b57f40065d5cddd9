package telegram

import (
	"slices"
	"sync"
	"time"
)

// backlogPoll is how often long polling asks for new updates while some
// it received are not handled yet. getUpdates then answers at once (the
// unhandled updates are still there, since its offset may not pass them),
// so this spaces the calls instead of the long poll's wait.
const backlogPoll = 200 * time.Millisecond

// ackLog tracks, for long polling, the updates received and not handled
// yet. getUpdates confirms every update before its offset, so the offset
// the adapter sends, ackLog.offset, never passes an update that is not
// handled: one that a crash leaves unhandled is sent again to the next
// process, whose event claim (bot.Request.EventID) drops it when it was
// handled after all.
type ackLog struct {
	mu      sync.Mutex
	next    int          // one past the highest update id received; 0 before the first
	pending []int        // ids received and not handled yet, ascending
	done    map[int]bool // ids of pending that are handled
	retry   map[int]bool // ids of pending to dispatch again when received (see again)
}

// inProgressRetry is how long an update the bot left in progress (its
// event claimed by a handling that has not finished) waits before it is
// dispatched again: meanwhile it holds the offset, and getUpdates returns
// it without dispatching it (one claim a second, not one per poll).
const inProgressRetry = time.Second

// again makes receive report update id new once more, so that it is
// dispatched again: an update received and not handled, which the bot
// left in progress. It stays pending (the offset does not pass it).
func (l *ackLog) again(id int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !slices.Contains(l.pending, id) {
		return // a reset since
	}
	if l.retry == nil {
		l.retry = map[int]bool{}
	}
	l.retry[id] = true
}

// receive records update id as received and reports whether it is new:
// false for an update received before (getUpdates returns the unhandled
// ones again while the offset waits for them), unless again asked for it
// to be dispatched once more.
func (l *ackLog) receive(id int) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if id < l.next {
		if l.retry[id] {
			delete(l.retry, id)
			return true
		}
		return false
	}
	l.next = id + 1
	l.pending = append(l.pending, id)
	return true
}

// handled records that update id is handled: its offset may be passed.
func (l *ackLog) handled(id int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.done == nil {
		l.done = map[int]bool{}
	}
	l.done[id] = true
	l.trimLocked()
}

// trimLocked drops the handled updates at the front of pending; l.mu is
// held.
func (l *ackLog) trimLocked() {
	n := 0
	for n < len(l.pending) && l.done[l.pending[n]] {
		delete(l.done, l.pending[n])
		n++
	}
	l.pending = slices.Delete(l.pending, 0, n)
}

// offset is getUpdates's offset: the first update received and not
// handled, else one past the last received (0 before any: from the first
// unconfirmed update Telegram holds).
func (l *ackLog) offset() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.pending) > 0 {
		return l.pending[0]
	}
	return l.next
}

// waiting reports whether an update received is not handled yet.
func (l *ackLog) waiting() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.pending) > 0
}

// reset forgets everything, for a new Run: the updates left unhandled
// come again from Telegram.
func (l *ackLog) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.next, l.pending, l.done, l.retry = 0, nil, nil, nil
}
