package engine

import (
	"math/rand/v2"
	"testing"
)

// The word helpers of Oware's fast paths against byte-by-byte loops, on
// every byte value in every position and on random words.
func TestWordHelpers(t *testing.T) {
	check := func(x uint64) {
		t.Helper()
		mask, sum := 0, 0
		for i := range 6 {
			b := int(x >> (8 * i) & 0xff)
			if b != 0 {
				mask |= 1 << i
			}
			sum += b
		}
		if got := nonzeroBytes(x); got != mask {
			t.Fatalf("nonzeroBytes(%#x) = %#b, want %#b", x, got, mask)
		}
		if x>>48 == 0 && sum < 256 {
			if got := byteSum(x); got != sum {
				t.Fatalf("byteSum(%#x) = %d, want %d", x, got, sum)
			}
		}
	}
	for i := range 6 {
		for b := range uint64(256) {
			check(b << (8 * i))
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		x := rng.Uint64() & 0xffffffffffff
		if rng.IntN(2) == 0 { // small pits, sums under 256
			x &= 0x1f1f1f1f1f1f
		}
		check(x)
	}
}
