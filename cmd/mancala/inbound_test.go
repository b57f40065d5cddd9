package main

import (
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
)

func TestInboundConfig(t *testing.T) {
	key := strings.Repeat("0f", 32)
	base := []string{"DISCORD_TOKEN", "tok", "DISCORD_APP_ID", "1", "TELEGRAM_TOKEN", "1:x", "HTTP_ADDR", ":8080"}
	with := func(kv ...string) []string { return append(append([]string(nil), base...), kv...) }
	cfg, err := configFromEnv(envOf(with("DISCORD_PUBLIC_KEY", key, "TELEGRAM_WEBHOOK_URL", "https://bot.example.com/telegram/webhook", "TELEGRAM_WEBHOOK_SECRET", "s3cr3t_-")...))
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.DiscordPublicKey) != 32 || cfg.TelegramWebhookURL == "" || cfg.TelegramWebhookSecret != "s3cr3t_-" {
		t.Errorf("config %+v", cfg)
	}
	if s := cfg.String(); strings.Contains(s, "s3cr3t") || !strings.Contains(s, "http interactions") || !strings.Contains(s, "webhook") {
		t.Errorf("String() = %q", s)
	}
	for _, c := range []struct {
		env  []string
		want string
	}{
		{with("DISCORD_PUBLIC_KEY", "nothex"), "DISCORD_PUBLIC_KEY: not hexadecimal"},
		{with("DISCORD_PUBLIC_KEY", key[:62]), "DISCORD_PUBLIC_KEY: 31 bytes"},
		{[]string{"DISCORD_TOKEN", "tok", "DISCORD_APP_ID", "1", "DISCORD_PUBLIC_KEY", key}, "DISCORD_PUBLIC_KEY: needs HTTP_ADDR"},
		{[]string{"HTTP_ADDR", ":8080", "DISCORD_PUBLIC_KEY", key}, "DISCORD_PUBLIC_KEY: needs DISCORD_TOKEN"},
		{with("TELEGRAM_WEBHOOK_URL", "https://bot.example.com/hook"), "without the webhook secret"},
		{with("TELEGRAM_WEBHOOK_SECRET", "s3cr3t"), "without the webhook URL"},
		{with("TELEGRAM_WEBHOOK_URL", "http://bot.example.com/hook", "TELEGRAM_WEBHOOK_SECRET", "s3cr3t"), "needs https"},
		{with("TELEGRAM_WEBHOOK_URL", "https://bot.example.com/hook", "TELEGRAM_WEBHOOK_SECRET", "s3cr3t!"), "may hold only"},
		{[]string{"TELEGRAM_TOKEN", "1:x", "TELEGRAM_WEBHOOK_URL", "https://bot.example.com/hook", "TELEGRAM_WEBHOOK_SECRET", "s3cr3t"}, "needs HTTP_ADDR"},
		{[]string{"HTTP_ADDR", ":8080", "TELEGRAM_WEBHOOK_URL", "https://bot.example.com/hook", "TELEGRAM_WEBHOOK_SECRET", "s3cr3t"}, "needs TELEGRAM_TOKEN"},
	} {
		_, err := configFromEnv(envOf(c.env...))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.env, err, c.want)
			continue
		}
		if strings.Contains(err.Error(), "s3cr3t") || strings.Contains(err.Error(), key[:20]) {
			t.Errorf("the error repeats a secret: %v", err)
		}
	}
}

// TestStatelessInbound runs the real program with Discord HTTP
// interactions and a Telegram webhook on HTTP_ADDR, against the fake
// servers: a Discord game starts and a move updates the board; a Telegram
// game against the bot starts and a press edits the board. Neither
// platform opens a gateway or polls.
func TestStatelessInbound(t *testing.T) {
	dc := discordtest.New(t)
	const tgToken = "424242:SECRET-telegram-token-for-tests"
	const hookSecret = "hook-SECRET_42"
	tg := telegramtest.New(tgToken)
	defer tg.Close()

	var logs syncBuffer
	m := &Main{
		Config: Config{
			DatabasePath: filepath.Join(t.TempDir(), "m.db"), HTTPAddr: "127.0.0.1:0",
			DiscordToken: dc.Token, DiscordAppID: dc.AppID, DiscordGuildID: dc.GuildID, DiscordAPIBase: dc.URL,
			TelegramToken: tgToken, TelegramAPIEndpoint: tg.URL,
		},
		Logger:   slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Opponent: firstLegal{},
	}
	cfg, err := configFromEnv(envOf("DISCORD_TOKEN", dc.Token, "DISCORD_APP_ID", dc.AppID, "HTTP_ADDR", "127.0.0.1:0", "DISCORD_PUBLIC_KEY", dc.PublicKeyHex()))
	if err != nil {
		t.Fatal(err)
	}
	m.Config.DiscordPublicKey = cfg.DiscordPublicKey
	if err := m.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	base := "http://" + m.httpLn.Addr().String()
	m.Config.TelegramWebhookURL, m.Config.TelegramWebhookSecret = base+"/telegram/webhook", hookSecret
	dc.InteractionsURL = base + "/discord/interactions"
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx) }()
	dc.WaitFor(t, "the commands", func() bool { return len(dc.Commands()) > 0 })
	if !tg.WaitFor(10*time.Second, func() bool { _, ok := tg.Webhook(); return ok }) {
		t.Fatal("no webhook set")
	}

	alice := discordtest.User{ID: "2001", Username: "alice"}
	bob := discordtest.User{ID: "2002", Username: "bob"}
	const ch = "3001"
	out := dc.SlashCommand(ch, alice, "en-US", "new", discordtest.Opt("variant", "kalah"), discordtest.Opt("opponent", bob.ID)).Wait(t)
	accept, ok := out.Message.Button("✔")
	if !ok {
		t.Fatalf("challenge without an accept button: %q", out.Message.Content)
	}
	out = dc.PressButton(ch, bob, "en-US", out.MessageID, accept.CustomID).Wait(t)
	pit3, ok := out.Message.Button("3")
	if !ok || len(out.Message.Files) != 1 {
		t.Fatalf("accepted board: %q, %d files", out.Message.Content, len(out.Message.Files))
	}
	board := out.MessageID
	moved := dc.PressButton(ch, alice, "en-US", board, pit3.CustomID).Wait(t)
	if moved.MessageID != board || len(moved.Message.Files) != 1 {
		t.Errorf("the move did not update the board in place: %s, %d files", moved.MessageID, len(moved.Message.Files))
	}
	if n := len(dc.Identifies()); n != 0 {
		t.Errorf("%d gateway sessions", n)
	}

	const chat = 555
	user := telegramtest.User{ID: 77, FirstName: "Olga", UserName: "olga"}
	tg.SendText(chat, user, "en", "/new kalah bot")
	var msg telegramtest.Message
	if !tg.WaitFor(10*time.Second, func() bool {
		var ok bool
		msg, ok = tg.LastSent(chat)
		return ok && msg.IsPhoto() && len(msg.Keyboard) > 0
	}) {
		t.Fatalf("no board on Telegram: %+v", tg.Sent(chat))
	}
	data, _ := msg.Button("1")
	id := tg.PressButton(chat, user, "en", msg.ID, data)
	if !tg.WaitFor(10*time.Second, func() bool {
		_, answered := tg.Answer(id)
		m2, _ := tg.Message(chat, msg.ID)
		return answered && m2.Edits > 0
	}) {
		t.Fatalf("the press did not edit the board: %+v", tg.Sent(chat))
	}
	if n := len(tg.Calls("getUpdates")); n != 0 {
		t.Errorf("%d getUpdates calls in webhook mode", n)
	}

	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
	for _, secret := range []string{dc.Token, tgToken, "SECRET"} {
		if strings.Contains(logs.String(), secret) {
			t.Errorf("the logs contain a secret (%q)", secret)
		}
	}
}
