package review

import (
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// nextTurn is Kalah with four pits and two seeds each (16 seeds), South to
// move:
//
//	North   pits 4..1: 0 0 4 0    store 4
//	South   pits 1..4: 0 1 0 2    store 5
//
// (cells: South's pits 0..3, its store 4, North's pits 5..8; cell i faces
// 8-i).
const nextTurn = `{"variant":"kalah","options":{"pits":4,"seeds":2},"to_move":"south","ply":10,
	"pits":{"south":[0,1,0,2],"north":[0,4,0,0]},"stores":{"south":5,"north":4},"status":"ongoing","extra":{}}`

// TestFollowNextTurn follows a principal variation by hand: South's pit 4
// sows cell 4 (its store, 6) and cell 5 (North's pit 1: 1), North's turn.
// North's pit 1 sows cell 6 (its pit 2: 5), not empty: no capture, South's
// turn. South's pit 2 sows cell 2, empty, facing cell 6's five seeds: a
// capture of 5+1 = 6 on South's next turn, which ends the game (South's
// pits are empty). So: the reply pit 1 captures nothing, and pit 4 "would
// have taken 6 seeds next turn", with pit 2.
func TestFollowNextTurn(t *testing.T) {
	p, err := engine.ParsePosition([]byte(nextTurn))
	if err != nil {
		t.Fatal(err)
	}
	m := engine.Move{Pit: 4}
	c, ev, err := p.PlayEvents(m)
	if err != nil {
		t.Fatal(err)
	}
	e := Effect{Move: m}
	e.Captured, e.ExtraTurn = gains(engine.South, ev)
	// A move past the end of the game is never reached.
	e.follow(c, []engine.Move{{Pit: 1}, {Pit: 2}, {Pit: 1}}, engine.South)
	want := Effect{Move: m, Reply: engine.Move{Pit: 1}, NextCaptured: 6, NextPit: engine.Move{Pit: 2}}
	if e != want {
		t.Errorf("effect %+v, want %+v", e, want)
	}
}

// TestMargins: the expected margins of a turning point are clamped to what
// the position still allows, so that the loss they show is never more than
// the seeds in play. In nextTurn South (to move) leads 5:4 with 7 seeds in
// the pits: its final margin is between 1-7 = -6 and 1+7 = 8, and the most
// it can lose, (8-(-6))/2, is the 7 seeds in play. In Bao (Kenyan) there
// are no stores: every one of the 48 seeds is in play.
func TestMargins(t *testing.T) {
	kalah, err := engine.ParsePosition([]byte(nextTurn))
	if err != nil {
		t.Fatal(err)
	}
	bao := engine.MustNew("bao-kenya", nil).Start()
	for _, tc := range []struct {
		name         string
		p            engine.Position
		best, played float64
		wantB, wantP int
	}{
		{"within", kalah, 4.4, -1.6, 4, -2},
		{"beyond both ends", kalah, 30, -20, 8, -6},
		{"rounded together", kalah, 2.4, 2.2, 3, 2},
		{"both above", kalah, 30, 25, 8, 7},
		{"both below", kalah, -30, -25, -5, -6},
		{"bao, no stores", bao, 100, -100, 48, -48},
	} {
		b, pl := Margins(tc.p, tc.best, tc.played)
		if b != tc.wantB || pl != tc.wantP {
			t.Errorf("%s: Margins(%v, %v) = %d, %d, want %d, %d", tc.name, tc.best, tc.played, b, pl, tc.wantB, tc.wantP)
		}
		n, _ := inPlay(tc.p)
		if b <= pl || (b-pl+1)/2 > n {
			t.Errorf("%s: margins %d, %d claim a loss beyond the %d seeds in play", tc.name, b, pl, n)
		}
	}
}
