package engine

import (
	"errors"
	"fmt"
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
	// NotHeadPit: the move must start from the head, pit 7, or the nearest
	// non-empty pit to its left (La'b madjnuni, rule 3).
	NotHeadPit
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
	p := e.Move.Pit
	switch e.Reason {
	case GameOver:
		return "the game is over"
	case NoSuchPit:
		return fmt.Sprintf("there is no pit %d", p)
	case EmptyPit:
		return fmt.Sprintf("pit %d is empty", p)
	case MustFeed:
		return fmt.Sprintf("pit %d leaves the opponent without seeds; a move that feeds them must be played", p)
	case GrandSlamForbidden:
		return fmt.Sprintf("pit %d would capture all the opponent's seeds, which is forbidden while another move exists", p)
	case TuzdykPit:
		return fmt.Sprintf("pit %d is a tuzdyk and cannot be played", p)
	case NeedsNoDirection:
		if e.Move.Dir == DirNone {
			return fmt.Sprintf("%s: this move has no choice to go on", e.Move)
		}
		return fmt.Sprintf("%s: this game has no sowing direction to choose", e.Move)
	case SwapUnavailable:
		return "swapping sides is not possible now"
	case DirectionNeeded:
		return fmt.Sprintf("%s: say which way to sow, e.g. %dL or %dR", e.Move, p, p)
	case SingletonPit:
		return fmt.Sprintf("pit %d holds a single seed, which may not start a move here", p)
	case MustCapture:
		return fmt.Sprintf("%s does not capture; a capturing move must be played", e.Move)
	case FrontRowFirst:
		return fmt.Sprintf("pit %d is in the back row; a front-row pit with 2 or more seeds must be played first", p)
	case FrontRowEmptied:
		return fmt.Sprintf("%s would empty your front row: sow from this kichwa towards the centre", e.Move)
	case NeverEnding:
		return fmt.Sprintf("%s would never end", e.Move)
	case NyumbaForbidden:
		return fmt.Sprintf("%s: the nyumba takes a seed only when it is the only occupied front pit", e.Move)
	case PlusNotAllowed:
		return fmt.Sprintf("%s: this move has no safari to go on", e.Move)
	case TakasiaPit:
		return fmt.Sprintf("pit %d is takasia'd (blocked) this turn", p)
	case MustCaptureTakasia:
		return fmt.Sprintf("%s does not capture the takasia'd pit, which must be captured", e.Move)
	case KichwaDirection:
		return fmt.Sprintf("%s: a capture at pit %d sows from the nearest kichwa; write %d%s", e.Move, p, p, map[bool]string{true: "R", false: "L"}[p <= 2])
	case LoneSeed:
		return fmt.Sprintf("pit %d: the last seed would lie alone; it must end in a ruma or beside other seeds", p)
	case NotHeadPit:
		return fmt.Sprintf("pit %d cannot be played: every move starts from pit 7, or the nearest non-empty pit to its left", p)
	case NotCapturable:
		return fmt.Sprintf("%s: that pit of the opponent cannot be captured (it is empty, or your pit facing it is not)", e.Move)
	case MustCaptureSmallest:
		return fmt.Sprintf("%s: the capture must take the smallest of the pits that can be taken", e.Move)
	case DropPending:
		return fmt.Sprintf("%s: first drop the captured seeds into one of the opponent's pits", e.Move)
	case SameDropPit:
		return fmt.Sprintf("%s: the seeds may not be dropped into the pit of your previous drop", e.Move)
	case NotYourPit:
		return fmt.Sprintf("pit %d is not yours", p)
	case ClaimNeeded:
		return fmt.Sprintf("%s: claim a pit of the other row that is not yours yet (7..12)", e.Move)
	case TrapPit:
		return fmt.Sprintf("pit %d is a trap and cannot be played", p)
	}
	return fmt.Sprintf("move %s is illegal", e.Move)
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
