package bot

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strings"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// The outbox: a move is never left unshown.
//
// A game write that players must see (a move, an undo, a game starting or
// ending) stores, in the same transaction, a delivery: the board is owed
// to the channel (store.Delivery, Game.Owe). The process that made the
// write holds the delivery for Config.DeliveryHold while its reply goes
// out; the reply's Ack, called by the adapter once the platform accepted
// the board, confirms every delivery of the game up to the board's
// version. A reply that never went out (the process crashed, was stopped
// with replies queued, or the platform refused it) leaves its delivery
// owed: once the hold expires (at once after a clean stop, which releases
// its holds), any process's Owed takes it and sends the game's current
// board again, with what the owed writes did. Sending a board again is
// harmless: it shows the game as it is, with the buttons of its current
// version.

// ackTimeout bounds the store write of a reply's Ack.
const ackTimeout = 5 * time.Second

// owedBatch is how many deliveries one call of Owed takes at most.
const owedBatch = 64

// owesBoard reports whether a write that turned a game with moves
// history entries in phase into rec owes the channel a board: it added
// or removed moves, started the game, or ended a game in play.
func owesBoard(moves int, phase store.Phase, rec *store.Game) bool {
	switch {
	case len(rec.Moves) != moves:
		return true
	case phase == store.PhaseChallenge && rec.Phase == store.PhasePlaying:
		return true
	case phase == store.PhasePlaying && rec.Phase == store.PhaseOver:
		return true
	}
	return false
}

// randomHolder names a process that was given no name.
func randomHolder() string {
	var r [8]byte
	_, _ = rand.Read(r[:])
	return "bot-" + hex.EncodeToString(r[:])
}

// ack returns the Reply.Ack of a public board of game at version: it
// confirms the game's deliveries up to version.
func (b *Bot) ack(game, version int64) func() {
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), ackTimeout)
		defer cancel()
		if err := b.cfg.Store.Delivered(ctx, game, version); err != nil {
			b.log.WarnContext(ctx, "board shown but not confirmed; it will be sent again", "game", game,
				"version", version, "err", err)
		}
	}
}

// Owed takes the boards owed to channels that no process is sending (see
// the outbox above) and returns them as messages to send: one per game,
// the game's current board, with what the owed writes did and whose turn
// it is. Each message's Reply.Ack confirms the game's deliveries; a
// message that is not sent is owed again after Config.DeliveryHold. Call
// it every few seconds in every process. Errors are logged; a game that
// cannot be shown (gone, or damaged) has its deliveries dropped, with a
// warning.
func (b *Bot) Owed(ctx context.Context) []Outgoing {
	held, err := b.cfg.Store.HoldDeliveries(ctx, b.cfg.Holder, b.now(), b.cfg.DeliveryHold, owedBatch)
	if err != nil {
		if ctx.Err() == nil {
			b.log.ErrorContext(ctx, "owed boards", "err", err)
		}
		return nil
	}
	var order []int64
	byGame := map[int64][]store.Delivery{}
	for _, d := range held {
		if _, ok := byGame[d.GameID]; !ok {
			order = append(order, d.GameID)
		}
		byGame[d.GameID] = append(byGame[d.GameID], d)
	}
	var out []Outgoing
	for _, id := range order {
		ds := byGame[id]
		o, err := b.owedBoard(ctx, id, ds)
		if err != nil {
			last := ds[len(ds)-1]
			var dg *damagedGame
			if !errors.Is(err, store.ErrNotFound) && !errors.As(err, &dg) {
				b.log.ErrorContext(ctx, "owed board", "game", id, "err", err)
				continue // held: tried again after the hold
			}
			b.log.WarnContext(ctx, "owed board cannot be shown; dropped", "game", id, "platform", last.Platform,
				"channel", last.Channel, "err", err)
			b.ack(id, last.Version)()
			continue
		}
		out = append(out, o)
	}
	return out
}

// owedBoard builds the message that pays the deliveries ds of game id.
func (b *Bot) owedBoard(ctx context.Context, id int64, ds []store.Delivery) (Outgoing, error) {
	rec, err := b.cfg.Store.Game(ctx, id)
	if err != nil {
		return Outgoing{}, err
	}
	lg, err := load(rec)
	if err != nil {
		return Outgoing{}, err
	}
	s := b.gameSession(ctx, rec, "")
	var lines []string
	for _, d := range ds {
		if d.Note != "" {
			lines = append(lines, d.Note)
		}
	}
	lines = append(lines, s.turnLine(lg))
	r := s.boardReply(lg, strings.Join(lines, "\n"), nil, false)
	r.Ack = b.ack(rec.ID, rec.Version)
	return Outgoing{Platform: rec.Platform, Channel: rec.Channel, Reply: r}, nil
}
