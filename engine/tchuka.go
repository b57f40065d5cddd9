package engine

import "fmt"

// Tchuka Ruma (id "tchuka"), a solitaire (docs/sources/seed-003.md#line-31
// (003:31-46), docs/sources/seed-003.md#line-187 (003:187),
// docs/sources/seed-000.md#line-275 (000:275)): one row of `pits` pits (default
// 4) with `seeds` seeds each (default 2), and the store (the "ruma") to the
// right of the last pit. Any other layout can be given as a position (mancala
// play --from).
//
//   - Sowing: take every seed of a non-empty pit and sow them one by one to
//     the right, into the store too, and on from the leftmost pit again.
//   - Relay: a last seed that lands in an occupied pit lifts that pit's
//     seeds, and sowing goes on from the next cell.
//   - A last seed in the store lets you choose again.
//   - A last seed in an empty pit ends the game: failed.
//   - Goal: every seed in the store: solved.
//
// The position has one side, South, always to move.
func init() {
	register(&Variant{
		ID: "tchuka", Name: "Tchuka Ruma", Players: 1, BoardBytes: SmallBoardBytes,
		Order: 50, Aliases: []string{"tchuka-ruma", "tchukaruma", "чука"},
		Options: []OptionSpec{
			{Name: "pits", Kind: IntOption, Default: "4", Min: 1, Max: MaxPits, Doc: "pits in the row"},
			{Name: "seeds", Kind: IntOption, Default: "2", Min: 1, Max: 15, Doc: "seeds in each pit at the start"},
		},
		build: func(v *Variant, o Options) (Rules, error) {
			n, s := optInt(o, "pits"), optInt(o, "seeds")
			if n*s > 255 {
				return nil, fmt.Errorf("option seeds: %d pits of %d seeds is more than the 255 seeds a board can hold", n, s)
			}
			return &tchukaRules{base: base{variant: v, opts: o, layout: oneRowLayout(n)}, n: n, seeds: s}, nil
		},
	})
}

// tchukaRules: cells 0..n-1 are pits 1..n, cell n is the store.
type tchukaRules struct {
	base
	n, seeds int
}

func (r *tchukaRules) Start() Position {
	p := Position{rules: r}
	for i := range r.n {
		p.cells[i] = uint8(r.seeds)
	}
	return p
}

func (r *tchukaRules) AppendMoves(p *Position, buf []Move) []Move {
	if p.status != Ongoing {
		return buf
	}
	for i, x := range p.cells[:r.n] {
		if x > 0 {
			buf = append(buf, sowMoves[i+1])
		}
	}
	return buf
}

func (r *tchukaRules) Check(p *Position, m Move) error {
	switch {
	case p.status != Ongoing:
		return illegal(m, GameOver)
	case m.Kind == Swap:
		return illegal(m, SwapUnavailable)
	case m.Kind != Sow:
		return illegal(m, NoSuchPit)
	case m.Dir != DirNone || m.Plus:
		return illegal(m, NeedsNoDirection)
	case m.Pit < 1 || int(m.Pit) > r.n:
		return illegal(m, NoSuchPit)
	case p.cells[m.Pit-1] == 0:
		return illegal(m, EmptyPit)
	}
	return nil
}

func (r *tchukaRules) Apply(p *Position, m Move, ev *[]Event) {
	if m.Kind != Sow || m.Pit < 1 || int(m.Pit) > r.n || p.cells[m.Pit-1] == 0 {
		return
	}
	c := int(m.Pit) - 1
	s := p.cells[c]
	p.cells[c] = 0
	emit(ev, Event{Kind: EventPickup, Cell: Cell(c), Count: int(s)})
	for {
		for ; s > 0; s-- {
			if c++; c > r.n {
				c = 0
			}
			p.cells[c]++
			emit(ev, Event{Kind: EventSow, Cell: Cell(c)})
		}
		if c != r.n && p.cells[c] > 1 {
			s = p.cells[c]
			p.cells[c] = 0
			emit(ev, Event{Kind: EventRelay, Cell: Cell(c), Count: int(s)})
			continue
		}
		break
	}
	p.ply++
	if c != r.n {
		p.finish(Failed, EndStranded, ev)
		return
	}
	r.settle(p, ev)
	if p.status == Ongoing {
		emit(ev, Event{Kind: EventExtraTurn})
	}
}

func (r *tchukaRules) settle(p *Position, ev *[]Event) {
	if p.status != Ongoing {
		return
	}
	for _, x := range p.cells[:r.n] {
		if x != 0 {
			return
		}
	}
	p.finish(Solved, EndCleared, ev)
}
