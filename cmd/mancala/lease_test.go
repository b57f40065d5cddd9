package main

import (
	"context"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/store/sqlite"
)

// TestLease: of two processes' leases on one database, one does the
// background work until it stops (releasing it) or its lease expires; the
// one taking over is told so (it resumes what is owed).
func TestLease(t *testing.T) {
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Date(2026, 11, 24, 1, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	log := slog.New(slog.DiscardHandler)
	a := &lease{db: db, holder: processName(), now: clock, log: log}
	b := &lease{db: db, holder: processName(), now: clock, log: log}
	if a.holder == b.holder {
		t.Fatalf("two processes share the holder %q", a.holder)
	}
	ctx := context.Background()
	check := func(what string, l *lease, wantHeld, wantFresh bool) {
		t.Helper()
		if held, fresh := l.take(ctx); held != wantHeld || fresh != wantFresh {
			t.Errorf("%s: held %v, fresh %v; want %v, %v", what, held, fresh, wantHeld, wantFresh)
		}
	}
	check("a first", a, true, true)
	check("b while a holds it", b, false, false)
	now = now.Add(tickEvery)
	check("a renews", a, true, false)
	check("b after a renewed", b, false, false)
	now = now.Add(leaseTTL) // a died: its lease expires
	check("b after a's lease expired", b, true, true)
	check("a back", a, false, false)
	b.release()
	check("a after b stopped", a, true, true)
	check("b", b, false, false)
}
