package engine

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
)

// Tshuba (id "tshuba"; also Chuba, Tschuba, Tchouba), the four-row game of
// Mozambique, as docs/sources/more-games-rules.md section 11 writes it (rule
// numbers in brackets; the seed texts are docs/sources/seed-000.md#line-281
// (000:281) and docs/sources/seed-003.md#line-21 (003:21), the start count and
// the end from Junod 1912). Rating: faithful.
//
//   - [1] Four rows of `cols` pits: option cols=8 (default) or cols=4. The
//     seed also names boards of 10, 16 and 22 columns; the engine's limit
//     of 16 pits a side (MaxPits) stops at 8, so those are not offered.
//   - [2] Each player owns his two nearest rows. His inner row is pits
//     1..N from his left, his back row pits N+1..2N from his left, so pit
//     N+k is behind pit k. Inner pit i faces the opponent's inner pit
//     N+1-i, behind which is the opponent's back pit 2N+1-i.
//   - [3] Two seeds in every pit; South moves first.
//   - [4] A move takes every seed of any non-empty own pit (a single seed
//     too) and sows them one by one, counter-clockwise round the player's
//     own two rows only: along the inner row toward his left (pit N to 1),
//     down to the back row (1 to N+1), along it toward his right (N+1 to
//     2N) and up to the inner row (2N to N). The pit lifted is not
//     skipped. Relay (C3): when a lap's last seed lands in a pit that
//     held seeds before it, all that pit's seeds are lifted and sown on
//     from the next pit.
//   - [5] A lap whose last seed lands in an empty pit of the mover's
//     inner row, pit i, while the opponent's facing pit N+1-i holds seeds,
//     captures that pit, and the opponent's back pit 2N+1-i of the same
//     column too if it holds 2 or more seeds (option take_single_outer:
//     a single seed as well). The captured seeds go to the capturer's
//     store (a [choice] of ours: the seeds leave the game; the board
//     shows them beside its owner). Then comes the bonus capture: the
//     capturer takes the whole of any one non-empty pit of the opponent.
//     It is a ply of its own, written 2N+j for the opponent's pit j (C2:
//     "15" on the 4x4 board takes North's pit 7), and position JSON keeps
//     extra.bonus, the bonus captures still due; option bonus=0, 1
//     (default) or 2 (Mancala World's large-board game). The bonus is
//     compulsory [choice]: while one is due only bonus moves are legal
//     (MustCapture refuses a sowing), and the turn then passes.
//   - [6] A lap whose last seed lands in any other empty pit (the back
//     row, or an inner pit facing an empty pit) ends the move.
//   - [7] A player left with no seeds has lost, at once (after the column
//     capture or a bonus ply; EndEmptySide). The winner then takes every
//     seed, his own pits' and the loser's store, into his store [choice:
//     the sources know no score, only a winner; see win]. A move whose
//     relay sowing would never end is illegal (C4, NeverEnding), and a
//     player whose every move would never end loses [choice]
//     (EndNoMoves; no such board turned up in millions of random ones).
//   - [8] The third occurrence of a position (C6: pits, stores, side to
//     move and extra.bonus) is a draw [choice] (EndRepetition); Game and
//     Perft apply it.
//
// Other choices where the rules doc is silent:
//   - the "single outer stone" that is not taken
//     (docs/sources/seed-000.md#line-281 (000:281)) is read as the back pit of
//     the captured column only; the facing inner pit is taken whatever it holds
//     (one seed or more);
//   - the back pit alone is never taken: with the facing inner pit empty
//     nothing is captured, whatever the back pit holds (rule 6);
//   - a set-up position may have a bonus due (extra.bonus, at most the
//     option's value); a finished game has none.
//
// Position JSON: pits.<side> holds the 2N counts, inner row then back row;
// stores hold the captured seeds; extra is {"bonus": n}.
//
// Never-ending moves (C4) are found exactly: the state before each relay
// pick-up (the mover's pits, which are all a sowing touches, and the pit
// about to be lifted) is compared with a saved one by Brent's cycle
// detection, and a move still relaying after maxRelayLaps laps (see
// bao.go) counts as never-ending too.
//
// Events: pickup, sow, relay; a capture (EventCapture) moves a pit into
// the capturer's store; a capture that leaves a bonus due is followed by
// EventExtraTurn (the same player moves again); a won game's seeds go to
// the winner's store by EventSweep (the loser's store too).
func init() {
	register(&Variant{
		ID: "tshuba", Name: "Tshuba", Players: 2, BoardBytes: LargeBoardBytes,
		Order: 190, Aliases: []string{"tschuba", "chuba", "tchouba"},
		Options: []OptionSpec{
			{Name: "cols", Kind: EnumOption, Default: "8", Values: []string{"4", "8"},
				Doc: "pits in each of the four rows"},
			{Name: "bonus", Kind: IntOption, Default: "1", Min: 0, Max: 2,
				Doc: "bonus captures after each capture: any one of the opponent's pits each"},
			{Name: "take_single_outer", Kind: BoolOption, Default: "false",
				Doc: "a capture also takes a single seed in the opponent's back pit, not only 2 or more"},
		},
		build: func(v *Variant, o Options) (Rules, error) {
			n := optInt(o, "cols")
			r := &tshubaRules{base: base{variant: v, opts: o, layout: tshubaLayout(n)}, n: n,
				bonus: uint8(optInt(o, "bonus")), single: optBool(o, "take_single_outer")}
			r.ring = 2 * n
			for i := range r.ring {
				pit := i // back row: ring index i >= n is pit i+1
				if i < n {
					pit = n - 1 - i // inner row, right to left: ring 0 is pit n
				}
				r.ringPit[i] = uint8(pit)
				r.pitRing[pit] = uint8(i)
			}
			return r, nil
		},
	})
}

// tshubaLayout is the four-row board with a store at each end: cells
// 0..2n-1 are South's pits 1..2n, cell 2n South's store, cells
// 2n+1..4n North's pits 1..2n and cell 4n+1 North's store. Drawn from
// South's seat, the rows are, from the top: North's back row, North's
// inner row, South's inner row, South's back row; South's store on the
// right, North's on the left.
func tshubaLayout(n int) *Layout {
	l := &Layout{Sides: 2, Pits: 2 * n, Rows: 4, Cols: n + 2}
	for _, s := range []Side{South, North} {
		for pit := 1; pit <= 2*n; pit++ {
			col, row := pit, 2 // South's inner row
			if pit > n {
				col, row = pit-n, 3 // South's back row, pit n+k behind pit k
			}
			if s == North {
				col, row = n+1-col, 3-row
			}
			l.Cells = append(l.Cells, CellInfo{Owner: s, Kind: PitCell, Pit: pit, Row: row, Col: col})
		}
		col := n + 1
		if s == North {
			col = 0
		}
		l.Cells = append(l.Cells, CellInfo{Owner: s, Kind: StoreCell, Row: -1, Col: col})
	}
	return l.index()
}

// tshubaRules: cells follow tshubaLayout; side s's pit k is cell
// s*(2n+1)+k-1. Sowing runs round a side's ring of 2n pits: ring index i
// is inner pit n-i for i < n and back pit i+1 for i >= n, so sowing is +1
// (modulo 2n).
//
// aux[0] holds the bonus captures still due (extra.bonus).
type tshubaRules struct {
	base
	n      int
	ring   int // 2n
	bonus  uint8
	single bool
	// ringPit[i] is the pit (0-based) at ring index i; pitRing the reverse.
	ringPit, pitRing [16]uint8
}

const tshubaAuxBonus = 0

func (r *tshubaRules) off(s Side) int { return int(s&1) * (2*r.n + 1) }

func (r *tshubaRules) storeOf(s Side) int { return r.off(s) + 2*r.n }

func (r *tshubaRules) RepetitionLimit() int { return 3 } // [8]

// endRepeated: the third occurrence is a draw, the seeds left where they
// are [8].
func (r *tshubaRules) endRepeated(p *Position, ev *[]Event) {
	p.finish(Draw, EndRepetition, ev)
}

func (r *tshubaRules) Start() Position {
	p := Position{rules: r}
	for s := range Side(2) {
		o := r.off(s)
		for i := range r.ring {
			p.cells[o+i] = 2 // [3]
		}
	}
	return p
}

// seeds returns the seeds in side s's pits.
func (r *tshubaRules) seeds(cells *[MaxCells]uint8, s Side) int {
	o := r.off(s)
	return rowSum(cells, o, r.n) + rowSum(cells, o+r.n, r.n)
}

func (r *tshubaRules) AppendMoves(p *Position, buf []Move) []Move {
	if p.status != Ongoing {
		return buf
	}
	return r.moves(p, buf)
}

// moves lists the legal moves whatever the status: the bonus captures
// (2N+j, ascending) while one is due, else the own pits whose sowing ends.
func (r *tshubaRules) moves(p *Position, buf []Move) []Move {
	me := p.toMove & 1
	if p.aux[tshubaAuxBonus] > 0 {
		o := r.off(1 - me)
		for j := range r.ring {
			if p.cells[o+j] > 0 {
				buf = append(buf, Move{Pit: uint8(r.ring + j + 1)})
			}
		}
		return buf
	}
	o := r.off(me)
	for j := range r.ring {
		if p.cells[o+j] > 0 && !r.neverEnds(p, j+1) {
			buf = append(buf, sowMoves[j+1])
		}
	}
	return buf
}

// hasMove reports whether the side to move has a legal move.
func (r *tshubaRules) hasMove(p *Position) bool {
	me := p.toMove & 1
	if p.aux[tshubaAuxBonus] > 0 {
		return r.seeds(&p.cells, 1-me) > 0
	}
	o := r.off(me)
	for j := range r.ring {
		if p.cells[o+j] > 0 && !r.neverEnds(p, j+1) {
			return true
		}
	}
	return false
}

// neverEnds sows pit of the side to move on a copy of the board and
// reports whether the relay sowing never ends (C4).
func (r *tshubaRules) neverEnds(p *Position, pit int) bool {
	cells := p.cells
	_, ok := r.sow(&cells, p.toMove&1, pit, nil)
	return !ok
}

func (r *tshubaRules) Check(p *Position, m Move) error {
	switch {
	case p.status != Ongoing:
		return illegal(m, GameOver)
	case m.Kind == Swap:
		return illegal(m, SwapUnavailable)
	case m.Kind != Sow:
		return illegal(m, NoSuchPit)
	case m.Dir != DirNone || m.Plus:
		return illegal(m, NeedsNoDirection)
	}
	me := p.toMove & 1
	pit := int(m.Pit)
	if p.aux[tshubaAuxBonus] > 0 { // [5]: the bonus capture is due
		switch {
		case pit >= 1 && pit <= r.ring:
			return illegal(m, MustCapture)
		case pit > r.ring && pit <= 2*r.ring:
			if p.cells[r.off(1-me)+pit-r.ring-1] == 0 {
				return illegal(m, EmptyPit)
			}
			return nil
		}
		return illegal(m, NoSuchPit)
	}
	switch {
	case pit < 1 || pit > r.ring:
		return illegal(m, NoSuchPit)
	case p.cells[r.off(me)+pit-1] == 0:
		return illegal(m, EmptyPit)
	case r.neverEnds(p, pit):
		return illegal(m, NeverEnding)
	}
	return nil
}

// sow plays the sowing of side me's pit (1..2N) on cells, relaying as C3
// says, and returns the cell where the last seed fell into an empty pit;
// ok is false for a move that never ends (C4), the cells then left as
// sown so far. It appends events unless ev is nil.
func (r *tshubaRules) sow(cells *[MaxCells]uint8, me Side, pit int, ev *[]Event) (last int, ok bool) {
	o := r.off(me)
	L := r.ring
	pos := int(r.pitRing[pit-1])
	c := o + pit - 1
	k := int(cells[c])
	cells[c] = 0
	emit(ev, Event{Kind: EventPickup, Side: me, Cell: Cell(c), Count: k})
	// Brent's cycle detection over the states before relay pick-ups: the
	// mover's pits (read as two words; the cells past them never change
	// during a sowing) and the ring index about to be lifted.
	type state struct {
		a, b uint64
		pos  int
	}
	var saved state
	valid, power, lam := false, 1, 1
	for lap := 0; ; lap++ {
		if lap > maxRelayLaps {
			return 0, false
		}
		if ev == nil {
			if rounds := k / L; rounds > 0 { // whole rounds: one seed a pit each
				for i := range L {
					cells[o+i] += uint8(rounds)
				}
				k -= rounds * L // none left over: the last seed fell into pos
			}
			for ; k > 0; k-- {
				if pos++; pos == L {
					pos = 0
				}
				cells[o+int(r.ringPit[pos])]++
			}
		} else {
			for ; k > 0; k-- {
				if pos++; pos == L {
					pos = 0
				}
				x := o + int(r.ringPit[pos])
				cells[x]++
				emit(ev, Event{Kind: EventSow, Side: me, Cell: Cell(x)})
			}
		}
		x := o + int(r.ringPit[pos])
		if cells[x] == 1 { // [5], [6]: the pit was empty
			return x, true
		}
		st := state{binary.LittleEndian.Uint64(cells[o : o+8]), binary.LittleEndian.Uint64(cells[o+8 : o+16]), pos}
		if valid && st == saved {
			return 0, false
		}
		if !valid || lam == power {
			saved, valid, power, lam = st, true, 2*power, 0
		}
		lam++
		k = int(cells[x])
		cells[x] = 0
		emit(ev, Event{Kind: EventRelay, Side: me, Cell: Cell(x), Count: k})
	}
}

// take moves cell c into side me's store.
func (r *tshubaRules) take(p *Position, me Side, c int, ev *[]Event) {
	k := p.cells[c]
	p.cells[c] = 0
	p.cells[r.storeOf(me)] += k
	emit(ev, Event{Kind: EventCapture, Side: me, Cell: Cell(c), Count: int(k)})
}

func (r *tshubaRules) Apply(p *Position, m Move, ev *[]Event) {
	if m.Kind != Sow || m.Dir != DirNone {
		return
	}
	me := p.toMove & 1
	pit := int(m.Pit)
	oo := r.off(1 - me)
	if p.aux[tshubaAuxBonus] > 0 { // [5]: a bonus capture
		if pit <= r.ring || pit > 2*r.ring || p.cells[oo+pit-r.ring-1] == 0 {
			return
		}
		r.take(p, me, oo+pit-r.ring-1, ev)
		p.ply++
		p.aux[tshubaAuxBonus]--
		r.endTurn(p, me, ev)
		return
	}
	if pit < 1 || pit > r.ring || p.cells[r.off(me)+pit-1] == 0 {
		return
	}
	cells := p.cells
	var mark int
	if ev != nil {
		mark = len(*ev)
	}
	x, ok := r.sow(&cells, me, pit, ev)
	if !ok { // never-ending: illegal (C4); nothing is played
		if ev != nil {
			*ev = (*ev)[:mark]
		}
		return
	}
	p.cells = cells
	p.ply++
	if i := x - r.off(me) + 1; i <= r.n { // [5]: an inner pit
		if f := oo + r.n - i; p.cells[f] > 0 {
			r.take(p, me, f, ev)
			if b := oo + 2*r.n - i; p.cells[b] >= 2 || r.single && p.cells[b] == 1 {
				r.take(p, me, b, ev)
			}
			p.aux[tshubaAuxBonus] = r.bonus
		}
	}
	r.endTurn(p, me, ev)
}

// endTurn passes the turn unless a bonus capture is due, and settles.
func (r *tshubaRules) endTurn(p *Position, me Side, ev *[]Event) {
	if p.aux[tshubaAuxBonus] == 0 {
		p.toMove = 1 - me
	}
	r.settle(p, ev)
	if p.status == Ongoing && p.aux[tshubaAuxBonus] > 0 {
		emit(ev, Event{Kind: EventExtraTurn, Side: me})
	}
}

func (r *tshubaRules) settle(p *Position, ev *[]Event) {
	if p.status != Ongoing {
		return
	}
	me := p.toMove & 1
	mine, theirs := r.seeds(&p.cells, me), r.seeds(&p.cells, 1-me)
	switch { // [7]
	case mine == 0 && theirs == 0:
		p.finish(Draw, EndEmptySide, ev)
	case theirs == 0:
		r.win(p, me, EndEmptySide, ev)
	case mine == 0:
		r.win(p, 1-me, EndEmptySide, ev)
	case !r.hasMove(p):
		r.win(p, 1-me, EndNoMoves, ev)
	}
}

// win ends the game won by w, who takes every seed [choice]: those left
// in his pits, any left in the loser's (EndNoMoves) and the loser's
// store. Tshuba has no score, only a winner; so a won game ends with all
// the seeds in the winner's store (64:0 on 4x8), and the store margin,
// which the search maximizes and the bot shows as the score, always
// favours the winner.
func (r *tshubaRules) win(p *Position, w Side, reason EndReason, ev *[]Event) {
	p.sweepSide(w, w, ev)
	p.sweepSide(1-w, w, ev)
	if c := r.storeOf(1 - w); p.cells[c] > 0 {
		emit(ev, Event{Kind: EventSweep, Side: w, Cell: Cell(c), Count: int(p.cells[c])})
		p.cells[r.storeOf(w)] += p.cells[c]
		p.cells[c] = 0
	}
	p.aux[tshubaAuxBonus] = 0 // nothing is due in a finished game
	p.finish(Won(w), reason, ev)
}

func (r *tshubaRules) extra(p *Position) map[string]any {
	return map[string]any{"bonus": int(p.aux[tshubaAuxBonus])}
}

func (r *tshubaRules) setExtra(p *Position, extra map[string]json.RawMessage) error {
	for k, raw := range extra {
		if k != "bonus" {
			return fmt.Errorf("extra.%s: unknown key (known: bonus)", k)
		}
		var b int
		if err := json.Unmarshal(raw, &b); err != nil || b < 0 || b > int(r.bonus) {
			return fmt.Errorf("extra.bonus: want a whole number from 0 to %d", r.bonus)
		}
		p.aux[tshubaAuxBonus] = uint8(b)
	}
	return nil
}
