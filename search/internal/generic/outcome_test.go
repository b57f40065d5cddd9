package generic

import (
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// TestFinalNamedWinner: where the rules name a winner the store margin
// does not favour, a finished position is a win or a loss worth every seed
// in play. Misere Afrika: South to move must capture North's pit 8 (3) and
// reaches 66 of 128: South loses, so for North, to move then, it is a win
// although North's store is the smaller.
func TestFinalNamedWinner(t *testing.T) {
	r := engine.MustNew("afrika", engine.Options{"misere": "true"})
	q, err := engine.NewPosition(r, engine.Setup{Pits: [][]int{{0, 1, 0, 0, 0, 0, 0, 2}, {0, 0, 0, 0, 0, 0, 0, 3}}, Stores: []int{63, 59}})
	if err != nil {
		t.Fatal(err)
	}
	q, err = q.Play(engine.Move{Pit: 16})
	if err != nil || q.Status() != engine.NorthWon {
		t.Fatalf("misere capture: %v %s", err, q.Status())
	}
	s := &gsearch{r: r, l: r.Layout()}
	if v := s.final(&q); v != q.Seeds() {
		t.Errorf("misere: final %d for North, want +%d", v, q.Seeds())
	}
	if m := s.margin(&q); m >= 0 {
		t.Errorf("misere: North's store margin %d, want it negative (the case final must override)", m)
	}
}
