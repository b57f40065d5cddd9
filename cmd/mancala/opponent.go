package main

import (
	"context"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

// searchOpponent plays the bot's side with the search package's levels,
// from the friendly beginner to perfect play where it is provably perfect.
type searchOpponent struct{}

// Levels implements bot.Opponent: every level, perfect included (a game
// created with it is played on, whatever the variant).
func (searchOpponent) Levels() []string {
	var out []string
	for _, l := range search.Levels() {
		out = append(out, l.String())
	}
	return out
}

// Offered implements bot.Opponent: beginner to expert for every game, and
// perfect only where search.ExactFromStart proves that it plays exactly
// from the start within the think time: the small Kalah boards whose every
// position is in an endgame database of at most 16 million boards (1 or 2
// pits; 3 pits of up to 6 seeds; 4 pits of up to 3; 5 or 6 pits of 1),
// and Kalah games (Kalah(6,4) among them) whose opening book is built in
// the cache directory ("mancala book kalah"). Oware without cross-sowing
// (each grand-slam rule has its database) has perfect too, named for what
// it is (EndgameSeeds): Expert's moves, exact ones in the endgames its
// database solves (search.ExactInEndgames).
// Elsewhere (Kalah's default six pits of four without its book, Togyz
// Kumalak, Congkak) perfect would play Expert's moves until its solve
// fits, so it is not offered under that name and expert is the strongest
// level. A game created earlier with perfect keeps it (Move accepts every
// level).
func (o searchOpponent) Offered(r engine.Rules) []string {
	var out []string
	for _, l := range search.Levels() {
		if l == search.Perfect && !search.ExactFromStart(r) && !search.ExactInEndgames(r) {
			continue
		}
		out = append(out, l.String())
	}
	return out
}

// Move implements bot.Opponent. The choice is Exact, with its value, when
// the move comes from an exact result (an endgame database, the solver
// finishing within the think time, a solitaire's solution).
func (searchOpponent) Move(ctx context.Context, g *engine.Game, level string, seed int64) (bot.Choice, error) {
	l, err := search.ParseLevel(level)
	if err != nil {
		return bot.Choice{}, err
	}
	d, err := l.Choose(ctx, g, seed)
	if err != nil {
		return bot.Choice{}, err
	}
	return bot.Choice{Move: d.Move, Exact: d.Exact, Value: d.Value, OutcomeOnly: d.ToBoardEnd}, nil
}

// EndgameSeeds implements bot.EndgameLevels: perfect in Oware (without
// cross-sowing) is exact only on the boards of at most
// search.OwarePerfectSeedsFor(r) seeds (12, or the larger database
// "mancala book oware" built for r's grand-slam rule) whose value its
// endgame database holds.
func (searchOpponent) EndgameSeeds(r engine.Rules, level string) int {
	if level == search.Perfect.String() && !search.ExactFromStart(r) && search.ExactInEndgames(r) {
		return search.OwarePerfectSeedsFor(r)
	}
	return 0
}

// defaultOpponent is the bot's opponent in serve.
func defaultOpponent() bot.Opponent { return searchOpponent{} }
