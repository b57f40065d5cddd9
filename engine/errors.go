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
	// SingletonPit: the pit holds a single seed, and a pit of the mover's
	// holds two or more (bao-laps, L4).
	SingletonPit
	// NeverEnding: the move would relay for ever (bao-laps with
	// infinite=illegal, R2).
	NeverEnding
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
	case SingletonPit:
		return fmt.Sprintf("pit %d holds a single seed, which may only be moved when no pit holds two or more", p)
	case NeverEnding:
		return fmt.Sprintf("pit %d starts a move that would never end", p)
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
