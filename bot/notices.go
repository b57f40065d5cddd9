package bot

import (
	"context"
	"errors"
	"strings"

	"github.com/mancala-bot/mancala/store"
)

// Turn notifications: an edited board notifies nobody, so a game between
// people could stall unseen. When a request changes a game (a write that
// owes a board: see outbox.go) and the turn is now a person's who did not
// make the request, the bot adds a Reply with a Notice: a short message in
// the channel that mentions them, replacing the game's previous notice.
// When the turn is the requester's (their extra turn, or the bot answered
// at once) or the game ended, the previous notice is only deleted. So a
// game has at most one notice alive, and it names the player to move.
//
// Games against the bot get no notice: the bot moves within the request
// of the player's move, so the turn is back with the player who just acted
// (and the board they see is the answer). At a table with the bot and
// several people, the people are notified as usual.
//
// Several processes: the notice's message id is kept in the store
// (TurnNotice), so that whichever process handles the next move deletes
// it. A notice lost to a crash is not sent again (the board is, by the
// outbox).

// noticeTimeout bounds the store write that records a notice.
const noticeTimeout = ackTimeout

// turnNotice returns the notice reply owed after this session's last game
// change, or nothing.
func (s *session) turnNotice() []Reply {
	lg := s.changed
	if lg == nil {
		return nil
	}
	rec := lg.rec
	old, err := s.b.cfg.Store.TurnNotice(s.ctx, rec.ID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		s.b.log.WarnContext(s.ctx, "turn notice: previous one unknown", "game", rec.ID, "err", err)
	}
	ping := s.toNotify(lg)
	if ping == nil && old.MessageID == "" {
		return nil
	}
	n := &Notice{Replaces: old.MessageID}
	r := Reply{Notice: n}
	if ping != nil {
		n.Ping = User{ID: ping.UserID, Name: ping.Name, Mention: ping.Name}
		r.Text = inLang(s, s.tableLang(rec), func() string {
			return s.t("notice_your_turn", map[string]any{"Player": ping.Name, "Variant": s.variantTitle(rec)})
		})
	}
	n.Done = s.b.noticeDone(rec.ID, n.Ping.ID, old.MessageID)
	return []Reply{r}
}

// toNotify returns the player lg's turn belongs to when they should be
// notified: a person, not the requester, who did not turn notices off.
func (s *session) toNotify(lg *loaded) *store.Player {
	if lg.rec.Phase != store.PhasePlaying {
		return nil
	}
	p := lg.rec.Players[lg.seatToMove()]
	if p.IsBot() || p.UserID == "" || p.UserID == s.req.User.ID {
		return nil
	}
	on, err := s.b.cfg.Store.Notify(s.ctx, lg.rec.Platform, p.UserID)
	if err != nil {
		s.b.log.WarnContext(s.ctx, "turn notice: setting unknown; notifying", "user", p.UserID, "err", err)
	}
	if !on && err == nil {
		return nil
	}
	return &p
}

// noticeDone returns a Notice.Done that records the game's live notice:
// the new message, or none after a deletion of replaced.
func (b *Bot) noticeDone(game int64, user, replaced string) func(string) {
	return func(id string) {
		ctx, cancel := context.WithTimeout(context.Background(), noticeTimeout)
		defer cancel()
		var err error
		switch {
		case id != "":
			err = b.cfg.Store.SetTurnNotice(ctx, store.Notice{GameID: game, UserID: user, MessageID: id})
		case replaced != "":
			err = b.cfg.Store.ClearTurnNotice(ctx, game, replaced)
		}
		if err != nil {
			b.log.WarnContext(ctx, "turn notice not recorded", "game", game, "err", err)
		}
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
