package rulebook

import (
	"encoding/json"

	"github.com/mancala-bot/mancala/engine"
)

func init() {
	registerExamples("namnam", noOptions(namnam), []sectionFeature{{Sowing, ShowsRelay}, {Capture, ShowsCapture}, {NamnamLastFour, ShowsCapture}, {NamnamRounds, ShowsClaim}})
	registerFeature(ShowsClaim, func(sm *shownMove) string {
		if count(sm.ev, engine.EventFill) == 0 || !sm.on {
			return "no pit claimed"
		}
		return ""
	})
}

// Oware Nam Nam's own sections (rules_h_namnam_last_four,
// rules_h_namnam_rounds).
const (
	NamnamLastFour = "namnam_last_four"
	NamnamRounds   = "namnam_rounds"
)

// ShowsClaim: a claim of Nam Nam's claim phase: the leader puts 4 seeds
// from his store into a pit of the other row, which becomes his.
const ShowsClaim Feature = "claim"

// namnam: Oware Nam Nam, 48 seeds; positions checked by hand against
// docs/sources/more-games-rules.md section 2 (the first and third are its
// section 14 vectors):
//
//   - sowing: South 5 (2 seeds): South 6 1 -> 2, North 1 1 -> 2 with the
//     last seed: North 1 is lifted and sown on, into the empty North 3;
//   - capture: South 6 (3 seeds): North 1 3 -> 4 with seeds still in hand
//     goes to North, its owner; North 3 3 -> 4 with the last seed goes to
//     South, the mover;
//   - last four: South 6 (1 seed) takes North 1; the 4 left (North 6) are
//     South's too and round 1 ends 32:16;
//   - rounds: in round 2's claim phase, South (two claims left) claims
//     North's pit 2 (move 8): 4 seeds from his store, and the pit is his.
func namnam(r engine.Rules) []Example {
	var ex []Example
	mk := func(section string, f Feature, south, north []int, stores [2]int, extra string, pit uint8) {
		s := engine.Setup{ToMove: engine.South, Ply: 20, Pits: [][]int{south, north}, Stores: stores[:]}
		if extra != "" {
			_ = json.Unmarshal([]byte(extra), &s.Extra)
		}
		p, err := engine.NewPosition(r, s)
		if err == nil {
			ex = append(ex, Example{Section: section, Shows: f, Before: p, Move: engine.Move{Pit: pit}})
		}
	}
	mk(Sowing, ShowsRelay, []int{2, 0, 0, 0, 2, 1}, []int{1, 0, 0, 2, 0, 0}, [2]int{20, 20}, "", 5)
	mk(Capture, ShowsCapture, []int{1, 2, 2, 2, 0, 3}, []int{3, 0, 3, 0, 2, 2}, [2]int{16, 12}, "", 6)
	mk(NamnamLastFour, ShowsCapture, []int{0, 0, 0, 0, 0, 1}, []int{3, 0, 0, 0, 0, 4}, [2]int{24, 16}, "", 6)
	mk(NamnamRounds, ShowsClaim, []int{4, 4, 4, 4, 4, 4}, []int{0, 0, 0, 0, 0, 0}, [2]int{8, 16},
		`{"round":2,"phase":"claim","claims":2}`, 8)
	return ex
}
