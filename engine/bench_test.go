package engine

import (
	"testing"
	"time"
)

// Perft speed per variant, in leaves per second. Perft counts the last ply
// without playing it; PerftFull plays every move, so it measures making
// moves too. Run with: go test ./engine -run '^$' -bench Perft -cpu 1
func BenchmarkPerft(b *testing.B) {
	// The rows of the variants' own test files (addBench), in the order
	// of Variants.
	type benchCase struct {
		id string
		benchRow
	}
	var cases []benchCase
	for _, v := range Variants() {
		for _, r := range benchRows[v.ID] {
			cases = append(cases, benchCase{v.ID, r})
		}
	}
	for _, full := range []bool{false, true} {
		for _, c := range cases {
			name := c.name
			if full {
				name += "/full"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				start := MustNew(c.id, c.opts).Start()
				var leaves uint64
				t0 := time.Now()
				for b.Loop() {
					if full {
						leaves += PerftFull(start, c.depth)
					} else {
						leaves += Perft(start, c.depth)
					}
				}
				b.ReportMetric(float64(leaves)/time.Since(t0).Seconds(), "leaves/s")
			})
		}
	}
}

// One move applied in place, without events: the search's inner loop.
func BenchmarkApply(b *testing.B) {
	for _, id := range []string{"kalah", "oware", "togyz", "congkak", "bao-kenya", "bao-laps", "bao-kujifunza", "bao"} {
		b.Run(id, func(b *testing.B) {
			r := MustNew(id, nil)
			p := r.Start()
			var buf [MaxMoves]Move
			moves := r.AppendMoves(&p, buf[:0])
			b.ReportAllocs()
			q := new(Position) // a local's address passed to Apply would escape
			i := 0
			for b.Loop() {
				*q = p
				r.Apply(q, moves[i%len(moves)], nil)
				i++
			}
		})
	}
}
