package rulebook

import "github.com/mancala-bot/mancala/engine"

func init() {
	registerExamples("afrika", noOptions(afrika), []sectionFeature{{Capture, ShowsCapture}, {Sowing, ShowsSow}})
}

// afrika: 8 pits of 8 seeds, 128 in all (pos fills the stores up to 128).
//
//   - capture: South's pits 1 and 4 are empty; they face North's pit 8
//     (4 seeds) and North's pit 5 (2 seeds). South must capture, and must
//     take the smaller: North's pit 5, move 13 (8 + 5). Sowing is refused
//     (A2);
//   - sowing: no empty pit of South's faces seeds, so South sows: 5 seeds
//     from pit 3 go into pits 4 to 8, capturing nothing (A3).
func afrika(r engine.Rules) []Example {
	var ex []Example
	p, ok := pos(r, 30, []int{0, 3, 4, 0, 2, 5, 1, 6}, []int{2, 4, 1, 3, 2, 2, 6, 4}, [2]int{30, 28})
	ex = add(ex, r, Capture, ShowsCapture, p, ok, 13)
	p, ok = pos(r, 20, []int{3, 2, 5, 1, 4, 6, 2, 3}, []int{2, 4, 1, 3, 5, 2, 6, 1}, [2]int{20, 24})
	return add(ex, r, Sowing, ShowsSow, p, ok, 3)
}
