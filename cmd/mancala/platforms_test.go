package main

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
)

// TestBothPlatforms runs the real program with the Discord and Telegram
// adapters at once, against the fake servers, and plays on both: a game
// between two people on Discord with buttons, a game against the bot on
// Telegram. The tokens must never reach the logs.
func TestBothPlatforms(t *testing.T) {
	dc := discordtest.New(t)
	const tgToken = "424242:SECRET-telegram-token-for-tests"
	tg := telegramtest.New(tgToken)
	defer tg.Close()

	var logs syncBuffer
	m := &Main{
		Config: Config{
			DatabasePath: filepath.Join(t.TempDir(), "m.db"),
			DiscordToken: dc.Token, DiscordAppID: dc.AppID, DiscordGuildID: dc.GuildID, DiscordAPIBase: dc.URL,
			TelegramToken: tgToken, TelegramAPIEndpoint: tg.URL,
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
	dc.WaitConnected(t)

	// Discord: alice challenges bob, bob accepts with the button, alice
	// plays pit 3 (an extra turn), a stranger's press is refused privately.
	alice := discordtest.User{ID: "2001", Username: "alice"}
	bob := discordtest.User{ID: "2002", Username: "bob"}
	carol := discordtest.User{ID: "2003", Username: "carol"}
	const ch = "3001"
	out := dc.SlashCommand(ch, alice, "en-US", "new", discordtest.Opt("variant", "kalah"), discordtest.Opt("opponent", bob.ID)).Wait(t)
	accept, ok := out.Message.Button("✔")
	if !ok {
		t.Fatalf("challenge without an accept button: %q", out.Message.Content)
	}
	out = dc.PressButton(ch, bob, "ru", out.MessageID, accept.CustomID).Wait(t)
	pit3, ok := out.Message.Button("3")
	if !ok || len(out.Message.Files) == 0 {
		t.Fatalf("accepted board: %q, %d files", out.Message.Content, len(out.Message.Files))
	}
	board := out.MessageID
	refused := dc.PressButton(ch, carol, "pl", board, pit3.CustomID).Wait(t)
	if !refused.Message.Ephemeral {
		t.Errorf("a stranger's press got a public answer: %q", refused.Message.Content)
	}
	moved := dc.PressButton(ch, alice, "en-US", board, pit3.CustomID).Wait(t)
	if moved.MessageID != board || !strings.Contains(moved.Message.Content, "<@2001>") || len(moved.Message.Files) != 1 {
		t.Errorf("the move did not update the board in place: %s %q, %d files", moved.MessageID, moved.Message.Content, len(moved.Message.Files))
	}

	// Telegram: a private game against the bot.
	const chat = 555
	user := telegramtest.User{ID: 77, FirstName: "Olga", UserName: "olga"}
	tg.SendText(chat, user, "ru", "/new kalah bot")
	var msg telegramtest.Message
	if !tg.WaitFor(10*time.Second, func() bool {
		var ok bool
		msg, ok = tg.LastSent(chat)
		return ok && msg.IsPhoto() && len(msg.Keyboard) > 0
	}) {
		t.Fatalf("no board on Telegram: %+v", tg.Sent(chat))
	}
	data, _ := msg.Button("1")
	id := tg.PressButton(chat, user, "ru", msg.ID, data)
	if !tg.WaitFor(10*time.Second, func() bool {
		_, answered := tg.Answer(id)
		m2, _ := tg.Message(chat, msg.ID)
		return answered && m2.Edits > 0
	}) {
		t.Fatalf("the press did not edit the board: %+v", tg.Sent(chat))
	}
	if m2, _ := tg.Message(chat, msg.ID); !strings.Contains(m2.Caption, "Бот") {
		t.Errorf("the bot's reply is not in Russian: %q", m2.Caption)
	}

	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
	for _, secret := range []string{dc.Token, tgToken, "SECRET"} {
		if strings.Contains(logs.String(), secret) {
			t.Errorf("the logs contain a token (%q)", secret)
		}
	}
}

// syncBuffer is a bytes.Buffer safe for the adapters' goroutines to log to
// while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
