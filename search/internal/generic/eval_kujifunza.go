package generic

import "github.com/mancala-bot/mancala/engine"

// Bao la Kujifunza (docs/sources/bao-rules.md, section 5; engine/kujifunza.go).
// The game has no stores and no hand: a capture moves the opponent's seeds
// onto the capturer's rows (J5), and a player loses when his front row is
// empty (E1, J9) or he has no pit of 2 seeds or more to move (E2, J9). So
// evalPlain, which counts the seeds on each side, scores the material;
// kujiMaterial makes a move's gain the material it captures, so that the
// search orders captures first and its quiescence plays them out; and
// kujiRepeated scores a repetition as the draw it is. An evaluation of the
// capture threats (the opponent's biggest front pit that a capture can
// take next, as in Bao la Kiswahili) measured no gain and is not used
// (docs/performance.md, "Bao la Kujifunza's evaluation").
func init() {
	registerEval("bao-kujifunza", variantEval{eval: evalPlain, material: kujiMaterial, repeated: kujiRepeated})
}

// kujiRepeated: a position's third occurrence draws (R1); the rows are not
// swept into stores, so the seeds on each side count for nothing.
func kujiRepeated(engine.Rules, int) (int, bool) { return 0, true }

// kujiMaterial is the seeds side sd has on its rows.
func kujiMaterial(p *engine.Position, sd engine.Side) int { return p.PitSeeds(sd) }
