package render

import (
	"strconv"

	"github.com/mancala-bot/mancala/engine"
)

// Pits that change hands and games of several rounds (Oware Nam Nam): a pit
// owned now by another side than the one whose row it is in
// ([engine.Position.Owner]) is drawn in its owner's colour (the well
// tinted and ringed, its number in that colour), and the round
// ([engine.Position.Round]) is written "R2" in the top left corner, above
// the left store.

// readOwners fills s's pit owners and round from p.
func readOwners(p engine.Position, g *geom, s *state) {
	for i := range g.cells {
		c := engine.Cell(i)
		if g.isStore(c) {
			continue
		}
		if o := p.Owner(c); o != g.cells[i].Owner && o < engine.MaxSides {
			s.foreign[i] = o + 1
		}
	}
	s.round = p.Round()
}

// fill is the replayer's EventFill: n seeds from side's store into pit c,
// which becomes side's. A fill after other events of a move is the
// set-up of a new round (a claim is a move of fills only).
func (r *replayer) fill(e engine.Event) {
	g, s := r.g, &r.s
	if !g.has(e.Cell) || int(e.Cell) >= engine.MaxCells || e.Side >= engine.MaxSides {
		return
	}
	if st := g.store(e.Side); g.has(st) {
		n := min(max(e.Count, 0), s.cells[st])
		s.cells[st] -= n
		s.cells[e.Cell] += n
	}
	if n := len(r.fills); n == 0 || r.fills[n-1] != e.Side {
		r.fills = append(r.fills, e.Side)
	}
	s.foreign[e.Cell] = 0
	if e.Side != g.cells[e.Cell].Owner {
		s.foreign[e.Cell] = e.Side + 1
	}
	if r.sowed && !r.newRound && s.round > 0 {
		r.newRound = true
		s.round++
	}
}

// fillTurn returns who moves after a move with fills, as far as its events
// say (Nam Nam, rules 11-12): after a claim the leader claims again,
// unless the other player's fills followed (the last claim): then the
// round's starter (South in odd rounds) moves; after a new round's set-up
// the leader claims (his fills came first and alone), or on a 24:24 restart
// the starter moves. A player who must pass at once is not seen here.
func (r *replayer) fillTurn() (engine.Side, bool) {
	if len(r.fills) == 0 || r.s.round <= 0 {
		return 0, false
	}
	starter := engine.South
	if r.s.round%2 == 0 {
		starter = engine.North
	}
	switch {
	case !r.sowed && len(r.fills) == 1: // a claim, more to come
		return r.mover, true
	case !r.sowed: // the last claim, then the other's pits
		return starter, true
	case r.newRound && len(r.fills) == 1: // the leader's row: claims follow
		return r.fills[0], true
	case r.newRound: // both rows: the round starts
		return starter, true
	}
	return 0, false
}

// ownerOf returns the side that owns cell c now.
func (r *renderer) ownerOf(c engine.Cell) engine.Side {
	if o := r.s.foreign[c]; o != 0 {
		return o - 1
	}
	return r.g.cells[c].Owner
}

// foreignPit draws a pit owned by another side than its row's: its well
// tinted and ringed in the owner's colour.
func (r *renderer) foreignPit(cx, cy float64, owner engine.Side) {
	dc, g := r.dc, r.g
	dc.DrawCircle(cx, cy, g.pitR-0.02*g.pitch)
	dc.SetColor(alpha(sideColor(owner), 0.35))
	dc.FillPreserve()
	dc.SetLineWidth(0.04 * g.pitch)
	dc.SetColor(sideColor(owner))
	dc.Stroke()
}

// roundMark writes the round, "R2", in the top left corner.
func (r *renderer) roundMark() {
	g := r.g
	if r.s.round <= 0 || len(g.band) == 0 {
		return
	}
	drawText(r.img, r.faces.label, "R"+strconv.Itoa(r.s.round), g.colX(0), g.labelY(0), colZero)
}
