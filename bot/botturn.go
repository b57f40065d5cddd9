package bot

import (
	"context"
	"errors"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/store"
)

// searchKey is the queue of the search pool the session's searches wait
// in: the requesting user's, or the channel's when no user asked (Tick).
func (s *session) searchKey() string {
	if s.req.User.ID != "" {
		return s.req.Platform + "\x00" + s.req.User.ID
	}
	return s.req.Platform + "\x00#" + s.req.Channel
}

// botTurn plays the bot's moves after a request's write left the bot to
// move in lg, as botMoves does (waiting for a worker of the search pool in
// the request's queue), unless the requesting user already has a search
// running or waiting and the bot can send later (Config.Deliver): then it
// leaves the moves to the background (botLater) and returns lg as it is
// with no events. The request is answered at once, with the bot to move,
// and the bot's moves come as a message of their own once a worker has
// made them. So a user playing the bot in many chats holds at most one of
// the platform's handling slots waiting for the bot; the other users'
// requests, cheap ones first, are not stuck behind theirs.
func (s *session) botTurn(lg *loaded) (*loaded, []engine.Event, error) {
	if s.b.cfg.Deliver != nil && s.b.searches.busy(s.searchKey()) {
		s.botLater(lg.rec.ID)
		return lg, nil, nil
	}
	return s.botMoves(lg)
}

// withBotMoves appends to text the line describing the bot's moves events,
// when there are any.
func (s *session) withBotMoves(text string, lg *loaded, events []engine.Event) string {
	if len(events) == 0 {
		return text
	}
	return text + "\n" + s.describeBotMoves(lg, events)
}

// botLater makes the bot's moves in game id in the background: it waits
// for a worker of the search pool in the session's queue, reads the game
// again, plays the bot's moves if the bot is still to move, and sends the
// board through Config.Deliver. A game left with the bot to move (the
// process stopped first) gets its moves from Tick or Resume.
func (s *session) botLater(id int64) {
	b := s.b
	ctx, done := b.background()
	key := s.searchKey()
	go func() {
		defer done()
		if err := b.searches.acquire(ctx, key); err != nil {
			return // stopping
		}
		defer b.searches.release(key)
		o, ok, err := b.botMovesNow(ctx, id)
		if err != nil {
			var dg *damagedGame
			if !errors.As(err, &dg) {
				b.log.ErrorContext(ctx, "bot move in the background", "game", id, "err", err)
			}
			return
		}
		if !ok {
			return
		}
		// The delivery has its own bound: the search may have used all of
		// the context's time.
		dctx, dcancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer dcancel()
		b.cfg.Deliver(dctx, o)
	}()
}

// botMovesNow plays the bot's moves in game id, for a caller that holds a
// worker of the search pool, and returns the board to send; ok is false
// when the bot is no longer to move (the game ended or moved on).
func (b *Bot) botMovesNow(ctx context.Context, id int64) (o Outgoing, ok bool, err error) {
	rec, err := b.cfg.Store.Game(ctx, id)
	if err != nil {
		return Outgoing{}, false, err
	}
	lg, err := load(rec)
	if err != nil {
		return Outgoing{}, false, err
	}
	s := b.gameSession(ctx, rec, "")
	defer s.waitPrerender() // a board drawn for no reply (see prerender)
	if rec.Phase != store.PhasePlaying || !s.botToMove(lg) {
		return Outgoing{}, false, nil
	}
	lg, events, err := s.botMovesHeld(lg)
	if err != nil || len(events) == 0 {
		return Outgoing{}, false, err
	}
	text := s.describeBotMoves(lg, events) + "\n" + s.turnLine(lg)
	return Outgoing{Platform: rec.Platform, Channel: rec.Channel, Reply: s.boardReply(lg, text, lastMoveEvents(events), false)}, true, nil
}
