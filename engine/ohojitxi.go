package engine

import (
	"encoding/json"
	"fmt"
)

// Ohojitxi (id "ohojitxi"; Ohojichi, Côte d'Ivoire). Rating: reconstructed,
// from the seed author himself: the Habr article
// (docs/sources/seed-003.md#line-189 (003:189-234)), the catalog line
// docs/sources/seed-000.md#line-279 (000:279), and his Zillions/Axiom code
// (DagazProject ZRF Ohojitxi/, with Mancala World's rule text). Rule numbers
// are those of docs/sources/more-games-rules.md section 5.
//
//   - O1 Board: a 2x6 board turned lengthwise
//     (docs/sources/seed-003.md#line-192 (003:192)): two files and six ranks.
//     Each player owns the 3x2 block nearest him, six pits that form his own
//     loop; a sowing never leaves it. Numbering, from the owner's seat: 1
//     near-left, 2 near-right, 3 middle-right, 4 far-right, 5 far-left, 6
//     middle-left; sowing runs 1, 2, 3, 4, 5, 6, 1 (counter-clockwise). Across
//     the centre line South's pit 4 touches North's pit 5 and South's 5 North's
//     4 (for drawing only).
//   - O2 4 seeds in every pit, 24 a side. South moves first [choice, as the
//     author's code].
//   - O3 A move: a non-empty pit of one's own; its seeds are sown one by
//     one round one's own loop from the next pit, in one lap (no relay). A
//     pile of 6 or more puts a seed into the emptied pit as it passes.
//   - O4 Capture: if the last seed makes its pit hold exactly 4, those 4
//     are captured; then, going backwards round the loop (against the
//     sowing) from that pit, each preceding pit holding exactly 4 is
//     captured too, up to the first that does not (a contiguous chain, at
//     most the six pits).
//   - O5 The drop: the captured seeds all go into one pit of the opponent
//     chosen by the capturer, as a second ply of his: after the capturing
//     sowing the same player is to move, with the seeds in hand (extra.drop),
//     and his only moves are drops, written 6+j for the opponent's pit j
//     (convention C2): "9" drops into the opponent's pit 3, empty or not.
//     Not into the pit of this player's previous drop (extra.last_drop;
//     docs/sources/seed-003.md#line-196 (003:196),
//     docs/sources/seed-003.md#line-224 (003:224) "он не может каждый раз
//     выбирать одну и ту же лунку"). A sowing while seeds are to be dropped is
//     refused (DropPending), so is the pit of the previous drop (SameDropPit).
//   - O6 Without a capture the turn passes.
//   - O7 Win: the player whose own six pits are empty after his drop wins
//     (docs/sources/seed-003.md#line-194 (003:194): whoever first gets rid of
//     all his seeds). Only a capturer loses seeds, so only he can win; a player
//     never has to move with an empty side.
//   - O8 The third occurrence of a position (C6: same pits, side to move and
//     extra) is a draw [choice]. Games are long: the author's program
//     averages about 500 plies against itself
//     (docs/sources/seed-003.md#line-234 (003:234)).
//
// Position JSON: stores are always 0 (the layout has none: captures are
// dropped at once); extra = {"drop": n, "last_drop": {"south": j, "north":
// j}}, drop being the seeds the side to move holds to drop (0: none), and
// last_drop each side's previous drop (0: none yet). Seeds are conserved
// counting the drop (Position.Hand of the side to move, and Seeds).
//
// Cells: South's pits 1..6 are cells 0..5, North's 6..11. Drawn from
// South's seat on six ranks and two files (Row, Col): North's block on top,
// South's at the bottom, each in its owner's numbering as seen from his
// own seat.
//
// aux: [0] the drop in hand, [1] and [2] South's and North's last drop.
func init() {
	register(&Variant{
		ID: "ohojitxi", Name: "Ohojitxi", Players: 2, BoardBytes: SmallBoardBytes,
		Order: 120, Aliases: []string{"ohojichi"},
		build: func(v *Variant, o Options) (Rules, error) {
			return &ohojitxiRules{base: base{variant: v, opts: o, layout: ohojitxiLayout()}}, nil
		},
	})
}

// ohojitxiPlace is where pits 1..6 of the side at the bottom are drawn
// (row, column) on the 6x2 board seen from that side's seat.
var ohojitxiPlace = [7][2]int{{}, {5, 0}, {5, 1}, {4, 1}, {3, 1}, {3, 0}, {4, 0}}

// ohojitxiLayout is the turned board (O1): no stores.
func ohojitxiLayout() *Layout {
	l := &Layout{Sides: 2, Pits: 6, Rows: 6, Cols: 2}
	for _, s := range []Side{South, North} {
		for pit := 1; pit <= 6; pit++ {
			row, col := ohojitxiPlace[pit][0], ohojitxiPlace[pit][1]
			if s == North {
				row, col = 5-row, 1-col
			}
			l.Cells = append(l.Cells, CellInfo{Owner: s, Kind: PitCell, Pit: pit, Row: row, Col: col})
		}
	}
	return l.index()
}

type ohojitxiRules struct {
	base
}

const (
	ohoDrop = 0 // aux index: the seeds to drop
	ohoLast = 1 // aux index of South's last drop; North's is ohoLast+1
)

func (r *ohojitxiRules) RepetitionLimit() int { return 3 }

func (r *ohojitxiRules) Start() Position {
	p := Position{rules: r}
	for c := range 12 {
		p.cells[c] = 4
	}
	return p
}

// standing is South's lead in a game under way (Position.StandingMargin):
// the aim is to shed one's seeds (O7), so a side holds the seeds in its
// pits and those the other side has in hand to drop on it (O5), and the
// side holding fewer is ahead by the difference.
func (r *ohojitxiRules) standing(p Position) int {
	held := func(s Side) int { return p.PitSeeds(s) + r.hand(p, 1-s) }
	return held(North) - held(South)
}

func (r *ohojitxiRules) hand(p Position, s Side) int {
	if s != p.toMove {
		return 0
	}
	return int(p.aux[ohoDrop])
}

// endRepeated is O8: the third occurrence is a draw, the seeds where they
// are.
func (r *ohojitxiRules) endRepeated(p *Position, ev *[]Event) {
	p.finish(Draw, EndRepetition, ev)
}

func (r *ohojitxiRules) AppendMoves(p *Position, buf []Move) []Move {
	if p.status != Ongoing {
		return buf
	}
	me := p.toMove & 1
	if p.aux[ohoDrop] > 0 {
		last := int(p.aux[ohoLast+int(me)])
		for j := 1; j <= 6; j++ {
			if j != last {
				buf = append(buf, sowMoves[6+j])
			}
		}
		return buf
	}
	for i := 1; i <= 6; i++ {
		if p.cells[6*int(me)+i-1] != 0 {
			buf = append(buf, sowMoves[i])
		}
	}
	return buf
}

func (r *ohojitxiRules) Check(p *Position, m Move) error {
	switch {
	case p.status != Ongoing:
		return illegal(m, GameOver)
	case m.Kind == Swap:
		return illegal(m, SwapUnavailable)
	case m.Kind != Sow:
		return illegal(m, NoSuchPit)
	case m.Dir != DirNone || m.Plus:
		return illegal(m, NeedsNoDirection)
	case m.Pit < 1 || m.Pit > 12:
		return illegal(m, NoSuchPit)
	}
	me := p.toMove & 1
	if p.aux[ohoDrop] > 0 {
		switch {
		case m.Pit <= 6:
			return illegal(m, DropPending)
		case int(m.Pit)-6 == int(p.aux[ohoLast+int(me)]):
			return illegal(m, SameDropPit)
		}
		return nil
	}
	switch {
	case m.Pit > 6: // nothing to drop: there is no such move
		return illegal(m, NoSuchPit)
	case p.cells[6*int(me)+int(m.Pit)-1] == 0:
		return illegal(m, EmptyPit)
	}
	return nil
}

func (r *ohojitxiRules) Apply(p *Position, m Move, ev *[]Event) {
	if m.Kind != Sow || m.Pit < 1 || m.Pit > 12 {
		return
	}
	me := p.toMove & 1
	o := 6 * int(me) // the mover's first cell
	if n := p.aux[ohoDrop]; n > 0 {
		if m.Pit <= 6 {
			return
		}
		j := int(m.Pit) - 6
		c := Cell(6*int(1-me) + j - 1)
		p.cells[c] += n
		if ev != nil {
			for range n {
				emit(ev, Event{Kind: EventSow, Side: me, Cell: c})
			}
		}
		p.aux[ohoDrop] = 0
		p.aux[ohoLast+int(me)] = uint8(j)
		p.ply++
		p.toMove = 1 - me
		r.settle(p, ev)
		return
	}
	if m.Pit > 6 {
		return
	}
	i := int(m.Pit) - 1 // index in the loop, 0..5
	n := int(p.cells[o+i])
	if n == 0 {
		return
	}
	p.cells[o+i] = 0
	emit(ev, Event{Kind: EventPickup, Side: me, Cell: Cell(o + i), Count: n})
	for ; n > 0; n-- {
		i = (i + 1) % 6
		p.cells[o+i]++
		emit(ev, Event{Kind: EventSow, Side: me, Cell: Cell(o + i)})
	}
	p.ply++
	if p.cells[o+i] != 4 { // O6
		p.toMove = 1 - me
		r.settle(p, ev)
		return
	}
	// O4: the chain backwards from the last pit.
	taken := 0
	for k := 0; k < 6 && p.cells[o+i] == 4; k++ {
		emit(ev, Event{Kind: EventCapture, Side: me, Cell: Cell(o + i), Count: 4})
		p.cells[o+i] = 0
		taken += 4
		i = (i + 5) % 6
	}
	p.aux[ohoDrop] = uint8(taken) // O5: the drop is the next ply
	emit(ev, Event{Kind: EventExtraTurn, Side: me})
}

// settle is O7: with no drop pending, a side whose six pits are empty has
// won (the side that just dropped first; the other only in a set-up
// position).
func (r *ohojitxiRules) settle(p *Position, ev *[]Event) {
	if p.status != Ongoing || p.aux[ohoDrop] > 0 {
		return
	}
	for _, s := range []Side{1 - p.toMove&1, p.toMove & 1} {
		if rowSum(&p.cells, 6*int(s), 6) == 0 {
			p.finish(Won(s), EndEmptySide, ev)
			return
		}
	}
}

func (r *ohojitxiRules) extra(p *Position) map[string]any {
	return map[string]any{
		"drop":      int(p.aux[ohoDrop]),
		"last_drop": sideMap([]int{int(p.aux[ohoLast]), int(p.aux[ohoLast+1])}),
	}
}

func (r *ohojitxiRules) setExtra(p *Position, extra map[string]json.RawMessage) error {
	p.aux = [8]uint8{}
	for k, raw := range extra {
		switch k {
		case "drop":
			var n int
			if err := json.Unmarshal(raw, &n); err != nil || n < 0 || n > 24 || n%4 != 0 {
				return fmt.Errorf("extra.drop: want 0, 4, 8, ... 24 seeds to drop")
			}
			p.aux[ohoDrop] = uint8(n)
		case "last_drop":
			var h struct{ South, North *int }
			if err := json.Unmarshal(raw, &h); err != nil || h.South == nil || h.North == nil ||
				*h.South < 0 || *h.South > 6 || *h.North < 0 || *h.North > 6 {
				return fmt.Errorf("extra.last_drop: want {\"south\": j, \"north\": j} with 0 <= j <= 6")
			}
			p.aux[ohoLast], p.aux[ohoLast+1] = uint8(*h.South), uint8(*h.North)
		default:
			return fmt.Errorf("extra.%s: ohojitxi keeps drop and last_drop", k)
		}
	}
	return nil
}
