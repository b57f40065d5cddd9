package bot

import (
	"slices"
	"strings"

	"github.com/mancala-bot/mancala/store"
)

// Every game has a page on the web (package web, served under
// Config.PublicURL): its replay, review and record, and for a game being
// played the live view. The chat links to it: a board carries the link
// (Reply.Link: "👀 Watch live" while the game is played, "🔗 Game page"
// once it is over), and so do "game" and each game of "games". A live
// game's board also says how many people watch its page.

// pageURL is the address of g's page, strings.TrimRight(PublicURL, "/") +
// "/g/" + g.PageID, or "" without Config.PublicURL, for a game without a
// page id, and for a challenge (there is no game to show yet).
func (b *Bot) pageURL(g *store.Game) string {
	if b.cfg.PublicURL == "" || g == nil || g.PageID == "" || g.Phase == store.PhaseChallenge {
		return ""
	}
	return strings.TrimRight(b.cfg.PublicURL, "/") + "/g/" + g.PageID
}

// pageLink is the link to g's page, labelled for the state of the game,
// or nil when it has none (see pageURL).
func (s *session) pageLink(g *store.Game) *Link {
	u := s.b.pageURL(g)
	if u == "" {
		return nil
	}
	key := "btn_page"
	if g.Phase == store.PhasePlaying {
		key = "btn_page_live"
	}
	return &Link{URL: u, Label: s.t(key, nil)}
}

// watchersLine says how many people watch the page of g, a game being
// played, now (store Watchers: "👀 3 people are watching this game"): ""
// for none, for a game over or a challenge, without pages
// (Config.PublicURL), and when the count cannot be read (logged). It
// costs one store query, made only when a board is shown anyway: the
// count never causes a message or an edit of its own.
func (s *session) watchersLine(g *store.Game) string {
	if s.b.pageURL(g) == "" || g.Phase != store.PhasePlaying {
		return ""
	}
	n, err := s.b.cfg.Store.Watchers(s.ctx, g.ID, s.b.now())
	if err != nil {
		s.b.log.WarnContext(s.ctx, "watchers not counted", "game", g.ID, "err", err)
		return ""
	}
	if n <= 0 {
		return ""
	}
	return s.t("page_watchers", map[string]any{"Count": n})
}

// appLink is the "Open board" button of g's board (Reply.App), or nil when
// the game's platform has no board app (Config.AppPlatforms), for a game
// without a page id, and for a challenge (no board to tap yet).
func (s *session) appLink(g *store.Game) *AppLink {
	if g == nil || g.PageID == "" || g.Phase == store.PhaseChallenge || !slices.Contains(s.b.cfg.AppPlatforms, g.Platform) {
		return nil
	}
	return &AppLink{Page: g.PageID, GameID: g.ID, Version: g.Version, Label: s.t("btn_open_board", nil)}
}
