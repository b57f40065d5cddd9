package engine

import "testing"

// register refuses a variant whose Order or aliases another variant has
// taken, and one without an Order.
func TestRegisterRefusesClashes(t *testing.T) {
	for _, v := range []*Variant{
		{ID: "no-order", BoardBytes: SmallBoardBytes},
		{ID: "same-order", BoardBytes: SmallBoardBytes, Order: 10},
		{ID: "alias-taken", BoardBytes: SmallBoardBytes, Order: 11, Aliases: []string{"mancala"}},
		{ID: "alias-is-id", BoardBytes: SmallBoardBytes, Order: 11, Aliases: []string{"oware"}},
		{ID: "mancala", BoardBytes: SmallBoardBytes, Order: 11},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("register(%s) did not panic", v.ID)
				}
			}()
			register(v)
		}()
		if _, ok := registry[v.ID]; ok {
			t.Errorf("%s registered", v.ID)
		}
	}
}

// The rules that pass when stuck say so (engine.Passer), and only they.
func TestPassesWhenStuck(t *testing.T) {
	for _, tc := range []struct {
		id   string
		opts Options
		want bool
	}{
		{"selus", nil, true},
		{"sulus", nil, true},
		{"ayoayo", Options{"starve": "false"}, true},
		{"ayoayo", nil, false},
		{"kalah", nil, false},
		{"gabata", nil, false},
	} {
		p, ok := MustNew(tc.id, tc.opts).(Passer)
		if got := ok && p.PassesWhenStuck(); got != tc.want {
			t.Errorf("%s %v: passes when stuck %v, want %v", tc.id, tc.opts, got, tc.want)
		}
	}
}
