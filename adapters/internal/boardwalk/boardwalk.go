// Package boardwalk plays every variant through a real bot for the
// adapters' tests, so that they can check each board the bot shows (its
// buttons above all) against a platform's limits: a layout that would not
// fit fails a test, not a game in production.
package boardwalk

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
)

// Handler is what the walk talks to (*bot.Bot).
type Handler interface {
	Handle(ctx context.Context, req bot.Request) []bot.Reply
}

// Walk starts, for every variant two or more can play, a game against the
// bot at level on platform, and presses up to presses buttons picked at
// random (with seed) from the last board shown: moves, a pit's choices
// and back, a rematch (not the replay ▶ nor the review 📈, which draw an
// animation or analyse the game at length and show no new buttons).
// visit sees every board of every reply.
func Walk(tb testing.TB, h Handler, platform, level string, presses int, seed uint64, visit func(variant string, b *bot.Board)) {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	ctx := context.Background()
	user := bot.User{ID: "1180000000000000201", Name: "Ann", Mention: "<@1180000000000000201>"}
	for _, v := range engine.Variants() {
		if v.Players == 1 {
			continue
		}
		req := bot.Request{Platform: platform, Channel: "walk-" + v.ID, User: user, Command: "new", Args: []string{v.ID, "bot", level}}
		var last *bot.Board
		seen := 0
		handle := func(req bot.Request) {
			for _, r := range h.Handle(ctx, req) {
				if r.Board != nil {
					visit(v.ID, r.Board)
					seen++
					if len(r.Board.Buttons) > 0 {
						last = r.Board
					}
				}
			}
		}
		handle(req)
		for range presses {
			if last == nil {
				break
			}
			var all []bot.Button
			for _, row := range last.Buttons {
				for _, b := range row {
					if !strings.HasPrefix(b.Label, "▶") && !strings.HasPrefix(b.Label, "📈") {
						all = append(all, b)
					}
				}
			}
			if len(all) == 0 {
				break
			}
			b := all[rng.IntN(len(all))]
			// A press that shows no new board (a replay, a stale
			// button) leaves the last one to press on.
			handle(bot.Request{Platform: platform, Channel: req.Channel, User: user, Button: b.Data})
		}
		if seen == 0 {
			tb.Errorf("%s: no board shown for /new %s bot %s", v.ID, v.ID, level)
		}
	}
}
