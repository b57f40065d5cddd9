package engine

import "encoding/binary"

// Oware (id "oware"; also Awale, Wari): two rows of six pits with `seeds`
// seeds each (default 4), the Masters Traditional Games rules
// (docs/sources/seed-002.md#line-3 (002:3-27),
// docs/sources/seed-000.md#line-1023 (000:1023-1039)). Stores only hold
// captured seeds; they are never sown.
//
//   - Sowing: take every seed of one of your non-empty pits and sow them one
//     by one counter-clockwise from the next pit. With 12 or more seeds the
//     emptied pit is skipped on every lap: it is always left empty
//     (docs/sources/seed-002.md#line-18 (002:18)).
//   - Capture: a last seed that lands in an opponent's pit and brings it to
//     exactly 2 or 3 captures that pit; so does each pit before it (against
//     the sowing direction) that also holds 2 or 3, up to the first pit that
//     does not or the end of the opponent's row
//     (docs/sources/seed-002.md#line-19 (002:19)). Nothing is captured on your
//     own side (docs/sources/seed-000.md#line-193 (000:193)).
//   - Feeding: when the opponent has no seeds, you must play a move that
//     sows at least one seed into their row, if any move does
//     (docs/sources/seed-002.md#line-23 (002:23)).
//   - Grand slam, a move that would capture every seed on the opponent's
//     side (option `grand_slam`): "capture" (default, the Masters rules,
//     docs/sources/seed-002.md#line-25 (002:25): legal, and the opponent, left
//     without seeds, cannot move, so the game ends and the capturer also takes
//     his own remaining seeds); "nocapture" (legal, but it captures nothing);
//     "forbidden" (illegal unless every legal move is one; then it is played
//     and captures as usual) [the last two are outside the seeds, glossary
//     docs/sources/seed-003.md#line-23 (003:23)].
//   - End: a player with more than half of the seeds wins at once; equal
//     halves draw (docs/sources/seed-002.md#line-26 (002:26-27),
//     docs/sources/seed-004.md#line-17 (004:17)). A player to move with no
//     legal move (no seeds, or an opponent without seeds that no move can feed)
//     ends the game, and each side's remaining seeds go to that side's owner
//     (docs/sources/seed-002.md#line-23 (002:23)). A position that occurs for
//     the third time with the same player to move ends the game the same way,
//     each player taking the seeds on their own side: our reading of the
//     Masters "deadlock" draw (docs/sources/seed-002.md#line-27 (002:27)),
//     which otherwise needs both players' agreement. That rule needs the game's
//     history and is applied by Game and Perft (RepetitionLimit).
//   - Option `repetition`: "third" (default, the rule above) or "first" (the
//     game ends the same way at the first recurrence: when a position occurs
//     for the second time with the same player to move; RepetitionLimit 2).
//     With grand_slam=nocapture it makes the Abapa rules that the Aualé
//     program and its engine Aalina play [outside the seeds: they only know
//     the deadlock draw above]. Position JSON leaves the option out while it
//     is "third".
//   - Option `cross` (cross-sowing, docs/sources/seed-000.md#line-254
//     (000:254), docs/sources/more-games-rules.md section 12): a move from a
//     pit holding an even number of seeds is sown clockwise (from South's pit
//     i: i-1, ..., 1, North's pits 6, ..., 1, South's 6, ...; the emptied pit
//     skipped on laps), one with an odd number counter-clockwise as usual.
//     After a clockwise sowing the capture chain runs the other way too,
//     against the sowing: from the last pit toward the opponent's pit 6. A move
//     feeds a starving opponent when its sowing reaches their row (clockwise
//     from pit i: i seeds or more). Feeding, the grand slam and the end are
//     unchanged. Position JSON leaves the option out while it is false.
func init() {
	register(&Variant{
		ID: "oware", Name: "Oware", Players: 2, BoardBytes: SmallBoardBytes,
		Order: 20, Aliases: []string{"awale", "awari", "wari", "оваре"},
		Options: []OptionSpec{
			{Name: "seeds", Kind: IntOption, Default: "4", Min: 1, Max: 6, Doc: "seeds in each pit at the start"},
			{Name: "grand_slam", Kind: EnumOption, Default: "capture", Values: []string{"capture", "nocapture", "forbidden"},
				Doc: "what a move capturing all the opponent's seeds does: capture them, capture nothing, or is forbidden unless forced"},
			{Name: "cross", Kind: BoolOption, Default: "false", OmitDefault: true,
				Doc: "a pit holding an even number of seeds is sown clockwise"},
			{Name: "repetition", Kind: EnumOption, Default: "third", Values: []string{"third", "first"}, OmitDefault: true,
				Doc: "a repeated position ends the game at its third occurrence, or at its first recurrence (Abapa's rules, with grand_slam=nocapture)"},
		},
		build: func(v *Variant, o Options) (Rules, error) {
			r := &owareRules{base: base{variant: v, opts: o, layout: twoRowLayout(6)}, seeds: optInt(o, "seeds"), cross: optBool(o, "cross"), repLimit: 3}
			if o["repetition"] == "first" {
				r.repLimit = 2
			}
			switch o["grand_slam"] {
			case "nocapture":
				r.slam = slamNoCapture
			case "forbidden":
				r.slam = slamForbidden
			}
			return r, nil
		},
	})
}

type slamPolicy uint8

const (
	slamCapture slamPolicy = iota
	slamNoCapture
	slamForbidden
)

// owareRules: cells follow twoRowLayout(6). Sowing runs over the ring of
// twelve pits only; ring index i is South pit i+1 for i < 6 and North pit
// i-5 for i >= 6.
type owareRules struct {
	base
	seeds int
	slam  slamPolicy
	cross bool // a pit holding an even number of seeds is sown clockwise
	// repLimit is the occurrence of a position that ends the game: 3 (the
	// third, option repetition "third") or 2 (the first recurrence, "first").
	repLimit int
}

// cw reports whether a pit holding s seeds is sown clockwise.
func (r *owareRules) cw(s uint8) bool { return r.cross && s%2 == 0 }

// feeds reports whether sowing s seeds from pit (1..6) reaches the
// opponent's row: 7-pit seeds counter-clockwise, pit seeds clockwise.
func (r *owareRules) feeds(pit int, s uint8) bool {
	if r.cw(s) {
		return int(s) >= pit
	}
	return feeds(pit, s)
}

// owareRing maps a ring index (0..23, doubled to avoid a modulo) to its cell.
var owareRing = [24]Cell{0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12}

// owareSow[o][k] has a 1 in the byte of each of the k pits that follow
// ring index o, the origin skipped: what sowing k seeds from o adds to the
// cells, read as two little-endian words (cells 0..7 and 8..15).
var owareSow = func() (t [12][12]struct{ lo, hi uint64 }) {
	for o := range 12 {
		for k := range 12 {
			for j := 1; j <= k; j++ {
				c := owareRing[o+j]
				if c < 8 {
					t[o][k].lo += 1 << (8 * c)
				} else {
					t[o][k].hi += 1 << (8 * (c - 8))
				}
			}
		}
	}
	return t
}()

// owareMoves[o][s] is what sowing the s seeds of the pit at ring index o
// does to the cells read as two words, as owareSow: the pit emptied (s
// subtracted from its byte, which holds s, so that no byte borrows) and each
// pit sown into added to; last is the ring index of the last seed.
var owareMoves = func() (t [12][256]struct {
	lo, hi uint64
	last   uint8
}) {
	for o := range 12 {
		c := owareRing[o]
		for s := 1; s < 256; s++ {
			laps, rem := uint64(s/11), s%11
			e := &t[o][s]
			e.lo = owareSow[o][rem].lo + laps*owareSow[o][11].lo
			e.hi = owareSow[o][rem].hi + laps*owareSow[o][11].hi
			if c < 8 {
				e.lo -= uint64(s) << (8 * c)
			} else {
				e.hi -= uint64(s) << (8 * (c - 8))
			}
			if rem == 0 {
				rem = 11
			}
			e.last = uint8((o + rem) % 12)
		}
	}
	return t
}()

const owareSouthStore, owareNorthStore = 6, 13

func owareStore(s Side) Cell {
	if s == South {
		return owareSouthStore
	}
	return owareNorthStore
}

func (r *owareRules) RepetitionLimit() int { return r.repLimit }

func (r *owareRules) Start() Position {
	p := Position{rules: r}
	for i := range 12 {
		p.cells[owareRing[i]] = uint8(r.seeds)
	}
	return p
}

// rowSeeds returns the seeds in side s's six pits.
func rowSeeds(p *Position, s Side) int { return rowSum(&p.cells, 7*int(s&1), 6) }

// feeds reports whether sowing s seeds from pit (1..6) reaches the
// opponent's row: it needs 7-pit seeds.
func feeds(pit int, s uint8) bool { return int(s) >= 7-pit }

func (r *owareRules) AppendMoves(p *Position, buf []Move) []Move {
	if p.status != Ongoing {
		return buf
	}
	me := p.toMove & 1
	lo, hi := binary.LittleEndian.Uint64(p.cells[0:8]), binary.LittleEndian.Uint64(p.cells[8:16])
	if r.slam != slamForbidden && owareRow(lo, hi, 1-me) != 0 {
		// The usual case, a hot path of the search and of perft: every
		// pit that holds seeds, looked up by their pattern.
		return append(buf, sixPitMoveSets[nonzeroBytes(owareRow(lo, hi, me))]...)
	}
	starving := rowSeeds(p, 1-me) == 0
	start := len(buf)
	for i, s := range (*[6]uint8)(p.cells[7*int(me):]) {
		if s == 0 || (starving && !r.feeds(i+1, s)) {
			continue
		}
		buf = append(buf, sowMoves[i+1])
	}
	if r.slam == slamForbidden && len(buf) > start {
		moves := buf[start:]
		kept := moves[:0]
		for _, m := range moves {
			if !r.grandSlam(p, int(m.Pit)) {
				kept = append(kept, m)
			}
		}
		if len(kept) > 0 { // otherwise every move is a grand slam: all stay legal
			buf = buf[:start+len(kept)]
		}
	}
	return buf
}

func (r *owareRules) Check(p *Position, m Move) error {
	switch {
	case p.status != Ongoing:
		return illegal(m, GameOver)
	case m.Kind == Swap:
		return illegal(m, SwapUnavailable)
	case m.Kind != Sow:
		return illegal(m, NoSuchPit)
	case m.Dir != DirNone || m.Plus:
		return illegal(m, NeedsNoDirection)
	case m.Pit < 1 || m.Pit > 6:
		return illegal(m, NoSuchPit)
	}
	me := p.toMove & 1
	if p.cells[7*int(me)+int(m.Pit)-1] == 0 {
		return illegal(m, EmptyPit)
	}
	var buf [MaxMoves]Move
	moves := r.AppendMoves(p, buf[:0])
	for _, x := range moves {
		if x == m {
			return nil
		}
	}
	if rowSeeds(p, 1-me) == 0 && !r.feeds(int(m.Pit), p.cells[7*int(me)+int(m.Pit)-1]) {
		return illegal(m, MustFeed)
	}
	return illegal(m, GrandSlamForbidden)
}

// sow empties pit (1..6) of the side to move and sows its seeds, skipping
// the emptied pit on every lap. It returns the ring index of the last seed.
func (r *owareRules) sow(p *Position, pit int, ev *[]Event) int {
	me := p.toMove & 1
	o := 6*int(me) + pit - 1
	c := owareRing[o]
	s := int(p.cells[c])
	p.cells[c] = 0
	emit(ev, Event{Kind: EventPickup, Side: me, Cell: c, Count: s})
	if r.cw(uint8(s)) { // clockwise, the emptied pit skipped
		at := o
		for range s {
			if at = (at + 11) % 12; at == o {
				at = (at + 11) % 12
			}
			p.cells[owareRing[at]]++
			emit(ev, Event{Kind: EventSow, Side: me, Cell: owareRing[at]})
		}
		return at
	}
	if ev == nil {
		// Add the seeds to all pits at once, as two words of bytes.
		laps, rem := uint64(s/11), s%11
		m, lap := &owareSow[o][rem], &owareSow[o][11]
		lo := binary.LittleEndian.Uint64(p.cells[0:8]) + m.lo + laps*lap.lo
		hi := binary.LittleEndian.Uint64(p.cells[8:16]) + m.hi + laps*lap.hi
		binary.LittleEndian.PutUint64(p.cells[0:8], lo)
		binary.LittleEndian.PutUint64(p.cells[8:16], hi)
		if rem == 0 {
			rem = 11
		}
		return (o + rem) % 12
	}
	last := o
	for k := 0; k < s; k++ {
		last = o + 1 + k%11
		p.cells[owareRing[last]]++
		emit(ev, Event{Kind: EventSow, Side: me, Cell: owareRing[last]})
	}
	return last % 12
}

// chain returns the ring index below the capture chain ending at last (the
// chain is ring indices lo+1..last) and the seeds it holds; for no capture,
// lo == last and n == 0.
func chain(p *Position, me Side, last int) (lo, n int) {
	oppLo := 6 * int(1-me)
	lo = last
	if last < oppLo || last >= oppLo+6 {
		return lo, 0
	}
	for lo >= oppLo {
		k := p.cells[owareRing[lo]]
		if k != 2 && k != 3 {
			break
		}
		n += int(k)
		lo--
	}
	return lo, n
}

// chainCW is chain after a clockwise sowing: the chain is ring indices
// last..hi-1, running from the last pit toward the opponent's pit 6.
func chainCW(p *Position, me Side, last int) (hi, n int) {
	oppLo := 6 * int(1-me)
	hi = last
	if last < oppLo || last >= oppLo+6 {
		return hi, 0
	}
	for hi < oppLo+6 {
		k := p.cells[owareRing[hi]]
		if k != 2 && k != 3 {
			break
		}
		n += int(k)
		hi++
	}
	return hi, n
}

// capture returns the ring indices [a, b) of the capture chain after a
// sowing that ended at last (clockwise or not) and the seeds it holds.
func (r *owareRules) capture(p *Position, me Side, last int, cw bool) (a, b, n int) {
	if cw {
		hi, n := chainCW(p, me, last)
		return last, hi, n
	}
	lo, n := chain(p, me, last)
	return lo + 1, last + 1, n
}

// grandSlam reports whether playing pit would capture every seed on the
// opponent's side.
func (r *owareRules) grandSlam(p *Position, pit int) bool {
	q := *p
	cw := r.cw(q.cells[7*int(q.toMove&1)+pit-1])
	last := r.sow(&q, pit, nil)
	_, _, n := r.capture(&q, q.toMove&1, last, cw)
	return n > 0 && n == rowSeeds(&q, 1-q.toMove&1)
}

// Apply plays m. The rules are applied seed by seed in applySeeds; a move
// without events sown counter-clockwise, the inner loop of the search and
// of perft, is played here instead, written for speed (FuzzOware checks
// that both leave every position alike: it plays each move with and without
// events). The pits and stores (cells 0..13) are read once as two
// little-endian words, sown by adding owareMoves' words, captured from and
// written back once: a byte written to memory and then read back within a
// word stalls the processor, and a call costs as much as the sowing.
func (r *owareRules) Apply(p *Position, m Move, ev *[]Event) {
	if m.Kind != Sow || m.Pit-1 >= 6 {
		return
	}
	me := p.toMove & 1
	o := 6*uint(me) + uint(m.Pit) - 1 // the pit's ring index
	s := p.cells[o+uint(me)]          // its seeds (cell o+me)
	if s == 0 {
		return
	}
	if ev != nil || r.cw(s) {
		r.applySeeds(p, m, ev)
		return
	}
	sow := &owareMoves[o][s]
	lo := binary.LittleEndian.Uint64(p.cells[0:8]) + sow.lo
	hi := binary.LittleEndian.Uint64(p.cells[8:16]) + sow.hi
	last := uint(sow.last)
	// Capture: the opponent's row as one word, pit 1 in the lowest byte.
	opp := 1 - me
	row := owareRow(lo, hi, opp)
	if j := last - 6*uint(opp); j < 6 { // the last seed is in that row
		var taken uint64 // the bytes of the chain
		n := 0
		for sh := 8 * j; sh < 48; sh -= 8 { // down to pit 1 (sh wraps below 0)
			k := int(row >> sh & 0xff)
			if k != 2 && k != 3 {
				break
			}
			n += k
			taken |= 0xff << sh
		}
		if n > 0 && !(r.slam == slamNoCapture && n == byteSum(row)) {
			row &^= taken
			if opp == South {
				lo = lo&^0xffffffffffff | row
				hi += uint64(n) << (8 * (owareNorthStore - 8))
			} else {
				lo = lo&^(0xff<<56) | row<<56
				hi = hi&^0xffffffffff | row>>8
				lo += uint64(n) << (8 * owareSouthStore)
			}
		}
	}
	binary.LittleEndian.PutUint64(p.cells[0:8], lo)
	binary.LittleEndian.PutUint64(p.cells[8:16], hi)
	p.ply++
	p.toMove = opp
	// settle's usual case: both sides have seeds and no store holds more
	// than half of them, so the game goes on.
	mine, theirs := byteSum(owareRow(lo, hi, opp)), byteSum(owareRow(lo, hi, me))
	ss, ns := int(lo>>(8*owareSouthStore)&0xff), int(hi>>(8*(owareNorthStore-8))&0xff)
	if total := mine + theirs + ss + ns; mine > 0 && theirs > 0 && 2*ss <= total && 2*ns <= total {
		return
	}
	r.settleSums(p, mine, theirs, nil)
}

// applySeeds is Apply seed by seed, with events.
func (r *owareRules) applySeeds(p *Position, m Move, ev *[]Event) {
	me := p.toMove & 1
	cw := r.cw(p.cells[7*int(me)+int(m.Pit)-1])
	last := r.sow(p, int(m.Pit), ev)
	a, b, n := r.capture(p, me, last, cw)
	if n > 0 && !(r.slam == slamNoCapture && n == rowSeeds(p, 1-me)) {
		st := owareStore(me)
		take := func(i int) {
			c := owareRing[i]
			emit(ev, Event{Kind: EventCapture, Side: me, Cell: c, Count: int(p.cells[c])})
			p.cells[st] += p.cells[c]
			p.cells[c] = 0
		}
		if cw { // from the last pit on, against the sowing
			for i := a; i < b; i++ {
				take(i)
			}
		} else {
			for i := b - 1; i >= a; i-- {
				take(i)
			}
		}
	}
	p.ply++
	p.toMove = 1 - me
	r.settle(p, ev)
}

// owareRow returns side s's six pits, read from the cells as two words
// (lo: cells 0..7, hi: 8..15), as the low six bytes of a word, pit 1 lowest.
func owareRow(lo, hi uint64, s Side) uint64 {
	if s == South {
		return lo & 0xffffffffffff
	}
	return (lo>>56 | hi<<8) & 0xffffffffffff
}

// sixPitMoveSets[mask] lists, in pit order, the sowings of the pits whose
// bits are set in mask (bit i-1 for pit i).
var sixPitMoveSets = func() (t [64][]Move) {
	for mask := range 64 {
		for i := 1; i <= 6; i++ {
			if mask>>(i-1)&1 != 0 {
				t[mask] = append(t[mask], sowMoves[i])
			}
		}
	}
	return t
}()

// nonzeroBytes returns a bit for each of the low six bytes of x that is
// not 0 (bit i for byte i).
func nonzeroBytes(x uint64) int {
	const low7 = 0x7f7f7f7f7f7f
	x = ((x & low7) + low7 | x) & 0x808080808080 // bit 7 of each byte that is not 0
	// Gather bit 8i (after the shift by 7) to bit 35+i: the multiplier's
	// other products land on distinct bits outside 35..40, so nothing
	// carries into them.
	return int((x >> 7) * (1<<35 | 1<<28 | 1<<21 | 1<<14 | 1<<7 | 1) >> 35 & 63)
}

// byteSum adds up the bytes of x; their sum must be below 256 (a board
// holds at most 255 seeds).
func byteSum(x uint64) int { return int(x * 0x0101010101010101 >> 56) }

func (r *owareRules) settle(p *Position, ev *[]Event) {
	me := p.toMove & 1
	r.settleSums(p, rowSeeds(p, me), rowSeeds(p, 1-me), ev)
}

// settleSums is settle given the seeds in the pits of the side to move
// (mine) and of the other side (theirs).
func (r *owareRules) settleSums(p *Position, mine, theirs int, ev *[]Event) {
	if p.status != Ongoing {
		return
	}
	me := p.toMove & 1
	s, n := int(p.cells[owareSouthStore]), int(p.cells[owareNorthStore])
	total := mine + theirs + s + n
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
	if mine > 0 && theirs > 0 {
		return
	}
	if mine > 0 { // the opponent is starving: can any move feed them?
		for i := 1; i <= 6; i++ {
			if r.feeds(i, p.cells[7*int(me)+i-1]) {
				return
			}
		}
	}
	p.sweepSide(South, South, ev)
	p.sweepSide(North, North, ev)
	p.decideByStores(EndNoMoves, ev)
}
