package rulebook

import (
	"encoding/json"

	"github.com/mancala-bot/mancala/engine"
)

// ShowsPenalty: after the move a seat has no legal move, passes and takes
// a penalty (Ruma).
const ShowsPenalty Feature = "penalty"

func init() {
	registerExamples("ruma", noOptions(ruma), []sectionFeature{{Sowing, ShowsSow}, {LastSeed, ShowsSow}, {RumaPenalty, ShowsPenalty}})
	registerFeature(ShowsPenalty, func(sm *shownMove) string {
		if count(sm.ev, engine.EventPenalty) == 0 || !sm.on {
			return "no pass with a penalty in a game that goes on"
		}
		return ""
	})
}

// RumaPenalty is Ruma's section on passes and penalties
// (rules_h_ruma_penalty).
const RumaPenalty = "ruma_penalty"

// ruma: hand-picked mid-game positions, South to move, checked by hand
// against docs/sources/more-games-rules.md §4 (the seeds not shown in the rows
// are in the rumas, so that every seeds option keeps its real total):
//
//   - sowing: pocket 4's five seeds go to pockets 5 and 6, South's ruma and
//     East's pockets 1 and 2; the last makes 3 there, so the move is legal.
//   - last seed: South [1,0,2,0,2,1] as in the §14 vector: pocket 1 would
//     end alone in pocket 2 and is refused; 3 sows pockets 4 and 5, the
//     last making 3.
//   - penalty: the §14 vector: South's 6 ends in its ruma; East's one seed
//     would end alone, so East passes: a penalty point, and a seed from
//     East's ruma to its penalty pit. North moves next.
func ruma(r engine.Rules) []Example {
	var ex []Example
	mk := func(section string, f Feature, rows [4][]int, pit uint8) {
		total, sum := r.Start().Seeds(), 0
		for _, row := range rows {
			for _, n := range row {
				sum += n
			}
		}
		d := total - sum
		if d < 0 {
			return
		}
		names := []string{"south", "east", "north", "west"}
		pits, stores := map[string][]int{}, map[string]int{}
		for i, n := range names {
			pits[n] = rows[i]
			stores[n] = d / 4
			if i < d%4 {
				stores[n]++
			}
		}
		j, _ := json.Marshal(map[string]any{"variant": "ruma", "options": r.Options(), "to_move": "south", "ply": 24, "pits": pits, "stores": stores})
		p, err := engine.ParsePosition(j)
		if err == nil && p.Rules() == r {
			ex = append(ex, Example{Section: section, Shows: f, Before: p, Move: engine.Move{Pit: pit}})
		}
	}
	mk(Sowing, ShowsSow, [4][]int{{2, 1, 3, 5, 2, 1}, {1, 2, 0, 3, 1, 2}, {2, 2, 1, 0, 3, 1}, {1, 0, 2, 2, 1, 3}}, 4)
	mk(LastSeed, ShowsSow, [4][]int{{1, 0, 2, 0, 2, 1}, {1, 2, 1, 0, 2, 1}, {3, 2, 2, 1, 2, 3}, {2, 1, 2, 3, 1, 2}}, 3)
	mk(RumaPenalty, ShowsPenalty, [4][]int{{1, 0, 2, 0, 2, 1}, {0, 0, 1, 0, 0, 0}, {3, 2, 2, 1, 2, 3}, {2, 1, 2, 3, 1, 2}}, 6)
	return ex
}
