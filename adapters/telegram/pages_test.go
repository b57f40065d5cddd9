package telegram_test

import (
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/telegram"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// startBotPages runs the adapter with a real bot whose games have pages
// under publicURL ("" for none).
func startBotPages(t *testing.T, publicURL string) *env {
	t.Helper()
	return startBotPagesAt(t, publicURL, nil)
}

// startBotPagesAt is startBotPages with the bot's clock now (nil:
// time.Now).
func startBotPagesAt(t *testing.T, publicURL string, now func() time.Time) *env {
	t.Helper()
	logs := &logBuffer{}
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	b := bot.New(bot.Config{Store: db, Render: fakeRender, Logger: slog.New(slog.NewTextHandler(logs, nil)), PublicURL: publicURL, Now: now})
	e := start(t, b, logs)
	e.db, e.bot = db, b
	return e
}

// urlButtons are m's url buttons as "label url", and whether each is in a
// row of its own.
func urlButtons(m telegramtest.Message) (out []string, alone bool) {
	alone = true
	for _, row := range m.Keyboard {
		for _, b := range row {
			if b.URL != "" {
				out = append(out, b.Text+" "+b.URL)
				alone = alone && len(row) == 1
			}
		}
	}
	return out, alone
}

// With PUBLIC_URL on a public https host, a game's boards and /game carry
// a url button to its page, in a row of its own, and /games lists it; with
// an address Telegram refuses in a button (http://localhost), the link is
// the last line of the text instead; without PUBLIC_URL there is none. The
// fake server checks every call against the Bot API (url buttons
// included) at the end.
func TestGamePageLinks(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		base, root string
		buttons    bool
	}{
		{"https://mancala.example.com", "https://mancala.example.com", true},
		{"http://localhost:8080/", "http://localhost:8080", false},
		{"", "", false},
	} {
		t.Run("PUBLIC_URL="+c.base, func(t *testing.T) {
			t.Parallel()
			e := startBotPages(t, c.base)
			e.say(group, alice, "en", "/new kalah")
			e.say(group, dave, "", "/accept")
			g, err := e.db.LiveGame(context.Background(), telegram.Platform, groupChannel)
			if err != nil {
				t.Fatal(err)
			}
			page := c.root + "/g/" + g.PageID
			// check says how msg must show the link labelled label.
			check := func(what string, m telegramtest.Message, label string) {
				t.Helper()
				links, alone := urlButtons(m)
				line := strings.Contains(m.Visible(), label+": "+page)
				switch {
				case c.base == "" && (len(links) > 0 || strings.Contains(m.Visible(), "/g/")):
					t.Errorf("%s: links %q in %q without PUBLIC_URL", what, links, m.Visible())
				case c.buttons && (len(links) != 1 || links[0] != label+" "+page || !alone || line):
					t.Errorf("%s: url buttons %q (alone %v), text %q; want one, %q, in a row of its own", what, links, alone, m.Visible(), label+" "+page)
				case c.base != "" && !c.buttons && (len(links) != 0 || !strings.HasSuffix(m.Visible(), label+": "+page)):
					t.Errorf("%s: url buttons %q, text %q; want the text to end with %q", what, links, m.Visible(), label+": "+page)
				}
			}
			b := e.last(group)
			if !b.IsPhoto() {
				t.Fatalf("board after /accept: %+v", b)
			}
			check("the first board", b, "👀 Watch live")
			e.say(group, carol, "en", "/game")
			check("/game", e.last(group), "👀 Watch live")
			e.say(group, dave, "en", "/games")
			if games := e.last(dave.ID).Visible(); strings.Contains(games, "🔗 "+page) != (c.base != "") {
				t.Errorf("/games: %q, want the page %s: %v", games, page, c.base != "")
			}
			e.say(group, alice, "en", "/resign")
			over := e.last(group)
			if !over.IsPhoto() || !strings.Contains(over.Visible(), "resigned") {
				t.Fatalf("after /resign: %q", over.Visible())
			}
			check("the finished game's board", over, "🔗 Game page")
		})
	}
}

// The number of people on a live game's page comes with its board when
// the board is edited after a move or posted again, in the plural form it
// needs; the move still edits the pressed message and sends nothing more.
func TestSpectatorCount(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC) // the bot's clock, stopped
	e := startBotPagesAt(t, "https://mancala.example.com", func() time.Time { return now })
	e.say(group, alice, "en", "/new kalah")
	e.say(group, dave, "en", "/accept")
	board := e.last(group)
	if strings.Contains(board.Visible(), "👀") {
		t.Errorf("a board nobody watches: %q", board.Visible())
	}
	g, err := e.db.LiveGame(context.Background(), telegram.Platform, groupChannel)
	if err != nil {
		t.Fatal(err)
	}
	watch := func(viewer string) {
		t.Helper()
		if err := e.db.Watch(context.Background(), g.ID, viewer, now.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	watch("v1")
	before := len(e.srv.Sent(group))
	if a := e.press(group, alice, "en", board.ID, board.Buttons()[0].Data); a.Text != "" {
		t.Fatalf("move refused: %q", a.Text)
	}
	moved, ok := e.srv.Message(group, board.ID)
	if !ok || moved.Edits == 0 || !strings.Contains(moved.Visible(), "👀 1 person is watching this game") {
		t.Errorf("the board after a move, one viewer: edits %d, %q", moved.Edits, moved.Visible())
	}
	if n := len(e.srv.Sent(group)); n != before {
		t.Errorf("%d messages after the move, were %d: the count must not send anything", n, before)
	}
	watch("v2")
	watch("v3")
	e.say(group, carol, "en", "/board")
	if again := e.last(group); !strings.Contains(again.Visible(), "👀 3 people are watching this game") {
		t.Errorf("/board, three viewers: %q", again.Visible())
	}
}
