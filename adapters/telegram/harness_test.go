package telegram_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/fnv"
	"image"
	"image/png"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/telegram"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// token is distinctive so that a leak is easy to find; secret is its
// secret part.
const (
	token  = "918273645:AAF-leakCanary_9f8e7d6c5b4a3921-XyZ"
	secret = "AAF-leakCanary_9f8e7d6c5b4a3921-XyZ"
)

// Users and chats of the tests.
var (
	alice = telegramtest.User{ID: 101, FirstName: "Alice", UserName: "alice"}
	bob   = telegramtest.User{ID: 102, FirstName: "Bob", UserName: "bob"}
	carol = telegramtest.User{ID: 103, FirstName: "Carol", UserName: "carol"}
	dave  = telegramtest.User{ID: 104, FirstName: "Dave"} // no username
)

const group = int64(-1001000000001)

// logBuffer collects log output safely across goroutines.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// env is an adapter running a handler against a fake server.
type env struct {
	t    *testing.T
	srv  *telegramtest.Server
	ad   *telegram.Adapter
	db   *sqlite.DB
	logs *logBuffer
	stop func() error // cancels Run and returns its result

	// bot is the real bot, when the test set it.
	bot *bot.Bot
}

// fakeRender draws a tiny PNG that differs for every position, instead of
// the real board (which is slow under -race).
func fakeRender(p engine.Position, _ render.Options) ([]byte, error) {
	h := fnv.New32a()
	h.Write([]byte(p.String()))
	img := image.NewGray(image.Rect(0, 0, 4, 1))
	binary.BigEndian.PutUint32(img.Pix, h.Sum32())
	var b bytes.Buffer
	err := png.Encode(&b, img)
	return b.Bytes(), err
}

// mustStart is Kalah's start position.
func mustStart(t *testing.T) engine.Position {
	t.Helper()
	r, err := engine.New("kalah", nil)
	if err != nil {
		t.Fatal(err)
	}
	return r.Start()
}

// newBot is a real bot over a SQLite file in a temporary folder.
func newBot(t *testing.T, logger *slog.Logger) (*bot.Bot, *sqlite.DB) {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return bot.New(bot.Config{Store: db, Render: fakeRender, Logger: logger}), db
}

// startBot runs the adapter with a real bot.
func startBot(t *testing.T, tweak ...tweak) *env {
	t.Helper()
	logs := &logBuffer{}
	b, db := newBot(t, slog.New(slog.NewTextHandler(logs, nil)))
	e := start(t, b, logs, tweak...)
	e.db = db
	return e
}

// tweak changes the configuration or prepares the server before Run.
type tweak func(*telegram.Config, *telegramtest.Server)

// start runs the adapter with handler h against a new fake server, and
// checks at the end that the token never reached the logs.
func start(t *testing.T, h telegram.Handler, logs *logBuffer, tweaks ...tweak) *env {
	t.Helper()
	if logs == nil {
		logs = &logBuffer{}
	}
	srv := telegramtest.New(token)
	t.Cleanup(srv.Close)
	cfg := telegram.Config{
		Token: token, APIEndpoint: srv.URL, PollTimeout: time.Second,
		Logger:          slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		PrivateInterval: time.Millisecond, GroupInterval: time.Millisecond, Burst: 100,
	}
	for _, f := range tweaks {
		f(&cfg, srv)
	}
	var hookMux *http.ServeMux
	if cfg.WebhookURL == autoWebhook {
		// The bot's HTTP server, with the webhook handler mounted below.
		hookMux = http.NewServeMux()
		hs := httptest.NewServer(hookMux)
		t.Cleanup(hs.Close)
		cfg.WebhookURL = hs.URL + "/telegram/webhook"
	}
	ad, err := telegram.New(cfg, h)
	if err != nil {
		t.Fatal(err)
	}
	if hookMux != nil {
		hookMux.Handle("POST /telegram/webhook", ad.WebhookHandler())
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ad.Run(ctx) }()
	var once sync.Once
	var runErr error
	stop := func() error {
		once.Do(func() {
			cancel()
			select {
			case runErr = <-done:
			case <-time.After(2 * time.Minute): // a hang; Run returns within ShutdownTimeout
				t.Error("Run did not return after cancel")
			}
		})
		return runErr
	}
	e := &env{t: t, srv: srv, ad: ad, logs: logs, stop: stop}
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Errorf("Run: %v", err)
		}
		noLeak(t, "logs", logs.String())
		// Every call the bot made fits the Bot API's specification.
		if v := srv.TakeViolations(); len(v) > 0 {
			t.Errorf("%d call(s) Telegram would refuse:\n%s", len(v), strings.Join(v, "\n"))
		}
	})
	if hookMux != nil {
		if !srv.WaitFor(5*time.Second, func() bool { _, ok := srv.Webhook(); return ok }) {
			t.Fatal("the adapter never set its webhook")
		}
		return e
	}
	if !srv.WaitFor(5*time.Second, func() bool { return len(srv.Calls("getUpdates")) > 0 }) {
		t.Fatal("the adapter never polled")
	}
	return e
}

// noLeak fails when s holds the token or its secret part.
func noLeak(t *testing.T, what, s string) {
	t.Helper()
	if strings.Contains(s, token) || strings.Contains(s, secret) {
		t.Errorf("the token leaked into %s:\n%s", what, s)
	}
}

// settle waits until the adapter has handled every injected update.
func (e *env) settle() {
	e.t.Helper()
	ok := e.srv.WaitFor(10*time.Second, func() bool {
		st := e.ad.Stats()
		return e.srv.Unconfirmed() == 0 && st.Handled == st.Received && st.Received == int64(e.srv.Injected())
	})
	if !ok {
		e.t.Fatalf("the adapter did not catch up: stats %+v, injected %d, unconfirmed %d",
			e.ad.Stats(), e.srv.Injected(), e.srv.Unconfirmed())
	}
}

// say types text as user in chat and waits for the adapter.
func (e *env) say(chat int64, u telegramtest.User, lang, text string) int {
	e.t.Helper()
	id := e.srv.SendText(chat, u, lang, text)
	e.settle()
	return id
}

// press presses a button and returns the callback answer.
func (e *env) press(chat int64, u telegramtest.User, lang string, msg int, data string) telegramtest.CallbackAnswer {
	e.t.Helper()
	id := e.srv.PressButton(chat, u, lang, msg, data)
	e.settle()
	a, ok := e.srv.Answer(id)
	if !ok {
		e.t.Fatalf("press %q by %s was not answered", data, u.FirstName)
	}
	return a
}

// last returns the bot's latest message in chat.
func (e *env) last(chat int64) telegramtest.Message {
	e.t.Helper()
	m, ok := e.srv.LastSent(chat)
	if !ok {
		e.t.Fatalf("the bot sent nothing to chat %d", chat)
	}
	return m
}

// button returns the data of the button labelled label on m.
func button(t *testing.T, m telegramtest.Message, label string) string {
	t.Helper()
	d, ok := m.Button(label)
	if !ok {
		t.Fatalf("no button %q on message %d: %+v", label, m.ID, m.Keyboard)
	}
	return d
}

func labels(m telegramtest.Message) string {
	var l []string
	for _, b := range m.Buttons() {
		l = append(l, b.Text)
	}
	return strings.Join(l, " ")
}

// recorder is a Handler that records requests and answers with reply.
type recorder struct {
	mu    sync.Mutex
	reqs  []bot.Request
	reply func(bot.Request) []bot.Reply
}

func (r *recorder) Handle(_ context.Context, req bot.Request) []bot.Reply {
	r.mu.Lock()
	r.reqs = append(r.reqs, req)
	f := r.reply
	r.mu.Unlock()
	if f == nil {
		return nil
	}
	return f(req)
}

func (r *recorder) requests() []bot.Request {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]bot.Request(nil), r.reqs...)
}
