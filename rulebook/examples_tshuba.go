package rulebook

import "github.com/mancala-bot/mancala/engine"

func init() {
	registerExamples("tshuba", tshuba, []sectionFeature{{Sowing, ShowsRelay}, {Capture, ShowsCapture}, {TshubaBonus, ShowsCapture}})
}

// TshubaBonus is Tshuba's section on the bonus capture
// (rules_h_tshuba_bonus).
const TshubaBonus = "tshuba_bonus"

// tshuba: Tshuba on its 4x8 board (each side's 16 pits: front row 1..8,
// back row 9..16, both from the owner's left; sowing goes 8, 7, ..., 1,
// 9, 10, ..., 16, 8, ...) or its 4x4 board (4, 3, 2, 1, 5, ..., 8, 4, ...);
// hand-picked mid-game positions, checked by hand against
// docs/sources/more-games-rules.md section 11, the stores filled up to the
// game's seeds:
//
//   - sowing (4x8): pit 12's three seeds go to 13, 14 and 15; pit 15 held
//     a seed, so its two are lifted and sown on, 16 and front pit 8, which
//     was empty and faces North's empty pit 1: the move ends (4x4: pit 6's
//     two go to 7 and 8, which held one; its two go on to 4 and 3, facing
//     North's empty pit 2);
//   - capture (4x8): pit 3's seed goes to the empty pit 2, facing North's
//     pit 7 (3 seeds) with 2 behind it in North's pit 15: both are taken
//     (4x4: pit 3's seed into pit 2, facing North's 3 with 7 behind it);
//   - bonus: after that capture South takes one more pit of North's, the
//     fullest (with bonus=0 the turn passes and there is no example).
func tshuba(r engine.Rules, o engine.Options) []Example {
	var ex []Example
	var sow, capS, capN []int
	var sowPit, capPit uint8
	var sowN []int
	if r.Layout().Pits == 16 {
		sow = []int{2, 1, 0, 2, 1, 0, 1, 0, 1, 0, 1, 3, 0, 0, 1, 0}
		sowN = []int{0, 2, 1, 0, 2, 1, 1, 2, 2, 1, 0, 2, 1, 1, 0, 2}
		sowPit = 12
		capS = []int{1, 0, 1, 2, 0, 1, 2, 1, 2, 1, 1, 0, 2, 1, 0, 1}
		capN = []int{2, 1, 0, 2, 1, 1, 3, 0, 1, 2, 0, 1, 1, 0, 2, 1}
		capPit = 3
	} else {
		sow = []int{1, 2, 0, 0, 1, 2, 0, 1}
		sowN = []int{1, 0, 2, 1, 2, 1, 0, 2}
		sowPit = 6
		capS = []int{1, 0, 1, 2, 1, 1, 0, 2}
		capN = []int{2, 1, 3, 0, 1, 2, 2, 1}
		capPit = 3
	}
	try := func(section string, f Feature, p engine.Position, ok bool, pit uint8) (engine.Position, bool) {
		e := Example{Section: section, Shows: f, Before: p, Move: engine.Move{Pit: pit}}
		if !ok || e.Check() != nil {
			return p, false
		}
		ex = append(ex, e)
		after, _ := e.Play()
		return after, true
	}
	p, ok := pos(r, 20, sow, sowN, [2]int{})
	try(Sowing, ShowsRelay, p, ok, sowPit)
	p, ok = pos(r, 24, capS, capN, [2]int{})
	after, ok := try(Capture, ShowsCapture, p, ok, capPit)
	if ok && after.ToMove() == engine.South && o["bonus"] != "0" {
		best := engine.Move{}
		for _, m := range after.Moves() {
			if c := after.MoveCell(m); best.Pit == 0 || after.Cell(c) > after.Cell(after.MoveCell(best)) {
				best = m
			}
		}
		try(TshubaBonus, ShowsCapture, after, true, best.Pit)
	}
	return ex
}
