// Package activitytest is a fake of Discord's OAuth2 token endpoint and of
// GET /users/@me, for tests of package activity and of what is built on it.
// It checks requests the way Discord documents them and answers as Discord
// does, errors included.
package activitytest

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"mime"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
)

// Server is a fake Discord for one application. Close it when done.
type Server struct {
	// URL is the API root to give activity.Config.BaseURL.
	URL string

	ClientID, ClientSecret string
	// RedirectURIs are the registered redirects; a request naming another
	// one is refused (one naming none is fine, as for Activities).
	RedirectURIs []string

	srv *httptest.Server

	mu     sync.Mutex
	codes  map[string]string // one-time code -> user id
	tokens map[string]string // access token -> user id
	users  map[string]User
	down   bool
	calls  []string
}

// User is a Discord user the fake knows.
type User struct {
	ID, Username, GlobalName, Locale string
}

// New starts a fake for the application with the given id and secret.
func New(clientID, clientSecret string) *Server {
	s := &Server{ClientID: clientID, ClientSecret: clientSecret,
		codes: map[string]string{}, tokens: map[string]string{}, users: map[string]User{}}
	mux := http.NewServeMux()
	mux.HandleFunc("/oauth2/token", s.token)
	mux.HandleFunc("/users/@me", s.me)
	s.srv = httptest.NewServer(mux)
	s.URL = s.srv.URL
	return s
}

// Close shuts the fake down.
func (s *Server) Close() { s.srv.Close() }

// Authorize records that u authorized the application in an Activity and
// returns the one-time code the SDK's authorize command would give.
func (s *Server) Authorize(u User) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.users[u.ID] = u
	code := random()
	s.codes[code] = u.ID
	return code
}

// TokenFor returns a valid access token of u, as if u had authorized and
// the code had been exchanged.
func (s *Server) TokenFor(u User) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.users[u.ID] = u
	t := random()
	s.tokens[t] = u.ID
	return t
}

// SetDown makes every endpoint answer 503, as during an outage.
func (s *Server) SetDown(down bool) {
	s.mu.Lock()
	s.down = down
	s.mu.Unlock()
}

// Calls lists the requests served, as "POST /oauth2/token".
func (s *Server) Calls() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.calls...)
}

func (s *Server) enter(r *http.Request) (down bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, r.Method+" "+r.URL.Path)
	return s.down
}

func (s *Server) token(w http.ResponseWriter, r *http.Request) {
	if s.enter(r) {
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"message": "upstream connect error", "code": 0})
		return
	}
	if r.Method != http.MethodPost {
		writeJSON(w, http.StatusMethodNotAllowed, map[string]any{"message": "405: Method Not Allowed", "code": 0})
		return
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/x-www-form-urlencoded" {
		oauthError(w, http.StatusBadRequest, "invalid_request", "")
		return
	}
	if err := r.ParseForm(); err != nil {
		oauthError(w, http.StatusBadRequest, "invalid_request", "")
		return
	}
	f := r.PostForm
	id, secret, basic := r.BasicAuth()
	if !basic {
		id, secret = f.Get("client_id"), f.Get("client_secret")
	}
	if id != s.ClientID || secret != s.ClientSecret || id == "" {
		oauthError(w, http.StatusUnauthorized, "invalid_client", "")
		return
	}
	switch gt := f.Get("grant_type"); gt {
	case "authorization_code":
	case "":
		oauthError(w, http.StatusBadRequest, "unsupported_grant_type", `Missing "grant_type" in request.`)
		return
	default:
		oauthError(w, http.StatusBadRequest, "unsupported_grant_type", "")
		return
	}
	if ru := f.Get("redirect_uri"); f.Has("redirect_uri") && !slices.Contains(s.RedirectURIs, ru) {
		oauthError(w, http.StatusBadRequest, "invalid_grant", `Invalid "redirect_uri" in request.`)
		return
	}
	code := f.Get("code")
	s.mu.Lock()
	uid, ok := s.codes[code]
	delete(s.codes, code)
	var tok string
	if ok {
		tok = random()
		s.tokens[tok] = uid
	}
	s.mu.Unlock()
	if !ok {
		oauthError(w, http.StatusBadRequest, "invalid_grant", `Invalid "code" in request.`)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"token_type": "Bearer", "access_token": tok, "expires_in": 604800,
		"refresh_token": random(), "scope": "identify",
	})
}

func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	if s.enter(r) {
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"message": "upstream connect error", "code": 0})
		return
	}
	if r.Method != http.MethodGet {
		writeJSON(w, http.StatusMethodNotAllowed, map[string]any{"message": "405: Method Not Allowed", "code": 0})
		return
	}
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	s.mu.Lock()
	uid, known := s.tokens[tok]
	u := s.users[uid]
	s.mu.Unlock()
	if !ok || !known {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"message": "401: Unauthorized", "code": 0})
		return
	}
	var global any
	if u.GlobalName != "" {
		global = u.GlobalName
	}
	locale := u.Locale
	if locale == "" {
		locale = "en-US"
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id": u.ID, "username": u.Username, "avatar": nil, "discriminator": "0",
		"public_flags": 0, "flags": 0, "global_name": global, "mfa_enabled": false, "locale": locale,
	})
}

func oauthError(w http.ResponseWriter, status int, code, desc string) {
	body := map[string]string{"error": code}
	if desc != "" {
		body["error_description"] = desc
	}
	writeJSON(w, status, body)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func random() string {
	b := make([]byte, 18)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
