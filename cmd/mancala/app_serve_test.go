package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/telegram"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/miniapp/initdata/initdatatest"
)

// TestBoardAppServed runs the program on Telegram (the fake server) with
// the Mini App on: a private game's board carries the web_app button to
// PUBLIC_URL/app/?game=<page id> and the chat's menu button opens it; the
// board app answers on HTTP_ADDR under /app/ (its own security headers,
// its texts); launch data signed with the bot's token signs the user in,
// the game taken from start_param, and the session reads the game's
// state; tampered launch data is refused. The app names the user as the
// chat did (bot.TelegramUser: a '*' in the first name shown as '∗',
// spaces trimmed). Without the setting, /app/ is not served. The token
// never reaches the logs.
func TestBoardAppServed(t *testing.T) {
	const token = "434343:SECRET-telegram-token-for-the-app"
	tg := telegramtest.New(token)
	defer tg.Close()
	var logs syncBuffer
	m := &Main{
		Config: Config{
			DatabasePath: filepath.Join(t.TempDir(), "m.db"), ImageDir: t.TempDir(),
			HTTPAddr: "127.0.0.1:0", PublicURL: "https://mancala.example.com",
			TelegramToken: token, TelegramAPIEndpoint: tg.URL,
			App: appConfig{TelegramAppName: "board", MaxAge: 24 * time.Hour},
		},
		Logger:   slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Opponent: firstLegal{},
	}
	if err := m.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
		if strings.Contains(logs.String(), "SECRET") {
			t.Error("the logs contain the token")
		}
		if v := tg.TakeViolations(); len(v) > 0 {
			t.Errorf("calls Telegram would refuse: %q", v)
		}
	}()

	olga := telegramtest.User{ID: 77, FirstName: " Ol*ga "} // no username: the game names her by her name
	tg.SendText(olga.ID, olga, "en", "/new kalah bot")
	var board telegramtest.Message
	if !tg.WaitFor(safetyNet, func() bool {
		var ok bool
		board, ok = tg.LastSent(olga.ID)
		_, menu := tg.MenuButton(olga.ID)
		return ok && board.IsPhoto() && menu
	}) {
		t.Fatalf("no board with the menu button: %+v", tg.Sent(olga.ID))
	}
	g, err := m.DB.LiveGame(context.Background(), telegram.Platform, fmt.Sprint(olga.ID))
	if err != nil {
		t.Fatal(err)
	}
	appURL := "https://mancala.example.com/app/?game=" + g.PageID
	found := false
	for _, b := range board.Buttons() {
		found = found || b == (telegramtest.Button{Text: "🎯 Open board", WebApp: appURL})
	}
	if !found {
		t.Errorf("the board's buttons %+v: no web_app button to %s", board.Keyboard, appURL)
	}
	if mb, _ := tg.MenuButton(olga.ID); mb.WebApp != appURL {
		t.Errorf("the menu button %+v, want it to open %s", mb, appURL)
	}

	base := "http://" + m.httpLn.Addr().String() + "/app/"
	client := &http.Client{Timeout: safetyNet}
	call := func(method, path, bearer string, body any) (int, http.Header, map[string]any) {
		t.Helper()
		var r io.Reader
		if body != nil {
			b, _ := json.Marshal(body)
			r = strings.NewReader(string(b))
		}
		req, _ := http.NewRequest(method, base+path, r)
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		if bearer != "" {
			req.Header.Set("Authorization", "Bearer "+bearer)
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		defer res.Body.Close()
		var out map[string]any
		raw, _ := io.ReadAll(res.Body)
		_ = json.Unmarshal(raw, &out)
		return res.StatusCode, res.Header, out
	}
	// The client's page (or the app's own 404 before the client exists)
	// and its texts: answered by the app, with its security policy.
	if _, h, _ := call("GET", "", "", nil); !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors") {
		t.Errorf("GET /app/: headers %v, want the app's Content-Security-Policy", h)
	}
	if status, _, text := call("GET", "api/text?lang=ru", "", nil); status != 200 || text["lang"] != "ru" {
		t.Errorf("GET /app/api/text: %d %v", status, text)
	}

	data := initdatatest.Sign(token, initdatatest.Data{
		User:     initdatatest.User{ID: olga.ID, FirstName: olga.FirstName, Username: olga.UserName, LanguageCode: "en"},
		AuthDate: time.Now(), StartParam: g.PageID,
	})
	status, _, sess := call("POST", "api/session/telegram", "", map[string]string{"init_data": data})
	user, _ := sess["user"].(map[string]any)
	if status != 200 || sess["game"] != g.PageID || user["id"] != "77" || sess["session"] == "" {
		t.Fatalf("sign-in: %d %v", status, sess)
	}
	chatName := "(not a player)"
	for _, p := range g.Players {
		if p.UserID == "77" {
			chatName = p.Name
		}
	}
	if chatName != "Ol∗ga" || user["name"] != chatName {
		t.Errorf("the chat named the player %q and the app %q, want both \"Ol∗ga\"", chatName, user["name"])
	}
	status, _, state := call("GET", "api/game/"+g.PageID, sess["session"].(string), nil)
	if status != 200 || state["page"] != g.PageID || state["variant"] != "kalah" || state["you"] == nil {
		t.Errorf("the game's state for its player: %d %v", status, state)
	}
	tampered := strings.Replace(data, "Ol%2Aga", "Ol%2Aya", 1)
	if status, _, refused := call("POST", "api/session/telegram", "", map[string]string{"init_data": tampered}); status != 401 || refused["code"] != "sign_in" {
		t.Errorf("tampered launch data: %d %v, want 401 sign_in", status, refused)
	}

	off := serveHTTP(t, Config{HTTPAddr: "127.0.0.1:0", PublicURL: "https://mancala.example.com"}, nil)
	res, _ := getPage(t, "http://"+off.httpLn.Addr().String()+"/app/api/text")
	if res.StatusCode != http.StatusNotFound || res.Header.Get("Content-Security-Policy") != "" {
		t.Errorf("without the app: /app/api/text %s, want the listener's 404", res.Status)
	}
}
