package discord

import (
	"context"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
	"github.com/mancala-bot/mancala/adapters/internal/boardwalk"
	"github.com/mancala-bot/mancala/bot"
)

// The adapter speaks API v10 and identifies as Discord documents: the
// fake refuses anything else (and fails the test at its end if it saw
// any); here the IDENTIFY it took is checked as well.
func TestIdentifyAndVersion(t *testing.T) {
	h := start(t, setup{})
	ids := h.srv.Identifies()
	if len(ids) != 1 || ids[0].OS != runtime.GOOS || ids[0].Browser == "" || ids[0].Device == "" || ids[0].Status != "online" {
		t.Errorf("IDENTIFY %+v: want properties os=%s, browser, device and status online", ids, runtime.GOOS)
	}
	if !strings.HasSuffix(discordgo.EndpointAPI, "/api/v10/") || !strings.Contains(discordgo.EndpointChannelMessages("1"), "/api/v10/") {
		t.Errorf("discordgo's endpoints: %s", discordgo.EndpointAPI)
	}
	for _, r := range h.srv.Requests() {
		if r.Route == "" || r.Status >= 400 {
			t.Errorf("request %+v", r)
		}
	}
}

// Channel messages, their edits and deletions share one small bucket
// (Discord decides which routes share one and says so in
// X-RateLimit-Bucket; discordgo would count them apart). Posts, edits and
// deletions from eight goroutines at once all go through without one 429:
// the limiter waits for the reset whenever the bucket is empty.
func TestRateLimitBucketsRespected(t *testing.T) {
	h := start(t, setup{})
	h.srv.SetRateLimit(2, 200*time.Millisecond, discordtest.RouteChannelMessages, discordtest.RouteChannelEdit, discordtest.RouteChannelDelete)
	const workers = 8
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := context.Background()
			m, err := h.a.rest.ChannelMessageSendComplex(channel, outMsg{content: fmt.Sprintf("message %d", w), buttons: []discordgo.MessageComponent{}}.messageSend(), discordgo.WithContext(ctx))
			if err != nil {
				errs <- err
				return
			}
			edit := outMsg{content: fmt.Sprintf("message %d, edited", w), buttons: []discordgo.MessageComponent{}}
			if _, err := h.a.rest.ChannelMessageEditComplex(edit.messageEdit(channel, m.ID), discordgo.WithContext(ctx)); err != nil {
				errs <- err
				return
			}
			errs <- h.a.rest.ChannelMessageDelete(channel, m.ID, discordgo.WithContext(ctx))
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	n := 0
	for _, r := range h.srv.Requests() {
		switch r.Route {
		case discordtest.RouteChannelMessages, discordtest.RouteChannelEdit, discordtest.RouteChannelDelete:
			n++
			if r.Status != 200 && r.Status != 204 {
				t.Errorf("%s %s: %d", r.Method, r.Path, r.Status)
			}
		}
	}
	if n != 3*workers {
		t.Errorf("%d requests, want %d (none repeated)", n, 3*workers)
	}
	if got := h.srv.ChannelMessages(channel); len(got) != 0 {
		t.Errorf("%d messages left", len(got))
	}
}

// A command option offers at most Discord's 25 choices: a table that
// would offer more fails to build (and New with it), rather than dropping
// some without a word.
func TestChoicesLimit(t *testing.T) {
	if _, _, err := commandTable(DefaultLevels); err != nil {
		t.Fatalf("the real table: %v", err)
	}
	var levels []string
	for i := range maxChoices + 1 {
		levels = append(levels, fmt.Sprintf("level%d", i))
	}
	_, _, err := commandTable(levels)
	if err == nil || !strings.Contains(err.Error(), "/new level would offer 26 choices; Discord allows 25") {
		t.Errorf("26 levels: %v", err)
	}
	if _, err := New(Config{Token: "t", AppID: "1"}, levelHandler{levels}); err == nil {
		t.Error("New took a table Discord would refuse")
	}
	if n, want := len(optionOf(t, "rules", "variant").Choices), len(optionOf(t, "new", "variant").Choices); n > maxChoices || want > maxChoices {
		t.Errorf("%d variants: more than Discord's %d choices", n, maxChoices)
	}
}

type levelHandler struct{ levels []string }

func (levelHandler) Handle(context.Context, bot.Request) []bot.Reply { return nil }
func (l levelHandler) Levels() []string                              { return l.levels }

// Every board of every variant fits Discord's 5 rows of 5 buttons: a
// walk through random games of each (moves, a pit's choices, replays,
// rematches) meets no board that would lose a button.
func TestEveryBoardFits(t *testing.T) {
	boards := map[string]int{}
	most := 0
	b := bot.New(bot.Config{Store: openStore(t), ThinkTime: 10 * time.Millisecond, ReviewTime: 10 * time.Millisecond})
	boardwalk.Walk(t, b, Platform, "beginner", 30, 24, func(variant string, b *bot.Board) {
		boards[variant]++
		rows, dropped := components(b.Buttons)
		n := 0
		for _, r := range rows {
			n += len(r.(discordgo.ActionsRow).Components)
		}
		most = max(most, n)
		if dropped > 0 || len(rows) > maxRows {
			t.Errorf("%s: a board of %d rows %v: %d buttons dropped", variant, len(b.Buttons), b.Buttons, dropped)
		}
	})
	t.Logf("boards per variant %v; at most %d buttons", boards, most)
}

// The limiter's reading of routes: the major parameter is kept apart, the
// other ids elided, the token never part of the route.
func TestRouteKey(t *testing.T) {
	for _, tt := range []struct{ method, path, route, major string }{
		{"POST", "/api/v10/channels/123/messages", "POST channels/{major}/messages", "123"},
		{"DELETE", "/api/v10/channels/123/messages/456", "DELETE channels/{major}/messages/{id}", "123"},
		{"PATCH", "/api/v10/webhooks/77/tok-en/messages/@original", "PATCH webhooks/{major}/{token}/messages/@original", "77/tok-en"},
		{"POST", "/api/v10/interactions/88/tok/callback", "POST interactions/{major}/{token}/callback", "88/tok"},
		{"PUT", "/api/v10/applications/1/guilds/2/commands", "PUT applications/{id}/guilds/{major}/commands", "2"},
		{"GET", "/api/v10/gateway", "GET gateway", ""},
	} {
		route, major := routeKey(tt.method, tt.path)
		if route != tt.route || major != tt.major {
			t.Errorf("%s %s: %q %q, want %q %q", tt.method, tt.path, route, major, tt.route, tt.major)
		}
	}
}

// stubTransport answers each request with the next of its answers and
// records when each came.
type stubTransport struct {
	mu      sync.Mutex
	answers []*http.Response
	at      []time.Time
}

func (s *stubTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.at = append(s.at, time.Now())
	r := s.answers[0]
	s.answers = s.answers[1:]
	r.Request = req
	return r, nil
}

func answer(status int, headers ...string) *http.Response {
	h := http.Header{}
	for i := 0; i+1 < len(headers); i += 2 {
		h.Set(headers[i], headers[i+1])
	}
	return &http.Response{StatusCode: status, Header: h, Body: http.NoBody}
}

// A global 429 holds every request, of every bucket, until its
// Retry-After; a 429 without bucket headers empties the route's bucket
// until its Retry-After. (Only lower bounds are checked: a request may
// come later, never sooner.)
func TestLimiterWaits(t *testing.T) {
	stub := &stubTransport{answers: []*http.Response{
		answer(429, "X-RateLimit-Global", "true", "Retry-After", "0.2"),
		answer(200),
		answer(429, "Retry-After", "0.15"),
		answer(200),
	}}
	c := &http.Client{Transport: newLimiter(stub)}
	get := func(path string) time.Time {
		resp, err := c.Get("https://discord.com/api/v10" + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return time.Now()
	}
	first := get("/channels/1/messages")
	get("/channels/2/messages") // another bucket: the global limit holds it
	if d := stub.at[1].Sub(first); d < 200*time.Millisecond {
		t.Errorf("sent %v after a global 429 of 0.2 s", d)
	}
	third := get("/channels/3/messages")
	get("/channels/3/messages")
	if d := stub.at[3].Sub(third); d < 150*time.Millisecond {
		t.Errorf("sent %v after a 429 of 0.15 s on its bucket", d)
	}
}
