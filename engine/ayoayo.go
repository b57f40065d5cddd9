package engine

// Ayo-ayo (id "ayoayo"), with Abawo and Anyiwoli as options: the rules of
// docs/sources/more-games-rules.md section 3 (rule numbers below are that
// section's; C3-C6 are its shared conventions), rated faithful: Skiryuk
// docs/sources/seed-000.md#line-204 (000:204-208), Habr
// docs/sources/seed-000.md#line-254 (000:254, 260), Popular Mechanics
// docs/sources/seed-000.md#line-641 (000:641, 645, 669). Mancala World's
// "Ayoayo", a Yoruba game like Oware, is another game.
//
//  1. Board and start: two rows of `pits` pits (default 6; Anyiwoli is
//     played on 2x12, pits=12), 4 seeds in each. The sources name 6 and 12;
//     any of 4..12 is offered [choice] (2x12 pits and two stores are 26
//     cells of MaxCells 40, 96 seeds). The stores are never sown: they only
//     keep captured seeds. South moves first [choice].
//  2. A move: all the seeds of any non-empty pit of the mover's row, sown one
//     by one counter-clockwise round both rows, the origin pit included
//     [choice] (C3). Rows never change owner.
//  3. Fours: whenever a dropped seed makes a pit hold exactly 4, the four are
//     captured at once and the sowing goes on with the seeds still in hand.
//     Who takes them is option `capture`:
//     "sower" (Ayo-ayo, default): always the mover;
//     "owner" (Abawo): the owner of the row the pit is in;
//     "mixed" (Anyiwoli): the row's owner, except the four made by the last
//     seed of a lap, which go to the mover.
//  4. The last seed of a lap: if it made a four, the four are captured (rule
//     3), the pit is left empty and the move ends [choice, as in Nam Nam];
//     if it fell into a pit that was empty, the move ends; otherwise the
//     seeds of that pit, the last one included, are lifted and sown on from
//     the next pit (relay, C3).
//     Infinite relay (C4) [choice]: a move whose relays would never end is
//     illegal (reason NeverEnding). It is found exactly with Brent's
//     algorithm over the states before each lift (the pits and the pit
//     lifted; captures only lower the seeds on the board, so stores need not
//     be part of it); a move still relaying after maxRelayLaps laps (see
//     bao.go) counts as never-ending too, our bound on the cost of a move.
//  5. End, checked after every move in this order:
//     a. a store with more than half of all the seeds wins at once (28 of
//     48, since captures come in fours; 52 of 96 with pits=12); both with
//     exactly half is a draw (EndMajority);
//     b. the player to move cannot move (no seeds in his row, or every move
//     never-ending): with `starve=true` (default) he loses (EndNoMoves);
//     with `starve=false` he passes (C5: no ply, the other player moves
//     again, shown by an extra_turn event), and if neither can move each
//     player adds the seeds in his own row to his store and the bigger store
//     wins, equal stores draw [choice] (EndNoMoves);
//     c. a position occurring for the third time (C6: same pits, stores and
//     side to move, the starting position counting as the first) ends the
//     game: each player adds the seeds in his own row to his store; the
//     bigger store wins, equal stores draw [choice] (EndRepetition; Game
//     and Perft apply it).
//  6. Finished positions are not swept, except in 5b with starve=false and
//     in 5c.
//
// A position set up with the player to move unable to move while the other
// can (starve=false) is refused: by rule 5b that player would already have
// passed.
//
// Position JSON: pits and stores as in every two-row game; extra is {}.
func init() {
	register(&Variant{
		ID: "ayoayo", Name: "Ayo-ayo", Players: 2, BoardBytes: SmallBoardBytes,
		Order: 70, Aliases: []string{"ayo-ayo", "айо-айо"},
		Options: []OptionSpec{
			{Name: "capture", Kind: EnumOption, Default: "sower", Values: []string{"sower", "owner", "mixed"},
				Doc: "who takes a four made during sowing: the mover (Ayo-ayo), the row's owner (Abawo), or the owner except for the last seed's four, which the mover takes (Anyiwoli)"},
			{Name: "pits", Kind: IntOption, Default: "6", Min: 4, Max: 12, Doc: "pits in each row (Anyiwoli is played with 12)"},
			{Name: "starve", Kind: BoolOption, Default: "true", Doc: "a player who cannot move loses; otherwise he passes, and the game ends when neither can move"},
		},
		build: func(v *Variant, o Options) (Rules, error) {
			n := optInt(o, "pits")
			r := &ayoRules{base: base{variant: v, opts: o, layout: twoRowLayout(n)}, n: n, starve: optBool(o, "starve")}
			switch o["capture"] {
			case "owner":
				r.capture = ayoOwner
			case "mixed":
				r.capture = ayoMixed
			}
			return r, nil
		},
	})
}

type ayoCapture uint8

const (
	ayoSower ayoCapture = iota
	ayoOwner
	ayoMixed
)

// ayoRules: cells follow twoRowLayout(n). Sowing runs over the ring of 2n
// pits: ring index i is South pit i+1 for i < n (cell i) and North pit i-n+1
// after (cell i+1).
type ayoRules struct {
	base
	n       int
	capture ayoCapture
	starve  bool
}

// PassesWhenStuck: with starve=false a player who cannot move passes
// (Passer).
func (r *ayoRules) PassesWhenStuck() bool { return !r.starve }

// ayoRing is the ring of pits of a position, ring index i at [i].
type ayoRing [2 * MaxPits]uint8

func (r *ayoRules) cell(i int) Cell {
	if i < r.n {
		return Cell(i)
	}
	return Cell(i + 1)
}

func (r *ayoRules) store(s Side) Cell { return Cell(r.n + (r.n+1)*int(s&1)) }

func (r *ayoRules) ring(p *Position) (w ayoRing) {
	copy(w[:r.n], p.cells[:r.n])
	copy(w[r.n:2*r.n], p.cells[r.n+1:2*r.n+1])
	return w
}

func (r *ayoRules) RepetitionLimit() int { return 3 } // 5c

func (r *ayoRules) Start() Position {
	p := Position{rules: r}
	for i := range 2 * r.n {
		p.cells[r.cell(i)] = 4
	}
	return p
}

// run plays the sowing from ring index o by side me, with its fours and
// relays (rules 2-4), on the ring w, adding the captured seeds to got (by
// side) and, when ev is not nil, emitting the events. never reports a
// never-ending move (C4); w is then left in the middle of the cycle.
func (r *ayoRules) run(w *ayoRing, got *[2]int, me Side, o int, ev *[]Event) (never bool) {
	size := 2 * r.n
	saved, savedAt := *w, o
	power, lam := 1, 0
	i := o
	s := w[i]
	w[i] = 0
	emit(ev, Event{Kind: EventPickup, Side: me, Cell: r.cell(i), Count: int(s)})
	for lap := 0; ; lap++ {
		for ; s > 0; s-- {
			if i++; i == size {
				i = 0
			}
			w[i]++
			emit(ev, Event{Kind: EventSow, Side: me, Cell: r.cell(i)})
			if w[i] == 4 { // rule 3
				by := me
				if r.capture == ayoOwner || r.capture == ayoMixed && s > 1 {
					by = Side(i / r.n)
				}
				w[i] = 0
				got[by] += 4
				emit(ev, Event{Kind: EventCapture, Side: by, Cell: r.cell(i), Count: 4})
				if s == 1 {
					return false // rule 4: a four by the last seed ends the move
				}
			}
		}
		if w[i] == 1 { // rule 4: the last seed fell into an empty pit
			return false
		}
		if lap >= maxRelayLaps { // C4, bounded: see maxRelayLaps
			return true
		}
		// C4: has the state before this lift been seen?
		if i == savedAt && *w == saved {
			return true
		}
		if lam++; lam == power {
			saved, savedAt = *w, i
			power, lam = power*2, 0
		}
		s = w[i]
		w[i] = 0
		emit(ev, Event{Kind: EventRelay, Side: me, Cell: r.cell(i), Count: int(s)})
	}
}

// endless reports whether side me's pit (1..n) starts a never-ending move.
func (r *ayoRules) endless(p *Position, me Side, pit int) bool {
	w := r.ring(p)
	var got [2]int
	return r.run(&w, &got, me, r.n*int(me)+pit-1, nil)
}

// canMove reports whether side me has a legal move in p.
func (r *ayoRules) canMove(p *Position, me Side) bool {
	for pit := 1; pit <= r.n; pit++ {
		if p.cells[r.cell(r.n*int(me)+pit-1)] > 0 && !r.endless(p, me, pit) {
			return true
		}
	}
	return false
}

func (r *ayoRules) why(p *Position, m Move) Reason {
	switch {
	case p.status != Ongoing:
		return GameOver
	case m.Kind == Swap:
		return SwapUnavailable
	case m.Kind != Sow:
		return NoSuchPit
	case m.Dir != DirNone || m.Plus:
		return NeedsNoDirection
	case m.Pit < 1 || int(m.Pit) > r.n:
		return NoSuchPit
	}
	me := p.toMove & 1
	if p.cells[r.cell(r.n*int(me)+int(m.Pit)-1)] == 0 {
		return EmptyPit
	}
	if r.endless(p, me, int(m.Pit)) {
		return NeverEnding // C4
	}
	return 0
}

func (r *ayoRules) AppendMoves(p *Position, buf []Move) []Move {
	if p.status != Ongoing {
		return buf
	}
	me := p.toMove & 1
	for pit := 1; pit <= r.n; pit++ {
		if p.cells[r.cell(r.n*int(me)+pit-1)] > 0 && !r.endless(p, me, pit) {
			buf = append(buf, sowMoves[pit])
		}
	}
	return buf
}

func (r *ayoRules) Check(p *Position, m Move) error {
	if why := r.why(p, m); why != 0 {
		return illegal(m, why)
	}
	return nil
}

func (r *ayoRules) Apply(p *Position, m Move, ev *[]Event) {
	if p.status != Ongoing || m.Kind != Sow || m.Pit < 1 || int(m.Pit) > r.n {
		return
	}
	me := p.toMove & 1
	o := r.n*int(me) + int(m.Pit) - 1
	if p.cells[r.cell(o)] == 0 {
		return
	}
	w := r.ring(p)
	var got [2]int
	if r.run(&w, &got, me, o, nil) {
		return // C4: not a legal move; nothing happens
	}
	if ev != nil { // the same move again, for the events
		w = r.ring(p)
		got = [2]int{}
		r.run(&w, &got, me, o, ev)
	}
	copy(p.cells[:r.n], w[:r.n])
	copy(p.cells[r.n+1:2*r.n+1], w[r.n:2*r.n])
	p.cells[r.store(South)] += uint8(got[South])
	p.cells[r.store(North)] += uint8(got[North])
	p.ply++
	p.toMove = 1 - me
	r.settle(p, ev)
}

func (r *ayoRules) settle(p *Position, ev *[]Event) {
	if p.status != Ongoing {
		return
	}
	// 5a: a majority in a store wins at once.
	total := p.Seeds()
	s, n := int(p.cells[r.store(South)]), int(p.cells[r.store(North)])
	switch {
	case 2*s > total:
		p.finish(SouthWon, EndMajority, ev)
		return
	case 2*n > total:
		p.finish(NorthWon, EndMajority, ev)
		return
	case 2*s == total && 2*n == total:
		p.finish(Draw, EndMajority, ev)
		return
	}
	// 5b: the player to move cannot move.
	me := p.toMove & 1
	if r.canMove(p, me) {
		return
	}
	if r.starve {
		p.finish(Won(1-me), EndNoMoves, ev)
		return
	}
	if r.canMove(p, 1-me) { // C5: he passes
		p.toMove = 1 - me
		emit(ev, Event{Kind: EventExtraTurn, Side: 1 - me})
		return
	}
	r.sweepOwn(p, EndNoMoves, ev)
}

// sweepOwn ends the game with each player adding the seeds of his own row to
// his store, the bigger store winning (5b with starve=false, 5c).
func (r *ayoRules) sweepOwn(p *Position, why EndReason, ev *[]Event) {
	p.sweepSide(South, South, ev)
	p.sweepSide(North, North, ev)
	p.decideByStores(why, ev)
}

// endRepeated: 5c, the third occurrence of a position.
func (r *ayoRules) endRepeated(p *Position, ev *[]Event) { r.sweepOwn(p, EndRepetition, ev) }
