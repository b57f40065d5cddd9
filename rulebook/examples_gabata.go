package rulebook

import (
	"encoding/json"

	"github.com/mancala-bot/mancala/engine"
)

func init() {
	registerExamples("gabata", gabata,
		[]sectionFeature{{Sowing, ShowsRelay}, {Capture, ShowsCapture}, {GabataSerial, ShowsCaptureChain}, {End, ShowsEnd}})
	registerExamples("selus", noOptions(selus),
		[]sectionFeature{{Sowing, ShowsRelay}, {SelusWegue, ShowsTrap}, {Capture, ShowsCapture}, {Extra, ShowsCapture}})
	registerExamples("sulus", noOptions(sulus),
		[]sectionFeature{{Sowing, ShowsRelay}, {SulusTraps, ShowsTrap}})
	registerFeature(ShowsTrap, func(sm *shownMove) string {
		if !makesTrap(sm.b, sm.after) {
			return "no trap made"
		}
		return ""
	})
}

// The three-row games' own sections (locales: rules_h_gabata_serial,
// rules_h_selus_wegue, rules_h_sulus_traps).
const (
	GabataSerial = "gabata_serial"
	SelusWegue   = "selus_wegue"
	SulusTraps   = "sulus_traps"
)

// ShowsTrap: the move makes a trap (a Selus wegue, a Sulus trap).
const ShowsTrap Feature = "trap"

// threeRow builds a position of a three-row game (9 pits a side) with 54
// seeds: South's store takes what the pits and North's store leave (Sulus
// has no captures: there the pits must hold all 54); wegue lists traps as
// {side, pit, owner}.
func threeRow(r engine.Rules, south, north []int, northStore int, wegue ...[3]int) (engine.Position, error) {
	n := northStore
	for i := range south {
		n += south[i] + north[i]
	}
	s := engine.Setup{ToMove: engine.South, Ply: 20, Pits: [][]int{south, north}, Stores: []int{54 - n, northStore}}
	if r.Layout().Store(engine.South) == engine.NoCell || r.Variant().ID == "sulus" {
		s.Stores = nil
	}
	if len(wegue) > 0 {
		rows := [2][9]string{}
		for _, w := range wegue {
			rows[w[0]][w[1]-1] = engine.Side(w[2]).String()
		}
		j, _ := json.Marshal(map[string]any{"wegue": map[string]any{"south": rows[0], "north": rows[1]}})
		_ = json.Unmarshal(j, &s.Extra)
	}
	return engine.NewPosition(r, s)
}

// gabata: hand-picked positions, checked by hand against
// docs/sources/more-games-rules.md section 7 (and engine/gabata_test.go):
//
//   - sowing: from the start, South 3 sows S4, S5, S6; S6 held seeds and
//     is relayed, and so on round the board.
//   - capture: South 1 sows its seed into empty S2 (column 1): North's
//     pits of that column, N5 (2) and N8 (4), are taken (rule 3; with
//     column=both, South's own pits of the column too, here empty); with
//     serial=true the seed goes on into S3 and takes N4, then into S4,
//     whose column holds no North seed, and the move ends.
//   - serial capture (serial=true): the section 14 vector: 4 into empty
//     S5 takes N2 (5); the seed goes on into S6 and takes N1 (3), then
//     relays from S7 and ends in N1, whose column is South's.
//   - end: South 1 takes North's last seeds: North cannot move, so South
//     takes everything left on the board (rule 5).
func gabata(r engine.Rules, o engine.Options) []Example {
	var ex []Example
	add := func(section string, f Feature, p engine.Position, err error, pit uint8) {
		if err == nil {
			ex = append(ex, Example{Section: section, Shows: f, Before: p, Move: engine.Move{Pit: pit}})
		}
	}
	add(Sowing, ShowsRelay, r.Start(), nil, 3)
	p, err := threeRow(r, []int{1, 0, 0, 0, 0, 0, 0, 0, 1}, []int{2, 0, 0, 1, 2, 0, 0, 4, 0}, 23)
	add(Capture, ShowsCapture, p, err, 1)
	if o["serial"] == "true" {
		p, err = threeRow(r, []int{0, 0, 0, 1, 0, 0, 2, 2, 0}, []int{3, 5, 1, 1, 1, 1, 1, 1, 1}, 16)
		add(GabataSerial, ShowsCaptureChain, p, err, 4)
	}
	p, err = threeRow(r, []int{1, 0, 0, 0, 0, 0, 0, 0, 3}, []int{0, 0, 0, 0, 2, 0, 0, 0, 0}, 28)
	add(End, ShowsEnd, p, err, 1)
	return ex
}

// selus: hand-picked positions, checked by hand against
// docs/sources/more-games-rules.md section 8 (and engine/selus_test.go):
//
//   - sowing: from the start, South 1 sows S2, S3, S4; S4 now holds 4,
//     but in a player's first move a 4 just relays.
//   - wegue: South 1 sows its seed into S2, which held 3: S2 becomes
//     South's wegue (rule 3b).
//   - capture: South 9 sows N1 and N2, North's wegue holding a seed:
//     South takes 2 and the turn passes (rule 3a).
//   - extra move: the same with South's own wegue at N2: South takes 2
//     and moves again.
func selus(r engine.Rules) []Example {
	var ex []Example
	add := func(section string, f Feature, p engine.Position, err error, pit uint8) {
		if err == nil {
			ex = append(ex, Example{Section: section, Shows: f, Before: p, Move: engine.Move{Pit: pit}})
		}
	}
	add(Sowing, ShowsRelay, r.Start(), nil, 1)
	p, err := threeRow(r, []int{1, 3, 2, 2, 2, 2, 2, 2, 2}, []int{2, 2, 2, 2, 2, 2, 2, 2, 2}, 9)
	add(SelusWegue, ShowsTrap, p, err, 1)
	south := []int{1, 2, 2, 2, 2, 2, 2, 2, 2}
	north := []int{1, 1, 3, 2, 2, 2, 2, 2, 2}
	p, err = threeRow(r, south, north, 8, [3]int{1, 2, 1})
	add(Capture, ShowsCapture, p, err, 9)
	p, err = threeRow(r, south, north, 8, [3]int{1, 2, 0})
	add(Extra, ShowsCapture, p, err, 9)
	return ex
}

// sulus: hand-picked positions, checked by hand against
// docs/sources/more-games-rules.md section 9 (and engine/sulus_test.go):
//
//   - sowing: from the start, South 1 relays at S4 (a 4 on one's own
//     side, or in the first move, always relays).
//   - traps: South 9 sows its seed into N1, which held 3: N1 becomes a
//     trap, South's with rule=aydi, North's with nishtav and lame.
func sulus(r engine.Rules) []Example {
	var ex []Example
	ex = append(ex, Example{Section: Sowing, Shows: ShowsRelay, Before: r.Start(), Move: engine.Move{Pit: 1}})
	if p, err := threeRow(r, []int{4, 3, 3, 3, 3, 3, 3, 3, 1}, []int{3, 2, 3, 3, 3, 3, 3, 3, 5}, 0); err == nil {
		ex = append(ex, Example{Section: SulusTraps, Shows: ShowsTrap, Before: p, Move: engine.Move{Pit: 9}})
	}
	return ex
}

// makesTrap reports whether the move made a trap (for shows).
func makesTrap(before, after engine.Position) bool {
	n := func(p engine.Position) int {
		k := 0
		for _, m := range p.Marks() {
			if m.Kind == engine.MarkTrap {
				k++
			}
		}
		return k
	}
	return n(after) == n(before)+1
}
