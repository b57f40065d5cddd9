package stored_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/review"
	"github.com/mancala-bot/mancala/review/stored"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/postgres"
	"github.com/mancala-bot/mancala/store/postgres/pgtest"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// backend opens a store for a test: the same database each time it is
// called within the test (another process's view, on PostgreSQL a pool of
// its own; SQLite allows one process a file, so it answers the same DB).
type backend struct {
	name string
	open func(t *testing.T) func() store.Store
}

var backends = []backend{
	{"sqlite", func(t *testing.T) func() store.Store {
		db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "reviews.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return func() store.Store { return db }
	}},
	{"postgres", func(t *testing.T) func() store.Store {
		url := pgtest.NewDatabase(t)
		return func() store.Store {
			db, err := postgres.Open(context.Background(), url)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			return db
		}
	}},
}

// eachBackend runs f on every backend (PostgreSQL's skipped without a
// test server: see store/postgres/pgtest).
func eachBackend(t *testing.T, f func(t *testing.T, open func() store.Store)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { f(t, b.open(t)) })
	}
}

// stored returns the bytes st holds for g's review, nil for none.
func storedData(t *testing.T, st store.Store, g *store.Game) []byte {
	t.Helper()
	data, err := st.Review(context.Background(), g.ID, len(g.Moves))
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// recordedGame stores in st the finished game of ../testdata/NAME.json
// (see its README) and returns it.
func recordedGame(t *testing.T, st store.Store, name string) *store.Game {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Variant string            `json:"variant"`
		Options map[string]string `json:"options"`
		Moves   string            `json:"moves"`
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 28, 1, 0, 0, 0, time.UTC)
	g := &store.Game{Platform: "test", Channel: name, Variant: rec.Variant, Options: rec.Options,
		Players: []store.Player{{UserID: "a", Name: "a"}, {UserID: "b", Name: "b"}}, Challenger: "a",
		Phase: store.PhaseOver, Result: "south_won", Reason: "empty_side", DrawOffer: -1, UndoOffer: -1,
		CreatedAt: now, UpdatedAt: now, TurnStarted: now}
	for i, m := range strings.Fields(rec.Moves) {
		g.Moves = append(g.Moves, store.Move{Ply: i, Move: m, UserID: "a", At: now})
	}
	if st != nil {
		if err := st.CreateGame(context.Background(), g); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// counted wraps compute, counting its calls.
func counted(n *atomic.Int32, compute stored.Compute) stored.Compute {
	return func(ctx context.Context) (*review.Review, error) {
		n.Add(1)
		return compute(ctx)
	}
}

func encode(t *testing.T, rv *review.Review) []byte {
	t.Helper()
	data, err := review.Encode(rv)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestComputedOnce: the first request reviews the recorded game of Kalah
// and stores it; the next, and another process's (another Keeper, another
// connection to the database), read it without computing, the same review.
func TestComputedOnce(t *testing.T) {
	eachBackend(t, func(t *testing.T, open func() store.Store) {
		ctx := context.Background()
		st := open()
		g := recordedGame(t, st, "kalah")
		var n atomic.Int32
		compute := counted(&n, stored.Game(g, review.Options{Depth: 4}))
		k := stored.NewKeeper(st, nil)
		if _, err := k.Stored(ctx, g); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("Stored before: %v, want ErrNotFound", err)
		}
		first, err := k.Review(ctx, g, compute)
		if err != nil {
			t.Fatal(err)
		}
		if !first.Complete || len(first.Plies) != 41 || first.Depth != 4 {
			t.Fatalf("review: complete %v, %d plies, depth %d", first.Complete, len(first.Plies), first.Depth)
		}
		want := encode(t, first)
		if got := storedData(t, st, g); !bytes.Equal(got, want) {
			t.Errorf("stored:\n%s\nwant\n%s", got, want)
		}
		for i, kp := range []*stored.Keeper{k, stored.NewKeeper(open(), nil)} {
			rv, err := kp.Review(ctx, g, compute)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(encode(t, rv), want) {
				t.Errorf("keeper %d: another review", i)
			}
			if rv, err := kp.Stored(ctx, g); err != nil || !bytes.Equal(encode(t, rv), want) {
				t.Errorf("keeper %d: Stored = %v", i, err)
			}
		}
		if n.Load() != 1 {
			t.Errorf("%d computations, want 1", n.Load())
		}
	})
}

// gated is a computation that says when it starts (started) and returns
// its review (of Depth depth, to tell them apart) when release is closed.
type gated struct {
	depth   int
	started chan struct{}
	release chan struct{}
	calls   atomic.Int32
}

func newGated(depth int) *gated {
	return &gated{depth: depth, started: make(chan struct{}, 100), release: make(chan struct{})}
}

func (gc *gated) review() *review.Review {
	return &review.Review{Plies: []review.Ply{}, Evals: []review.Eval{{South: float64(gc.depth), Known: true}}, Complete: true, Depth: gc.depth}
}

func (gc *gated) compute(ctx context.Context) (*review.Review, error) {
	gc.calls.Add(1)
	gc.started <- struct{}{}
	<-gc.release
	return gc.review(), nil
}

// TestProcessesAtOnce: two processes (Keepers, each on its own connection
// to the database), eight requests each for the same game at once. Each
// process computes once; the first to finish stores its review, the
// other's save keeps it, and all sixteen requests return the one stored.
func TestProcessesAtOnce(t *testing.T) {
	eachBackend(t, func(t *testing.T, open func() store.Store) {
		ctx := context.Background()
		st := open()
		g := recordedGame(t, st, "kalah88")
		a, b := stored.NewKeeper(st, nil), stored.NewKeeper(open(), nil)
		ca, cb := newGated(1), newGated(2)
		var wg sync.WaitGroup
		results := make(chan int, 16)
		ask := func(k *stored.Keeper, gc *gated) {
			defer wg.Done()
			rv, err := k.Review(ctx, g, gc.compute)
			if err != nil {
				t.Error(err)
				return
			}
			results <- rv.Depth
		}
		for range 8 {
			wg.Add(2)
			go ask(a, ca)
			go ask(b, cb)
		}
		<-ca.started // both processes compute...
		<-cb.started
		close(ca.release) // ...A finishes first and stores...
		for range 8 {
			if d := <-results; d != 1 {
				t.Errorf("a request of A got the review of depth %d, want A's (1)", d)
			}
		}
		close(cb.release) // ...B's save keeps A's.
		wg.Wait()
		close(results)
		for d := range results {
			if d != 1 {
				t.Errorf("a request of B got the review of depth %d, want the stored one (1)", d)
			}
		}
		if ca.calls.Load() != 1 || cb.calls.Load() != 1 {
			t.Errorf("computations: A %d, B %d; want one each", ca.calls.Load(), cb.calls.Load())
		}
		if got := storedData(t, st, g); !bytes.Equal(got, encode(t, ca.review())) {
			t.Errorf("stored %s, want A's", got)
		}
	})
}

// TestIncompleteNotStored: a review cut by its deadline is returned, not
// stored; the next request computes again, completes and stores.
func TestIncompleteNotStored(t *testing.T) {
	eachBackend(t, func(t *testing.T, open func() store.Store) {
		st := open()
		g := recordedGame(t, st, "kalah88")
		var n atomic.Int32
		compute := counted(&n, stored.Game(g, review.Options{Depth: 3}))
		k := stored.NewKeeper(st, nil)
		ended, cancel := context.WithCancel(context.Background())
		cancel()
		rv, err := k.Review(ended, g, compute)
		if err != nil {
			t.Fatal(err)
		}
		if rv.Complete || storedData(t, st, g) != nil {
			t.Fatalf("ended context: complete %v; want an incomplete review, not stored", rv.Complete)
		}
		rv, err = k.Review(context.Background(), g, compute)
		if err != nil {
			t.Fatal(err)
		}
		if !rv.Complete || !bytes.Equal(storedData(t, st, g), encode(t, rv)) || n.Load() != 2 {
			t.Errorf("then: complete %v, %d computations; want complete, stored, 2", rv.Complete, n.Load())
		}
	})
}

// TestWaiterContextEnds: a request whose context ends while it waits for
// the computation under way computes with its ended context (its own
// incomplete review, not stored); the computation under way goes on and
// is stored.
func TestWaiterContextEnds(t *testing.T) {
	eachBackend(t, func(t *testing.T, open func() store.Store) {
		st := open()
		g := recordedGame(t, st, "kalah88")
		k := stored.NewKeeper(st, nil)
		gc := newGated(5)
		done := make(chan *review.Review)
		go func() {
			rv, err := k.Review(context.Background(), g, gc.compute)
			if err != nil {
				t.Error(err)
			}
			done <- rv
		}()
		<-gc.started
		ended, cancel := context.WithCancel(context.Background())
		cancel()
		own := func(ctx context.Context) (*review.Review, error) {
			if ctx.Err() == nil {
				t.Error("the waiter's computation got a live context")
			}
			return &review.Review{Evals: []review.Eval{{}}}, nil
		}
		rv, err := k.Review(ended, g, own)
		if err != nil || rv.Complete {
			t.Errorf("waiter: %+v, %v; want its own incomplete review", rv, err)
		}
		close(gc.release)
		if rv := <-done; rv.Depth != 5 || !bytes.Equal(storedData(t, st, g), encode(t, gc.review())) {
			t.Errorf("the computation: depth %d, or not stored", rv.Depth)
		}
	})
}

// TestComputeErrorShared: a computation's error is its request's; the
// requests that waited for it compute in turn (the next succeeds).
func TestComputeErrorShared(t *testing.T) {
	eachBackend(t, func(t *testing.T, open func() store.Store) {
		st := open()
		g := recordedGame(t, st, "kalah88")
		k := stored.NewKeeper(st, nil)
		var calls atomic.Int32
		started, release := make(chan struct{}), make(chan struct{})
		compute := func(ctx context.Context) (*review.Review, error) {
			if calls.Add(1) == 1 {
				close(started)
				<-release
				return nil, errors.New("engine refused")
			}
			return &review.Review{Plies: []review.Ply{}, Evals: []review.Eval{{Known: true}}, Complete: true}, nil
		}
		errc := make(chan error)
		go func() {
			_, err := k.Review(context.Background(), g, compute)
			errc <- err
		}()
		<-started
		second := make(chan error)
		go func() {
			rv, err := k.Review(context.Background(), g, compute)
			if err == nil && !rv.Complete {
				err = fmt.Errorf("incomplete")
			}
			second <- err
		}()
		close(release)
		if err := <-errc; err == nil || err.Error() != "engine refused" {
			t.Errorf("first: %v", err)
		}
		if err := <-second; err != nil {
			t.Errorf("second: %v", err)
		}
		if calls.Load() != 2 || storedData(t, st, g) == nil {
			t.Errorf("%d computations, want 2, the second stored", calls.Load())
		}
	})
}

// TestNotOver: a game in play has no review to keep.
func TestNotOver(t *testing.T) {
	k := stored.NewKeeper(nil, nil)
	_, err := k.Review(context.Background(), &store.Game{ID: 1, Phase: store.PhasePlaying}, func(context.Context) (*review.Review, error) {
		t.Error("computed")
		return nil, nil
	})
	if !errors.Is(err, stored.ErrNotOver) {
		t.Errorf("err %v, want ErrNotOver", err)
	}
}

// TestUndecodable: a stored review Decode refuses (another version) is
// ErrNotFound to Stored; Review computes, returns the new one, and the
// store keeps what it had. A save the store refuses (the game unknown to
// it) is logged, and the review returned all the same.
func TestUndecodable(t *testing.T) {
	eachBackend(t, func(t *testing.T, open func() store.Store) {
		ctx := context.Background()
		st := open()
		g := recordedGame(t, st, "kalah88")
		old := []byte(`{"version":0}`)
		if err := st.SaveReview(ctx, g.ID, len(g.Moves), old); err != nil {
			t.Fatal(err)
		}
		k := stored.NewKeeper(st, nil)
		if _, err := k.Stored(ctx, g); !errors.Is(err, store.ErrNotFound) || !errors.Is(err, review.ErrVersion) {
			t.Errorf("Stored: %v, want ErrNotFound and ErrVersion", err)
		}
		gc := newGated(8)
		close(gc.release)
		rv, err := k.Review(ctx, g, gc.compute)
		if err != nil || rv.Depth != 8 || gc.calls.Load() != 1 {
			t.Errorf("Review: %+v, %v, %d computations", rv, err, gc.calls.Load())
		}
		if got := storedData(t, st, g); !bytes.Equal(got, old) {
			t.Errorf("the store's review changed: %s", got)
		}
		unknown := *g
		unknown.ID = g.ID + 1000
		if rv, err := k.Review(ctx, &unknown, gc.compute); err != nil || rv.Depth != 8 {
			t.Errorf("Review of a game the store refuses: %+v, %v", rv, err)
		}
	})
}

// TestMoves: a game's moves are read back; a move the engine refuses is
// named by its number.
func TestMoves(t *testing.T) {
	g := recordedGame(t, nil, "oware")
	start, moves, err := stored.Moves(g)
	if err != nil || len(moves) != 109 || start.Rules().Variant().ID != "oware" {
		t.Fatalf("Moves: %d moves, %v", len(moves), err)
	}
	g.Moves[3].Move = "0"
	if _, _, err := stored.Moves(g); err == nil || !strings.Contains(err.Error(), "move 4") {
		t.Errorf("a bad move: %v", err)
	}
	g.Variant = "chess"
	if _, _, err := stored.Moves(g); err == nil {
		t.Error("an unknown variant read")
	}
}
