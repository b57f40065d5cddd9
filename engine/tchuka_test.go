package engine

import (
	"slices"
	"strconv"
	"testing"
)

// The variant's rows of TestPerftTable and BenchmarkPerft, and its fuzz
// target (pieces_test.go).
func init() {
	addPerft("tchuka", perftRow{nil, []uint64{4, 3, 6, 7, 3, 1}})
	addBench("tchuka", benchRow{"tchuka-6x4", Options{"pits": "6", "seeds": "4"}, 12})
	addFuzz("tchuka", FuzzTchuka)
}

// The 4x2 layout of docs/sources/seed-003.md#line-187 (003:187) and its only
// solution, 3 4 3 4 2 4, step by step as traced in
// docs/sources/seed-variants.md section 5.3.
func TestTchukaSolution(t *testing.T) {
	r := MustNew("tchuka", nil)
	steps := []struct {
		move  string
		pits  []int
		store int
	}{
		{"3", []int{2, 2, 0, 3}, 1},
		{"4", []int{3, 0, 1, 1}, 3},
		{"3", []int{0, 1, 1, 1}, 5},
		{"4", []int{0, 1, 1, 0}, 6},
		{"2", []int{0, 0, 0, 1}, 7},
		{"4", []int{0, 0, 0, 0}, 8},
	}
	p := r.Start()
	for i, s := range steps {
		var ev []Event
		var err error
		m, _ := ParseMove(s.move)
		if p, ev, err = p.PlayEvents(m); err != nil {
			t.Fatalf("step %d: %v", i+1, err)
		}
		got := []int{p.Pit(South, 1), p.Pit(South, 2), p.Pit(South, 3), p.Pit(South, 4)}
		if !slices.Equal(got, s.pits) || p.Store(South) != s.store {
			t.Fatalf("step %d (%s): %v|%d, want %v|%d", i+1, s.move, got, p.Store(South), s.pits, s.store)
		}
		if i < len(steps)-1 {
			checkEvents(t, ev, []string{"extra_turn south"})
			if p.Status() != Ongoing {
				t.Fatalf("step %d: status %s", i+1, p.Status())
			}
		}
		if i == 2 { // two relays: p4 (2), then p1 (4)
			checkEvents(t, ev, []string{"sow 3", "relay 2 from 3", "sow 4", "sow 0", "relay 4 from 0", "sow 4"})
		}
	}
	if p.Status() != Solved || p.EndReason() != EndCleared {
		t.Errorf("final status %s (%s), want solved", p.Status(), p.EndReason())
	}
	wantMoves(t, p)
}

func TestTchukaLastSeedInAnEmptyPitFails(t *testing.T) {
	r := MustNew("tchuka", nil)
	// Pit 1: p2=3, p3=3 (relay 3): p4=3, store=1, p1 (empty): failed.
	p, ev, err := r.Start().PlayEvents(Move{Pit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if p.Status() != Failed || p.EndReason() != EndStranded {
		t.Fatalf("status %s (%s), want failed", p.Status(), p.EndReason())
	}
	want := []int{1, 3, 0, 3}
	got := []int{p.Pit(South, 1), p.Pit(South, 2), p.Pit(South, 3), p.Pit(South, 4)}
	if !slices.Equal(got, want) || p.Store(South) != 1 {
		t.Errorf("board %v|%d, want %v|1", got, p.Store(South), want)
	}
	checkEvents(t, ev, []string{"relay 3 from 2", "end failed (stranded)"})
	wantIllegal(t, p, "2", GameOver)
}

// Every line of play from the 4x2 layout: exactly one clears the board.
func TestTchukaFourByTwoHasOneSolution(t *testing.T) {
	var solutions [][]string
	var walk func(p Position, line []string)
	walk = func(p Position, line []string) {
		switch p.Status() {
		case Solved:
			solutions = append(solutions, slices.Clone(line))
			return
		case Failed:
			return
		}
		for _, m := range p.Moves() {
			q, err := p.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			walk(q, append(line, m.String()))
		}
	}
	walk(MustNew("tchuka", nil).Start(), nil)
	if len(solutions) != 1 || !slices.Equal(solutions[0], []string{"3", "4", "3", "4", "2", "4"}) {
		t.Errorf("solutions = %v, want only [3 4 3 4 2 4]", solutions)
	}
}

func FuzzTchuka(f *testing.F) {
	// pits-1, seeds-1, layout flag
	fzCorpus(f,
		[]byte{3, 1, 0},
		[]byte{3, 5, 0},
		[]byte{5, 3, 0},
		[]byte{15, 14, 0},
		[]byte{0, 0, 0},
		[]byte{2, 2, 1, 3, 0, 5, 1},
	)
	// The unique solution of the 4x2 board: pits 3 4 3 4 2 4 (as legal-move
	// indexes: 2, 2, 2, 2, 0, 0 after each move's list).
	f.Add([]byte{3, 1, 0, 2, 3, 2, 2, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		pits, seeds := 1+int(r.next())%16, 1+int(r.next())%15
		opts := Options{"pits": strconv.Itoa(pits), "seeds": strconv.Itoa(seeds)}
		if pits*seeds > 255 {
			if _, err := New("tchuka", opts); err == nil {
				t.Fatalf("tchuka %v: more than 255 seeds accepted", opts)
			}
			opts["seeds"] = strconv.Itoa(255 / pits)
		}
		fzRun(t, "tchuka", opts, r)
	})
}
