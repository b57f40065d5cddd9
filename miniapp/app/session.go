package app

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/locales"
)

// Session is who signed in to the app: a platform's user, as the chat
// adapters name them (so the bot sees the same user in a move tapped in
// the app as in a button pressed in the chat).
type Session struct {
	// Platform is "telegram" or "discord".
	Platform string `json:"p"`
	UserID   string `json:"u"`
	Name     string `json:"n"`
	Mention  string `json:"m,omitempty"`
	// Locale is the platform's language tag for the user.
	Locale string `json:"l,omitempty"`
	// Expires is when the session ends, in Unix seconds.
	Expires int64 `json:"e"`
}

// Platforms, as bot.Request.Platform and store.Game.Platform name them.
const (
	platformTelegram = "telegram"
	platformDiscord  = "discord"
)

// Errors of readSession.
var (
	errBadSession = errors.New("app: session forged or malformed")
	errExpired    = errors.New("app: session expired")
	errOff        = errors.New("app: session of a sign-in that is off")
)

// Lang is the language of the session's user.
func (s *Session) Lang() locales.Lang { return locales.Resolve(s.Locale) }

// User is the session's user as the bot sees them.
func (s *Session) User() bot.User {
	return bot.User{ID: s.UserID, Name: s.Name, Locale: s.Locale, Mention: s.Mention}
}

// sessionMAC is the signature of a session's encoded payload.
func sessionMAC(key []byte, payload string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("mancala board app session\x00"))
	m.Write([]byte(payload))
	return m.Sum(nil)
}

// issue returns the token of a session for u on platform, valid for
// Config.SessionFor from now: the payload (JSON) and its HMAC-SHA256, each
// base64url, joined by a dot. Nothing is kept in memory: any process with
// the same key reads it.
func (s *Server) issue(platform string, u bot.User) (string, *Session) {
	sess := &Session{Platform: platform, UserID: u.ID, Name: u.Name, Mention: u.Mention, Locale: u.Locale,
		Expires: s.cfg.Now().Add(s.cfg.SessionFor).Unix()}
	b, _ := json.Marshal(sess)
	payload := base64.RawURLEncoding.EncodeToString(b)
	return payload + "." + base64.RawURLEncoding.EncodeToString(sessionMAC(s.cfg.SessionKey, payload)), sess
}

// parse reads a session token: errBadSession when it is malformed or its
// signature is not ours, errExpired when it has ended, errOff when its
// platform's sign-in is not configured (any more).
func (s *Server) parse(token string) (*Session, error) {
	payload, mac, ok := strings.Cut(token, ".")
	if !ok || len(token) > 2048 {
		return nil, errBadSession
	}
	got, err := base64.RawURLEncoding.DecodeString(mac)
	if err != nil || !hmac.Equal(got, sessionMAC(s.cfg.SessionKey, payload)) {
		return nil, errBadSession
	}
	b, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return nil, errBadSession
	}
	var sess Session
	if err := json.Unmarshal(b, &sess); err != nil || sess.UserID == "" {
		return nil, errBadSession
	}
	switch {
	case !s.cfg.Now().Before(time.Unix(sess.Expires, 0)):
		return nil, errExpired
	case sess.Platform == platformTelegram && s.cfg.Telegram != nil,
		sess.Platform == platformDiscord && s.cfg.Discord != nil:
		return &sess, nil
	}
	return nil, errOff
}

// session reads the request's session (Authorization: Bearer). With
// required false a request without one is a spectator's (nil, true); a
// session that is there but refused is answered 401 either way. ok is
// false after answering.
func (s *Server) session(w http.ResponseWriter, r *http.Request, required bool) (sess *Session, ok bool) {
	token := bearer(r)
	if token == "" {
		if required {
			s.fail(w, r, http.StatusUnauthorized, codeNoSession, nil)
			return nil, false
		}
		return nil, true
	}
	sess, err := s.parse(token)
	if err != nil {
		s.fail(w, r, http.StatusUnauthorized, codeBadSession, nil)
		return nil, false
	}
	return sess, true
}

// SessionKeyFrom derives a session key (32 bytes, for Config.SessionKey)
// from secrets the deployment already has (the Telegram bot token, the
// Discord client secret...): every process given the same secrets, in
// the same order, derives the same key, and changing any of them ends
// every session. It panics when all are empty: a key from nothing could
// be guessed.
func SessionKeyFrom(secrets ...string) []byte {
	m := hmac.New(sha256.New, []byte("mancala board app session key"))
	some := false
	for _, s := range secrets {
		some = some || s != ""
		var n [8]byte
		for i := range n {
			n[i] = byte(len(s) >> (8 * i))
		}
		m.Write(n[:]) // each secret's length first: ("ab", "c") is not ("a", "bc")
		m.Write([]byte(s))
	}
	if !some {
		panic("app.SessionKeyFrom: no secret")
	}
	return m.Sum(nil)
}
