package app_test

import (
	"fmt"
	"net/http"
	"testing"
)

// BenchmarkState measures GET api/game/{page} for the player to move in
// Kalah's start position (replay, previews of every move, cell boxes,
// JSON), over HTTP on this machine.
func BenchmarkState(b *testing.B) {
	h := newHarness(b)
	g := h.newGame("-1001", "kalah", ann, bob)
	s := h.signIn(ann, g.PageID).Session
	b.ResetTimer()
	for range b.N {
		if a := h.do("GET", "api/game/"+g.PageID, nil, s); a.status != http.StatusOK {
			b.Fatal(a.status)
		}
	}
}

// BenchmarkMove measures a tap's confirmation: POST api/game/{page}/move
// until the answer, through the real bot on a real SQLite file (the
// move's commit, the chat's board drawn as PNG by the bot, Deliver),
// in Kalah games played to their end one after another.
func BenchmarkMove(b *testing.B) {
	h := newHarness(b)
	games := 0
	var page string
	var sessions [2]string
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		if page == "" || h.stateOf(page, sessions[0]).Phase == "over" {
			games++
			g := h.newGame(fmt.Sprintf("-10%d", games), "kalah", ann, bob)
			page = g.PageID
			sessions = [2]string{h.signIn(ann, page).Session, h.signIn(bob, page).Session}
		}
		st := h.stateOf(page, sessions[0])
		seat := *st.ToMove
		if seat == 1 {
			st = h.stateOf(page, sessions[1])
		}
		mv := st.Moves[i%len(st.Moves)].Move
		b.StartTimer()
		if a := h.move(page, sessions[seat], st.Version, mv); a.status != http.StatusOK {
			b.Fatalf("%d %s", a.status, a.body)
		}
	}
}
