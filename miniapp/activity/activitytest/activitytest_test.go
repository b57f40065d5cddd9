package activitytest

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestTokenEndpointChecks: the fake refuses what Discord refuses, with
// Discord's status and error code.
func TestTokenEndpointChecks(t *testing.T) {
	s := New("42", "secret")
	defer s.Close()
	u := User{ID: "7", Username: "ama"}
	form := func(edit func(url.Values)) url.Values {
		v := url.Values{"client_id": {"42"}, "client_secret": {"secret"}, "grant_type": {"authorization_code"}, "code": {s.Authorize(u)}}
		edit(v)
		return v
	}
	for _, tc := range []struct {
		name        string
		contentType string
		body        url.Values
		basic       bool
		status      int
		errCode     string
	}{
		{"good", "application/x-www-form-urlencoded", form(func(url.Values) {}), false, 200, ""},
		{"good, client in basic auth", "application/x-www-form-urlencoded", form(func(v url.Values) { v.Del("client_id"); v.Del("client_secret") }), true, 200, ""},
		{"JSON body", "application/json", form(func(url.Values) {}), false, 400, "invalid_request"},
		{"no grant_type", "application/x-www-form-urlencoded", form(func(v url.Values) { v.Del("grant_type") }), false, 400, "unsupported_grant_type"},
		{"client_credentials", "application/x-www-form-urlencoded", form(func(v url.Values) { v.Set("grant_type", "client_credentials") }), false, 400, "unsupported_grant_type"},
		{"no secret", "application/x-www-form-urlencoded", form(func(v url.Values) { v.Del("client_secret") }), false, 401, "invalid_client"},
		{"no code", "application/x-www-form-urlencoded", form(func(v url.Values) { v.Del("code") }), false, 400, "invalid_grant"},
		{"unregistered redirect", "application/x-www-form-urlencoded", form(func(v url.Values) { v.Set("redirect_uri", "https://x.example/") }), false, 400, "invalid_grant"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, s.URL+"/oauth2/token", strings.NewReader(tc.body.Encode()))
			req.Header.Set("Content-Type", tc.contentType)
			if tc.basic {
				req.SetBasicAuth("42", "secret")
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var out map[string]any
			if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != tc.status || tc.errCode != "" && out["error"] != tc.errCode || tc.errCode == "" && out["access_token"] == nil {
				t.Errorf("answer %d %v, want %d %q", resp.StatusCode, out, tc.status, tc.errCode)
			}
		})
	}
}
