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
		// Bao la Kujifunza: depth 1 is the 16 opening captures
		// (docs/sources/bao-rules.md example J); depths up to 6 are confirmed
		// by reference_kujifunza_test.go.
		{"bao-kujifunza", nil, []uint64{16, 108, 500, 1902, 6550, 23442}},
		// Bao la Kiswahili: depth 1 is 6L 6R 7L 7R (docs/sources/bao-rules.md
		// example C); confirmed by reference_bao_kiswahili_test.go.
		{"bao", nil, []uint64{4, 14, 38, 124, 405, 1430, 5655, 23270}},
		// Ruma: six moves (every pocket's 4 seeds end beside others); the
		// counts beyond are confirmed by reference_ruma_test.go.
		{"ruma", nil, []uint64{6, 36, 216, 1182, 5086, 22570}},
		// Ayo-ayo: depths up to 6 (pits=12: 5) are confirmed by
		// reference_ayoayo_test.go.
		{"ayoayo", nil, []uint64{6, 32, 140, 638, 2956, 13327}},
		{"ayoayo", Options{"capture": "mixed", "pits": "12"}, []uint64{12, 116, 1223, 12429, 121705}},
		// La'b madjnuni has no choice: perft is 1 while the game goes on.
		// The game from the start ends after exactly 70 plies (North wins
		// 61-37 when South's row is empty); reference_madjnuni_test.go
		// confirms such whole-game counts.
		{"madjnuni", nil, append(slices.Repeat([]uint64{1}, 70), 0)},
		// Afrika: eight sowings, then North has eight; the first capture
		// comes at depth 3; confirmed by reference_afrika_test.go.
		{"afrika", nil, []uint64{8, 64, 383, 1996, 10345, 53537}},
		// Ohojitxi: six sowings a side; the first capture (and its drop, a
		// ply of its own) comes at depth 7; confirmed by
		// reference_ohojitxi_test.go.
		{"ohojitxi", nil, []uint64{6, 36, 180, 900, 4500, 22500, 122400}},
		// Oware Nam Nam: confirmed by reference_namnam_test.go.
		{"namnam", nil, []uint64{6, 32, 140, 638, 3029, 13835}},
		// The three-row games: confirmed by reference_gabata_test.go (depth 5 in
		// the test, depth 6 once by hand).
		{"gabata", nil, []uint64{9, 62, 405, 2468, 14594, 85459}},
		{"gabata", Options{"serial": "false", "column": "both"}, []uint64{9, 62, 410, 2594, 15774}},
		{"selus", nil, []uint64{9, 71, 544, 4119, 30017, 214707}},
		{"sulus", nil, []uint64{9, 71, 544, 4107, 30383, 220857}},
		// Tshuba: every pit may be played at the start (16 on 4x8, 8 on
		// 4x4); confirmed by reference_tshuba_test.go.
		{"tshuba", nil, []uint64{16, 240, 2923, 32189, 346427}},
		{"tshuba", Options{"cols": "4"}, []uint64{8, 56, 295, 1452, 6732}},
		// Cross-sowing (docs/sources/more-games-rules.md section 12): every
		// opening pit holds 4, so all six go clockwise and none ends in the
		// store; confirmed by reference_test.go.
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
