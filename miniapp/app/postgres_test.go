package app_test

import (
	"bufio"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/store/postgres"
	"github.com/mancala-bot/mancala/store/postgres/pgtest"
)

// Two processes on one PostgreSQL database (two pools, two bots, two app
// servers with the same session key): Ann plays through one, Bob through
// the other, each with the session the other process issued; the event
// stream of one reports the moves made through the other. Skipped
// without MANCALA_TEST_POSTGRES (.ci/postgres).
func TestTwoProcessesOnPostgres(t *testing.T) {
	url := pgtest.NewDatabase(t)
	open := func() *postgres.DB {
		db, err := postgres.Open(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	a, b := newHarnessOn(t, open()), newHarnessOn(t, open())
	g := a.newGame("-1001", "kalah pits=3 seeds=2", ann, bob)
	sessions := []string{b.signIn(ann, g.PageID).Session, a.signIn(bob, g.PageID).Session}
	servers := []*harness{a, b} // Ann through A, Bob through B

	req, _ := http.NewRequestWithContext(t.Context(), "GET", a.srv.URL+"/api/game/"+g.PageID+"/events", nil)
	resp, err := a.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	events := bufio.NewScanner(resp.Body)
	nextVersion := func() string {
		t.Helper()
		for events.Scan() {
			if v, ok := strings.CutPrefix(events.Text(), "data: "); ok {
				return v
			}
		}
		t.Fatalf("the stream ended: %v", events.Err())
		return ""
	}
	if v := nextVersion(); v != strconv.FormatInt(g.Version, 10) {
		t.Fatalf("first version %s, want %d", v, g.Version)
	}
	for ply := 0; ply < 6; ply++ {
		st := a.stateOf(g.PageID, sessions[0])
		if st.Phase == "over" {
			break
		}
		seat := *st.ToMove
		h := servers[seat]
		mine := h.stateOf(g.PageID, sessions[seat])
		ans := h.move(g.PageID, sessions[seat], mine.Version, mine.Moves[0].Move)
		if ans.status != http.StatusOK {
			t.Fatalf("ply %d: %d %s", ply, ans.status, ans.body)
		}
		var mv struct {
			Version int64 `json:"version"`
		}
		ans.decode(t, &mv)
		if v := nextVersion(); v != strconv.FormatInt(mv.Version, 10) {
			t.Fatalf("ply %d: A's stream says %s, the move answered %d", ply, v, mv.Version)
		}
		if len(h.deliveries()) == 0 {
			t.Fatalf("ply %d: nothing delivered by the process that took the move", ply)
		}
	}
}
