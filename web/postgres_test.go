package web

import (
	"log/slog"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/postgres"
	"github.com/mancala-bot/mancala/store/postgres/pgtest"
)

// Two processes on one PostgreSQL database (two pools, two servers): a
// spectator of either sees a move that the other process stored, and the
// spectators are counted across both. Nothing of a game is in a process's
// memory. Skipped without MANCALA_TEST_POSTGRES (.ci/postgres).
func TestTwoProcessesOnPostgres(t *testing.T) {
	url := pgtest.NewDatabase(t)
	openDB := func() *postgres.DB {
		db, err := postgres.Open(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	dbA, dbB := openDB(), openDB()
	pl := playGame(t, "oware", nil, 6, "Dana", "Erik")
	pl.rec.PageID = pageID("shared")
	if err := dbA.CreateGame(t.Context(), pl.rec); err != nil {
		t.Fatal(err)
	}
	serve := func(db *postgres.DB) *httptest.Server {
		srv := httptest.NewServer(New(Config{Store: db, Poll: 10 * time.Millisecond, WatchEvery: time.Hour}).Handler())
		t.Cleanup(srv.Close)
		return srv
	}
	srvA, srvB := serve(dbA), serve(dbB)
	events := "/g/" + pageID("shared") + "/events"

	a := open(t, srvA.URL+events)
	a.want("game", `{"version":1,"moves":6,"phase":"playing"}`)
	a.want("watchers", `{"count":1,"text":"1 spectator"}`)
	b := open(t, srvB.URL+events)
	b.want("game", `{"version":1,"moves":6,"phase":"playing"}`)
	b.want("watchers", `{"count":2,"text":"2 spectators"}`)

	g, err := dbB.Game(t.Context(), pl.rec.ID) // the process that moves is B
	if err != nil {
		t.Fatal(err)
	}
	g.Moves = append(g.Moves, store.Move{Ply: 6, Move: nextMove(t, g), At: t0})
	if err := dbB.UpdateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	a.want("game", `{"version":2,"moves":7,"phase":"playing"}`)
	b.want("game", `{"version":2,"moves":7,"phase":"playing"}`)
	if page := body(t, get(t, New(Config{Store: dbA, Logger: slog.New(slog.NewTextHandler(os.Stderr, nil))}).Handler(), "/g/"+pageID("shared"))); !cellsRe.MatchString(page) || cellsRe.FindStringSubmatch(page)[1] != "7" {
		t.Errorf("process A's page does not show the move B stored: %.300s", page)
	}
}
