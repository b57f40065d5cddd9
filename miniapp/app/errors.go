package app

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"golang.org/x/text/language"

	"github.com/mancala-bot/mancala/locales"
)

// The machine codes of the error answers (the "code" field).
const (
	codeBadRequest  = "bad_request"  // 400: a body or parameter that cannot be read
	codeNoSession   = "no_session"   // 401: no session where one is needed
	codeBadSession  = "bad_session"  // 401: a session forged, expired or of a sign-in now off
	codeSignIn      = "sign_in"      // 401: launch data or a Discord token refused
	codeNotPlayer   = "not_player"   // 403: a move by someone who does not play the game
	codeNotFound    = "not_found"    // 404: no such game (or route)
	codeOff         = "off"          // 404: that sign-in is not configured
	codeRefused     = "refused"      // 409: the bot refused the move (stale, not your turn...)
	codeTooLarge    = "too_large"    // 413: a body over maxBody
	codeRateLimited = "rate_limited" // 429
	codeDiscord     = "discord"      // 502: Discord did not answer as expected
	codeInternal    = "internal"     // 500
)

// errorKeys are the texts of the codes (locales, app.toml).
var errorKeys = map[string]string{
	codeBadRequest:  "app_error_bad_request",
	codeNoSession:   "app_error_session",
	codeBadSession:  "app_error_session",
	codeSignIn:      "app_error_sign_in",
	codeNotPlayer:   "app_error_not_player",
	codeNotFound:    "app_error_not_found",
	codeOff:         "app_error_off",
	codeRefused:     "app_error_refused",
	codeTooLarge:    "app_error_bad_request",
	codeRateLimited: "app_error_too_many",
	codeDiscord:     "app_error_discord",
	codeInternal:    "app_error_internal",
}

// errorBody is every error answer.
type errorBody struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// fail answers status with code's text in the language of sess (nil: of
// the request, see requestLang).
func (s *Server) fail(w http.ResponseWriter, r *http.Request, status int, code string, sess *Session) {
	lang := requestLang(r)
	if sess != nil {
		lang = sess.Lang()
	}
	s.failText(w, status, code, locales.Text(lang, errorKeys[code], nil))
}

// failText answers status with code and text.
func (s *Server) failText(w http.ResponseWriter, status int, code, text string) {
	writeJSON(w, status, errorBody{Error: text, Code: code})
}

// internal answers 500 and logs err (never shown to the user).
func (s *Server) internal(w http.ResponseWriter, r *http.Request, what string, err error, sess *Session) {
	s.log.ErrorContext(r.Context(), "board app: "+what, "path", r.URL.Path, "err", err)
	s.fail(w, r, http.StatusInternalServerError, codeInternal, sess)
}

// writeJSON answers status with v as JSON, never cached.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil { // only our own types are written: a programming error
		status, b = http.StatusInternalServerError, []byte(`{"error":"internal","code":"internal"}`)
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// readBody decodes the request's JSON body, at most maxBody bytes, into v:
// false after answering 413 (too long) or 400 (not one JSON object of
// v's shape).
func (s *Server) readBody(w http.ResponseWriter, r *http.Request, v any, sess *Session) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, extra := dec.Token(); extra != io.EOF {
			err = errors.New("data after the object")
		}
	}
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		s.fail(w, r, http.StatusRequestEntityTooLarge, codeTooLarge, sess)
		return false
	case err != nil:
		s.fail(w, r, http.StatusBadRequest, codeBadRequest, sess)
		return false
	}
	return true
}

// requestLang is the language of a request without a session: ?lang=
// when it is one of the four, else the first of Accept-Language's that
// is, else English.
func requestLang(r *http.Request) locales.Lang {
	if q := r.URL.Query().Get("lang"); q != "" {
		if l, ok := locales.Parse(q); ok {
			return l
		}
	}
	if tags, _, err := language.ParseAcceptLanguage(r.Header.Get("Accept-Language")); err == nil {
		for _, t := range tags {
			base, _ := t.Base()
			if l, ok := locales.Parse(base.String()); ok {
				return l
			}
		}
	}
	return locales.EN
}

// bearer is the token of an "Authorization: Bearer" header, or "".
func bearer(r *http.Request) string {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}
