package engine

import (
	"errors"
	"fmt"
	"strconv"
)

// Reason says why a move is illegal. The bot turns it into a localized
// sentence; Error gives the English one.
type Reason uint8

// Reasons a move can be refused.
const (
	// GameOver: the game has already ended.
	GameOver Reason = iota + 1
	// NoSuchPit: the pit number is outside 1..N.
	NoSuchPit
	// EmptyPit: the pit has no seeds.
	EmptyPit
	// MustFeed: the opponent has no seeds and another move would give
	// them some (Oware).
	MustFeed
	// GrandSlamForbidden: the move would capture all of the opponent's
	// seeds while another move would not (Oware, grand_slam=forbidden).
	GrandSlamForbidden
	// TuzdykPit: the pit is a tuzdyk and is never played from (Togyz).
	TuzdykPit
	// NeedsNoDirection: a direction, or a "+" (Move.Plus), was given to a
	// variant or a move that has no such choice.
	NeedsNoDirection
	// SwapUnavailable: the pie rule is off, or the moment for it has passed.
	SwapUnavailable
	// DirectionNeeded: the variant needs a direction (L or R) and the move
	// has none (Bao la Kujifunza, N2).
	DirectionNeeded
	// SingletonPit: the pit holds a single seed, which may not start a move
	// (Bao la Kujifunza, J3/J7).
	SingletonPit
	// MustCapture: a capturing move exists, so one must be played (Bao la
	// Kujifunza, J4).
	MustCapture
	// FrontRowFirst: a move from the back row while a front pit holds 2 or
	// more seeds (Bao la Kujifunza, J7).
	FrontRowFirst
	// FrontRowEmptied: a takasa from the only occupied front pit, a kichwa,
	// towards the back row (Bao la Kujifunza, J8, suicide=forbidden).
	FrontRowEmptied
	// NeverEnding: the move would never end (Bao, R2, infinite=illegal).
	NeverEnding
	// NyumbaForbidden: a namua takasa seed into the functional nyumba while
	// another front pit is occupied (Bao la Kiswahili, S4).
	NyumbaForbidden
	// PlusNotAllowed: a "+" (safari) on a move that never reaches its
	// nyumba's safari point, or where the rules do not offer it (Bao la
	// Kiswahili, N4).
	PlusNotAllowed
	// TakasiaPit: the pit is takasia'd (blocked) this turn (Bao la
	// Kiswahili, S13).
	TakasiaPit
	// MustCaptureTakasia: the capture does not take the opponent's
	// takasia'd pit, which this move must (Bao la Kiswahili, S13).
	MustCaptureTakasia
	// KichwaDirection: a namua capture at a kimbi pit names the wrong
	// kichwa: at pit 1 or 2 only R, at 7 or 8 only L (Bao la Kiswahili, N3).
	KichwaDirection
	// LoneSeed: the move's last seed would lie alone in a pocket; it must
	// end in a store or in a pocket then holding 2 or more (Ruma, rule 6).
	LoneSeed
	// NotCapturable: the move names an opponent's pit that cannot be
	// captured now: it is empty, or the mover's pit facing it is not
	// (Afrika, A2).
	NotCapturable
	// MustCaptureSmallest: the capture takes a bigger pit than the
	// smallest one that can be taken (Afrika, A2).
	MustCaptureSmallest
	// DropPending: the captured seeds must first be dropped into an
	// opponent's pit (Ohojitxi, O5).
	DropPending
	// SameDropPit: the drop names the opponent's pit of the player's
	// previous drop (Ohojitxi, O5).
	SameDropPit
	// NotYourPit: the pit belongs to the other player now (Nam Nam, 3).
	NotYourPit
	// ClaimNeeded: the leader must claim a pit of the other row that is
	// not yet his, 7..12 (Nam Nam's claim phase, 11).
	ClaimNeeded
	// TrapPit: the pit is a trap (a wegue) and is never played from
	// (Selus, Sulus).
	TrapPit
)

// IllegalMoveError is returned for a move the rules do not allow in a
// position. It carries the reason so callers can explain it in any language.
type IllegalMoveError struct {
	Move   Move
	Reason Reason
}

// Error says in English why the move is illegal, e.g. "pit 3 is empty".
func (e *IllegalMoveError) Error() string {
	if d, ok := reasons[e.Reason]; ok && d.english != nil {
		return d.english(e.Move)
	}
	return fmt.Sprintf("move %s is illegal", e.Move)
}

// reasonArgs says what a reason's message takes as its Pit.
type reasonArgs uint8

const (
	argMove reasonArgs = iota // the move as written ("3", "3L", "3+")
	argPit                    // the pit number alone
	argNone                   // nothing
)

// reasonDef is what a Reason means: the message key the bot shows the
// player (in locales/text/<lang>/), what the key's text takes, and the
// English sentence of IllegalMoveError.Error.
type reasonDef struct {
	key     string
	args    reasonArgs
	english func(m Move) string
}

// reasons is the one table of the refusal reasons. A reason only one
// variant uses may instead be declared in that variant's file with
// newReason (as madjnuni.go's NotHeadPit), which enters it here.
var reasons = map[Reason]reasonDef{
	GameOver:  {"err_game_over", argNone, func(Move) string { return "the game is over" }},
	NoSuchPit: {"err_bad_pit", argMove, func(m Move) string { return fmt.Sprintf("there is no pit %d", m.Pit) }},
	EmptyPit:  {"err_empty_pit", argMove, func(m Move) string { return fmt.Sprintf("pit %d is empty", m.Pit) }},
	MustFeed: {"err_must_feed", argMove, func(m Move) string {
		return fmt.Sprintf("pit %d leaves the opponent without seeds; a move that feeds them must be played", m.Pit)
	}},
	GrandSlamForbidden: {"err_grand_slam", argMove, func(m Move) string {
		return fmt.Sprintf("pit %d would capture all the opponent's seeds, which is forbidden while another move exists", m.Pit)
	}},
	TuzdykPit: {"err_tuzdyk_pit", argMove, func(m Move) string { return fmt.Sprintf("pit %d is a tuzdyk and cannot be played", m.Pit) }},
	NeedsNoDirection: {"err_bad_pit", argMove, func(m Move) string {
		if m.Dir == DirNone {
			return fmt.Sprintf("%s: this move has no choice to go on", m)
		}
		return fmt.Sprintf("%s: this game has no sowing direction to choose", m)
	}},
	SwapUnavailable: {"err_swap_unavailable", argNone, func(Move) string { return "swapping sides is not possible now" }},
	DirectionNeeded: {"err_direction_needed", argPit, func(m Move) string {
		return fmt.Sprintf("%s: say which way to sow, e.g. %dL or %dR", m, m.Pit, m.Pit)
	}},
	SingletonPit: {"err_singleton_pit", argMove, func(m Move) string {
		return fmt.Sprintf("pit %d holds a single seed, which may not start a move here", m.Pit)
	}},
	MustCapture: {"err_must_capture", argMove, func(m Move) string {
		return fmt.Sprintf("%s does not capture; a capturing move must be played", m)
	}},
	FrontRowFirst: {"err_front_row_first", argMove, func(m Move) string {
		return fmt.Sprintf("pit %d is in the back row; a front-row pit with 2 or more seeds must be played first", m.Pit)
	}},
	FrontRowEmptied: {"err_front_row_emptied", argMove, func(m Move) string {
		return fmt.Sprintf("%s would empty your front row: sow from this kichwa towards the centre", m)
	}},
	NeverEnding: {"err_never_ending", argMove, func(m Move) string { return fmt.Sprintf("%s would never end", m) }},
	NyumbaForbidden: {"err_nyumba_forbidden", argMove, func(m Move) string {
		return fmt.Sprintf("%s: the nyumba takes a seed only when it is the only occupied front pit", m)
	}},
	PlusNotAllowed: {"err_plus_not_allowed", argMove, func(m Move) string {
		return fmt.Sprintf("%s: this move has no safari to go on", m)
	}},
	TakasiaPit: {"err_takasia_pit", argMove, func(m Move) string {
		return fmt.Sprintf("pit %d is takasia'd (blocked) this turn", m.Pit)
	}},
	MustCaptureTakasia: {"err_must_capture_takasia", argMove, func(m Move) string {
		return fmt.Sprintf("%s does not capture the takasia'd pit, which must be captured", m)
	}},
	KichwaDirection: {"err_kichwa_direction", argMove, func(m Move) string {
		return fmt.Sprintf("%s: a capture at pit %d sows from the nearest kichwa; write %d%s", m, m.Pit, m.Pit, map[bool]string{true: "R", false: "L"}[m.Pit <= 2])
	}},
	LoneSeed: {"err_lone_seed", argMove, func(m Move) string {
		return fmt.Sprintf("pit %d: the last seed would lie alone; it must end in a ruma or beside other seeds", m.Pit)
	}},
	NotCapturable: {"err_not_capturable", argMove, func(m Move) string {
		return fmt.Sprintf("%s: that pit of the opponent cannot be captured (it is empty, or your pit facing it is not)", m)
	}},
	MustCaptureSmallest: {"err_must_capture_smallest", argMove, func(m Move) string {
		return fmt.Sprintf("%s: the capture must take the smallest of the pits that can be taken", m)
	}},
	DropPending: {"err_drop_pending", argMove, func(m Move) string {
		return fmt.Sprintf("%s: first drop the captured seeds into one of the opponent's pits", m)
	}},
	SameDropPit: {"err_same_drop_pit", argMove, func(m Move) string {
		return fmt.Sprintf("%s: the seeds may not be dropped into the pit of your previous drop", m)
	}},
	NotYourPit: {"err_not_your_pit", argMove, func(m Move) string { return fmt.Sprintf("pit %d is not yours", m.Pit) }},
	ClaimNeeded: {"err_claim_needed", argNone, func(m Move) string {
		return fmt.Sprintf("%s: claim a pit of the other row that is not yours yet (7..12)", m)
	}},
	TrapPit: {"err_trap_pit", argMove, func(m Move) string { return fmt.Sprintf("pit %d is a trap and cannot be played", m.Pit) }},
}

// lastReason is the highest Reason in use; newReason numbers after it.
var lastReason = TrapPit

// newReason declares a refusal reason outside the constants above, for a
// variant's own file: key is its message key (present in every language's
// texts, with the move as {Pit}), english its English sentence.
//
//	var OffBoard = newReason("err_off_board", func(m Move) string { ... })
func newReason(key string, english func(m Move) string) Reason {
	lastReason++
	reasons[lastReason] = reasonDef{key, argMove, english}
	return lastReason
}

// Message returns the message key and its arguments that explain the
// refusal of move m for reason r to a player: "err_empty_pit" with the
// move as "Pit". A reason without a key of its own (0, NoSuchPit,
// NeedsNoDirection) gives "err_bad_pit".
func (r Reason) Message(m Move) (key string, args map[string]any) {
	d, ok := reasons[r]
	if !ok {
		d = reasonDef{key: "err_bad_pit"}
	}
	switch d.args {
	case argPit:
		return d.key, map[string]any{"Pit": strconv.Itoa(int(m.Pit))}
	case argNone:
		return d.key, nil
	}
	return d.key, map[string]any{"Pit": m.String()}
}

// Reasons returns every declared refusal reason, in order.
func Reasons() []Reason {
	out := make([]Reason, 0, len(reasons))
	for r := Reason(1); r <= lastReason; r++ {
		if _, ok := reasons[r]; ok {
			out = append(out, r)
		}
	}
	return out
}

func illegal(m Move, r Reason) error { return &IllegalMoveError{Move: m, Reason: r} }

// ReasonOf returns the reason carried by an *IllegalMoveError in err's
// chain, or 0.
func ReasonOf(err error) Reason {
	var e *IllegalMoveError
	if errors.As(err, &e) {
		return e.Reason
	}
	return 0
}
