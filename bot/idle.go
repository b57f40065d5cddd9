package bot

import (
	"context"
	"errors"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// botTurnIdle is how long a game may wait for the bot's move before Tick
// makes it (its reply was lost to a crash or a stop): longer than any
// reply takes, so that Tick never plays the bot's move while a request is
// still working it out.
const botTurnIdle = 5 * time.Minute

// Tick does the bot's own work and returns the messages to send: it pings
// the players who have left their turn idle for NotifyAfter, once per turn
// (see notices.go; with TurnNotices only), and it finishes the bot's moves
// in games where the bot has been to move for botTurnIdle. Call it every
// minute or so; a ping goes out within NotifyAfter and one call's
// interval. Errors are logged; a game that fails is skipped.
func (b *Bot) Tick(ctx context.Context) []Outgoing {
	// The store keeps milliseconds: a turn idle for exactly NotifyAfter
	// is due.
	return b.tick(ctx, b.now().Add(-min(b.cfg.NotifyAfter, botTurnIdle)+time.Millisecond), botTurnIdle)
}

// Resume finishes the bot's moves in every game where the bot is to move,
// as Tick does: call it at start-up, since a crash may have come between a
// player's move and the bot's reply.
func (b *Bot) Resume(ctx context.Context) []Outgoing {
	return b.tick(ctx, b.now().Add(time.Millisecond), 0)
}

// tick does the work of Tick and Resume in the games whose turn started
// before before; the bot's moves where the bot has been to move for
// botIdle at least.
func (b *Bot) tick(ctx context.Context, before time.Time, botIdle time.Duration) []Outgoing {
	games, err := b.cfg.Store.IdleGames(ctx, before)
	if err != nil {
		b.log.ErrorContext(ctx, "idle games", "err", err)
		return nil
	}
	var out []Outgoing
	for _, rec := range games {
		if ctx.Err() != nil {
			break
		}
		o, err := b.tickGame(ctx, rec, botIdle)
		if err != nil {
			var ue *userError
			var dg *damagedGame
			switch {
			case errors.As(err, &dg):
				b.log.WarnContext(ctx, "game cannot be loaded", "game", rec.ID, "platform", rec.Platform,
					"part", dg.part, "ply", dg.ply)
			case !errors.As(err, &ue):
				b.log.ErrorContext(ctx, "idle game", "game", rec.ID, "err", err)
			}
			continue
		}
		out = append(out, o...)
	}
	return out
}

func (b *Bot) tickGame(ctx context.Context, rec *store.Game, botIdle time.Duration) ([]Outgoing, error) {
	lg, err := load(rec)
	if err != nil {
		return nil, err
	}
	toMove := rec.Players[lg.seatToMove()]
	if toMove.IsBot() && b.now().Sub(rec.TurnStarted) < botIdle {
		return nil, nil // a request may still be working it out
	}
	lang := b.language(ctx, rec.Platform, User{ID: toMove.UserID})
	s := b.gameSession(ctx, rec, lang)
	defer s.waitPrerender() // a board drawn for no reply (see prerender)
	if toMove.IsBot() {
		lg, events, err := s.botMoves(lg)
		if err != nil {
			return nil, err
		}
		text := s.describeBotMoves(lg, events) + "\n" + s.turnLine(lg)
		return []Outgoing{{Platform: rec.Platform, Channel: rec.Channel, Reply: s.boardReply(lg, text, lastMoveEvents(events), false)}}, nil
	}
	return s.pingAway(lg, b.now())
}
