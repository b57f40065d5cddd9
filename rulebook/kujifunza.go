package rulebook

import "github.com/mancala-bot/mancala/engine"

func init() {
	registerExamples("bao-kujifunza", noOptions(kujifunza), []sectionFeature{{Capture, ShowsCapture}, {Takasa, ShowsRelay}})
}

// Takasa is Bao's section on moves without a capture (rules_h_takasa).
const Takasa = "takasa"

// kujifunza: Bao la Kujifunza, 64 seeds on a 4x8 board (each side's 16
// pits: front row 1..8, back row 9..16). Hand-picked mid-game positions,
// checked by hand against docs/sources/bao-rules.md:
//
//   - capture: 6L sows pit 6's two seeds into 5 and 4; pit 4 was occupied
//     and faces North's pit 5 (3 seeds): they are captured (J3) and, the
//     capture being at pit 4 with the move going left, sown from the right
//     kichwa leftwards (J5): 8, 7, 6; pit 6 was emptied by the move, so the
//     move ends there (J6).
//   - takasa: North's only front seed faces South's empty pit 8, so South
//     has no capture (J4); 2R sows 3, 4, 5; pit 5 was occupied: its three
//     seeds are lifted and sown on (J7), 6, 7, 8, and the move ends in the
//     empty pit 8.
func kujifunza(r engine.Rules) []Example {
	var ex []Example
	mk := func(section string, f Feature, south, north []int, pit uint8, d engine.Dir) {
		p, err := engine.NewPosition(r, engine.Setup{ToMove: engine.South, Ply: 20, Pits: [][]int{south, north}})
		if err == nil {
			ex = append(ex, Example{Section: section, Shows: f, Before: p, Move: engine.Move{Pit: pit, Dir: d}})
		}
	}
	mk(Capture, ShowsCapture,
		[]int{2, 1, 0, 1, 0, 2, 3, 1, 3, 4, 3, 2, 4, 3, 2, 4},
		[]int{1, 2, 0, 2, 3, 1, 2, 0, 2, 3, 2, 2, 3, 2, 2, 2}, 6, engine.DirLeft)
	mk(Takasa, ShowsRelay,
		[]int{0, 3, 1, 0, 2, 0, 0, 0, 4, 3, 4, 3, 3, 3, 3, 3},
		[]int{1, 0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 4, 3}, 2, engine.DirRight)
	return ex
}
