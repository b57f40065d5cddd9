package engine

import "encoding/binary"

// The two-row Bao games of Kenya, after the Masters Traditional Games rules
// (docs/sources/seed-002.md#line-64 (002:64-113),
// docs/sources/seed-000.md#line-1069 (000:1069-1105)) as read in
// docs/sources/bao-rules.md; the rule ids (C2, K3, L5, R2, ...) are that
// document's.
//
// Both are played on 2x8 pits. Each side's pits are numbered 1..8 from its
// own left, South pit i faces North pit 9-i, and sowing always runs
// counter-clockwise: your pits 1 to 8, then (Kenyan children's game only)
// your store, then the opponent's pits 1 to 8 (C2). A move is written as the
// pit number alone (N1): the direction never changes.
//
// Bao, Kenyan children's game (id "bao-kenya"):
//
//   - Board and start: 2x8 pits with `seeds` seeds each (default 3, so 48
//     in all) and a store at each player's right, after his pit 8 in sowing
//     order (K1, K2).
//   - Sowing: take all the seeds of any non-empty pit of your row (all eight
//     pits may be played; the seeds' "one of the six" is an Oware leftover)
//     and drop them one by one counter-clockwise: your next pits, your store,
//     the opponent's pits. The opponent's store is skipped (K3).
//   - The emptied pit is skipped every time the sowing comes round to it, so
//     it is always empty at the end of the move (K4): a lap sows 16 cells, and
//     the 17th seed goes past the origin into your store.
//   - Another turn: a last seed in your own store gives you another move, with
//     no limit (K5).
//   - Capture: a last seed in one of your own pits that was empty before it
//     takes all the seeds of the opponent's facing pit into your store; the
//     capturing seed stays where it is (K6). Nothing happens when the facing
//     pit is empty. Option `capture_sower`: the capturing seed goes to the
//     store too, when something was captured (Kalah's practice).
//   - End: a store holding more than half of the seeds (8*seeds+1: 25 with 3
//     seeds) wins at once (K7). When the player to move has no seeds in his
//     row (also right after another turn), the game ends: the other player
//     adds the seeds left in his row to his store, and the bigger store wins;
//     equal stores draw (K8). A position can never repeat (K9, R1): seeds
//     only move forward along a row and each one crossing to the other row
//     also puts one into a store.
//
// Bao, Kenyan with laps (id "bao-laps"):
//
//   - Board and start: 2x8 pits with `seeds` seeds each (default 2, 32 in
//     all). The stores only keep captured seeds and are never sown (L1, L2).
//     `seeds` goes up to 4 only: with more, a never-ending move can go round
//     a cycle so long that finding it takes too long for a game (in random
//     games we met moves needing 211 million laps with 5 seeds a pit, and
//     more than 300 million with 7 or 8; with 4, at most half a million).
//     The same holds for positions set up with many seeds: the engine then
//     still finds every cycle, but possibly only after minutes.
//   - Sowing: take all the seeds of a non-empty pit of your row and sow them
//     counter-clockwise round both rows (L3). A pit holding a single seed may
//     start a move only when no pit of your row holds two or more; empty pits
//     do not count (L4).
//   - Laps: a last seed that falls into an occupied pit, on either side,
//     lifts all of that pit's seeds (itself included) and sowing goes on from
//     the next pit (L5, C6). The pit a move started from is sown like any
//     other; option `skip_origin` skips it on every lap of the move (our
//     reading: the whole move, relays included, as K4 does for a single lap),
//     so it is empty when the move ends.
//   - End of the move: the last seed falls into an empty pit. On the
//     opponent's side nothing happens; on your side the seeds of the
//     opponent's facing pit are captured into your store, and the capturing
//     seed stays (L6; option `capture_sower` as above).
//   - Never-ending moves (L7, R2): some moves relay for ever. Before each
//     pick-up the state (the sixteen pits and the pit about to be lifted) is
//     compared with a saved one by Brent's cycle-finding algorithm, so a
//     cycle is found with no memory; a move still relaying after
//     maxRelayLaps laps counts as never-ending too (our bound on its cost,
//     far past any cycle found from the start). Such
//     a move is not carried out: the pits and stores stay as they were, the
//     ply counts it and the turn passes. Then, by option `infinite`: "draw"
//     (default: the seeds annul the game, docs/sources/seed-000.md#line-469
//     (000:469-473)) ends the game drawn, "loss" makes the mover lose, and
//     "illegal" makes such moves illegal; a player with no other move then
//     loses (the seeds stay where they are). Examples: after 1 8 8 2 1, North's
//     8 relays round a 7,992-lap cycle; after 2 1 6 6 7, North's 4 cycles in
//     1,520 laps.
//   - End: when the player to move has no seeds in his row, the other player
//     takes the seeds left in his own row, and the bigger store wins; equal
//     stores draw (L8). There is no early win by majority. A position that
//     occurs for the third time with the same player to move is a draw, the
//     seeds staying where they are (L9, R1: our reading of the Masters
//     "deadlock"); that rule needs the game's history and is applied by Game
//     and Perft.
//
// Position JSON: pits and stores as in every two-row game (stores hold the
// captured seeds); extra is {} (section 7).
func init() {
	register(&Variant{
		ID: "bao-kenya", Name: "Bao (Kenyan children's game)", Players: 2, BoardBytes: SmallBoardBytes,
		Order: 80,
		Options: []OptionSpec{
			{Name: "seeds", Kind: IntOption, Default: "3", Min: 1, Max: 8, Doc: "seeds in each pit at the start; a store with more than half of them wins"},
			{Name: "capture_sower", Kind: BoolOption, Default: "false", Doc: "the seed that captures goes to the store with the captured seeds"},
		},
		build: func(v *Variant, o Options) (Rules, error) {
			return newKenyaRules(v, o), nil
		},
	})
	register(&Variant{
		ID: "bao-laps", Name: "Bao (Kenyan, with laps)", Players: 2, BoardBytes: SmallBoardBytes,
		Order: 90,
		Options: []OptionSpec{
			{Name: "seeds", Kind: IntOption, Default: "2", Min: 1, Max: 4, Doc: "seeds in each pit at the start"},
			{Name: "capture_sower", Kind: BoolOption, Default: "false", Doc: "the seed that captures goes to the store with the captured seeds"},
			{Name: "skip_origin", Kind: BoolOption, Default: "false", Doc: "the pit a move starts from is skipped on every lap of that move"},
			{Name: "infinite", Kind: EnumOption, Default: "draw", Values: []string{"draw", "loss", "illegal"},
				Doc: "a move that would relay for ever draws the game, loses it for the mover, or is illegal"},
		},
		build: func(v *Variant, o Options) (Rules, error) {
			r := &lapsRules{
				base:         base{variant: v, opts: o, layout: twoRowLayout(8)},
				seeds:        optInt(o, "seeds"),
				captureSower: optBool(o, "capture_sower"),
				skipOrigin:   optBool(o, "skip_origin"),
			}
			r.infinite = infiniteOption(o)
			return r, nil
		},
	})
}

// baoCell returns the cell of side s's pit (1..8) in twoRowLayout(8): South's
// pits are cells 0..7, South's store 8, North's pits 9..16, North's store 17.
func baoCell(s Side, pit int) Cell { return Cell(9*int(s&1) + pit - 1) }

// baoStore returns side s's store cell.
func baoStore(s Side) Cell { return Cell(8 + 9*int(s&1)) }

// baoRowSeeds returns the seeds in side s's eight pits.
func baoRowSeeds(p *Position, s Side) int { return rowSum(&p.cells, 9*int(s&1), 8) }

// checkBaoMove does the checks both games share; 0 means the move is a
// sowing of a non-empty pit of the mover's.
func checkBaoMove(p *Position, m Move) Reason {
	switch {
	case p.status != Ongoing:
		return GameOver
	case m.Kind == Swap:
		return SwapUnavailable
	case m.Kind != Sow:
		return NoSuchPit
	case m.Dir != DirNone: // N1: the direction is fixed
		return NeedsNoDirection
	case m.Pit < 1 || m.Pit > 8:
		return NoSuchPit
	case p.cells[baoCell(p.toMove, int(m.Pit))] == 0:
		return EmptyPit
	}
	return 0
}

// ---------------------------------------------------------------------------
// bao-kenya

// kenyaRules: cells follow twoRowLayout(8).
type kenyaRules struct {
	base
	seeds, win   int
	captureSower bool
	// path[me][pit-1] lists the 16 cells a sowing from that pit passes
	// through, in order: the origin (K4) and the opponent's store (K3) left
	// out. A 17th seed starts the list again.
	path [2][8][16]Cell
}

func newKenyaRules(v *Variant, o Options) *kenyaRules {
	r := &kenyaRules{
		base:         base{variant: v, opts: o, layout: twoRowLayout(8)},
		seeds:        optInt(o, "seeds"),
		captureSower: optBool(o, "capture_sower"),
	}
	r.win = 8*r.seeds + 1 // K7: more than half of 16*seeds
	for me := range Side(2) {
		skip := baoStore(1 - me)
		for pit := 1; pit <= 8; pit++ {
			origin := baoCell(me, pit)
			k := 0
			for c := (int(origin) + 1) % 18; k < 16; c = (c + 1) % 18 {
				if Cell(c) != skip && Cell(c) != origin {
					r.path[me][pit-1][k] = Cell(c)
					k++
				}
			}
		}
	}
	return r
}

func (r *kenyaRules) Start() Position {
	p := Position{rules: r}
	for s := range Side(2) {
		for pit := 1; pit <= 8; pit++ {
			p.cells[baoCell(s, pit)] = uint8(r.seeds)
		}
	}
	return p
}

func (r *kenyaRules) AppendMoves(p *Position, buf []Move) []Move {
	if p.status != Ongoing {
		return buf
	}
	c := baoCell(p.toMove, 1)
	for pit := 1; pit <= 8; pit++ {
		if p.cells[c] > 0 { // K3: any non-empty pit of your row
			buf = append(buf, Move{Pit: uint8(pit)})
		}
		c++
	}
	return buf
}

func (r *kenyaRules) Check(p *Position, m Move) error {
	if why := checkBaoMove(p, m); why != 0 {
		return illegal(m, why)
	}
	return nil
}

func (r *kenyaRules) Apply(p *Position, m Move, ev *[]Event) {
	if checkBaoMove(p, m) != 0 {
		return
	}
	me := p.toMove & 1
	c := baoCell(me, int(m.Pit))
	s := int(p.cells[c])
	p.cells[c] = 0
	emit(ev, Event{Kind: EventPickup, Side: me, Cell: c, Count: s})
	path := &r.path[me][m.Pit-1]
	if ev != nil {
		for k := range s {
			x := path[k%16]
			p.cells[x]++
			emit(ev, Event{Kind: EventSow, Side: me, Cell: x})
		}
	} else {
		if laps := uint8(s / 16); laps > 0 {
			for _, x := range path {
				p.cells[x] += laps
			}
		}
		for _, x := range path[:s%16] {
			p.cells[x]++
		}
	}
	last := path[(s-1)%16]
	p.ply++
	own := baoStore(me)
	extraTurn := last == own // K5
	if !extraTurn && last/9 == Cell(me) && p.cells[last] == 1 {
		// K6: the last seed fell into an own pit that was empty; the
		// facing pit's seeds go to the store.
		opp := 16 - last
		if k := p.cells[opp]; k > 0 {
			p.cells[opp] = 0
			p.cells[own] += k
			emit(ev, Event{Kind: EventCapture, Side: me, Cell: opp, Count: int(k)})
			if r.captureSower {
				p.cells[last] = 0
				p.cells[own]++
				emit(ev, Event{Kind: EventCapture, Side: me, Cell: last, Count: 1})
			}
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

func (r *kenyaRules) settle(p *Position, ev *[]Event) {
	if p.status != Ongoing {
		return
	}
	// K7: a majority in a store wins at once.
	switch {
	case int(p.cells[baoStore(South)]) >= r.win:
		p.finish(SouthWon, EndMajority, ev)
		return
	case int(p.cells[baoStore(North)]) >= r.win:
		p.finish(NorthWon, EndMajority, ev)
		return
	}
	// K8: the player to move has no seeds; the other takes his own.
	me := p.toMove & 1
	if baoRowSeeds(p, me) > 0 {
		return
	}
	p.sweepSide(1-me, 1-me, ev)
	p.decideByStores(EndNoMoves, ev)
}

// ---------------------------------------------------------------------------
// bao-laps

// maxRelayLaps bounds the cost of one move of the relay games (bao-laps,
// bao-kujifunza, bao): a move still relaying after this many laps is treated as
// never-ending (R2), without waiting for Brent's algorithm to close the
// cycle. docs/sources/bao-rules.md asks for no cap, since real cycles are long
// (up to 283,488 laps within the first 8 plies of bao-laps); this one is more
// than three times longer than any cycle found from the default starts, but a
// position with many more seeds (reachable deep in a search, or loaded from
// JSON) can relay for hundreds of millions of laps, which would stall the bot
// for minutes. So every move costs at most about 50 ms, and the choice is ours,
// documented here and in docs/variants.md.
var maxRelayLaps = 1 << 20 // a variable only so that a test can lower it

type infinitePolicy uint8

const (
	infiniteDraw infinitePolicy = iota
	infiniteLoss
	infiniteIllegal
)

// infiniteOption reads the option "infinite" (draw, loss, illegal).
func infiniteOption(o Options) infinitePolicy {
	switch o["infinite"] {
	case "loss":
		return infiniteLoss
	case "illegal":
		return infiniteIllegal
	}
	return infiniteDraw
}

// finish ends the game after mover's never-ending move, which was not
// carried out (R2): the mover loses with infinite=loss, else it is a draw.
func (pol infinitePolicy) finish(p *Position, mover Side, ev *[]Event) {
	if pol == infiniteLoss {
		p.finish(Won(1-mover), EndNeverEnding, ev)
		return
	}
	p.finish(Draw, EndNeverEnding, ev)
}

// lapsRules: cells follow twoRowLayout(8). Sowing runs round the ring of 16
// pits: ring index i is South pit i+1 for i < 8 and North pit i-7 after, so
// ring index i faces 15-i. The fast path holds the ring as two words, the
// bytes of cells 0..7 (South's pits) and of cells 9..16 (North's): a word's
// byte cannot carry, since a position holds at most 255 seeds.
type lapsRules struct {
	base
	seeds                    int
	captureSower, skipOrigin bool
	infinite                 infinitePolicy
}

// baoRing holds the 16 pits of a bao-laps position as two words.
type baoRing [2]uint64

func (w *baoRing) get(i int) uint64 { return w[i>>3] >> (8 * (i & 7)) & 0xff }
func (w *baoRing) clear(i int)      { w[i>>3] &^= 0xff << (8 * (i & 7)) }

// lapsMask[i][k] has a 1 in the byte of each of the k ring pits after ring
// index i (k = 16 includes i itself): what sowing k seeds from i adds.
var lapsMask = func() (t [16][17]baoRing) {
	for i := range 16 {
		for k := range 17 {
			for j := 1; j <= k; j++ {
				x := (i + j) & 15
				t[i][k][x>>3] += 1 << (8 * (x & 7))
			}
		}
	}
	return t
}()

const allOnes = 0x0101010101010101

func ringCell(i int) Cell {
	if i < 8 {
		return Cell(i)
	}
	return Cell(i + 1)
}

func (r *lapsRules) RepetitionLimit() int  { return 3 } // L9, R1
func (r *lapsRules) repetitionDraws() bool { return true }

func (r *lapsRules) Start() Position {
	p := Position{rules: r}
	for i := range 16 {
		p.cells[ringCell(i)] = uint8(r.seeds)
	}
	return p
}

// run plays, on the ring w, the sowing of ring index o and its relays (L3,
// L5), skipping o on every lap with skip_origin. It returns the ring index of
// the last seed, or never = true when the move relays for ever (R2), found
// by Brent's algorithm over the states before each pick-up: the pits and the
// pit about to be lifted. w is then left in the middle of the cycle.
func (r *lapsRules) run(w *baoRing, o int) (last int, never bool) {
	saved, savedAt := *w, o
	power, lam := 1, 0
	i := o
	for lap := 0; ; lap++ {
		if lap > maxRelayLaps { // R2, bounded: see maxRelayLaps
			return i, true
		}
		s := int(w.get(i))
		w.clear(i)
		if !r.skipOrigin {
			// Full laps of 16, then the rest (1..16) after i.
			laps, rem := uint64((s-1)>>4), (s-1)&15+1
			mk := &lapsMask[i][rem]
			w[0] += laps*allOnes + mk[0]
			w[1] += laps*allOnes + mk[1]
			i = (i + rem) & 15
		} else {
			// Laps of 15, the origin left out, then the rest (1..15).
			laps, rem := uint64((s-1)/15), (s-1)%15+1
			ob := uint64(1) << (8 * (o & 7))
			w[0] += laps * allOnes
			w[1] += laps * allOnes
			w[o>>3] -= laps * ob
			if d := (o - i) & 15; d == 0 || rem < d {
				mk := &lapsMask[i][rem]
				w[0] += mk[0]
				w[1] += mk[1]
				i = (i + rem) & 15
			} else { // the rest passes the origin
				mk := &lapsMask[i][rem+1]
				w[0] += mk[0]
				w[1] += mk[1]
				w[o>>3] -= ob
				i = (i + rem + 1) & 15
			}
		}
		if w.get(i) == 1 { // C6: the lap ended in an empty pit (L6)
			return i, false
		}
		// L5: relay from i. R2: has this state been seen?
		if i == savedAt && *w == saved {
			return i, true
		}
		if lam++; lam == power {
			saved, savedAt = *w, i
			power, lam = power*2, 0
		}
	}
}

// ringOf reads the ring of p.
func ringOf(p *Position) baoRing {
	return baoRing{binary.LittleEndian.Uint64(p.cells[0:8]), binary.LittleEndian.Uint64(p.cells[9:17])}
}

// endless reports whether side me's pit (1..8) starts a never-ending move.
func (r *lapsRules) endless(p *Position, me Side, pit int) bool {
	w := ringOf(p)
	_, never := r.run(&w, 8*int(me)+pit-1)
	return never
}

// hasBig reports whether a pit of side me's row holds two or more seeds.
func hasBig(p *Position, me Side) bool {
	c := baoCell(me, 1)
	for k := range Cell(8) {
		if p.cells[c+k] >= 2 {
			return true
		}
	}
	return false
}

// why returns the reason m is illegal in p, or 0.
func (r *lapsRules) why(p *Position, m Move) Reason {
	if why := checkBaoMove(p, m); why != 0 {
		return why
	}
	me := p.toMove & 1
	if p.cells[baoCell(me, int(m.Pit))] == 1 && hasBig(p, me) {
		return SingletonPit // L4
	}
	if r.infinite == infiniteIllegal && r.endless(p, me, int(m.Pit)) {
		return NeverEnding // L7, R2 with infinite=illegal
	}
	return 0
}

func (r *lapsRules) AppendMoves(p *Position, buf []Move) []Move {
	if p.status != Ongoing {
		return buf
	}
	me := p.toMove & 1
	big := hasBig(p, me)
	c := baoCell(me, 1)
	for pit := 1; pit <= 8; pit++ {
		switch s := p.cells[c]; {
		case s == 0, s == 1 && big: // L4
		case r.infinite == infiniteIllegal && r.endless(p, me, pit):
		default:
			buf = append(buf, Move{Pit: uint8(pit)})
		}
		c++
	}
	return buf
}

func (r *lapsRules) Check(p *Position, m Move) error {
	if why := r.why(p, m); why != 0 {
		return illegal(m, why)
	}
	return nil
}

func (r *lapsRules) Apply(p *Position, m Move, ev *[]Event) {
	if checkBaoMove(p, m) != 0 {
		return
	}
	me := p.toMove & 1
	o := 8*int(me) + int(m.Pit) - 1
	w := ringOf(p)
	last, never := r.run(&w, o)
	if never {
		if r.infinite == infiniteIllegal {
			return // not a legal move: nothing happens
		}
		// R2: the move is not carried out; it counts and the turn passes.
		p.ply++
		p.toMove = 1 - me
		r.infinite.finish(p, me, ev)
		return
	}
	if ev == nil {
		binary.LittleEndian.PutUint64(p.cells[0:8], w[0])
		binary.LittleEndian.PutUint64(p.cells[9:17], w[1])
	} else {
		// The same move seed by seed, for the events.
		c := ringCell(o)
		s := p.cells[c]
		p.cells[c] = 0
		emit(ev, Event{Kind: EventPickup, Side: me, Cell: c, Count: int(s)})
		i := o
		for {
			for ; s > 0; s-- {
				if i = (i + 1) & 15; r.skipOrigin && i == o {
					i = (i + 1) & 15
				}
				p.cells[ringCell(i)]++
				emit(ev, Event{Kind: EventSow, Side: me, Cell: ringCell(i)})
			}
			c = ringCell(i)
			if s = p.cells[c]; s == 1 {
				break
			}
			p.cells[c] = 0
			emit(ev, Event{Kind: EventRelay, Side: me, Cell: c, Count: int(s)})
		}
	}
	if last>>3 == int(me) {
		// L6: the move ended in an own empty pit: the facing pit's seeds
		// are captured.
		opp, own := ringCell(15-last), baoStore(me)
		if k := p.cells[opp]; k > 0 {
			p.cells[opp] = 0
			p.cells[own] += k
			emit(ev, Event{Kind: EventCapture, Side: me, Cell: opp, Count: int(k)})
			if r.captureSower {
				c := ringCell(last)
				p.cells[c] = 0
				p.cells[own]++
				emit(ev, Event{Kind: EventCapture, Side: me, Cell: c, Count: 1})
			}
		}
	}
	p.ply++
	p.toMove = 1 - me
	r.settle(p, ev)
}

func (r *lapsRules) settle(p *Position, ev *[]Event) {
	if p.status != Ongoing {
		return
	}
	me := p.toMove & 1
	if baoRowSeeds(p, me) == 0 {
		// L8: the other player takes the seeds left in his own row.
		p.sweepSide(1-me, 1-me, ev)
		p.decideByStores(EndNoMoves, ev)
		return
	}
	if r.infinite == infiniteIllegal {
		// R2: a player with no finite move loses.
		var buf [MaxMoves]Move
		if len(r.AppendMoves(p, buf[:0])) == 0 {
			p.finish(Won(1-me), EndNoMoves, ev)
		}
	}
}
