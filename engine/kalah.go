package engine

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
)

// Kalah (id "kalah"): two rows of `pits` pits (default 6) with `seeds` seeds
// each (default 4), and a store ("kalah") at each player's right.
//
//   - Sowing: take every seed of one of your non-empty pits and sow them one by
//     one counter-clockwise from the next pit, into your own store but never
//     the opponent's. A pit with 13 or more seeds (with 6 pits) goes round the
//     board and sows into the pit it was emptied from too
//     (docs/sources/seed-000.md#line-886 (000:886),
//     docs/sources/seed-000.md#line-943 (000:943)).
//   - Extra turn: a last seed in your own store gives you another move, with
//     no limit on how many (docs/sources/seed-004.md#line-10 (004:10)).
//   - Capture: a last seed in one of your own pits that was empty takes the
//     seeds of the facing opponent's pit, together with itself, into your
//     store, provided the facing pit has seeds (the majority of sources,
//     docs/sources/seed-004.md#line-9 (004:9),
//     docs/sources/seed-000.md#line-890 (000:890),
//     docs/sources/seed-000.md#line-949 (000:949)). Option `empty_capture` (the
//     "empty capture" house rule, docs/sources/seed-000.md#line-1517
//     (000:1517)) takes the lone seed even when the facing pit is empty.
//     Nothing is captured on the opponent's side.
//   - End: as soon as either side has no seeds in its pits, after any move,
//     the game ends and the seeds left in each side's pits go to that side's
//     owner (docs/sources/seed-004.md#line-11 (004:11),
//     docs/sources/seed-000.md#line-898 (000:898),
//     docs/sources/seed-000.md#line-953 (000:953)). The bigger store wins;
//     equal stores draw (the seeds are silent on draws). There is no early end
//     at more than half of the seeds: the game is played out
//     (docs/sources/seed-000.md#line-898 (000:898) mentions one, but it changes
//     only when the result is known, never the result).
//   - Option `pie` (the "circle rule", docs/sources/seed-000.md#line-1516
//     (000:1516), read as the pie rule): at North's first turn North may answer
//     "swap" instead of moving, taking over South's side; the board stays as it
//     is and North's seat, now the first player's, is to move. Position JSON
//     keeps extra.swap_available and extra.swapped.
//   - Option `cross` (cross-sowing, docs/sources/seed-000.md#line-254
//     (000:254), docs/sources/more-games-rules.md section 12): a move from a
//     pit holding an even number of seeds is sown clockwise, one with an odd
//     number counter-clockwise as usual. Clockwise from South's pit i: i-1,
//     ..., 1, North's pits N, ..., 1 (North's store skipped), South's store,
//     South's pit N, ...; the extra turn and the capture are as usual, and a
//     pile that goes round sows its own pit too. Kalah can then cycle: the
//     third occurrence of a position (C6) ends the game with the usual end,
//     each side taking the seeds on its own side and the bigger store winning;
//     Game and Perft apply it (RepetitionLimit 3 with cross=true only).
//     Position JSON leaves the option out while it is false.
//
// Seeds per pit: the seeds name 3 to 6 (docs/sources/seed-000.md#line-882
// (000:882), docs/sources/seed-004.md#line-6 (004:6)); 1..8 are allowed. The
// clockwise sowing of one page (docs/sources/seed-000.md#line-1235 (000:1235))
// and the sowing into both stores of another
// (docs/sources/seed-000.md#line-1662 (000:1662), contradicted on the same
// page) are not offered.
func init() {
	register(&Variant{
		ID: "kalah", Name: "Kalah", Players: 2, BoardBytes: SmallBoardBytes,
		Order: 10, Aliases: []string{"mancala", "kalaha", "калах"},
		Options: []OptionSpec{
			{Name: "pits", Kind: IntOption, Default: "6", Min: 1, Max: 8, Doc: "pits on each side"},
			{Name: "seeds", Kind: IntOption, Default: "4", Min: 1, Max: 8, Doc: "seeds in each pit at the start"},
			{Name: "empty_capture", Kind: BoolOption, Default: "false", Doc: "a last seed in an own empty pit is captured even when the facing pit is empty"},
			{Name: "pie", Kind: BoolOption, Default: "false", Doc: "at North's first turn North may swap sides instead of moving"},
			{Name: "cross", Kind: BoolOption, Default: "false", OmitDefault: true,
				Doc: "a pit holding an even number of seeds is sown clockwise"},
		},
		build: func(v *Variant, o Options) (Rules, error) {
			return newStoreRules(v, o, optInt(o, "pits"), optInt(o, "seeds"), storeRules{
				emptyCapture: optBool(o, "empty_capture"),
				pie:          optBool(o, "pie"),
				cross:        optBool(o, "cross"),
			}), nil
		},
	})

	// Congkak (id "congkak"): Kalah's board with 7 pits a side and 7 seeds in
	// each; the seeds say only "instead of 3-6 seeds 7 is normal; otherwise it
	// is quite close to Kalah" (docs/sources/seed-000.md#line-1543
	// (000:1543-1551)). What follows beyond that comes from the usual Malaysian
	// rules [outside the seeds]:
	//
	//   - Sowing as in Kalah (own store sown, the opponent's skipped), with
	//     relay sowing (option `relay`, default true): a last seed that lands
	//     in an occupied pit on either side lifts that pit's seeds, and sowing
	//     goes on from the next cell.
	//   - Extra turn: a last seed in your own store.
	//   - Capture: a last seed in one of your own pits that was empty takes the
	//     facing pit's seeds with itself, provided the facing pit has seeds (as
	//     in Kalah).
	//   - A last seed in an empty pit of the opponent's ends the turn.
	//   - End: when the player to move has no seeds in their pits; the seeds
	//     left go to the owner of the side they are on. The bigger store wins.
	//   - Not offered: the simultaneous first move of the traditional game.
	//   - Option `pie`, as in Kalah [outside the seeds]: the first player's
	//     advantage is large (the search puts the opening at about +77), so
	//     North may swap sides at its first turn, when South's opening
	//     (relays and extra turns included) is over.
	register(&Variant{
		ID: "congkak", Name: "Congkak", Players: 2, BoardBytes: SmallBoardBytes,
		Order: 40, Aliases: []string{"congklak", "chongkak", "конгкак"},
		Options: []OptionSpec{
			{Name: "relay", Kind: BoolOption, Default: "true", Doc: "a last seed in an occupied pit lifts it and sowing continues"},
			{Name: "pie", Kind: BoolOption, Default: "false", Doc: "at North's first turn North may swap sides instead of moving"},
		},
		build: func(v *Variant, o Options) (Rules, error) {
			return newStoreRules(v, o, 7, 7, storeRules{
				relay:             optBool(o, "relay"),
				pie:               optBool(o, "pie"),
				endWhenMoverEmpty: true,
			}), nil
		},
	})
}

// storeRules implements the games sown into the mover's own store: Kalah and
// Congkak. Cells follow twoRowLayout.
//
// aux[0] is 1 while the pie rule's swap is still available (North has not
// sown yet); aux[1] is 1 once North has swapped.
type storeRules struct {
	base
	n, seeds          int
	emptyCapture, pie bool
	relay             bool
	// cross: a pit holding an even number of seeds is sown clockwise
	// (Kalah's cross-sowing).
	cross bool
	// endWhenMoverEmpty ends the game when the player to move has no seeds
	// (Congkak) instead of as soon as either side has none (Kalah).
	endWhenMoverEmpty bool
	// words: six pits a side, no relays (Kalah's usual board): the moves
	// are listed and, without events, played on the cells read as words
	// (Apply).
	words bool

	cycle int // cells a sowing passes through: 2n+1
	// path lists, per mover, the cells in sowing order (the opponent's
	// store left out) twice over, so that sowing k < cycle seeds from the
	// cell at index i touches path[i+1..i+k]; at is each cell's index.
	path [2][2 * (2*MaxPits + 1)]Cell
	at   [2][MaxCells]uint8
}

const (
	auxSwapAvailable = 0
	auxSwapped       = 1
)

func newStoreRules(v *Variant, o Options, n, seeds int, r storeRules) *storeRules {
	r.base = base{variant: v, opts: o, layout: twoRowLayout(n)}
	r.n, r.seeds, r.cycle = n, seeds, 2*n+1
	r.words = n == 6 && !r.relay && !r.endWhenMoverEmpty
	for me := range 2 {
		skip := r.store(Side(1 - me))
		k := 0
		for c := range 2*n + 2 {
			if c != int(skip) {
				r.at[me][c] = uint8(k)
				r.path[me][k] = Cell(c)
				r.path[me][k+r.cycle] = Cell(c)
				k++
			}
		}
	}
	return &r
}

// RepetitionLimit: cross-sowing lets Kalah cycle; the third occurrence
// ends the game (C6).
func (r *storeRules) RepetitionLimit() int {
	if r.cross {
		return 3
	}
	return 0
}

func (r *storeRules) store(s Side) Cell {
	if s == South {
		return Cell(r.n)
	}
	return Cell(2*r.n + 1)
}

// pitCell returns the cell of side s's pit number pit (1-based).
func (r *storeRules) pitCell(s Side, pit int) Cell {
	if s == South {
		return Cell(pit - 1)
	}
	return Cell(r.n + pit)
}

// owns reports whether c is one of side s's pits.
func (r *storeRules) owns(s Side, c Cell) bool {
	if s == South {
		return int(c) < r.n
	}
	return int(c) > r.n && int(c) <= 2*r.n
}

func (r *storeRules) Start() Position {
	p := Position{rules: r}
	for s := range 2 {
		for i := 1; i <= r.n; i++ {
			p.cells[r.pitCell(Side(s), i)] = uint8(r.seeds)
		}
	}
	if r.pie {
		p.aux[auxSwapAvailable] = 1
	}
	return p
}

func (r *storeRules) canSwap(p *Position) bool {
	return r.pie && p.toMove == North && p.aux[auxSwapAvailable] == 1
}

func (r *storeRules) AppendMoves(p *Position, buf []Move) []Move {
	if p.status != Ongoing {
		return buf
	}
	if r.words {
		row := binary.LittleEndian.Uint64(p.cells[7*int(p.toMove&1):]) & 0xffffffffffff
		buf = append(buf, sixPitMoveSets[nonzeroBytes(row)]...)
		if r.canSwap(p) {
			buf = append(buf, SwapMove)
		}
		return buf
	}
	c := r.pitCell(p.toMove, 1)
	for i := 1; i <= r.n; i++ {
		if p.cells[c] > 0 {
			buf = append(buf, sowMoves[i])
		}
		c++
	}
	if r.canSwap(p) {
		buf = append(buf, SwapMove)
	}
	return buf
}

func (r *storeRules) Check(p *Position, m Move) error {
	switch {
	case p.status != Ongoing:
		return illegal(m, GameOver)
	case m.Kind == Swap:
		if !r.canSwap(p) {
			return illegal(m, SwapUnavailable)
		}
		return nil
	case m.Kind != Sow:
		return illegal(m, NoSuchPit)
	case m.Dir != DirNone || m.Plus:
		return illegal(m, NeedsNoDirection)
	case m.Pit < 1 || int(m.Pit) > r.n:
		return illegal(m, NoSuchPit)
	case p.cells[r.pitCell(p.toMove, int(m.Pit))] == 0:
		return illegal(m, EmptyPit)
	}
	return nil
}

// Apply plays m. A move without events sown counter-clockwise on a six-pit
// board, the inner loop of the search and of perft, is played here, written
// for speed as Oware's Apply is (FuzzKalah and TestKalahWordsAgree check
// that both ways leave every position alike, playing each move with and
// without events): the
// pits and stores are read once as two little-endian words (lo: cells
// 0..7, hi: 8..13), sown by adding kalahMoves' words, captured from and
// written back once; settle runs only when a side's pits are empty. Every
// other move is played seed by seed in applySeeds.
func (r *storeRules) Apply(p *Position, m Move, ev *[]Event) {
	me := p.toMove & 1
	if ev != nil || !r.words || m.Kind != Sow || m.Pit-1 >= 6 {
		r.applySeeds(p, m, ev)
		return
	}
	c := uint(m.Pit-1) + 7*uint(me)
	s := p.cells[c]
	if s == 0 || r.cross && s%2 == 0 {
		r.applySeeds(p, m, ev)
		return
	}
	if r.pie && me == North {
		p.aux[auxSwapAvailable] = 0
	}
	sow := &kalahMoves[me][m.Pit-1][s]
	lo := binary.LittleEndian.Uint64(p.cells[0:8]) + sow.lo
	hi := binary.LittleEndian.Uint64(p.cells[8:16]) + sow.hi
	last := uint(sow.last)
	p.ply++
	if last != 6+7*uint(me) { // not the own store: no extra turn
		// A last seed in an own pit that was empty takes the facing pit
		// (cell 12-last) with itself.
		if last-7*uint(me) < 6 && cellByte(lo, hi, last) == 1 {
			opp := 12 - last
			if k := cellByte(lo, hi, opp); k > 0 || r.emptyCapture {
				lo, hi = clearByte(lo, hi, last)
				lo, hi = clearByte(lo, hi, opp)
				if me == South {
					lo += (k + 1) << (8 * 6)
				} else {
					hi += (k + 1) << (8 * (13 - 8))
				}
			}
		}
		p.toMove = 1 - me
	}
	binary.LittleEndian.PutUint64(p.cells[0:8], lo)
	binary.LittleEndian.PutUint64(p.cells[8:16], hi)
	if lo&0xffffffffffff == 0 || (lo>>56|hi<<8)&0xffffffffffff == 0 {
		r.settle(p, nil) // a side's pits are empty: the game ends
	}
}

// applySeeds is Apply seed by seed, with events: the swap, relays,
// cross-sowing's clockwise moves and boards of other sizes.
func (r *storeRules) applySeeds(p *Position, m Move, ev *[]Event) {
	me := p.toMove & 1
	if m.Kind == Swap {
		p.aux[auxSwapAvailable], p.aux[auxSwapped] = 0, 1
		p.ply++
		emit(ev, Event{Kind: EventSwap, Side: me})
		return
	}
	if m.Pit < 1 || int(m.Pit) > r.n || p.cells[r.pitCell(me, int(m.Pit))] == 0 {
		return
	}
	if me == North {
		p.aux[auxSwapAvailable] = 0
	}
	c := r.pitCell(me, int(m.Pit))
	s := p.cells[c]
	p.cells[c] = 0
	emit(ev, Event{Kind: EventPickup, Side: me, Cell: c, Count: int(s)})
	path := &r.path[me]
	own := r.store(me)
	cw := r.cross && s%2 == 0
	for {
		i := int(r.at[me][c])
		if cw { // clockwise, seed by seed: the path backwards
			for range s {
				if i == 0 {
					i = r.cycle
				}
				i--
				p.cells[path[i]]++
				emit(ev, Event{Kind: EventSow, Side: me, Cell: path[i]})
			}
		} else if ev != nil { // seed by seed, in order
			for range s {
				if i++; i == r.cycle {
					i = 0
				}
				p.cells[path[i]]++
				emit(ev, Event{Kind: EventSow, Side: me, Cell: path[i]})
			}
		} else {
			if int(s) >= r.cycle {
				// Whole laps end where they began: add them in one go.
				laps := s / uint8(r.cycle)
				for _, x := range path[:r.cycle] {
					p.cells[x] += laps
				}
				s -= laps * uint8(r.cycle)
			}
			for k := 1; k <= int(s); k++ {
				p.cells[path[i+k]]++
			}
			i += int(s)
		}
		c = path[i]
		if r.relay && c != own && p.cells[c] > 1 {
			s = p.cells[c]
			p.cells[c] = 0
			emit(ev, Event{Kind: EventRelay, Side: me, Cell: c, Count: int(s)})
			continue
		}
		break
	}
	p.ply++
	extraTurn := c == own
	if !extraTurn && r.owns(me, c) && p.cells[c] == 1 {
		opp := Cell(2*r.n) - c
		if k := p.cells[opp]; k > 0 || r.emptyCapture {
			p.cells[opp], p.cells[c] = 0, 0
			p.cells[own] += k + 1
			if k > 0 {
				emit(ev, Event{Kind: EventCapture, Side: me, Cell: opp, Count: int(k)})
			}
			emit(ev, Event{Kind: EventCapture, Side: me, Cell: c, Count: 1})
		}
	}
	if !extraTurn {
		p.toMove = 1 - me
	}
	r.settle(p, ev)
	if extraTurn && p.status == Ongoing {
		emit(ev, Event{Kind: EventExtraTurn, Side: me})
	}
}

// kalahMoves[me][j][s] is what sowing the s seeds of side me's pit j+1
// counter-clockwise does to the cells of a six-pit board read as two
// little-endian words (lo: cells 0..7, hi: 8..13): the pit emptied (s
// subtracted from its byte, which holds s, so that no byte borrows) and
// each cell sown into added to, the opponent's store skipped; last is the
// cell of the last seed.
var kalahMoves = func() (t [2][6][256]struct {
	lo, hi uint64
	last   uint8
}) {
	const cycle = 13 // 12 pits and the mover's store
	add := func(lo, hi *uint64, c int, n int) {
		if c < 8 {
			*lo += uint64(n) << (8 * c)
		} else {
			*hi += uint64(n) << (8 * (c - 8))
		}
	}
	for me := range 2 {
		var path [cycle]int // the cells in sowing order, from South's pit 1
		k := 0
		for c := range 14 {
			if c != 13-7*me { // the opponent's store
				path[k] = c
				k++
			}
		}
		for j := range 6 {
			c := j + 7*me
			at := 0 // c's index in path
			for path[at] != c {
				at++
			}
			for s := 1; s < 256; s++ {
				e := &t[me][j][s]
				laps, rem := s/cycle, s%cycle
				for i, x := range path {
					n := laps
					if d := (i - at + cycle) % cycle; d >= 1 && d <= rem {
						n++
					}
					add(&e.lo, &e.hi, x, n)
				}
				add(&e.lo, &e.hi, c, -s)
				e.last = uint8(path[(at+s)%cycle])
			}
		}
	}
	return t
}()

// cellByte returns cell c's seeds from the cells read as two words (lo:
// cells 0..7, hi: 8..15).
func cellByte(lo, hi uint64, c uint) uint64 {
	if c < 8 {
		return lo >> (8 * c) & 0xff
	}
	return hi >> (8 * (c - 8)) & 0xff
}

// clearByte returns the pair of words (lo, hi) with cell c emptied; the
// word it does not touch is returned as it was.
func clearByte(lo, hi uint64, c uint) (uint64, uint64) {
	if c < 8 {
		return lo &^ (0xff << (8 * c)), hi
	}
	return lo, hi &^ (0xff << (8 * (c - 8)))
}

// sideEmpty reports whether side s has no seeds in its pits.
func (r *storeRules) sideEmpty(p *Position, s Side) bool {
	return rowSum(&p.cells, int(r.pitCell(s, 1)), r.n) == 0
}

func (r *storeRules) settle(p *Position, ev *[]Event) {
	if p.status != Ongoing {
		return
	}
	reason := EndEmptySide
	if r.endWhenMoverEmpty {
		if !r.sideEmpty(p, p.toMove&1) {
			return
		}
		reason = EndNoMoves
	} else if !r.sideEmpty(p, South) && !r.sideEmpty(p, North) {
		return
	}
	p.sweepSide(South, South, ev)
	p.sweepSide(North, North, ev)
	p.decideByStores(reason, ev)
}

func (r *storeRules) swapped(p *Position) bool { return r.pie && p.aux[auxSwapped] == 1 }

func (r *storeRules) swapPending(p *Position) bool {
	return r.pie && p.aux[auxSwapAvailable] == 1
}

func (r *storeRules) extra(p *Position) map[string]any {
	if !r.pie {
		return nil
	}
	return map[string]any{
		"swap_available": p.aux[auxSwapAvailable] == 1,
		"swapped":        p.aux[auxSwapped] == 1,
	}
}

func (r *storeRules) setExtra(p *Position, extra map[string]json.RawMessage) error {
	if !r.pie {
		return r.base.setExtra(p, extra)
	}
	// Without the keys, a position at ply 0 still offers the swap.
	if p.ply == 0 {
		p.aux[auxSwapAvailable] = 1
	}
	for k, raw := range extra {
		var b bool
		if err := json.Unmarshal(raw, &b); err != nil {
			return fmt.Errorf("extra.%s: want true or false", k)
		}
		switch k {
		case "swap_available":
			p.aux[auxSwapAvailable] = b2u(b)
		case "swapped":
			p.aux[auxSwapped] = b2u(b)
		default:
			return fmt.Errorf("extra.%s: unknown key (known: swap_available, swapped)", k)
		}
	}
	return nil
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
