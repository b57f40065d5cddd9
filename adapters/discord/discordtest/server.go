// Package discordtest is a fake Discord for tests: an httptest server that
// speaks enough of Discord's REST API (v10) and of its websocket gateway
// for a bot built on discordgo to connect, register its slash commands and
// answer interactions, all on loopback.
//
// Point the bot's REST client at Server.URL (the adapter's APIBase); the
// gateway URL is whatever GET /api/v10/gateway returns, which is this
// server's /ws endpoint.
//
// The server keeps a model of the channels' messages and applies what the
// bot sends the way Discord does: interaction responses of every type
// (4, 5, 6, 7, and 12, LAUNCH_ACTIVITY: only to a command or a button
// press, without data), edits and deletions of @original, follow-ups, channel
// messages and their edits, including Discord's rules for attachments on
// edit (an edit keeps the old attachments it lists, all of them when it
// has no list, and adds only the new files it lists), ephemeral messages,
// the 3-second deadline of the first response, "already acknowledged"
// errors, and the limits on content length and components. Tests inject
// users' actions (SlashCommand, PressButton), wait for and inspect what
// the bot sent (Interaction.Wait, Messages, Responses, Commands,
// Requests), and make routes answer 429 or 5xx (RateLimit, Fail).
//
// It refuses what Discord's specification refuses, and counts each
// refusal as a violation (TakeViolations; a Server made by New fails its
// test when violations are left at its end): a request to another API
// version than v10 (APIPrefix); a body that does not fit its route's
// schema in Discord's OpenAPI description (shared/specs/discord-openapi.json,
// found by package adapters/internal/specs), a field the schema does not
// list included (tts on a type-7 response); an edit that uploads
// files[n] without listing id n in attachments; an IDENTIFY with
// deprecated "$os" properties or a presence without activities or with
// an invalid status; a request into a rate-limit bucket that was empty
// (every route has a bucket, SetRateLimit makes them small or shared, and
// every answer carries the X-RateLimit headers). Without the
// specification file, its absence is the violation.
//
// With InteractionsURL set, injected interactions are sent as HTTP
// interactions instead: POSTed to that URL, signed with the server's
// Ed25519 key (PublicKeyHex), and the HTTP answer is applied as the
// interaction response (the callback endpoint then refuses, as the
// interaction is acknowledged). Sign, Post and PostSigned let a test send
// its own (or forged) requests.
package discordtest

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// Routes, as patterns of the REST paths after /api/v10. Use them with
// RateLimit and Fail, and to read Requests.
const (
	RouteGateway        = "GET /gateway"
	RouteGatewayBot     = "GET /gateway/bot"
	RouteMe             = "GET /users/@me"
	RouteGlobalCommands = "PUT /applications/{app}/commands"
	RouteGuildCommands  = "PUT /applications/{app}/guilds/{guild}/commands"
	// One command created (or replaced, by name).
	RouteCreateGlobalCommand = "POST /applications/{app}/commands"
	RouteCreateGuildCommand  = "POST /applications/{app}/guilds/{guild}/commands"
	RouteCallback            = "POST /interactions/{id}/{token}/callback"
	RouteFollowup            = "POST /webhooks/{app}/{token}"
	RouteWebhookEdit         = "PATCH /webhooks/{app}/{token}/messages/{msg}"
	RouteWebhookDelete       = "DELETE /webhooks/{app}/{token}/messages/{msg}"
	RouteWebhookGet          = "GET /webhooks/{app}/{token}/messages/{msg}"
	RouteChannelMessages     = "POST /channels/{channel}/messages"
	RouteChannelEdit         = "PATCH /channels/{channel}/messages/{msg}"
	RouteChannelGet          = "GET /channels/{channel}/messages/{msg}"
	RouteChannelDelete       = "DELETE /channels/{channel}/messages/{msg}"
)

// Defaults of a new Server.
const (
	DefaultToken   = "test-bot-token"
	DefaultAppID   = "1180000000000000001"
	DefaultGuildID = "1180000000000000100"
)

// WaitTimeout bounds every wait of the package. It only guards against a
// hang: the waits are for events (the server's state changing), never for
// time to pass, and a passing test never comes near it, however loaded the
// machine (under the race detector on two busy cores an answer can take
// seconds).
var WaitTimeout = 2 * time.Minute

// Server is a fake Discord. Its exported fields may be changed before the
// bot connects.
type Server struct {
	// URL is the server's base URL ("http://127.0.0.1:PORT"), which stands
	// in for https://discord.com.
	URL string
	// Token is the bot token the server accepts (in the Authorization
	// header as "Bot TOKEN", and in the gateway's IDENTIFY); "" accepts any.
	Token string
	// AppID is the application id; the bot user has the same id.
	AppID string
	// GuildID is the guild injected interactions come from.
	GuildID string
	// Deadline is how long the bot has for an interaction's first response
	// (Discord's is 3 seconds); later it is "Unknown interaction".
	Deadline time.Duration
	// HeartbeatInterval is sent in HELLO.
	HeartbeatInterval time.Duration
	// InteractionsURL, when set, is the bot's Interactions Endpoint URL:
	// injected interactions are POSTed there, signed with the server's
	// key (PublicKeyHex), instead of being sent on the gateway, and the
	// HTTP answer is taken as the interaction response.
	InteractionsURL string

	hs       *httptest.Server
	priv     ed25519.PrivateKey
	upgrader websocket.Upgrader
	tb       testing.TB

	chMu       sync.Mutex    // guards changed; taken last, never held while taking mu
	changed    chan struct{} // closed and replaced on every change
	reqMu      sync.Mutex    // guards requests; never held while taking mu
	requests   []Request
	vMu        sync.Mutex // guards violations; taken last
	violations []string   // requests Discord would refuse

	mu           sync.Mutex // guards the rest
	nextID       int64
	conns        map[*gwConn]struct{}
	identifies   []Identify
	commandSets  []CommandSet
	responses    []Response
	messages     []*Message // in creation order
	byID         map[string]*Message
	interactions map[string]*Interaction // by id
	byToken      map[string]*Interaction
	faults       map[string][]fault       // route -> queued faults
	holds        map[string]chan struct{} // route -> closed on release (Hold)
	limits       map[string]limitGroup    // route -> its rate-limit bucket's group
	buckets      map[string]*bucket       // group + major parameter -> state
	api          *openAPI
	waiting      map[string]int // route -> requests waiting on a hold
	closed       bool
	gwWG         sync.WaitGroup
}

type fault struct {
	status     int
	retryAfter time.Duration
}

// Identify is an IDENTIFY the gateway received.
type Identify struct {
	Token   string
	Intents int
	// OS, Browser and Device are the connection properties.
	OS, Browser, Device string
	// Status is the presence's status ("" without a presence).
	Status string
}

// CommandSet is one registration of the bot's slash commands (a bulk
// overwrite).
type CommandSet struct {
	// Guild is the guild the commands were registered in; "" is global.
	Guild    string
	Commands []*discordgo.ApplicationCommand
	// Raw is the request body exactly as the bot sent it (a bulk
	// overwrite's JSON array; nil for a registration by POST).
	Raw []byte
}

// Request is one REST request the server answered.
type Request struct {
	Method string
	Route  string // one of the Route constants, or "" when none matched
	Path   string
	Status int
	// Auth is the Authorization header.
	Auth string
}

// New starts a server that is closed when the test ends.
func New(tb testing.TB) *Server {
	tb.Helper()
	s := Start()
	s.tb = tb
	tb.Cleanup(s.Close)
	tb.Cleanup(func() {
		if v := s.TakeViolations(); len(v) > 0 {
			tb.Errorf("discordtest: %d request(s) that Discord would refuse:\n%s", len(v), strings.Join(v, "\n"))
		}
	})
	return s
}

// Start starts a server; Close it when done.
func Start() *Server {
	s := &Server{
		Token:             DefaultToken,
		AppID:             DefaultAppID,
		GuildID:           DefaultGuildID,
		Deadline:          3 * time.Second,
		HeartbeatInterval: 41250 * time.Millisecond,
		changed:           make(chan struct{}),
		nextID:            1180000000000001000,
		conns:             map[*gwConn]struct{}{},
		byID:              map[string]*Message{},
		interactions:      map[string]*Interaction{},
		byToken:           map[string]*Interaction{},
		faults:            map[string][]fault{},
		holds:             map[string]chan struct{}{},
		waiting:           map[string]int{},
		limits:            map[string]limitGroup{},
		buckets:           map[string]*bucket{},
	}
	if spec, err := loadOpenAPI(); err != nil {
		// Without it nothing is checked: a test fails (see New), a
		// program such as cmd/fakechat runs on.
		s.violate("Discord's OpenAPI description, which requests are checked against, is not available: %v", err)
	} else {
		s.api = spec
	}
	_, s.priv, _ = ed25519.GenerateKey(nil)
	api := http.NewServeMux()
	s.routes(api)
	mux := http.NewServeMux()
	mux.Handle(APIPrefix+"/", http.StripPrefix(APIPrefix, s.record(api)))
	mux.HandleFunc("/api/", s.wrongVersion)
	mux.HandleFunc("/ws", s.serveGateway)
	mux.HandleFunc("/ws/", s.serveGateway)
	// The URL is known before the server serves: a request that comes at
	// once (a client of an earlier test retrying on a reused port) must
	// not race with setting it.
	s.hs = httptest.NewUnstartedServer(mux)
	s.URL = "http://" + s.hs.Listener.Addr().String()
	s.hs.Start()
	return s
}

// Close disconnects every gateway session and stops the server.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	conns := make([]*gwConn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.mu.Unlock()
	for _, c := range conns {
		c.close()
	}
	s.gwWG.Wait()
	s.hs.Close()
}

// fatalf fails the test that made the server (or panics without one).
func (s *Server) fatalf(format string, args ...any) {
	if s.tb != nil {
		s.tb.Helper()
		s.tb.Fatalf(format, args...)
	}
	panic(fmt.Sprintf(format, args...))
}

// id returns a new snowflake-like id.
func (s *Server) id() string {
	s.nextID++
	return strconv.FormatInt(s.nextID, 10)
}

// Snowflake is the id Discord would give something made at t, with n
// (its low 22 bits) telling apart the ids of one millisecond.
func Snowflake(t time.Time, n int64) string {
	const epoch = 1420070400000 // the first millisecond of 2015
	return strconv.FormatInt((t.UnixMilli()-epoch)<<22|n&(1<<22-1), 10)
}

// snowflakeNow returns a new id whose time is now, as an interaction's
// is (the bot refuses an interaction older than its token's 15 minutes).
func (s *Server) snowflakeNow() string {
	s.nextID++
	return Snowflake(time.Now(), s.nextID)
}

// notify wakes the waiters.
func (s *Server) notify() {
	s.chMu.Lock()
	close(s.changed)
	s.changed = make(chan struct{})
	s.chMu.Unlock()
}

// WaitFor waits until cond returns true, re-checking it whenever the
// server's state changes and every 20 ms (cond may read state outside the
// server, such as a bot's metrics, which changes without waking it), and
// fails the test after WaitTimeout. cond runs without the server's lock
// and may call its accessors.
func (s *Server) WaitFor(tb testing.TB, what string, cond func() bool) {
	tb.Helper()
	deadline := time.NewTimer(WaitTimeout)
	defer deadline.Stop()
	recheck := time.NewTicker(20 * time.Millisecond)
	defer recheck.Stop()
	for {
		s.chMu.Lock()
		ch := s.changed
		s.chMu.Unlock()
		if cond() {
			return
		}
		select {
		case <-ch:
		case <-recheck.C:
		case <-deadline.C:
			tb.Fatalf("discordtest: timed out after %v waiting for %s", WaitTimeout, what)
		}
	}
}

// RateLimit makes the next n requests on route answer 429 Too Many
// Requests with Retry-After (and Discord's body and X-RateLimit headers
// saying retryAfter).
func (s *Server) RateLimit(route string, n int, retryAfter time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.faults[route] = append(s.faults[route], fault{status: http.StatusTooManyRequests, retryAfter: retryAfter})
	}
}

// Fail makes the next n requests on route answer status (a 5xx, say) with
// a Discord-style error body.
func (s *Server) Fail(route string, n, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.faults[route] = append(s.faults[route], fault{status: status})
	}
}

// Hold makes the requests on route wait, unanswered and not applied,
// until release is called (once). A request whose client goes away while
// it waits (a process killed) is never applied. Waiting tells how many
// wait.
func (s *Server) Hold(route string) (release func()) {
	ch := make(chan struct{})
	s.mu.Lock()
	s.holds[route] = ch
	s.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			if s.holds[route] == ch {
				delete(s.holds, route)
			}
			s.mu.Unlock()
			close(ch)
		})
	}
}

// Waiting is the number of requests on route waiting on a Hold.
func (s *Server) Waiting(route string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.waiting[route]
}

// wait blocks a request on route while it is held; it reports false when
// the request ended first.
func (s *Server) wait(r *http.Request, route string) bool {
	s.mu.Lock()
	ch := s.holds[route]
	if ch == nil {
		s.mu.Unlock()
		return true
	}
	s.waiting[route]++
	s.mu.Unlock()
	s.notify()
	// Read the body first: only then does net/http watch the connection,
	// and end the request's context when the client goes away.
	body, err := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	ok := err == nil
	if ok {
		select {
		case <-ch:
		case <-r.Context().Done():
			ok = false
		}
	}
	s.mu.Lock()
	s.waiting[route]--
	s.mu.Unlock()
	s.notify()
	return ok
}

// Requests returns every REST request answered so far, in order.
func (s *Server) Requests() []Request {
	s.reqMu.Lock()
	defer s.reqMu.Unlock()
	return append([]Request(nil), s.requests...)
}

// RequestsTo returns the requests answered on route.
func (s *Server) RequestsTo(route string) []Request {
	var out []Request
	for _, r := range s.Requests() {
		if r.Route == route {
			out = append(out, r)
		}
	}
	return out
}

// Identifies returns the gateway IDENTIFY payloads received.
func (s *Server) Identifies() []Identify {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Identify(nil), s.identifies...)
}

// Commands returns every registration of slash commands, in order.
func (s *Server) Commands() []CommandSet {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]CommandSet(nil), s.commandSets...)
}

// Responses returns every interaction response (callback) accepted, in
// order.
func (s *Server) Responses() []Response {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Response(nil), s.responses...)
}

// Messages returns the messages that exist now (not deleted), in the order
// they were created, as they are now.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, m := range s.messages {
		if !m.Deleted {
			out = append(out, m.snapshot())
		}
	}
	return out
}

// ChannelMessages returns Messages in one channel.
func (s *Server) ChannelMessages(channel string) []Message {
	var out []Message
	for _, m := range s.Messages() {
		if m.ChannelID == channel {
			out = append(out, m)
		}
	}
	return out
}

// Delete deletes message id, as a moderator may: from then on it is gone
// for the bot too (edits answer 404 Unknown Message). It reports whether
// there was such a message, not deleted before.
func (s *Server) Delete(id string) bool {
	s.mu.Lock()
	m := s.byID[id]
	ok := m != nil && !m.Deleted
	if ok {
		m.Deleted = true
	}
	s.mu.Unlock()
	if ok {
		s.notify()
	}
	return ok
}

// Message returns a message as it is now.
func (s *Server) Message(id string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.byID[id]
	if !ok {
		return Message{}, false
	}
	return m.snapshot(), true
}

// record logs every REST request, checks authorization and injects the
// queued faults. A request is logged before it is handled, and its status
// as soon as the handler writes it, which handlers do before they make
// their changes visible: a test that sees a change also sees the request
// that made it, with its status.
func (s *Server) record(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, pattern := next.(*http.ServeMux).Handler(r)
		route := pattern
		if strings.HasPrefix(route, "/") {
			route = "" // the catch-all
		}
		s.reqMu.Lock()
		s.requests = append(s.requests, Request{Method: r.Method, Route: route, Path: r.URL.Path, Auth: r.Header.Get("Authorization")})
		rw := &statusWriter{ResponseWriter: w, s: s, idx: len(s.requests) - 1}
		s.reqMu.Unlock()
		defer rw.WriteHeader(http.StatusOK) // when the handler wrote nothing
		if !s.wait(r, route) {
			return // the client went away (or the server closes) while held: nothing applied
		}
		s.mu.Lock()
		var f *fault
		if q := s.faults[route]; len(q) > 0 {
			f, s.faults[route] = &q[0], q[1:]
		}
		s.mu.Unlock()
		if !s.take(rw, r, route, f) {
			return // into an exhausted bucket: refused with 429
		}
		if f != nil {
			writeFault(rw, *f)
			return
		}
		// Interaction and webhook routes are authorized by their token;
		// the rest need the bot's.
		needsAuth := !strings.HasPrefix(r.URL.Path, "/interactions/") && !strings.HasPrefix(r.URL.Path, "/webhooks/")
		if needsAuth && s.Token != "" && r.Header.Get("Authorization") != "Bot "+s.Token {
			writeError(rw, http.StatusUnauthorized, 0, "401: Unauthorized")
			return
		}
		if err := s.checkRequest(r, route); err != nil {
			s.violate("%s: %v", route, err)
			writeError(rw, http.StatusBadRequest, codeInvalidFormBody, "Invalid Form Body: "+err.Error())
			return
		}
		next.ServeHTTP(rw, r)
	})
}

// wrongVersion answers a request to another API version than v10 (or
// none), as Discord answers an unknown one, and counts it as a violation:
// the bot must use the version the specification describes.
func (s *Server) wrongVersion(w http.ResponseWriter, r *http.Request) {
	s.reqMu.Lock()
	s.requests = append(s.requests, Request{Method: r.Method, Path: r.URL.Path, Auth: r.Header.Get("Authorization"), Status: http.StatusBadRequest})
	s.reqMu.Unlock()
	s.violate("%s %s: not API v10", r.Method, r.URL.Path)
	writeError(w, http.StatusBadRequest, codeInvalidAPIVersion, "Invalid API version")
	s.notify()
}

// violate records a request Discord would refuse (see TakeViolations).
func (s *Server) violate(format string, args ...any) {
	s.vMu.Lock()
	s.violations = append(s.violations, fmt.Sprintf(format, args...))
	s.vMu.Unlock()
}

// TakeViolations returns the requests and gateway payloads received so
// far that Discord would refuse (against its specification, a rule of its
// documentation, or an exhausted rate-limit bucket), and forgets them. A
// Server made by New fails its test when the test ends with some not
// taken: a test that sends bad requests on purpose takes them.
func (s *Server) TakeViolations() []string {
	s.vMu.Lock()
	defer s.vMu.Unlock()
	v := s.violations
	s.violations = nil
	return v
}

// statusWriter records the status of a logged request.
type statusWriter struct {
	http.ResponseWriter
	s     *Server
	idx   int
	wrote bool
}

func (w *statusWriter) WriteHeader(code int) {
	if w.wrote {
		return
	}
	w.wrote = true
	w.s.reqMu.Lock()
	w.s.requests[w.idx].Status = code
	w.s.reqMu.Unlock()
	w.ResponseWriter.WriteHeader(code)
	w.s.notify()
}

func (w *statusWriter) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.ResponseWriter.Write(b)
}

func writeFault(w http.ResponseWriter, f fault) {
	if f.status != http.StatusTooManyRequests {
		writeError(w, f.status, 0, http.StatusText(f.status))
		return
	}
	secs := ceilMillis(f.retryAfter)
	h := w.Header()
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(secs))))
	h.Set("X-RateLimit-Scope", "user")
	writeJSON(w, http.StatusTooManyRequests, map[string]any{
		"message": "You are being rate limited.", "retry_after": secs, "global": false,
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeError answers with Discord's error body {"code":..., "message":...}.
func writeError(w http.ResponseWriter, status, code int, msg string) {
	writeJSON(w, status, map[string]any{"code": code, "message": msg})
}

// Discord's JSON error codes the fake uses.
const (
	codeUnknownMessage      = 10008
	codeUnknownWebhook      = 10015
	codeUnknownInteraction  = 10062
	codeEmptyMessage        = 50006
	codeInvalidFormBody     = 50035
	codeAlreadyAcknowledged = 40060
	codeInvalidAPIVersion   = 50041
)

// APIPrefix is the path prefix of the REST API the fake serves: Discord's
// API v10, which its OpenAPI description documents. Requests to another
// version are refused and counted as violations.
const APIPrefix = "/api/v10"

func readAll(r *http.Request) ([]byte, error) {
	defer r.Body.Close()
	return io.ReadAll(io.LimitReader(r.Body, 32<<20))
}
