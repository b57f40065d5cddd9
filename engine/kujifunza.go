package engine

import "encoding/binary"

// Bao la Kujifunza (id "bao-kujifunza"), the learners' Bao, exactly as
// docs/sources/bao-rules.md sections 1, 2, 5 and 7 write it (rule ids in
// brackets; the seed texts are docs/sources/seed-002.md#line-115 (002:115-169)
// and docs/sources/seed-000.md#line-1107 (000:1107-1147)).
//
// Board (C3, C4, C5, J1, J2). Four rows of eight pits; each side owns its
// two nearest rows. A side's front (inner) row is pits 1..8 and its back
// row pits 9..16, both numbered from the owner's left, pit 8+k behind pit
// k. Front pit i faces the opponent's front pit 9-i; back pits face
// nothing. A side only ever sows into its own 16 pits, round its own ring:
// clockwise (seen from above, the same for both seats) is 1, 2, ..., 8,
// 16, 15, ..., 9 and back to 1, that is rightwards along the front row and
// leftwards along the back row, as the owner sees them. The kichwa are the
// front pits 1 (left) and 8 (right). There is no nyumba, no takasia and no
// store. Each pit starts with 2 seeds, 64 in all; South moves first (C1).
//
// Notation (N2). A move is the pit (1..16) and the way the first seed
// goes as the mover sees it: "3R", "12L". In the front row R is clockwise
// and L counter-clockwise; in the back row R is counter-clockwise and L
// clockwise (the letters name the mover's right and left in each row). So
// 8R goes on to 16, 16R to 8, 1L to 9 and 9L to 1. A move without a letter
// is refused (DirectionNeeded).
//
// A lap (C6) is one sowing, one seed per pit from the pit after the one
// lifted; no pit is skipped, so 16 seeds end in the emptied pit. A lap
// "ends in an empty pit" when its last pit holds exactly 1 seed after the
// drop. A relay lifts the whole pit where the lap ended and sows it from
// the next pit, in the same direction.
//
//   - J3 Capturing move: a pit of either row holding 2..15 seeds, sown
//     either way, whose first lap ends in an occupied front pit facing an
//     occupied opponent pit. A pit of 16 or more never starts a capture.
//   - J4 Capture is compulsory: while a capturing move exists, only
//     capturing moves are legal (MustCapture).
//   - J5 Captured seeds: the facing pit is emptied and its seeds sown from
//     a kichwa of the capturer's front row, the first seed into the kichwa
//     itself: a capture at front pit 1 or 2 from the left kichwa,
//     clockwise; at 7 or 8 from the right kichwa, counter-clockwise; at
//     3..6 the direction is kept (clockwise from the left kichwa,
//     counter-clockwise from the right one). The direction of the move is
//     that direction from then on. Many seeds run on into the back row.
//   - J6 Every lap of a capturing move ends one of three ways: its last pit
//     was empty, and the move ends; it is a front pit facing an occupied
//     opponent pit, which is captured (J5); otherwise (a front pit facing
//     an empty pit, or a back pit) the pit is relayed.
//   - J7 Takasa, when no capture exists: a pit with 2 or more seeds, in the
//     front row if any front pit holds 2 or more (FrontRowFirst), else in
//     the back row; either way; relay until a lap ends in an empty pit.
//     Nothing is captured and the direction never changes.
//   - J8 When the only occupied front pit is a kichwa, a takasa from it may
//     not go towards the back row (1L, 8R; FrontRowEmptied). Option
//     `suicide`: "forbidden" (default) or "allowed", the move is legal and
//     its mover loses (EndFrontRowEmpty), even if the sowing comes round
//     to the front row again: the row was emptied when the kichwa was lifted.
//   - E1/J9 A player whose front row is empty has lost (EndFrontRowEmpty).
//     Inside a capturing move the opponent's front row is checked at the end
//     of every lap after a capture. Option `wipe`: "stop" (default), the
//     move stops there (the captured seeds sown) and the mover has won;
//     "continue", the move is played to its end and then decided.
//   - E2/J9 A player to move with no legal move (no pit of 2 or more) loses
//     (EndNoMoves).
//   - R2 Never-ending moves: before each relay pick-up the state (both
//     sides' 32 pits, the pit about to be lifted, the direction) is checked
//     against a saved one with Brent's cycle detection (O(1) memory; a
//     capture, which cannot be undone, restarts it), and a move still
//     relaying after maxRelayLaps laps counts as never-ending. A move that
//     never ends is not carried out: the board stays as it was, the ply
//     counts and the turn passes. Option `infinite`: "draw" (default), the
//     game is drawn; "loss", the mover loses (EndNeverEnding both);
//     "illegal", such a move is not legal (NeverEnding), and a player left
//     without a finite move loses (EndNoMoves).
//   - R1 The third occurrence of a position (same pits, same side to move)
//     is a draw (EndRepetition); Game applies it, as Oware's rule. Perft
//     applies it along each line too, as for Oware, where the rules doc
//     says perft ignores R1: from the start no line repeats a position
//     three times within the perft table's depths (the reference's perft,
//     which keeps no history, gives the same counts).
//
// Choices where the rules doc is silent (documented, not in the sources):
//   - with infinite=illegal, compulsion (J4) is decided first and the
//     never-ending moves are removed afterwards: a player whose only
//     capturing moves never end has no legal move and loses; he does not
//     fall back on a takasa;
//   - a never-ending move is handled by R2 before J8: a never-ending suicide
//     is not carried out and is a draw (or a loss) as R2 says;
//   - a position set up with both front rows empty is a draw
//     (EndFrontRowEmpty); play cannot reach one.
//
// Position JSON (section 7): pits.<side> holds the 16 counts, front row
// then back row; stores are always 0; extra is {}.
//
// Events: pickup, sow, relay; a capture (EventCapture) lifts the facing
// pit into the mover's hand and the sow events that follow sow it on. A
// never-ending move records only its end event.
// kujiEndOptions are the options of how a four-row Bao move or game ends
// (R2, J8, E1), which bao-kujifunza and bao share.
var kujiEndOptions = []OptionSpec{
	{Name: "infinite", Kind: EnumOption, Default: "draw", Values: []string{"draw", "loss", "illegal"},
		Doc: "a move that would never end is not played and the game is drawn, or its mover loses, or it is illegal"},
	{Name: "suicide", Kind: EnumOption, Default: "forbidden", Values: []string{"forbidden", "allowed"},
		Doc: "a takasa from the only occupied front pit, a kichwa, towards the back row is forbidden, or allowed and loses"},
	{Name: "wipe", Kind: EnumOption, Default: "stop", Values: []string{"stop", "continue"},
		Doc: "a capture that empties the opponent's front row stops the move at once, or the move is played to its end"},
}

func init() {
	register(&Variant{
		ID: "bao-kujifunza", Name: "Bao la Kujifunza", Players: 2, BoardBytes: LargeBoardBytes,
		Order:   100,
		Options: kujiEndOptions,
		build: func(v *Variant, o Options) (Rules, error) {
			r := &kujiRules{base: base{variant: v, opts: o, layout: fourRowLayout(8)}}
			r.infinite = infiniteOption(o)
			r.suicide = o["suicide"] == "allowed"
			r.wipeContinue = o["wipe"] == "continue"
			return r, nil
		},
	})
}

// The infinite option's values are bao.go's infinitePolicy (R2).

// kujiRules: cells follow fourRowLayout(8), side s's pit n is cell 16s+n-1.
// Sowing runs round a side's ring of 16 pits; ring index i (0..15) is pit
// i+1 for i < 8 (the front row, left to right) and pit 24-i for i >= 8 (the
// back row, right to left), so clockwise is +1 and counter-clockwise -1
// (15, modulo 16).
type kujiRules struct {
	base
	infinite     infinitePolicy
	suicide      bool
	wipeContinue bool
}

const (
	kujiCW  = 1
	kujiCCW = 15 // -1 modulo 16
)

// kujiRingPit[i] is the pit (0-based) at ring index i; kujiPitRing the
// reverse.
var kujiRingPit = [16]uint8{0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8}
var kujiPitRing = [16]uint8{0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8}

func (r *kujiRules) RepetitionLimit() int { return 3 } // R1

func (r *kujiRules) Start() Position {
	p := Position{rules: r}
	for i := range 32 {
		p.cells[i] = 2 // J2
	}
	return p
}

// kujiDir turns a move's letter into a ring direction (N2): in the front
// row R is clockwise, in the back row counter-clockwise.
func kujiDir(pit int, d Dir) int {
	cw := d == DirRight
	if pit > 8 {
		cw = !cw
	}
	if cw {
		return kujiCW
	}
	return kujiCCW
}

// kujiFront returns the seeds in side s's front row.
func kujiFront(cells *[MaxCells]uint8, s Side) int { return rowSum(cells, 16*int(s), 8) }

// kujiCaptures reports whether sowing pit (1..16) of side me in ring direction
// dir is a capturing move (J3): 2..15 seeds whose lap ends in a front pit
// that was occupied, facing an occupied opponent pit. With fewer than 16
// seeds no pit receives two, so "occupied" is read before the sowing.
func kujiCaptures(cells *[MaxCells]uint8, me Side, pit, dir int) bool {
	o := 16 * int(me)
	n := int(cells[o+pit-1])
	if n < 2 || n > 15 {
		return false
	}
	x := (int(kujiPitRing[pit-1]) + n*dir) & 15
	return x < 8 && cells[o+x] > 0 && cells[16*int(1-me)+7-x] > 0
}

// kujiAnyCapture reports whether side me has a capturing move.
func kujiAnyCapture(cells *[MaxCells]uint8, me Side) bool {
	for pit := 1; pit <= 16; pit++ {
		if kujiCaptures(cells, me, pit, kujiCW) || kujiCaptures(cells, me, pit, kujiCCW) {
			return true
		}
	}
	return false
}

// kujiSuicidal reports whether the takasa from pit in ring direction dir is the
// one J8 names: the only occupied front pit is a kichwa, and the move leaves
// it towards the back row (1 counter-clockwise, 8 clockwise).
func kujiSuicidal(cells *[MaxCells]uint8, me Side, pit, dir int) bool {
	o := 16 * int(me)
	if pit != 1 && pit != 8 || kujiFront(cells, me) != int(cells[o+pit-1]) {
		return false
	}
	return pit == 1 && dir == kujiCCW || pit == 8 && dir == kujiCW
}

func (r *kujiRules) AppendMoves(p *Position, buf []Move) []Move {
	if p.status != Ongoing {
		return buf
	}
	return r.moves(p, buf)
}

// moves lists the legal moves whatever the status: pits in ascending
// order, L before R.
func (r *kujiRules) moves(p *Position, buf []Move) []Move {
	me := p.toMove & 1
	o := 16 * int(me)
	start := len(buf)
	capture := kujiAnyCapture(&p.cells, me)
	lo, hi := 1, 16
	if !capture { // J7: the front row first
		lo, hi = 9, 16
		for i := range 8 {
			if p.cells[o+i] >= 2 {
				lo, hi = 1, 8
				break
			}
		}
	}
	for pit := lo; pit <= hi; pit++ {
		if p.cells[o+pit-1] < 2 {
			continue
		}
		for _, d := range [2]Dir{DirLeft, DirRight} {
			dir := kujiDir(pit, d)
			if capture {
				if !kujiCaptures(&p.cells, me, pit, dir) {
					continue
				}
			} else if !r.suicide && kujiSuicidal(&p.cells, me, pit, dir) {
				continue // J8
			}
			buf = append(buf, Move{Pit: uint8(pit), Dir: d})
		}
	}
	if r.infinite == infiniteIllegal { // R2: drop the moves that never end
		kept := buf[start:start]
		for _, m := range buf[start:] {
			if !r.neverEnds(p, m) {
				kept = append(kept, m)
			}
		}
		buf = buf[:start+len(kept)]
	}
	return buf
}

// neverEnds plays m on a copy of p's board and reports whether it cycles.
func (r *kujiRules) neverEnds(p *Position, m Move) bool {
	cells := p.cells
	pit := int(m.Pit)
	dir := kujiDir(pit, m.Dir)
	out := r.sow(&cells, p.toMove&1, pit, dir, kujiCaptures(&cells, p.toMove&1, pit, dir), nil)
	return out == kujiNeverEnding
}

func (r *kujiRules) Check(p *Position, m Move) error {
	switch {
	case p.status != Ongoing:
		return illegal(m, GameOver)
	case m.Kind == Swap:
		return illegal(m, SwapUnavailable)
	case m.Kind != Sow || m.Pit < 1 || m.Pit > 16:
		return illegal(m, NoSuchPit)
	case m.Dir != DirLeft && m.Dir != DirRight:
		return illegal(m, DirectionNeeded)
	}
	me := p.toMove & 1
	pit := int(m.Pit)
	n := p.cells[16*int(me)+pit-1]
	switch {
	case n == 0:
		return illegal(m, EmptyPit)
	case n == 1:
		return illegal(m, SingletonPit)
	}
	var buf [MaxMoves]Move
	for _, x := range r.moves(p, buf[:0]) {
		if x == m {
			return nil
		}
	}
	dir := kujiDir(pit, m.Dir)
	switch {
	case kujiCaptures(&p.cells, me, pit, dir):
		return illegal(m, NeverEnding)
	case kujiAnyCapture(&p.cells, me):
		return illegal(m, MustCapture)
	case pit > 8 && kujiFrontPlayable(p):
		return illegal(m, FrontRowFirst)
	case !r.suicide && kujiSuicidal(&p.cells, me, pit, dir):
		return illegal(m, FrontRowEmptied)
	}
	return illegal(m, NeverEnding)
}

// kujiFrontPlayable reports whether a front pit of the side to move holds 2 or
// more seeds.
func kujiFrontPlayable(p *Position) bool {
	o := 16 * int(p.toMove&1)
	for i := range 8 {
		if p.cells[o+i] >= 2 {
			return true
		}
	}
	return false
}

// How a move ends.
const (
	kujiEnded       = iota // a lap ended in an empty pit
	kujiWiped              // E1 with wipe=stop: the opponent's front row is empty
	kujiNeverEnding        // R2
)

// kujiState is what R2 compares before each relay pick-up.
type kujiState struct {
	a, b, c, d uint64
	pos, dir   uint8
}

func kujiStateOf(cells *[MaxCells]uint8, pos, dir int) kujiState {
	return kujiState{
		binary.LittleEndian.Uint64(cells[0:8]), binary.LittleEndian.Uint64(cells[8:16]),
		binary.LittleEndian.Uint64(cells[16:24]), binary.LittleEndian.Uint64(cells[24:32]),
		uint8(pos), uint8(dir),
	}
}

// sow plays the move of side me from pit (1..16) in ring direction dir on
// cells: a capturing move (J3, J5, J6) or a takasa (J7), with E1's stop
// and R2's cycle detection. It appends events unless ev is nil. On a
// never-ending move the cells are left as sown so far; the caller keeps a
// copy.
func (r *kujiRules) sow(cells *[MaxCells]uint8, me Side, pit, dir int, capture bool, ev *[]Event) int {
	o, oo := 16*int(me), 16*int(1-me)
	pos := int(kujiPitRing[pit-1])
	c := o + pit - 1
	n := int(cells[c])
	cells[c] = 0
	emit(ev, Event{Kind: EventPickup, Side: me, Cell: Cell(c), Count: n})
	// Brent's cycle detection over the states before relay pick-ups (R2).
	var saved kujiState
	valid, power, lam := false, 1, 1
	captured := false
	for lap := 0; ; lap++ {
		if lap > maxRelayLaps { // R2, bounded: see maxRelayLaps in bao.go
			return kujiNeverEnding
		}
		// One lap of n seeds from the pit after pos.
		if ev == nil {
			if laps := n >> 4; laps > 0 { // whole rounds: one seed in every pit each
				add := uint64(laps) * 0x0101010101010101
				for w := o; w < o+16; w += 8 {
					binary.LittleEndian.PutUint64(cells[w:w+8], binary.LittleEndian.Uint64(cells[w:w+8])+add)
				}
				n &= 15 // with none left over, the last seed fell into pos itself
			}
			for ; n > 0; n-- {
				pos = (pos + dir) & 15
				cells[o+int(kujiRingPit[pos])]++
			}
		} else {
			for ; n > 0; n-- {
				pos = (pos + dir) & 15
				x := o + int(kujiRingPit[pos])
				cells[x]++
				emit(ev, Event{Kind: EventSow, Side: me, Cell: Cell(x)})
			}
		}
		x := o + int(kujiRingPit[pos])
		if captured { // E1, checked at the end of the lap after a capture
			captured = false
			if !r.wipeContinue && kujiFront(cells, 1-me) == 0 {
				return kujiWiped
			}
		}
		if cells[x] == 1 { // J6.1: the lap ended in an empty pit
			return kujiEnded
		}
		if capture && pos < 8 && cells[oo+7-pos] > 0 { // J6.2: capture (J5)
			f := oo + 7 - pos
			n = int(cells[f])
			cells[f] = 0
			emit(ev, Event{Kind: EventCapture, Side: me, Cell: Cell(f), Count: n})
			switch {
			case pos <= 1:
				dir = kujiCW
			case pos >= 6:
				dir = kujiCCW
			}
			if dir == kujiCW {
				pos = 15 // the pit before the left kichwa (ring 0)
			} else {
				pos = 8 // the pit before the right kichwa (ring 7)
			}
			captured, valid, power, lam = true, false, 1, 1
			continue
		}
		// J6.3 / J7: relay, after R2's check.
		st := kujiStateOf(cells, pos, dir)
		if valid && st == saved {
			return kujiNeverEnding
		}
		if !valid || lam == power {
			saved, valid, power, lam = st, true, 2*power, 0
		}
		lam++
		n = int(cells[x])
		cells[x] = 0
		emit(ev, Event{Kind: EventRelay, Side: me, Cell: Cell(x), Count: n})
	}
}

func (r *kujiRules) Apply(p *Position, m Move, ev *[]Event) {
	if m.Kind != Sow || m.Pit < 1 || m.Pit > 16 || m.Dir != DirLeft && m.Dir != DirRight {
		return
	}
	me := p.toMove & 1
	pit := int(m.Pit)
	if p.cells[16*int(me)+pit-1] == 0 {
		return
	}
	dir := kujiDir(pit, m.Dir)
	suicide := kujiSuicidal(&p.cells, me, pit, dir)
	cells := p.cells
	mark := 0
	if ev != nil {
		mark = len(*ev)
	}
	out := r.sow(&cells, me, pit, dir, kujiCaptures(&p.cells, me, pit, dir), ev)
	p.ply++
	p.toMove = 1 - me
	switch {
	case out == kujiNeverEnding: // R2: not carried out
		if ev != nil {
			*ev = (*ev)[:mark]
		}
		r.infinite.finish(p, me, ev)
		return
	case out == kujiWiped: // E1, wipe=stop
		p.cells = cells
		p.finish(Won(me), EndFrontRowEmpty, ev)
		return
	}
	p.cells = cells
	if suicide { // J8 with suicide=allowed
		p.finish(Won(1-me), EndFrontRowEmpty, ev)
		return
	}
	r.settle(p, ev)
}

// endByFrontRow ends a four-row game whose front row is empty on one side
// or both (E1), and reports whether it did.
func endByFrontRow(p *Position, ev *[]Event) bool {
	me := p.toMove & 1
	mine, theirs := kujiFront(&p.cells, me), kujiFront(&p.cells, 1-me)
	switch {
	case mine == 0 && theirs == 0:
		p.finish(Draw, EndFrontRowEmpty, ev)
	case mine == 0:
		p.finish(Won(1-me), EndFrontRowEmpty, ev)
	case theirs == 0:
		p.finish(Won(me), EndFrontRowEmpty, ev)
	default:
		return false
	}
	return true
}

func (r *kujiRules) settle(p *Position, ev *[]Event) {
	if p.status != Ongoing {
		return
	}
	me := p.toMove & 1
	if endByFrontRow(p, ev) {
		return
	}
	// E2: no legal move.
	if r.infinite != infiniteIllegal {
		for _, x := range p.cells[16*int(me) : 16*int(me)+16] {
			if x >= 2 {
				return
			}
		}
	} else {
		var buf [MaxMoves]Move
		if len(r.moves(p, buf[:0])) > 0 {
			return
		}
	}
	p.finish(Won(1-me), EndNoMoves, ev)
}
