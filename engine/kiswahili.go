package engine

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
)

// Bao la Kiswahili (id "bao"), exactly as docs/sources/bao-rules.md
// sections 1, 2, 6 and 7 write it (rule ids in brackets). It is played on
// Bao la Kujifunza's board (C3, C4, C5; kujifunza.go: the ring, kujiDir,
// kujiFront) with these additions.
//
//   - S1/S2 The nyumba is front pit 5. Each side starts with 6 seeds in it
//     (option house_seeds=8: 8) and 2 in each of pits 6 and 7, and keeps the
//     rest in hand: 22 (20). South moves first (C1).
//   - S3 A player with seeds in hand plays a namua move, else a mtaji move.
//   - S4 Namua: one seed from hand goes into an occupied front pit. If that
//     pit faces an occupied opponent pit it captures (S5); capture is
//     compulsory (MustCapture). Otherwise, a takasa placement: with a
//     functional nyumba (S7, counted before the seed) any occupied front
//     pit but the nyumba, which is allowed only as the only occupied front
//     pit and is then taxed (S8, NyumbaForbidden); without one only a pit
//     of 2 or more, a singleton only when all occupied front pits are
//     singletons (SingletonPit). Option namua_restrictions=false: any
//     occupied front pit, the functional nyumba always taxed. The pit is
//     then lifted whole (the tax: 2 seeds) and sown either way with relays
//     until a lap ends in an empty pit (S11a), or in the functional nyumba
//     (S8), capturing nothing.
//   - S5 A capture empties the facing pit and sows its seeds from a kichwa,
//     the first seed into it: from pit 1 or 2 the left kichwa clockwise
//     ("R"), from 7 or 8 the right kichwa counter-clockwise ("L"), from
//     3..6 the letter chooses (N3). The letter is always required
//     (DirectionNeeded), and the other one is refused (KichwaDirection).
//   - S6 Lap endings of a capturing move: E1 (the opponent's front row is
//     empty after a capture: the move stops and the mover wins, option
//     wipe); an empty pit ends the move; a front pit facing seeds captures
//     them (kimbi: nearest kichwa, else the direction is kept); in the
//     namua stage a lap ending in the mover's functional nyumba (after the
//     drop) stops the move, or with "+" (N4) goes on safari (S9; option
//     namua_house=stop: always stops, "+" refused: PlusNotAllowed);
//     otherwise relay.
//   - S7 The nyumba is owned until first emptied (captured, or lifted
//     whole by its owner); functional while owned with 6 or more seeds.
//     Option house_capture=immune: a functional nyumba is never captured.
//   - S10 Mtaji: a pit of either row with 2 or more seeds, either way.
//     Capturing move: 2..15 seeds, the first lap ends in an occupied front
//     pit facing an occupied opponent pit (rule of 16). Compulsory.
//   - S11 Mtaji takasa: front row first (FrontRowFirst), relays, no
//     capture, the nyumba has no privilege.
//   - S12 A takasa from the only occupied front pit, a kichwa, must go
//     towards the centre (FrontRowEmptied; option suicide=allowed: legal,
//     and its mover loses).
//   - S13 Takasia (option takasia, default true): after A's mtaji takasa,
//     if B has no capture and A's capturing moves would first capture
//     exactly one pit P of B (not B's functional nyumba, nor B's only
//     occupied front pit, nor B's only front pit of 2 or more), P is
//     blocked: B may not start from it (TakasiaPit), and a lap of B's
//     ending in it ends the move (except the first lap from B's functional
//     nyumba); then A must play a capture that captures P at some point
//     (MustCaptureTakasia). The block lasts until A's move is played.
//   - S14/E1/E2 A player whose front row is empty, or who has no legal
//     move at his turn, loses. R1 third repetition draws; R2 never-ending
//     moves (Brent's algorithm over the cells, nyumba ownership, pit and
//     direction before every relay) are not carried out: option infinite.
//
// Position JSON (section 7): extra = {"hand": {"south": n, "north": n},
// "nyumba_owned": {"south": b, "north": b}, "takasia": null or
// {"side": "north", "pit": 4}}.
//
// aux: [0] and [1] the hands of South and North, [2] bit s set while side
// s owns its nyumba, [3] 0 or 1 + 16*side + pit-1 of the takasia'd pit.
//
// Choices where the rules doc is silent (documented): "functional" means 6
// or more seeds with house_seeds=8 too; with infinite=illegal the
// never-ending moves are removed after compulsion (as kujifunza); if A has
// no capture that reaches P (the doc says this cannot happen) every
// capture is allowed; the takasia is looked for after A's move only while
// the game goes on.
func init() { register(baoVariant) }

var baoVariant = &Variant{
	ID: "bao", Name: "Bao la Kiswahili", Players: 2, BoardBytes: LargeBoardBytes,
	Order: 110,
	Options: append([]OptionSpec{
		{Name: "takasia", Kind: BoolOption, Default: "true",
			Doc: "a takasa that leaves the opponent one threatened pit blocks it for a turn (takasia)"},
		{Name: "namua_house", Kind: EnumOption, Default: "choice", Values: []string{"choice", "stop"},
			Doc: "a capturing lap ending in one's own nyumba in the namua stage may stop or go on safari, or must stop"},
		{Name: "house_capture", Kind: EnumOption, Default: "allowed", Values: []string{"allowed", "immune"},
			Doc: "a functional nyumba can be captured, or is immune"},
		{Name: "namua_restrictions", Kind: BoolOption, Default: "true",
			Doc: "in the namua stage a takasa seed avoids the nyumba and singletons while it can"},
		{Name: "house_seeds", Kind: EnumOption, Default: "6", Values: []string{"6", "8"},
			Doc: "seeds in each nyumba at the start (8: the Malawi setup, 20 in hand)"},
	}, kujiEndOptions...),
	build: func(v *Variant, o Options) (Rules, error) {
		r := &kiswRules{base: base{variant: v, opts: o, layout: fourRowLayout(8)}}
		r.infinite = infiniteOption(o)
		r.takasia = o["takasia"] != "false"
		r.houseStop = o["namua_house"] == "stop"
		r.immune = o["house_capture"] == "immune"
		r.restrict = o["namua_restrictions"] != "false"
		r.houseSeeds = 6
		if o["house_seeds"] == "8" {
			r.houseSeeds = 8
		}
		r.suicide = o["suicide"] == "allowed"
		r.wipeContinue = o["wipe"] == "continue"
		return r, nil
	},
}

type kiswRules struct {
	base
	infinite     infinitePolicy
	takasia      bool
	houseStop    bool
	immune       bool
	restrict     bool
	houseSeeds   uint8
	suicide      bool
	wipeContinue bool
}

const (
	kiswHandS  = 0
	kiswHandN  = 1
	kiswOwned  = 2
	kiswBlock  = 3
	kiswHouse  = 4 // the nyumba's pit index (pit 5), also its ring index
	kiswNyumba = 6 // seeds that make an owned nyumba functional (S7)
)

func (r *kiswRules) RepetitionLimit() int { return 3 } // R1

func (r *kiswRules) Start() Position {
	p := Position{rules: r}
	for s := range 2 { // S2
		o := 16 * s
		p.cells[o+4] = r.houseSeeds
		p.cells[o+5], p.cells[o+6] = 2, 2
		p.aux[s] = 32 - r.houseSeeds - 4
	}
	p.aux[kiswOwned] = 3
	return p
}

func (r *kiswRules) hand(p Position, s Side) int {
	if s > 1 {
		return 0
	}
	return int(p.aux[s])
}

func (r *kiswRules) appendMarks(p Position, buf []Mark) []Mark {
	for s := Side(0); s < 2; s++ {
		if p.aux[kiswOwned]&(1<<s) != 0 {
			buf = append(buf, Mark{Cell: Cell(16*int(s) + kiswHouse), Kind: MarkNyumba, Side: s})
		}
	}
	if b := p.aux[kiswBlock]; b != 0 {
		buf = append(buf, Mark{Cell: Cell(b - 1), Kind: MarkBlocked, Side: Side((b - 1) / 16)})
	}
	if len(buf) == 3 && buf[2].Cell < buf[1].Cell { // cell order
		buf[1], buf[2] = buf[2], buf[1]
		if buf[1].Cell < buf[0].Cell {
			buf[0], buf[1] = buf[1], buf[0]
		}
	} else if len(buf) == 2 && buf[1].Cell < buf[0].Cell {
		buf[0], buf[1] = buf[1], buf[0]
	}
	return buf
}

// functional reports whether side s's nyumba is functional (S7).
func kiswFunctional(cells *[MaxCells]uint8, owned uint8, s Side) bool {
	return owned&(1<<s) != 0 && cells[16*int(s)+kiswHouse] >= kiswNyumba
}

// capturable reports whether side me's front pit i (0-based) faces an
// occupied opponent pit that may be captured (S4, S6.2, S7 immune).
func (r *kiswRules) capturable(cells *[MaxCells]uint8, owned uint8, me Side, i int) bool {
	f := 7 - i
	if cells[16*int(1-me)+f] == 0 {
		return false
	}
	return !(r.immune && f == kiswHouse && kiswFunctional(cells, owned, 1-me))
}

// placeCaptures: a namua placement into front pit i captures (S4).
func (r *kiswRules) placeCaptures(cells *[MaxCells]uint8, owned uint8, me Side, i int) bool {
	return cells[16*int(me)+i] > 0 && r.capturable(cells, owned, me, i)
}

// mtajiCaptures: sowing pit (1..16) in ring direction dir is a capturing
// move (S10): 2..15 seeds whose first lap ends in an occupied front pit
// facing a capturable pit.
func (r *kiswRules) mtajiCaptures(cells *[MaxCells]uint8, owned uint8, me Side, pit, dir int) bool {
	o := 16 * int(me)
	n := int(cells[o+pit-1])
	if n < 2 || n > 15 {
		return false
	}
	x := (int(kujiPitRing[pit-1]) + n*dir) & 15
	return x < 8 && cells[o+x] > 0 && r.capturable(cells, owned, me, x)
}

// anyCapture reports whether side me has a capturing move in its stage.
func (r *kiswRules) anyCapture(cells *[MaxCells]uint8, owned uint8, me Side, namua bool) bool {
	if namua {
		for i := range 8 {
			if r.placeCaptures(cells, owned, me, i) {
				return true
			}
		}
		return false
	}
	for pit := 1; pit <= 16; pit++ {
		if r.mtajiCaptures(cells, owned, me, pit, kujiCW) || r.mtajiCaptures(cells, owned, me, pit, kujiCCW) {
			return true
		}
	}
	return false
}

// kiswCaptureDir is the ring direction of captured seeds from a capture at
// front pit i (S5, S6.2): kimbi to the nearest kichwa, else dir is kept.
func kiswCaptureDir(i, dir int) int {
	switch {
	case i <= 1:
		return kujiCW
	case i >= 6:
		return kujiCCW
	}
	return dir
}

// placeDir is the ring direction a namua move's letter names: for a
// capture, the way the captured seeds go (N3), else the sowing direction.
func placeDir(i int, d Dir) int {
	if d == DirRight {
		return kujiCW
	}
	return kujiCCW
}

// result of playing a move on a copy.
type kiswResult struct {
	out     int  // kujiEnded, kujiWiped, kujiNeverEnding
	safari  bool // a safari point (S6.3) was reached
	hitP    bool // the takasia'd pit was captured
	capture bool // a capturing move
	takasa  bool // the move was a mtaji takasa
	suicide bool // S12 with suicide=allowed
}

// kiswState is what R2 compares before each relay pick-up.
type kiswState struct {
	a, b, c, d      uint64
	pos, dir, owned uint8
}

// play plays m for the side to move on p (cells and aux), appending events
// unless ev is nil. The move must be one AppendMoves lists, or one with a
// Plus that AppendMoves would not list; on a never-ending move p is left
// half-played: callers work on a copy.
func (r *kiswRules) play(p *Position, m Move, ev *[]Event) (res kiswResult) {
	me := p.toMove & 1
	o, oo := 16*int(me), 16*int(1-me)
	cells := &p.cells
	namua := p.aux[me] > 0
	blk := int(p.aux[kiswBlock]) - 1 // cell of the takasia'd pit, or -1
	bOwn, aOwn := blk >= 0 && blk/16 == int(me), blk >= 0 && blk/16 != int(me)
	var pos, dir, n int
	capture := false
	firstFromHouse := false
	if namua {
		i := int(m.Pit) - 1
		capture = r.placeCaptures(cells, p.aux[kiswOwned], me, i)
		tax := !capture && i == kiswHouse && kiswFunctional(cells, p.aux[kiswOwned], me) // S8, before the seed
		cells[o+i]++
		p.aux[me]--
		emit(ev, Event{Kind: EventSow, Side: me, Cell: Cell(o + i)})
		if capture { // S5
			f := oo + 7 - i
			n = int(cells[f])
			cells[f] = 0
			if 7-i == kiswHouse {
				p.aux[kiswOwned] &^= 1 << (1 - me)
			}
			emit(ev, Event{Kind: EventCapture, Side: me, Cell: Cell(f), Count: n})
			dir = kiswCaptureDir(i, placeDir(i, m.Dir))
			if dir == kujiCW {
				pos = 15
			} else {
				pos = 8
			}
		} else {
			dir = kujiDir(i+1, m.Dir)
			pos = i
			if tax {
				n = 2
				cells[o+i] -= 2
			} else {
				n = int(cells[o+i])
				cells[o+i] = 0
				if i == kiswHouse {
					p.aux[kiswOwned] &^= 1 << me
				}
			}
			emit(ev, Event{Kind: EventPickup, Side: me, Cell: Cell(o + i), Count: n})
			res.suicide = kujiFront(cells, me) == 0 && (i == 0 && dir == kujiCCW || i == 7 && dir == kujiCW)
		}
	} else {
		pit := int(m.Pit)
		dir = kujiDir(pit, m.Dir)
		c := o + pit - 1
		capture = r.mtajiCaptures(cells, p.aux[kiswOwned], me, pit, dir)
		firstFromHouse = pit-1 == kiswHouse && kiswFunctional(cells, p.aux[kiswOwned], me)
		n = int(cells[c])
		cells[c] = 0
		if pit-1 == kiswHouse {
			p.aux[kiswOwned] &^= 1 << me
		}
		emit(ev, Event{Kind: EventPickup, Side: me, Cell: Cell(c), Count: n})
		pos = int(kujiPitRing[pit-1])
		res.takasa = !capture
		res.suicide = !capture && kujiFront(cells, me) == 0 && (pit == 1 && dir == kujiCCW || pit == 8 && dir == kujiCW)
	}
	res.capture = capture
	captured := capture && namua // a namua capture sows captured seeds first
	var saved kiswState
	valid, power, lam := false, 1, 1
	first := true
	for lap := 0; ; lap++ {
		if lap > maxRelayLaps { // R2, bounded: see maxRelayLaps in bao.go
			res.out = kujiNeverEnding
			return
		}
		for ; n > 0; n-- {
			pos = (pos + dir) & 15
			x := o + int(kujiRingPit[pos])
			cells[x]++
			emit(ev, Event{Kind: EventSow, Side: me, Cell: Cell(x)})
		}
		x := o + int(kujiRingPit[pos])
		if captured { // S6.0 / E1
			captured = false
			if !r.wipeContinue && kujiFront(cells, 1-me) == 0 {
				res.out = kujiWiped
				return
			}
		}
		if cells[x] == 1 { // S6.1
			res.out = kujiEnded
			return
		}
		if capture && pos < 8 && r.capturable(cells, p.aux[kiswOwned], me, pos) { // S6.2
			f := oo + 7 - pos
			n = int(cells[f])
			cells[f] = 0
			if 7-pos == kiswHouse {
				p.aux[kiswOwned] &^= 1 << (1 - me)
			}
			if aOwn && f == blk {
				res.hitP = true
			}
			emit(ev, Event{Kind: EventCapture, Side: me, Cell: Cell(f), Count: n})
			dir = kiswCaptureDir(pos, dir)
			if dir == kujiCW {
				pos = 15
			} else {
				pos = 8
			}
			captured, valid, power, lam, first = true, false, 1, 1, false
			continue
		}
		if pos == kiswHouse && namua && kiswFunctional(cells, p.aux[kiswOwned], me) {
			if capture { // S6.3
				res.safari = true
				if !m.Plus || r.houseStop {
					res.out = kujiEnded
					return
				}
			} else { // S8: a takasa lap ending in the nyumba
				res.out = kujiEnded
				return
			}
		}
		if bOwn && !capture && !namua && x == blk && !(first && firstFromHouse) { // S13
			res.out = kujiEnded
			return
		}
		// Relay, after R2's check.
		st := kiswState{
			binary.LittleEndian.Uint64(cells[0:8]), binary.LittleEndian.Uint64(cells[8:16]),
			binary.LittleEndian.Uint64(cells[16:24]), binary.LittleEndian.Uint64(cells[24:32]),
			uint8(pos), uint8(dir), p.aux[kiswOwned],
		}
		if valid && st == saved {
			res.out = kujiNeverEnding
			return
		}
		if !valid || lam == power {
			saved, valid, power, lam = st, true, 2*power, 0
		}
		lam++
		first = false
		n = int(cells[x])
		cells[x] = 0
		if pos == kiswHouse {
			p.aux[kiswOwned] &^= 1 << me
		}
		emit(ev, Event{Kind: EventRelay, Side: me, Cell: Cell(x), Count: n})
	}
}

func (r *kiswRules) AppendMoves(p *Position, buf []Move) []Move {
	if p.status != Ongoing {
		return buf
	}
	return r.moves(p, buf)
}

// moves lists the legal moves whatever the status: pits in ascending
// order, L before R, a move before its "+".
func (r *kiswRules) moves(p *Position, buf []Move) []Move {
	me := p.toMove & 1
	o := 16 * int(me)
	owned := p.aux[kiswOwned]
	start := len(buf)
	cells := &p.cells
	if p.aux[me] > 0 { // namua (S4)
		if r.anyCapture(cells, owned, me, true) {
			for i := range 8 {
				if !r.placeCaptures(cells, owned, me, i) {
					continue
				}
				for _, d := range [2]Dir{DirLeft, DirRight} {
					if i <= 1 && d == DirLeft || i >= 6 && d == DirRight {
						continue // N3
					}
					m := Move{Pit: uint8(i + 1), Dir: d}
					buf = append(buf, m)
					if !r.houseStop {
						q := *p
						if r.play(&q, m, nil).safari {
							m.Plus = true
							buf = append(buf, m)
						}
					}
				}
			}
		} else {
			house := r.restrict && kiswFunctional(cells, owned, me)
			occupied, big := 0, 0
			for i := range 8 {
				if cells[o+i] > 0 {
					occupied++
				}
				if cells[o+i] >= 2 {
					big++
				}
			}
			for i := range 8 {
				c := cells[o+i]
				if c == 0 {
					continue
				}
				if r.restrict {
					if house && i == kiswHouse && occupied > 1 {
						continue
					}
					if !house && c == 1 && big > 0 {
						continue
					}
				}
				for _, d := range [2]Dir{DirLeft, DirRight} {
					if !r.suicide && occupied == 1 && (i == 0 && d == DirLeft || i == 7 && d == DirRight) {
						continue // S12
					}
					buf = append(buf, Move{Pit: uint8(i + 1), Dir: d})
				}
			}
		}
	} else { // mtaji (S10, S11, S13)
		blk := int(p.aux[kiswBlock]) - 1
		if r.anyCapture(cells, owned, me, false) {
			for pit := 1; pit <= 16; pit++ {
				for _, d := range [2]Dir{DirLeft, DirRight} {
					if r.mtajiCaptures(cells, owned, me, pit, kujiDir(pit, d)) {
						buf = append(buf, Move{Pit: uint8(pit), Dir: d})
					}
				}
			}
			if blk >= 0 && blk/16 != int(me) { // S13: A must capture P
				kept := buf[start:start]
				for _, m := range buf[start:] {
					q := *p
					if r.play(&q, m, nil).hitP {
						kept = append(kept, m)
					}
				}
				if len(kept) > 0 {
					buf = buf[:start+len(kept)]
				}
			}
		} else {
			lo, hi := 9, 16
			for i := range 8 {
				if cells[o+i] >= 2 {
					lo, hi = 1, 8
					break
				}
			}
			for pit := lo; pit <= hi; pit++ {
				if cells[o+pit-1] < 2 || o+pit-1 == blk {
					continue
				}
				for _, d := range [2]Dir{DirLeft, DirRight} {
					if !r.suicide && kujiSuicidal(cells, me, pit, kujiDir(pit, d)) {
						continue // S12
					}
					buf = append(buf, Move{Pit: uint8(pit), Dir: d})
				}
			}
		}
	}
	if r.infinite == infiniteIllegal { // R2
		kept := buf[start:start]
		for _, m := range buf[start:] {
			q := *p
			if r.play(&q, m, nil).out != kujiNeverEnding {
				kept = append(kept, m)
			}
		}
		buf = buf[:start+len(kept)]
	}
	return buf
}

func (r *kiswRules) Check(p *Position, m Move) error {
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
	var buf [MaxMoves]Move
	for _, x := range r.moves(p, buf[:0]) {
		if x == m {
			return nil
		}
	}
	me := p.toMove & 1
	o := 16 * int(me)
	pit := int(m.Pit)
	n := p.cells[o+pit-1]
	owned := p.aux[kiswOwned]
	if p.aux[me] > 0 { // namua
		i := pit - 1
		switch {
		case pit > 8:
			return illegal(m, NoSuchPit)
		case n == 0:
			return illegal(m, EmptyPit)
		case r.anyCapture(&p.cells, owned, me, true) && !r.placeCaptures(&p.cells, owned, me, i):
			return illegal(m, MustCapture)
		case m.Plus:
			return illegal(m, PlusNotAllowed)
		case r.placeCaptures(&p.cells, owned, me, i):
			return illegal(m, KichwaDirection)
		case i == kiswHouse && r.restrict && kiswFunctional(&p.cells, owned, me):
			return illegal(m, NyumbaForbidden)
		case n == 1 && r.restrict:
			return illegal(m, SingletonPit)
		case !r.suicide && (i == 0 || i == 7) && kujiFront(&p.cells, me) == int(n):
			return illegal(m, FrontRowEmptied)
		}
		return illegal(m, NeverEnding)
	}
	dir := kujiDir(pit, m.Dir)
	blk := int(p.aux[kiswBlock]) - 1
	switch {
	case n == 0:
		return illegal(m, EmptyPit)
	case n == 1:
		return illegal(m, SingletonPit)
	case m.Plus:
		return illegal(m, PlusNotAllowed)
	case r.mtajiCaptures(&p.cells, owned, me, pit, dir):
		if blk >= 0 && blk/16 != int(me) {
			q := *p
			if !r.play(&q, m, nil).hitP {
				return illegal(m, MustCaptureTakasia)
			}
		}
		return illegal(m, NeverEnding)
	case r.anyCapture(&p.cells, owned, me, false):
		return illegal(m, MustCapture)
	case pit > 8 && kujiFrontPlayable(p):
		return illegal(m, FrontRowFirst)
	case o+pit-1 == blk:
		return illegal(m, TakasiaPit)
	case !r.suicide && kujiSuicidal(&p.cells, me, pit, dir):
		return illegal(m, FrontRowEmptied)
	}
	return illegal(m, NeverEnding)
}

func (r *kiswRules) Apply(p *Position, m Move, ev *[]Event) {
	if m.Kind != Sow || m.Pit < 1 || m.Pit > 16 || m.Dir != DirLeft && m.Dir != DirRight {
		return
	}
	me := p.toMove & 1
	if p.aux[me] > 0 && m.Pit > 8 || p.cells[16*int(me)+int(m.Pit)-1] == 0 {
		return
	}
	q := *p
	mark := 0
	if ev != nil {
		mark = len(*ev)
	}
	res := r.play(&q, m, ev)
	p.ply++
	p.toMove = 1 - me
	if res.out == kujiNeverEnding { // R2: not carried out
		if ev != nil {
			*ev = (*ev)[:mark]
		}
		r.infinite.finish(p, me, ev)
		return
	}
	p.cells, p.aux = q.cells, q.aux
	if b := int(p.aux[kiswBlock]) - 1; b >= 0 && b/16 != int(me) {
		p.aux[kiswBlock] = 0 // S13: the takasia ends after A's move
	}
	switch {
	case res.out == kujiWiped: // E1, wipe=stop
		p.finish(Won(me), EndFrontRowEmpty, ev)
		return
	case res.suicide: // S12 with suicide=allowed
		p.finish(Won(1-me), EndFrontRowEmpty, ev)
		return
	}
	r.settle(p, ev)
	if r.takasia && res.takasa && p.status == Ongoing {
		r.block(p, me)
	}
}

// block applies S13's trigger after a's mtaji takasa (b to move).
func (r *kiswRules) block(p *Position, a Side) {
	b := 1 - a
	owned := p.aux[kiswOwned]
	cells := &p.cells
	if r.anyCapture(cells, owned, b, p.aux[b] > 0) { // (a)
		return
	}
	o, ob := 16*int(a), 16*int(b)
	P := -1
	for pit := 1; pit <= 16; pit++ { // (b)
		for _, dir := range [2]int{kujiCW, kujiCCW} {
			if !r.mtajiCaptures(cells, owned, a, pit, dir) {
				continue
			}
			x := (int(kujiPitRing[pit-1]) + int(cells[o+pit-1])*dir) & 15
			f := ob + 7 - x
			if P >= 0 && P != f {
				return
			}
			P = f
		}
	}
	if P < 0 || P-ob == kiswHouse && kiswFunctional(cells, owned, b) {
		return
	}
	occupied, big := 0, 0
	for i := range 8 {
		if cells[ob+i] > 0 {
			occupied++
		}
		if cells[ob+i] >= 2 {
			big++
		}
	}
	if occupied == 1 || big == 1 && cells[P] >= 2 {
		return
	}
	p.aux[kiswBlock] = uint8(P + 1)
}

func (r *kiswRules) settle(p *Position, ev *[]Event) {
	if p.status != Ongoing {
		return
	}
	me := p.toMove & 1
	if endByFrontRow(p, ev) {
		return
	}
	// E2: no legal move.
	if r.infinite != infiniteIllegal {
		if p.aux[me] > 0 {
			return // an occupied front pit always takes a seed
		}
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

func (r *kiswRules) extra(p *Position) map[string]any {
	var tk *kiswTakasia
	if b := p.aux[kiswBlock]; b != 0 {
		tk = &kiswTakasia{Side((b - 1) / 16).String(), int((b-1)%16) + 1}
	}
	return map[string]any{
		"hand":         sideMap([]int{int(p.aux[kiswHandS]), int(p.aux[kiswHandN])}),
		"nyumba_owned": sideMap([]bool{p.aux[kiswOwned]&1 != 0, p.aux[kiswOwned]&2 != 0}),
		"takasia":      tk,
	}
}

// kiswTakasia is extra.takasia, its keys in the order of section 7.
type kiswTakasia struct {
	Side string `json:"side"`
	Pit  int    `json:"pit"`
}

func (r *kiswRules) setExtra(p *Position, extra map[string]json.RawMessage) error {
	p.aux = [8]uint8{0, 0, 3, 0}
	for k, raw := range extra {
		switch k {
		case "hand":
			var h struct{ South, North *int }
			if err := json.Unmarshal(raw, &h); err != nil || h.South == nil || h.North == nil ||
				*h.South < 0 || *h.South > 32 || *h.North < 0 || *h.North > 32 {
				return fmt.Errorf("extra.hand: want {\"south\": n, \"north\": n} with 0 <= n <= 32")
			}
			p.aux[kiswHandS], p.aux[kiswHandN] = uint8(*h.South), uint8(*h.North)
		case "nyumba_owned":
			var h struct{ South, North *bool }
			if err := json.Unmarshal(raw, &h); err != nil || h.South == nil || h.North == nil {
				return fmt.Errorf("extra.nyumba_owned: want {\"south\": bool, \"north\": bool}")
			}
			p.aux[kiswOwned] = b2u(*h.South) | b2u(*h.North)<<1
		case "takasia":
			if string(raw) == "null" {
				p.aux[kiswBlock] = 0
				continue
			}
			var t struct {
				Side *string
				Pit  *int
			}
			if err := json.Unmarshal(raw, &t); err != nil || t.Side == nil || t.Pit == nil || *t.Pit < 1 || *t.Pit > 16 ||
				*t.Side != "south" && *t.Side != "north" {
				return fmt.Errorf("extra.takasia: want null or {\"side\": \"south\"|\"north\", \"pit\": 1..16}")
			}
			s := 0
			if *t.Side == "north" {
				s = 1
			}
			p.aux[kiswBlock] = uint8(16*s + *t.Pit)
		default:
			return fmt.Errorf("extra.%s: bao keeps hand, nyumba_owned and takasia", k)
		}
	}
	return nil
}
