package engine

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
)

// Selus (id "selus"), as docs/sources/more-games-rules.md section 8 writes it
// (rule numbers in brackets; the seed texts are
// docs/sources/seed-003.md#line-336 (003:336-347),
// docs/sources/seed-003.md#line-385 (003:385) and
// docs/sources/seed-000.md#line-265 (000:265)). Rating: faithful, every gap
// filled by the seed author's own implementation (DagazProject Gabata/Selus).
//
// Board: the three-row board of layout3.go (9 pits a side: 1..6 the back
// row from the owner's left, 7..9 his half of the middle row; sowing goes
// South 1..9, North 1..9, round and round). A player's eye (ayemi) is his
// pit 1. Each side has a store for its captures, drawn beside the board.
//
//   - [1] 3 seeds in every pit, 54 in all. South moves first; there is no
//     opening race.
//   - [2] A move starts from a non-empty pit of one's own 9 that is not a
//     wegue (a trap), whoever owns the wegue (TrapPit). Relay sowing along
//     the 18-pit path, the origin not skipped; seeds sown into a wegue
//     stay there.
//   - [3] The last seed of a lap falls into pit P:
//     a. P is a wegue. If P is the mover's own eye, nothing happens and
//     the move ends. Else, if P held seeds before this one, the mover
//     captures 2 (this seed and one more) into his store and the move
//     ends; he moves again if the wegue is his own or P is the
//     opponent's eye, whoever built it. Else (the wegue was empty) the
//     seed stays and the move ends. With `weak_traps=true` a wegue
//     emptied by a capture is an ordinary pit again; by default (strong
//     traps, the author's game) it stays a wegue.
//     b. P is not a wegue and now holds exactly 4, and the mover has
//     completed his first move of the game: P becomes a wegue owned by
//     the mover, on either side of the board; the move ends. During
//     each player's first move a 4 just relays.
//     c. P was empty: the move ends.
//     d. Otherwise P is lifted and sown on (relay).
//   - The extra move of 3a is a new move (a ply) from any own non-wegue
//     pit; if the player has none, it is forfeited.
//   - [C4] A move whose relay would never end is illegal (NeverEnding):
//     Brent's cycle detection over the states before relay pick-ups, and
//     at most maxRelayLaps laps. A player whose every move never ends
//     cannot move.
//   - [4] A player who cannot move passes (C5: no ply; to_move names the
//     player who moves next); the other keeps moving.
//   - [5] The game ends when neither player can move (EndNoMoves). A
//     player's score is his store plus the seeds in the wegues he owns
//     plus the seeds in his own pits that are not wegues (non-zero only
//     when C4 blocks every move). The higher score wins; equal is a draw.
//     The final position is not swept: the stores keep the captures only.
//   - [6] The third occurrence of a position (C6: pits, stores, wegues,
//     openings, side to move) ends the game with the same scoring
//     (EndRepetition) [choice].
//   - [7] Rounds and the Ludii/Pankhurst extras are not offered.
//
// Choices where the rules document is silent: a wegue may be made in an
// eye (the document names no exception); a position set up without
// "opening" has both openings done and without "wegue" no wegue; a set-up
// position whose side to move cannot move but whose opponent can is given
// to the opponent (the automatic pass of rule 4).
//
// Position JSON: pits.<side> the 9 pits in the owner's numbering; stores
// the captures; extra = {"wegue": {"south": [9 x ""|"south"|"north"],
// "north": [...]}, "opening": {"south": bool, "north": bool}}: wegue.x[i]
// is the owner of the wegue at side x's pit i+1 ("" when it is none) and
// opening.x says that x has not finished his first move.
//
// Events: pickup, sow, relay, capture (2 from the wegue), trap (a wegue
// made, or with weak_traps emptied: Side NoSide), extra_turn when the
// mover moves again; pass when the side due to move cannot and the other
// moves instead (no ply); at the end, end.
func init() {
	register(&Variant{
		ID: "selus", Name: "Selus", Players: 2, BoardBytes: LargeBoardBytes,
		Order: 150,
		Options: []OptionSpec{
			{Name: "weak_traps", Kind: BoolOption, Default: "false",
				Doc: "a wegue emptied by a capture becomes an ordinary pit again"},
		},
		build: func(v *Variant, o Options) (Rules, error) {
			return &wegueRules{base: base{variant: v, opts: o, layout: threeRowLayout()},
				captures: true, weak: optBool(o, "weak_traps")}, nil
		},
	})
}

// wegueRules are Selus and Sulus. Cells as threeRowLayout. The wegues and
// the openings live in aux, read as one little-endian word: bit i (0..17)
// says pit cell i is a wegue, bit 18+i that its owner is North, bit 36+s
// that side s has not finished his first move.
type wegueRules struct {
	base
	captures bool // Selus: rule 3a captures; Sulus: none, and traps only on the opponent's side
	weak     bool // Selus weak_traps
	toOwner  bool // Sulus nishtav/lame: a trap belongs to the owner of its side, not its maker
}

// PassesWhenStuck: a player of Selus or Sulus who cannot move passes
// (Passer).
func (r *wegueRules) PassesWhenStuck() bool { return true }

const (
	wegOwnerShift = 18
	wegOpening    = 36
	wegAll        = 1<<t3Path - 1
)

// How a wegue move ends.
const (
	wegEnded = iota
	wegExtra // Selus 3a: the mover moves again
	wegNever // C4
)

func wegAux(p *Position) uint64          { return binary.LittleEndian.Uint64(p.aux[:]) }
func wegSetAux(p *Position, a uint64)    { binary.LittleEndian.PutUint64(p.aux[:], a) }
func wegIs(a uint64, c int) bool         { return a>>c&1 != 0 }
func wegOwner(a uint64, c int) Side      { return Side(a >> (wegOwnerShift + c) & 1) }
func wegInOpening(a uint64, s Side) bool { return a>>(wegOpening+int(s))&1 != 0 }

func (r *wegueRules) RepetitionLimit() int { return 3 } // [6], C6

func (r *wegueRules) Start() Position {
	p := Position{rules: r}
	for i := range t3Path {
		p.cells[i] = 3 // [1]
	}
	wegSetAux(&p, 3<<wegOpening)
	return p
}

func (r *wegueRules) AppendMoves(p *Position, buf []Move) []Move {
	if p.status != Ongoing {
		return buf
	}
	return r.moves(p, p.toMove&1, buf)
}

// moves lists side me's legal moves whatever the status.
func (r *wegueRules) moves(p *Position, me Side, buf []Move) []Move {
	for pit := 1; pit <= t3Pits; pit++ {
		if r.legal(p, me, pit) {
			buf = append(buf, sowMoves[pit])
		}
	}
	return buf
}

// canMove reports whether side me has a legal move, sowing only up to the
// first.
func (r *wegueRules) canMove(p *Position, me Side) bool {
	for pit := 1; pit <= t3Pits; pit++ {
		if r.legal(p, me, pit) {
			return true
		}
	}
	return false
}

// legal reports whether side me may sow pit (1..9): it holds seeds, is
// not a wegue, and its sowing ends.
func (r *wegueRules) legal(p *Position, me Side, pit int) bool {
	c := 9*int(me) + pit - 1
	return p.cells[c] > 0 && !wegIs(wegAux(p), c) && !r.neverEnds(p, me, pit)
}

func (r *wegueRules) neverEnds(p *Position, me Side, pit int) bool {
	cells, a := p.cells, wegAux(p)
	return r.sow(&cells, &a, me, pit, nil) == wegNever
}

func (r *wegueRules) Check(p *Position, m Move) error {
	switch {
	case p.status != Ongoing:
		return illegal(m, GameOver)
	case m.Kind == Swap:
		return illegal(m, SwapUnavailable)
	case m.Kind != Sow:
		return illegal(m, NoSuchPit)
	case m.Dir != DirNone || m.Plus:
		return illegal(m, NeedsNoDirection)
	case m.Pit < 1 || m.Pit > t3Pits:
		return illegal(m, NoSuchPit)
	}
	me := p.toMove & 1
	c := 9*int(me) + int(m.Pit) - 1
	switch {
	case wegIs(wegAux(p), c):
		return illegal(m, TrapPit)
	case p.cells[c] == 0:
		return illegal(m, EmptyPit)
	case r.neverEnds(p, me, int(m.Pit)):
		return illegal(m, NeverEnding)
	}
	return nil
}

// sow plays side me's move from pit (1..9) on cells and the wegue word a.
func (r *wegueRules) sow(cells *[MaxCells]uint8, a *uint64, me Side, pit int, ev *[]Event) int {
	pos := 9*int(me) + pit - 1
	n := int(cells[pos])
	cells[pos] = 0
	emit(ev, Event{Kind: EventPickup, Side: me, Cell: Cell(pos), Count: n})
	var b t3Brent
	b.reset()
	opening := wegInOpening(*a, me)
	for lap := 0; ; lap++ {
		if lap > maxRelayLaps {
			return wegNever
		}
		pos = t3Lap(cells, me, pos, n, ev)
		held := cells[pos] - 1
		switch {
		case wegIs(*a, pos): // 3a
			if !r.captures || pos == 9*int(me) || held == 0 {
				return wegEnded // a trap keeps the seed (Sulus); the own eye; an empty wegue
			}
			cells[pos] -= 2
			cells[t3South+int(me)] += 2
			emit(ev, Event{Kind: EventCapture, Side: me, Cell: Cell(pos), Count: 2})
			extra := wegOwner(*a, pos) == me || pos == 9*int(1-me)
			if r.weak && cells[pos] == 0 {
				*a &^= 1<<pos | 1<<(wegOwnerShift+pos)
				emit(ev, Event{Kind: EventTrap, Side: NoSide, Cell: Cell(pos)})
			}
			if extra {
				return wegExtra
			}
			return wegEnded
		case held == 0: // 3c
			return wegEnded
		case held == 3 && !opening && (r.captures || pos/9 != int(me)): // 3b
			owner := me
			if r.toOwner {
				owner = 1 - me
			}
			*a = *a&^(1<<(wegOwnerShift+pos)) | 1<<pos | uint64(owner)<<(wegOwnerShift+pos)
			emit(ev, Event{Kind: EventTrap, Side: owner, Cell: Cell(pos)})
			return wegEnded
		}
		// 3d: relay
		if b.repeats(t3StateOf(cells, pos)) {
			return wegNever
		}
		n = int(cells[pos])
		cells[pos] = 0
		emit(ev, Event{Kind: EventRelay, Side: me, Cell: Cell(pos), Count: n})
	}
}

func (r *wegueRules) Apply(p *Position, m Move, ev *[]Event) {
	me := p.toMove & 1
	if m.Kind != Sow || m.Pit < 1 || m.Pit > t3Pits {
		return
	}
	if c := 9*int(me) + int(m.Pit) - 1; p.cells[c] == 0 || wegIs(wegAux(p), c) {
		return
	}
	cells, a := p.cells, wegAux(p)
	mark := 0
	if ev != nil {
		mark = len(*ev)
	}
	out := r.sow(&cells, &a, me, int(m.Pit), ev)
	if out == wegNever { // illegal: not carried out
		if ev != nil {
			*ev = (*ev)[:mark]
		}
		return
	}
	p.cells = cells
	a &^= 1 << (wegOpening + int(me)) // his first move is over
	wegSetAux(p, a)
	p.ply++
	p.toMove = 1 - me
	if out == wegExtra {
		p.toMove = me
	}
	r.settle(p, ev)
	if out == wegExtra && p.status == Ongoing && p.toMove == me {
		emit(ev, Event{Kind: EventExtraTurn, Side: me})
	}
}

// settle passes the turn of a player who cannot move [4] and ends the game
// when neither can [5].
func (r *wegueRules) settle(p *Position, ev *[]Event) {
	if p.status != Ongoing {
		return
	}
	me := p.toMove & 1
	if r.canMove(p, me) {
		return
	}
	if r.canMove(p, 1-me) {
		emit(ev, Event{Kind: EventPass, Side: me})
		p.toMove = 1 - me
		return
	}
	r.decide(p, EndNoMoves, ev)
}

// endRepeated ends a game whose position came back a third time [6].
func (r *wegueRules) endRepeated(p *Position, ev *[]Event) { r.decide(p, EndRepetition, ev) }

// wegueScore returns side s's score by rule 5 of Selus and rule 6 of
// Sulus: his store, the seeds in the wegues he owns and the seeds in his
// own pits that are not wegues.
func wegueScore(p *Position, s Side) int {
	a := wegAux(p)
	n := int(p.cells[t3South+int(s)])
	for c := range t3Path {
		if wegIs(a, c) {
			if wegOwner(a, c) == s {
				n += int(p.cells[c])
			}
		} else if c/9 == int(s) {
			n += int(p.cells[c])
		}
	}
	return n
}

// scores is Position.Scores: rule 5's count for both sides.
func (r *wegueRules) scores(p Position) (int, int) {
	return wegueScore(&p, South), wegueScore(&p, North)
}

func (r *wegueRules) decide(p *Position, why EndReason, ev *[]Event) {
	s, n := wegueScore(p, South), wegueScore(p, North)
	switch {
	case s > n:
		p.finish(SouthWon, why, ev)
	case n > s:
		p.finish(NorthWon, why, ev)
	default:
		p.finish(Draw, why, ev)
	}
}

func (r *wegueRules) appendMarks(p Position, buf []Mark) []Mark {
	a := wegAux(&p)
	for c := range t3Path {
		if wegIs(a, c) {
			buf = append(buf, Mark{Cell: Cell(c), Kind: MarkTrap, Side: wegOwner(a, c)})
		}
	}
	return buf
}

func (r *wegueRules) extra(p *Position) map[string]any {
	a := wegAux(p)
	w := map[string][]string{}
	for s := range Side(2) {
		row := make([]string, t3Pits)
		for i := range row {
			if c := 9*int(s) + i; wegIs(a, c) {
				row[i] = wegOwner(a, c).String()
			}
		}
		w[s.String()] = row
	}
	return map[string]any{
		"wegue":   w,
		"opening": map[string]bool{"south": wegInOpening(a, South), "north": wegInOpening(a, North)},
	}
}

func (r *wegueRules) setExtra(p *Position, extra map[string]json.RawMessage) error {
	var a uint64
	for k, raw := range extra {
		switch k {
		case "wegue":
			var w map[string][]string
			if err := json.Unmarshal(raw, &w); err != nil {
				return fmt.Errorf("extra.wegue: want {\"south\": [9 owners], \"north\": [...]}, each \"\", \"south\" or \"north\"")
			}
			for name, row := range w {
				s, err := ParseSide(name)
				if err != nil || s > North {
					return fmt.Errorf("extra.wegue.%s: unknown side", name)
				}
				if len(row) != t3Pits {
					return fmt.Errorf("extra.wegue.%s: want %d entries, got %d", name, t3Pits, len(row))
				}
				for i, o := range row {
					if o == "" {
						continue
					}
					owner, err := ParseSide(o)
					if err != nil || owner > North {
						return fmt.Errorf("extra.wegue.%s[%d]: %q is not \"\", \"south\" or \"north\"", name, i, o)
					}
					c := 9*int(s) + i
					if !r.captures && owner != s && r.toOwner {
						return fmt.Errorf("extra.wegue.%s[%d]: with rule=%s a trap belongs to the owner of its side", name, i, r.opts["rule"])
					}
					if !r.captures && !r.toOwner && owner == s {
						return fmt.Errorf("extra.wegue.%s[%d]: with rule=aydi a trap on %s's side belongs to its maker, %s", name, i, s, 1-s)
					}
					a |= 1<<c | uint64(owner)<<(wegOwnerShift+c)
				}
			}
		case "opening":
			var o map[string]bool
			if err := json.Unmarshal(raw, &o); err != nil {
				return fmt.Errorf("extra.opening: want {\"south\": bool, \"north\": bool}")
			}
			for name, v := range o {
				s, err := ParseSide(name)
				if err != nil || s > North {
					return fmt.Errorf("extra.opening.%s: unknown side", name)
				}
				if v {
					a |= 1 << (wegOpening + int(s))
				}
			}
		default:
			return fmt.Errorf("extra.%s: unknown key (known: wegue, opening)", k)
		}
	}
	wegSetAux(p, a)
	if !r.captures && (p.cells[t3South] != 0 || p.cells[t3North] != 0) {
		return fmt.Errorf("stores: %s has no captures (want 0)", r.variant.ID)
	}
	// [4]: the automatic pass of a set-up position's side to move.
	if p.status == Ongoing {
		if me := p.toMove & 1; !r.canMove(p, me) && r.canMove(p, 1-me) {
			p.toMove = 1 - me
		}
	}
	return nil
}
