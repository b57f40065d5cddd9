package bot

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// Turn notices: the ping of a player who is away. An edited board
// notifies nobody, so a game between people could stall unseen; but a
// message for every move would double the messages of a live game (in a
// Telegram group, paced at 20 a minute, that halves its speed) and bury
// the board under pings nobody needs. So the bot pings only a player who
// has left their turn idle for Config.NotifyAfter: Tick adds, once per
// turn, a Reply with a Notice, a short message in the game's channel
// mentioning them (see pingAway). Players who answer quickly never get
// one. The ping is the reminder too: there is no other.
//
// The ping goes when the turn ends: the request that changes the game (a
// write that owes a board: see outbox.go) and leaves the turn unpinged
// (the pinged player moved, the game ended, an undo) takes the game's live
// notice out of the store and adds a Reply whose Notice only deletes it
// (see clearNotice).
//
// At most one notice is alive per game, across processes, and each is
// deleted at most once: the game's live notice is in the store
// (TurnNotice), and it changes only by a compare and swap of its message
// id (SwapTurnNotice). Whoever takes a message id out of the store deletes
// that message; the others lost the swap and leave it alone.
//
// Only people are pinged, never the bot, and not a player who said
// "notify off"; and only where another person waits for them (a game
// against the bot alone pings nobody).

// noticeTimeout bounds the store work that records a notice.
const noticeTimeout = ackTimeout

// maxNoticeSwaps bounds the tries to record a ping over a live notice that
// keeps changing (it changes once per move at most).
const maxNoticeSwaps = 5

// clearNotice returns the Reply that deletes the game's live notice once
// this session's last game change ended the turn it pinged, or nothing.
// The notice is taken out of the store first: a request that loses that
// swap to another (a concurrent move, another process) sends nothing.
func (s *session) clearNotice() []Reply {
	lg := s.changed
	if lg == nil {
		return nil
	}
	rec := lg.rec
	if rec.Phase == store.PhasePlaying && !rec.Reminded.IsZero() && !rec.Reminded.Before(rec.TurnStarted) {
		return nil // the player pinged this turn is still to move
	}
	old, err := s.b.cfg.Store.TurnNotice(s.ctx, rec.ID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		s.b.log.WarnContext(s.ctx, "turn notice: live one unknown", "game", rec.ID, "err", err)
		return nil
	}
	ok, err := s.b.cfg.Store.SwapTurnNotice(s.ctx, old.MessageID, store.Notice{GameID: rec.ID})
	if err != nil {
		s.b.log.WarnContext(s.ctx, "turn notice not taken out", "game", rec.ID, "err", err)
	}
	if !ok {
		return nil // another request took it out, and deletes it
	}
	return []Reply{{Notice: &Notice{Replaces: old.MessageID}}}
}

// pingAway returns the ping owed to the player to move in rec, idle since
// rec.TurnStarted, at now: a person who was not pinged this turn and did
// not turn notices off, once NotifyAfter has passed; or nothing. It
// records the ping in the game (Reminded) first, by a conditional update
// on the game's version that leaves the version as it is (the board's
// buttons still work), so that a turn is pinged once whatever the
// processes, and a move made meanwhile wins (the ping is then not sent).
func (s *session) pingAway(lg *loaded, now time.Time) ([]Outgoing, error) {
	rec := lg.rec
	p := rec.Players[lg.seatToMove()]
	if !s.b.cfg.TurnNotices || p.IsBot() || p.UserID == "" || !someoneWaits(rec, p.UserID) ||
		now.Sub(rec.TurnStarted) < s.b.cfg.NotifyAfter || !rec.Reminded.Before(rec.TurnStarted) {
		return nil, nil
	}
	on, err := s.b.cfg.Store.Notify(s.ctx, rec.Platform, p.UserID)
	if err != nil {
		s.b.log.WarnContext(s.ctx, "turn notice: setting unknown; notifying", "user", p.UserID, "err", err)
	}
	if !on && err == nil {
		return nil, nil
	}
	marked, err := s.b.cfg.Store.MarkReminded(s.ctx, rec.ID, rec.Version, now)
	if err != nil || !marked {
		return nil, err // pinged by another process, or the game moved on
	}
	n := &Notice{Ping: User{ID: p.UserID, Name: p.Name, Mention: p.Name}}
	n.Done = s.b.pingDone(rec.ID, p.UserID, now)
	text := s.t("notice_away", map[string]any{"Player": p.Name, "Variant": s.variantTitle(rec)})
	return []Outgoing{{Platform: rec.Platform, Channel: rec.Channel, Reply: Reply{Text: text, Notice: n}}}, nil
}

// someoneWaits reports whether a person other than user holds a seat in
// rec: a game against the bot alone waits for nobody, and is not pinged.
func someoneWaits(rec *store.Game, user string) bool {
	for _, p := range rec.Players {
		if !p.IsBot() && p.UserID != "" && p.UserID != user {
			return true
		}
	}
	return false
}

// pingDone returns the Notice.Done of a ping of user in game, recorded in
// the game as pinged at: it records the new message as the game's live
// notice, swapping out whatever is there (a notice left by a race, which
// the caller then deletes), and gives the new message up too when the turn
// it pings for ended while it was being sent (a request that ended it
// found no notice to delete).
func (b *Bot) pingDone(game int64, user string, pinged time.Time) func(string) []string {
	return func(id string) []string {
		if id == "" {
			return nil
		}
		ctx, cancel := context.WithTimeout(context.Background(), noticeTimeout)
		defer cancel()
		var remove []string
		for try, recorded := 0, false; !recorded; try++ {
			if try == maxNoticeSwaps {
				b.log.WarnContext(ctx, "turn notice not recorded (the live one keeps changing); deleting it", "game", game)
				return append(remove, id)
			}
			cur, err := b.cfg.Store.TurnNotice(ctx, game)
			if err == nil || errors.Is(err, store.ErrNotFound) {
				recorded, err = b.cfg.Store.SwapTurnNotice(ctx, cur.MessageID, store.Notice{GameID: game, UserID: user, MessageID: id})
			}
			if err != nil {
				// Not recorded, so nobody else would delete it.
				b.log.WarnContext(ctx, "turn notice not recorded; deleting it", "game", game, "err", err)
				return append(remove, id)
			}
			if recorded && cur.MessageID != "" {
				remove = append(remove, cur.MessageID)
			}
		}
		g, err := b.cfg.Store.Game(ctx, game)
		if err != nil {
			b.log.WarnContext(ctx, "turn notice: game unknown", "game", game, "err", err)
			return remove
		}
		if g.Phase == store.PhasePlaying && g.Reminded.UnixMilli() == pinged.UnixMilli() {
			return remove // still the turn pinged
		}
		if ok, err := b.cfg.Store.SwapTurnNotice(ctx, id, store.Notice{GameID: game}); ok {
			remove = append(remove, id)
		} else if err != nil {
			b.log.WarnContext(ctx, "turn notice of an ended turn not taken out", "game", game, "err", err)
		}
		return remove
	}
}

// notify answers "notify" (the user's setting) and "notify on|off".
func (s *session) notify(args []string) ([]Reply, error) {
	id := s.req.User.ID
	if id == "" {
		return nil, refuse("err_notify_usage", nil)
	}
	if len(args) == 0 {
		on, err := s.b.cfg.Store.Notify(s.ctx, s.req.Platform, id)
		if err != nil {
			return nil, err
		}
		key := "notify_is_off"
		if on {
			key = "notify_is_on"
		}
		return []Reply{{Text: s.t(key, nil), Private: true}}, nil
	}
	var on bool
	switch w := strings.ToLower(args[0]); {
	case len(args) > 1:
		return nil, refuse("err_notify_usage", nil)
	case w == "on" || w == s.t("notify_word_on", nil):
		on = true
	case w == "off" || w == s.t("notify_word_off", nil):
	default:
		return nil, refuse("err_notify_usage", nil)
	}
	if err := s.b.cfg.Store.SetNotify(s.ctx, s.req.Platform, id, on); err != nil {
		return nil, err
	}
	key := "notify_set_off"
	if on {
		key = "notify_set_on"
	}
	return []Reply{{Text: s.t(key, nil), Private: true}}, nil
}
