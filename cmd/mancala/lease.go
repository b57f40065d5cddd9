package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/mancala-bot/mancala/bot"
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
	db     bot.Store
	holder string // this process, unique
	now    func() time.Time
	log    *slog.Logger
	held   bool
}

// newLease returns this process's lease holder: the host name, the process
// id and a random part, so that two processes never share a holder.
func newLease(db bot.Store, now func() time.Time, log *slog.Logger) *lease {
	host, _ := os.Hostname()
	var r [6]byte
	_, _ = rand.Read(r[:])
	if now == nil {
		now = time.Now
	}
	return &lease{db: db, holder: fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(r[:])), now: now, log: log}
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
