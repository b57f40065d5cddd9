package engine

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"strconv"
)

// Rules is one variant with its options fixed. Implementations live in this
// package, one file per variant.
type Rules interface {
	// Variant returns the registered variant these rules belong to.
	Variant() *Variant
	// Options returns the complete, canonical option values.
	Options() Options
	// Layout describes the cells of every position of these rules.
	Layout() *Layout
	// Start returns the opening position.
	Start() Position

	// AppendMoves appends the legal moves of p to buf and returns the
	// extended slice; a finished game has none. It does not allocate when
	// buf has room for MaxMoves moves.
	AppendMoves(p *Position, buf []Move) []Move
	// Check returns nil if m is legal in p, and otherwise an
	// *IllegalMoveError saying why not.
	Check(p *Position, m Move) error
	// Apply plays m on p in place, appending the move's events to *ev
	// unless ev is nil. m must be legal (Check(p, m) == nil); for any
	// other move the result is unspecified, though seeds are still
	// conserved and Apply never panics. With a nil ev it allocates
	// nothing.
	Apply(p *Position, m Move, ev *[]Event)

	// settle ends the game if the rules say it is over at p (a side cannot
	// move, a side has a majority...), sweeping seeds and recording the
	// status and its events. It leaves finished games alone.
	settle(p *Position, ev *[]Event)
	// RepetitionLimit is the number of occurrences of one position (equal
	// cells, side to move and variant state: equal [Position.Key]) in a
	// game that ends it, each side then taking the seeds left on its own
	// side and the bigger store winning (a two-player rule); 0: repetition
	// has no effect. [Game] and [Perft] apply it; a search must too.
	RepetitionLimit() int
	// extra returns the variant state kept outside pits and stores, for
	// position JSON (nil when there is none).
	extra(p *Position) map[string]any
	// setExtra reads that state back; the error names a bad key or value.
	setExtra(p *Position, extra map[string]json.RawMessage) error

	// The state that changes during a game outside the seed counts, read
	// generically (base has the defaults: no marks, empty hands, the
	// layout's owners). See Position.Marks, Hand and Owner.
	// (They take the position by value: a pointer passed to an interface
	// method makes the caller's copy escape, one allocation a call.)
	appendMarks(p Position, buf []Mark) []Mark
	hand(p Position, s Side) int
	owner(p Position, c Cell) Side
}

// Passer is implemented by the rules in which a player who cannot move
// passes, so that a game ends for want of moves only when neither player
// can move (Selus, Sulus, Ayo-ayo with starve=false): PassesWhenStuck
// reports whether these rules do. Rules without it never pass so.
type Passer interface {
	PassesWhenStuck() bool
}

// base holds what every rule set has; the variants embed it.
type base struct {
	variant *Variant
	opts    Options
	layout  *Layout
}

func (b *base) Variant() *Variant { return b.variant }
func (b *base) Options() Options {
	out := make(Options, len(b.opts))
	for k, v := range b.opts {
		out[k] = v
	}
	return out
}
func (b *base) Layout() *Layout                           { return b.layout }
func (b *base) RepetitionLimit() int                      { return 0 }
func (b *base) extra(*Position) map[string]any            { return nil }
func (b *base) appendMarks(_ Position, buf []Mark) []Mark { return buf }
func (b *base) hand(Position, Side) int                   { return 0 }
func (b *base) owner(_ Position, c Cell) Side {
	if int(c) >= len(b.layout.Cells) {
		return NoSide
	}
	return b.layout.Cells[c].Owner
}
func (b *base) setExtra(_ *Position, extra map[string]json.RawMessage) error {
	for k := range extra {
		return fmt.Errorf("extra.%s: %s keeps no extra state", k, b.variant.ID)
	}
	return nil
}

// Position is the state of a game between moves: the seeds in every cell,
// who is to move, the ply count, the status and any variant state. It is a
// value; [Position.Play] returns a new one. The zero Position is not usable:
// positions come from [Rules.Start], [NewPosition] or [ParsePosition].
// Positions are comparable with ==.
type Position struct {
	rules  Rules
	cells  [MaxCells]uint8
	toMove Side
	status Status
	reason EndReason
	ply    int32
	// aux holds variant state; each variant documents its use. Key
	// hashes all of it.
	aux [8]uint8
}

// Swapped reports whether the players have exchanged seats under the pie
// rule: the player who sat North now owns South's side (as it stood) and
// the first player plays North. Sides keep their meaning on the board;
// only who plays them changed. False for rules without a pie rule.
func (p Position) Swapped() bool {
	s, ok := p.rules.(interface{ swapped(*Position) bool })
	return ok && s.swapped(&p)
}

// SwapPending reports whether the pie rule's swap is still to come: North
// has not sown yet, so the swap is legal now (North to move) or will be at
// North's first turn. False for rules without a pie rule.
func (p Position) SwapPending() bool {
	s, ok := p.rules.(interface{ swapPending(*Position) bool })
	return ok && s.swapPending(&p)
}

// Rules returns the rules the position is played under.
func (p Position) Rules() Rules { return p.rules }

// ToMove returns the side to move (for a finished game: the side that would
// have moved).
func (p Position) ToMove() Side { return p.toMove }

// Status returns whether the game is over and how it ended.
func (p Position) Status() Status { return p.status }

// EndReason says why a finished game ended (EndNone while it is on).
func (p Position) EndReason() EndReason { return p.reason }

// Ply returns the number of moves played since the start.
func (p Position) Ply() int { return int(p.ply) }

// Cell returns the seeds in cell c (0 for a cell outside the layout).
func (p Position) Cell(c Cell) int {
	if int(c) >= MaxCells {
		return 0
	}
	return int(p.cells[c])
}

// Cells returns the seeds of every cell, indexed by Cell (0 past the
// layout's cells): one copy for code that reads many cells, such as an
// evaluation at every node of a search.
func (p Position) Cells() [MaxCells]uint8 { return p.cells }

// Pit returns the seeds in side s's pit n (1-based); 0 if there is no such pit.
func (p Position) Pit(s Side, n int) int { return p.Cell(p.rules.Layout().Pit(s, n)) }

// Store returns the seeds in side s's store.
func (p Position) Store(s Side) int { return p.Cell(p.rules.Layout().Store(s)) }

// PitSeeds returns the seeds in side s's pits.
func (p Position) PitSeeds(s Side) int {
	n := 0
	for _, c := range p.rules.Layout().PitCells(s) {
		n += p.Cell(c)
	}
	return n
}

// Seeds returns the number of seeds in the whole position.
func (p Position) Seeds() int {
	n := 0
	for i := range p.rules.Layout().Cells {
		n += int(p.cells[i])
	}
	for s := range Side(2) { // seeds in hand (Bao la Kiswahili)
		n += p.rules.hand(p, s)
	}
	return n
}

// Moves returns the legal moves, in ascending pit order.
func (p Position) Moves() []Move {
	return p.rules.AppendMoves(&p, make([]Move, 0, MaxMoves))
}

// Play returns the position after m. The error is an *IllegalMoveError when
// m is not legal here; p is never changed.
func (p Position) Play(m Move) (Position, error) {
	if err := p.rules.Check(&p, m); err != nil {
		return p, err
	}
	p.rules.Apply(&p, m, nil)
	return p, nil
}

// PlayEvents is Play that also returns the move's events in order.
func (p Position) PlayEvents(m Move) (Position, []Event, error) {
	if err := p.rules.Check(&p, m); err != nil {
		return p, nil, err
	}
	ev := make([]Event, 0, 32)
	p.rules.Apply(&p, m, &ev)
	return p, ev, nil
}

// Extra returns the variant state kept outside pits and stores, with the
// keys documented by the variant (nil when there is none).
func (p Position) Extra() map[string]any { return p.rules.extra(&p) }

// MarkKind says what role a marked cell has.
type MarkKind uint8

// Mark kinds. Later variants add theirs (a Bao nyumba, a blocked pit).
const (
	// MarkTuzdyk: the pit is Mark.Side's tuzdyk (Togyz Kumalak): every
	// seed sown into it goes to that side's store, and it is never played.
	MarkTuzdyk MarkKind = iota + 1
	// MarkNyumba: the pit is Mark.Side's nyumba and that side still owns
	// it (Bao la Kiswahili, S7).
	MarkNyumba
	// MarkBlocked: the pit of Mark.Side is takasia'd for a turn (Bao la
	// Kiswahili, S13).
	MarkBlocked
	// MarkTrap: the pit is a trap (a wegue) owned by Mark.Side: it is
	// never played from and its seeds count for that side (Selus, Sulus).
	MarkTrap
)

// String names the kind in English ("tuzdyk").
func (k MarkKind) String() string {
	switch k {
	case MarkTuzdyk:
		return "tuzdyk"
	case MarkNyumba:
		return "nyumba"
	case MarkBlocked:
		return "blocked"
	case MarkTrap:
		return "trap"
	}
	return "mark" + strconv.Itoa(int(k))
}

// Mark is a cell with a role that changes during a game, and the side the
// role belongs to.
type Mark struct {
	Cell Cell
	Kind MarkKind
	Side Side
}

// Marks returns the marked cells in cell order (nil when there are none),
// so that renderers and the bot need not read [Position.Extra] by name:
// Togyz Kumalak's tuzdyks today.
func (p Position) Marks() []Mark { return p.rules.appendMarks(p, nil) }

// AppendMarks is Marks appending to buf; it allocates nothing when buf has
// room for the marks (2*MaxSides is always enough today).
func (p Position) AppendMarks(buf []Mark) []Mark { return p.rules.appendMarks(p, buf) }

// Hand returns the seeds side s holds in hand, in no cell (0 in every game
// offered today; Bao's seeds still to be entered later). A variant with
// hands counts them in [Position.Seeds] too.
func (p Position) Hand(s Side) int { return p.rules.hand(p, s) }

// Owner returns the side that owns cell c now: the layout's owner
// ([CellInfo.Owner]) unless the variant changes ownership during a game;
// NoSide for a cell outside the layout.
func (p Position) Owner(c Cell) Side { return p.rules.owner(p, c) }

// Key identifies a position within its rule set: two independent 64-bit
// hashes of the cells, the side to move, the variant state kept outside the
// cells (the pie rule's swap availability and whether it was used, Togyz
// tuzdyks) and the status. Positions that differ in any of these have
// different keys but for a chance collision of both hashes (about 2^-128);
// the ply and the end reason are not part of it. The rules are not hashed
// either: compare keys of positions of one rule set (the search, the
// repetition rule and the puzzles do), or compare Rules() too. Keys are
// stable within one build of the engine, not across versions: do not store
// them.
type Key struct{ A, B uint64 }

// Key returns p's key. It allocates nothing; the search calls it at every
// node.
func (p Position) Key() Key {
	// Cells past the layout are always 0, so whole words can be read; a
	// layout has at most MaxCells (a multiple of 8) cells.
	n := len(p.rules.Layout().Cells)
	a := uint64(p.toMove) | uint64(binary.LittleEndian.Uint32(p.aux[:4]))<<8 | uint64(p.status)<<40
	b := a*0xA24BAED4963EE407 ^ uint64(binary.LittleEndian.Uint32(p.aux[4:]))*0xD6E8FEB86659FD93
	for c := 0; c < n && c <= MaxCells-8; c += 8 {
		w := binary.LittleEndian.Uint64(p.cells[c : c+8])
		a = (a ^ w) * 0x9E3779B97F4A7C15
		a ^= a >> 32
		b = bits.RotateLeft64(b+w, 23) * 0xC2B2AE3D27D4EB4F
	}
	a ^= a >> 29
	b ^= b >> 31
	return Key{a * 0xBF58476D1CE4E5B9, b}
}

// key is what makes two positions the same for the repetition rule.
type key struct {
	cells  [MaxCells]uint8
	toMove Side
	aux    [8]uint8
}

func (p *Position) key() key { return key{p.cells, p.toMove, p.aux} }

// finish records the end of the game.
func (p *Position) finish(s Status, r EndReason, ev *[]Event) {
	p.status, p.reason = s, r
	emit(ev, Event{Kind: EventEnd, Status: s, Reason: r})
}

// sweepSide moves the seeds left in side s's pits into to's store.
func (p *Position) sweepSide(s, to Side, ev *[]Event) {
	l := p.rules.Layout()
	st := l.store[to]
	for i := 1; i <= l.Pits; i++ {
		c := l.pit[s][i]
		if n := p.cells[c]; n > 0 {
			p.cells[st] += n
			p.cells[c] = 0
			emit(ev, Event{Kind: EventSweep, Side: to, Cell: c, Count: int(n)})
		}
	}
}

// decideByStores ends a two-player game: the bigger store wins.
func (p *Position) decideByStores(r EndReason, ev *[]Event) {
	l := p.rules.Layout()
	s, n := p.cells[l.store[South]], p.cells[l.store[North]]
	switch {
	case s > n:
		p.finish(SouthWon, r, ev)
	case n > s:
		p.finish(NorthWon, r, ev)
	default:
		p.finish(Draw, r, ev)
	}
}

// endByRepetition ends a two-player game in which a position came back too
// often: each player takes the seeds on their own side, or, for rules that
// say so (bao-laps), it is a draw with the seeds left where they are. Rules
// with an end of their own (a settlement, a draw, a score) implement
// endRepeated, which is then called instead.
func (p *Position) endByRepetition(ev *[]Event) {
	if e, ok := p.rules.(interface{ endRepeated(*Position, *[]Event) }); ok {
		e.endRepeated(p, ev)
		return
	}
	// bao-laps draws with the seeds in place; a board without stores has
	// nowhere to sweep them (four-row Bao, R1).
	if d, ok := p.rules.(interface{ repetitionDraws() bool }); ok && d.repetitionDraws() || p.rules.Layout().Store(South) == NoCell {
		p.finish(Draw, EndRepetition, ev)
		return
	}
	p.sweepSide(South, South, ev)
	p.sweepSide(North, North, ev)
	p.decideByStores(EndRepetition, ev)
}

// rowSum returns the seeds in the n cells (n <= 8) from cell c on, reading
// them as one word: a position holds at most 255 seeds, so the bytes' sum
// cannot carry.
func rowSum(cells *[MaxCells]uint8, c, n int) int {
	x := binary.LittleEndian.Uint64(cells[c : c+8])
	x &= rowMask[n]
	return int((x * 0x0101010101010101) >> 56)
}

var rowMask = [9]uint64{0, 0xff, 0xffff, 0xffffff, 0xffffffff, 0xffffffffff, 0xffffffffffff, 0xffffffffffffff, 0xffffffffffffffff}

// MoveCell returns the cell a sowing move names, by the extended numbering
// of the games whose moves may name an opponent's pit: 1..N is the mover's
// pit, N+j the opponent's pit j (two-player games, N pits a side). NoCell
// for a swap or a number outside the board. A variant whose moves name
// cells another way (none today) would say so here.
func (p Position) MoveCell(m Move) Cell {
	if m.Kind != Sow || m.Pit == 0 {
		return NoCell
	}
	l := p.rules.Layout()
	n := int(m.Pit)
	if n <= l.Pits {
		return l.Pit(p.toMove, n)
	}
	if l.Sides == 2 && n <= 2*l.Pits {
		return l.Pit(p.toMove.Next(2), n-l.Pits)
	}
	return NoCell
}

// ErrCannotLeave is returned by [Position.Leave] for rules in which a seat
// cannot leave a game that goes on (every two-player game: there a player
// who leaves resigns, which the caller records).
var ErrCannotLeave = errors.New("engine: a seat cannot leave this game")

// Leave takes seat s out of a game of more than two seats that goes on
// without it (a player resigns or leaves Ruma): the rules decide what
// becomes of its seeds and whose turn it is, and end the game when one
// seat (or one player's seats) is left. It returns the new position and
// the events; ErrCannotLeave when the rules have no such thing, and an
// error when s is not a seat still in the game or the game is over. p is
// never changed.
func (p Position) Leave(s Side) (Position, []Event, error) {
	l, ok := p.rules.(interface {
		leave(p *Position, s Side, ev *[]Event) error
	})
	if !ok {
		return p, nil, ErrCannotLeave
	}
	ev := make([]Event, 0, 4)
	if err := l.leave(&p, s, &ev); err != nil {
		return p, nil, err
	}
	return p, ev, nil
}
