package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// The background work (bot.Tick every tickEvery, bot.Resume) is done by
// one process among those sharing the database: the one holding the lease
// named tickLease. The holder renews it before each tick, for leaseTTL; a
// holder that dies or stops (releasing it) is replaced within leaseTTL plus
// a tick. The games' versions still decide between two writers, should a
// tick outlast the lease.
const (
	tickLease = "tick"
	tickEvery = time.Minute
	leaseTTL  = 3 * time.Minute
)

// lease takes and keeps the tick lease for one process.
type lease struct {
	db     store.Store
	holder string // this process, unique
	now    func() time.Time
	log    *slog.Logger
	held   bool
}

// processName names this process among those sharing a database: the
// host name, the process id and a random part, so that two processes
// never share a name.
func processName() string {
	host, _ := os.Hostname()
	var r [6]byte
	_, _ = rand.Read(r[:])
	return fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(r[:]))
}

// owedEvery is how often each process looks for boards owed to channels
// that nobody is sending (bot.Owed).
const owedEvery = 2 * time.Second

// releaseDeliveries gives up, at stop, the boards this process still
// holds and did not send (replies queued when the stop came), so that the
// next process to look sends them at once.
func (m *Main) releaseDeliveries() {
	// Short: a stop takes at most 5 s, the platforms' and the HTTP
	// server's shutdown included; the update itself takes milliseconds.
	ctx, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
	defer cancel()
	if err := m.DB.ReleaseDeliveries(ctx, m.holder); err != nil {
		m.Logger.WarnContext(ctx, "owed boards not released; they go out after DELIVERY_HOLD", "err", err)
	}
}

// take takes or renews the lease. It reports whether this process holds it
// now, and whether it has just been taken (another process may have died
// with work owed: the caller resumes it). A failure to reach the database
// counts as not holding it.
func (l *lease) take(ctx context.Context) (held, fresh bool) {
	ok, err := l.db.TakeLease(ctx, tickLease, l.holder, l.now(), leaseTTL)
	if err != nil {
		if ctx.Err() == nil {
			l.log.ErrorContext(ctx, "background work: lease not taken", "err", err)
		}
		ok = false
	}
	fresh = ok && !l.held
	if ok != l.held {
		l.log.InfoContext(ctx, "background work", "lease", map[bool]string{true: "taken", false: "lost"}[ok])
	}
	l.held = ok
	return ok, fresh
}

// release gives the lease up at stop, if held, so that another process
// takes the work over at its next tick.
func (l *lease) release() {
	if !l.held {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := l.db.ReleaseLease(ctx, tickLease, l.holder); err != nil {
		l.log.WarnContext(ctx, "background work: lease not released", "err", err)
	}
	l.held = false
}
