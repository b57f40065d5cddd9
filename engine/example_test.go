package engine_test

import (
	"fmt"

	"github.com/mancala-bot/mancala/engine"
)

// A game of Kalah with four seeds a pit: South's pit 3 ends in South's
// store, so South moves again.
func ExampleNew() {
	rules, err := engine.New("kalah", engine.Options{"seeds": "4"})
	if err != nil {
		fmt.Println(err)
		return
	}
	pos := rules.Start()
	fmt.Println(len(pos.Moves()), "legal moves")
	next, err := pos.Play(engine.Move{Pit: 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("stores:", next.Store(engine.South), next.Store(engine.North))
	fmt.Println("South's pits:", next.Pit(engine.South, 1), next.Pit(engine.South, 2), next.Pit(engine.South, 3),
		next.Pit(engine.South, 4), next.Pit(engine.South, 5), next.Pit(engine.South, 6))
	fmt.Println("South to move again:", next.ToMove() == engine.South)
	fmt.Println("the start is unchanged:", len(pos.Moves()), "legal moves")
	// Output:
	// 6 legal moves
	// stores: 1 0
	// South's pits: 4 4 0 5 5 5
	// South to move again: true
	// the start is unchanged: 6 legal moves
}
