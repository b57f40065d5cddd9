package preview

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// pos builds a two-player position: each side's pits in its own 1..N order.
func pos(t *testing.T, variant string, opts engine.Options, toMove engine.Side, south, north []int, stores [2]int) engine.Position {
	t.Helper()
	r, err := engine.New(variant, opts)
	if err != nil {
		t.Fatal(err)
	}
	p, err := engine.NewPosition(r, engine.Setup{ToMove: toMove, Pits: [][]int{south, north}, Stores: stores[:]})
	if err != nil {
		t.Fatalf("NewPosition: %v", err)
	}
	return p
}

func of(t *testing.T, p engine.Position, move string) Preview {
	t.Helper()
	m, err := engine.ParseMove(move)
	if err != nil {
		t.Fatal(err)
	}
	pv, err := Of(p, m)
	if err != nil {
		t.Fatalf("Of(%s): %v", move, err)
	}
	return pv
}

// asJSON is the preview as the client receives it, without After (checked
// by the property test), so that the expectations stay readable.
func asJSON(t *testing.T, pv Preview) string {
	t.Helper()
	pv.After = nil
	b, err := json.Marshal(pv)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Kalah, 6 pits: cells 0-5 South's pits 1-6, 6 South's store, 7-12
// North's pits 1-6, 13 North's store.
func TestKalah(t *testing.T) {
	start := engine.MustNew("kalah", nil).Start()
	// Pit 3's four seeds go to pits 4, 5, 6 and the store: another turn.
	if got, want := asJSON(t, of(t, start, "3")),
		`{"move":"3","mover":"south","laps":[{"from":2,"seeds":4,"sown":[3,4,5,6]}],"landing":6,"extra_turn":true,"next":"south","after":null}`; got != want {
		t.Errorf("extra turn:\n got %s\nwant %s", got, want)
	}
	// Pit 1's seed lands in empty pit 2, opposite North's pit 5 with 5
	// seeds: both go to South's store.
	p := pos(t, "kalah", nil, engine.South, []int{1, 0, 0, 0, 0, 3}, []int{1, 1, 1, 1, 5, 1}, [2]int{20, 14})
	pv := of(t, p, "1")
	if pv.Landing != 1 || pv.ExtraTurn || pv.Next != "north" || pv.End != nil {
		t.Errorf("capture: landing %d, extra %v, next %q, end %+v", pv.Landing, pv.ExtraTurn, pv.Next, pv.End)
	}
	total := 0
	for _, c := range pv.Captures {
		if c.Side != "south" || c.Cell != 1 && c.Cell != 11 {
			t.Errorf("capture %+v", c)
		}
		total += c.Count
	}
	if len(pv.Captures) != 2 || total != 6 || pv.After[6] != 26 || pv.After[1] != 0 || pv.After[11] != 0 {
		t.Errorf("captures %+v, store %d", pv.Captures, pv.After[6])
	}
}

// Oware: cells 0-5 South's pits 1-6, 6 South's store, 7-12 North's pits
// 1-6, 13 North's store.
func TestOware(t *testing.T) {
	// South's pit 5 (3 seeds) sows pit 6, North's 1 and 2: North's pit 2
	// ends with 2 seeds, pit 1 with 3: both taken, pit 2 first.
	p := pos(t, "oware", nil, engine.South, []int{4, 4, 4, 4, 3, 4}, []int{2, 1, 4, 4, 4, 4}, [2]int{5, 5})
	if got, want := asJSON(t, of(t, p, "5")),
		`{"move":"5","mover":"south","laps":[{"from":4,"seeds":3,"sown":[5,7,8]}],"landing":8,"captures":[{"cell":8,"count":2,"side":"south"},{"cell":7,"count":3,"side":"south"}],"next":"north","after":null}`; got != want {
		t.Errorf("chain of 2 and 3:\n got %s\nwant %s", got, want)
	}

	// The same move taking every seed North has: a grand slam.
	south, north := []int{4, 4, 4, 4, 3, 4}, []int{2, 1, 0, 0, 0, 0}
	stores := [2]int{11, 11}
	for _, tc := range []struct {
		option string
		want   string
	}{
		// North cannot move: the game ends, South takes its own seeds.
		{"capture", `{"move":"5","mover":"south","laps":[{"from":4,"seeds":3,"sown":[5,7,8]}],"landing":8,"captures":[{"cell":8,"count":2,"side":"south"},{"cell":7,"count":3,"side":"south"}],` +
			`"sweeps":[{"cell":0,"count":4,"side":"south"},{"cell":1,"count":4,"side":"south"},{"cell":2,"count":4,"side":"south"},{"cell":3,"count":4,"side":"south"},{"cell":5,"count":5,"side":"south"}],` +
			`"end":{"status":"south_won","reason":"no_moves"},"next":"","after":null}`},
		// Legal, captures nothing.
		{"nocapture", `{"move":"5","mover":"south","laps":[{"from":4,"seeds":3,"sown":[5,7,8]}],"landing":8,"next":"north","after":null}`},
	} {
		p := pos(t, "oware", engine.Options{"grand_slam": tc.option}, engine.South, south, north, stores)
		if got := asJSON(t, of(t, p, "5")); got != tc.want {
			t.Errorf("grand_slam=%s:\n got %s\nwant %s", tc.option, got, tc.want)
		}
	}
	// Forbidden while another move exists: no preview, the engine's reason.
	p = pos(t, "oware", engine.Options{"grand_slam": "forbidden"}, engine.South, south, north, stores)
	var illegal *engine.IllegalMoveError
	if _, err := Of(p, engine.Move{Pit: 5}); !errors.As(err, &illegal) {
		t.Errorf("grand_slam=forbidden: err %v, want an IllegalMoveError", err)
	}
	if pvs := Tap(p, 4); len(pvs) != 0 {
		t.Errorf("grand_slam=forbidden: tapping pit 5 offers %+v", pvs)
	}
}

// Togyz Kumalak: cells 0-8 South's pits 1-9, 9 South's store, 10-18
// North's pits 1-9, 19 North's store. A pit's first seed goes back into it.
func TestTogyzTuzdyk(t *testing.T) {
	// South's pit 9 (3 seeds) sows pit 9, North's 1 and 2: North's pit 2
	// ends with 3 seeds and becomes South's tuzdyk, its seeds South's.
	p := pos(t, "togyz", nil, engine.South,
		[]int{9, 9, 9, 9, 9, 9, 9, 9, 3}, []int{9, 2, 9, 9, 9, 9, 9, 9, 9}, [2]int{40, 30})
	pv := of(t, p, "9")
	if got, want := asJSON(t, pv),
		`{"move":"9","mover":"south","laps":[{"from":8,"seeds":3,"sown":[8,10,11]}],"landing":11,"captures":[{"cell":11,"count":3,"side":"south"}],"marks":[{"kind":"tuzdyk","cell":11,"side":"south"}],"next":"north","after":null}`; got != want {
		t.Errorf("tuzdyk:\n got %s\nwant %s", got, want)
	}
	// Later, a North seed sown into that tuzdyk goes to South's store.
	after, _ := p.Play(engine.Move{Pit: 9})
	pv = of(t, after, "1") // North's pit 1: 10 seeds, pit 1 again, then 2 (the tuzdyk), ..., 9
	if len(pv.Deposits) != 1 || pv.Deposits[0] != (Transfer{Cell: 11, Count: 1, Side: "south"}) {
		t.Errorf("deposit: %+v", pv.Deposits)
	}
}

// Bao la Kiswahili's first move: a seed from the hand into South's pit 6
// or 7 (2 seeds each), which then holds 3 and is sown to the left or to
// the right: tapping the pit offers both directions, each with its path.
// South's cells 0-7 are pits S1-S8 (front row, left to right), 8-15 pits
// S9-S16 (back row); North's are 16-31.
func TestBaoDirectionChoice(t *testing.T) {
	p := engine.MustNew("bao", nil).Start()
	pvs := Tap(p, 5)
	if len(pvs) != 2 {
		t.Fatalf("tapping S6 offers %d moves, want 2 (left and right)", len(pvs))
	}
	want := []string{
		// Left: S5, S4, S3.
		`{"move":"6L","mover":"south","laps":[{"from":-1,"seeds":1,"sown":[5]},{"from":5,"seeds":3,"sown":[4,3,2]}],"landing":2,"next":"north","after":null}`,
		// Right: S7, S8, then round the end of the row into S16.
		`{"move":"6R","mover":"south","laps":[{"from":-1,"seeds":1,"sown":[5]},{"from":5,"seeds":3,"sown":[6,7,15]}],"landing":15,"next":"north","after":null}`,
	}
	for i, pv := range pvs {
		if got := asJSON(t, pv); got != want[i] {
			t.Errorf("choice %d:\n got %s\nwant %s", i, got, want[i])
		}
	}
	if pvs[0].After[4] != 7 || pvs[1].After[4] != 6 {
		t.Errorf("S5 after 6L %d, after 6R %d; want 7 and 6", pvs[0].After[4], pvs[1].After[4])
	}
	if got := Tap(p, 0); len(got) != 0 {
		t.Errorf("tapping empty S1 offers %+v", got)
	}
	if got := Tap(p, 20); len(got) != 0 {
		t.Errorf("tapping North's pit offers %+v", got)
	}
}

func TestOverAndIllegal(t *testing.T) {
	p := pos(t, "kalah", nil, engine.South, []int{0, 0, 0, 0, 0, 1}, []int{1, 0, 0, 0, 0, 0}, [2]int{30, 16})
	pv := of(t, p, "6") // South's last seed into its store; South's row is empty: the end
	if pv.End == nil || pv.End.Status != "south_won" || pv.Next != "" {
		t.Errorf("final move: %+v", pv)
	}
	done, _ := p.Play(engine.Move{Pit: 6})
	if _, err := Of(done, engine.Move{Pit: 1}); !errors.Is(err, ErrOver) {
		t.Errorf("Of after the end: %v", err)
	}
	var illegal *engine.IllegalMoveError
	if _, err := Of(p, engine.Move{Pit: 1}); !errors.As(err, &illegal) {
		t.Errorf("empty pit: %v", err)
	}
}

// TestInGameRepetition: one seed a side going round an Oware board (with
// repetition=first: a position's second occurrence ends the game). InGame
// shows the move that repeats a position as the end of the game, which a
// position alone cannot know; the game is left as it was.
func TestInGameRepetition(t *testing.T) {
	r := engine.MustNew("oware", engine.Options{"repetition": "first", "grand_slam": "nocapture"})
	p, err := engine.NewPosition(r, engine.Setup{ToMove: engine.South,
		Pits: [][]int{{0, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 1}}, Stores: []int{23, 23}})
	if err != nil {
		t.Fatal(err)
	}
	g := engine.NewGame(p)
	for ply := 0; ply < 60; ply++ {
		m := g.Position().Moves()[0]
		pv, err := InGame(g, m)
		if err != nil {
			t.Fatal(err)
		}
		if pv.End != nil {
			if pv.End.Reason != "repetition" {
				t.Fatalf("ply %d: end %+v, want a repetition", ply, pv.End)
			}
			alone, err := Of(g.Position(), m)
			if err != nil || alone.End != nil || alone.Next == "" {
				t.Errorf("Of(%s) without the history: %+v, %v; want the game going on", m, alone, err)
			}
			if len(g.Moves()) != ply || g.Position().Status().Over() {
				t.Errorf("InGame changed the game")
			}
			t.Logf("the move %s at ply %d repeats a position", m, ply)
			return
		}
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no repetition in 60 plies")
}

// TestSwap: Kalah with the pie rule: after South's first move North may
// swap, which sows nothing and is not offered by a tap.
func TestSwap(t *testing.T) {
	r := engine.MustNew("kalah", engine.Options{"pie": "true"})
	p, err := r.Start().Play(engine.Move{Pit: 1})
	if err != nil {
		t.Fatal(err)
	}
	pv, err := Of(p, engine.SwapMove)
	if err != nil {
		t.Fatalf("Of(swap): %v", err)
	}
	if !pv.Swap || pv.Landing != NoCell || len(pv.Laps) != 0 || pv.Mover != "north" || pv.End != nil {
		t.Errorf("swap preview %+v", pv)
	}
	for c := range r.Layout().Cells {
		for _, tap := range Tap(p, engine.Cell(c)) {
			if tap.Swap {
				t.Errorf("tapping cell %d offers the swap", c)
			}
		}
	}
}
