package engine

import "fmt"

// EventKind says what an [Event] records.
type EventKind uint8

// The kinds of event, in the order they can happen during a move.
const (
	// EventPickup: Side lifts Count seeds from Cell to start sowing.
	EventPickup EventKind = iota + 1
	// EventSow: one seed of Side's is dropped into Cell.
	EventSow
	// EventDeposit: a seed just sown into Cell (a tuzdyk) passes at once to
	// the store of Side, the tuzdyk's owner.
	EventDeposit
	// EventRelay: the last seed landed in occupied Cell; Side lifts its
	// Count seeds and sows on.
	EventRelay
	// EventCapture: Count seeds move from Cell into the store of Side
	// (Cell NoCell: from the mover's hand, Nam Nam's last four). In
	// a game without stores (four-row Bao) Side takes them in hand, and
	// the EventSow events that follow sow them on.
	EventCapture
	// EventTuzdyk: Cell becomes Side's tuzdyk.
	EventTuzdyk
	// EventSwap: Side (the second player) used the pie rule and took over
	// the first player's side.
	EventSwap
	// EventExtraTurn: Side moves again.
	EventExtraTurn
	// EventSweep: the game is over and the Count seeds left in Cell go to
	// the store of Side.
	EventSweep
	// EventEnd: the game is over with Status, for Reason.
	EventEnd
	// EventPenalty: Side had no legal move, passed and took a penalty
	// point; Count seeds (0 or 1) moved from its store to Cell, its
	// penalty pit (Ruma).
	EventPenalty
	// EventOut: Side is out of the game (Ruma: its penalties reached the
	// limit, or it left); it never moves again.
	EventOut
	// EventFill: Count seeds move from the store of Side into pit Cell,
	// which becomes Side's: the set-up of a new round (Nam Nam, 10-11).
	EventFill
	// EventTrap: Cell becomes a trap (a wegue) owned by Side (Selus,
	// Sulus); with Side NoSide it stops being one (Selus weak_traps).
	EventTrap
	// EventPass: Side, next to move, cannot move and passes; the other
	// side moves instead (Selus, Sulus: an automatic pass, C5, is no ply).
	EventPass
)

var eventNames = [...]string{"", "pickup", "sow", "deposit", "relay", "capture", "tuzdyk", "swap", "extra_turn", "sweep", "end", "penalty", "out", "fill", "trap", "pass"}

// String returns the kind's name ("sow", "capture", ...).
func (k EventKind) String() string {
	if int(k) < len(eventNames) && k != 0 {
		return eventNames[k]
	}
	return fmt.Sprintf("event%d", int(k))
}

// EndReason says why a game ended.
type EndReason uint8

// End reasons.
const (
	// EndNone: the game has not ended.
	EndNone EndReason = iota
	// EndMajority: a side holds more than half of the seeds, or both hold
	// exactly half.
	EndMajority
	// EndEmptySide: a side has no seeds left in its pits.
	EndEmptySide
	// EndNoMoves: the player to move has no legal move.
	EndNoMoves
	// EndRepetition: a position occurred for the [Rules.RepetitionLimit]-th
	// time (the third in most games; the second in Oware with
	// repetition=first).
	EndRepetition
	// EndCleared: a solitaire's seeds are all in the store.
	EndCleared
	// EndStranded: a solitaire's last seed fell into an empty pit.
	EndStranded
	// EndFrontRowEmpty: a side's front row is empty (four-row Bao, E1), or
	// its owner emptied it with a takasa from a kichwa (J8, suicide=allowed).
	EndFrontRowEmpty
	// EndNeverEnding: the move would never end; it was not carried out
	// (Bao, R2, infinite=draw or infinite=loss).
	EndNeverEnding
	// EndSeatOut: a seat went out (penalties or leaving) and that decided
	// the game: one seat is left, or, two players holding two seats each,
	// a player lost a seat (Ruma).
	EndSeatOut
)

var endNames = [...]string{"", "majority", "empty_side", "no_moves", "repetition", "cleared", "stranded", "front_row_empty", "never_ending", "seat_out"}

// String returns the reason's name ("majority", "repetition", ...).
func (r EndReason) String() string {
	if int(r) < len(endNames) {
		return endNames[r]
	}
	return fmt.Sprintf("end%d", int(r))
}

// Event is one step of a move, for animation and for describing the move.
// Which fields are set depends on Kind (see the EventKind constants).
type Event struct {
	Kind   EventKind
	Side   Side
	Cell   Cell
	Count  int
	Status Status
	Reason EndReason
}

// String gives a compact, stable description, used in traces and tests:
// "sow 3", "capture 6 from 9 to south".
func (e Event) String() string {
	switch e.Kind {
	case EventPickup, EventRelay:
		return fmt.Sprintf("%s %d from %d", e.Kind, e.Count, e.Cell)
	case EventSow:
		return fmt.Sprintf("sow %d", e.Cell)
	case EventDeposit, EventTuzdyk, EventTrap:
		return fmt.Sprintf("%s %d to %s", e.Kind, e.Cell, e.Side)
	case EventCapture, EventSweep:
		return fmt.Sprintf("%s %d from %d to %s", e.Kind, e.Count, e.Cell, e.Side)
	case EventPenalty:
		return fmt.Sprintf("penalty %s: %d to %d", e.Side, e.Count, e.Cell)
	case EventSwap, EventExtraTurn, EventOut, EventPass:
		return fmt.Sprintf("%s %s", e.Kind, e.Side)
	case EventEnd:
		return fmt.Sprintf("end %s (%s)", e.Status, e.Reason)
	case EventFill:
		return fmt.Sprintf("fill %d to %d from %s", e.Count, e.Cell, e.Side)
	}
	return e.Kind.String()
}

// emit appends e to *ev when events are being recorded.
func emit(ev *[]Event, e Event) {
	if ev != nil {
		*ev = append(*ev, e)
	}
}
