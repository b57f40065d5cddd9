package discord

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// discordHost is the host of every REST URL discordgo builds
// (discordgo.EndpointDiscord is "https://discord.com/").
const discordHost = "discord.com"

// rewriteTransport sends the requests discordgo addresses to discord.com to
// another server instead (Config.APIBase), keeping the path: a request for
// https://discord.com/api/v10/gateway goes to APIBase + /api/v10/gateway.
//
// This is how APIBase overrides discordgo's endpoints without touching
// discordgo's package-level Endpoint* variables: those are computed once at
// package init and shared by every Session in the process, so reassigning
// them would be a data race between adapters (and between parallel tests)
// and would redirect every other user of discordgo as well. The transport
// belongs to one Session only. The gateway URL needs no override of its
// own: discordgo asks the REST API for it (GET /api/v10/gateway), so the
// server at APIBase answers with its own websocket URL.
type rewriteTransport struct {
	base *url.URL // scheme, host and an optional path prefix
	next http.RoundTripper
}

func (t rewriteTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host != discordHost {
		return t.next.RoundTrip(req)
	}
	r := req.Clone(req.Context())
	r.URL.Scheme = t.base.Scheme
	r.URL.Host = t.base.Host
	r.URL.Path = t.base.Path + req.URL.Path
	r.URL.RawPath = ""
	r.Host = t.base.Host
	return t.next.RoundTrip(r)
}

// parseAPIBase checks Config.APIBase: an http(s) URL standing in for
// https://discord.com. A trailing slash, and a trailing /api or /api/vN
// (people paste either), are removed.
func parseAPIBase(s string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		shown := "(not shown: it may hold a password)"
		switch {
		case err == nil && u.User != nil:
			shown = strconv.Quote(u.Redacted())
		case err == nil || !strings.Contains(s, "@"):
			shown = strconv.Quote(s)
		}
		return nil, fmt.Errorf("discord: APIBase %s: want an http(s) URL such as http://127.0.0.1:8080", shown)
	}
	p := strings.TrimRight(u.Path, "/")
	p = apiSuffix.ReplaceAllString(p, "")
	u.Path, u.RawQuery, u.Fragment = p, "", ""
	return u, nil
}

var apiSuffix = regexp.MustCompile(`/api(/v[0-9]+)?$`)

// interactionToken matches the interaction or webhook token in a REST path
// (/interactions/{id}/{token}/callback, /webhooks/{app}/{token}/...): a
// short-lived credential that has no place in logs either.
var interactionToken = regexp.MustCompile(`(/(?:interactions|webhooks)/[0-9]+/)[^/?\s"]+`)

// redactor removes secrets from text that may reach a log or an error: the
// bot token and interaction tokens in URLs.
type redactor struct{ token string }

func (r redactor) String(s string) string {
	if r.token != "" {
		s = strings.ReplaceAll(s, r.token, "[token]")
	}
	return interactionToken.ReplaceAllString(s, "${1}[token]")
}

// Error returns err with its message redacted, or nil. The result still
// matches what errors.Is/As found in err (the original is wrapped), but
// its text carries no secret.
func (r redactor) Error(err error) error {
	if err == nil {
		return nil
	}
	msg := r.String(err.Error())
	if msg == err.Error() {
		return err
	}
	return &redactedError{msg: msg, err: err}
}

type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }
