package bot_test

import (
	"strings"
	"testing"
)

// In Abawo (ayoayo capture=owner) a four made on the other side goes to
// that side's owner: the move line credits it to them, not to the mover.
func TestCaptureCreditedToItsTaker(t *testing.T) {
	h := newHarness(t, nil)
	r := one(t, h.say("alice", "/new ayoayo @bob capture=owner"))
	r = one(t, h.press("bob", buttonFor(t, r, "✔")))
	var last string
	for i, m := range []struct{ user, pit string }{{"alice", "1"}, {"bob", "1"}, {"alice", "1"}, {"bob", "2"}} {
		r = one(t, h.press(m.user, buttonFor(t, r, m.pit)))
		if i == 3 {
			last = r.Text
		}
	}
	// bob's pit 2 makes a four in alice's row: alice takes it (stores
	// then 12:4, computed with the engine).
	if !strings.Contains(last, "@alice captured 4") || strings.Contains(last, "@bob captured") {
		t.Errorf("move line %q: want the four credited to @alice", last)
	}
}
