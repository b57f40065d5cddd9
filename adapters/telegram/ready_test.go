package telegram_test

import (
	"context"
	"errors"
	"testing"

	"github.com/mancala-bot/mancala/adapters/telegram"
	"github.com/mancala-bot/mancala/bot"
)

// Ready says ErrTokenRefused while Telegram's latest answer was 401 (the
// token revoked while the bot runs in webhook mode, where nothing else
// would notice it), and nil again after an accepted call.
func TestReadyTokenRefused(t *testing.T) {
	t.Parallel()
	e := start(t, &recorder{}, nil, webhook)
	if err := e.ad.Ready(); err != nil {
		t.Fatalf("Ready after start: %v", err)
	}
	send := func() error {
		return e.ad.Deliver(context.Background(), bot.Outgoing{Channel: "42", Reply: bot.Reply{Text: "hi"}})
	}
	e.srv.Fail("sendMessage", 1, 401, "Unauthorized")
	if err := send(); err == nil {
		t.Fatal("a send refused with 401 succeeded")
	}
	if err := e.ad.Ready(); !errors.Is(err, telegram.ErrTokenRefused) {
		t.Errorf("Ready after a 401: %v, want ErrTokenRefused", err)
	}
	if err := send(); err != nil {
		t.Fatal(err)
	}
	if err := e.ad.Ready(); err != nil {
		t.Errorf("Ready after an accepted call: %v", err)
	}
	if err := e.stop(); err != nil {
		t.Fatal(err)
	}
}
