package bot

import (
	"context"
	"errors"
	"time"

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
// the request's queue), and returns the request's replies: the board with
// head (what the request did), the bot's moves and whose turn it is.
//
// When the bot can send later (Config.Deliver) and the requesting user
// already has a search running or waiting (they play the bot in other
// chats), it leaves the moves to the background instead (botLater): the
// request is answered
// at once with a private note that the bot's move follows, and the board,
// the same as it would have been, comes as a message of its own once a
// worker has made the moves; its Ack confirms the request's write too. So
// a user playing the bot in many chats holds at most one of the platform's
// handling slots (Telegram handles 8 updates at once) waiting for the bot,
// and the other users' requests are not stuck behind theirs.
func (s *session) botTurn(lg *loaded, head string, edit bool) ([]Reply, error) {
	if s.b.cfg.Deliver != nil && s.b.searches.busy(s.searchKey()) {
		s.botLater(lg.rec.ID, head)
		return []Reply{{Text: inLang(s, s.user, func() string { return s.t("bot_move_later", nil) }), Private: true}}, nil
	}
	lg, events, err := s.botMoves(lg)
	if err != nil {
		return nil, err
	}
	text := head + "\n" + s.describeBotMoves(lg, events) + "\n" + s.turnLine(lg)
	return []Reply{s.boardReply(lg, text, lastMoveEvents(events), edit)}, nil
}

// botLater makes the bot's moves in game id in the background: it waits
// for a worker of the search pool in the session's queue, reads the game
// again, plays the bot's moves if the bot is still to move, and sends the
// board through Config.Deliver. A game left with the bot to move (the
// process stopped first) gets its moves from Tick or Resume.
func (s *session) botLater(id int64, head string) {
	b := s.b
	ctx, done := b.background()
	key := s.searchKey()
	go func() {
		defer done()
		if err := b.searches.acquire(ctx, key); err != nil {
			return // stopping
		}
		o, ok, err := b.botMovesNow(ctx, id, head)
		b.searches.release(key) // before the delivery, which may wait for the platform
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
// worker of the search pool, and returns the board to send, under head;
// ok is false when the bot is no longer to move (the game ended or moved
// on: the request's write is then shown by the outbox).
func (b *Bot) botMovesNow(ctx context.Context, id int64, head string) (o Outgoing, ok bool, err error) {
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
	text := head + "\n" + s.describeBotMoves(lg, events) + "\n" + s.turnLine(lg)
	return Outgoing{Platform: rec.Platform, Channel: rec.Channel, Reply: s.boardReply(lg, text, lastMoveEvents(events), false)}, true, nil
}
