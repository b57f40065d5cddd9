package engine_test

// The plain reference implementation of the two two-row Bao games,
// bao-kenya and bao-laps, written from docs/sources/bao-rules.md (C2, C6,
// K1-K9, L1-L9, R1, R2) and not from engine/bao.go. It plugs into the
// reference of reference_test.go (the hooks there call these methods): seeds
// are sown one at a time by walking with nextSpot, and a never-ending move is
// found the way R2 describes it first, by recording every state before each
// relay pick-up in a set (a map of strings), not with a cycle-finding
// algorithm.

import (
	"strconv"

	"github.com/mancala-bot/mancala/engine"
)

// refBaoOptions reads the Bao options into g.
func (g *refGame) refBaoOptions(opts engine.Options) {
	g.n = 8
	g.baoSeeds = refAtoi(refOpt(opts, "seeds", map[string]string{"bao-kenya": "3", "bao-laps": "2"}[g.variant]))
	g.captureSower = refOpt(opts, "capture_sower", "false") == "true"
	g.skipOrigin = refOpt(opts, "skip_origin", "false") == "true"
	g.infinite = refOpt(opts, "infinite", "draw")
}

// baoSettle: the end of a Bao game, if it is over in this position.
func (g *refGame) baoSettle() {
	me, opp := g.toMove, g.other(g.toMove)
	if g.variant == "bao-kenya" {
		// K7: a store with 8*seeds+1 wins at once.
		win := 8*g.baoSeeds + 1
		switch {
		case g.stores[refS] >= win:
			g.status, g.reason = engine.SouthWon, engine.EndMajority
			return
		case g.stores[refN] >= win:
			g.status, g.reason = engine.NorthWon, engine.EndMajority
			return
		}
	}
	if g.rowSum(me) == 0 {
		// K8, L8: the other player takes the seeds in his own row.
		for i := range g.pits[opp] {
			g.stores[opp] += g.pits[opp][i]
			g.pits[opp][i] = 0
		}
		g.decide(engine.EndNoMoves)
		return
	}
	if g.variant == "bao-laps" && g.infinite == "illegal" && len(g.baoLapsMoves()) == 0 {
		// R2: no finite move: the mover loses.
		if me == refS {
			g.status = engine.NorthWon
		} else {
			g.status = engine.SouthWon
		}
		g.reason = engine.EndNoMoves
	}
}

// baoLapsMoves lists the legal pits of bao-laps (the status aside).
func (g *refGame) baoLapsMoves() []engine.Move {
	me := g.toMove
	big := false
	for _, k := range g.pits[me] {
		big = big || k >= 2
	}
	var out []engine.Move
	for pit := 1; pit <= 8; pit++ {
		k := g.pits[me][pit-1]
		if k == 0 || (k == 1 && big) { // L4
			continue
		}
		if g.infinite == "illegal" {
			c := g.cloneBoard()
			if _, never := c.baoLapsSow(pit); never {
				refCount("bao-laps never-ending move refused")
				continue
			}
		}
		out = append(out, engine.Move{Pit: uint8(pit)})
	}
	return out
}

// baoWhy: why a Bao move that got past the common checks is illegal.
func (g *refGame) baoWhy(pit int) engine.Reason {
	if g.variant != "bao-laps" {
		return 0
	}
	me := g.toMove
	if g.pits[me][pit-1] == 1 {
		for _, k := range g.pits[me] {
			if k >= 2 {
				return engine.SingletonPit
			}
		}
	}
	if g.infinite == "illegal" {
		c := g.cloneBoard()
		if _, never := c.baoLapsSow(pit); never {
			return engine.NeverEnding
		}
	}
	return 0
}

// baoKenyaPlay plays a bao-kenya move.
func (g *refGame) baoKenyaPlay(pit int) {
	me := g.toMove
	from := refSpot{me, pit}
	hand := g.take(from)
	if hand >= 17 {
		refCount("bao-kenya origin skipped")
	}
	here := from
	for hand > 0 {
		here = g.nextSpot(here, true)
		if here.isStore() && here.side != me {
			continue // K3: never the opponent's store
		}
		if here == from {
			continue // K4: the origin stays empty
		}
		g.add(here, 1)
		hand--
	}
	g.ply++
	if here.isStore() { // K5: own store: another turn
		refCount("bao-kenya extra turn")
		g.settle()
		return
	}
	if here.side == me && g.get(here) == 1 {
		// K6: own pit that was empty: take the facing pit.
		facing := refSpot{g.other(me), 9 - here.pit}
		if k := g.take(facing); k > 0 {
			refCount("bao-kenya capture")
			g.stores[me] += k
			if g.captureSower {
				g.stores[me] += g.take(here)
			}
		}
	}
	g.toMove = g.other(me)
	g.settle()
}

// baoLapsSow sows pit of the side to move with its laps, and returns where
// the last seed fell, or never = true (the board then undefined) when a
// state before a relay pick-up comes back (R2).
func (g *refGame) baoLapsSow(pit int) (last refSpot, never bool) {
	from := refSpot{g.toMove, pit}
	seen := map[string]bool{}
	here := from
	hand := g.take(from)
	for {
		for hand > 0 {
			here = g.nextSpot(here, false)
			if g.skipOrigin && here == from {
				continue
			}
			g.add(here, 1)
			hand--
		}
		if g.get(here) == 1 { // C6, L6: an empty pit ends the move
			return here, false
		}
		// L5: relay. R2: the state before the pick-up.
		k := g.baoState(here)
		if seen[k] {
			return here, true
		}
		seen[k] = true
		refCount("bao-laps relay")
		hand = g.take(here)
	}
}

func (g *refGame) baoState(lift refSpot) string {
	b := make([]byte, 0, 48)
	for s := range 2 {
		for _, k := range g.pits[s] {
			b = strconv.AppendInt(b, int64(k), 10)
			b = append(b, ',')
		}
	}
	b = strconv.AppendInt(b, int64(lift.side), 10)
	b = strconv.AppendInt(b, int64(lift.pit), 10)
	return string(b)
}

// baoLapsPlay plays a bao-laps move.
func (g *refGame) baoLapsPlay(pit int) {
	me := g.toMove
	c := g.cloneBoard()
	last, never := c.baoLapsSow(pit)
	g.ply++
	if never {
		// R2: not carried out; the turn passes, then the option decides.
		refCount("bao-laps never-ending move (" + g.infinite + ")")
		g.toMove = g.other(me)
		g.reason = engine.EndNeverEnding
		switch {
		case g.infinite == "draw":
			g.status = engine.Draw
		case me == refS:
			g.status = engine.NorthWon
		default:
			g.status = engine.SouthWon
		}
		return
	}
	g.pits, g.stores = c.pits, c.stores
	if last.side == me {
		// L6: own empty pit: capture the facing pit.
		facing := refSpot{g.other(me), 9 - last.pit}
		if k := g.take(facing); k > 0 {
			refCount("bao-laps capture")
			g.stores[me] += k
			if g.captureSower {
				g.stores[me] += g.take(last)
			}
		}
	}
	g.toMove = g.other(me)
	g.settle()
}
