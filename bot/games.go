package bot

import (
	"slices"
	"strings"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// games answers "games": the requester's live games in every channel of
// the platform, privately, the most recently changed first. Each line has
// the variant, the opponents, whose turn it is (or that a challenge waits
// for an answer), how long since the last move, and where the game is: a
// link where the platform allows one (to the game's turn notice when one
// is alive, just under the board; else to the channel), else the
// channel's title; with pages (Config.PublicURL), the link to the game's
// page after it ("🔗 URL").
func (s *session) games() ([]Reply, error) {
	list, err := s.b.cfg.Store.UserGames(s.ctx, s.req.Platform, s.req.User.ID)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return []Reply{{Text: s.t("games_none", nil), Private: true}}, nil
	}
	lines := []string{s.t("games_header", nil)}
	now := s.b.now()
	for _, u := range list {
		lines = append(lines, s.gameLine(u, now))
	}
	return []Reply{{Text: strings.Join(lines, "\n"), Private: true, Direct: true}}, nil
}

// gameLine is one game of the "games" list.
func (s *session) gameLine(u store.UserGame, now time.Time) string {
	rec := u.Game
	me := s.req.User.ID
	var opponents []string
	for _, p := range rec.Players {
		if p.Empty() || (p.UserID != "" && p.UserID == me) {
			continue
		}
		if n := s.name(p); !slices.Contains(opponents, n) {
			opponents = append(opponents, n)
		}
	}
	args := map[string]any{"Variant": s.variantTitle(rec), "Opponents": strings.Join(opponents, ", ")}
	key := "games_line"
	if len(opponents) == 0 {
		key = "games_line_alone"
	}
	line := s.t(key, args) + " — " + s.gameState(rec) + ", " + s.since(rec, now)
	if where := s.where(rec, u); where != "" {
		line += " — " + where
	}
	if page := s.b.pageURL(rec); page != "" {
		line += " — 🔗 " + page
	}
	return line
}

// gameState says whose turn it is, or what a challenge waits for.
func (s *session) gameState(rec *store.Game) string {
	if rec.Phase == store.PhaseChallenge {
		return s.t("games_challenge", nil)
	}
	lg, err := load(rec)
	if err != nil {
		return s.t("games_damaged", nil)
	}
	seat := lg.seatToMove()
	if holds(rec, seat, s.req.User.ID) {
		return s.t("games_your_move", nil)
	}
	return s.t("games_their_move", map[string]any{"Player": s.name(rec.Players[seat])})
}

// since says how long ago the last move was made (or the game created,
// before any move; a challenge, since it was opened).
func (s *session) since(rec *store.Game, now time.Time) string {
	at, key := rec.CreatedAt, "games_created"
	if rec.Phase == store.PhaseChallenge {
		key = "games_opened"
	}
	if n := len(rec.Moves); n > 0 {
		at, key = rec.Moves[n-1].At, "games_last_move"
	}
	d := now.Sub(at)
	if d < time.Minute {
		return s.t(key+"_now", nil)
	}
	return s.t(key, map[string]any{"Ago": s.ago(d)})
}

// ago is a duration in whole minutes, hours or days ("5 minutes", "2
// days"), in the accusative where a language needs it after "ago".
func (s *session) ago(d time.Duration) string {
	switch {
	case d < time.Hour:
		return s.t("ago_minutes", map[string]any{"Count": int(d / time.Minute)})
	case d < 24*time.Hour:
		return s.t("ago_hours", map[string]any{"Count": int(d / time.Hour)})
	}
	return s.t("ago_days", map[string]any{"Count": int(d / (24 * time.Hour))})
}

// waitText is a time still to wait, rounded up to whole seconds, minutes,
// hours or days, the largest unit that fits ("2 seconds", "59 minutes",
// "3 hours", "2 days"), with the language's plural forms.
func (s *session) waitText(d time.Duration) string {
	up := func(unit time.Duration) int { return int((d + unit - 1) / unit) }
	switch {
	case d <= time.Minute:
		return s.t("n_seconds", map[string]any{"Count": max(up(time.Second), 1)})
	case d <= time.Hour:
		return s.t("n_minutes", map[string]any{"Count": up(time.Minute)})
	case d <= 48*time.Hour:
		return s.t("n_hours", map[string]any{"Count": up(time.Hour)})
	}
	return s.t("n_days", map[string]any{"Count": up(24 * time.Hour)})
}

// where is the link to the game, else the channel's title, else "".
func (s *session) where(rec *store.Game, u store.UserGame) string {
	switch {
	case u.Place.Link != "" && u.Notice != "":
		return u.Place.Link + "/" + u.Notice
	case u.Place.Link != "":
		return u.Place.Link
	case u.Place.Title != "":
		return s.t("games_in_chat", map[string]any{"Title": u.Place.Title})
	}
	return s.t("games_in_channel", map[string]any{"Channel": rec.Channel})
}

// rememberPlace keeps how to reach the request's channel, for "games";
// a failure is logged (the list then names the channel by its id).
func (s *session) rememberPlace() {
	title := strings.NewReplacer("*", "", "\n", " ").Replace(s.req.ChannelTitle)
	if s.req.ChannelLink == "" && title == "" {
		return
	}
	p := store.Place{Link: s.req.ChannelLink, Title: cut(title, 100)}
	if err := s.b.cfg.Store.SetPlace(s.ctx, s.req.Platform, s.req.Channel, p); err != nil {
		s.b.log.WarnContext(s.ctx, "channel place not recorded", "platform", s.req.Platform, "channel", s.req.Channel, "err", err)
	}
}
