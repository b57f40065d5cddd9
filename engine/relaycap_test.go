package engine

import "testing"

// TestRelayLapCap: a move still relaying after maxRelayLaps laps is
// treated as never-ending (R2, bounded), in bao-laps, bao-kujifunza and bao;
// below the cap nothing changes.
func TestRelayLapCap(t *testing.T) {
	relays := func(ev []Event) int {
		n := 0
		for _, e := range ev {
			if e.Kind == EventRelay {
				n++
			}
		}
		return n
	}
	for _, id := range []string{"bao-laps", "bao-kujifunza", "bao"} {
		// The first move of several laps along a game of first moves.
		p := MustNew(id, nil).Start()
		var m Move
		found := false
		for ply := 0; ply < 60 && !found && p.Status() == Ongoing; ply++ {
			for _, c := range p.Moves() {
				if _, ev, err := p.PlayEvents(c); err == nil && relays(ev) >= 2 {
					m, found = c, true
					break
				}
			}
			if !found {
				p, _ = p.Play(p.Moves()[0])
			}
		}
		if !found {
			t.Fatalf("%s: no move of several laps in 60 plies", id)
		}
		full, _ := p.Play(m)
		saved := maxRelayLaps
		maxRelayLaps = 1000 // far below the real cap, still enough: the move is played as before
		same, _ := p.Play(m)
		maxRelayLaps = 1 // too few: the move counts as never-ending
		capped, _ := p.Play(m)
		maxRelayLaps = saved
		if same != full {
			t.Errorf("%s %s: a cap of 1000 laps changed the move", id, m)
		}
		if capped.Status() != Draw || capped.EndReason() != EndNeverEnding {
			t.Errorf("%s %s with a cap of 1 lap: %v (%v), want a draw by a never-ending move", id, m, capped.Status(), capped.EndReason())
		}
		if capped.Seeds() != p.Seeds() {
			t.Errorf("%s: seeds not conserved", id)
		}
	}
}
