package bot

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/rating"
	"github.com/mancala-bot/mancala/store"
)

// Ratings (see store/ratings.go for what is rated and when): the store
// rates a game between two people in the transaction that ends it, so the
// bot only shows ratings: the change under the finished board (ratingLine,
// from boardReply, the one place every end of a game is shown: a last
// move, resign, an agreed draw, a claim, a board sent again by the outbox),
// the player's ratings in stats, and top VARIANT [global].

// topSize is how many players a leaderboard shows.
const topSize = 10

// ratingText is a rating as players read it: rounded, with "?" when
// provisional ("1537", "1662?").
func ratingText(r rating.Rating) string {
	n := strconv.Itoa(int(math.Round(r.Rating)))
	if r.Provisional() {
		n += "?"
	}
	return n
}

// ratingDelta is the change between two ratings as shown, from the
// rounded values so that the numbers add up: "+12", "−12" (a minus sign),
// "±0".
func ratingDelta(before, after rating.Rating) string {
	d := int(math.Round(after.Rating)) - int(math.Round(before.Rating))
	switch {
	case d > 0:
		return fmt.Sprintf("+%d", d)
	case d < 0:
		return fmt.Sprintf("−%d", -d)
	}
	return "±0"
}

// ratingLine is what a finished rated game did to its players' ratings, in
// seat order: "Rating, Kalah: @alice 1500? → 1662? (+162) · @bob 1500? →
// 1338? (−162)"; "" for a game that is not over or not of the rated kind
// (store.Rated: against the bot, say). A finished game between two people
// that the store did not rate says why: a player never moved
// (store.BothMoved), or else the pair's store.RatedPerDay games of the
// day were rated already. (A game rated before these rules shows its
// change, moves or not, until a rebuild.) A failure to read the ratings is logged and
// leaves the line out: the board matters more.
func (s *session) ratingLine(lg *loaded) string {
	rec := lg.rec
	if !store.Rated(rec) {
		return ""
	}
	cs, err := s.b.cfg.Store.GameRatings(s.ctx, rec.ID)
	if err != nil {
		s.b.log.ErrorContext(s.ctx, "game ratings", "game", rec.ID, "err", err)
		return ""
	}
	switch {
	case len(cs) == 0 && !store.BothMoved(rec):
		return s.t("rating_unrated_no_move", nil)
	case len(cs) == 0:
		return s.t("rating_unrated_daily_cap", map[string]any{"Count": store.RatedPerDay,
			"Variant": locales.VariantName(s.lang, rec.Variant)})
	}
	if len(cs) != 2 {
		return ""
	}
	parts := make([]string, 0, 2)
	for _, c := range cs {
		name := c.Name
		if c.Seat >= 0 && c.Seat < len(rec.Players) {
			name = s.name(rec.Players[c.Seat])
		}
		parts = append(parts, fmt.Sprintf("%s %s → %s (%s)", name, ratingText(c.Before), ratingText(c.After),
			ratingDelta(c.Before, c.After)))
	}
	return s.t("rating_changes", map[string]any{"Variant": locales.VariantName(s.lang, rec.Variant),
		"Changes": strings.Join(parts, " · ")})
}

// ratedVariant reports whether games of v can be rated: games of two
// seats (not the solitaires, not Ruma's tables).
func ratedVariant(v *engine.Variant) bool {
	rules, err := v.New(nil)
	return err == nil && rules.Layout().Sides == 2
}

// stats is the requester's record over every finished game (as before
// ratings), then their rating in each game type they played rated games
// of, the RD as of now (grown by inactivity).
func (s *session) stats() ([]Reply, error) {
	r, err := s.b.cfg.Store.Record(s.ctx, s.req.Platform, s.req.User.ID)
	if err != nil {
		return nil, err
	}
	rs, err := s.b.cfg.Store.Ratings(s.ctx, s.req.Platform, s.req.User.ID)
	if err != nil {
		return nil, err
	}
	lines := []string{s.t("stats", map[string]any{"Player": s.mention(), "Wins": r.Wins, "Losses": r.Losses, "Draws": r.Draws})}
	if len(rs) == 0 {
		lines = append(lines, s.t("stats_ratings_none", nil))
		return []Reply{{Text: strings.Join(lines, "\n")}}, nil
	}
	lines = append(lines, s.t("stats_ratings_header", nil))
	now := s.b.now()
	provisional := false
	for _, x := range rs {
		g := x.Now(now)
		provisional = provisional || g.Provisional()
		lines = append(lines, s.t("stats_rating", map[string]any{
			"Variant": locales.VariantName(s.lang, x.Variant), "Rating": ratingText(g), "RD": int(math.Round(g.RD)),
			"Count": x.Games, "Wins": x.Wins, "Draws": x.Draws, "Losses": x.Losses}))
	}
	if provisional {
		lines = append(lines, s.t("rating_provisional", nil))
	}
	return []Reply{{Text: strings.Join(lines, "\n")}}, nil
}

// top answers "top [VARIANT] [global]": without a variant the channel's
// (or, with global, the platform's) players by wins, as before ratings,
// with a hint; with one, its players by rating, the provisional last.
func (s *session) top(args []string) ([]Reply, error) {
	var (
		v      *engine.Variant
		global bool
	)
	for _, a := range args {
		switch la := strings.ToLower(a); {
		case la == "global" || la == "all" || la == "everyone":
			if global {
				return nil, refuse("err_top_usage", map[string]any{"Word": shorten(a, 40)})
			}
			global = true
		case v == nil:
			found, err := lookupVariant(a)
			if err != nil {
				return nil, refuse("err_unknown_variant", map[string]any{"Variant": shorten(a, 40), "Known": knownVariants()})
			}
			v = found
		default:
			return nil, refuse("err_top_usage", map[string]any{"Word": shorten(a, 40)})
		}
	}
	channel := s.req.Channel
	if global {
		channel = ""
	}
	if v == nil {
		return s.winsTop(channel)
	}
	name := locales.VariantName(s.lang, v.ID)
	if !ratedVariant(v) {
		return nil, refuse("err_top_unrated", map[string]any{"Variant": name})
	}
	now := s.b.now()
	rs, err := s.b.cfg.Store.RatingLeaderboard(s.ctx, s.req.Platform, channel, v.ID, now, topSize)
	if err != nil {
		return nil, err
	}
	head := "top_rating_header"
	if global {
		head = "top_rating_global_header"
	}
	lines := []string{s.t(head, map[string]any{"Variant": name})}
	provisional := false
	for i, r := range rs {
		g := r.Now(now)
		provisional = provisional || g.Provisional()
		lines = append(lines, s.t("top_rating_line", map[string]any{"Rank": i + 1, "Player": r.Name,
			"Rating": ratingText(g), "Count": r.Games, "Wins": r.Wins, "Draws": r.Draws, "Losses": r.Losses}))
	}
	if len(rs) == 0 {
		lines = append(lines, s.t("top_rating_empty", map[string]any{"Variant": name}))
	}
	if provisional {
		lines = append(lines, s.t("rating_provisional", nil))
	}
	return []Reply{{Text: strings.Join(lines, "\n")}}, nil
}

// winsTop is the leaderboard by wins over every finished game (channel ""
// for the platform's), with a hint at the ratings.
func (s *session) winsTop(channel string) ([]Reply, error) {
	rs, err := s.b.cfg.Store.Leaderboard(s.ctx, s.req.Platform, channel, topSize)
	if err != nil {
		return nil, err
	}
	head := "top_header"
	if channel == "" {
		head = "top_global_header"
	}
	var b strings.Builder
	b.WriteString(s.t(head, nil))
	for i, r := range rs {
		b.WriteString("\n" + s.t("top_line", map[string]any{"Rank": i + 1, "Player": r.Name, "Wins": r.Wins, "Losses": r.Losses, "Draws": r.Draws}))
	}
	if len(rs) == 0 {
		b.WriteString("\n" + s.t("top_empty", nil))
	}
	b.WriteString("\n" + s.t("top_ratings_hint", nil))
	return []Reply{{Text: b.String()}}, nil
}
