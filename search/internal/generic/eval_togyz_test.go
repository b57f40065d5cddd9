package generic

import (
	"math/rand/v2"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// TestTogyzThreat checks togyzThreat's arithmetic of where a move's last
// seed lands against the engine: on the positions of random games, the
// threat of each side is what its best move, played by the engine,
// captures (or 3 seeds and a tuzdyk's worth for a tuzdyk it makes).
func TestTogyzThreat(t *testing.T) {
	r := engine.MustNew("togyz", nil)
	l := r.Layout()
	ringOf := func(c engine.Cell) int {
		for sd := range engine.Side(2) {
			for i := 1; i <= 9; i++ {
				if l.Pit(sd, i) == c {
					return 9*int(sd) + i - 1
				}
			}
		}
		t.Fatalf("cell %d is no pit", c)
		return 0
	}
	rng := rand.New(rand.NewPCG(1, 2))
	checked, threats, tuzdyks := 0, 0, 0
	for game := 0; game < 40; game++ {
		p := r.Start()
		for p.Status() == engine.Ongoing {
			board := p.PitSeeds(engine.South) + p.PitSeeds(engine.North)
			ring, tuz := togyzBoard(&p, l, p.AppendMarks(nil))
			me := p.ToMove()
			want := 0
			for _, m := range p.Moves() {
				var ev []engine.Event
				q := p
				r.Apply(&q, m, &ev)
				got := 0
				for _, e := range ev {
					switch e.Kind {
					case engine.EventTuzdyk:
						got = 300 + tuzdykWorth(board, ringOf(e.Cell))
						tuzdyks++
					case engine.EventCapture:
						got = max(got, 100*e.Count)
					}
				}
				want = max(want, got)
			}
			if got := togyzThreat(&ring, tuz, me, board); got != want {
				t.Fatalf("game %d ply %d (%v to move, tuzdyks %v): threat %d, the engine's best move takes %d", game, p.Ply(), me, tuz, got, want)
			}
			checked++
			if want > 0 {
				threats++
			}
			moves := p.Moves()
			p, _ = p.Play(moves[rng.IntN(len(moves))])
		}
	}
	if threats == 0 || tuzdyks == 0 {
		t.Fatalf("%d positions, %d with a threat, %d tuzdyks made: the games test nothing", checked, threats, tuzdyks)
	}
	t.Logf("%d positions, %d with a threat, %d tuzdyk moves", checked, threats, tuzdyks)
}
