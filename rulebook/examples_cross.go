package rulebook

import "github.com/mancala-bot/mancala/engine"

// CrossSowing is Kalah's section on cross-sowing (rules_h_cross_sowing);
// Oware's cross-sowing is told in its sowing section.
const CrossSowing = "cross_sowing"

// crossKalah is Kalah's cross-sowing example (option cross): from the
// start, the first pit holding an even number of seeds is sown clockwise,
// into North's row (with 4 seeds, pit 3: 2, 1, past North's store, North
// 6 and 5). None when cross is off, or no such move is a plain sowing.
func crossKalah(r engine.Rules, o engine.Options) []Example {
	if o["cross"] != "true" {
		return nil
	}
	p := r.Start()
	for _, m := range p.Moves() {
		e := Example{Section: CrossSowing, Shows: ShowsSow, Before: p, Move: m}
		if p.Pit(engine.South, int(m.Pit))%2 == 0 && e.Check() == nil {
			return []Example{e}
		}
	}
	return nil
}

// crossOware is Oware's cross-sowing example (option cross), the position
// of docs/sources/more-games-rules.md section 14: South's pit 1 (2 seeds, even)
// goes clockwise into North's pits 6 (1, now 2) and 5 (2, now 3, the last); the
// chain runs the other way, from pit 5 to pit 6: 5 seeds.
func crossOware(r engine.Rules, o engine.Options) []Example {
	if o["cross"] != "true" {
		return nil
	}
	p, ok := pos(r, 18, []int{2, 4, 4, 4, 4, 4}, []int{4, 4, 4, 4, 2, 1}, [2]int{})
	e := Example{Section: Sowing, Shows: ShowsCaptureChain, Before: p, Move: engine.Move{Pit: 1}}
	if !ok || e.Check() != nil {
		return nil
	}
	return []Example{e}
}
