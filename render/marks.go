package render

import "github.com/mancala-bot/mancala/engine"

// marks is what the last move's events highlight, by cell.
type marks struct {
	start  engine.Cell // the pit the move started from, or NoCell
	relay  [engine.MaxCells]bool
	sown   [engine.MaxCells]bool
	taken  [engine.MaxCells]int  // seeds captured from a pit
	swept  [engine.MaxCells]int  // seeds swept from a pit at the end
	gained [engine.MaxCells]int  // seeds a store gained
	tuzdyk [engine.MaxCells]bool // a tuzdyk made by the move
	swap   [engine.MaxSides]bool // the side used the pie rule
	// step is the cell an animation frame's step acted on (a seed dropped,
	// a pit lifted or captured from), lit from inside; NoCell on a still
	// board.
	step engine.Cell
}

// collectMarks reads a move's events. Cells outside the layout are
// ignored.
func collectMarks(g *geom, events []engine.Event) *marks {
	m := &marks{start: engine.NoCell, step: engine.NoCell}
	newRound := false
	ok := g.has
	gain := func(s engine.Side, n int) {
		if c := g.store(s); ok(c) && n > 0 {
			m.gained[c] += n
		}
	}
	for _, e := range events {
		switch e.Kind {
		case engine.EventPickup:
			if m.start == engine.NoCell && ok(e.Cell) {
				m.start = e.Cell
			}
		case engine.EventRelay:
			if ok(e.Cell) {
				m.relay[e.Cell] = true
			}
		case engine.EventSow:
			if ok(e.Cell) {
				m.sown[e.Cell] = true
				if g.isStore(e.Cell) {
					m.gained[e.Cell]++
				}
			}
		case engine.EventDeposit:
			gain(e.Side, 1)
		case engine.EventCapture:
			if ok(e.Cell) && e.Count > 0 {
				m.taken[e.Cell] += e.Count
				gain(e.Side, e.Count)
			}
		case engine.EventSweep:
			if ok(e.Cell) && e.Count > 0 {
				m.swept[e.Cell] += e.Count
				gain(e.Side, e.Count)
			}
		case engine.EventSwap:
			if int(e.Side) < engine.MaxSides {
				m.swap[e.Side] = true
			}
		case engine.EventPenalty: // Ruma: the penalty pit got a seed
			if ok(e.Cell) && e.Count > 0 {
				m.sown[e.Cell] = true
			}
		case engine.EventTuzdyk:
			if ok(e.Cell) {
				m.tuzdyk[e.Cell] = true
			}
		case engine.EventFill: // a claim (Nam Nam) starts with its pit
			if m.start == engine.NoCell && ok(e.Cell) {
				m.start = e.Cell
			}
			if m.start != e.Cell && !newRound {
				// A fill after a sowing: the round ended and the board
				// was set up again (Nam Nam). What the sowing took and
				// gained is no longer on it: no "+8" on a store now
				// holding 4, no "−4" on a pit refilled with 4.
				newRound = true
				m.taken, m.swept, m.gained = [engine.MaxCells]int{}, [engine.MaxCells]int{}, [engine.MaxCells]int{}
				m.sown, m.relay = [engine.MaxCells]bool{}, [engine.MaxCells]bool{}
			}
		}
	}
	return m
}
