package search

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
)

// checkProgress checks what every sequence of reports must satisfy: the
// stages in order, depths rising, bounds narrowing, nodes growing.
func checkProgress(t *testing.T, ps []Progress) {
	t.Helper()
	order := map[string]int{"database": 0, "depth": 1, "exact": 2}
	for i := 1; i < len(ps); i++ {
		a, b := ps[i-1], ps[i]
		if order[b.Stage] < order[a.Stage] || b.Depth < a.Depth || b.Lower < a.Lower || b.Upper > a.Upper || b.Nodes < a.Nodes || b.Lower > b.Upper {
			t.Fatalf("report %d %+v after %+v", i, b, a)
		}
	}
}

func TestSolveProgress(t *testing.T) {
	var ps []Progress
	r := kalahRules(4, 3)
	res, err := Solve(context.Background(), r.Start(), SolveOptions{DBSeeds: -1, CacheDir: "-", MemoryMB: 16, Threads: 1,
		Progress: func(p Progress) { ps = append(ps, p) }})
	if err != nil || res.Value != 6 || res.Lower != 6 || res.Upper != 6 || !res.BestProven || res.Depth != 14 {
		t.Fatalf("Kalah(4,3): %+v, %v", res, err)
	}
	checkProgress(t, ps)
	var depths []int
	for _, p := range ps {
		if p.Stage == "depth" && p.Depth > 0 && (len(depths) == 0 || depths[len(depths)-1] != p.Depth) {
			depths = append(depths, p.Depth)
		}
	}
	if len(depths) != 7 || depths[0] != 2 || depths[6] != 14 {
		t.Errorf("depths reported: %v, want 2, 4, ... 14", depths)
	}
	last := ps[len(ps)-1]
	if last.Stage != "exact" || last.Lower != 6 || last.Upper != 6 || !last.BestProven || last.Best != res.Best && childValue(t, r.Start(), last.Best, SolveOptions{DBSeeds: -1, CacheDir: "-", MemoryMB: 16}) != 6 {
		t.Errorf("last report %+v, result %+v", last, res)
	}
	if last.Nodes > res.Nodes {
		t.Errorf("last report %d nodes, result %d", last.Nodes, res.Nodes)
	}

	// Building a database: a report per seed count.
	ps = nil
	if _, err := Solve(context.Background(), kalahRules(3, 3).Start(), SolveOptions{DBSeeds: 10, CacheDir: "-", MemoryMB: 16,
		Progress: func(p Progress) { ps = append(ps, p) }}); err != nil {
		t.Fatal(err)
	}
	checkProgress(t, ps)
	built := 0
	for _, p := range ps {
		if p.Stage == "database" {
			if p.DBSeeds != 10 || p.DBDone != built {
				t.Fatalf("database report %+v after %d seeds", p, built)
			}
			built++
		}
	}
	if built != 11 {
		t.Errorf("%d database reports, want 11 (0 to 10 seeds)", built)
	}

	// The generic solver: the depth stage, then the exact one.
	ps = nil
	p := quickEndgames(t, engine.MustNew("oware", nil), 1)[0]
	res, err = Solve(context.Background(), p, SolveOptions{MemoryMB: 16, Progress: func(p Progress) { ps = append(ps, p) }})
	if err != nil || res.Lower != res.Value || res.Upper != res.Value || res.Depth < 1 {
		t.Fatalf("oware endgame: %+v, %v", res, err)
	}
	checkProgress(t, ps)
	if len(ps) < 2 || ps[0].Stage != "depth" || ps[len(ps)-1].Stage != "exact" {
		t.Errorf("oware endgame reports: %+v", ps)
	}
}

// TestSolveStoppedKnowsSomething: a solve stopped by its node budget says
// what it found: a legal move from the depth stage, bounds that hold the
// value, and a move that proves the lower bound once there is one.
func TestSolveStoppedKnowsSomething(t *testing.T) {
	for _, c := range []struct {
		r     engine.Rules
		nodes uint64
	}{
		{engine.MustNew("togyz", nil), 100_000},
		{engine.MustNew("oware", nil), 100_000},
		{engine.MustNew("congkak", nil), 100_000},
		{engine.MustNew("kalah", nil), 100_000},
	} {
		p := c.r.Start()
		res, err := Solve(context.Background(), p, SolveOptions{MaxNodes: c.nodes, DBSeeds: -1, CacheDir: "-", MemoryMB: 16, Threads: 1})
		if !errors.Is(err, ErrTooLarge) {
			t.Fatalf("%s: %v, want ErrTooLarge", c.r.Variant().ID, err)
		}
		if res.Depth < 1 || !isLegal(p, res.Best) || res.Lower > res.Upper || res.Lower < -p.Seeds() || res.Upper > p.Seeds() || res.Nodes < c.nodes {
			t.Errorf("%s stopped: %+v", c.r.Variant().ID, res)
		}
	}
	// Kalah(4,3) stopped in the exact stage: its bounds hold the value
	// (6), and the move it gives proves the lower bound.
	r := kalahRules(4, 3)
	opts := SolveOptions{DBSeeds: -1, CacheDir: "-", MemoryMB: 16, Threads: 1}
	full, err := Solve(context.Background(), r.Start(), opts)
	if err != nil {
		t.Fatal(err)
	}
	proven := 0
	for _, frac := range []uint64{2, 3, 5, 10} {
		opts.MaxNodes = full.Nodes * (frac - 1) / frac
		res, err := Solve(context.Background(), r.Start(), opts)
		if !errors.Is(err, ErrTooLarge) {
			t.Fatalf("%d nodes: %v", opts.MaxNodes, err)
		}
		if res.Lower > 6 || res.Upper < 6 || !isLegal(r.Start(), res.Best) {
			t.Errorf("%d nodes: %+v", opts.MaxNodes, res)
		}
		if res.BestProven {
			proven++
			if v := childValue(t, r.Start(), res.Best, SolveOptions{DBSeeds: -1, CacheDir: "-", MemoryMB: 16}); v < res.Lower {
				t.Errorf("%d nodes: move %s worth %d does not prove %d", opts.MaxNodes, res.Best, v, res.Lower)
			}
		}
	}
	if proven == 0 {
		t.Error("no stopped solve had proven a move: the test checks too little")
	}
}

// TestSolveTime: Time stops the search, not the database build.
func TestSolveTime(t *testing.T) {
	p := engine.MustNew("togyz", nil).Start()
	res, err := Solve(context.Background(), p, SolveOptions{Time: time.Nanosecond, MemoryMB: 16})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("togyz with Time 1ns: %+v, %v", res, err)
	}
	// A database is built to the end even past Time, then the search
	// stops at once.
	res, err = Solve(context.Background(), kalahRules(4, 3).Start(), SolveOptions{Time: time.Nanosecond, DBSeeds: 12, CacheDir: "-", MemoryMB: 16})
	if !errors.Is(err, context.DeadlineExceeded) || res.DBSeeds != 12 || !res.DBBuilt {
		t.Fatalf("Kalah(4,3) with Time 1ns: %+v, %v", res, err)
	}
}
