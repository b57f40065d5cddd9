package rulebook

import (
	"encoding/json"

	"github.com/mancala-bot/mancala/engine"
)

func init() {
	registerExamples("ohojitxi", noOptions(ohojitxi), []sectionFeature{{Sowing, ShowsSow}, {Capture, ShowsCaptureChain}, {Drop, ShowsSow}})
}

// Drop is Ohojitxi's section on the drop (rules_h_ohojitxi_drop).
const Drop = "ohojitxi_drop"

// ohojitxi: 4 seeds in each of the 12 pits, 48 in all; no stores.
//
//   - sowing: 5 seeds from pit 2 go round South's own loop into pits 3, 4,
//     5, 6 and 1; the last makes pit 1 hold 3: no capture (pit 4, now 4,
//     is not where the last seed fell), North to move (O3, O6);
//   - capture: 3 seeds from pit 6 make pits 1, 2 and 3 hold 4; the last
//     fell in pit 3, so pits 3, 2 and 1 are captured, 12 seeds (O4);
//   - drop: South then drops those 12 into North's pit 6 (move 12; its
//     previous drop was North's pit 3) and the turn passes (O5).
func ohojitxi(r engine.Rules) []Example {
	var ex []Example
	mk := func(section string, f Feature, south, north []int, extra string, pit uint8) {
		s := engine.Setup{ToMove: engine.South, Ply: 30, Pits: [][]int{south, north},
			Extra: map[string]json.RawMessage{}}
		if err := json.Unmarshal([]byte(extra), &s.Extra); err != nil {
			return
		}
		if p, err := engine.NewPosition(r, s); err == nil {
			ex = append(ex, Example{Section: section, Shows: f, Before: p, Move: engine.Move{Pit: pit}})
		}
	}
	mk(Sowing, ShowsSow, []int{2, 5, 1, 3, 0, 6}, []int{4, 6, 5, 7, 6, 3}, `{"drop":0,"last_drop":{"south":3,"north":5}}`, 2)
	mk(Capture, ShowsCaptureChain, []int{3, 3, 3, 1, 2, 3}, []int{5, 6, 7, 5, 6, 4}, `{"drop":0,"last_drop":{"south":3,"north":5}}`, 6)
	mk(Drop, ShowsSow, []int{0, 0, 0, 1, 2, 0}, []int{5, 6, 7, 5, 6, 4}, `{"drop":12,"last_drop":{"south":3,"north":5}}`, 12)
	return ex
}
