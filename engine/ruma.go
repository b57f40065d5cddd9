package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Ruma (id "ruma"; Dead Pan, Pass It On, "Калах на четверых"): four seats
// around a square board (docs/sources/more-games-rules.md §4; faithful for four
// players, reconstructed for two).
//
// Board
//
//  1. A square board; on each side a row of 6 pockets and, at the row's
//     right end, its owner's store, the ruma; in front of each row a
//     penalty pit. The seats, counter-clockwise: South, East, North, West.
//     Each seat numbers its pockets 1..6 from its own left. The sowing
//     cycle is 28 cells: South's pockets 1..6, South's ruma, East's pockets
//     and ruma, North's, West's, then South's pocket 1 again.
//  2. Start: `seeds` seeds in every pocket (4, the default; 2 or 3);
//     rumas and penalty pits empty.
//  3. Seats: `players=4` (the default), one player a seat; `players=2`:
//     one player holds South and North, the other East and West. (Three
//     people play four seats with one holding two; players=3 is refused.)
//  4. Turn order: South, East, North, West, South... (not [Side.Next]'s
//     order: see [RumaNext]). South moves first [choice: the source draws
//     lots]. Seats that are out are skipped.
//
// A move
//
//  5. The seat to move takes every seed of one of its non-empty pockets
//     and sows them one by one counter-clockwise from the next cell, a
//     seed going into every ruma passed, its own and the others'. One lap
//     only: 28 seeds or more sow the origin pocket like any other cell
//     [choice].
//  6. Legal only when the last seed lands in a ruma or in a pocket (of any
//     row) that then holds at least 2 seeds; a move whose last seed would
//     lie alone is refused with [LoneSeed].
//  7. No captures; a last seed in a ruma gives no extra turn [choice].
//
// Passes, penalties, end
//
//  8. Empty row wins: a seat whose move empties its own six pockets wins
//     (players=2: its player wins) [EndEmptySide].
//  9. Forced pass: a seat whose turn comes with no legal move passes (no
//     ply, no move) and takes a penalty point; one seed moves from its ruma
//     to its penalty pit, if the ruma has one (an empty ruma: the point
//     only [choice]). Events: [EventPenalty]. Then the next seat's turn.
//  10. Elimination: a seat whose penalty points reach `penalty_limit` is
//     out ([EventOut]): it never moves again, its row and ruma stay on the
//     board and still receive seeds [choice]. When one seat is left it
//     wins [EndSeatOut]. With players=2 a seat going out loses the game for
//     its player at once [choice].
//  11. The game always ends: no repetition rule.
//
// Option `penalty_limit`: a default that depends on another option. Its
// default is 12, but 6 when seeds=2 and penalty_limit is not given
// (docs/sources/seed-000.md#line-868 (000:868); 12 for seeds=3 [choice]):
// [Variant.Resolve] fills it in so (see Variant.fill), and [Rules.Options] and
// the position JSON always show the number in force. An explicit value always
// stands.
//
// A seat leaves with [Position.Leave] (it resigns): it is out, its seeds
// stay, the turn passes on if it was its turn; the game ends when one seat
// is left, and with players=2 leaving loses the game for the player.
//
// Status: south_won, east_won, north_won or west_won name the winning seat
// (players=2: south_won is the player holding South and North, east_won
// the one holding East and West). No draws.
//
// Cells: 0..27 the sowing cycle (South pockets 0..5, South's ruma 6, East
// 7..13, North 14..20, West 21..27), then the penalty pits of South, East,
// North and West (28..31, [PenaltyCell]). Seeds are conserved as pockets,
// rumas and penalty pits.
//
// Position JSON: pits and stores by seat name, and
// extra.penalty (points by seat), extra.penalty_pits (seeds by seat) and
// extra.out (the seats that are out, in turn order).
//
// aux[0..3]: the penalty points of each Side (indexed by Side); aux[4]: the
// seats that are out, bit 1<<Side.
func init() {
	v := &Variant{
		ID: "ruma", Name: "Ruma", Players: 4, BoardBytes: LargeBoardBytes,
		Order: 170, Aliases: []string{"dead-pan", "рума"},
		Options: []OptionSpec{
			{Name: "players", Kind: IntOption, Default: "4", Min: 2, Max: 4, Doc: "2 or 4 (3 is refused): 4, one player a seat; 2, one holds South and North, the other East and West"},
			{Name: "seeds", Kind: IntOption, Default: "4", Min: 2, Max: 4, Doc: "seeds in each pocket at the start"},
			{Name: "penalty_limit", Kind: IntOption, Default: "12", Min: 1, Max: 40, Doc: "penalty points that put a seat out (when not given: 12, or 6 with 2 seeds)"},
		},
		build: func(v *Variant, o Options) (Rules, error) {
			if o["players"] == "3" {
				return nil, fmt.Errorf("option players: 3 is not offered (2 or 4; three people play four seats, one holding two)")
			}
			r := &rumaRules{base: base{variant: v, opts: o, layout: rumaLayout()}}
			r.two = o["players"] == "2"
			r.seeds = uint8(optInt(o, "seeds"))
			r.limit = uint8(optInt(o, "penalty_limit"))
			return r, nil
		},
	}
	v.fill = func(given, o Options) {
		if _, ok := given["penalty_limit"]; !ok && o["seeds"] == "2" {
			o["penalty_limit"] = "6"
		}
	}
	register(v)
}

// rumaSeats lists the seats in turn (and sowing) order.
var rumaSeats = [4]Side{South, East, North, West}

// rumaTurn is each Side's place in the turn order.
var rumaTurn = [4]uint8{South: 0, East: 1, North: 2, West: 3}

// RumaNext returns the seat after s in Ruma's turn order (South, East,
// North, West), not skipping seats that are out.
func RumaNext(s Side) Side { return rumaSeats[(rumaTurn[s&3]+1)&3] }

const (
	rumaCycle   = 28
	rumaAuxOut  = 4
	rumaPenalty = rumaCycle // first penalty pit cell
)

// rumaBase is the cell of s's pocket 1; its ruma is rumaBase(s)+6.
func rumaBase(s Side) int { return 7 * int(rumaTurn[s&3]) }

func rumaStore(s Side) Cell  { return Cell(rumaBase(s) + 6) }
func rumaPenPit(s Side) Cell { return Cell(rumaPenalty + int(rumaTurn[s&3])) }

// teamOf maps a seat to the seat naming its player with players=2: South
// for South and North, East for East and West.
var teamOf = [4]Side{South: South, North: South, East: East, West: East}

// rumaLayout places the cells on an 8x8 grid seen from South: South's row
// along the bottom (row 7, columns 1..6, left to right) with its ruma in
// the bottom-right corner, East's up the right edge (column 7, rows 6..1),
// North's along the top right to left, West's down the left edge; the
// penalty pits inside the square in front of their rows.
func rumaLayout() *Layout {
	l := &Layout{Sides: 4, Pits: 6, Rows: 8, Cols: 8}
	for _, s := range rumaSeats {
		for i := 1; i <= 6; i++ {
			r, c := rumaRotate(s, 7, i)
			l.Cells = append(l.Cells, CellInfo{Owner: s, Kind: PitCell, Pit: i, Row: r, Col: c})
		}
		r, c := rumaRotate(s, 7, 7)
		l.Cells = append(l.Cells, CellInfo{Owner: s, Kind: StoreCell, Row: r, Col: c})
	}
	for _, s := range rumaSeats {
		r, c := rumaRotate(s, 6, 3)
		l.Cells = append(l.Cells, CellInfo{Owner: s, Kind: PenaltyCell, Row: r, Col: c})
	}
	return l.index()
}

// rumaRotate turns South's (row, col) on the 8x8 grid to seat s's place:
// a quarter turn counter-clockwise per seat after South.
func rumaRotate(s Side, r, c int) (int, int) {
	for range rumaTurn[s&3] {
		r, c = 7-c, r
	}
	return r, c
}

type rumaRules struct {
	base
	two   bool
	seeds uint8
	limit uint8
}

func (r *rumaRules) Start() Position {
	p := Position{rules: r}
	for _, s := range rumaSeats {
		b := rumaBase(s)
		for i := range 6 {
			p.cells[b+i] = r.seeds
		}
	}
	return p
}

func (r *rumaRules) out(p *Position, s Side) bool { return p.aux[rumaAuxOut]>>s&1 != 0 }

// legal reports whether sowing pocket i (1..6) of s is legal: non-empty and
// the last seed not alone (rule 6).
func rumaLegal(p *Position, s Side, i int) bool {
	c := rumaBase(s) + i - 1
	n := int(p.cells[c])
	if n == 0 {
		return false
	}
	last := (c + n) % rumaCycle
	if last%7 == 6 { // a ruma
		return true
	}
	before := int(p.cells[last])
	if last == c {
		before = 0
	}
	return before+(n-1)/rumaCycle+1 >= 2
}

func (r *rumaRules) AppendMoves(p *Position, buf []Move) []Move {
	if p.status != Ongoing {
		return buf
	}
	for i := 1; i <= 6; i++ {
		if rumaLegal(p, p.toMove, i) {
			buf = append(buf, sowMoves[i])
		}
	}
	return buf
}

func (r *rumaRules) canMove(p *Position, s Side) bool {
	for i := 1; i <= 6; i++ {
		if rumaLegal(p, s, i) {
			return true
		}
	}
	return false
}

func (r *rumaRules) Check(p *Position, m Move) error {
	switch {
	case p.status != Ongoing:
		return illegal(m, GameOver)
	case m.Kind != Sow:
		return illegal(m, NoSuchPit)
	case m.Dir != DirNone || m.Plus:
		return illegal(m, NeedsNoDirection)
	case m.Pit < 1 || m.Pit > 6:
		return illegal(m, NoSuchPit)
	case p.cells[rumaBase(p.toMove)+int(m.Pit)-1] == 0:
		return illegal(m, EmptyPit)
	case !rumaLegal(p, p.toMove, int(m.Pit)):
		return illegal(m, LoneSeed)
	}
	return nil
}

func (r *rumaRules) Apply(p *Position, m Move, ev *[]Event) {
	me := p.toMove
	if p.status != Ongoing || m.Kind != Sow || m.Pit < 1 || m.Pit > 6 {
		return
	}
	c := rumaBase(me) + int(m.Pit) - 1
	n := int(p.cells[c])
	if n == 0 {
		return
	}
	p.cells[c] = 0
	emit(ev, Event{Kind: EventPickup, Side: me, Cell: Cell(c), Count: n})
	if ev != nil {
		for k := 1; k <= n; k++ {
			x := Cell((c + k) % rumaCycle)
			p.cells[x]++
			emit(ev, Event{Kind: EventSow, Side: me, Cell: x})
		}
	} else {
		if laps := n / rumaCycle; laps > 0 {
			for x := range rumaCycle {
				p.cells[x] += uint8(laps)
			}
			n -= laps * rumaCycle
		}
		for k := 1; k <= n; k++ {
			p.cells[(c+k)%rumaCycle]++
		}
	}
	p.ply++
	if rowSum(&p.cells, rumaBase(me), 6) == 0 { // rule 8
		p.finish(r.won(me), EndEmptySide, ev)
		return
	}
	r.advance(p, me, ev)
}

// playerMargin is Position.FinalMargin with players=2: the margin of the
// player holding South and North (ok false with players=4, where the
// seats play for themselves). A finished game is all the seeds for its
// winner (rules 8, 10; there are no draws). Under way the aim (rule 8) is
// to empty a row: a player is as near to it as its seat with fewer seeds
// on its row, and the player whose nearer seat has fewer leads by the
// difference.
func (r *rumaRules) playerMargin(p Position) (int, bool) {
	if !r.two {
		return 0, false
	}
	switch p.Status() {
	case SouthWon:
		return p.Seeds(), true
	case EastWon:
		return -p.Seeds(), true
	}
	return min(p.PitSeeds(East), p.PitSeeds(West)) - min(p.PitSeeds(South), p.PitSeeds(North)), true
}

// won is the status of a game won by seat s (its player's, players=2).
func (r *rumaRules) won(s Side) Status {
	if r.two {
		return Won(teamOf[s])
	}
	return Won(s)
}

// lost is the status of a game lost by seat s's player with players=2.
func lostTwo(s Side) Status {
	if teamOf[s] == South {
		return EastWon
	}
	return SouthWon
}

// advance gives the turn to the seat after from that is still in, making
// every seat without a legal move pass with a penalty (rules 9 and 10).
func (r *rumaRules) advance(p *Position, from Side, ev *[]Event) {
	s := from
	for {
		s = r.nextIn(p, s)
		if r.canMove(p, s) {
			p.toMove = s
			return
		}
		p.aux[s]++
		st, pen := rumaStore(s), rumaPenPit(s)
		k := 0
		if p.cells[st] > 0 {
			p.cells[st]--
			p.cells[pen]++
			k = 1
		}
		emit(ev, Event{Kind: EventPenalty, Side: s, Cell: pen, Count: k})
		if p.aux[s] >= r.limit {
			p.toMove = s
			if r.goOut(p, s, ev) {
				return
			}
		}
	}
}

// goOut puts seat s out and ends the game if that decides it; it reports
// whether the game is over.
func (r *rumaRules) goOut(p *Position, s Side, ev *[]Event) bool {
	p.aux[rumaAuxOut] |= 1 << s
	emit(ev, Event{Kind: EventOut, Side: s})
	if r.two {
		p.finish(lostTwo(s), EndSeatOut, ev)
		return true
	}
	if last, ok := r.lastIn(p); ok {
		p.toMove = last
		p.finish(Won(last), EndSeatOut, ev)
		return true
	}
	return false
}

// nextIn returns the first seat after s in turn order that is not out
// (s itself if every other seat is).
func (r *rumaRules) nextIn(p *Position, s Side) Side {
	for range 4 {
		s = RumaNext(s)
		if !r.out(p, s) {
			return s
		}
	}
	return s
}

// lastIn returns the only seat still in, if there is exactly one.
func (r *rumaRules) lastIn(p *Position) (Side, bool) {
	in := ^p.aux[rumaAuxOut] & 15
	if in == 0 || in&(in-1) != 0 {
		return 0, false
	}
	for s := range Side(4) {
		if in>>s&1 != 0 {
			return s, true
		}
	}
	return 0, false
}

func (r *rumaRules) settle(p *Position, ev *[]Event) {
	if p.status != Ongoing {
		return
	}
	for _, s := range rumaSeats {
		if !r.out(p, s) && rowSum(&p.cells, rumaBase(s), 6) == 0 {
			p.finish(r.won(s), EndEmptySide, ev)
			return
		}
	}
	if p.aux[rumaAuxOut] != 0 && r.two {
		for _, s := range rumaSeats {
			if r.out(p, s) {
				p.finish(lostTwo(s), EndSeatOut, ev)
				return
			}
		}
	}
	if last, ok := r.lastIn(p); ok {
		p.finish(Won(last), EndSeatOut, ev)
	}
}

// leave takes seat s out (it resigns): Position.Leave.
func (r *rumaRules) leave(p *Position, s Side, ev *[]Event) error {
	switch {
	case p.status != Ongoing:
		return fmt.Errorf("ruma: the game is over")
	case s > West:
		return fmt.Errorf("ruma: %s is not a seat", s)
	case r.out(p, s):
		return fmt.Errorf("ruma: %s is already out", s)
	}
	if r.goOut(p, s, ev) {
		return nil
	}
	if p.toMove == s {
		r.advance(p, s, ev)
	}
	return nil
}

// Penalties returns seat s's penalty points in a Ruma position (0 for
// other games).
func (p Position) Penalties(s Side) int {
	if _, ok := p.rules.(*rumaRules); !ok || s > West {
		return 0
	}
	return int(p.aux[s])
}

// Out reports whether seat s is out of a game of more than two seats
// (Ruma: eliminated by penalties, or left); false for other games.
func (p Position) Out(s Side) bool {
	r, ok := p.rules.(*rumaRules)
	return ok && s <= West && r.out(&p, s)
}

// rumaSideInts is a JSON object of four numbers by seat name, in turn
// order.
type rumaSideInts [4]int // indexed by Side

func (v rumaSideInts) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, s := range rumaSeats {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote(s.String()) + ":" + strconv.Itoa(v[s]))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func (r *rumaRules) extra(p *Position) map[string]any {
	var pen, pits rumaSideInts
	out := []string{}
	for _, s := range rumaSeats {
		pen[s], pits[s] = int(p.aux[s]), int(p.cells[rumaPenPit(s)])
		if r.out(p, s) {
			out = append(out, s.String())
		}
	}
	return map[string]any{"penalty": pen, "penalty_pits": pits, "out": out}
}

func (r *rumaRules) setExtra(p *Position, extra map[string]json.RawMessage) error {
	total := 0
	for c := range rumaCycle {
		total += int(p.cells[c])
	}
	sides := func(k string, raw json.RawMessage, f func(s Side, n int) error) error {
		var m map[string]int
		if err := json.Unmarshal(raw, &m); err != nil {
			return fmt.Errorf("extra.%s: want an object of numbers by seat", k)
		}
		for name, n := range m {
			s, err := ParseSide(name)
			if err != nil {
				return fmt.Errorf("extra.%s.%s: not a seat", k, name)
			}
			if n < 0 {
				return fmt.Errorf("extra.%s.%s: %d is negative", k, name, n)
			}
			if err := f(s, n); err != nil {
				return fmt.Errorf("extra.%s.%s: %w", k, name, err)
			}
		}
		return nil
	}
	for k, raw := range extra {
		var err error
		switch k {
		case "penalty":
			err = sides(k, raw, func(s Side, n int) error {
				if n > int(r.limit) {
					return fmt.Errorf("%d is past the limit %d", n, r.limit)
				}
				p.aux[s] = uint8(n)
				return nil
			})
		case "penalty_pits":
			err = sides(k, raw, func(s Side, n int) error {
				if n > 255 {
					return fmt.Errorf("too many seeds")
				}
				p.cells[rumaPenPit(s)] = uint8(n)
				return nil
			})
		case "out":
			var names []string
			if err := json.Unmarshal(raw, &names); err != nil {
				return fmt.Errorf("extra.out: want a list of seat names")
			}
			for _, name := range names {
				s, err := ParseSide(name)
				if err != nil {
					return fmt.Errorf("extra.out: %q is not a seat", name)
				}
				p.aux[rumaAuxOut] |= 1 << s
			}
		default:
			return fmt.Errorf("extra.%s: unknown key (known: penalty, penalty_pits, out)", k)
		}
		if err != nil {
			return err
		}
	}
	for _, s := range rumaSeats {
		total += int(p.cells[rumaPenPit(s)])
		if p.aux[s] >= r.limit {
			p.aux[rumaAuxOut] |= 1 << s // reached the limit: out
		}
	}
	if total > 255 {
		return fmt.Errorf("extra.penalty_pits: more than 255 seeds on the board")
	}
	if p.status == Ongoing {
		q := *p
		if r.settle(&q, nil); q.status == Ongoing {
			switch {
			case r.out(p, p.toMove):
				return fmt.Errorf("to_move: %s is out", p.toMove)
			case !r.canMove(p, p.toMove):
				return fmt.Errorf("to_move: %s has no legal move (it passes: give the seat that moves next)", p.toMove)
			}
		}
	}
	return nil
}

// squareString draws a Ruma position as text (Position.String), seen from
// South: the 8x8 grid of the layout, pockets, rumas in the corners and the
// penalty pits inside, then the penalties.
func (p Position) squareString() string {
	l := p.rules.Layout()
	grid := [8][8]string{}
	for i, ci := range l.Cells {
		if ci.Row >= 0 && ci.Row < 8 && ci.Col >= 0 && ci.Col < 8 {
			s := fmt.Sprintf("%3d", p.cells[i])
			switch ci.Kind {
			case StoreCell:
				s = fmt.Sprintf("[%2d]", p.cells[i])[:4]
			case PenaltyCell:
				s = fmt.Sprintf("(%d)", p.cells[i])
			}
			grid[ci.Row][ci.Col] = s
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s ply %d: ", p.rules.Variant().ID, p.ply)
	if p.status == Ongoing {
		fmt.Fprintf(&b, "%s to move\n", p.toMove)
	} else {
		fmt.Fprintf(&b, "%s (%s)\n", p.status, p.reason)
	}
	for _, row := range grid {
		var line strings.Builder
		for _, s := range row {
			fmt.Fprintf(&line, "%5s", s)
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	b.WriteString("penalties:")
	for _, s := range rumaSeats {
		fmt.Fprintf(&b, " %s %d", s, p.aux[s])
		if p.aux[rumaAuxOut]>>s&1 != 0 {
			b.WriteString(" (out)")
		}
	}
	b.WriteByte('\n')
	return b.String()
}

// TurnOrder returns the seats of a game under r in turn order, the first
// mover first: South, North for two players (South alone for a solitaire),
// and South, East, North, West for Ruma. A seat that is out ([Position.Out])
// is skipped when its turn comes.
func TurnOrder(r Rules) []Side {
	if _, ok := r.(*rumaRules); ok {
		return rumaSeats[:]
	}
	out := []Side{South, North}
	return out[:min(max(r.Layout().Sides, 1), 2)]
}

// Partner returns the other seat held by the same player, for games in
// which one player holds two seats (Ruma with players=2: South with North,
// East with West); false otherwise.
func Partner(r Rules, s Side) (Side, bool) {
	if x, ok := r.(*rumaRules); ok && x.two && s <= West {
		return s ^ 1, true
	}
	return 0, false
}
