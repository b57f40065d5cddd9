package search

import (
	"encoding/json"
	"math/bits"

	"github.com/mancala-bot/mancala/engine"
)

// pkey identifies a position for the transposition tables and the
// repetition rule: two independent 64-bit hashes of its cells, the side to
// move and the variant state kept outside the cells. A collision needs both
// to agree by chance (about 2^-128).
//
// The engine keeps the variant state (Kalah's pie rule, Togyz tuzdyks) in
// unexported fields, so the search tracks it along its lines with the
// exported API (see auxTracker). An exported Position.Key in the engine
// would replace this file.
type pkey struct{ a, b uint64 }

// auxTracker follows the variant state that is not in the cells. It is
// built once per rule set and is immutable.
type auxTracker struct {
	kind  auxKind
	l     *engine.Layout
	cells int
}

type auxKind uint8

const (
	auxNone   auxKind = iota
	auxPie            // bit 0: the pie rule's swap is still available
	auxTuzdyk         // byte s: 1 + the cell of side s's tuzdyk, or 0
)

func newAuxTracker(r engine.Rules) *auxTracker {
	t := &auxTracker{l: r.Layout(), cells: len(r.Layout().Cells)}
	switch id := r.Variant().ID; {
	case id == "togyz":
		t.kind = auxTuzdyk
	case r.Options()["pie"] == "true":
		t.kind = auxPie
	}
	return t
}

// initial reads the state of p (a root or a history position).
func (t *auxTracker) initial(p engine.Position) uint32 {
	switch t.kind {
	case auxPie:
		if v, ok := p.Extra()["swap_available"].(bool); ok && v {
			return 1
		}
	case auxTuzdyk:
		var aux uint32
		s := p.Setup()
		var tz map[string]int
		if raw, ok := s.Extra["tuzdyk"]; ok && json.Unmarshal(raw, &tz) == nil {
			for side, n := range tz {
				sd, err := engine.ParseSide(side)
				if err != nil || sd > engine.North || n == 0 {
					continue
				}
				c := t.l.Pit(1-sd, n)
				aux |= uint32(c+1) << (8 * sd)
			}
		}
		return aux
	}
	return 0
}

// next returns the state after m was played from parent (state aux) to
// child.
func (t *auxTracker) next(parent *engine.Position, aux uint32, m engine.Move, child *engine.Position) uint32 {
	switch t.kind {
	case auxPie:
		if m.Kind == engine.Swap || parent.ToMove() == engine.North {
			return 0
		}
		return aux
	case auxTuzdyk:
		me := parent.ToMove()
		if aux>>(8*me)&0xff != 0 || child.Status() != engine.Ongoing {
			return aux
		}
		st := t.l.Store(me)
		// Captures take even numbers of seeds; only a new tuzdyk (3 seeds)
		// makes the mover's kazan grow by an odd number, as the mover has
		// no tuzdyk whose deposits could add to it.
		if (child.Cell(st)-parent.Cell(st))&1 == 0 {
			return aux
		}
		opp := 1 - me
		found, cands := engine.NoCell, 0
		for i := 1; i <= t.l.Pits; i++ {
			c := t.l.Pit(opp, i)
			if child.Cell(c) == 0 && parent.Cell(c) != 0 {
				found, cands = c, cands+1
			}
		}
		if cands != 1 {
			// Ask the rules: the new tuzdyk is the opponent's pit they may
			// not play.
			found = engine.NoCell
			for i := 1; i <= t.l.Pits; i++ {
				c := t.l.Pit(opp, i)
				if child.Cell(c) == 0 && engine.ReasonOf(child.Rules().Check(child, engine.Move{Pit: uint8(i)})) == engine.TuzdykPit {
					found = c
				}
			}
		}
		if found != engine.NoCell {
			aux |= uint32(found+1) << (8 * me)
		}
		return aux
	}
	return aux
}

// key hashes p with its tracked state.
func (t *auxTracker) key(p *engine.Position, aux uint32) pkey {
	a := uint64(p.ToMove()) | uint64(aux)<<8 | uint64(p.Status())<<40
	b := a * 0xA24BAED4963EE407
	n := t.cells
	for c := 0; c < n; c += 8 {
		var w uint64
		for j := 0; j < 8 && c+j < n; j++ {
			w |= uint64(uint8(p.Cell(engine.Cell(c+j)))) << (8 * j)
		}
		a = (a ^ w) * 0x9E3779B97F4A7C15
		a ^= a >> 32
		b = bits.RotateLeft64(b+w, 23) * 0xC2B2AE3D27D4EB4F
	}
	a ^= a >> 29
	b ^= b >> 31
	return pkey{a * 0xBF58476D1CE4E5B9, b}
}
