package engine

import (
	"math/rand/v2"
	"testing"
)

// TestPitCells: for every variant's layout, PitCells lists the cells Pit
// gives for pits 1 to Pits, in that order, and nothing for a side the
// layout does not have; and the PitSeeds and Cells built on it agree with
// Cell along random games.
func TestPitCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, v := range Variants() {
		r := MustNew(v.ID, nil)
		l := r.Layout()
		for s := range Side(MaxSides) {
			got := l.PitCells(s)
			if int(s) >= l.Sides {
				if got != nil {
					t.Errorf("%s: PitCells(%d) = %v for a layout of %d sides", v.ID, s, got, l.Sides)
				}
				continue
			}
			if len(got) != l.Pits {
				t.Fatalf("%s: PitCells(%v) has %d cells, want %d", v.ID, s, len(got), l.Pits)
			}
			for i, c := range got {
				if want := l.Pit(s, i+1); c != want {
					t.Errorf("%s: PitCells(%v)[%d] = %d, Pit(%v, %d) = %d", v.ID, s, i, c, s, i+1, want)
				}
			}
		}
		p := r.Start()
		for range 60 {
			cells := p.Cells()
			for c := range Cell(MaxCells) {
				if int(cells[c]) != p.Cell(c) {
					t.Fatalf("%s: Cells()[%d] = %d, Cell = %d", v.ID, c, cells[c], p.Cell(c))
				}
			}
			for s := range Side(l.Sides) {
				want := 0
				for i := 1; i <= l.Pits; i++ {
					want += p.Pit(s, i)
				}
				if got := p.PitSeeds(s); got != want {
					t.Fatalf("%s: PitSeeds(%v) = %d, the pits hold %d", v.ID, s, got, want)
				}
			}
			moves := p.Moves()
			if p.Status() != Ongoing || len(moves) == 0 {
				break
			}
			p, _ = p.Play(moves[rng.IntN(len(moves))])
		}
	}
}
