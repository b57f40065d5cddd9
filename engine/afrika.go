package engine

// Afrika (id "afrika"; Ralf Gering, 2004). Rating: reconstructed. The
// sowing and the capture come from the seed (docs/sources/seed-003.md#line-236
// (003:236-294)); the board, the start and the end from the seed author's own
// implementation (DagazProject ZRF Afrika/, whose rule text is Mancala World's
// "Afrika (game)"). Rule numbers are those of docs/sources/more-games-rules.md
// section 6.
//
//   - A1 Board: two rows of 8 pits, 8 seeds in each (128 in all). Each
//     player has a store, which only receives captures and is never sown.
//     South moves first.
//   - A2 Compulsory capture: at the start of his turn, let E be the mover's
//     empty pits whose facing opponent pit (South i faces North 9-i) holds
//     seeds. If E is not empty the move must be a capture: all the seeds of
//     one of those facing pits that holds the smallest number among them
//     (ties: the mover's choice) go into the mover's store. One pit per
//     turn; the capture is the whole turn. A capture is written 8+j, j
//     being the opponent's pit (convention C2): "11" takes the opponent's
//     pit 3. A sowing move while a capture is available is refused
//     (MustCapture), and so is the capture of a pit bigger than the
//     smallest one (MustCaptureSmallest) or of a pit that cannot be taken
//     (NotCapturable: empty, or facing one of the mover's non-empty pits).
//   - A3 Otherwise the mover sows one of his non-empty pits: one lap
//     counter-clockwise over the 16 pits, the emptied pit skipped when a
//     pile of 16 or more passes it. A sowing captures nothing.
//   - A4 The mover always has a move while the board holds a seed (an empty
//     own pit facing seeds is a capture), so the game never blocks.
//   - A5 End: when the board is empty; the larger store wins, 64-64 is a
//     draw. Nothing is swept (nothing is left).
//     Option early_end: the game also ends as soon as a store holds more
//     than half of the seeds (65 of 128); the winner is the same, only
//     sooner (the author's AI.4th OnIsGameOver).
//     Option misere (Benedikt Rosenau, 2010, docs/sources/seed-003.md#line-253
//     (003:253); the author's "Afrika (Losing game)"): the game ends at once
//     when a store holds more than half of the seeds, and its owner (the mover,
//     who just captured) loses; at an empty board the smaller store wins.
//   - A6 Third occurrence of a position (C6: same pits, stores and side to
//     move): each player adds the seeds on his side to his store, and the
//     stores are compared as in A5 (misere too) [choice; never seen in
//     thousands of random games, kept so that every game ends].
//   - A7 Not offered: Gering's komi of 2.5, which the seed author
//     considered and dropped (docs/sources/seed-003.md#line-294 (003:294)).
//
// "More than half" is counted from the seeds of the position (128 in a
// game from the start), so that set-up positions with another total keep
// the rule's sense [choice].
//
// Cells follow twoRowLayout(8): South pits 1..8 are cells 0..7, South's
// store cell 8, North pits 1..8 cells 9..16, North's store cell 17. There is
// no state outside the cells (no extra keys).
func init() {
	register(&Variant{
		ID: "afrika", Name: "Afrika", Players: 2, BoardBytes: SmallBoardBytes,
		Order: 130,
		Options: []OptionSpec{
			{Name: "early_end", Kind: BoolOption, Default: "false", Doc: "the game ends as soon as a store holds more than half of the seeds"},
			{Name: "misere", Kind: BoolOption, Default: "false", Doc: "losing game: whoever captures more than half of the seeds loses"},
		},
		build: func(v *Variant, o Options) (Rules, error) {
			return &afrikaRules{
				base:     base{variant: v, opts: o, layout: twoRowLayout(8)},
				earlyEnd: optBool(o, "early_end"),
				misere:   optBool(o, "misere"),
			}, nil
		},
	})
}

type afrikaRules struct {
	base
	earlyEnd, misere bool
}

const afrikaSouthStore, afrikaNorthStore = 8, 17

// afrikaRing maps a ring index (0..31, doubled to avoid a modulo) to its
// cell: South pits 1..8, then North pits 1..8.
var afrikaRing = func() (t [32]Cell) {
	for i := range t {
		k := i % 16
		if k < 8 {
			t[i] = Cell(k)
		} else {
			t[i] = Cell(k + 1)
		}
	}
	return t
}()

// afrikaPit returns the cell of side s's pit n (1..8).
func afrikaPit(s Side, n int) Cell { return Cell(9*int(s&1) + n - 1) }

func afrikaStore(s Side) Cell { return Cell(afrikaSouthStore + 9*int(s&1)) }

func (r *afrikaRules) RepetitionLimit() int { return 3 }

func (r *afrikaRules) Start() Position {
	p := Position{rules: r}
	for i := range 16 {
		p.cells[afrikaRing[i]] = 8
	}
	return p
}

// smallest returns the smallest count among the opponent's pits that face
// an empty pit of the mover and hold seeds (A2), or 0 when there is none:
// then no capture is possible.
func (r *afrikaRules) smallest(p *Position) int {
	me := p.toMove & 1
	min := 0
	for i := 1; i <= 8; i++ {
		if p.cells[afrikaPit(me, i)] != 0 {
			continue
		}
		if k := int(p.cells[afrikaPit(1-me, 9-i)]); k > 0 && (min == 0 || k < min) {
			min = k
		}
	}
	return min
}

func (r *afrikaRules) AppendMoves(p *Position, buf []Move) []Move {
	if p.status != Ongoing {
		return buf
	}
	me := p.toMove & 1
	if min := r.smallest(p); min > 0 {
		for j := 1; j <= 8; j++ { // ascending move numbers 9..16
			if int(p.cells[afrikaPit(1-me, j)]) == min && p.cells[afrikaPit(me, 9-j)] == 0 {
				buf = append(buf, sowMoves[8+j])
			}
		}
		return buf
	}
	for i := 1; i <= 8; i++ {
		if p.cells[afrikaPit(me, i)] != 0 {
			buf = append(buf, sowMoves[i])
		}
	}
	return buf
}

func (r *afrikaRules) Check(p *Position, m Move) error {
	switch {
	case p.status != Ongoing:
		return illegal(m, GameOver)
	case m.Kind == Swap:
		return illegal(m, SwapUnavailable)
	case m.Kind != Sow:
		return illegal(m, NoSuchPit)
	case m.Dir != DirNone || m.Plus:
		return illegal(m, NeedsNoDirection)
	case m.Pit < 1 || m.Pit > 16:
		return illegal(m, NoSuchPit)
	}
	me := p.toMove & 1
	min := r.smallest(p)
	if m.Pit <= 8 {
		switch {
		case min > 0:
			return illegal(m, MustCapture)
		case p.cells[afrikaPit(me, int(m.Pit))] == 0:
			return illegal(m, EmptyPit)
		}
		return nil
	}
	j := int(m.Pit) - 8
	k := int(p.cells[afrikaPit(1-me, j)])
	switch {
	case k == 0 || p.cells[afrikaPit(me, 9-j)] != 0:
		return illegal(m, NotCapturable)
	case k > min:
		return illegal(m, MustCaptureSmallest)
	}
	return nil
}

func (r *afrikaRules) Apply(p *Position, m Move, ev *[]Event) {
	if m.Kind != Sow || m.Pit < 1 || m.Pit > 16 {
		return
	}
	me := p.toMove & 1
	if m.Pit > 8 { // A2: a capture
		c := afrikaPit(1-me, int(m.Pit)-8)
		n := p.cells[c]
		if n == 0 {
			return
		}
		emit(ev, Event{Kind: EventCapture, Side: me, Cell: c, Count: int(n)})
		p.cells[afrikaStore(me)] += n
		p.cells[c] = 0
	} else { // A3: one lap, the origin skipped
		o := 8*int(me) + int(m.Pit) - 1
		c := afrikaRing[o]
		n := int(p.cells[c])
		if n == 0 {
			return
		}
		p.cells[c] = 0
		emit(ev, Event{Kind: EventPickup, Side: me, Cell: c, Count: n})
		for k := 0; k < n; k++ {
			d := afrikaRing[o+1+k%15]
			p.cells[d]++
			emit(ev, Event{Kind: EventSow, Side: me, Cell: d})
		}
	}
	p.ply++
	p.toMove = 1 - me
	r.settle(p, ev)
}

// afrikaBoard returns the seeds in the 16 pits.
func afrikaBoard(p *Position) int { return rowSum(&p.cells, 0, 8) + rowSum(&p.cells, 9, 8) }

func (r *afrikaRules) settle(p *Position, ev *[]Event) {
	if p.status != Ongoing {
		return
	}
	s, n := int(p.cells[afrikaSouthStore]), int(p.cells[afrikaNorthStore])
	board := afrikaBoard(p)
	total := board + s + n
	if r.earlyEnd || r.misere {
		switch {
		case 2*s > total:
			p.finish(r.result(South), EndMajority, ev)
			return
		case 2*n > total:
			p.finish(r.result(North), EndMajority, ev)
			return
		}
	}
	if board == 0 {
		r.decide(p, EndNoMoves, ev)
	}
}

// result is the status of a game in which side s has the larger store.
func (r *afrikaRules) result(s Side) Status {
	if r.misere {
		return Won(1 - s)
	}
	return Won(s)
}

// decide ends the game by comparing the stores (A5).
func (r *afrikaRules) decide(p *Position, why EndReason, ev *[]Event) {
	s, n := p.cells[afrikaSouthStore], p.cells[afrikaNorthStore]
	switch {
	case s > n:
		p.finish(r.result(South), why, ev)
	case n > s:
		p.finish(r.result(North), why, ev)
	default:
		p.finish(Draw, why, ev)
	}
}

// endRepeated is A6: each side takes the seeds on its side, then A5.
func (r *afrikaRules) endRepeated(p *Position, ev *[]Event) {
	p.sweepSide(South, South, ev)
	p.sweepSide(North, North, ev)
	r.decide(p, EndRepetition, ev)
}
