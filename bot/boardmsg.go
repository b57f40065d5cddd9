package bot

import (
	"context"
	"errors"

	"github.com/mancala-bot/mancala/store"
)

// The chat's board, moved on in place by the board app.
//
// Every public board reply of a game carries Reply.Posted, which the
// adapter calls with the id of the message that now shows the board; the
// store keeps, per game, the message of the newest version
// (Store.SetBoardMessage). A move made in the board app (Request.App)
// presses no message: its board reply carries Reply.Replace, the stored
// message, which the adapter edits instead of posting a new board for
// every move (a group would fill with boards, and Telegram paces a group
// at 20 messages a minute).

// posted returns the Reply.Posted of a public board of game at version: it
// records the message showing it.
func (b *Bot) posted(game, version int64) func(string) {
	return func(id string) {
		ctx, cancel := context.WithTimeout(context.Background(), ackTimeout)
		defer cancel()
		if err := b.cfg.Store.SetBoardMessage(ctx, game, version, id); err != nil {
			b.log.WarnContext(ctx, "board message not recorded; the board app's next move posts a new board",
				"game", game, "version", version, "err", err)
		}
	}
}

// boardMessage returns the message showing the game's latest board in its
// channel, "" when none is known (the reply is then posted as a new
// message). A failed read is logged.
func (s *session) boardMessage(game int64) string {
	id, _, err := s.b.cfg.Store.BoardMessage(s.ctx, game)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		s.b.log.WarnContext(s.ctx, "board message not read; posting a new board", "game", game, "err", err)
	}
	if err != nil {
		return ""
	}
	return id
}
