package rulebook

import "github.com/mancala-bot/mancala/engine"

func init() {
	registerExamples("madjnuni", noOptions(madjnuni), []sectionFeature{{Sowing, ShowsRelay}, {Capture, ShowsCapture}, {End, ShowsEnd}})
}

// madjnuni: 2x7 pits, 7 seeds each by default (pos puts the rest in the
// stores). Every move is forced, so each example is the one legal move:
//
//   - sowing: the first move of the game, South's pit 7, relays four times
//     round the board before its last seed makes North's pit 1 a 2;
//   - capture: the position of docs/sources/more-games-rules.md section 14:
//     South's head is empty, so pit 6 is played; North's pit 1 becomes a 2,
//     taken with South's pit 7 facing it, then North's 2 and 4 that follow,
//     each with its facing pit: 10 seeds (8 with opposite=false);
//   - end: South takes North's last seeds (a 2 in North's pit 1); North,
//     with an empty row, cannot move, so each side takes its own row.
func madjnuni(r engine.Rules) []Example {
	var ex []Example
	ex = add(ex, r, Sowing, ShowsRelay, r.Start(), true, 7)
	p, ok := pos(r, 30, []int{5, 1, 3, 1, 1, 2, 0}, []int{1, 2, 4, 3, 1, 1, 1}, [2]int{35, 35})
	ex = add(ex, r, Capture, ShowsCapture, p, ok, 6)
	p, ok = pos(r, 60, []int{3, 0, 0, 0, 0, 0, 1}, []int{1, 0, 0, 0, 0, 0, 0}, [2]int{46, 47})
	return add(ex, r, End, ShowsEnd, p, ok, 7)
}
