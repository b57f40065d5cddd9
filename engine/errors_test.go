package engine

import "testing"

// The reasons' English sentences and message keys, as the bot showed them
// before the table of reasons existed.
func TestReasonTable(t *testing.T) {
	for _, tc := range []struct {
		r        Reason
		m        Move
		text     string
		key, pit string
	}{
		{0, Move{Pit: 3}, "move 3 is illegal", "err_bad_pit", "3"},
		{NoSuchPit, Move{Pit: 9}, "there is no pit 9", "err_bad_pit", "9"},
		{EmptyPit, Move{Pit: 3}, "pit 3 is empty", "err_empty_pit", "3"},
		{NeedsNoDirection, Move{Pit: 3, Dir: DirLeft}, "3L: this game has no sowing direction to choose", "err_bad_pit", "3L"},
		{DirectionNeeded, Move{Pit: 4}, "4: say which way to sow, e.g. 4L or 4R", "err_direction_needed", "4"},
		{KichwaDirection, Move{Pit: 2, Dir: DirLeft}, "2L: a capture at pit 2 sows from the nearest kichwa; write 2R", "err_kichwa_direction", "2L"},
		{GameOver, Move{Pit: 1}, "the game is over", "err_game_over", ""},
		{ClaimNeeded, Move{Pit: 3}, "3: claim a pit of the other row that is not yours yet (7..12)", "err_claim_needed", ""},
		{TrapPit, Move{Pit: 5}, "pit 5 is a trap and cannot be played", "err_trap_pit", "5"},
	} {
		if got := (&IllegalMoveError{Move: tc.m, Reason: tc.r}).Error(); got != tc.text {
			t.Errorf("reason %d: Error() = %q, want %q", tc.r, got, tc.text)
		}
		key, args := tc.r.Message(tc.m)
		pit, _ := args["Pit"].(string)
		if key != tc.key || pit != tc.pit || (tc.pit == "") != (args == nil) {
			t.Errorf("reason %d: Message = %s %v, want %s Pit=%q", tc.r, key, args, tc.key, tc.pit)
		}
	}
	// NotHeadPit is declared in madjnuni.go, after the constants.
	if n := len(Reasons()); n != int(TrapPit)+1 || NotHeadPit != TrapPit+1 {
		t.Errorf("%d reasons, NotHeadPit %d; want %d and %d", n, NotHeadPit, TrapPit+1, TrapPit+1)
	}
	key, args := NotHeadPit.Message(Move{Pit: 3})
	if text := (&IllegalMoveError{Move{Pit: 3}, NotHeadPit}).Error(); key != "err_not_head_pit" || args["Pit"] != "3" ||
		text != "pit 3 cannot be played: every move starts from pit 7, or the nearest non-empty pit to its left" {
		t.Errorf("NotHeadPit: %s %v %q", key, args, text)
	}
}
