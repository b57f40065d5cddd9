package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxCells is the largest number of cells (pits and stores) a layout may have.
const MaxCells = 40

// MaxSides is the largest number of players a variant may have.
const MaxSides = 4

// MaxPits is the largest number of pits one side may own.
const MaxPits = 16

// MaxMoves is an upper bound on the number of legal moves in any position,
// large enough for a buffer passed to [Rules.AppendMoves]: every pit a side
// may own (a 4-row side has 2*8, MaxPits in all) in both directions, each
// with or without the "+" choice, and two special moves.
const MaxMoves = 2*2*MaxPits + 2

// Side is a player's seat. South moves first.
type Side uint8

// The seats. Two-player games use South and North; East and West are for the
// four-player games.
const (
	South Side = 0
	North Side = 1
	East  Side = 2
	West  Side = 3
)

// NoSide marks the absence of a side (the owner of a cell outside the
// layout, say).
const NoSide Side = 255

var sideNames = [MaxSides]string{"south", "north", "east", "west"}

// Next returns the seat that moves after s in a game of sides players:
// turn order is seat order (South, North, East, West), so with two players
// it is the other side and with one it is s itself. Variants with another
// turn order define their own.
func (s Side) Next(sides int) Side {
	if sides <= 1 {
		return s
	}
	return Side((int(s) + 1) % sides)
}

// String returns the side's name as used in position JSON ("south", ...).
func (s Side) String() string {
	if int(s) < len(sideNames) {
		return sideNames[s]
	}
	return "side" + strconv.Itoa(int(s))
}

// ParseSide reads a side's name. It returns an error for anything but the
// four names String produces.
func ParseSide(s string) (Side, error) {
	for i, n := range sideNames {
		if s == n {
			return Side(i), nil
		}
	}
	return 0, fmt.Errorf("unknown side %q (want south, north, east or west)", s)
}

// Status says whether a game is still going and, if not, how it ended.
type Status uint8

// The statuses. Solved and Failed are only used by solitaire games, EastWon
// and WestWon by games of more than two players (Ruma).
// Draw is any end without a single winner.
const (
	Ongoing Status = iota
	SouthWon
	NorthWon
	Draw
	Solved
	Failed
	EastWon
	WestWon
)

var statusNames = [...]string{"ongoing", "south_won", "north_won", "draw", "solved", "failed", "east_won", "west_won"}

// String returns the status as written in position JSON.
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "status" + strconv.Itoa(int(s))
}

// ParseStatus reads a status written by String.
func ParseStatus(s string) (Status, error) {
	for i, n := range statusNames {
		if s == n {
			return Status(i), nil
		}
	}
	return 0, fmt.Errorf("unknown status %q", s)
}

// Over reports whether the game has ended.
func (s Status) Over() bool { return s != Ongoing }

// Winner returns the winning side, if the status names one.
func (s Status) Winner() (Side, bool) {
	switch s {
	case SouthWon:
		return South, true
	case NorthWon:
		return North, true
	case EastWon:
		return East, true
	case WestWon:
		return West, true
	}
	return 0, false
}

// Won returns the status of a game won by side s, for any number of
// players (Ongoing for a side that is none of the four seats).
func Won(s Side) Status {
	switch s {
	case South:
		return SouthWon
	case North:
		return NorthWon
	case East:
		return EastWon
	case West:
		return WestWon
	}
	return Ongoing
}

// Dir is the sowing direction of a move, for games that let the mover choose.
type Dir uint8

// Directions, as seen by the mover: Left sows toward the mover's left
// (clockwise), Right toward the mover's right (counter-clockwise).
const (
	DirNone Dir = iota
	DirLeft
	DirRight
)

// MoveKind tells a sowing move from a special move.
type MoveKind uint8

// Move kinds.
const (
	// Sow is an ordinary move: take the seeds of a pit and sow them.
	Sow MoveKind = iota
	// Swap is the pie rule: the second player takes over the first
	// player's side instead of moving.
	Swap
)

// Move is one ply: the mover's pit (1-based, in the mover's own numbering)
// and, where the variant needs it, a direction and a "go on" choice. Its
// zero value is not a legal move in any variant.
type Move struct {
	Pit  uint8
	Dir  Dir
	Kind MoveKind
	// Plus is a choice to go on where the rules let the mover stop or
	// continue during a move (Bao's safari: a capturing move whose lap
	// ends in the mover's nyumba goes on from it). It is written "+"
	// after the direction ("3R+"). Only Bao la Kiswahili has such a
	// choice: the other variants refuse a move with Plus set.
	Plus bool
}

// sowMoves[i] is the plain sowing of pit i: AppendMoves copies it whole,
// one 4-byte store instead of one per field.
var sowMoves = func() (t [MaxPits + 1]Move) {
	for i := range t {
		t[i] = Move{Pit: uint8(i)}
	}
	return t
}()

// SwapMove is the pie rule's move, written "swap".
var SwapMove = Move{Kind: Swap}

// String writes the move in the notation of the spec (docs/spec.md section
// 3): "3", "3L", "3R+", "swap".
func (m Move) String() string {
	if m.Kind == Swap {
		return "swap"
	}
	s := strconv.Itoa(int(m.Pit))
	switch m.Dir {
	case DirLeft:
		s += "L"
	case DirRight:
		s += "R"
	}
	if m.Plus {
		s += "+"
	}
	return s
}

// ParseMove reads a move written by [Move.String]. It checks the notation
// only: whether the move is legal is for [Position.Play] to say. The error
// names what is wrong with the text.
func ParseMove(s string) (Move, error) {
	t := strings.TrimSpace(s)
	if strings.EqualFold(t, "swap") {
		return SwapMove, nil
	}
	var m Move
	if n := len(t); n > 1 && t[n-1] == '+' {
		m.Plus, t = true, t[:n-1]
	}
	if n := len(t); n > 0 {
		switch t[n-1] {
		case 'L', 'l':
			m.Dir, t = DirLeft, t[:n-1]
		case 'R', 'r':
			m.Dir, t = DirRight, t[:n-1]
		}
	}
	n, err := strconv.Atoi(t)
	if err != nil || t == "" || t[0] == '+' || t[0] == '-' {
		return Move{}, fmt.Errorf("%q is not a move (write a pit number such as 3)", s)
	}
	if n < 1 || n > MaxPits*2 {
		return Move{}, fmt.Errorf("%q is not a pit number", s)
	}
	m.Pit = uint8(n)
	return m, nil
}

// Cell indexes a pit or store in a position; the variant's [Layout] says
// which is which.
type Cell uint8

// NoCell marks the absence of a cell (a side without a store, say).
const NoCell Cell = 255
