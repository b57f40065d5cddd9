package engine

// Gabata (id "gabata"), the Habr / Somali "pirate" version, as
// docs/sources/more-games-rules.md section 7 writes it (rule numbers in
// brackets; the seed texts are docs/sources/seed-003.md#line-296 (003:296-334)
// and docs/sources/seed-000.md#line-268 (000:268)). Rating: reconstructed, from
// the seeds, the seed author's own code (DagazProject) and Ludii's three-row
// sowing path.
//
// Board: the three-row board of layout3.go (3 rows of 6; each player owns
// his back row and the right half of the middle row, 9 pits numbered 1..6
// along his back row from his left and 7..9 along his half of the middle
// row from the edge; sowing goes South 1..9, North 1..9, round and round).
// Each side has a store for its captures, drawn beside the board.
//
//   - [1] 3 seeds in every pit, 54 in all. South moves first. The
//     simultaneous opening race of the sources is not offered [choice].
//   - [2] A move: a non-empty pit of one's own 9; relay sowing along the
//     18-pit path, the origin not skipped (C3).
//   - [3] The last seed of a lap falls into a pit that held seeds: the
//     pit is lifted and sown on (relay). Into an empty pit: the mover
//     captures the seeds of the other pits of that pit's column that
//     belong to the opponent (by the board's fixed territories).
//     `column=both`: both other pits of the column are taken, the
//     mover's own included.
//   - [4] `serial=true` (default): when rule 3 captured at least one seed,
//     the capturing seed is lifted and sown on (one seed into the next
//     pit), and the move goes on by rules 3 and 4 (compulsory, as in the
//     author's code); when nothing was captured the move ends.
//     `serial=false`: the move ends after rule 3.
//   - [C4] A move whose relay would never end is illegal (NeverEnding):
//     the state before every relay pick-up (the pits, the stores, the pit)
//     is checked by Brent's cycle detection, restarted by each capture,
//     and a move still relaying after maxRelayLaps laps counts as
//     never-ending.
//   - [5] When the player to move cannot move (no seed in his 9 pits, or
//     every move never ends), his opponent takes every seed left on the
//     board (EndNoMoves); the bigger store wins, 27-27 is a draw. The
//     final board is empty.
//   - [6] The third occurrence of a position (C6: pits, stores, side to
//     move) ends the game: each player adds the seeds in his own 9 pits to
//     his store, and the bigger store wins (EndRepetition) [choice].
//   - [7] The multi-round continuation of the seed is not offered.
//
// Position JSON: pits.<side> holds the 9 pits in the owner's numbering,
// stores the captures; extra is {}.
//
// Events: pickup, sow, relay, capture (one per captured pit); a serial
// capture's lifted seed is a pickup of 1 from the pit it fell in; at the
// end, sweep and end.
func init() {
	register(&Variant{
		ID: "gabata", Name: "Gabata", Players: 2, BoardBytes: LargeBoardBytes,
		Order: 140,
		Options: []OptionSpec{
			{Name: "serial", Kind: BoolOption, Default: "true",
				Doc: "a capturing seed is lifted and sown on, capturing again (the move goes on)"},
			{Name: "column", Kind: EnumOption, Default: "opponent", Values: []string{"opponent", "both"},
				Doc: "a lap ending in an empty pit takes the opponent's other pits of that column, or both other pits of the column"},
		},
		build: func(v *Variant, o Options) (Rules, error) {
			return &gabataRules{base: base{variant: v, opts: o, layout: threeRowLayout()},
				serial: optBool(o, "serial"), both: o["column"] == "both"}, nil
		},
	})
}

// gabataRules: cells as threeRowLayout.
type gabataRules struct {
	base
	serial, both bool
}

func (r *gabataRules) RepetitionLimit() int { return 3 } // [6], C6

func (r *gabataRules) Start() Position {
	p := Position{rules: r}
	for i := range t3Path {
		p.cells[i] = 3 // [1]
	}
	return p
}

func (r *gabataRules) AppendMoves(p *Position, buf []Move) []Move {
	if p.status != Ongoing {
		return buf
	}
	return r.moves(p, buf)
}

// moves lists the legal moves whatever the status.
func (r *gabataRules) moves(p *Position, buf []Move) []Move {
	for pit := 1; pit <= t3Pits; pit++ {
		if r.legal(p, pit) {
			buf = append(buf, sowMoves[pit])
		}
	}
	return buf
}

// hasMove reports whether the player to move has a legal move, sowing
// only up to the first (settle's question after every move: listing them
// all sowed every pit).
func (r *gabataRules) hasMove(p *Position) bool {
	for pit := 1; pit <= t3Pits; pit++ {
		if r.legal(p, pit) {
			return true
		}
	}
	return false
}

// legal reports whether the player to move may sow pit (1..9): it holds
// seeds and its sowing ends.
func (r *gabataRules) legal(p *Position, pit int) bool {
	return p.cells[9*int(p.toMove&1)+pit-1] > 0 && !r.neverEnds(p, pit)
}

func (r *gabataRules) neverEnds(p *Position, pit int) bool {
	cells := p.cells
	return !r.sow(&cells, p.toMove&1, pit, nil)
}

func (r *gabataRules) Check(p *Position, m Move) error {
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
	case p.cells[9*int(p.toMove&1)+int(m.Pit)-1] == 0:
		return illegal(m, EmptyPit)
	case r.neverEnds(p, int(m.Pit)):
		return illegal(m, NeverEnding)
	}
	return nil
}

// capture takes the pits of pos's column that rule 3 names and returns
// the seeds taken.
func (r *gabataRules) capture(cells *[MaxCells]uint8, me Side, pos int, ev *[]Event) int {
	got := 0
	for _, c := range t3Column[t3Col[pos]] {
		if int(c) == pos || cells[c] == 0 || !r.both && int(c)/9 == int(me) {
			continue
		}
		n := int(cells[c])
		got += n
		cells[c] = 0
		emit(ev, Event{Kind: EventCapture, Side: me, Cell: Cell(c), Count: n})
	}
	cells[t3South+int(me)] += uint8(got)
	return got
}

// sow plays side me's move from pit (1..9) on cells and reports whether it
// ended (false: it never ends, C4; the cells are then left as sown so far).
func (r *gabataRules) sow(cells *[MaxCells]uint8, me Side, pit int, ev *[]Event) bool {
	pos := 9*int(me) + pit - 1
	n := int(cells[pos])
	cells[pos] = 0
	emit(ev, Event{Kind: EventPickup, Side: me, Cell: Cell(pos), Count: n})
	var b t3Brent
	b.reset()
	for lap := 0; ; lap++ {
		if lap > maxRelayLaps {
			return false
		}
		pos = t3Lap(cells, me, pos, n, ev)
		if cells[pos] > 1 { // [3] relay
			if b.repeats(t3StateOf(cells, pos)) {
				return false
			}
			n = int(cells[pos])
			cells[pos] = 0
			emit(ev, Event{Kind: EventRelay, Side: me, Cell: Cell(pos), Count: n})
			continue
		}
		if r.capture(cells, me, pos, ev) == 0 || !r.serial { // [3]
			return true
		}
		// [4] serial capture: the capturing seed goes on.
		b.reset()
		cells[pos] = 0
		n = 1
		emit(ev, Event{Kind: EventPickup, Side: me, Cell: Cell(pos), Count: 1})
	}
}

func (r *gabataRules) Apply(p *Position, m Move, ev *[]Event) {
	me := p.toMove & 1
	if m.Kind != Sow || m.Pit < 1 || m.Pit > t3Pits || p.cells[9*int(me)+int(m.Pit)-1] == 0 {
		return
	}
	cells := p.cells
	mark := 0
	if ev != nil {
		mark = len(*ev)
	}
	if !r.sow(&cells, me, int(m.Pit), ev) { // never-ending (illegal): not carried out
		if ev != nil {
			*ev = (*ev)[:mark]
		}
		return
	}
	p.cells = cells
	p.ply++
	p.toMove = 1 - me
	r.settle(p, ev)
}

// settle ends the game when the player to move cannot move [5].
func (r *gabataRules) settle(p *Position, ev *[]Event) {
	if p.status != Ongoing {
		return
	}
	if r.hasMove(p) {
		return
	}
	other := 1 - p.toMove&1
	p.sweepSide(South, other, ev)
	p.sweepSide(North, other, ev)
	p.decideByStores(EndNoMoves, ev)
}
