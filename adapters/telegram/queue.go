package telegram

import (
	"context"
	"strconv"
	"sync/atomic"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/mancala-bot/mancala/bot"
)

// Priority levels of a chat's queues: replies to game play (bot.Urgent)
// and the updates that make them come before everything else.
const (
	urgent = 0
	normal = 1
)

func levelOf(isUrgent bool) int {
	if isUrgent {
		return urgent
	}
	return normal
}

// chatQueue is one chat's pending work: the updates waiting to be handled
// and the replies waiting to be sent (its outbox), each on two levels.
// One goroutine handles the updates (urgent ones first, each level in
// order) and another sends the replies (urgent ones first, each level in
// order, older boards of a game dropped when a newer one waits). Handling
// never waits for sending, so a move typed behind twenty /help is handled
// at once and its reply is the next message to go. All fields are guarded
// by Adapter.mu.
type chatQueue struct {
	chat     int64
	updates  [2][]func()
	handling bool
	out      [2][]*outItem
	sending  bool
}

func (q *chatQueue) idle() bool {
	return !q.handling && !q.sending &&
		len(q.updates[urgent])+len(q.updates[normal])+len(q.out[urgent])+len(q.out[normal]) == 0
}

// outItem is a reply waiting in a chat's outbox.
type outItem struct {
	// ctx bounds the delivery; a reply whose ctx has ended is given up
	// without a call.
	ctx     context.Context
	queued  time.Time // when it entered the outbox
	dst     target
	r       bot.Reply
	held    *tgbotapi.Message // the pressed message, for an Edit
	replyTo int
	// done is called once, with the delivery's error, nil when the reply
	// was dropped because a newer board of its game superseded it, or
	// ctx's error when it was given up.
	done func(error)
}

// gameKey is what makes replies supersede each other: boards of the same
// game, with the same visibility. Puzzle boards have no game id and are
// never coalesced.
func (it *outItem) gameKey() (id int64, private bool, ok bool) {
	b := it.r.Board
	if b == nil || b.GameID == 0 {
		return 0, false, false
	}
	return b.GameID, it.r.Private, true
}

// paced reports whether sending it takes a slot of the chat's pace: all
// replies do except a turn notice's deletion alone (deleteMessage is not
// paced), which need not wait for one.
func (it *outItem) paced() bool {
	return it.r.Notice == nil || it.r.Text != ""
}

// tracker calls fin once when every piece of work it counts is done: the
// handling of an update and the delivery of each of its replies.
type tracker struct {
	n   atomic.Int32
	fin func()
}

func newTracker(fin func()) *tracker {
	t := &tracker{fin: fin}
	t.n.Store(1)
	return t
}

func (t *tracker) add() { t.n.Add(1) }

func (t *tracker) done() {
	if t.n.Add(-1) == 0 {
		t.fin()
	}
}

// queueLocked returns chat's queue, creating it; a.mu is held.
func (a *Adapter) queueLocked(chat int64) *chatQueue {
	q := a.queues[chat]
	if q == nil {
		q = &chatQueue{chat: chat}
		a.queues[chat] = q
	}
	return q
}

// releaseLocked forgets q once it has nothing left; a.mu is held.
func (a *Adapter) releaseLocked(q *chatQueue) {
	if q.idle() && a.queues[q.chat] == q {
		delete(a.queues, q.chat)
	}
}

// goLocked runs f in a goroutine that Run's shutdown waits for; a.mu is
// held.
func (a *Adapter) goLocked(f func()) {
	a.active++
	go func() {
		defer func() {
			a.mu.Lock()
			a.active--
			if a.active == 0 {
				close(a.idle)
				a.idle = make(chan struct{})
			}
			a.mu.Unlock()
		}()
		f()
	}()
}

// waitIdle waits until no goroutine of the adapter is running, or until
// deadline; it reports whether they all ended.
func (a *Adapter) waitIdle(deadline time.Time) bool {
	for {
		a.mu.Lock()
		n, ch := a.active, a.idle
		a.mu.Unlock()
		if n == 0 {
			return true
		}
		left := time.Until(deadline)
		if left <= 0 {
			return false
		}
		t := time.NewTimer(left)
		select {
		case <-ch:
		case <-t.C:
		}
		t.Stop()
	}
}

// enqueue queues job, the handling of an update, on its chat: after the
// chat's earlier jobs of the same level, and before every normal job when
// isUrgent.
func (a *Adapter) enqueue(chat int64, isUrgent bool, job func()) {
	a.mu.Lock()
	defer a.mu.Unlock()
	q := a.queueLocked(chat)
	lv := levelOf(isUrgent)
	q.updates[lv] = append(q.updates[lv], job)
	if !q.handling {
		q.handling = true
		a.goLocked(func() { a.handleLoop(q) })
	}
}

func (a *Adapter) handleLoop(q *chatQueue) {
	for {
		a.mu.Lock()
		var job func()
		for lv := range q.updates {
			if len(q.updates[lv]) > 0 {
				job = q.updates[lv][0]
				q.updates[lv] = q.updates[lv][1:]
				break
			}
		}
		if job == nil {
			q.handling = false
			a.releaseLocked(q)
			a.mu.Unlock()
			return
		}
		a.mu.Unlock()
		job()
	}
}

// queueReply puts it in its chat's outbox, behind the replies of the same
// level.
func (a *Adapter) queueReply(it *outItem, isUrgent bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	q := a.queueLocked(it.dst.chat)
	lv := levelOf(isUrgent)
	it.queued = time.Now()
	q.out[lv] = append(q.out[lv], it)
	if !q.sending {
		q.sending = true
		a.goLocked(func() { a.sendLoop(q) })
	}
}

// dropped is a reply taken out of an outbox without being sent.
type dropped struct {
	it         *outItem
	superseded bool
}

// pruneLocked takes out of q's outbox the replies whose context has ended
// and the boards superseded by a newer board of the same game waiting in
// the outbox (either level); a.mu is held.
func pruneLocked(q *chatQueue, out []dropped) []dropped {
	newest := map[[2]int64]int64{} // {game, private} -> highest version waiting
	for _, l := range q.out {
		for _, it := range l {
			if id, priv, ok := it.gameKey(); ok {
				k := [2]int64{id, b2i(priv)}
				if v, seen := newest[k]; !seen || it.r.Board.Version > v {
					newest[k] = it.r.Board.Version
				}
			}
		}
	}
	for lv, l := range q.out {
		kept := l[:0]
		for _, it := range l {
			if it.ctx.Err() != nil {
				out = append(out, dropped{it: it})
				continue
			}
			if id, priv, ok := it.gameKey(); ok && it.r.Board.Version < newest[[2]int64{id, b2i(priv)}] {
				out = append(out, dropped{it: it, superseded: true})
				continue
			}
			kept = append(kept, it)
		}
		clear(l[len(kept):])
		q.out[lv] = kept
	}
	return out
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// finishDropped completes replies taken out of an outbox.
func (a *Adapter) finishDropped(ds []dropped) {
	for _, d := range ds {
		if d.superseded {
			a.superseded.Add(1)
			d.it.done(nil)
			continue
		}
		a.unsent.Add(1)
		if err := d.it.ctx.Err(); err != nil {
			d.it.done(&Error{Method: "send", Description: "given up before sending: " + err.Error(), ctxErr: err})
		} else {
			d.it.done(&Error{Method: "send", Description: "given up before sending: the adapter is stopping"})
		}
	}
}

// sendLoop sends q's outbox until it is empty. Before each reply it waits
// for the chat's next pacing slot (unless the reply takes none: see
// outItem.paced) and only then picks the reply, so that
// a reply to a move queued meanwhile goes first. While Run is stopping, a
// chat whose next slot comes after the stop deadline gives up its whole
// outbox at once.
func (a *Adapter) sendLoop(q *chatQueue) {
	for {
		a.mu.Lock()
		ds := pruneLocked(q, nil)
		var head *outItem
		for lv := range q.out {
			if len(q.out[lv]) > 0 {
				head = q.out[lv][0]
				break
			}
		}
		if head == nil {
			q.sending = false
			a.releaseLocked(q)
			a.mu.Unlock()
			a.finishDropped(ds)
			return
		}
		stopping, stopBy, stopCh := a.stopping, a.stopBy, a.stopCh
		var d time.Duration
		if head.paced() {
			d = a.pace.delay(q.chat)
		}
		if stopping && time.Now().Add(d).After(stopBy) {
			for lv := range q.out {
				for _, it := range q.out[lv] {
					ds = append(ds, dropped{it: it})
				}
				q.out[lv] = nil
			}
			a.mu.Unlock()
			a.finishDropped(ds)
			continue
		}
		if d > 0 {
			a.mu.Unlock()
			a.finishDropped(ds)
			if stopping {
				stopCh = nil // already closed; the wait ends before stopBy
			}
			t := time.NewTimer(d)
			select {
			case <-t.C:
			case <-head.ctx.Done():
			case <-stopCh: // Run begins to stop: see whether to wait at all
			}
			t.Stop()
			continue
		}
		it := head
		for lv := range q.out {
			if len(q.out[lv]) > 0 && q.out[lv][0] == head {
				q.out[lv] = q.out[lv][1:]
				break
			}
		}
		a.mu.Unlock()
		a.finishDropped(ds)
		it.done(a.deliver(it))
	}
}

// deliver sends one reply: a turn notification (sendNotice), an edit of
// the pressed message, or new messages.
func (a *Adapter) deliver(it *outItem) error {
	var err error
	if it.r.Notice != nil {
		err = a.sendNotice(it.ctx, it.dst, it.r)
		if err != nil && it.ctx.Err() != nil {
			a.unsent.Add(1)
		}
		return err
	}
	var shown int // the message showing the board
	switch replace := replaceID(it.r); {
	case it.r.Edit && it.held != nil:
		shown, err = a.edit(it.ctx, it.dst, it.held, it.r)
	case replace != 0:
		shown, err = a.replace(it.ctx, it.dst, replace, it.r)
	default:
		shown, err = a.send(it.ctx, it.dst, it.r, it.replyTo)
	}
	if err != nil && it.ctx.Err() != nil {
		a.unsent.Add(1)
	}
	if err == nil && !it.r.Committed.IsZero() {
		a.metrics.Delivered(time.Since(it.r.Committed))
	}
	if err == nil && it.r.Ack != nil && !it.r.Private {
		it.r.Ack()
	}
	if err == nil && it.r.Posted != nil && !it.r.Private && it.r.Board != nil && shown != 0 {
		it.r.Posted(strconv.Itoa(shown))
	}
	if err == nil {
		a.setMenuButton(it.ctx, it.dst, it.r)
	}
	return err
}

// replaceID is the message a public board reply replaces (Reply.Replace),
// 0 for none: a private reply, an edit of a pressed message, a reply
// without a board, or an id that is not a Telegram message id.
func replaceID(r bot.Reply) int {
	if r.Replace == "" || r.Private || r.Edit || r.Board == nil {
		return 0
	}
	id, err := strconv.Atoi(r.Replace)
	if err != nil || id <= 0 {
		return 0
	}
	return id
}

// QueueStats is what waits in an adapter's queues at one moment.
type QueueStats struct {
	// Updates counts the updates received and not yet being handled, in
	// every chat's queue.
	Updates int
	// Replies counts the replies waiting in every chat's outbox (not the
	// one being sent).
	Replies int
	// OldestReply is how long the oldest of them has waited (0 when
	// none waits).
	OldestReply time.Duration
}

// Queues reports what waits in the chats' queues now: for metrics (a
// gauge read at each scrape). It locks the queues for a walk over them,
// one step per waiting chat.
func (a *Adapter) Queues() QueueStats {
	now := time.Now()
	a.mu.Lock()
	defer a.mu.Unlock()
	var s QueueStats
	for _, q := range a.queues {
		for lv := range q.updates {
			s.Updates += len(q.updates[lv])
		}
		for lv := range q.out {
			s.Replies += len(q.out[lv])
			if len(q.out[lv]) > 0 { // each level is in the order queued
				s.OldestReply = max(s.OldestReply, now.Sub(q.out[lv][0].queued))
			}
		}
	}
	return s
}

// beginStop tells the senders that Run is stopping: no reply starts
// after by.
func (a *Adapter) beginStop(by time.Time) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.stopping, a.stopBy = true, by
	close(a.stopCh)
}

// endStop lets Deliver send again after Run has returned.
func (a *Adapter) endStop() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.stopping, a.stopBy = false, time.Time{}
	a.stopCh = make(chan struct{})
}
