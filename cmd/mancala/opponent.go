package main

import (
	"context"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

// searchOpponent plays the bot's side with the search package's levels,
// from the friendly beginner to perfect play where the solver answers in
// time.
type searchOpponent struct{}

// Levels implements bot.Opponent.
func (searchOpponent) Levels() []string {
	var out []string
	for _, l := range search.Levels() {
		out = append(out, l.String())
	}
	return out
}

// Move implements bot.Opponent.
func (searchOpponent) Move(ctx context.Context, g *engine.Game, level string, seed int64) (engine.Move, error) {
	l, err := search.ParseLevel(level)
	if err != nil {
		return engine.Move{}, err
	}
	return l.Move(ctx, g, seed)
}

// defaultOpponent is the bot's opponent in serve.
func defaultOpponent() bot.Opponent { return searchOpponent{} }
