package web

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// fixture is a real SQLite store in a temporary file.
type fixture struct {
	db *sqlite.DB
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "mancala.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return &fixture{db: db}
}

// pageID is a valid page id, readable in the tests: name padded with
// underscores, and an A (whose unused bits are zero).
func pageID(name string) string { return name + strings.Repeat("_", store.PageIDLen-1-len(name)) + "A" }

// add stores g (in a channel of its own) under the page id pageID(name)
// and returns that id.
func (f *fixture) add(t testing.TB, name string, g *store.Game) string {
	t.Helper()
	g.Channel = "-100" + name
	g.PageID = pageID(name)
	if err := f.db.CreateGame(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	return g.PageID
}

// update writes g, a version further.
func (f *fixture) update(t testing.TB, g *store.Game) {
	t.Helper()
	if err := f.db.UpdateGame(context.Background(), g); err != nil {
		t.Fatal(err)
	}
}

// game reads the game of page name.
func (f *fixture) game(t testing.TB, name string) *store.Game {
	t.Helper()
	g, err := f.db.GameByPage(context.Background(), pageID(name))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// watchSpy is the store with every Watch's viewer sent to watched, until
// stop is closed.
type watchSpy struct {
	*sqlite.DB
	watched chan string
	stop    chan struct{}
}

func (w *watchSpy) Watch(ctx context.Context, gameID int64, viewer string, until time.Time) error {
	err := w.DB.Watch(ctx, gameID, viewer, until)
	select {
	case w.watched <- viewer:
	case <-w.stop:
	}
	return err
}

// t0 is the tests' clock.
var t0 = time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)

// played is a game made by playGame with every position the engine went
// through, to compare the pages with.
type played struct {
	rec       *store.Game
	positions []engine.Position
	events    [][]engine.Event // events[i]: of the move leading to positions[i]
}

// playGame plays variant from its start, always the same moves (the k-th
// legal move by a fixed rule), for at most n moves or to its end; a game
// the engine ended is stored over with its result. Players are named
// names (one per seat; "" for the bot).
func playGame(t testing.TB, variant string, opts engine.Options, n int, names ...string) *played {
	t.Helper()
	r, err := engine.New(variant, opts)
	if err != nil {
		t.Fatal(err)
	}
	rec := &store.Game{Platform: "telegram", Channel: "-100777", Variant: variant, Options: map[string]string(opts),
		Phase: store.PhasePlaying, Lang: "en", DrawOffer: -1, UndoOffer: -1, CreatedAt: t0, UpdatedAt: t0}
	for i := range r.Layout().Sides {
		p := store.Player{UserID: fmt.Sprintf("user%d", 1000+i), Name: names[i]}
		if names[i] == "" {
			p = store.Player{Level: "medium"}
		}
		rec.Players = append(rec.Players, p)
	}
	g := engine.NewGame(r.Start())
	pl := &played{rec: rec, positions: []engine.Position{r.Start()}, events: [][]engine.Event{nil}}
	for k := 0; k < n && g.Position().Status() == engine.Ongoing; k++ {
		moves := g.Position().Moves()
		m := moves[(k*7+3)%len(moves)]
		ev, err := g.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		rec.Moves = append(rec.Moves, store.Move{Ply: k, Move: m.String(), UserID: "", At: t0.Add(time.Duration(k) * time.Minute)})
		pl.positions = append(pl.positions, g.Position())
		pl.events = append(pl.events, ev)
	}
	if st := g.Position().Status(); st != engine.Ongoing {
		rec.Phase, rec.Result, rec.Reason = store.PhaseOver, st.String(), g.Position().EndReason().String()
	}
	return pl
}

// get fetches path from h as client (a remote address) with the headers
// given as "Name: value".
func get(t testing.TB, h http.Handler, path string, headers ...string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for _, hv := range headers {
		name, value, _ := strings.Cut(hv, ": ")
		req.Header.Set(name, value)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w.Result()
}

// body reads a response's body.
func body(t testing.TB, r *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// nextMove is a legal move in g's position (its first), in notation.
func nextMove(t testing.TB, g *store.Game) string {
	t.Helper()
	rp, err := replay(g)
	if err != nil {
		t.Fatal(err)
	}
	return rp.steps[rp.last()].pos.Moves()[0].String()
}
