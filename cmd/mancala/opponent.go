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

// Offered implements bot.Opponent.
func (o searchOpponent) Offered(engine.Rules) []string { return o.Levels() }

// Move implements bot.Opponent.
func (searchOpponent) Move(ctx context.Context, g *engine.Game, level string, seed int64) (bot.Choice, error) {
	l, err := search.ParseLevel(level)
	if err != nil {
		return bot.Choice{}, err
	}
	m, err := l.Move(ctx, g, seed)
	return bot.Choice{Move: m}, err
}

// defaultOpponent is the bot's opponent in serve.
func defaultOpponent() bot.Opponent { return searchOpponent{} }
