package engine

import "testing"

// TestRelayLapCap: a move still relaying after maxRelayLaps laps is
// treated as never-ending (R2, bounded), in bao-laps and bao-kujifunza;
// below the cap nothing changes.
func TestRelayLapCap(t *testing.T) {
	laps := func(id string, opts Options, moves ...string) (Position, []Event) {
		t.Helper()
		p := MustNew(id, opts).Start()
		var ev []Event
		for _, s := range moves {
			m, err := ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			var q Position
			if q, ev, err = p.PlayEvents(m); err != nil {
				t.Fatalf("%s %v: %v", id, moves, err)
			}
			p = q
		}
		return p, ev
	}
	relays := func(ev []Event) int {
		n := 0
		for _, e := range ev {
			if e.Kind == EventRelay {
				n++
			}
		}
		return n
	}
	for _, c := range []struct {
		id   string
		move string
	}{{"bao-laps", "1"}, {"bao-kujifunza", "3L"}} {
		full, ev := laps(c.id, nil, c.move)
		n := relays(ev)
		if n < 2 || full.Status() != Ongoing {
			t.Fatalf("%s %s: %d relays, status %v; the test wants a finite move of several laps", c.id, c.move, n, full.Status())
		}
		saved := maxRelayLaps
		maxRelayLaps = 1000 // far below the real cap, still enough: the move is played as before
		same, _ := laps(c.id, nil, c.move)
		maxRelayLaps = 1 // too few: the move counts as never-ending
		capped, _ := laps(c.id, nil, c.move)
		maxRelayLaps = saved
		if same != full {
			t.Errorf("%s %s: a cap of 1000 laps changed a move of %d relays", c.id, c.move, n)
		}
		if capped.Status() != Draw || capped.EndReason() != EndNeverEnding {
			t.Errorf("%s %s with a cap of 1 lap: %v (%v), want a draw by a never-ending move", c.id, c.move, capped.Status(), capped.EndReason())
		}
		if capped.Seeds() != full.Rules().Start().Seeds() {
			t.Errorf("%s: seeds not conserved", c.id)
		}
	}
}
