package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/store"
)

// cycleStart is Oware with a seed on each side, North's store one ahead:
// South 1, North 1, South 2, North 2, ... South 6, North 6 brings it back
// after twelve moves.
const cycleStart = `{"variant":"oware","options":{%s},"to_move":"south","ply":0,
	"pits":{"south":[1,0,0,0,0,0],"north":[1,0,0,0,0,0]},"stores":{"south":22,"north":24},"status":"ongoing","extra":{}}`

// TestRepetitionEnd: under Abapa's rule (repetition=first) the twelfth
// move ends the game, each side taking its seed (23:25 for bob), and the
// board says the position came up again; under the default the game goes
// on and ends a cycle later, saying it came up for the third time.
func TestRepetitionEnd(t *testing.T) {
	for _, c := range []struct {
		opts      map[string]string
		json      string
		moves     int
		want, not string
	}{
		{map[string]string{"repetition": "first", "grand_slam": "nocapture"}, `"repetition":"first","grand_slam":"nocapture"`, 12,
			"Game over: @bob wins, 25:23. The same position came up again.", "third"},
		{nil, ``, 24, "Game over: @bob wins, 25:23. The same position came up for the third time.", "again"},
	} {
		h := newHarness(t, nil)
		g := &store.Game{Platform: "test", Channel: "c1", Variant: "oware",
			Options: c.opts, Start: strings.Replace(cycleStart, "%s", c.json, 1),
			Players:    []store.Player{{UserID: "alice", Name: "@alice"}, {UserID: "bob", Name: "@bob"}},
			Challenger: "alice", Phase: store.PhasePlaying, DrawOffer: -1, UndoOffer: -1,
			CreatedAt: h.now, UpdatedAt: h.now, TurnStarted: h.now}
		if err := h.db.CreateGame(context.Background(), g); err != nil {
			t.Fatal(err)
		}
		var last string
		for i := range c.moves {
			if h.live() == nil {
				t.Fatalf("%v: the game ended after %d moves: %q", c.opts, i, last)
			}
			user := []string{"alice", "bob"}[i%2]
			last = one(t, h.say(user, "/move "+string(rune('1'+i/2%6)))).Text
		}
		if h.live() != nil || !strings.Contains(last, c.want) || strings.Contains(last, c.not) {
			t.Errorf("%v: after %d moves: %q, want %q", c.opts, c.moves, last, c.want)
		}
	}
}

// TestRepetitionOptionRefused: a value the option does not have is refused
// in the requester's language, listing the values, and starts nothing.
func TestRepetitionOptionRefused(t *testing.T) {
	h := newHarness(t, nil)
	for lang, want := range map[string]string{
		"en": "repetition can be third, first, not “second”.",
		"ru": "repetition может быть: third, first, но не «second».",
		"da": "repetition kan være third, first, ikke »second«.",
		"pl": "repetition może mieć wartość: third, first, ale nie „second”.",
	} {
		h.wantRefusal(h.request("alice", lang, "/new oware repetition=second", false), want, nil)
	}
	// The values are written as the engine has them: "First" is refused too.
	h.wantRefusal(h.request("alice", "en", "/new oware bot repetition=First", false), "not “First”", nil)
	// A valid one starts the game under it.
	one(t, h.say("alice", "/new oware @bob repetition=first grand_slam=nocapture"))
	one(t, h.say("bob", "/accept"))
	if g := h.live(); g == nil || g.Options["repetition"] != "first" || g.Options["grand_slam"] != "nocapture" {
		t.Fatalf("game %+v", g)
	}
}
