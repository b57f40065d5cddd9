package engine

import "fmt"

// La'b madjnuni, "the game of madmen" (id "madjnuni"): the rules of
// docs/sources/more-games-rules.md section 10 (rule numbers below are that
// section's; C3-C6 are its shared conventions), rated faithful
// (docs/sources/seed-000.md#line-272 (000:272), with two details from Culin,
// the seed's own source), except the end rule, which is ours and labelled so.
//
//  1. Board: two rows of 7 pits. There are no stores on the real board;
//     captured seeds are kept aside, shown as the two stores.
//  2. Start: `seeds` seeds in every pit (default 7: the source's 98
//     counters, 14x7) [choice]. The source lets one player lay out the 98
//     counters freely (at least 2 a pit) and the other turn the board (a
//     pie rule); any such layout can be set up as a position, but the pie
//     choice is not modelled: it only decides who gets which row of a game
//     without choices. South moves first.
//  3. No choice: a move always starts from the mover's head, his pit 7
//     (his rightmost); if it is empty, from the nearest non-empty pit to
//     its left (6, 5, ..., 1). AppendMoves returns that one move; any other
//     pit is refused (reason NotHeadPit).
//  4. Sowing: counter-clockwise round all 14 pits, the origin included
//     (C3), with relays: a last seed falling into a pit that held seeds
//     lifts them all, itself included, and sowing goes on from the next pit.
//  5. The last seed of a lap: into an empty pit, the move ends. Making the
//     pit hold 2 or 4, on either side of the board: the mover takes that
//     pit and, with `opposite=true` (default, Culin), the pit facing it;
//     then the following pits in the sowing direction, one after another,
//     as long as each holds exactly 2 or 4, each with its facing pit; the
//     first pit holding any other number stops it (at most the 13 pits
//     after the first); the move ends. A following pit is judged by what it
//     holds when the capture reaches it, so one already emptied as a facing
//     pit stops the chain [choice: the sources do not say]. With
//     `opposite=false` only the pits themselves are taken (the seed's literal
//     text). Otherwise (3, 5, 6 or more seeds) the pit relays.
//     Infinite relay (C4) [choice]: a forced move that would never end is
//     not played; the mover counts as unable to move (rule 6). It is found
//     exactly with Brent's algorithm over the states before each lift; a
//     move still relaying after maxRelayLaps laps (see bao.go) counts as
//     never-ending too.
//  6. End [choice: the source's "when the board is cleared" need never
//     happen]: when the player to move has no seed in his row, or his forced
//     move would never end, each player adds the seeds in his own row to
//     his store; the bigger store wins, equal stores draw (EndNoMoves). The
//     third occurrence of a position (C6: same pits, stores and side to
//     move, the starting position counting as the first) ends the game the
//     same way (EndRepetition; Game and Perft apply it). Since the game has
//     no choices, a game that does not empty a row always ends so.
//
// Position JSON: pits and stores as in every two-row game; extra is {}.
func init() {
	register(&Variant{
		ID: "madjnuni", Name: "La'b madjnuni", Players: 2, BoardBytes: SmallBoardBytes,
		Order: 180,
		Options: []OptionSpec{
			{Name: "seeds", Kind: IntOption, Default: "7", Min: 2, Max: 12, Doc: "seeds in each pit at the start"},
			{Name: "opposite", Kind: BoolOption, Default: "true", Doc: "a capture takes the facing pit with each pit of 2 or 4"},
		},
		build: func(v *Variant, o Options) (Rules, error) {
			return &madjRules{
				base:     base{variant: v, opts: o, layout: twoRowLayout(7)},
				seeds:    optInt(o, "seeds"),
				opposite: optBool(o, "opposite"),
			}, nil
		},
	})
}

// NotHeadPit: the move must start from the head, pit 7, or the nearest
// non-empty pit to its left (La'b madjnuni, rule 3).
var NotHeadPit = newReason("err_not_head_pit", func(m Move) string {
	return fmt.Sprintf("pit %d cannot be played: every move starts from pit 7, or the nearest non-empty pit to its left", m.Pit)
})

// madjRules: cells follow twoRowLayout(7). Sowing runs over the ring of 14
// pits: ring index i is South pit i+1 for i < 7 (cell i) and North pit i-6
// after (cell i+1); ring index i faces 13-i.
type madjRules struct {
	base
	seeds    int
	opposite bool
}

type madjRing [14]uint8

func madjCell(i int) Cell {
	if i < 7 {
		return Cell(i)
	}
	return Cell(i + 1)
}

func madjStore(s Side) Cell { return Cell(7 + 8*int(s&1)) }

func madjRingOf(p *Position) (w madjRing) {
	copy(w[:7], p.cells[:7])
	copy(w[7:], p.cells[8:15])
	return w
}

func (r *madjRules) RepetitionLimit() int { return 3 } // rule 6, C6

func (r *madjRules) Start() Position {
	p := Position{rules: r}
	for i := range 14 {
		p.cells[madjCell(i)] = uint8(r.seeds)
	}
	return p
}

// head returns the pit (1..7) side me must play (rule 3), 0 if his row is
// empty.
func madjHead(p *Position, me Side) int {
	c := 8 * int(me&1)
	for pit := 7; pit >= 1; pit-- {
		if p.cells[c+pit-1] > 0 {
			return pit
		}
	}
	return 0
}

// run plays the sowing from ring index o by side me with its relays and the
// final capture (rules 4, 5) on the ring w, adding the captured seeds to
// *got and emitting events when ev is not nil. never reports a never-ending
// move (C4); w is then left in the middle of the cycle.
func (r *madjRules) run(w *madjRing, got *int, me Side, o int, ev *[]Event) (never bool) {
	saved, savedAt := *w, o
	power, lam := 1, 0
	i := o
	s := w[i]
	w[i] = 0
	emit(ev, Event{Kind: EventPickup, Side: me, Cell: madjCell(i), Count: int(s)})
	for lap := 0; ; lap++ {
		for ; s > 0; s-- {
			if i++; i == 14 {
				i = 0
			}
			w[i]++
			emit(ev, Event{Kind: EventSow, Side: me, Cell: madjCell(i)})
		}
		switch w[i] {
		case 1: // into an empty pit: the move ends
			return false
		case 2, 4: // rule 5: the capture, then the move ends
			r.take(w, got, me, i, ev)
			for k, j := 0, i; k < 13; k++ {
				if j++; j == 14 {
					j = 0
				}
				if w[j] != 2 && w[j] != 4 {
					break
				}
				r.take(w, got, me, j, ev)
			}
			return false
		}
		if lap >= maxRelayLaps { // C4, bounded: see maxRelayLaps
			return true
		}
		if i == savedAt && *w == saved { // C4: a state seen before
			return true
		}
		if lam++; lam == power {
			saved, savedAt = *w, i
			power, lam = power*2, 0
		}
		s = w[i]
		w[i] = 0
		emit(ev, Event{Kind: EventRelay, Side: me, Cell: madjCell(i), Count: int(s)})
	}
}

// take captures ring index i and, with opposite=true, its facing pit.
func (r *madjRules) take(w *madjRing, got *int, me Side, i int, ev *[]Event) {
	*got += int(w[i])
	emit(ev, Event{Kind: EventCapture, Side: me, Cell: madjCell(i), Count: int(w[i])})
	w[i] = 0
	if f := 13 - i; r.opposite && w[f] > 0 {
		*got += int(w[f])
		emit(ev, Event{Kind: EventCapture, Side: me, Cell: madjCell(f), Count: int(w[f])})
		w[f] = 0
	}
}

// endless reports whether side me's forced move from pit never ends.
func (r *madjRules) endless(p *Position, me Side, pit int) bool {
	w := madjRingOf(p)
	got := 0
	return r.run(&w, &got, me, 7*int(me)+pit-1, nil)
}

// forced returns the pit side me must play, or 0 when he cannot move: an
// empty row, or a never-ending forced move.
func (r *madjRules) forced(p *Position, me Side) int {
	pit := madjHead(p, me)
	if pit == 0 || r.endless(p, me, pit) {
		return 0
	}
	return pit
}

func (r *madjRules) why(p *Position, m Move) Reason {
	switch {
	case p.status != Ongoing:
		return GameOver
	case m.Kind == Swap:
		return SwapUnavailable
	case m.Kind != Sow:
		return NoSuchPit
	case m.Dir != DirNone || m.Plus:
		return NeedsNoDirection
	case m.Pit < 1 || m.Pit > 7:
		return NoSuchPit
	}
	me := p.toMove & 1
	switch head := madjHead(p, me); {
	case p.cells[8*int(me)+int(m.Pit)-1] == 0:
		return EmptyPit
	case int(m.Pit) != head:
		return NotHeadPit
	case r.endless(p, me, head):
		return NeverEnding
	}
	return 0
}

func (r *madjRules) AppendMoves(p *Position, buf []Move) []Move {
	if p.status != Ongoing {
		return buf
	}
	if pit := r.forced(p, p.toMove&1); pit > 0 {
		buf = append(buf, sowMoves[pit])
	}
	return buf
}

func (r *madjRules) Check(p *Position, m Move) error {
	if why := r.why(p, m); why != 0 {
		return illegal(m, why)
	}
	return nil
}

func (r *madjRules) Apply(p *Position, m Move, ev *[]Event) {
	if p.status != Ongoing || m.Kind != Sow || m.Pit < 1 || m.Pit > 7 {
		return
	}
	me := p.toMove & 1
	if int(m.Pit) != madjHead(p, me) {
		return
	}
	o := 7*int(me) + int(m.Pit) - 1
	w := madjRingOf(p)
	got := 0
	if r.run(&w, &got, me, o, nil) {
		return // C4: not a legal move; nothing happens
	}
	if ev != nil { // the same move again, for the events
		w = madjRingOf(p)
		got = 0
		r.run(&w, &got, me, o, ev)
	}
	copy(p.cells[:7], w[:7])
	copy(p.cells[8:15], w[7:])
	p.cells[madjStore(me)] += uint8(got)
	p.ply++
	p.toMove = 1 - me
	r.settle(p, ev)
}

// settle: rule 6, the player to move cannot move.
func (r *madjRules) settle(p *Position, ev *[]Event) {
	if p.status != Ongoing || r.forced(p, p.toMove&1) > 0 {
		return
	}
	r.sweepOwn(p, EndNoMoves, ev)
}

func (r *madjRules) sweepOwn(p *Position, why EndReason, ev *[]Event) {
	p.sweepSide(South, South, ev)
	p.sweepSide(North, North, ev)
	p.decideByStores(why, ev)
}

// endRepeated: rule 6, the third occurrence of a position.
func (r *madjRules) endRepeated(p *Position, ev *[]Event) { r.sweepOwn(p, EndRepetition, ev) }
