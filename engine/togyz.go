package engine

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
)

// Togyz Kumalak (id "togyz"): two rows of nine pits with nine seeds each,
// 162 in all, and a store (kazan) for each player; the rules of seed 001
// (docs/sources/seed-001.md; its last line credits the design, © 2010, to
// D. A. Syrymovich). Kazans are never sown.
//
//   - Sowing: take every seed of one of your non-empty pits. The first seed
//     goes back into the pit it came from and the rest follow one by one
//     counter-clockwise; a pit holding a single seed moves it to the next pit
//     (docs/sources/seed-001.md#line-22 (001:22-23)). Laps sow into the emptied
//     pit like any other.
//   - Capture: a last seed that lands in an opponent's pit and makes its
//     count even captures all of that pit's seeds
//     (docs/sources/seed-001.md#line-31 (001:31)).
//   - Tuzdyk: a last seed that makes an opponent's pit exactly 3 turns it
//     into your tuzdyk, and its three seeds go to your kazan, unless you
//     already have a tuzdyk (one per player per game:
//     docs/sources/seed-000.md#line-601 (000:601),
//     docs/sources/seed-000.md#line-1577 (000:1577), reading
//     docs/sources/seed-001.md#line-41 (001:41)'s "already has" as the misprint
//     it is), the pit is the opponent's ninth (docs/sources/seed-001.md#line-43
//     (001:43), docs/sources/seed-000.md#line-263 (000:263)), or it has the
//     same number as the opponent's tuzdyk on your side
//     (docs/sources/seed-001.md#line-44 (001:44) and its worked example with
//     pits F and f; "opposite" in docs/sources/seed-000.md#line-263 (000:263)
//     is not followed). Otherwise the three seeds simply stay
//     (docs/sources/seed-001.md#line-47 (001:47)). The tuzdyk is created
//     automatically ("можно объявить", "may declare", in
//     docs/sources/seed-000.md#line-263 (000:263) is not offered). Every seed
//     sown into a tuzdyk goes at once to its owner's kazan, and a tuzdyk is
//     never played from (it is always empty).
//   - End: a player with more than half of the seeds (82 of 162) wins at
//     once, 81-81 draws [federation rules, outside the seeds]. A player to
//     move with no seeds ends the game: the opponent takes the seeds left on
//     his own side (docs/sources/seed-001.md#line-65 (001:65)), and the bigger
//     kazan wins.
//
// Position JSON: extra.tuzdyk.south is the number of North's pit that is
// South's tuzdyk (0: none), and extra.tuzdyk.north the same for North.
func init() {
	register(&Variant{
		ID: "togyz", Name: "Togyz Kumalak", Players: 2, BoardBytes: SmallBoardBytes,
		Order: 30, Aliases: []string{"togyzkumalak", "toguz", "togus", "тогыз"},
		build: func(v *Variant, o Options) (Rules, error) {
			return &togyzRules{base: base{variant: v, opts: o, layout: twoRowLayout(9)}}, nil
		},
	})
}

// togyzRules: cells follow twoRowLayout(9). Sowing runs over the ring of 18
// pits; ring index i is South pit i+1 for i < 9 and North pit i-8 after.
// aux[s] is 1 + the cell of side s's tuzdyk, or 0.
type togyzRules struct {
	base
}

var togyzRing = func() (r [36]Cell) {
	for i := range r {
		k := i % 18
		if k >= 9 {
			k++
		}
		r[i] = Cell(k)
	}
	return r
}()

// togyzMoves[i][s] is what sowing the s seeds of the pit at ring index i
// does to the cells read as three little-endian words (cells 0..7, 8..15,
// 16..23): the pit emptied (s subtracted from its byte, which holds s, so
// that no byte borrows) and each pit sown into added to, the first seed
// back into the pit; last is the cell of the last seed. Tuzdyks are left
// to the move.
var togyzMoves = func() (t [18][256]struct {
	w    [3]uint64
	last Cell
}) {
	add := func(w *[3]uint64, c Cell, n int) { w[c/8] += uint64(n) << (8 * (c % 8)) }
	for i := range 18 {
		c := togyzRing[i]
		// A single seed moves on to the next pit.
		t[i][1].last = togyzRing[i+1]
		add(&t[i][1].w, c, -1)
		add(&t[i][1].w, t[i][1].last, 1)
		// Two seeds or more: the first back into the pit, and each seed
		// more one pit further.
		t[i][2].last = togyzRing[i+1]
		add(&t[i][2].w, c, -1)
		add(&t[i][2].w, t[i][2].last, 1)
		for s := 3; s < 256; s++ {
			e := &t[i][s]
			*e = t[i][s-1]
			e.last = togyzRing[(i+s-1)%18]
			add(&e.w, c, -1)
			add(&e.w, e.last, 1)
		}
	}
	return t
}()

const togyzSouthStore, togyzNorthStore = 9, 19

func togyzStore(s Side) Cell {
	if s == South {
		return togyzSouthStore
	}
	return togyzNorthStore
}

// togyzRingOf returns the ring index of a pit cell.
func togyzRingOf(c Cell) int {
	if c > 9 {
		return int(c) - 1
	}
	return int(c)
}

// togyzPitNumber returns a pit cell's number in its owner's numbering.
func togyzPitNumber(c Cell) int {
	if c > 9 {
		return int(c) - 9
	}
	return int(c) + 1
}

func (r *togyzRules) Start() Position {
	p := Position{rules: r}
	for i := range 18 {
		p.cells[togyzRing[i]] = 9
	}
	return p
}

func (r *togyzRules) AppendMoves(p *Position, buf []Move) []Move {
	if p.status != Ongoing {
		return buf
	}
	c := 10 * int(p.toMove&1)
	for i, x := range p.cells[c : c+9] {
		if x > 0 {
			buf = append(buf, sowMoves[i+1])
		}
	}
	return buf
}

func (r *togyzRules) Check(p *Position, m Move) error {
	switch {
	case p.status != Ongoing:
		return illegal(m, GameOver)
	case m.Kind == Swap:
		return illegal(m, SwapUnavailable)
	case m.Kind != Sow:
		return illegal(m, NoSuchPit)
	case m.Dir != DirNone || m.Plus:
		return illegal(m, NeedsNoDirection)
	case m.Pit < 1 || m.Pit > 9:
		return illegal(m, NoSuchPit)
	}
	c := Cell(10*int(p.toMove&1) + int(m.Pit) - 1)
	if p.aux[1-p.toMove&1] == uint8(c)+1 {
		return illegal(m, TuzdykPit)
	}
	if p.cells[c] == 0 {
		return illegal(m, EmptyPit)
	}
	return nil
}

// Apply plays m. The rules are applied seed by seed in applySeeds; a move
// without events, the inner loop of the search and of perft, is played here
// instead, written for speed (FuzzTogyz checks that both leave every
// position alike: it plays each move with and without events). The cells
// (0..19) are read once as three little-endian words, sown by adding
// togyzMoves' words, captured from and written back once: a byte written to
// memory and then read back within a word stalls the processor.
func (r *togyzRules) Apply(p *Position, m Move, ev *[]Event) {
	if m.Kind != Sow || m.Pit-1 >= 9 {
		return
	}
	me := p.toMove & 1
	opp := 1 - me
	c := 10*uint(me) + uint(m.Pit) - 1
	s := p.cells[c]
	if s == 0 {
		return
	}
	if ev != nil {
		r.applySeeds(p, m, ev)
		return
	}
	sow := &togyzMoves[togyzRingOf(Cell(c))][s]
	w := [3]uint64{
		binary.LittleEndian.Uint64(p.cells[0:8]) + sow.w[0],
		binary.LittleEndian.Uint64(p.cells[8:16]) + sow.w[1],
		binary.LittleEndian.Uint64(p.cells[16:24]) + sow.w[2],
	}
	last := uint(sow.last)
	// Seeds sown into a tuzdyk belong to its owner.
	for owner := range Side(2) {
		if t := uint(p.aux[owner]); t != 0 {
			t--
			w[togyzStore(owner)/8] += (w[t/8] >> (8 * (t % 8)) & 0xff) << (8 * (togyzStore(owner) % 8))
			w[t/8] &^= 0xff << (8 * (t % 8))
		}
	}
	if last/10 == uint(opp) && uint(p.aux[me]) != last+1 {
		n := w[last/8] >> (8 * (last % 8)) & 0xff
		if n%2 == 0 || n == 3 && r.canMakeTuzdyk(p, me, Cell(last)) {
			if n%2 != 0 {
				p.aux[me] = uint8(last) + 1
			}
			st := uint(togyzStore(me))
			w[st/8] += n << (8 * (st % 8))
			w[last/8] &^= 0xff << (8 * (last % 8))
		}
	}
	binary.LittleEndian.PutUint64(p.cells[0:8], w[0])
	binary.LittleEndian.PutUint64(p.cells[8:16], w[1])
	binary.LittleEndian.PutUint64(p.cells[16:24], w[2])
	p.ply++
	p.toMove = opp
	south := byteSum(w[0]) + int(w[1]&0xff)             // cells 0..8
	north := byteSum(w[1]>>16) + byteSum(w[2]&0xffffff) // cells 10..18
	// settle's usual case: the side to move has seeds and no kazan holds
	// more than half of them, so the game goes on.
	mine := south
	if opp == North {
		mine = north
	}
	ss, ns := int(w[1]>>8&0xff), int(w[2]>>24&0xff) // cells 9 and 19
	if total := south + north + ss + ns; mine > 0 && 2*ss <= total && 2*ns <= total {
		return
	}
	r.settleSums(p, south, north, nil)
}

// applySeeds is Apply seed by seed, with events.
func (r *togyzRules) applySeeds(p *Position, m Move, ev *[]Event) {
	me := p.toMove & 1
	opp := 1 - me
	c := Cell(10*int(me) + int(m.Pit) - 1)
	s := int(p.cells[c])
	p.cells[c] = 0
	emit(ev, Event{Kind: EventPickup, Side: me, Cell: c, Count: s})
	start := togyzRingOf(c)
	if s == 1 {
		start++
	}
	var last Cell
	for k := range s {
		last = togyzRing[(start+k)%18]
		p.cells[last]++
		emit(ev, Event{Kind: EventSow, Side: me, Cell: last})
		for o := range Side(2) {
			if p.aux[o] == uint8(last)+1 {
				p.cells[last]--
				p.cells[togyzStore(o)]++
				emit(ev, Event{Kind: EventDeposit, Side: o, Cell: last})
			}
		}
	}
	if last/10 == Cell(opp) && p.aux[me] != uint8(last)+1 {
		switch n := p.cells[last]; {
		case n%2 == 0:
			p.cells[togyzStore(me)] += n
			p.cells[last] = 0
			emit(ev, Event{Kind: EventCapture, Side: me, Cell: last, Count: int(n)})
		case n == 3 && r.canMakeTuzdyk(p, me, last):
			p.aux[me] = uint8(last) + 1
			p.cells[togyzStore(me)] += n
			p.cells[last] = 0
			emit(ev, Event{Kind: EventTuzdyk, Side: me, Cell: last})
			emit(ev, Event{Kind: EventCapture, Side: me, Cell: last, Count: int(n)})
		}
	}
	p.ply++
	p.toMove = opp
	r.settle(p, ev)
}

// canMakeTuzdyk reports whether side me may turn the opponent's pit cell c
// into its tuzdyk.
func (r *togyzRules) canMakeTuzdyk(p *Position, me Side, c Cell) bool {
	if p.aux[me] != 0 || togyzPitNumber(c) == 9 {
		return false
	}
	t := p.aux[1-me]
	return t == 0 || togyzPitNumber(Cell(t-1)) != togyzPitNumber(c)
}

func (r *togyzRules) settle(p *Position, ev *[]Event) {
	r.settleSums(p, rowSum(&p.cells, 0, 8)+int(p.cells[8]), rowSum(&p.cells, 10, 8)+int(p.cells[18]), ev)
}

// settleSums is settle given the seeds in South's and North's pits.
func (r *togyzRules) settleSums(p *Position, south, north int, ev *[]Event) {
	if p.status != Ongoing {
		return
	}
	s, n := int(p.cells[togyzSouthStore]), int(p.cells[togyzNorthStore])
	me := p.toMove & 1
	mine := south
	if me == North {
		mine = north
	}
	total := south + north + s + n
	switch {
	case 2*s > total:
		p.finish(SouthWon, EndMajority, ev)
	case 2*n > total:
		p.finish(NorthWon, EndMajority, ev)
	case 2*s == total && 2*n == total:
		p.finish(Draw, EndMajority, ev)
	case mine == 0:
		p.sweepSide(1-me, 1-me, ev)
		p.decideByStores(EndNoMoves, ev)
	}
}

func (r *togyzRules) appendMarks(p Position, buf []Mark) []Mark {
	s, n := p.aux[South], p.aux[North]
	if n != 0 && (s == 0 || n < s) { // in cell order
		buf = append(buf, Mark{Cell: Cell(n - 1), Kind: MarkTuzdyk, Side: North})
		n = 0
	}
	if s != 0 {
		buf = append(buf, Mark{Cell: Cell(s - 1), Kind: MarkTuzdyk, Side: South})
	}
	if n != 0 {
		buf = append(buf, Mark{Cell: Cell(n - 1), Kind: MarkTuzdyk, Side: North})
	}
	return buf
}

func (r *togyzRules) extra(p *Position) map[string]any {
	t := map[string]int{"south": 0, "north": 0}
	for s := range Side(2) {
		if c := p.aux[s]; c != 0 {
			t[s.String()] = togyzPitNumber(Cell(c - 1))
		}
	}
	return map[string]any{"tuzdyk": t}
}

func (r *togyzRules) setExtra(p *Position, extra map[string]json.RawMessage) error {
	for k, raw := range extra {
		if k != "tuzdyk" {
			return fmt.Errorf("extra.%s: unknown key (known: tuzdyk)", k)
		}
		var t map[string]int
		if err := json.Unmarshal(raw, &t); err != nil {
			return fmt.Errorf("extra.tuzdyk: want {\"south\": N, \"north\": N}")
		}
		for name, n := range t {
			s, err := ParseSide(name)
			if err != nil || s > North {
				return fmt.Errorf("extra.tuzdyk.%s: unknown side", name)
			}
			if n == 0 {
				p.aux[s] = 0
				continue
			}
			if n < 1 || n > 8 {
				return fmt.Errorf("extra.tuzdyk.%s: %d is not a pit that can be a tuzdyk (1..8)", name, n)
			}
			c := r.layout.Pit(1-s, n)
			if p.cells[c] != 0 {
				return fmt.Errorf("extra.tuzdyk.%s: %s pit %d holds seeds, but a tuzdyk is always empty", name, 1-s, n)
			}
			p.aux[s] = uint8(c) + 1
		}
	}
	if p.aux[South] != 0 && p.aux[North] != 0 &&
		togyzPitNumber(Cell(p.aux[South]-1)) == togyzPitNumber(Cell(p.aux[North]-1)) {
		return fmt.Errorf("extra.tuzdyk: the two tuzdyks cannot have the same number")
	}
	return nil
}
