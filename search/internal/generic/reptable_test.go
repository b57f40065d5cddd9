package generic

import (
	"math/rand/v2"
	"testing"
)

// TestRepTableAsMap: a long random run of increments and decrements, with
// keys drawn from a small set whose A words collide on purpose (so runs
// wrap, grow and are shifted back on deletion), leaves repTable counting
// exactly as a map does after every step.
func TestRepTableAsMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	keys := make([]pkey, 600)
	for i := range keys {
		// A words share their low bits in groups of 8: long runs.
		keys[i] = pkey{A: uint64(i/8)<<20 | uint64(rng.IntN(4)), B: uint64(i)}
	}
	tab := newRepTable()
	want := map[pkey]int32{}
	var live []pkey // one entry per occurrence held
	for step := range 200_000 {
		if len(live) > 0 && (rng.IntN(2) == 0 || len(live) > 900) {
			j := rng.IntN(len(live))
			k := live[j]
			live[j] = live[len(live)-1]
			live = live[:len(live)-1]
			want[k]--
			if want[k] == 0 {
				delete(want, k)
			}
			if got := tab.dec(k); got != want[k] {
				t.Fatalf("step %d: dec(%v) = %d, want %d", step, k, got, want[k])
			}
		} else {
			k := keys[rng.IntN(len(keys))]
			live = append(live, k)
			want[k]++
			if got := tab.inc(k); got != want[k] {
				t.Fatalf("step %d: inc(%v) = %d, want %d", step, k, got, want[k])
			}
		}
		if step%997 == 0 {
			for _, k := range keys {
				if got := tab.get(k); got != want[k] {
					t.Fatalf("step %d: get(%v) = %d, want %d", step, k, got, want[k])
				}
			}
			if tab.used != len(want) {
				t.Fatalf("step %d: %d slots used, %d keys held", step, tab.used, len(want))
			}
		}
	}
}
