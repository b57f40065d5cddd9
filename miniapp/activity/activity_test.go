package activity_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/miniapp/activity"
	"github.com/mancala-bot/mancala/miniapp/activity/activitytest"
)

const (
	appID  = "1300000000000000001"
	secret = "s3cr3t-client-secret-value"
)

var (
	ama  = activitytest.User{ID: "80351110224678912", Username: "ama", GlobalName: "Ama Mensah", Locale: "da"}
	kofi = activitytest.User{ID: "80351110224678913", Username: "kofi"}
)

func newClient(fake *activitytest.Server, cfg activity.Config) *activity.Client {
	cfg.BaseURL = fake.URL
	if cfg.ClientID == "" {
		cfg.ClientID = appID
	}
	if cfg.ClientSecret == "" {
		cfg.ClientSecret = secret
	}
	return activity.New(cfg)
}

func TestExchangeAndIdentify(t *testing.T) {
	fake := activitytest.New(appID, secret)
	defer fake.Close()
	c := newClient(fake, activity.Config{})
	ctx := context.Background()

	tok, err := c.Exchange(ctx, fake.Authorize(ama))
	if err != nil {
		t.Fatalf("Exchange: %v", err)
	}
	if tok.AccessToken == "" || tok.TokenType != "Bearer" || tok.ExpiresIn != 604800 || tok.Scope != "identify" {
		t.Errorf("token = %+v", tok)
	}
	u, err := c.Identify(ctx, tok.AccessToken)
	if err != nil {
		t.Fatalf("Identify: %v", err)
	}
	want := activity.User{ID: ama.ID, Username: "ama", GlobalName: "Ama Mensah", Locale: "da"}
	if u != want || u.Name() != "Ama Mensah" {
		t.Errorf("user = %+v (%q), want %+v", u, u.Name(), want)
	}
	u, err = c.Identify(ctx, fake.TokenFor(kofi))
	if err != nil || u.ID != kofi.ID || u.Name() != "kofi" || u.Locale != "en-US" {
		t.Errorf("Identify(kofi's token) = %+v, %v", u, err)
	}
	if got := strings.Join(fake.Calls(), ", "); got != "POST /oauth2/token, GET /users/@me, GET /users/@me" {
		t.Errorf("calls = %s", got)
	}
}

func TestExchangeRefused(t *testing.T) {
	fake := activitytest.New(appID, secret)
	fake.RedirectURIs = []string{"https://mancala.example/activity"}
	defer fake.Close()
	ctx := context.Background()

	used := fake.Authorize(ama)
	if _, err := newClient(fake, activity.Config{}).Exchange(ctx, used); err != nil {
		t.Fatalf("first exchange: %v", err)
	}
	for _, tc := range []struct {
		name string
		cfg  activity.Config
		code string
		want error
	}{
		{"unknown code", activity.Config{}, "not-a-code", activity.ErrBadCode},
		{"code used twice", activity.Config{}, used, activity.ErrBadCode},
		{"empty code", activity.Config{}, "", activity.ErrBadCode},
		{"wrong secret", activity.Config{ClientSecret: "guessed"}, fake.Authorize(ama), activity.ErrDiscord},
		{"wrong client id", activity.Config{ClientID: "1300000000000000002"}, fake.Authorize(ama), activity.ErrDiscord},
		{"unregistered redirect", activity.Config{RedirectURI: "https://evil.example/"}, fake.Authorize(ama), activity.ErrBadCode},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tok, err := newClient(fake, tc.cfg).Exchange(ctx, tc.code)
			if !errors.Is(err, tc.want) || tok.AccessToken != "" {
				t.Fatalf("Exchange = %+v, %v; want %v", tok, err, tc.want)
			}
			if strings.Contains(err.Error(), secret) || tc.code != "" && strings.Contains(err.Error(), tc.code) {
				t.Errorf("error %q shows the secret or the code", err)
			}
		})
	}
	tok, err := newClient(fake, activity.Config{RedirectURI: "https://mancala.example/activity"}).Exchange(ctx, fake.Authorize(ama))
	if err != nil || tok.AccessToken == "" {
		t.Errorf("registered redirect: %+v, %v", tok, err)
	}
}

func TestDiscordDown(t *testing.T) {
	fake := activitytest.New(appID, secret)
	defer fake.Close()
	c := newClient(fake, activity.Config{})
	ctx := context.Background()
	code, tok := fake.Authorize(ama), fake.TokenFor(ama)
	fake.SetDown(true)
	if _, err := c.Exchange(ctx, code); !errors.Is(err, activity.ErrDiscord) {
		t.Errorf("Exchange while down: %v, want ErrDiscord", err)
	}
	if _, err := c.Identify(ctx, tok); !errors.Is(err, activity.ErrDiscord) {
		t.Errorf("Identify while down: %v, want ErrDiscord", err)
	}
	fake.SetDown(false)
	if _, err := c.Exchange(ctx, code); err != nil {
		t.Errorf("Exchange once back: %v", err)
	}

	fake.Close() // nothing listens any more
	if _, err := c.Identify(ctx, tok); !errors.Is(err, activity.ErrDiscord) || strings.Contains(err.Error(), tok) {
		t.Errorf("Identify with Discord gone: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := c.Exchange(cancelled, "x"); !errors.Is(err, activity.ErrDiscord) || !strings.Contains(err.Error(), "context canceled") {
		t.Errorf("Exchange with a cancelled context: %v", err)
	}
}

// TestIdentifyRequest: the user is the one the token belongs to, whatever
// the request claims; a request with a token of another user is that user.
func TestIdentifyRequest(t *testing.T) {
	fake := activitytest.New(appID, secret)
	defer fake.Close()
	c := newClient(fake, activity.Config{})
	amaTok, kofiTok := fake.TokenFor(ama), fake.TokenFor(kofi)
	for _, tc := range []struct {
		name, auth, wantID string
		wantErr            error
	}{
		{"own token", "Bearer " + amaTok, ama.ID, nil},
		{"another user's token", "Bearer " + kofiTok, kofi.ID, nil},
		{"unknown token", "Bearer forged", "", activity.ErrBadToken},
		{"no header", "", "", activity.ErrBadToken},
		{"not bearer", "Bot " + amaTok, "", activity.ErrBadToken},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, "/activity/move?user_id="+ama.ID, nil)
			if tc.auth != "" {
				r.Header.Set("Authorization", tc.auth)
			}
			u, err := c.IdentifyRequest(r)
			if !errors.Is(err, tc.wantErr) || u.ID != tc.wantID {
				t.Fatalf("IdentifyRequest = %+v, %v; want id %q, %v", u, err, tc.wantID, tc.wantErr)
			}
		})
	}
}

func TestTokenHandler(t *testing.T) {
	fake := activitytest.New(appID, secret)
	defer fake.Close()
	var logs bytes.Buffer
	h := newClient(fake, activity.Config{}).TokenHandler(slog.New(slog.NewTextHandler(&logs, nil)))
	post := func(body string) (int, map[string]string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/activity/token", strings.NewReader(body)))
		var out map[string]string
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			t.Fatalf("answer %q is not JSON: %v", rec.Body, err)
		}
		if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
			t.Errorf("content type %q", ct)
		}
		return rec.Code, out
	}

	status, out := post(`{"code":"` + fake.Authorize(ama) + `"}`)
	if status != http.StatusOK || len(out) != 1 || out["access_token"] == "" {
		t.Fatalf("exchange: %d %v", status, out)
	}
	if u, err := newClient(fake, activity.Config{}).Identify(context.Background(), out["access_token"]); err != nil || u.ID != ama.ID {
		t.Errorf("the token handed out is not ama's: %+v, %v", u, err)
	}
	if status, out = post(`{"code":"stale"}`); status != http.StatusBadRequest || out["error"] != "the authorization expired; open the board again" {
		t.Errorf("bad code: %d %v", status, out)
	}
	if status, out = post(`not json`); status != http.StatusBadRequest || out["error"] != "send the authorization code" {
		t.Errorf("no code: %d %v", status, out)
	}
	fake.SetDown(true)
	if status, out = post(`{"code":"` + fake.Authorize(ama) + `"}`); status != http.StatusBadGateway || out["error"] != "Discord could not be reached; try again" {
		t.Errorf("Discord down: %d %v", status, out)
	}
	if !strings.Contains(logs.String(), "code exchange failed") || strings.Contains(logs.String(), secret) {
		t.Errorf("log = %q", logs.String())
	}

	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/activity/token", nil))
	if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "POST" {
		t.Errorf("GET: %d, Allow %q", rec.Code, rec.Header().Get("Allow"))
	}
}

func TestConfigLogValueHidesSecret(t *testing.T) {
	var buf bytes.Buffer
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("config", "activity", activity.Config{ClientID: appID, ClientSecret: secret})
	if strings.Contains(buf.String(), secret) || !strings.Contains(buf.String(), `"client_secret":"(set)"`) || !strings.Contains(buf.String(), appID) {
		t.Errorf("logged %s", buf.String())
	}
}
