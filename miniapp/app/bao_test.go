package app_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/miniapp/preview"
)

// TestBao: in Bao la Kiswahili a tapped pit offers each direction (and
// each choice to go on) as its own move, previewed as preview.Tap does;
// a few moves are played by both players, each drawn from their own side
// (the four rows turned round for North).
func TestBao(t *testing.T) {
	h := newHarness(t)
	g := h.newGame("-1003", "bao", ann, bob)
	sessions := []string{h.signIn(ann, g.PageID).Session, h.signIn(bob, g.PageID).Session}
	r, err := engine.New("bao", nil)
	if err != nil {
		t.Fatal(err)
	}
	eg := engine.NewGame(r.Start())
	several := 0
	for ply := range 8 {
		p := eg.Position()
		if p.Status() != engine.Ongoing {
			break
		}
		seat := int(p.ToMove()) // no pie rule in Bao: seat = side
		st := h.stateOf(g.PageID, sessions[seat])
		if !st.YourTurn || len(st.Moves) != len(p.Moves()) {
			t.Fatalf("ply %d: your_turn %v, %d moves for the engine's %d", ply, st.YourTurn, len(st.Moves), len(p.Moves()))
		}
		// The board is drawn from the mover's side: their pit 1 below the
		// opponent's.
		mine, theirs := p.ToMove().String(), engine.Side(1-seat).String()
		if cellY(t, st, mine, 1) <= cellY(t, st, theirs, 1) || !strings.Contains(st.Board.URL, "seat="+mine) {
			t.Errorf("ply %d: the board is not drawn from %s (%s)", ply, mine, st.Board.URL)
		}
		byCell := map[int][]int{}
		for i, m := range st.Moves {
			byCell[m.Cell] = append(byCell[m.Cell], i)
		}
		pick := -1
		for c, idx := range byCell {
			taps := preview.Tap(p, engine.Cell(c))
			if len(taps) != len(idx) {
				t.Fatalf("ply %d: cell %d offers %d moves, Tap %d", ply, c, len(idx), len(taps))
			}
			for k, i := range idx {
				want, _ := json.Marshal(taps[k])
				if got := st.Moves[i]; got.Move != taps[k].Move || string(got.Preview) != string(want) {
					t.Errorf("ply %d: cell %d: %s %s, Tap says %s", ply, c, got.Move, got.Preview, want)
				}
			}
			if len(idx) > 1 {
				several++
				if pick < 0 || idx[len(idx)-1] > pick {
					pick = idx[len(idx)-1] // the last choice of the pit: a direction chosen by a second tap
				}
			}
		}
		if pick < 0 {
			pick = ply % len(st.Moves)
		}
		mv := st.Moves[pick].Move
		if a := h.move(g.PageID, sessions[seat], st.Version, mv); a.status != http.StatusOK {
			t.Fatalf("ply %d: move %s: %d %s", ply, mv, a.status, a.body)
		}
		m, _ := engine.ParseMove(mv)
		if _, err := eg.Play(m); err != nil {
			t.Fatal(err)
		}
		if got := h.game(g.PageID); got.Moves[len(got.Moves)-1].Move != mv {
			t.Fatalf("ply %d: stored %s, played %s", ply, got.Moves[len(got.Moves)-1].Move, mv)
		}
	}
	if several == 0 {
		t.Error("no pit offered a choice of direction")
	}
}
