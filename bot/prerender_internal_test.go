package bot

import (
	"reflect"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
)

// TestSameOptions: two options draw the same board only when every field
// is the same; a field added to render.Options must be compared too.
func TestSameOptions(t *testing.T) {
	if n := reflect.TypeFor[render.Options]().NumField(); n != 7 {
		t.Fatalf("render.Options has %d fields: compare the new ones in sameOptions, then count them here", n)
	}
	base := render.Options{Events: []engine.Event{{Kind: engine.EventSow, Cell: 3, Count: 1}}, Names: [2]string{"a", "b"}}
	if !sameOptions(base, render.Options{Events: []engine.Event{{Kind: engine.EventSow, Cell: 3, Count: 1}}, Names: [2]string{"a", "b"}}) {
		t.Error("equal options differ")
	}
	for name, change := range map[string]func(*render.Options){
		"Events":     func(o *render.Options) { o.Events = []engine.Event{{Kind: engine.EventSow, Cell: 4, Count: 1}} },
		"Scale":      func(o *render.Options) { o.Scale = 2 },
		"Names":      func(o *render.Options) { o.Names[1] = "c" },
		"Seats":      func(o *render.Options) { o.Seats[2] = "d" },
		"SeatLabels": func(o *render.Options) { o.SeatLabels[2] = "East" },
		"Viewer":     func(o *render.Options) { o.Viewer = engine.North },
		"Status":     func(o *render.Options) { o.Status = engine.Draw },
	} {
		o := base
		change(&o)
		if sameOptions(base, o) {
			t.Errorf("options with another %s are the same", name)
		}
	}
}
