package telegram

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/mancala-bot/mancala/adapters/internal/boardwalk"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store/sqlite"
)

func TestSplitText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		in    string
		limit int
		want  []string
	}{
		{"fits", "*a* b\nc", 5, []string{"*a* b\nc"}},
		{"at lines", "aaa\nbbb\nccc", 7, []string{"aaa\nbbb", "ccc"}},
		{"bold does not count", "*aaa*\n*bbb*", 7, []string{"*aaa*\n*bbb*"}},
		{"long line at spaces", "aaaa bbbb cccc", 9, []string{"aaaa bbbb", "cccc"}},
		{"no spaces", "abcdefgh", 3, []string{"abc", "def", "gh"}},
		{"astral runes count twice", "😀😀😀", 4, []string{"😀😀", "😀"}},
		{"empty", "  \n ", 10, nil},
	} {
		got := splitText(tc.in, tc.limit)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
		for _, p := range got {
			if textLen(p) > tc.limit {
				t.Errorf("%s: piece %q over %d", tc.name, p, tc.limit)
			}
		}
	}
}

func TestTruncate(t *testing.T) {
	t.Parallel()
	if got := truncate("hello world", 8); got != "hello w…" {
		t.Errorf("truncate: %q", got)
	}
	if got := truncate("short", 200); got != "short" {
		t.Errorf("truncate: %q", got)
	}
	if got := truncate(strings.Repeat("😀", 150), 200); utf16Len(got) > 200 {
		t.Errorf("truncate: %d units", utf16Len(got))
	}
}

func TestKeyboard(t *testing.T) {
	t.Parallel()
	var row []bot.Button
	for i := range 10 {
		row = append(row, bot.Button{Label: "x", Data: strings.Repeat("d", i+60)})
	}
	kb := keyboard(bot.Reply{Board: &bot.Board{Buttons: [][]bot.Button{row, {{Label: "y"}}}}})
	if len(kb.InlineKeyboard) != 1 || len(kb.InlineKeyboard[0]) != 5 {
		t.Errorf("keyboard %+v: want the five buttons with data of at most 64 bytes", kb)
	}
	if keyboard(bot.Reply{Board: &bot.Board{}}) != nil || keyboard(bot.Reply{}) != nil {
		t.Error("a keyboard without buttons")
	}
}

// A reply's Link is a url button in a row of its own under the board's
// buttons when Telegram takes its URL in a button (https, a public host
// name), else the last line of the text.
func TestPlaceLink(t *testing.T) {
	t.Parallel()
	board := &bot.Board{Buttons: [][]bot.Button{{{Label: "↻", Data: "r:1:2"}, {Label: "▶", Data: "p:1:2"}}}}
	for _, c := range []struct {
		url    string
		button bool
	}{
		{"https://mancala.example.com/g/AAAAAAAAAAAAAAAAAAAAAA", true},
		{"https://mancala.example.com:8443/games/g/AAAAAAAAAAAAAAAAAAAAAA", true},
		{"http://mancala.example.com/g/AAAAAAAAAAAAAAAAAAAAAA", false},
		{"https://localhost:8080/g/AAAAAAAAAAAAAAAAAAAAAA", false},
		{"https://pages.localhost/g/AAAAAAAAAAAAAAAAAAAAAA", false},
		{"https://mancala/g/AAAAAAAAAAAAAAAAAAAAAA", false},
		{"https://192.168.1.10/g/AAAAAAAAAAAAAAAAAAAAAA", false},
		{"https://[2001:db8::1]/g/AAAAAAAAAAAAAAAAAAAAAA", false},
	} {
		r := placeLink(bot.Reply{Text: "*Alice* wins.", Board: board, Link: &bot.Link{URL: c.url, Label: "🔗 Page"}})
		kb := keyboard(r)
		if c.button {
			if r.Text != "*Alice* wins." || len(kb.InlineKeyboard) != 2 {
				t.Errorf("%s: text %q, keyboard %+v; want the text as it was and the link in a row of its own", c.url, r.Text, kb.InlineKeyboard)
				continue
			}
			if b := kb.InlineKeyboard[1]; len(b) != 1 || b[0].URL == nil || *b[0].URL != c.url || b[0].Text != "🔗 Page" || b[0].CallbackData != nil {
				t.Errorf("%s: link row %+v", c.url, b)
			}
			continue
		}
		if want := "*Alice* wins.\n🔗 Page: " + c.url; r.Text != want || len(kb.InlineKeyboard) != 1 || r.Link != nil {
			t.Errorf("%s: text %q, %d rows; want the text %q and the board's row alone", c.url, r.Text, len(kb.InlineKeyboard), want)
		}
	}
	// A link alone, no board: a keyboard of one url button.
	r := placeLink(bot.Reply{Text: "kalah: 3 4", Link: &bot.Link{URL: "https://mancala.example.com/g/a", Label: "🔗 Page"}})
	if kb := keyboard(r); kb == nil || len(kb.InlineKeyboard) != 1 || *kb.InlineKeyboard[0][0].URL != "https://mancala.example.com/g/a" {
		t.Errorf("link without a board: %+v", kb)
	}
}

func TestWithTextMentions(t *testing.T) {
	t.Parallel()
	u := &tgbotapi.User{ID: 77}
	got := withTextMentions("/new 😀 Zoë x", []tgbotapi.MessageEntity{{Type: "text_mention", Offset: 8, Length: 3, User: u}})
	if got != "/new 😀 @77 x" {
		t.Errorf("got %q", got)
	}
}

func TestPacer(t *testing.T) {
	t.Parallel()
	p := newPacer(time.Millisecond, 40*time.Millisecond, 2)
	ctx := context.Background()
	t0 := time.Now()
	for range 4 { // two at once, then two more 40 ms apart
		if err := p.wait(ctx, -5); err != nil {
			t.Fatal(err)
		}
	}
	if d := time.Since(t0); d < 70*time.Millisecond {
		t.Errorf("4 group messages with burst 2 took %v", d)
	}
	p.block(9, 50*time.Millisecond)
	t0 = time.Now()
	_ = p.wait(ctx, 9)
	if d := time.Since(t0); d < 40*time.Millisecond {
		t.Errorf("a blocked chat waited %v", d)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	p.block(9, time.Hour)
	if err := p.wait(cctx, 9); err == nil {
		t.Error("wait ignored its context")
	}
}

// An inline keyboard holds at most 8 buttons a row and 100 in all: a
// longer row is cut in rows of 8, and buttons past 100 are dropped and
// counted.
func TestKeyboardLimits(t *testing.T) {
	t.Parallel()
	var rows [][]bot.Button
	for r := range 13 {
		var row []bot.Button
		for c := range 8 {
			row = append(row, bot.Button{Label: "x", Data: fmt.Sprintf("m:%d:%d", r, c)})
		}
		rows = append(rows, row)
	}
	kb, dropped := keyboardLayout(&bot.Board{Buttons: rows}, nil, nil)
	n := 0
	for _, row := range kb.InlineKeyboard {
		n += len(row)
	}
	if n != maxKeyboardButtons || dropped != 4 {
		t.Errorf("104 buttons: %d kept, %d dropped; want 100 and 4", n, dropped)
	}
	var long []bot.Button
	for c := range 10 {
		long = append(long, bot.Button{Label: "x", Data: fmt.Sprint("d", c)})
	}
	kb, dropped = keyboardLayout(&bot.Board{Buttons: [][]bot.Button{long}}, nil, nil)
	if len(kb.InlineKeyboard) != 2 || len(kb.InlineKeyboard[0]) != maxRowButtons || len(kb.InlineKeyboard[1]) != 2 || dropped != 0 {
		t.Errorf("a row of 10: %v, %d dropped", kb.InlineKeyboard, dropped)
	}
}

// Every board of every variant fits Telegram's keyboards: a walk through
// random games of each meets no board that would lose a button.
func TestEveryBoardFits(t *testing.T) {
	t.Parallel()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	b := bot.New(bot.Config{Store: db, ThinkTime: 10 * time.Millisecond, ReviewTime: 10 * time.Millisecond})
	boards := 0
	boardwalk.Walk(t, b, Platform, "beginner", 30, 24, func(variant string, b *bot.Board) {
		boards++
		kb, dropped := keyboardLayout(b, nil, nil)
		if dropped > 0 {
			t.Errorf("%s: board %v: %d buttons dropped", variant, b.Buttons, dropped)
		}
		if kb != nil {
			for _, row := range kb.InlineKeyboard {
				if len(row) > maxRowButtons {
					t.Errorf("%s: a row of %d", variant, len(row))
				}
			}
		}
	})
	if boards < 100 {
		t.Errorf("only %d boards seen", boards)
	}
}
