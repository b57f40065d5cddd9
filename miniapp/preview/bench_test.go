package preview

import (
	"encoding/json"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// BenchmarkTap measures what a tap costs the server: every choice of the
// tapped pit previewed and encoded as JSON.
func BenchmarkTap(b *testing.B) {
	for _, tc := range []struct {
		variant string
		cell    engine.Cell
	}{
		{"kalah", 2},         // pit 3 at the start
		{"oware", 2},         // pit 3 at the start
		{"bao-kujifunza", 2}, // S3 at the start: two directions, captures sown on
	} {
		b.Run(tc.variant, func(b *testing.B) {
			p := engine.MustNew(tc.variant, nil).Start()
			for b.Loop() {
				for _, pv := range Tap(p, tc.cell) {
					if _, err := json.Marshal(pv); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
