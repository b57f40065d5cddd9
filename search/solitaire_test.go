package search

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// tchuka returns the Tchuka Ruma rules with pits pits of seeds seeds.
func tchuka(pits, seeds int) engine.Rules {
	return engine.MustNew("tchuka", engine.Options{"pits": strconv.Itoa(pits), "seeds": strconv.Itoa(seeds)})
}

// tchukaPos builds a solitaire position from its pits and store.
func tchukaPos(t *testing.T, pits []int, store int, status engine.Status) engine.Position {
	t.Helper()
	var n int
	for _, x := range pits {
		n += x
	}
	r := tchuka(len(pits), max(1, min(15, (n+store)/len(pits))))
	p, err := engine.NewPosition(r, engine.Setup{Pits: [][]int{pits}, Stores: []int{store}, Status: status})
	if err != nil {
		t.Fatalf("NewPosition(%v, %d): %v", pits, store, err)
	}
	return p
}

// solitaireBrute counts the solving sequences from p by plain recursion
// over the engine's legal moves (no memo), and returns the first solution
// in ascending pit order (nil when there is none).
func solitaireBrute(t *testing.T, p engine.Position) (count uint64, first []int) {
	t.Helper()
	switch p.Status() {
	case engine.Solved:
		return 1, []int{}
	case engine.Ongoing:
	default:
		return 0, nil
	}
	for _, m := range p.Moves() {
		q, err := p.Play(m)
		if err != nil {
			t.Fatalf("legal move %s: %v", m, err)
		}
		n, f := solitaireBrute(t, q)
		if n > 0 && count == 0 {
			first = append([]int{int(m.Pit)}, f...)
		}
		count += n
	}
	return count, first
}

// replaySolitaire plays the pits from p and reports whether they are all
// legal and leave the board cleared.
func replaySolitaire(p engine.Position, pits []int) error {
	for i, pit := range pits {
		if p.Status() != engine.Ongoing {
			return fmt.Errorf("move %d (pit %d): the game is already %s", i+1, pit, p.Status())
		}
		q, err := p.Play(engine.Move{Pit: uint8(pit)})
		if err != nil {
			return fmt.Errorf("move %d (pit %d): %v", i+1, pit, err)
		}
		p = q
	}
	if p.Status() != engine.Solved {
		return fmt.Errorf("after %v the game is %s, not solved", pits, p.Status())
	}
	for c := 0; c < p.Rules().Layout().Pits; c++ {
		if p.Pit(engine.South, c+1) != 0 {
			return fmt.Errorf("after %v pit %d still holds %d seeds", pits, c+1, p.Pit(engine.South, c+1))
		}
	}
	return nil
}

// TestSolveSolitaireClassic checks the classic 4x2 board. Worked by hand
// (pits numbered 1..4 from the left as the engine does, the store to the
// right of pit 4; pit i is cell i-1):
//
//	2 2 2 2 |0  play 3: 2 seeds into pit 4 and the store: extra move
//	2 2 0 3 |1  play 4: store, pit 1, pit 2 (now 3): relay 3 into 3, 4, store
//	3 0 1 1 |3  play 3: pit 4 (now 2): relay into the store and pit 1 (now 4):
//	            relay 4 into 2, 3, 4 and the store
//	0 1 1 1 |5  play 4: store
//	0 1 1 0 |6  play 2: pit 3 (now 2): relay into pit 4 and the store
//	0 0 0 1 |7  play 4: store: cleared
//
// and every other first move fails (pit 1 and pit 2 end in an empty pit
// after their relays, pit 4 likewise), so the solution is unique.
func TestSolveSolitaireClassic(t *testing.T) {
	want := []int{3, 4, 3, 4, 2, 4}
	p := tchuka(4, 2).Start()
	if err := replaySolitaire(p, want); err != nil {
		t.Fatalf("the hand-worked solution does not replay: %v", err)
	}
	for _, count := range []bool{false, true} {
		res, err := SolveSolitaire(context.Background(), p, count)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Solvable || !slices.Equal(res.Solution, want) {
			t.Errorf("count=%v: solvable %v, solution %v; want true, %v", count, res.Solvable, res.Solution, want)
		}
		wantN := uint64(0)
		if count {
			wantN = 1
		}
		if res.Solutions != wantN {
			t.Errorf("count=%v: Solutions = %d, want %d", count, res.Solutions, wantN)
		}
		if res.Positions < len(want) {
			t.Errorf("count=%v: Positions = %d, fewer than the solution's %d positions", count, res.Positions, len(want))
		}
	}
	// The other first moves fail, as worked above.
	for _, pit := range []int{1, 2, 4} {
		q, err := p.Play(engine.Move{Pit: uint8(pit)})
		if err != nil {
			t.Fatal(err)
		}
		res, err := SolveSolitaire(context.Background(), q, true)
		if err != nil {
			t.Fatal(err)
		}
		if res.Solvable || res.Solutions != 0 || len(res.Solution) != 0 {
			t.Errorf("after first move %d: %+v, want unsolvable", pit, res)
		}
	}
}

// TestSolveSolitaireAgainstBruteForce compares the solver with a plain
// recursive count on start layouts and hand-made positions, solvable and
// not.
func TestSolveSolitaireAgainstBruteForce(t *testing.T) {
	type layout struct {
		name  string
		pos   func(t *testing.T) engine.Position
		known int // -1: unknown; else the number of solutions worked by hand
	}
	var cases []layout
	for pits := 1; pits <= 8; pits++ {
		for seeds := 1; seeds <= 6; seeds++ {
			if pits*seeds > 30 {
				continue
			}
			cases = append(cases, layout{fmt.Sprintf("start %dx%d", pits, seeds), func(*testing.T) engine.Position { return tchuka(pits, seeds).Start() }, -1})
		}
	}
	custom := []struct {
		name  string
		pits  []int
		store int
		known int
	}{
		// One seed next to the store: it is sown into it.
		{"last pit one seed", []int{0, 0, 0, 1}, 7, 1},
		// A lone seed far from the store ends in an empty pit.
		{"lone seed", []int{1, 0, 0, 0}, 7, 0},
		// Two seeds from pit 1 end in empty pit 3.
		{"two in pit 1", []int{2, 0, 0, 0}, 6, 0},
		// Pit 3 relays through pit 4 and fails in pit 1; pit 4 first leaves
		// the lone seed of pit 3 to fail in pit 4.
		{"no way out", []int{0, 0, 1, 1}, 6, 0},
		// Pit 4's two seeds end in empty pit 1; pit 3's seed makes pit 4
		// three, relayed into the store, pit 1 and empty pit 2.
		{"two and one", []int{0, 0, 1, 2}, 5, 0},
		{"uneven", []int{3, 0, 2, 1, 0}, 4, -1},
		{"heavy", []int{0, 5, 0, 0, 1}, 4, -1},
		{"six pits mixed", []int{1, 2, 0, 3, 1, 2}, 3, -1},
		{"single pit", []int{3}, 0, 1},
	}
	for _, c := range custom {
		cases = append(cases, layout{c.name, func(t *testing.T) engine.Position { return tchukaPos(t, c.pits, c.store, engine.Ongoing) }, c.known})
	}
	solvable, unsolvable := 0, 0
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := c.pos(t)
			n, first := solitaireBrute(t, p)
			if c.known >= 0 && n != uint64(c.known) {
				t.Fatalf("brute force counts %d solutions, worked by hand %d", n, c.known)
			}
			if n > 0 {
				solvable++
			} else {
				unsolvable++
			}
			for _, count := range []bool{false, true} {
				res, err := SolveSolitaire(context.Background(), p, count)
				if err != nil {
					t.Fatal(err)
				}
				if res.Solvable != (n > 0) {
					t.Fatalf("count=%v: Solvable = %v, brute force counts %d solutions\n%s", count, res.Solvable, n, p)
				}
				if count && res.Solutions != n {
					t.Errorf("Solutions = %d, brute force %d\n%s", res.Solutions, n, p)
				}
				if !count && res.Solutions != 0 {
					t.Errorf("Solutions = %d without counting, want 0", res.Solutions)
				}
				if n == 0 {
					if res.Solution == nil || len(res.Solution) != 0 {
						t.Errorf("unsolvable: Solution = %#v, want an empty slice", res.Solution)
					}
					continue
				}
				if !slices.Equal(res.Solution, first) {
					t.Errorf("count=%v: Solution = %v, the first in ascending pit order is %v", count, res.Solution, first)
				}
				if err := replaySolitaire(p, res.Solution); err != nil {
					t.Errorf("count=%v: %v", count, err)
				}
			}
		})
	}
	if solvable < 5 || unsolvable < 5 {
		t.Errorf("only %d solvable and %d unsolvable layouts: the table tests too little", solvable, unsolvable)
	}
}

func TestSolveSolitaireFinishedAndErrors(t *testing.T) {
	ctx := context.Background()
	cleared := tchukaPos(t, []int{0, 0, 0, 0}, 8, engine.Solved)
	for _, count := range []bool{false, true} {
		res, err := SolveSolitaire(ctx, cleared, count)
		if err != nil {
			t.Fatal(err)
		}
		want := uint64(0)
		if count {
			want = 1
		}
		if !res.Solvable || res.Solution == nil || len(res.Solution) != 0 || res.Solutions != want {
			t.Errorf("cleared board, count=%v: %+v; want solvable, empty solution, %d solutions", count, res, want)
		}
	}
	// A failed game (last seed in an empty pit).
	failed, err := tchuka(4, 2).Start().Play(engine.Move{Pit: 1})
	if err != nil || failed.Status() != engine.Failed {
		t.Fatalf("pit 1 from the 4x2 start: status %s, err %v; want failed", failed.Status(), err)
	}
	res, err := SolveSolitaire(ctx, failed, true)
	if err != nil || res.Solvable || len(res.Solution) != 0 || res.Solutions != 0 {
		t.Errorf("failed game: %+v, %v; want unsolvable", res, err)
	}
	if _, err := SolveSolitaire(ctx, engine.MustNew("kalah", nil).Start(), false); !errors.Is(err, ErrNotSolitaire) {
		t.Errorf("kalah: err %v, want ErrNotSolitaire", err)
	}
	// A cancelled context stops a search that examines thousands of
	// positions (the context is looked at every 4096).
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	big := tchuka(16, 4).Start()
	if _, err := SolveSolitaire(cctx, big, true); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err %v, want context.Canceled", err)
	}
}

// TestSolveSolitaireLevels: every level follows a solution when there is
// one, and otherwise avoids a move that fails at once.
func TestSolveSolitaireLevels(t *testing.T) {
	start := tchuka(4, 2).Start()
	noWayOut := tchukaPos(t, []int{0, 0, 1, 1}, 6, engine.Ongoing)
	for _, l := range Levels() {
		for seed := range int64(5) {
			m, err := l.MoveFrom(context.Background(), start, nil, seed)
			if err != nil || m != (engine.Move{Pit: 3}) {
				t.Errorf("%s seed %d, 4x2 start: %s, %v; want 3", l, seed, m, err)
			}
			// Pit 3 fails at once; pit 4 keeps the game going a move.
			m, err = l.MoveFrom(context.Background(), noWayOut, nil, seed)
			if err != nil || m != (engine.Move{Pit: 4}) {
				t.Errorf("%s seed %d, unsolvable 0 0 1 1: %s, %v; want 4", l, seed, m, err)
			}
		}
	}
}
