package engine

import (
	"slices"
	"testing"
)

// Perft from the start, depths 1..n. Depths 1 and 2 are worked out by hand
// (Kalah: six moves; pit 3 ends in the store and South moves again from five
// pits, the other five moves give North six: 5*6+5 = 35); the deeper counts
// are confirmed by the slow reference implementation in reference_test.go
// and pinned here against regressions. Tchuka's only 6-ply line is the
// 4x2 solution. bao-kenya: eight moves; pit 6's three seeds end in the
// store and South moves again from seven pits, the other seven moves give
// North eight: 7+7*8 = 63. bao-laps: eight moves; after South's 1 (see
// TestBaoLapsRules) North has four, pits 2, 5, 6 and 8 (its singletons
// may not move), and the counts beyond come from the reference. The rows
// are in each variant's own test file (addPerft in engine/<id>_test.go).
func TestPerftTable(t *testing.T) {
	for _, v := range Variants() {
		for _, c := range perftRows[v.ID] {
			p := MustNew(v.ID, c.opts).Start()
			var got, full []uint64
			for d := 1; d <= len(c.want); d++ {
				got = append(got, Perft(p, d))
				full = append(full, PerftFull(p, d))
			}
			if !slices.Equal(got, c.want) || !slices.Equal(full, c.want) {
				t.Errorf("%s %v: perft %v, full %v, want %v", v.ID, c.opts, got, full, c.want)
			}
		}
	}
}
