package app

import (
	"errors"
	"net/http"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/miniapp/activity"
	"github.com/mancala-bot/mancala/store"
)

// sessionAnswer is a sign-in's answer: the session token, who it is, the
// game to show (a page id, "" for none) and the user's language.
type sessionAnswer struct {
	Session string      `json:"session"`
	User    sessionUser `json:"user"`
	Game    string      `json:"game"`
	Lang    string      `json:"lang"`
}

type sessionUser struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// answerSession issues a session for u on platform and answers it with game.
func (s *Server) answerSession(w http.ResponseWriter, platform string, u bot.User, game string) {
	token, sess := s.issue(platform, u)
	writeJSON(w, http.StatusOK, sessionAnswer{Session: token, User: sessionUser{ID: u.ID, Name: u.Name},
		Game: game, Lang: string(sess.Lang())})
}

// telegramSession serves POST api/session/telegram {"init_data": "..."}:
// the launch data verified (signature, age), a session for its user, the
// game of its start_param when that is a page id (else ""). Refused data
// answers 401 sign_in; without Config.Telegram, 404 off.
func (s *Server) telegramSession(w http.ResponseWriter, r *http.Request) {
	if s.limited(w, r, nil) {
		return
	}
	if s.cfg.Telegram == nil {
		s.fail(w, r, http.StatusNotFound, codeOff, nil)
		return
	}
	var in struct {
		InitData string `json:"init_data"`
	}
	if !s.readBody(w, r, &in, nil) {
		return
	}
	d, err := s.cfg.Telegram.Verify(in.InitData, s.cfg.Now())
	if err != nil {
		// The error names keys, never values: safe to log.
		s.log.InfoContext(r.Context(), "board app: Telegram launch data refused", "err", err)
		s.fail(w, r, http.StatusUnauthorized, codeSignIn, nil)
		return
	}
	u := bot.TelegramUser(d.User.ID, d.User.FirstName, d.User.Username, d.User.LanguageCode)
	game := ""
	if store.ValidPageID(d.StartParam) {
		game = d.StartParam
	}
	s.answerSession(w, platformTelegram, u, game)
}

// discordToken serves POST api/discord/token {"code": "..."}: the
// Activity's authorization code exchanged with Discord (the client secret
// stays here), answered {"access_token": "..."}. A refused code answers
// 401 sign_in, Discord failing 502 discord; without Config.Discord, 404
// off.
func (s *Server) discordToken(w http.ResponseWriter, r *http.Request) {
	if s.limited(w, r, nil) {
		return
	}
	if s.cfg.Discord == nil {
		s.fail(w, r, http.StatusNotFound, codeOff, nil)
		return
	}
	var in struct {
		Code string `json:"code"`
	}
	if !s.readBody(w, r, &in, nil) {
		return
	}
	if in.Code == "" {
		s.fail(w, r, http.StatusBadRequest, codeBadRequest, nil)
		return
	}
	t, err := s.cfg.Discord.Exchange(r.Context(), in.Code)
	switch {
	case errors.Is(err, activity.ErrBadCode):
		s.fail(w, r, http.StatusUnauthorized, codeSignIn, nil)
	case err != nil:
		s.log.WarnContext(r.Context(), "board app: Discord code exchange failed", "err", err)
		s.fail(w, r, http.StatusBadGateway, codeDiscord, nil)
	default:
		writeJSON(w, http.StatusOK, map[string]string{"access_token": t.AccessToken})
	}
}

// discordSession serves POST api/session/discord {"channel_id": "..."}
// with the Discord access token as Bearer: a session for the token's
// user (asked of Discord, whatever the page says), the game the channel's
// live one, else its last finished one, else "". A refused token answers
// 401 sign_in, Discord failing 502 discord; without Config.Discord, 404
// off.
func (s *Server) discordSession(w http.ResponseWriter, r *http.Request) {
	if s.limited(w, r, nil) {
		return
	}
	if s.cfg.Discord == nil {
		s.fail(w, r, http.StatusNotFound, codeOff, nil)
		return
	}
	var in struct {
		ChannelID string `json:"channel_id"`
	}
	if !s.readBody(w, r, &in, nil) {
		return
	}
	if !snowflake(in.ChannelID) {
		s.fail(w, r, http.StatusBadRequest, codeBadRequest, nil)
		return
	}
	du, err := s.cfg.Discord.IdentifyRequest(r)
	switch {
	case errors.Is(err, activity.ErrBadToken):
		s.fail(w, r, http.StatusUnauthorized, codeSignIn, nil)
		return
	case err != nil:
		s.log.WarnContext(r.Context(), "board app: Discord identify failed", "err", err)
		s.fail(w, r, http.StatusBadGateway, codeDiscord, nil)
		return
	}
	u := bot.User{ID: du.ID, Name: locales.CleanText(du.Name(), false), Locale: du.Locale, Mention: "<@" + du.ID + ">"}
	g, err := s.cfg.Store.LiveGame(r.Context(), platformDiscord, in.ChannelID)
	if errors.Is(err, store.ErrNotFound) {
		g, err = s.cfg.Store.LastGame(r.Context(), platformDiscord, in.ChannelID)
	}
	game := ""
	switch {
	case err == nil && shown(g):
		game = g.PageID
	case err != nil && !errors.Is(err, store.ErrNotFound):
		s.internal(w, r, "reading the channel's game", err, nil)
		return
	}
	s.answerSession(w, platformDiscord, u, game)
}

// snowflake reports whether id looks like a Discord id: 1 to 20 digits.
func snowflake(id string) bool {
	if id == "" || len(id) > 20 {
		return false
	}
	for _, c := range id {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
