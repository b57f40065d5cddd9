package search

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
)

// Benchmarks for the figures in the issue notes; nothing here is asserted.
// The Kalah ones build their endgame database once, before the timer
// starts; the timed solves find it in the package's in-memory cache, so
// ns/op is the search alone:
//
//	go test ./search -run '^$' -bench Solve -benchtime 3x

func benchKalah(b *testing.B, pits, seeds int, emptyCapture bool, dbSeeds, threads int) {
	r := engine.MustNew("kalah", engine.Options{
		"pits": fmt.Sprint(pits), "seeds": fmt.Sprint(seeds), "empty_capture": fmt.Sprint(emptyCapture),
	})
	opts := SolveOptions{DBSeeds: dbSeeds, CacheDir: b.TempDir(), Threads: threads}
	// The first solve builds the database; the timed ones reuse it.
	first, err := Solve(context.Background(), r.Start(), opts)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer() // (it also drops metrics reported so far)
	var nodes uint64
	for range b.N {
		res, err := Solve(context.Background(), r.Start(), opts)
		if err != nil {
			b.Fatal(err)
		}
		if res.Value != first.Value {
			b.Fatalf("value %d, then %d", first.Value, res.Value)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(first.Value), "value")
	b.ReportMetric(first.DBTime.Seconds(), "db-build-s")
}

func BenchmarkSolveKalah4x3(b *testing.B)             { benchKalah(b, 4, 3, false, 0, 1) }
func BenchmarkSolveKalah4x3EmptyCapture(b *testing.B) { benchKalah(b, 4, 3, true, 0, 1) }

// The Kalah(6,4) solves take 15 to 25 s each even at -benchtime=1x (the
// database build, then two solves): skipped with -short, as in .ci/run.
func BenchmarkSolveKalah6x4(b *testing.B) {
	skipShort(b)
	benchKalah(b, 6, 4, false, 18, 2)
}

func BenchmarkSolveKalah6x4EmptyCapture(b *testing.B) {
	skipShort(b)
	benchKalah(b, 6, 4, true, 18, 2)
}

func skipShort(b *testing.B) {
	if testing.Short() {
		b.Skip("a long solve; run without -short")
	}
}

// BenchmarkAnalyze: a fixed-depth search from each variant's start, as
// positions per second.
func BenchmarkAnalyze(b *testing.B) {
	depths := map[string]int{"kalah": 12, "oware": 11, "togyz": 7, "congkak": 7, "gabata": 15}
	for _, v := range engine.Variants() {
		d, ok := depths[v.ID]
		if !ok {
			continue
		}
		r, err := v.New(nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(v.ID, func(b *testing.B) {
			var nodes uint64
			for range b.N {
				a, err := Analyze(context.Background(), r.Start(), Limits{Depth: d})
				if err != nil {
					b.Fatal(err)
				}
				nodes += a.Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkLevelMove: one move of each level from Kalah's start after a
// few plies (the time a chat reply waits for the bot).
func BenchmarkLevelMove(b *testing.B) {
	r := kalahRules(6, 4)
	p := r.Start()
	for _, pit := range []uint8{3, 1, 4} {
		q, err := p.Play(engine.Move{Pit: pit})
		if err != nil {
			b.Fatal(err)
		}
		p = q
	}
	for l := Beginner; l <= Expert; l++ {
		b.Run(l.String(), func(b *testing.B) {
			for i := range b.N {
				if _, err := l.MoveFrom(context.Background(), p, nil, int64(i)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLevelMoveBao is one bot move at each level from the start of
// the two-row Bao games (the chat's think time bounds the strong levels).
func BenchmarkLevelMoveBao(b *testing.B) {
	for _, id := range []string{"bao-kenya", "bao-laps", "bao-kujifunza", "bao"} {
		r, err := engine.New(id, nil)
		if err != nil {
			b.Fatal(err)
		}
		p := r.Start()
		for l := Beginner; l <= Expert; l++ {
			b.Run(id+"/"+l.String(), func(b *testing.B) {
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				defer cancel()
				for i := range b.N {
					if _, err := l.MoveFrom(ctx, p, nil, int64(i)); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
