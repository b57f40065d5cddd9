package rulebook

import (
	"encoding/json"
	"fmt"

	"github.com/mancala-bot/mancala/engine"
)

func init() {
	registerExamples("bao", noOptions(kiswahili), []sectionFeature{{Namua, ShowsRelay}, {Capture, ShowsCaptureChain}, {Nyumba, ShowsSow}, {Takasa, ShowsRelay}})
}

// Bao la Kiswahili's own sections (locales: rules_h_namua, rules_h_nyumba).
const (
	Namua  = "namua"
	Nyumba = "nyumba"
)

// kiswahili: Bao la Kiswahili ("bao"), hand-made positions checked by hand
// against docs/sources/bao-rules.md (engine/kiswahili_test.go plays the
// first three too):
//
//   - namua relay: no capture and no functional nyumba, so the seed goes
//     into pit 2, the only pit of 2 or more (S4); its 3 seeds go 3, 4, 5;
//     pit 5 was occupied and is relayed (S11a): 6, 7; 7 was empty.
//   - capture: the seed into pit 3 captures North pit 6's single seed,
//     sown into the left kichwa (R, S5); the kichwa faces North's 3 seeds,
//     captured and sown from it again (S6.2): 1, 2, 3; pit 3 faces nothing
//     and is relayed: 4, 5, 6 (example B).
//   - nyumba tax: the nyumba is the only occupied front pit; with the seed
//     it holds 7, only 2 are sown and it stays owned (S8, example E).
//   - takasa (mtaji stage): no capture (S10); 2R sows 3, 4; pit 4 was
//     occupied, faces nothing and is relayed: 5, 6 (S11a).
func kiswahili(r engine.Rules) []Example {
	var ex []Example
	mk := func(section string, f Feature, sf, nf []int, hand int, owned bool, pit uint8, d engine.Dir) {
		south := append(append([]int{}, sf...), 0, 0, 0, 0, 0, 0, 0, 2)
		north := append(append([]int{}, nf...), 0, 0, 0, 0, 0, 0, 0, 2)
		extra := map[string]json.RawMessage{
			"hand":         json.RawMessage(fmt.Sprintf(`{"south":%d,"north":%d}`, hand, hand)),
			"nyumba_owned": json.RawMessage(fmt.Sprintf(`{"south":%v,"north":%v}`, owned, owned)),
		}
		p, err := engine.NewPosition(r, engine.Setup{ToMove: engine.South, Ply: 20, Pits: [][]int{south, north}, Extra: extra})
		if err == nil {
			ex = append(ex, Example{Section: section, Shows: f, Before: p, Move: engine.Move{Pit: pit, Dir: d}})
		}
	}
	mk(Namua, ShowsRelay, []int{0, 2, 0, 0, 1, 0, 0, 0}, []int{2, 0, 0, 0, 0, 0, 0, 0}, 5, false, 2, engine.DirRight)
	mk(Capture, ShowsCaptureChain, []int{2, 0, 1, 0, 0, 0, 0, 0}, []int{0, 0, 0, 0, 0, 1, 2, 3}, 5, false, 3, engine.DirRight)
	mk(Nyumba, ShowsSow, []int{0, 0, 0, 0, 6, 0, 0, 0}, []int{2, 0, 0, 0, 0, 0, 0, 0}, 5, true, 5, engine.DirRight)
	mk(Takasa, ShowsRelay, []int{0, 2, 1, 1, 0, 0, 0, 0}, []int{0, 0, 0, 0, 0, 0, 0, 2}, 0, false, 2, engine.DirRight)
	return ex
}
