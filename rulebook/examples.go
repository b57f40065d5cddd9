package rulebook

import (
	"encoding/json"

	"github.com/mancala-bot/mancala/engine"
)

func init() {
	registerExamples("kalah", kalah,
		[]sectionFeature{{Sowing, ShowsLap}, {Extra, ShowsExtraTurn}, {Capture, ShowsCapture}, {End, ShowsEnd}})
	registerExamples("oware", oware,
		[]sectionFeature{{Sowing, ShowsLap}, {Capture, ShowsCaptureChain}, {Feeding, ShowsFeeding}, {GrandSlam, ShowsGrandSlam}})
	registerExamples("togyz", noOptions(togyz),
		[]sectionFeature{{Sowing, ShowsSow}, {Capture, ShowsCapture}, {Tuzdyk, ShowsTuzdyk}, {Tuzdyk, ShowsDeposit}})
	registerExamples("congkak", congkak,
		[]sectionFeature{{Sowing, ShowsSow}, {Relay, ShowsRelay}, {Extra, ShowsExtraTurn}, {Capture, ShowsCapture}})
	registerExamples("tchuka", noOptions(tchuka),
		[]sectionFeature{{Sowing, ShowsExtraTurn}, {LastSeed, ShowsRelay}, {LastSeed, ShowsStranded}, {End, ShowsSolved}})
	registerExamples("bao-kenya", noOptions(baoKenya),
		[]sectionFeature{{Sowing, ShowsLap}, {Extra, ShowsExtraTurn}, {Capture, ShowsCapture}, {End, ShowsEnd}})
	registerExamples("bao-laps", noOptions(baoLaps),
		[]sectionFeature{{Sowing, ShowsSow}, {Laps, ShowsRelay}, {Capture, ShowsCapture}, {End, ShowsEnd}})
}

// pos builds a hand-picked position of rules r, South to move. south and
// north list each side's pits in its own 1..N order. The stores are given
// for the standard number of seeds; with another number (Kalah's or
// Oware's seeds option) the difference is shared between them, so the
// position keeps the real total. It returns false when the rules reject
// the setup (another board size, too few seeds for these pits, a game
// already decided): the example is then searched for.
func pos(r engine.Rules, ply int, south, north []int, stores [2]int, extra ...string) (engine.Position, bool) {
	l := r.Layout()
	if len(south) != l.Pits || len(north) != l.Pits {
		return engine.Position{}, false
	}
	sum := stores[0] + stores[1]
	for i := range south {
		sum += south[i] + north[i]
	}
	d := r.Start().Seeds() - sum
	stores[0] += d - d/2
	stores[1] += d / 2
	if stores[0] < 0 || stores[1] < 0 {
		return engine.Position{}, false
	}
	s := engine.Setup{ToMove: engine.South, Ply: ply, Pits: [][]int{south, north}, Stores: stores[:]}
	if len(extra) == 2 {
		s.Extra = map[string]json.RawMessage{extra[0]: json.RawMessage(extra[1])}
	}
	p, err := engine.NewPosition(r, s)
	return p, err == nil
}

// add appends the example if its position was built and the example holds
// under r's options, and otherwise one found by search.
func add(ex []Example, r engine.Rules, section string, f Feature, p engine.Position, ok bool, pit uint8) []Example {
	e := Example{Section: section, Shows: f, Before: p, Move: engine.Move{Pit: pit}}
	if ok && e.Check() == nil {
		return append(ex, e)
	}
	return append(ex, searchAll(r, []want{{section, f}})...)
}

// kalah: 6 pits of 4 seeds, 48 in all (the hand-picked positions count
// every pit, both stores included, to 48).
//
//   - sowing: 14 seeds from pit 2 go round the board: along South's row,
//     into South's store, along North's row, past North's store, and on
//     into pit 2 itself and pit 3;
//   - extra: 3 seeds from pit 4, the last into the store;
//   - capture: 3 seeds from pit 2, the last into empty pit 5, facing
//     North's pit 2 with 7 (with empty_capture: facing an empty pit, the
//     lone seed is captured);
//   - swap (pie): after South's first move, North swaps;
//   - end: South's last seed goes into the store; South's row is empty, so
//     North's seeds are swept into North's store and South wins 25:23.
func kalah(r engine.Rules, o engine.Options) []Example {
	var ex []Example
	p, ok := pos(r, 14, []int{1, 14, 2, 0, 3, 1}, []int{2, 5, 3, 1, 4, 2}, [2]int{6, 4})
	ex = add(ex, r, Sowing, ShowsLap, p, ok, 2)
	ex = append(ex, crossKalah(r, o)...)
	p, ok = pos(r, 12, []int{3, 1, 5, 3, 2, 4}, []int{4, 5, 1, 0, 6, 3}, [2]int{6, 5})
	ex = add(ex, r, Extra, ShowsExtraTurn, p, ok, 4)
	if o["empty_capture"] == "true" {
		p, ok = pos(r, 12, []int{2, 3, 4, 1, 0, 5}, []int{3, 0, 8, 6, 2, 4}, [2]int{5, 5})
		ex = add(ex, r, Capture, ShowsLoneCapture, p, ok, 2)
	} else {
		p, ok = pos(r, 12, []int{2, 3, 4, 1, 0, 5}, []int{3, 7, 1, 6, 2, 4}, [2]int{5, 5})
		ex = add(ex, r, Capture, ShowsCapture, p, ok, 2)
	}
	if o["pie"] == "true" {
		ex = append(ex, swap(r)...)
	}
	p, ok = pos(r, 40, []int{0, 0, 0, 0, 0, 1}, []int{1, 0, 2, 3, 0, 1}, [2]int{24, 16})
	return add(ex, r, End, ShowsEnd, p, ok, 6)
}

// swap is the pie rule's example: South's first move (the first in pit
// order that passes the turn), then North swaps.
func swap(r engine.Rules) []Example {
	start := r.Start()
	for _, m := range start.Moves() {
		p, err := start.Play(m)
		if err == nil && p.ToMove() == engine.North {
			return []Example{{Section: Swap, Shows: ShowsSwap, Before: p, Move: engine.SwapMove}}
		}
	}
	return nil
}

// oware: 4 seeds a pit, 48 in all.
//
//   - sowing: 13 seeds from pit 3 go round, skipping pit 3, which stays
//     empty;
//   - capture: 4 seeds from pit 5; the last three land in North's pits 1
//     to 3, making 2, 3 and 2: all three are captured;
//   - feeding: North has no seeds; of South's five pits only pit 5 reaches
//     North's row, so it is the only legal move;
//   - grand_slam ("capture"): 3 seeds from pit 5 make North's only seeds
//     2 and 3: both are captured, North cannot move, and the game ends;
//     ("nocapture"): the same move captures nothing; ("forbidden"): South
//     has only that move, so it is allowed and captures.
//
// The repetition option changes none of them: one move cannot show a
// position coming back, which takes a game's history.
func oware(r engine.Rules, o engine.Options) []Example {
	slam := map[string]Feature{"capture": ShowsGrandSlam, "nocapture": ShowsGrandSlamNoCapture, "forbidden": ShowsGrandSlamForced}[o["grand_slam"]]
	var ex []Example
	p, ok := pos(r, 22, []int{2, 1, 13, 3, 0, 4}, []int{1, 2, 0, 3, 2, 1}, [2]int{8, 8})
	ex = add(ex, r, Sowing, ShowsLap, p, ok, 3)
	ex = append(ex, crossOware(r, o)...)
	p, ok = pos(r, 16, []int{3, 0, 5, 1, 4, 2}, []int{1, 2, 1, 4, 6, 3}, [2]int{7, 9})
	ex = add(ex, r, Capture, ShowsCaptureChain, p, ok, 5)
	p, ok = pos(r, 38, []int{3, 2, 1, 2, 2, 0}, []int{0, 0, 0, 0, 0, 0}, [2]int{20, 18})
	ex = add(ex, r, Feeding, ShowsFeeding, p, ok, 5)
	if slam == ShowsGrandSlamForced {
		p, ok = pos(r, 46, []int{0, 0, 0, 0, 3, 0}, []int{1, 2, 0, 0, 0, 0}, [2]int{21, 21})
	} else {
		p, ok = pos(r, 34, []int{2, 4, 1, 3, 3, 1}, []int{1, 2, 0, 0, 0, 0}, [2]int{16, 15})
	}
	return add(ex, r, GrandSlam, slam, p, ok, 5)
}

// togyz: nine pits of nine, 162 in all.
//
//   - sowing: 8 seeds from pit 3: the first back into pit 3, the rest
//     along the row and into North's pit 1, which becomes odd (7): nothing
//     happens;
//   - capture: 6 seeds from pit 7; the last makes North's pit 3 even (10):
//     captured;
//   - tuzdyk: 7 seeds from pit 5; the last makes North's pit 2 exactly 3:
//     it becomes South's tuzdyk and its 3 seeds go to South's kazan;
//   - tuzdyk (deposit): South owns North's pit 4 as a tuzdyk; 10 seeds
//     from pit 7 pass over it (that seed goes to South's kazan) and the
//     last makes North's pit 7 even: captured.
func togyz(r engine.Rules) []Example {
	var ex []Example
	p, ok := pos(r, 10, []int{11, 6, 8, 14, 3, 9, 12, 7, 10}, []int{6, 9, 13, 2, 10, 8, 5, 11, 4}, [2]int{8, 6})
	ex = add(ex, r, Sowing, ShowsSow, p, ok, 3)
	p, ok = pos(r, 12, []int{10, 12, 4, 11, 7, 2, 6, 13, 9}, []int{8, 11, 9, 10, 3, 12, 5, 7, 14}, [2]int{5, 4})
	ex = add(ex, r, Capture, ShowsCapture, p, ok, 7)
	p, ok = pos(r, 28, []int{6, 3, 10, 4, 7, 12, 2, 8, 5}, []int{9, 2, 11, 5, 8, 3, 14, 6, 4}, [2]int{24, 19})
	ex = add(ex, r, Tuzdyk, ShowsTuzdyk, p, ok, 5)
	p, ok = pos(r, 40, []int{5, 8, 3, 11, 2, 9, 10, 4, 7}, []int{7, 3, 12, 0, 6, 10, 5, 8, 2}, [2]int{28, 22},
		"tuzdyk", `{"south":4,"north":0}`)
	return add(ex, r, Tuzdyk, ShowsDeposit, p, ok, 7)
}

// congkak: seven pits of seven, 98 in all.
//
//   - sowing: 6 seeds from pit 5 go into the store and on to North's pit
//     3, which was empty: the move ends there. Without relay: North's pit
//     3 holds seeds, and the move still ends there;
//   - relay: 5 seeds from pit 2; the last lands in pit 7 (6 seeds), which
//     is lifted and sown on: into the store and along North's row, to
//     North's empty pit 6, where the move ends;
//   - extra: 4 seeds from pit 4, the last into the store;
//   - capture: 3 seeds from pit 1, the last into empty pit 4, facing
//     North's pit 4 with 9: both go to South's store.
func congkak(r engine.Rules, o engine.Options) []Example {
	relay := o["relay"] == "true"
	var ex []Example
	if relay {
		p, ok := pos(r, 14, []int{8, 3, 10, 5, 6, 9, 2}, []int{7, 11, 0, 4, 9, 6, 8}, [2]int{6, 4})
		ex = add(ex, r, Sowing, ShowsSow, p, ok, 5)
		p, ok = pos(r, 14, []int{4, 5, 8, 3, 9, 2, 6}, []int{10, 7, 12, 5, 8, 0, 9}, [2]int{5, 5})
		ex = add(ex, r, Relay, ShowsRelay, p, ok, 2)
	} else {
		p, ok := pos(r, 14, []int{8, 3, 10, 5, 6, 9, 2}, []int{7, 11, 5, 4, 9, 6, 8}, [2]int{3, 2})
		ex = add(ex, r, Sowing, ShowsSow, p, ok, 5)
	}
	p, ok := pos(r, 10, []int{6, 9, 2, 4, 11, 3, 7}, []int{8, 5, 10, 6, 3, 9, 7}, [2]int{4, 4})
	ex = add(ex, r, Extra, ShowsExtraTurn, p, ok, 4)
	p, ok = pos(r, 12, []int{3, 6, 8, 0, 5, 10, 4}, []int{7, 2, 5, 9, 11, 6, 8}, [2]int{8, 6})
	return add(ex, r, Capture, ShowsCapture, p, ok, 1)
}

// bao-kenya: eight pits of three, 48 in all (docs/sources/bao-rules.md K3-K8).
//
//   - sowing: 20 seeds from pit 8: the store, North's row, South's pits 1
//     to 7; the 17th seed skips pit 8 (K4) and goes into the store again,
//     the last three to North's pits 1 to 3;
//   - extra: 3 seeds from pit 6, the last into the store (K5);
//   - capture: 2 seeds from pit 2, the last into empty pit 4, facing
//     North's pit 5 with 6: they go to South's store, the sowing seed
//     stays (K6; with capture_sower it goes too);
//   - end: South's last seed goes into the store; South, to move again, has
//     no seeds, so North's 7 are swept into North's store: 25 to 23 (K8).
func baoKenya(r engine.Rules) []Example {
	var ex []Example
	p, ok := pos(r, 16, []int{1, 2, 1, 3, 0, 2, 1, 20}, []int{2, 1, 2, 0, 3, 1, 2, 1}, [2]int{3, 3})
	ex = add(ex, r, Sowing, ShowsLap, p, ok, 8)
	p, ok = pos(r, 10, []int{3, 1, 4, 2, 0, 3, 2, 5}, []int{4, 2, 3, 1, 5, 0, 2, 3}, [2]int{4, 4})
	ex = add(ex, r, Extra, ShowsExtraTurn, p, ok, 6)
	p, ok = pos(r, 12, []int{3, 2, 1, 0, 4, 2, 5, 1}, []int{2, 4, 1, 3, 6, 2, 0, 3}, [2]int{5, 4})
	ex = add(ex, r, Capture, ShowsCapture, p, ok, 2)
	p, ok = pos(r, 40, []int{0, 0, 0, 0, 0, 0, 0, 1}, []int{1, 0, 2, 3, 0, 1, 0, 0}, [2]int{22, 18})
	return add(ex, r, End, ShowsEnd, p, ok, 8)
}

// bao-laps: eight pits of two, 32 in all (docs/sources/bao-rules.md L3-L8).
//
//   - sowing: 2 seeds from pit 7 to pit 8 and North's empty pit 1: the
//     move ends there, on North's side, and nothing happens (L6);
//   - laps: 2 seeds from pit 1 end in pit 3 (3 seeds): 4 seeds are lifted
//     and sown on, then 3 from pit 7, then 3 from North's pit 2, the last
//     falling into North's empty pit 5 (L5);
//   - capture: 2 seeds from pit 1, the last into empty pit 3, facing
//     North's pit 6 with 4: they go to South's store (L6);
//   - end: the same capture takes North's last seeds; North, to move, has
//     none, so South sweeps his own four and wins 20 to 12 (L8).
func baoLaps(r engine.Rules) []Example {
	var ex []Example
	p, ok := pos(r, 12, []int{2, 1, 3, 2, 0, 1, 2, 0}, []int{0, 2, 1, 3, 0, 2, 1, 2}, [2]int{5, 5})
	ex = add(ex, r, Sowing, ShowsSow, p, ok, 7)
	ex = add(ex, r, Laps, ShowsRelay, p, ok, 1)
	p, ok = pos(r, 14, []int{2, 0, 0, 3, 1, 2, 1, 1}, []int{1, 2, 3, 0, 2, 4, 1, 1}, [2]int{4, 4})
	ex = add(ex, r, Capture, ShowsCapture, p, ok, 1)
	p, ok = pos(r, 40, []int{2, 0, 0, 1, 0, 1, 0, 0}, []int{0, 0, 0, 0, 0, 3, 0, 0}, [2]int{13, 12})
	return add(ex, r, End, ShowsEnd, p, ok, 1)
}

// tchuka: the solitaire starts from one layout, so its examples are
// positions reached from the start:
//
//   - sowing: a move whose last seed goes into the store (choose again);
//   - last_seed: a move whose last seed lands in an occupied pit and is
//     relayed until it reaches the store;
//   - last_seed: a move whose last seed lands in an empty pit: failed;
//
// found breadth first (the fewest moves from the start, pits tried in
// order), and
//
//   - end: the last move of a solution, the first found depth first (pits
//     in order), when the layout has one.
func tchuka(r engine.Rules) []Example {
	ex := breadthFirst(r, []want{{Sowing, ShowsExtraTurn}, {LastSeed, ShowsRelay}, {LastSeed, ShowsStranded}})
	if p, m, ok := solution(r); ok {
		ex = append(ex, Example{Section: End, Shows: ShowsSolved, Before: p, Move: m})
	}
	return ex
}
