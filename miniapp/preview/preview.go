// Package preview says what a move will do before the player confirms it:
// where the last seed lands, what is captured, whether the mover goes
// again, whether the game ends. The board a player taps (Telegram Mini
// App, Discord Activity, game page) shows it after the first tap.
//
// A preview is built from the engine's move events ([engine.Event]), so it
// holds for every variant: relay sowing and Bao's laps give the whole
// path, captures name their pits, four-row Bao's captured seeds are sown
// again from the hand, Togyz Kumalak's tuzdyks and Selus's traps appear as
// marks. Cells are the variant layout's cell indexes ([engine.Layout]);
// sides are named as in position JSON ("south", "north", ...). A Preview is
// meant to be sent as JSON.
package preview

import (
	"errors"
	"fmt"

	"github.com/mancala-bot/mancala/engine"
)

// NoCell is the cell of a lap sown from the hand or of seeds captured from
// it (Nam Nam's last four), and the landing of a move that sows nothing.
const NoCell = -1

// Preview is what a move will do.
type Preview struct {
	// Move is the move in the notation of the spec ("3", "3L", "3R+", "swap").
	Move string `json:"move"`
	// Mover is the side making the move.
	Mover string `json:"mover"`
	// Laps is the sowing, lap by lap, in order; empty for a swap.
	Laps []Lap `json:"laps,omitempty"`
	// Landing is the cell the move's last seed falls into (NoCell when it
	// sows nothing).
	Landing int `json:"landing"`
	// Captures are the seeds taken, in order: Side is the side that takes
	// them (into its store, or into its hand in a game without stores).
	Captures []Transfer `json:"captures,omitempty"`
	// Deposits are seeds that fell into a tuzdyk and went at once to the
	// store of its owner, Side (Togyz Kumalak).
	Deposits []Transfer `json:"deposits,omitempty"`
	// Marks are the cells that become a tuzdyk or a trap, or stop being a
	// trap (Side "").
	Marks []Mark `json:"marks,omitempty"`
	// Sweeps are the seeds left on the board that go to Side's store when
	// the game (or a round) ends.
	Sweeps []Transfer `json:"sweeps,omitempty"`
	// Fills are seeds set out again from Side's store for a new round
	// (Nam Nam).
	Fills []Transfer `json:"fills,omitempty"`
	// Penalties are seeds a side that could not move pays from its store
	// into Cell, its penalty pit (Ruma).
	Penalties []Transfer `json:"penalties,omitempty"`
	// Swap: the mover takes over the first player's side (pie rule).
	Swap bool `json:"swap,omitempty"`
	// ExtraTurn: the mover moves again.
	ExtraTurn bool `json:"extra_turn,omitempty"`
	// Passes lists the sides that must pass after the move.
	Passes []string `json:"passes,omitempty"`
	// Out lists the sides the move puts out of the game (Ruma).
	Out []string `json:"out,omitempty"`
	// End is set when the move ends the game.
	End *End `json:"end,omitempty"`
	// Next is the side to move afterwards ("" when the game is over).
	Next string `json:"next"`
	// After is the number of seeds in every cell once the move is made.
	After []int `json:"after"`
}

// Lap is one sowing: Seeds lifted from From (NoCell: from the hand) and
// dropped one by one into Sown.
type Lap struct {
	From int `json:"from"`
	// Relay: the lap goes on from the cell where the last one ended.
	Relay bool  `json:"relay,omitempty"`
	Seeds int   `json:"seeds"`
	Sown  []int `json:"sown"`
}

// Transfer is Count seeds moving between Cell and Side's store or hand.
type Transfer struct {
	Cell  int    `json:"cell"`
	Count int    `json:"count"`
	Side  string `json:"side"`
}

// Mark is a cell becoming special: Kind "tuzdyk" or "trap".
type Mark struct {
	Kind string `json:"kind"`
	Cell int    `json:"cell"`
	Side string `json:"side"`
}

// End is how a move ends the game: Status as in position JSON
// ("south_won", "draw", ...) and Reason ("majority", "empty_side", ...).
type End struct {
	Status string `json:"status"`
	Reason string `json:"reason"`
}

// ErrOver is returned for a position whose game is over.
var ErrOver = errors.New("preview: the game is over")

// Of previews m in p. The error is the engine's *engine.IllegalMoveError
// when m is not legal, ErrOver when the game is over. Of knows only p, not
// the game's history: a repetition ending the game is not shown (InGame
// shows it).
func Of(p engine.Position, m engine.Move) (Preview, error) {
	if p.Status().Over() {
		return Preview{}, ErrOver
	}
	after, events, err := p.PlayEvents(m)
	if err != nil {
		return Preview{}, err
	}
	return build(p, m, after, events), nil
}

// InGame previews m as the next move of g, the game's history included (a
// repetition ending it). It plays m and takes it back, so g is left as it
// was; g must not be used by anything else meanwhile. Errors as Of's.
func InGame(g *engine.Game, m engine.Move) (Preview, error) {
	before := g.Position()
	if before.Status().Over() {
		return Preview{}, ErrOver
	}
	events, err := g.Play(m)
	if err != nil {
		return Preview{}, err
	}
	after := g.Position()
	if !g.Undo() {
		return Preview{}, fmt.Errorf("preview: could not take back %s", m)
	}
	return build(before, m, after, events), nil
}

// Tap previews every legal move of p that starts at cell c (the cell the
// player tapped), in the order of [engine.Position.Moves]: one for most
// games, one per direction (and per choice to go on) in Bao. It returns
// none when no legal move starts at c, or the game is over. The pie
// rule's swap starts at no cell: preview it with Of(p, engine.SwapMove).
func Tap(p engine.Position, c engine.Cell) []Preview {
	var out []Preview
	for _, m := range p.Moves() {
		if m.Kind != engine.Sow || p.MoveCell(m) != c {
			continue
		}
		if pv, err := Of(p, m); err == nil {
			out = append(out, pv)
		}
	}
	return out
}

// build reads the events of m, played in before, that led to after.
func build(before engine.Position, m engine.Move, after engine.Position, events []engine.Event) Preview {
	pv := Preview{Move: m.String(), Mover: before.ToMove().String(), Landing: NoCell}
	var lap *Lap
	newLap := func(from int, seeds int, relay bool) {
		pv.Laps = append(pv.Laps, Lap{From: from, Seeds: seeds, Relay: relay, Sown: []int{}})
		lap = &pv.Laps[len(pv.Laps)-1]
	}
	inHand := false // the last captures went to the hand (no store): they are sown next
	for _, e := range events {
		switch e.Kind {
		case engine.EventPickup:
			newLap(int(e.Cell), e.Count, false)
			inHand = false
		case engine.EventRelay:
			newLap(int(e.Cell), e.Count, true)
			inHand = false
		case engine.EventSow:
			if lap == nil || inHand {
				newLap(NoCell, 0, false)
				inHand = false
			}
			if lap.From == NoCell {
				lap.Seeds++
			}
			lap.Sown = append(lap.Sown, int(e.Cell))
			pv.Landing = int(e.Cell)
		case engine.EventDeposit: // always the one seed just sown
			pv.Deposits = append(pv.Deposits, Transfer{Cell: int(e.Cell), Count: 1, Side: e.Side.String()})
		case engine.EventCapture:
			pv.Captures = append(pv.Captures, transfer(e))
			if before.Rules().Layout().Store(e.Side) == engine.NoCell {
				inHand = true
			}
		case engine.EventTuzdyk:
			pv.Marks = append(pv.Marks, Mark{Kind: "tuzdyk", Cell: int(e.Cell), Side: e.Side.String()})
		case engine.EventTrap:
			mk := Mark{Kind: "trap", Cell: int(e.Cell)}
			if e.Side != engine.NoSide {
				mk.Side = e.Side.String()
			}
			pv.Marks = append(pv.Marks, mk)
		case engine.EventSwap:
			pv.Swap = true
		case engine.EventExtraTurn:
			pv.ExtraTurn = true
		case engine.EventSweep:
			pv.Sweeps = append(pv.Sweeps, transfer(e))
		case engine.EventFill:
			pv.Fills = append(pv.Fills, transfer(e))
		case engine.EventPenalty:
			pv.Penalties = append(pv.Penalties, transfer(e))
		case engine.EventPass:
			pv.Passes = append(pv.Passes, e.Side.String())
		case engine.EventOut:
			pv.Out = append(pv.Out, e.Side.String())
		}
	}
	if st := after.Status(); st.Over() {
		pv.End = &End{Status: st.String(), Reason: after.EndReason().String()}
	} else {
		pv.Next = after.ToMove().String()
	}
	cells := len(after.Rules().Layout().Cells)
	pv.After = make([]int, cells)
	for c := range cells {
		pv.After[c] = after.Cell(engine.Cell(c))
	}
	return pv
}

func transfer(e engine.Event) Transfer {
	c := int(e.Cell)
	if e.Cell == engine.NoCell {
		c = NoCell
	}
	return Transfer{Cell: c, Count: e.Count, Side: e.Side.String()}
}
