package web

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/store"
)

// memStore is the part of a store the pages read, in memory.
type memStore struct {
	mu      sync.Mutex
	games   map[int64]*store.Game
	pages   map[string]int64
	watch   map[int64]map[string]time.Time
	reviews map[[2]int64][]byte
	nextID  int64
}

func newMemStore() *memStore {
	return &memStore{games: map[int64]*store.Game{}, pages: map[string]int64{},
		watch: map[int64]map[string]time.Time{}, reviews: map[[2]int64][]byte{}}
}

func copyGame(g *store.Game) *store.Game {
	c := *g
	c.Moves = append([]store.Move(nil), g.Moves...)
	c.Players = append([]store.Player(nil), g.Players...)
	return &c
}

// add stores g under pageID and returns its id.
func (m *memStore) add(pageID string, g *store.Game) int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.nextID++
	g.ID, g.Version = m.nextID, 1
	m.games[g.ID] = copyGame(g)
	m.pages[pageID] = g.ID
	return g.ID
}

// update replaces the stored game by g, a version further.
func (m *memStore) update(g *store.Game) {
	m.mu.Lock()
	defer m.mu.Unlock()
	g.Version = m.games[g.ID].Version + 1
	m.games[g.ID] = copyGame(g)
}

func (m *memStore) Game(_ context.Context, id int64) (*store.Game, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	g, ok := m.games[id]
	if !ok {
		return nil, store.ErrNotFound
	}
	return copyGame(g), nil
}

func (m *memStore) GameByPage(ctx context.Context, pageID string) (*store.Game, error) {
	m.mu.Lock()
	id, ok := m.pages[pageID]
	m.mu.Unlock()
	if !ok {
		return nil, store.ErrNotFound
	}
	return m.Game(ctx, id)
}

func (m *memStore) Watch(_ context.Context, gameID int64, viewer string, until time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.watch[gameID] == nil {
		m.watch[gameID] = map[string]time.Time{}
	}
	m.watch[gameID][viewer] = until
	return nil
}

func (m *memStore) Watchers(_ context.Context, gameID int64, at time.Time) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for _, until := range m.watch[gameID] {
		if until.After(at) {
			n++
		}
	}
	return n, nil
}

func (m *memStore) Review(_ context.Context, gameID int64, moves int) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	data, ok := m.reviews[[2]int64{gameID, int64(moves)}]
	if !ok {
		return nil, store.ErrNotFound
	}
	return data, nil
}

func (m *memStore) SaveReview(_ context.Context, gameID int64, moves int, data []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.reviews[[2]int64{gameID, int64(moves)}] = data
	return nil
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
