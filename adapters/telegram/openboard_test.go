package telegram_test

import (
	"context"
	"log/slog"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/mancala-bot/mancala/adapters/telegram"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// startBotApp runs the adapter with a real bot whose Telegram games have
// pages and the board app; the adapter's app settings are appURL and
// appName.
func startBotApp(t *testing.T, appURL, appName string) *env {
	t.Helper()
	logs := &logBuffer{}
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	b := bot.New(bot.Config{Store: db, Render: fakeRender, Logger: slog.New(slog.NewTextHandler(logs, nil)),
		PublicURL: "https://mancala.example.com", AppPlatforms: []string{telegram.Platform}})
	e := start(t, b, logs, func(c *telegram.Config, _ *telegramtest.Server) { c.AppURL, c.AppName = appURL, appName })
	e.db, e.bot = db, b
	return e
}

// lastRow is m's last keyboard row as "label → url" strings (web_app
// buttons as "label ⇒ url").
func lastRow(m telegramtest.Message) []string {
	if len(m.Keyboard) == 0 {
		return nil
	}
	var out []string
	for _, b := range m.Keyboard[len(m.Keyboard)-1] {
		switch {
		case b.WebApp != "":
			out = append(out, b.Text+" ⇒ "+b.WebApp)
		case b.URL != "":
			out = append(out, b.Text+" → "+b.URL)
		default:
			out = append(out, b.Text+" "+b.Data)
		}
	}
	return out
}

func rowIs(got []string, want ...string) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i] != want[i] {
			return false
		}
	}
	return true
}

// In a group, the board app's button is a url button to the Mini App's
// direct link (the bot's username from getMe, the app's short name, the
// page id as startapp), beside the page's link, on every board of the
// game, edited ones included; no menu button is set. The fake server
// refuses a web_app button in a group, and checks every call at the end.
func TestOpenBoardInGroup(t *testing.T) {
	t.Parallel()
	e := startBotApp(t, "https://mancala.example.com/app/", "board")
	e.say(group, alice, "en", "/new kalah")
	e.say(group, dave, "en", "/accept")
	g, err := e.db.LiveGame(context.Background(), telegram.Platform, groupChannel)
	if err != nil {
		t.Fatal(err)
	}
	direct := "https://t.me/MancalaTestBot/board?startapp=" + g.PageID
	page := "https://mancala.example.com/g/" + g.PageID
	if got := e.ad.AppLink(g.PageID); got != direct {
		t.Errorf("AppLink = %q, want %q", got, direct)
	}
	board := e.last(group)
	if row := lastRow(board); !board.IsPhoto() || !rowIs(row, "🎯 Open board → "+direct, "👀 Watch live → "+page) {
		t.Fatalf("the first board's last row %q, want the app's direct link and the page", row)
	}
	// A move edits the board: the buttons stay.
	e.press(group, alice, "en", board.ID, button(t, board, "3"))
	if m, _ := e.srv.Message(group, board.ID); m.Edits == 0 || !rowIs(lastRow(m), "🎯 Open board → "+direct, "👀 Watch live → "+page) {
		t.Errorf("the edited board (%d edits): last row %q", m.Edits, lastRow(m))
	}
	if n := len(e.srv.Calls("setChatMenuButton")); n != 0 {
		t.Errorf("%d setChatMenuButton calls for a group, want none", n)
	}
}

// In a private chat, the button is a web_app button opening the app's
// address with the game's page id, and the chat's menu button opens the
// same game: set once for the game, again for the next game.
func TestOpenBoardInPrivate(t *testing.T) {
	t.Parallel()
	e := startBotApp(t, "https://mancala.example.com/app/", "board")
	chat := alice.ID
	channel := strconv.FormatInt(chat, 10)
	e.say(chat, alice, "en", "/new kalah bot")
	g, err := e.db.LiveGame(context.Background(), telegram.Platform, channel)
	if err != nil {
		t.Fatal(err)
	}
	app := "https://mancala.example.com/app/?game=" + g.PageID
	board := e.last(chat)
	if row := lastRow(board); !rowIs(row, "🎯 Open board ⇒ "+app, "👀 Watch live → https://mancala.example.com/g/"+g.PageID) {
		t.Fatalf("the private board's last row %q, want the web_app button and the page", row)
	}
	want := telegramtest.MenuButton{Type: "web_app", Text: "🎯 Open board", WebApp: app}
	if mb, ok := e.srv.MenuButton(chat); !ok || mb != want {
		t.Errorf("the chat's menu button %+v (set: %v), want %+v", mb, ok, want)
	}
	e.press(chat, alice, "en", board.ID, board.Buttons()[0].Data)
	if n := len(e.srv.Calls("setChatMenuButton")); n != 1 {
		t.Errorf("%d setChatMenuButton calls after a move of the same game, want 1", n)
	}
	e.say(chat, alice, "en", "/resign")
	e.say(chat, alice, "en", "/new kalah bot")
	g2, err := e.db.LiveGame(context.Background(), telegram.Platform, channel)
	if err != nil || g2.PageID == g.PageID {
		t.Fatalf("the second game %+v, %v", g2, err)
	}
	if mb, _ := e.srv.MenuButton(chat); mb.WebApp != "https://mancala.example.com/app/?game="+g2.PageID {
		t.Errorf("after a new game the menu button opens %q, want the new game", mb.WebApp)
	}
	if _, ok := e.srv.MenuButton(0); ok {
		t.Error("the bot's default menu button was changed")
	}
}

// Without the app's short name, groups get no app button (only a private
// chat can take a web_app button); without the app at all in the adapter,
// no chat gets one, whatever the bot asks.
func TestOpenBoardPartlyConfigured(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, appURL, appName string
		private               bool
	}{
		{"no app name", "https://mancala.example.com/app/", "", true},
		{"no app", "", "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := startBotApp(t, c.appURL, c.appName)
			e.say(group, alice, "en", "/new kalah")
			e.say(group, dave, "en", "/accept")
			if row := lastRow(e.last(group)); len(row) != 1 || row[0][:len("👀 Watch live")] != "👀 Watch live" {
				t.Errorf("the group's board: last row %q, want the page's link alone", row)
			}
			e.say(alice.ID, alice, "en", "/new kalah bot")
			row := lastRow(e.last(alice.ID))
			if got := len(row) == 2; got != c.private {
				t.Errorf("the private board's last row %q: app button %v, want %v", row, got, c.private)
			}
			_, set := e.srv.MenuButton(alice.ID)
			if set != c.private {
				t.Errorf("the private chat's menu button set: %v, want %v", set, c.private)
			}
		})
	}
}
