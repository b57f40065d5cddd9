package bot

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mancala-bot/mancala/store"
)

// Damaged games.
//
// A stored game that cannot be rebuilt (its options cannot be decoded or
// are refused, its variant is unknown, its start position does not parse,
// it has too few seats, or a move no longer replays) would otherwise hold
// its channel for ever: every command fails, and /new finds a game going
// on. Any command that meets it answers privately what is wrong and who
// may end it; /abandon, by one of its players (or the challenger) or
// someone who may manage the channel (Request.CanManage), ends it with
// reason "abandoned" and no result, so nobody's statistics change, and the
// channel is free. Abandoning a game that loads is refused: /resign is for
// that. What is wrong is logged with the game's id, never with user text.

// damagedGame is load's error for a stored game that cannot be rebuilt.
type damagedGame struct {
	rec  *store.Game
	part string // what failed: options, variant, start, seats, move
	ply  int    // the move that failed (part "move"), else -1
	err  error
}

func (e *damagedGame) Error() string {
	if e.ply >= 0 {
		return fmt.Sprintf("game %d cannot be loaded: %s %d: %v", e.rec.ID, e.part, e.ply, e.err)
	}
	return fmt.Sprintf("game %d cannot be loaded: %s: %v", e.rec.ID, e.part, e.err)
}

func (e *damagedGame) Unwrap() error { return e.err }

func damaged(rec *store.Game, part string, ply int, err error) error {
	return &damagedGame{rec: rec, part: part, ply: ply, err: err}
}

// logDamaged logs why a game cannot be loaded: its id, the part at fault
// and the ply, no user text.
func (s *session) logDamaged(dg *damagedGame) {
	s.b.log.WarnContext(s.ctx, "game cannot be loaded", "game", dg.rec.ID, "platform", dg.rec.Platform,
		"part", dg.part, "ply", dg.ply)
}

// damagedReply is the private answer to a request that met a damaged game:
// who may end it, or (a finished game) that it cannot be shown.
func (s *session) damagedReply(dg *damagedGame) []Reply {
	s.logDamaged(dg)
	switch {
	case !dg.rec.Phase.Live():
		return []Reply{{Text: s.t("err_game_damaged_over", nil), Private: true}}
	case s.mayAbandon(dg.rec):
		return []Reply{{Text: s.t("err_game_damaged_player", nil), Private: true}}
	}
	var names []string
	for _, p := range dg.rec.Players {
		if p.UserID != "" && !slices.Contains(names, p.Name) {
			names = append(names, s.name(p))
		}
	}
	return []Reply{{Text: s.t("err_game_damaged", map[string]any{"Players": strings.Join(names, ", ")}), Private: true}}
}

// mayAbandon reports whether the requester may end rec: one of its players,
// its challenger, or someone who may manage the channel.
func (s *session) mayAbandon(rec *store.Game) bool {
	id := s.req.User.ID
	if id != "" && (sideOf(rec, id) >= 0 || rec.Challenger == id) {
		return true
	}
	return s.req.CanManage != nil && s.req.CanManage(s.ctx)
}

// abandon ends the channel's live game when it cannot be loaded.
func (s *session) abandon() ([]Reply, error) {
	for attempt := 0; ; attempt++ {
		rec, err := s.b.cfg.Store.LiveGame(s.ctx, s.req.Platform, s.req.Channel)
		if errors.Is(err, store.ErrNotFound) {
			return nil, errNoGame
		}
		if err != nil {
			return nil, err
		}
		_, err = load(rec)
		var dg *damagedGame
		switch {
		case err == nil:
			return nil, refuse("err_abandon_healthy", nil)
		case !errors.As(err, &dg):
			return nil, err
		case !s.mayAbandon(rec):
			return nil, dg
		}
		rec.Phase, rec.Result, rec.Reason = store.PhaseOver, "", "abandoned"
		rec.DrawOffer, rec.UndoOffer = -1, -1
		rec.UpdatedAt = s.b.now()
		err = s.b.cfg.Store.UpdateGame(s.ctx, rec)
		if errors.Is(err, store.ErrConflict) && attempt < 2 {
			continue
		}
		if err != nil {
			return nil, err
		}
		s.b.log.InfoContext(s.ctx, "game abandoned", "game", rec.ID, "platform", rec.Platform,
			"part", dg.part, "ply", dg.ply, "user", s.req.User.ID)
		s.atTable(rec)
		return []Reply{{Text: s.t("game_abandoned", map[string]any{"Player": s.mention()})}}, nil
	}
}
