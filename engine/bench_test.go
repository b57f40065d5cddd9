package engine

import (
	"testing"
	"time"
)

// Perft speed per variant, in leaves per second. Perft counts the last ply
// without playing it; PerftFull plays every move, so it measures making
// moves too. Run with: go test ./engine -run '^$' -bench Perft -cpu 1
func BenchmarkPerft(b *testing.B) {
	cases := []struct {
		name  string
		rules Rules
		depth int
	}{
		{"kalah", MustNew("kalah", nil), 9},
		{"oware", MustNew("oware", nil), 9},
		{"togyz", MustNew("togyz", nil), 6},
		{"congkak", MustNew("congkak", nil), 7},
		{"tchuka-6x4", MustNew("tchuka", Options{"pits": "6", "seeds": "4"}), 12},
		{"bao-kenya", MustNew("bao-kenya", nil), 7},
		{"bao-laps", MustNew("bao-laps", nil), 8},
		{"bao-kujifunza", MustNew("bao-kujifunza", nil), 7},
		{"bao", MustNew("bao", nil), 9},
		{"ruma", MustNew("ruma", nil), 8},
		{"ayoayo", MustNew("ayoayo", nil), 7},
		{"madjnuni", MustNew("madjnuni", nil), 70},
		{"afrika", MustNew("afrika", nil), 7},
		{"ohojitxi", MustNew("ohojitxi", nil), 10},
		{"namnam", MustNew("namnam", nil), 8},
		{"gabata", MustNew("gabata", nil), 7},
		{"selus", MustNew("selus", nil), 7},
		{"sulus", MustNew("sulus", nil), 7},
		{"tshuba", MustNew("tshuba", nil), 5},
	}
	for _, full := range []bool{false, true} {
		for _, c := range cases {
			name := c.name
			if full {
				name += "/full"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				start := c.rules.Start()
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
