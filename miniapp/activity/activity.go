// Package activity is the server side of a Discord Activity's sign-in.
//
// The Activity (a page inside Discord, using the Embedded App SDK) asks the
// SDK to authorize our application and gets a one-time code. It posts the
// code to our server ([Client.TokenHandler]), which exchanges it at
// Discord's OAuth2 token endpoint with the application's client id and
// secret (configuration, never sent to the page) and returns the access
// token; the Activity hands the token to the SDK's authenticate command.
// Afterwards the Activity sends that token with its requests, and the
// server learns whose it is from Discord ([Client.Identify], GET
// /users/@me): the user is never taken from what the page says.
package activity

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// DefaultBaseURL is Discord's API root.
const DefaultBaseURL = "https://discord.com/api/v10"

// The errors of Exchange and Identify, wrapped with a short reason that
// never holds the secret, a code or a token. Test them with errors.Is.
var (
	// ErrBadCode: Discord refused the code (unknown, used or expired:
	// invalid_grant). The Activity should authorize again.
	ErrBadCode = errors.New("activity: Discord refused the authorization code")
	// ErrBadToken: Discord does not know the access token (401).
	ErrBadToken = errors.New("activity: Discord refused the access token")
	// ErrDiscord: Discord could not be asked or answered otherwise than
	// documented (down, rate limited, our client id or secret refused).
	ErrDiscord = errors.New("activity: Discord did not answer as expected")
)

// Config is the application's OAuth2 configuration.
type Config struct {
	// ClientID is the application's id (the developer portal's OAuth2
	// page); the Activity's page knows it too.
	ClientID string
	// ClientSecret is the application's client secret. It is sent to
	// Discord only and never logged (Config's LogValue hides it).
	ClientSecret string
	// RedirectURI, when set, is sent with the exchange; an Activity's
	// authorize needs none, so it is usually empty.
	RedirectURI string
	// BaseURL is Discord's API root, DefaultBaseURL when empty (tests
	// point it at a fake server).
	BaseURL string
	// HTTPClient makes the requests; a client with a 10 s timeout when nil.
	HTTPClient *http.Client
}

// LogValue shows the configuration without its secret.
func (c Config) LogValue() slog.Value {
	secret := "(unset)"
	if c.ClientSecret != "" {
		secret = "(set)"
	}
	return slog.GroupValue(slog.String("client_id", c.ClientID), slog.String("client_secret", secret),
		slog.String("redirect_uri", c.RedirectURI), slog.String("base_url", c.BaseURL))
}

// Client exchanges codes and identifies users. It is safe for concurrent use.
type Client struct {
	cfg  Config
	base string
	http *http.Client
}

// New returns a Client for cfg.
func New(cfg Config) *Client {
	c := &Client{cfg: cfg, base: strings.TrimRight(cfg.BaseURL, "/"), http: cfg.HTTPClient}
	if c.base == "" {
		c.base = DefaultBaseURL
	}
	if c.http == nil {
		c.http = &http.Client{Timeout: 10 * time.Second}
	}
	return c
}

// Token is the part of Discord's token response the server uses.
type Token struct {
	AccessToken string `json:"access_token"`
	TokenType   string `json:"token_type"`
	ExpiresIn   int    `json:"expires_in"`
	Scope       string `json:"scope"`
}

// User is the Discord user an access token belongs to.
type User struct {
	ID         string `json:"id"`
	Username   string `json:"username"`
	GlobalName string `json:"global_name"`
	Locale     string `json:"locale"`
}

// Name is what to call the user: the display name, else the username.
func (u User) Name() string {
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}

// oauthError is the body of Discord's OAuth2 errors.
type oauthError struct {
	Error string `json:"error"`
}

// Exchange trades the Activity's authorization code for an access token
// (POST {base}/oauth2/token, form-encoded, grant_type authorization_code).
// Errors: ErrBadCode when Discord refuses the code, ErrDiscord otherwise.
func (c *Client) Exchange(ctx context.Context, code string) (Token, error) {
	if code == "" {
		return Token{}, fmt.Errorf("%w: empty code", ErrBadCode)
	}
	form := url.Values{
		"client_id":     {c.cfg.ClientID},
		"client_secret": {c.cfg.ClientSecret},
		"grant_type":    {"authorization_code"},
		"code":          {code},
	}
	if c.cfg.RedirectURI != "" {
		form.Set("redirect_uri", c.cfg.RedirectURI)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/oauth2/token", strings.NewReader(form.Encode()))
	if err != nil {
		return Token{}, fmt.Errorf("%w: %v", ErrDiscord, err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	body, status, err := c.do(req)
	if err != nil {
		return Token{}, err
	}
	if status != http.StatusOK {
		var e oauthError
		_ = json.Unmarshal(body, &e)
		if status == http.StatusBadRequest && e.Error == "invalid_grant" {
			return Token{}, ErrBadCode
		}
		return Token{}, fmt.Errorf("%w: token endpoint answered %d %q", ErrDiscord, status, e.Error)
	}
	var t Token
	if err := json.Unmarshal(body, &t); err != nil || t.AccessToken == "" || !strings.EqualFold(t.TokenType, "Bearer") {
		return Token{}, fmt.Errorf("%w: token response without a bearer token", ErrDiscord)
	}
	return t, nil
}

// Identify returns the user accessToken belongs to (GET {base}/users/@me).
// Errors: ErrBadToken when Discord refuses the token, ErrDiscord otherwise.
func (c *Client) Identify(ctx context.Context, accessToken string) (User, error) {
	if accessToken == "" {
		return User{}, fmt.Errorf("%w: no token", ErrBadToken)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/users/@me", nil)
	if err != nil {
		return User{}, fmt.Errorf("%w: %v", ErrDiscord, err)
	}
	req.Header.Set("Authorization", "Bearer "+accessToken)
	req.Header.Set("Accept", "application/json")
	body, status, err := c.do(req)
	if err != nil {
		return User{}, err
	}
	switch status {
	case http.StatusOK:
	case http.StatusUnauthorized:
		return User{}, ErrBadToken
	default:
		return User{}, fmt.Errorf("%w: /users/@me answered %d", ErrDiscord, status)
	}
	var u User
	if err := json.Unmarshal(body, &u); err != nil || u.ID == "" {
		return User{}, fmt.Errorf("%w: /users/@me sent no user", ErrDiscord)
	}
	return u, nil
}

// IdentifyRequest identifies the sender of r by the access token in its
// "Authorization: Bearer" header. Errors: ErrBadToken for a request
// without one, and Identify's.
func (c *Client) IdentifyRequest(r *http.Request) (User, error) {
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || strings.TrimSpace(tok) == "" {
		return User{}, fmt.Errorf("%w: no bearer token", ErrBadToken)
	}
	return c.Identify(r.Context(), strings.TrimSpace(tok))
}

// maxBody bounds what is read of Discord's answers.
const maxBody = 1 << 20

// do sends req and reads the answer. The error wraps ErrDiscord and names
// no part of the request but its path.
func (c *Client) do(req *http.Request) ([]byte, int, error) {
	resp, err := c.http.Do(req)
	if err != nil {
		if ctxErr := req.Context().Err(); ctxErr != nil {
			return nil, 0, fmt.Errorf("%w: %s: %v", ErrDiscord, req.URL.Path, ctxErr)
		}
		return nil, 0, fmt.Errorf("%w: %s unreachable", ErrDiscord, req.URL.Path)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return nil, 0, fmt.Errorf("%w: %s: reading the answer", ErrDiscord, req.URL.Path)
	}
	return body, resp.StatusCode, nil
}

// TokenHandler serves the Activity's code exchange: POST with a JSON body
// {"code": "..."} answers 200 {"access_token": "..."} (nothing else of
// Discord's answer reaches the page). A refused code answers 400, Discord
// failing 502, each with {"error": "..."} in plain words; another method
// 405. log receives failures, without codes, tokens or the secret.
func (c *Client) TokenHandler(log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			writeJSON(w, http.StatusMethodNotAllowed, map[string]string{"error": "use POST"})
			return
		}
		var in struct {
			Code string `json:"code"`
		}
		if err := json.NewDecoder(io.LimitReader(r.Body, 4096)).Decode(&in); err != nil || in.Code == "" {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "send the authorization code"})
			return
		}
		t, err := c.Exchange(r.Context(), in.Code)
		switch {
		case errors.Is(err, ErrBadCode):
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "the authorization expired; open the board again"})
		case err != nil:
			log.Warn("activity: code exchange failed", "err", err)
			writeJSON(w, http.StatusBadGateway, map[string]string{"error": "Discord could not be reached; try again"})
		default:
			writeJSON(w, http.StatusOK, map[string]string{"access_token": t.AccessToken})
		}
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
