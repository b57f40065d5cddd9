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
// may not move), and the counts beyond come from the reference.
func TestPerftTable(t *testing.T) {
	cases := []struct {
		variant string
		opts    Options
		want    []uint64
	}{
		{"kalah", nil, []uint64{6, 35, 185, 942, 4690, 23233}},
		{"oware", nil, []uint64{6, 36, 190, 1014, 5219, 27332}},
		{"togyz", nil, []uint64{9, 73, 613, 5199, 43184}},
		{"congkak", nil, []uint64{7, 36, 230, 1406, 8295}},
		{"tchuka", nil, []uint64{4, 3, 6, 7, 3, 1}},
		{"bao-kenya", nil, []uint64{8, 63, 450, 3093, 20168, 127733}},
		{"bao-laps", nil, []uint64{8, 39, 138, 538, 1859, 6711}},
		{"bao-laps", Options{"infinite": "illegal"}, []uint64{8, 39, 138, 538, 1859}},
		// Bao la Kujifunza: depth 1 is the 16 opening captures (bao-rules.md
		// example J); depths up to 6 are confirmed by reference_kujifunza_test.go.
		{"bao-kujifunza", nil, []uint64{16, 108, 500, 1902, 6550, 23442}},
		// Bao la Kiswahili: depth 1 is 6L 6R 7L 7R (bao-rules.md example C);
		// confirmed by reference_bao_kiswahili_test.go.
		{"bao", nil, []uint64{4, 14, 38, 124, 405, 1430, 5655, 23270}},
		// Tshuba: every pit may be played at the start (16 on 4x8, 8 on
		// 4x4); confirmed by reference_tshuba_test.go.
		{"tshuba", nil, []uint64{16, 240, 2923, 32189, 346427}},
		{"tshuba", Options{"cols": "4"}, []uint64{8, 56, 295, 1452, 6732}},
		// Cross-sowing (more-games-rules.md section 12): every opening pit
		// holds 4, so all six go clockwise and none ends in the store;
		// confirmed by reference_test.go.
		{"kalah", Options{"cross": "true"}, []uint64{6, 36, 200, 1050, 5504, 28064}},
		{"oware", Options{"cross": "true"}, []uint64{6, 36, 200, 1061, 5633, 29506}},
	}
	for _, c := range cases {
		p := MustNew(c.variant, c.opts).Start()
		var got, full []uint64
		for d := 1; d <= len(c.want); d++ {
			got = append(got, Perft(p, d))
			full = append(full, PerftFull(p, d))
		}
		if !slices.Equal(got, c.want) || !slices.Equal(full, c.want) {
			t.Errorf("%s: perft %v, full %v, want %v", c.variant, got, full, c.want)
		}
	}
}
