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
