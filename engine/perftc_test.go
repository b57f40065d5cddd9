package engine

import (
	"fmt"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestPerftC builds the C baseline of the perft speed figures
// (testdata/perftc/perft.c, see its README) and checks that it counts the
// same leaves as Perft and PerftFull at every depth up to a small one, from
// the start and from positions of seeded random games and hand-made ones
// (a 12+-seed Oware pit, a starving side, a grand slam, tuzdyks), so that
// the speed comparison in docs/performance.md compares the same work.
// Skipped without gcc.
func TestPerftC(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc: the C baseline is not built")
	}
	bin := filepath.Join(t.TempDir(), "perftc")
	if out, err := exec.Command(gcc, "-O2", "-Wall", "-Werror", "-o", bin, filepath.Join("testdata", "perftc", "perft.c")).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	type tc struct {
		id          string
		startDepth  int // from the start
		randomDepth int // from the other positions
		made        []*board
	}
	cases := []tc{
		{"kalah", 8, 5, []*board{
			{toMove: North, south: []int{0, 0, 14, 1, 0, 2}, north: []int{1, 0, 3, 0, 0, 13}, stores: [2]int{7, 7}},
		}},
		{"oware", 8, 6, []*board{
			// 12+ seeds skip their pit; North starving, South must feed.
			{toMove: South, south: []int{0, 2, 0, 15, 1, 0}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{14, 16}},
			// A grand slam: pit 6 takes all of North's 2s and 3s.
			{toMove: South, south: []int{1, 0, 0, 0, 0, 5}, north: []int{1, 2, 1, 2, 2, 0}, stores: [2]int{16, 18}},
			// Sparse: few seeds going round.
			{toMove: North, south: []int{0, 0, 1, 0, 0, 0}, north: []int{0, 0, 0, 1, 0, 1}, stores: [2]int{22, 23}},
		}},
		{"togyz", 6, 4, []*board{
			// South's tuzdyk is North's pit 3; big piles sow round into it.
			{toMove: South, south: []int{20, 0, 1, 2, 9, 0, 0, 30, 1}, north: []int{3, 1, 0, 2, 19, 1, 2, 0, 4},
				stores: [2]int{40, 27}, extra: `{"tuzdyk":{"south":3,"north":0}}`},
			// Both have one; North may not make a second.
			{toMove: North, south: []int{2, 0, 2, 2, 1, 0, 2, 2, 24}, north: []int{2, 0, 1, 2, 2, 21, 2, 2, 2},
				stores: [2]int{45, 48}, extra: `{"tuzdyk":{"south":2,"north":6}}`},
		}},
	}
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			r := MustNew(c.id, nil)
			checkPerftC(t, bin, r.Start(), c.startDepth)
			for _, b := range c.made {
				checkPerftC(t, bin, b.setup(t, r), c.randomDepth)
			}
			rng := rand.New(rand.NewPCG(27, uint64(len(c.id))))
			var buf [MaxMoves]Move
			for game := range 8 {
				p := r.Start()
				for ply := 1; p.status == Ongoing; ply++ {
					if ply%12 == game%12 {
						checkPerftC(t, bin, p, c.randomDepth)
					}
					moves := r.AppendMoves(&p, buf[:0])
					r.Apply(&p, moves[rng.IntN(len(moves))], nil)
				}
			}
		})
	}
}

// checkPerftC compares perftc's counts from p at depths 1..depth with
// Perft's and PerftFull's.
func checkPerftC(t *testing.T, bin string, p Position, depth int) {
	t.Helper()
	args := []string{p.rules.Variant().ID, strconv.Itoa(depth), strconv.Itoa(int(p.toMove))}
	for c := range p.rules.Layout().Cells {
		args = append(args, strconv.Itoa(int(p.cells[c])))
	}
	if p.rules.Variant().ID == "togyz" {
		for s := range 2 {
			args = append(args, strconv.Itoa(int(p.aux[s])-1)) // aux: 1 + the cell, 0 for none
		}
	}
	out, err := exec.Command(bin, args...).Output()
	if err != nil {
		t.Fatalf("perftc %s: %v", strings.Join(args, " "), err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != depth+1 {
		t.Fatalf("perftc %s printed %d lines, want %d:\n%s", strings.Join(args, " "), len(lines), depth+1, out)
	}
	for d := 1; d <= depth; d++ {
		var n uint64
		if _, err := fmt.Sscanf(lines[d-1], "depth %d: %d", new(int), &n); err != nil {
			t.Fatalf("perftc line %q: %v", lines[d-1], err)
		}
		if want, full := Perft(p, d), PerftFull(p, d); n != want || n != full {
			t.Errorf("perftc %s: depth %d: C counts %d, Perft %d, PerftFull %d", strings.Join(args, " "), d, n, want, full)
		}
	}
}
