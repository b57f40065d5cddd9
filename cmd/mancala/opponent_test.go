package main

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

func TestOpponentOffered(t *testing.T) {
	// No opening book (see TestBookCommand for one).
	solveCache(t)
	var o searchOpponent
	all := []string{"beginner", "easy", "medium", "hard", "expert", "perfect"}
	if got := o.Levels(); !slices.Equal(got, all) {
		t.Fatalf("Levels() = %v, want %v", got, all)
	}
	honest := all[:5]
	cases := []struct {
		variant string
		opts    engine.Options
		want    []string
	}{
		// Every position of Kalah(4,3) is in a 10.5-million-board database.
		{"kalah", engine.Options{"pits": "4", "seeds": "3"}, all},
		{"kalah", engine.Options{"pits": "4", "seeds": "3", "pie": "true"}, all},
		{"kalah", engine.Options{"pits": "3", "seeds": "3"}, all},
		{"kalah", engine.Options{"pits": "6", "seeds": "1"}, all},
		// Too large to prove from the start within the think time,
		// without an opening book.
		{"kalah", nil, honest},
		{"kalah", engine.Options{"pits": "4", "seeds": "4"}, honest},
		{"kalah", engine.Options{"pits": "5", "seeds": "2"}, honest},
		// Perfect in Oware's solved endgames (its name says so).
		{"oware", nil, all},
		{"oware", engine.Options{"seeds": "3"}, all},
		// Each grand-slam rule has its database; cross-sowing has none.
		{"oware", engine.Options{"grand_slam": "forbidden"}, all},
		{"oware", engine.Options{"grand_slam": "nocapture"}, all},
		{"oware", engine.Options{"cross": "true"}, honest},
		{"togyz", nil, honest},
		{"congkak", nil, honest},
	}
	for _, c := range cases {
		r := engine.MustNew(c.variant, c.opts)
		got := o.Offered(r)
		if !slices.Equal(got, c.want) {
			t.Errorf("Offered(%s %v) = %v, want %v", c.variant, c.opts, got, c.want)
		}
		// Perfect is named for what it is: exact in solved endgames only
		// where it is not exact from the start.
		n := o.EndgameSeeds(r, "perfect")
		if want := 0; c.variant == "oware" && slices.Contains(got, "perfect") {
			if n != search.OwarePerfectSeedsFor(r) || n != search.OwareDBSeeds {
				t.Errorf("EndgameSeeds(%s %v) = %d, want %d", c.variant, c.opts, n, search.OwareDBSeeds)
			}
		} else if n != want {
			t.Errorf("EndgameSeeds(%s %v) = %d, want %d", c.variant, c.opts, n, want)
		}
		if n := o.EndgameSeeds(r, "expert"); n != 0 {
			t.Errorf("EndgameSeeds(%s %v, expert) = %d", c.variant, c.opts, n)
		}
		// Every level offered is one Move accepts.
		for _, l := range got {
			if !slices.Contains(o.Levels(), l) {
				t.Errorf("%s offers %q, not among Levels()", c.variant, l)
			}
		}
	}
}

// TestOpponentMoveExact: the bot's choice carries the exact value where
// the move comes from an exact result, and none elsewhere.
func TestOpponentMoveExact(t *testing.T) {
	solveCache(t)
	var o searchOpponent
	ctx := context.Background()
	// A Kalah(6,4) endgame: South to move with pits 5 and 6 of one seed,
	// North's pit 6 of two, stores 21 and 23. Its value is the solver's
	// without a database (the search package checks the solver against
	// brute force).
	r := engine.MustNew("kalah", nil)
	p, err := engine.NewPosition(r, engine.Setup{ToMove: engine.South,
		Pits: [][]int{{0, 0, 0, 0, 1, 1}, {0, 0, 0, 0, 0, 2}}, Stores: []int{21, 23}})
	if err != nil {
		t.Fatal(err)
	}
	want, err := search.Solve(ctx, p, search.SolveOptions{DBSeeds: -1, CacheDir: "-", MemoryMB: 16})
	if err != nil {
		t.Fatal(err)
	}
	for _, level := range []string{"hard", "expert", "perfect"} {
		c, err := o.Move(ctx, engine.NewGame(p), level, 1)
		if err != nil {
			t.Fatal(err)
		}
		if !c.Exact || c.Value != want.Value {
			t.Errorf("%s: %+v, want exact value %d", level, c, want.Value)
		}
	}
	if c, err := o.Move(ctx, engine.NewGame(p), "beginner", 1); err != nil || c.Exact {
		t.Errorf("beginner: %+v, %v; want no exact claim", c, err)
	}
	// Kalah(4,3) with perfect: exact from the first move, worth 6. The
	// database is prepared first, as its first build (a second, more under
	// the race detector) may take longer than a move's think time.
	k43 := engine.MustNew("kalah", engine.Options{"pits": "4", "seeds": "3"})
	if err := search.Prepare(ctx, k43); err != nil {
		t.Fatal(err)
	}
	g := engine.NewGame(k43.Start())
	c, err := o.Move(ctx, g, "perfect", 1)
	if err != nil || !c.Exact || c.Value != 6 {
		t.Errorf("perfect at the start of Kalah(4,3): %+v, %v; want exact 6", c, err)
	}
	// An unknown level is an error.
	if _, err := o.Move(ctx, g, "godlike", 1); err == nil {
		t.Error("unknown level: no error")
	}
}

// TestOpponentPerfectOnOware: a game created with perfect on Oware (when
// it was offered there) is played on, with legal moves, and claims nothing
// it has not proven.
func TestOpponentPerfectOnOware(t *testing.T) {
	var o searchOpponent
	g := engine.NewGame(engine.MustNew("oware", nil).Start())
	// A short think: the search stops at the context with its best move
	// so far (depth 1 takes microseconds), so the test does not wait for
	// Expert's full search.
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	c, err := o.Move(ctx, g, "perfect", 1)
	if err != nil {
		t.Fatalf("perfect on Oware: %v", err)
	}
	if !slices.Contains(g.Position().Moves(), c.Move) || c.Exact {
		t.Errorf("perfect on Oware: %+v", c)
	}
}
