package rulebook

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"sync"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
)

// The sections of a rules explanation that examples illustrate. Each is the
// suffix of the section's heading key in the locales catalog
// (rules_h_<section>), so the bot can put a section's diagrams under its
// text.
const (
	Sowing    = "sowing"
	Extra     = "extra" // the extra turn
	Capture   = "capture"
	Relay     = "relay"
	Feeding   = "feeding"
	GrandSlam = "grand_slam"
	Tuzdyk    = "tuzdyk"
	Swap      = "swap"
	LastSeed  = "last_seed" // the solitaire: where the last seed lands
	Laps      = "laps"      // bao-laps: relays, lap after lap
	End       = "end"
)

// Feature is what an example's move demonstrates. [Example.Check] proves
// that the move really does it.
type Feature string

// The features.
const (
	// ShowsLap: a pile big enough to go all the way round the board. In
	// Kalah it drops a seed into the pit it came from (and skips the
	// opponent's store); in Oware and bao-kenya it skips that pit, which
	// stays empty.
	ShowsLap Feature = "lap"
	// ShowsSow: a plain sowing; nothing is captured or relayed and the
	// turn passes. (Congkak without relay: the last seed lands in an
	// occupied pit and the move just ends.)
	ShowsSow Feature = "sow"
	// ShowsExtraTurn: the last seed lands in the mover's store; the mover
	// moves again.
	ShowsExtraTurn Feature = "extra_turn"
	// ShowsCapture: the move captures (in Kalah and Congkak, the facing
	// pit's seeds with the last seed), the game goes on.
	ShowsCapture Feature = "capture"
	// ShowsCaptureChain: Oware's capture of two or more pits in a row.
	ShowsCaptureChain Feature = "capture_chain"
	// ShowsLoneCapture: Kalah's empty_capture: the last seed, in an empty
	// pit of the mover's facing an empty pit, is captured alone.
	ShowsLoneCapture Feature = "lone_capture"
	// ShowsRelay: the last seed lands in an occupied pit, whose seeds are
	// lifted and sown on (and the move does not fail).
	ShowsRelay Feature = "relay"
	// ShowsFeeding: the opponent has no seeds, the mover has several
	// non-empty pits, and the move, the only legal one, gives the opponent
	// seeds.
	ShowsFeeding Feature = "feeding"
	// ShowsGrandSlam: a move capturing every seed on the opponent's side;
	// the opponent cannot move and the game ends (Oware, grand_slam
	// "capture").
	ShowsGrandSlam Feature = "grand_slam"
	// ShowsGrandSlamNoCapture: a move that would capture every seed on the
	// opponent's side is played and captures nothing (grand_slam
	// "nocapture").
	ShowsGrandSlamNoCapture Feature = "grand_slam_nocapture"
	// ShowsGrandSlamForced: every legal move is a grand slam, so one is
	// played and captures (grand_slam "forbidden").
	ShowsGrandSlamForced Feature = "grand_slam_forced"
	// ShowsTuzdyk: the move makes a tuzdyk (Togyz Kumalak).
	ShowsTuzdyk Feature = "tuzdyk"
	// ShowsDeposit: a seed sown into the mover's tuzdyk passes into the
	// mover's store.
	ShowsDeposit Feature = "deposit"
	// ShowsSwap: the pie rule's swap.
	ShowsSwap Feature = "swap"
	// ShowsEnd: the move ends the game and the seeds left are swept into
	// the stores.
	ShowsEnd Feature = "end"
	// ShowsStranded: the solitaire's last seed lands in an empty pit: failed.
	ShowsStranded Feature = "stranded"
	// ShowsSolved: the solitaire's last seeds reach the store: solved.
	ShowsSolved Feature = "solved"
)

// Example is a concrete move that illustrates one section of a variant's
// rules: the position before it and the move. Its images are drawn from
// the move's events: [Example.PNG] (before and after) and [Example.GIF]
// (seed by seed).
type Example struct {
	// Section is the rules section illustrated (Sowing, Capture, ...).
	Section string
	// Shows is what the move demonstrates.
	Shows Feature
	// Before is the position, with the mover to move.
	Before engine.Position
	// Move is the move played; it is legal in Before.
	Move engine.Move
}

// DiagramScale is the scale of the diagrams [Example.PNG] and [SheetPNG]
// draw: a Kalah diagram is 786×699 px, a Togyz Kumalak one 870×568,
// readable on a phone; a sheet of four Togyz Kumalak examples is about
// 1790×1330 px.
const DiagramScale = 0.8

// Play returns the position after the move and the move's events. An
// Example from [Examples] always has a legal move; for any other, after is
// Before and events is nil when the move is illegal.
func (e Example) Play() (after engine.Position, events []engine.Event) {
	after, events, err := e.Before.PlayEvents(e.Move)
	if err != nil {
		return e.Before, nil
	}
	return after, events
}

// PNG writes the example's diagram: the position before, the move's pit
// ringed, an arrow, and the position after with the move's marks
// ([render.Diagram] at [DiagramScale]).
func (e Example) PNG(w io.Writer) error {
	after, ev, err := e.Before.PlayEvents(e.Move)
	if err != nil {
		return err
	}
	return render.Diagram(w, e.Before, ev, after, render.Options{Scale: DiagramScale})
}

// MoveLabel is m, a move from before, as the diagrams (drawn from South's
// seat) and their captions write it: its notation ("3", "3R"), except a
// move that names an opponent's pit by the numbering N+j (a Tshuba bonus
// capture, a Nam Nam claim, an Afrika capture, an Ohojitxi drop), written
// as the pit's own number j with an arrow toward its row: "↑1" for
// South, whose opponent's rows are above, "↓1" for North.
func MoveLabel(before engine.Position, m engine.Move) string {
	l := before.Rules().Layout()
	if m.Kind != engine.Sow || m.Dir != engine.DirNone || m.Plus || l.Sides != 2 || int(m.Pit) <= l.Pits || int(m.Pit) > 2*l.Pits {
		return m.String()
	}
	arrow := "↑"
	if before.ToMove() == engine.North {
		arrow = "↓"
	}
	return arrow + strconv.Itoa(int(m.Pit)-l.Pits)
}

// SheetPNG writes the diagrams of examples as one PNG, in order, each under
// its number 1, 2, ... (as [render.DiagramSheet] draws them at
// [DiagramScale]: stacked for one or two examples, in two columns from
// three on), so that a variant's rules go to a chat as one image, not one
// per example; the text refers to the examples by number. It fails on no
// examples and on an example whose move is illegal.
func SheetPNG(w io.Writer, examples []Example) error {
	panels := make([]render.Panel, len(examples))
	for i, e := range examples {
		if e.Before.Rules() == nil {
			return fmt.Errorf("rulebook: example %d has no position", i+1)
		}
		after, ev, err := e.Before.PlayEvents(e.Move)
		if err != nil {
			return fmt.Errorf("rulebook: example %d (%s): %w", i+1, e, err)
		}
		// The arrow says the move as its caption does ("3R"); a move on
		// an opponent's pit (MoveLabel's "↑1") is left to the diagram,
		// which writes that pit's number in its owner's colour.
		label := e.Move.String()
		if MoveLabel(e.Before, e.Move) != label {
			label = ""
		}
		panels[i] = render.Panel{Before: e.Before, Events: ev, After: after, Label: label}
	}
	return render.DiagramSheet(w, panels, render.Options{Scale: DiagramScale})
}

// GIF writes the example's move as an animation, one frame per seed
// ([render.Animation] at its default scale).
func (e Example) GIF(w io.Writer) error {
	_, ev, err := e.Before.PlayEvents(e.Move)
	if err != nil {
		return err
	}
	return render.Animation(w, e.Before, ev, render.Options{})
}

// String names the example for logs and test names: "kalah capture 2".
func (e Example) String() string {
	id := "?"
	if r := e.Before.Rules(); r != nil {
		id = r.Variant().ID
	}
	return fmt.Sprintf("%s %s %s", id, e.Shows, e.Move)
}

// Check reports whether the example holds: the move is legal, seeds are
// conserved, and the move shows what Shows says (a capture example
// captures, an extra-turn example ends in the store, ...). The error says
// what is wrong.
func (e Example) Check() error {
	if e.Before.Rules() == nil {
		return errors.New("no position")
	}
	if e.Before.Status().Over() {
		return errors.New("the game is already over")
	}
	after, ev, err := e.Before.PlayEvents(e.Move)
	return e.checkPlayed(after, ev, err)
}

// checkPlayed is Check with the move already played.
func (e Example) checkPlayed(after engine.Position, ev []engine.Event, err error) error {
	if err != nil {
		return fmt.Errorf("move %s: %w", e.Move, err)
	}
	if after.Seeds() != e.Before.Seeds() {
		return fmt.Errorf("%d seeds before, %d after", e.Before.Seeds(), after.Seeds())
	}
	if msg := shows(e, after, ev); msg != "" {
		return fmt.Errorf("%s: %s", e.Shows, msg)
	}
	return nil
}

// count returns the number of events of kind k.
func count(ev []engine.Event, k engine.EventKind) int {
	n := 0
	for _, e := range ev {
		if e.Kind == k {
			n++
		}
	}
	return n
}

// shownMove is what a feature's check sees: the example, the positions
// before and after its move, and the move's events.
type shownMove struct {
	e                Example
	b, after         engine.Position
	me, opp          engine.Side
	id               string // the variant
	on               bool   // the game goes on after the move
	ev               []engine.Event
	captures, relays int // the capture and relay events
}

// featureChecks holds, for each Feature, the check that a move shows it:
// "" if it does, else what is missing. A feature of one variant registers
// its check from that variant's examples file (registerFeature).
var featureChecks = map[Feature]func(sm *shownMove) string{
	ShowsSow: func(sm *shownMove) string {
		if sm.captures+sm.relays+count(sm.ev, engine.EventExtraTurn)+count(sm.ev, engine.EventTuzdyk) > 0 || !sm.on {
			return "more happens than sowing"
		}
		if count(sm.ev, engine.EventSow) < 2 {
			return "fewer than two seeds sown"
		}
		return ""
	},
	ShowsLap: func(sm *shownMove) string {
		pick, sown := engine.NoCell, map[engine.Cell]int{}
		for _, x := range sm.ev {
			switch x.Kind {
			case engine.EventPickup:
				pick = x.Cell
			case engine.EventSow:
				sown[x.Cell]++
			}
		}
		twice := false
		for _, n := range sown {
			twice = twice || n > 1
		}
		if !twice || sm.relays+sm.captures+count(sm.ev, engine.EventExtraTurn) > 0 || !sm.on {
			return "no plain lap round the board"
		}
		if skips := sm.id == "oware" || sm.id == "bao-kenya"; skips != (sown[pick] == 0) {
			return "the origin pit is not treated as the rules say"
		}
		return ""
	},
	ShowsExtraTurn: func(sm *shownMove) string {
		if count(sm.ev, engine.EventExtraTurn) != 1 || sm.after.ToMove() != sm.me || !sm.on {
			return "no extra turn"
		}
		return ""
	},
	ShowsCapture:      showsCapture,
	ShowsCaptureChain: showsCapture,
	ShowsLoneCapture: func(sm *shownMove) string {
		if sm.captures != 1 || !sm.on {
			return "no lone capture"
		}
		for _, x := range sm.ev {
			if x.Kind == engine.EventCapture && (x.Count != 1 || sm.b.Rules().Layout().Cells[x.Cell].Owner != sm.me) {
				return "the capture is not the lone last seed"
			}
		}
		return ""
	},
	ShowsRelay: func(sm *shownMove) string {
		if sm.relays == 0 || sm.after.Status() == engine.Failed {
			return "no relay, or the move fails"
		}
		return ""
	},
	ShowsFeeding: func(sm *shownMove) string {
		if sm.b.PitSeeds(sm.opp) != 0 {
			return "the opponent has seeds"
		}
		moves, pits := sm.b.Moves(), 0
		for i := 1; i <= sm.b.Rules().Layout().Pits; i++ {
			if sm.b.Pit(sm.me, i) > 0 {
				pits++
			}
		}
		if len(moves) != 1 || moves[0] != sm.e.Move || pits < 2 {
			return fmt.Sprintf("the move is not the only legal one of several pits (moves %v)", moves)
		}
		if sm.after.PitSeeds(sm.opp) == 0 || !sm.on {
			return "the opponent is not fed"
		}
		return ""
	},
	ShowsGrandSlam: func(sm *shownMove) string {
		if sm.captures == 0 || sm.on || !slams(sm.b, sm.e.Move) {
			return "no grand slam that ends the game"
		}
		return ""
	},
	ShowsGrandSlamNoCapture: func(sm *shownMove) string {
		if sm.captures > 0 || !sm.on || !lastInOpponentRow(sm.b, sm.ev) || !slams(sm.b, sm.e.Move) {
			return "not a grand slam that captures nothing"
		}
		return ""
	},
	ShowsGrandSlamForced: func(sm *shownMove) string {
		moves := sm.b.Moves()
		for _, m := range moves {
			if !slams(sm.b, m) {
				return fmt.Sprintf("move %s is no grand slam", m)
			}
		}
		if sm.captures == 0 || !slices.Contains(moves, sm.e.Move) {
			return "no grand slam played"
		}
		return ""
	},
	ShowsTuzdyk: func(sm *shownMove) string {
		if count(sm.ev, engine.EventTuzdyk) != 1 {
			return "no tuzdyk made"
		}
		return ""
	},
	ShowsDeposit: func(sm *shownMove) string {
		if count(sm.ev, engine.EventDeposit) == 0 || !sm.on {
			return "no seed deposited from a tuzdyk"
		}
		return ""
	},
	ShowsSwap: func(sm *shownMove) string {
		if count(sm.ev, engine.EventSwap) != 1 {
			return "no swap"
		}
		return ""
	},
	ShowsEnd: func(sm *shownMove) string {
		if sm.on || count(sm.ev, engine.EventSweep) == 0 {
			return "the game does not end with seeds swept"
		}
		return ""
	},
	ShowsStranded: func(sm *shownMove) string {
		if sm.after.Status() != engine.Failed {
			return "the solitaire does not fail"
		}
		return ""
	},
	ShowsSolved: func(sm *shownMove) string {
		if sm.after.Status() != engine.Solved {
			return "the solitaire is not solved"
		}
		return ""
	},
}

// showsCapture is the check of ShowsCapture and ShowsCaptureChain.
func showsCapture(sm *shownMove) string {
	if sm.captures == 0 || count(sm.ev, engine.EventTuzdyk) > 0 || !sm.on {
		return "no capture in a game that goes on"
	}
	if sm.e.Shows == ShowsCaptureChain && sm.captures < 2 {
		return "only one pit captured"
	}
	if (sm.id == "kalah" || sm.id == "congkak") && sm.captures != 2 {
		return "not the facing pit and the last seed"
	}
	return ""
}

// registerFeature enters the check of a variant's own feature; it panics
// on a feature already checked.
func registerFeature(f Feature, check func(sm *shownMove) string) {
	if _, dup := featureChecks[f]; dup {
		panic("rulebook: feature checked twice: " + string(f))
	}
	featureChecks[f] = check
}

// shows returns "" if the move shows f, and otherwise what is missing.
func shows(e Example, after engine.Position, ev []engine.Event) string {
	check, ok := featureChecks[e.Shows]
	if !ok {
		return "unknown feature"
	}
	b := e.Before
	me := b.ToMove()
	return check(&shownMove{
		e: e, b: b, after: after, me: me, opp: 1 - me,
		id: b.Rules().Variant().ID, on: !after.Status().Over(), ev: ev,
		captures: count(ev, engine.EventCapture), relays: count(ev, engine.EventRelay),
	})
}

// lastInOpponentRow reports whether the last seed sown lands on the
// opponent's side: no capture is possible otherwise.
func lastInOpponentRow(p engine.Position, ev []engine.Event) bool {
	l := p.Rules().Layout()
	for i := len(ev) - 1; i >= 0; i-- {
		if ev[i].Kind == engine.EventSow {
			return int(ev[i].Cell) < len(l.Cells) && l.Cells[ev[i].Cell].Owner != p.ToMove()
		}
	}
	return false
}

var slamRules sync.Map // seeds option -> Oware rules with grand_slam "capture"

// slams reports whether m, played in p under Oware's grand_slam "capture"
// rules, captures every seed on the opponent's side.
func slams(p engine.Position, m engine.Move) bool {
	r := p.Rules()
	if r.Variant().ID != "oware" {
		return false
	}
	seeds := r.Options()["seeds"]
	cr, ok := slamRules.Load(seeds)
	if !ok {
		cr, _ = slamRules.LoadOrStore(seeds, engine.MustNew("oware", engine.Options{"seeds": seeds, "grand_slam": "capture"}))
	}
	q, err := engine.NewPosition(cr.(engine.Rules), p.Setup())
	if err != nil {
		return false
	}
	after, ev, err := q.PlayEvents(m)
	if err != nil || count(ev, engine.EventCapture) == 0 {
		return false
	}
	for _, x := range ev {
		if x.Kind == engine.EventSweep && r.Layout().Cells[x.Cell].Owner != p.ToMove() {
			return false // the opponent still had seeds
		}
	}
	return after.PitSeeds(1-p.ToMove()) == 0
}

// variantExamples are a variant's examples.
type variantExamples struct {
	// examples returns the hand-picked positions and the searched-for
	// examples, in the order of the rules sections (see kalah in
	// examples.go).
	examples func(r engine.Rules, o engine.Options) []Example
	// defaults is what the examples show with the default options, in
	// order; TestExamplesDefault holds examples to it.
	defaults []sectionFeature
}

// sectionFeature is an example's section and what it shows.
type sectionFeature struct {
	section string
	shows   Feature
}

// examplers is the registry of the variants' examples, by variant id; each
// rulebook/examples_<variant>.go enters its own with registerExamples.
var examplers = map[string]variantExamples{}

// registerExamples enters variant id's examples, f, with what they show
// with the default options; it panics on a second entry for id.
func registerExamples(id string, f func(r engine.Rules, o engine.Options) []Example, defaults []sectionFeature) {
	if _, dup := examplers[id]; dup {
		panic("rulebook: examples registered twice: " + id)
	}
	examplers[id] = variantExamples{f, defaults}
}

// noOptions adapts examples that do not depend on the options.
func noOptions(f func(r engine.Rules) []Example) func(r engine.Rules, o engine.Options) []Example {
	return func(r engine.Rules, _ engine.Options) []Example { return f(r) }
}

// Variants lists the variants Examples has examples for, in the engine's
// order.
func Variants() []string {
	var ids []string
	for _, v := range engine.Variants() {
		if _, ok := examplers[v.ID]; ok {
			ids = append(ids, v.ID)
		}
	}
	return ids
}

var cache sync.Map // cacheKey -> []Example

// Examples returns the examples for variant's rules explanation with the
// options opts (engine option names and text values; missing ones take
// their defaults), in the order of the explanation's sections. Options
// that change the rules change the examples: Kalah's empty_capture shows
// the lone-seed capture and pie adds the swap, Oware's grand_slam policy
// picks its grand-slam example, Congkak without relay has no relay
// example and shows a sowing that ends in an occupied pit.
//
// On the standard boards (Kalah 6 pits of 4, Oware 4 seeds, Togyz Kumalak,
// Congkak) the examples are hand-picked mid-game positions with the real
// number of seeds; on other boards they are found by playing games from
// the start (reproducibly), and a feature no game shows is left out. The
// Tchuka Ruma examples are always positions of the solitaire reached from
// its start. Unknown variants, variants without examples and invalid
// options give nil. The result is cached; it is the caller's to change.
func Examples(variant string, opts engine.Options) []Example {
	v, err := engine.Lookup(variant)
	if err != nil {
		return nil
	}
	resolved, err := v.Resolve(opts)
	if err != nil {
		return nil
	}
	key := v.ID
	for _, k := range slices.Sorted(maps.Keys(resolved)) {
		key += " " + k + "=" + resolved[k]
	}
	if x, ok := cache.Load(key); ok {
		return slices.Clone(x.([]Example))
	}
	r, err := v.New(resolved)
	if err != nil {
		return nil
	}
	var ex []Example
	if e, ok := examplers[v.ID]; ok {
		ex = e.examples(r, resolved)
	}
	// Keep only examples that hold: a hand-picked position the options
	// make wrong is dropped rather than shown (the tests make sure none
	// is, for every option value).
	ex = slices.DeleteFunc(ex, func(e Example) bool { return e.Check() != nil })
	cache.Store(key, ex)
	return slices.Clone(ex)
}
