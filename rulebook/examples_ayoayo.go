package rulebook

import "github.com/mancala-bot/mancala/engine"

func init() {
	registerExamples("ayoayo", noOptions(ayoayo), []sectionFeature{{Sowing, ShowsRelay}, {Capture, ShowsCapture}})
}

// ayoayo: 6 pits of 4 seeds, 48 in all (pos puts the rest in the stores),
// the position of docs/sources/more-games-rules.md section 14:
//
//   - sowing: South's pit 1 puts its seed into pit 2, which held 2: the 3
//     relay into pits 3 and 4 (2 -> 3) and empty pit 5, where the move ends;
//   - capture: South's pit 6 makes North's pit 1 a four while seeds are in
//     hand, and the last seed makes North's pit 3 a four: both go to South
//     (capture=sower), both to North (owner, Abawo), or one each (mixed,
//     Anyiwoli).
//
// There is no end example: under starve=true the game ends by a majority or
// a player unable to move, with nothing swept; the sweep of rule 5b with
// starve=false needs two players without a finite move, which random
// games hardly ever reach, and that of 5c a repetition, which one move
// cannot show. Other board sizes (pits=12) search for their examples.
func ayoayo(r engine.Rules) []Example {
	var ex []Example
	p, ok := pos(r, 20, []int{1, 2, 2, 2, 0, 3}, []int{3, 0, 3, 0, 2, 2}, [2]int{16, 12})
	ex = add(ex, r, Sowing, ShowsRelay, p, ok, 1)
	return add(ex, r, Capture, ShowsCapture, p, ok, 6)
}
