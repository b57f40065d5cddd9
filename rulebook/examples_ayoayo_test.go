package rulebook

import (
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// TestExamplesAyoayoMadjnuni: the examples of Ayo-ayo and La'b madjnuni
// hold under every option value, each shows its section's feature, the
// standard boards need no search, and the capture example of section 14
// takes what the rules say for each capture option.
func TestExamplesAyoayoMadjnuni(t *testing.T) {
	for _, set := range []struct {
		id   string
		opts engine.Options
		want int // examples
	}{
		{"ayoayo", nil, 2},
		{"ayoayo", engine.Options{"capture": "owner"}, 2},
		{"ayoayo", engine.Options{"capture": "mixed", "starve": "false"}, 2},
		{"ayoayo", engine.Options{"capture": "mixed", "pits": "12"}, 2},
		{"madjnuni", nil, 3},
		{"madjnuni", engine.Options{"opposite": "false"}, 3},
		{"madjnuni", engine.Options{"seeds": "4"}, 3},
	} {
		ex := Examples(set.id, set.opts)
		if len(ex) != set.want {
			t.Errorf("%s %v: %d examples, want %d:\n%s", set.id, set.opts, len(ex), set.want, describe(ex))
		}
		for _, e := range ex {
			if err := e.Check(); err != nil {
				t.Errorf("%s %v: %s/%s: %v", set.id, set.opts, e.Section, e.Shows, err)
			}
		}
	}
	n := searches.Load()
	for _, c := range []string{"sower", "owner", "mixed"} {
		ex := ayoayo(engine.MustNew("ayoayo", engine.Options{"capture": c}))
		after, _ := ex[1].Play()
		got := [2]int{after.Store(engine.South) - ex[1].Before.Store(engine.South), after.Store(engine.North) - ex[1].Before.Store(engine.North)}
		want := map[string][2]int{"sower": {8, 0}, "owner": {0, 8}, "mixed": {4, 4}}[c]
		if got != want {
			t.Errorf("capture=%s: the section 14 example takes %v, want %v", c, got, want)
		}
	}
	madjnuni(engine.MustNew("madjnuni", engine.Options{"opposite": "false"}))
	if d := searches.Load() - n; d != 0 {
		t.Errorf("%d searches on standard boards", d)
	}
}
