package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/miniapp/activity"
	"github.com/mancala-bot/mancala/miniapp/activity/activitytest"
	"github.com/mancala-bot/mancala/miniapp/app"
	"github.com/mancala-bot/mancala/miniapp/initdata"
	"github.com/mancala-bot/mancala/miniapp/initdata/initdatatest"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// botToken is the test bot's Telegram token: launch data is signed with it.
const botToken = "123456:test-token-of-the-board-app"

// t0 is the app's clock in the tests.
var t0 = time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)

// tgUser is a Telegram user of the tests.
type tgUser struct {
	ID       int64
	Name     string
	Username string
	Lang     string
}

var (
	ann = tgUser{ID: 101, Name: "Ann", Username: "ann", Lang: "en"}
	bob = tgUser{ID: 202, Name: "Bob", Username: "bob", Lang: "en"}
	cy  = tgUser{ID: 303, Name: "Cy", Username: "cy", Lang: "ru"}
)

// chatUser is u as the Telegram adapter hands them to the bot.
func (u tgUser) chatUser() bot.User {
	return bot.TelegramUser(u.ID, u.Name, u.Username, u.Lang)
}

// harness is the app's server on a real SQLite store, with a real bot
// (the real engine) behind it, a fake Discord, and every Deliver and Handle
// recorded.
type harness struct {
	t       testing.TB
	db      store.Store
	bot     *bot.Bot
	discord *activitytest.Server
	srv     *httptest.Server
	now     time.Time
	log     bytes.Buffer // the server's log

	mu        sync.Mutex
	delivered []bot.Outgoing
	handled   []bot.Request
	nowMu     sync.Mutex
}

// options change a harness's Config before the server is made.
type option func(*app.Config)

func newHarness(t testing.TB, opts ...option) *harness {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "mancala.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return newHarnessOn(t, db, opts...)
}

// newHarnessOn is a harness on db: a process of its own (its bot, its
// server) when db is shared with another harness.
func newHarnessOn(t testing.TB, db store.Store, opts ...option) *harness {
	t.Helper()
	h := &harness{t: t, db: db, now: t0}
	h.bot = bot.New(bot.Config{Store: db, Render: func(p engine.Position, o render.Options) ([]byte, error) {
		var b bytes.Buffer
		err := render.PNG(&b, p, o)
		return b.Bytes(), err
	}})
	h.discord = activitytest.New("9000", "discord-secret")
	t.Cleanup(h.discord.Close)
	cfg := app.Config{
		Store: db,
		Handle: func(ctx context.Context, req bot.Request) []bot.Reply {
			h.mu.Lock()
			h.handled = append(h.handled, req)
			h.mu.Unlock()
			return h.bot.Handle(ctx, req)
		},
		Deliver: func(ctx context.Context, o bot.Outgoing) {
			h.mu.Lock()
			h.delivered = append(h.delivered, o)
			h.mu.Unlock()
		},
		Telegram:   initdata.NewVerifier(botToken, time.Hour),
		Discord:    activity.New(activity.Config{ClientID: "9000", ClientSecret: "discord-secret", BaseURL: h.discord.URL}),
		SessionKey: []byte("0123456789abcdef0123456789abcdef-test-key"),
		Logger:     slog.New(slog.NewTextHandler(&syncWriter{w: &h.log, mu: &h.mu}, nil)),
		Now:        h.clock,
		Poll:       5 * time.Millisecond,
		Burst:      100000,
	}
	for _, o := range opts {
		o(&cfg)
	}
	h.srv = httptest.NewServer(app.New(cfg).Handler())
	t.Cleanup(h.srv.Close)
	return h
}

// syncWriter serializes writes to w (the log is written from handlers).
type syncWriter struct {
	w  io.Writer
	mu *sync.Mutex
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

func (h *harness) clock() time.Time {
	h.nowMu.Lock()
	defer h.nowMu.Unlock()
	return h.now
}

// advance moves the app's clock on.
func (h *harness) advance(d time.Duration) {
	h.nowMu.Lock()
	h.now = h.now.Add(d)
	h.nowMu.Unlock()
}

// logText is what the server logged so far.
func (h *harness) logText() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.log.String()
}

// deliveries returns what Deliver got so far.
func (h *harness) deliveries() []bot.Outgoing {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]bot.Outgoing(nil), h.delivered...)
}

// handledCount is how many requests reached the bot through the app.
func (h *harness) handledCount() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.handled)
}

// say sends text to the bot as u in the channel of platform, as a chat
// adapter would.
func (h *harness) say(platform, channel string, u bot.User, text string) []bot.Reply {
	return h.bot.Handle(context.Background(), bot.Request{Platform: platform, Channel: channel, User: u, Text: text})
}

// newGame starts a game of variant (with its options, as typed) between
// a (first, South) and b in a Telegram group, through the bot, and
// returns it.
func (h *harness) newGame(channel, variant string, a, b tgUser) *store.Game {
	h.t.Helper()
	h.say("telegram", channel, a.chatUser(), "/new "+variant+" @"+b.Username)
	h.say("telegram", channel, b.chatUser(), "/accept")
	g, err := h.db.LiveGame(context.Background(), "telegram", channel)
	if err != nil {
		h.t.Fatalf("no game after /new and /accept: %v", err)
	}
	if g.Phase != store.PhasePlaying {
		h.t.Fatalf("game in phase %s after /accept", g.Phase)
	}
	return g
}

// game reads the game of a page id.
func (h *harness) game(page string) *store.Game {
	h.t.Helper()
	g, err := h.db.GameByPage(context.Background(), page)
	if err != nil {
		h.t.Fatal(err)
	}
	return g
}

// initData is launch data for u signed with token at authDate, with
// start_param when it is not empty, as Telegram builds it.
func initData(token string, u tgUser, authDate time.Time, startParam string) string {
	return initdatatest.Sign(token, initdatatest.Data{
		User:     initdatatest.User{ID: u.ID, FirstName: u.Name, Username: u.Username, LanguageCode: u.Lang},
		AuthDate: authDate, StartParam: startParam, ChatType: "group", ChatInstance: "-8123456789012345678",
	})
}

// answer is a decoded JSON answer.
type answer struct {
	status int
	header http.Header
	body   []byte
}

// decode unmarshals the answer's body into v.
func (a answer) decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(a.body, v); err != nil {
		t.Fatalf("answer %d %q: %v", a.status, a.body, err)
	}
}

// apiError is an error answer's body.
type apiError struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// errorOf checks that a is an error of status and code and returns its text.
func (a answer) errorOf(t testing.TB, status int, code string) string {
	t.Helper()
	var e apiError
	a.decode(t, &e)
	if a.status != status || e.Code != code || e.Error == "" {
		t.Fatalf("got %d %s, want %d with code %q", a.status, a.body, status, code)
	}
	return e.Error
}

// do sends a request to the app: method, path (relative to the app's
// root), a body (a string as it is, anything else as JSON, nil none) and
// the session token as Bearer when not empty.
func (h *harness) do(method, path string, body any, bearer string, headers ...string) answer {
	h.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			h.t.Fatal(err)
		}
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, h.srv.URL+"/"+path, rd)
	if err != nil {
		h.t.Fatal(err)
	}
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	for _, hv := range headers {
		name, value, _ := strings.Cut(hv, ": ")
		req.Header.Set(name, value)
	}
	resp, err := h.srv.Client().Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		h.t.Fatal(err)
	}
	return answer{status: resp.StatusCode, header: resp.Header, body: b}
}

// sessionAnswer is a sign-in's answer.
type sessionAnswer struct {
	Session string `json:"session"`
	User    struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	} `json:"user"`
	Game string `json:"game"`
	Lang string `json:"lang"`
}

// signIn signs u in through Telegram with fresh launch data naming page.
func (h *harness) signIn(u tgUser, page string) sessionAnswer {
	h.t.Helper()
	a := h.do("POST", "api/session/telegram", map[string]string{"init_data": initData(botToken, u, h.clock().Add(-time.Minute), page)}, "")
	if a.status != http.StatusOK {
		h.t.Fatalf("sign-in of %s: %d %s", u.Name, a.status, a.body)
	}
	var s sessionAnswer
	a.decode(h.t, &s)
	return s
}

// state is the state answer, as the client reads it.
type state struct {
	Page    string `json:"page"`
	Variant string `json:"variant"`
	Version int64  `json:"version"`
	Phase   string `json:"phase"`
	Status  string `json:"status"`
	Lang    string `json:"lang"`
	Players []struct {
		Seat int    `json:"seat"`
		Name string `json:"name"`
		You  bool   `json:"you"`
		Bot  bool   `json:"bot"`
	} `json:"players"`
	You      *int            `json:"you"`
	ToMove   *int            `json:"to_move"`
	YourTurn bool            `json:"your_turn"`
	Position json.RawMessage `json:"position"`
	LastMove string          `json:"last_move"`
	Result   string          `json:"result"`
	Board    struct {
		URL    string `json:"url"`
		Width  int    `json:"width"`
		Height int    `json:"height"`
		Cells  []struct {
			Cell  int    `json:"cell"`
			X     int    `json:"x"`
			Y     int    `json:"y"`
			W     int    `json:"w"`
			H     int    `json:"h"`
			Side  string `json:"side"`
			Pit   int    `json:"pit"`
			Label string `json:"label"`
		} `json:"cells"`
	} `json:"board"`
	Moves []struct {
		Move    string          `json:"move"`
		Cell    int             `json:"cell"`
		Preview json.RawMessage `json:"preview"`
	} `json:"moves"`
	Text map[string]json.RawMessage `json:"text"`
}

// text is the state's plain label name.
func (s state) text(t testing.TB, name string) string {
	t.Helper()
	var v string
	if err := json.Unmarshal(s.Text[name], &v); err != nil {
		t.Fatalf("text %q: %s: %v", name, s.Text[name], err)
	}
	return v
}

// stateOf reads page's state with session (empty: none).
func (h *harness) stateOf(page, session string) state {
	h.t.Helper()
	a := h.do("GET", "api/game/"+page, nil, session)
	if a.status != http.StatusOK {
		h.t.Fatalf("state of %s: %d %s", page, a.status, a.body)
	}
	var s state
	a.decode(h.t, &s)
	return s
}

// move posts a move.
func (h *harness) move(page, session string, version int64, mv string) answer {
	h.t.Helper()
	return h.do("POST", "api/game/"+page+"/move", map[string]any{"version": version, "move": mv}, session)
}
