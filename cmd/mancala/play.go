package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/record"
)

const playUsage = `usage: mancala play VARIANT [--opt k=v]... [--from FILE.json] [--json] [--trace] [MOVES...]
       mancala play --record FILE [--json] [--trace] [MOVES...]

Plays the moves from the variant's start, or from the position in FILE
("-" reads standard input; VARIANT may then be left out, and the options
come from the file), and prints the final position.

With --record, replays the game recorded in FILE (a text record, OGN for
Oware, or a JSON record: see docs/records.md; "-" reads standard input)
and goes on from its final position with MOVES, if any: the variant,
options and start come from the record. A finished game is printed as it
ended.

  --opt k=v      set a rule option (see "mancala variants"); repeatable
  --from FILE    start from this position JSON
  --record FILE  replay this game record, then the MOVES
  --json         print the position JSON instead of the board
  --trace        print every position, the start first, with each move's events
`

func runPlay(_ context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	a, err := parseArgs(args,
		flagSpec{"opt", listFlag}, flagSpec{"from", valueFlag}, flagSpec{"record", valueFlag},
		flagSpec{"json", boolFlag}, flagSpec{"trace", boolFlag})
	if err != nil {
		return err
	}
	if a.wantsHelp() {
		fmt.Fprint(stdout, playUsage)
		return nil
	}
	variant, moves := "", a.pos
	switch {
	case a.has("record"):
		// The record says everything: the arguments are moves.
	case !a.has("from"):
		if len(moves) == 0 {
			return usagef("play: missing VARIANT (run \"mancala variants\" for the list)")
		}
		variant, moves = moves[0], moves[1:]
	case len(moves) > 0:
		// With --from the variant is optional: a first argument that is
		// not a move names it.
		if _, err := engine.ParseMove(moves[0]); err != nil {
			variant, moves = moves[0], moves[1:]
		}
	}

	// Play everything first, so that a bad move prints nothing but the error.
	var g *engine.Game
	var steps []traceStep
	var rec *record.Game
	if a.has("record") {
		if rec, err = readRecord(a, stdin); err != nil {
			return err
		}
		if g, steps, err = replayRecord(rec); err != nil {
			return err
		}
		if len(moves) > 0 && rec.Result != "" {
			return failf("the recorded game is over (%s, %s): no move can follow", rec.Result, rec.Reason)
		}
	} else {
		start, err := startPosition(a, variant, stdin)
		if err != nil {
			return err
		}
		g, steps = engine.NewGame(start), []traceStep{{pos: start}}
	}
	for i, text := range moves {
		m, err := engine.ParseMove(text)
		if err != nil {
			return failf("move %d: %v", i+1, err)
		}
		before := g.Position()
		ev, err := g.Play(m)
		if err != nil {
			return failf("move %d (ply %d): %v", i+1, before.Ply(), err)
		}
		steps = append(steps, traceStep{move: &m, mover: before.ToMove(), events: ev, pos: g.Position()})
	}

	if !a.bools["trace"] {
		steps = steps[len(steps)-1:]
	}
	for i, st := range steps {
		if a.bools["json"] {
			if err := writeJSONStep(stdout, st, a.bools["trace"]); err != nil {
				return err
			}
			continue
		}
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		if a.bools["trace"] && st.move != nil {
			l := st.pos.Rules().Layout()
			fmt.Fprintf(stdout, "move %s (ply %d, %s): %s\n", st.move, st.pos.Ply(), st.mover, describeEvents(l, st.mover, st.events))
		}
		if a.bools["trace"] && st.leave {
			fmt.Fprintf(stdout, "%s left the game (ply %d)\n", st.mover, st.pos.Ply())
		}
		if _, err := fmt.Fprint(stdout, st.pos.String(), summary(st.pos)); err != nil {
			return err
		}
	}
	if rec != nil && rec.Result != "" && !g.Position().Status().Over() && !a.bools["json"] {
		// The game ended outside the board (a resignation, a timeout, an
		// agreed draw): the board does not say so.
		fmt.Fprintf(stdout, "recorded result: %s (%s)\n", rec.Result, rec.Reason)
	}
	return nil
}

// readRecord reads the game record of --record (standard input for "-").
// It refuses --from, --opt and a variant: the record gives them.
func readRecord(a *parsedArgs, stdin io.Reader) (*record.Game, error) {
	if a.has("from") || len(a.lists["opt"]) > 0 {
		return nil, usagef("--record cannot be used with --from or --opt: the record gives the variant, options and start")
	}
	name, in := a.vals["record"], stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, failf("%v", err)
		}
		defer f.Close()
		in = f
	} else {
		name = "stdin"
	}
	rec, err := record.Import(in)
	if err != nil {
		return nil, failf("%s: %v", name, err)
	}
	return rec, nil
}

// replayRecord replays rec's moves, with their events, from its start.
func replayRecord(rec *record.Game) (*engine.Game, []traceStep, error) {
	g := engine.NewGame(rec.Start)
	steps := []traceStep{{pos: rec.Start}}
	for i, m := range rec.Moves {
		before := g.Position()
		if m.Leave {
			ev, err := g.Leave(m.Seat)
			if err != nil {
				return nil, nil, failf("record move %d (%s): %v", i+1, m, err)
			}
			steps = append(steps, traceStep{leave: true, mover: m.Seat, events: ev, pos: g.Position()})
			continue
		}
		ev, err := g.Play(m.Play)
		if err != nil {
			return nil, nil, failf("record move %d (%s): %v", i+1, m, err)
		}
		mv := m.Play
		steps = append(steps, traceStep{move: &mv, mover: before.ToMove(), events: ev, pos: g.Position()})
	}
	return g, steps, nil
}

// startPosition returns the position a command starts from: the one in the
// --from file, or the start of the variant with the --opt options.
func startPosition(a *parsedArgs, variant string, stdin io.Reader) (engine.Position, error) {
	opts, err := a.options()
	if err != nil {
		return engine.Position{}, err
	}
	from, ok := a.vals["from"]
	if !ok {
		if variant == "" {
			return engine.Position{}, usagef("missing VARIANT (run \"mancala variants\" for the list)")
		}
		rules, err := engine.New(variant, opts)
		if err != nil {
			return engine.Position{}, usagef("%v", err)
		}
		return rules.Start(), nil
	}
	if len(opts) > 0 {
		return engine.Position{}, usagef("--opt cannot be used with --from: options come from the position file")
	}
	name := from
	var data []byte
	if from == "-" {
		name = "stdin"
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(from)
	}
	if err != nil {
		return engine.Position{}, failf("%v", err)
	}
	p, err := engine.ParsePosition(data)
	if err != nil {
		return engine.Position{}, failf("%s: %v", name, err)
	}
	if variant != "" {
		v, err := engine.Lookup(variant)
		if err != nil {
			return engine.Position{}, usagef("%v", err)
		}
		if got := p.Rules().Variant().ID; got != v.ID {
			return engine.Position{}, usagef("%s: the position is a %s position, not %s", name, got, v.ID)
		}
	}
	return p, nil
}

// traceStep is one position of a play: the start (move nil), or the
// position after a move with the move's events, or after a seat left a
// game of a record (leave, mover the seat).
type traceStep struct {
	move   *engine.Move
	leave  bool
	mover  engine.Side
	events []engine.Event
	pos    engine.Position
}

// stepJSON is one line of "play --trace --json".
type stepJSON struct {
	Ply      int             `json:"ply"`
	Move     string          `json:"move,omitempty"`
	Side     string          `json:"side,omitempty"`
	Events   []eventJSON     `json:"events,omitempty"`
	Position engine.Position `json:"position"`
}

// eventJSON is an engine.Event with its cell named: the owner and pit
// number, or store true.
type eventJSON struct {
	Kind   string `json:"kind"`
	Side   string `json:"side,omitempty"`
	Cell   *int   `json:"cell,omitempty"`
	Owner  string `json:"owner,omitempty"`
	Pit    int    `json:"pit,omitempty"`
	Store  bool   `json:"store,omitempty"`
	Count  int    `json:"count,omitempty"`
	Status string `json:"status,omitempty"`
	Reason string `json:"reason,omitempty"`
}

func toEventJSON(l *engine.Layout, e engine.Event) eventJSON {
	j := eventJSON{Kind: e.Kind.String()}
	switch e.Kind {
	case engine.EventEnd:
		j.Status, j.Reason = e.Status.String(), e.Reason.String()
		return j
	case engine.EventSwap, engine.EventExtraTurn:
		j.Side = e.Side.String()
		return j
	}
	j.Side = e.Side.String()
	c := int(e.Cell)
	j.Cell = &c
	if c < len(l.Cells) {
		ci := l.Cells[c]
		j.Owner = ci.Owner.String()
		if ci.Kind == engine.StoreCell {
			j.Store = true
		} else {
			j.Pit = ci.Pit
		}
	}
	switch e.Kind {
	case engine.EventPickup, engine.EventRelay, engine.EventCapture, engine.EventSweep:
		j.Count = e.Count
	}
	return j
}

// writeJSONStep writes the position JSON, or with trace the step object,
// and a newline.
func writeJSONStep(w io.Writer, st traceStep, trace bool) error {
	var v any = st.pos
	if trace {
		sj := stepJSON{Ply: st.pos.Ply(), Position: st.pos}
		if st.leave {
			sj.Move, sj.Side = "out:"+st.mover.String(), st.mover.String()
		}
		if st.move != nil {
			l := st.pos.Rules().Layout()
			sj.Move, sj.Side = st.move.String(), st.mover.String()
			sj.Events = make([]eventJSON, len(st.events))
			for i, e := range st.events {
				sj.Events[i] = toEventJSON(l, e)
			}
		}
		v = sj
	}
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// storeName names side s's store.
func storeName(l *engine.Layout, s engine.Side) string {
	if l.Sides > 1 {
		return s.String() + " store"
	}
	return "store"
}

func seeds(n int) string {
	if n == 1 {
		return "1 seed"
	}
	return fmt.Sprintf("%d seeds", n)
}

// describeEvents says in words what a move did: "sowed 4 seeds from south
// pit 3 to south store, extra turn".
func describeEvents(l *engine.Layout, mover engine.Side, evs []engine.Event) string {
	var parts []string
	for i := 0; i < len(evs); i++ {
		e := evs[i]
		switch e.Kind {
		case engine.EventPickup, engine.EventRelay:
			verb := "sowed"
			if e.Kind == engine.EventRelay {
				verb = "relayed"
			}
			// The sowing that follows: where it ended, and the seeds
			// that went on through a tuzdyk.
			last, deposits, owners := e.Cell, map[engine.Cell]int{}, map[engine.Cell]engine.Side{}
			var order []engine.Cell
			for i+1 < len(evs) && (evs[i+1].Kind == engine.EventSow || evs[i+1].Kind == engine.EventDeposit) {
				i++
				if evs[i].Kind == engine.EventSow {
					last = evs[i].Cell
					continue
				}
				if deposits[evs[i].Cell] == 0 {
					order = append(order, evs[i].Cell)
				}
				deposits[evs[i].Cell]++
				owners[evs[i].Cell] = evs[i].Side
			}
			parts = append(parts, fmt.Sprintf("%s %s from %s to %s", verb, seeds(e.Count), l.CellName(e.Cell), l.CellName(last)))
			for _, c := range order {
				parts = append(parts, fmt.Sprintf("%s through tuzdyk %s to %s", seeds(deposits[c]), l.CellName(c), storeName(l, owners[c])))
			}
		case engine.EventSow:
			// A sowing without a pick-up (not produced by the engine
			// today): name where it went.
			parts = append(parts, "sowed into "+l.CellName(e.Cell))
		case engine.EventDeposit:
			parts = append(parts, fmt.Sprintf("1 seed through tuzdyk %s to %s", l.CellName(e.Cell), storeName(l, e.Side)))
		case engine.EventCapture:
			caps := []string{fmt.Sprintf("%d from %s", e.Count, l.CellName(e.Cell))}
			for i+1 < len(evs) && evs[i+1].Kind == engine.EventCapture && evs[i+1].Side == e.Side {
				i++
				caps = append(caps, fmt.Sprintf("%d from %s", evs[i].Count, l.CellName(evs[i].Cell)))
			}
			s := "captured " + strings.Join(caps, " and ")
			if e.Side != mover {
				s += " for " + e.Side.String()
			}
			parts = append(parts, s)
		case engine.EventTuzdyk:
			parts = append(parts, fmt.Sprintf("%s became %s's tuzdyk", l.CellName(e.Cell), e.Side))
		case engine.EventSwap:
			parts = append(parts, e.Side.String()+" swapped sides")
		case engine.EventExtraTurn:
			parts = append(parts, "extra turn")
		case engine.EventSweep:
			// Sum the sweep by the store it goes to, in side order.
			var to [engine.MaxSides]int
			to[e.Side] += e.Count
			for i+1 < len(evs) && evs[i+1].Kind == engine.EventSweep {
				i++
				to[evs[i].Side] += evs[i].Count
			}
			var sw []string
			for s, n := range to {
				if n > 0 {
					sw = append(sw, fmt.Sprintf("%d to %s", n, storeName(l, engine.Side(s))))
				}
			}
			parts = append(parts, "swept the seeds left: "+strings.Join(sw, " and "))
		case engine.EventEnd:
			parts = append(parts, "game over: "+statusWords(e.Status, e.Reason))
		default:
			parts = append(parts, e.String())
		}
	}
	if len(parts) == 0 {
		return "nothing happened"
	}
	return strings.Join(parts, ", ")
}

// statusWords says how a game ended: "south won (empty_side)", "solved".
func statusWords(s engine.Status, r engine.EndReason) string {
	var w string
	switch s {
	case engine.SouthWon, engine.NorthWon:
		side, _ := s.Winner()
		w = side.String() + " won"
	default:
		w = s.String()
	}
	if r != engine.EndNone {
		w += " (" + r.String() + ")"
	}
	return w
}

// summary is the line printed under a board: the stores and, when the game
// is over, the result. It ends with a newline.
func summary(p engine.Position) string {
	l := p.Rules().Layout()
	var b strings.Builder
	if l.Sides == 1 {
		fmt.Fprintf(&b, "store: %d of %s", p.Store(engine.South), seeds(p.Seeds()))
	} else {
		b.WriteString("stores:")
		for s := range engine.Side(l.Sides) {
			if s > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, " %s %d", s, p.Store(s))
		}
	}
	if st := p.Status(); st.Over() {
		b.WriteString("; result: " + statusWords(st, p.EndReason()))
		if w, ok := st.Winner(); ok && l.Sides == 2 {
			fmt.Fprintf(&b, ", %d to %d", p.Store(w), p.Store(1-w))
		}
	}
	b.WriteByte('\n')
	return b.String()
}
