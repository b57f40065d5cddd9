package telegram_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/telegram"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
)

// autoWebhook as Config.WebhookURL makes start serve the adapter's
// webhook on a loopback server and use its URL.
const autoWebhook = "auto"

// hookSecret is the webhook's secret_token in the tests.
const hookSecret = "hook_Secret-123"

// webhook runs the adapter in webhook mode.
func webhook(cfg *telegram.Config, _ *telegramtest.Server) {
	cfg.WebhookURL, cfg.WebhookSecret = autoWebhook, hookSecret
}

func TestValidateWebhook(t *testing.T) {
	t.Parallel()
	good := []struct{ url, secret string }{
		{"", ""},
		{"https://bot.example.com/telegram/webhook", "abc"},
		{"https://bot.example.com:8443/telegram/webhook", strings.Repeat("a", 256)},
		{"http://127.0.0.1:8080/telegram/webhook", "A-Z_a-z_0-9"},
		{"http://localhost:8080/telegram/webhook", "x"},
		{"http://[::1]:8080/telegram/webhook", "x"},
	}
	for _, c := range good {
		if err := telegram.ValidateWebhook(c.url, c.secret); err != nil {
			t.Errorf("ValidateWebhook(%q, %q): %v", c.url, c.secret, err)
		}
	}
	bad := []struct{ url, secret string }{
		{"https://bot.example.com/hook", ""},
		{"", "abc"},
		{"http://bot.example.com/hook", "abc"}, // http off loopback
		{"ftp://bot.example.com/hook", "abc"},
		{"bot.example.com/hook", "abc"},
		{"https://bot.example.com/hook", strings.Repeat("a", 257)},
		{"https://bot.example.com/hook", "has space"},
		{"https://bot.example.com/hook", "sëcret"},
	}
	for _, c := range bad {
		err := telegram.ValidateWebhook(c.url, c.secret)
		if err == nil {
			t.Errorf("ValidateWebhook(%q, %q) accepted", c.url, c.secret)
		} else if c.secret != "" && strings.Contains(err.Error(), c.secret) {
			t.Errorf("the error repeats the secret: %v", err)
		}
	}
	if _, err := telegram.New(telegram.Config{Token: token, WebhookURL: "http://example.com/x", WebhookSecret: "s"}, &recorder{}); err == nil {
		t.Error("New accepted an http webhook off loopback")
	}
}

// Webhook mode registers the webhook with the secret and the update kinds
// the bot handles, never polls, and leaves the webhook set at stop.
func TestWebhookIsSet(t *testing.T) {
	t.Parallel()
	e := start(t, &recorder{}, nil, webhook)
	h, _ := e.srv.Webhook()
	if !strings.HasSuffix(h.URL, "/telegram/webhook") || h.SecretToken != hookSecret {
		t.Errorf("webhook %+v", h)
	}
	if !slices.Equal(h.AllowedUpdates, []string{"message", "callback_query"}) {
		t.Errorf("allowed updates %q", h.AllowedUpdates)
	}
	if err := e.stop(); err != nil {
		t.Fatal(err)
	}
	if n := len(e.srv.Calls("getUpdates")); n != 0 {
		t.Errorf("%d getUpdates calls in webhook mode", n)
	}
	if e.srv.WebhookDeleted() {
		t.Error("the webhook was deleted (another process may serve it)")
	}
	if _, ok := e.srv.Webhook(); !ok {
		t.Error("no webhook after stop")
	}
	// Stopped: an update is refused with 503, for Telegram to deliver again.
	status, err := e.srv.PostToWebhook([]byte(`{"update_id":1,"message":{"message_id":1,"date":1,"chat":{"id":5,"type":"private"},"text":"/help"}}`), hookSecret)
	if err != nil || status != http.StatusServiceUnavailable {
		t.Errorf("after stop: %d %v, want 503", status, err)
	}
	if strings.Contains(e.logs.String(), hookSecret) {
		t.Errorf("the webhook secret is in the logs:\n%s", e.logs.String())
	}
}

// A whole game in a group, every update delivered by the webhook; and
// one against the bot in a private chat.
func TestWebhookGame(t *testing.T) {
	t.Parallel()
	e := startBot(t, webhook)
	plies := playGroupGame(t, e)
	if plies == 0 {
		t.Fatal("no move played")
	}
	for _, p := range e.srv.WebhookPosts() {
		if p.Status != http.StatusOK {
			t.Errorf("delivery %+v", p)
		}
	}
	if got, want := len(e.srv.WebhookPosts()), e.srv.Injected(); got != want {
		t.Errorf("%d deliveries for %d updates", got, want)
	}
	if n := len(e.srv.Calls("getUpdates")); n != 0 {
		t.Errorf("%d getUpdates calls in webhook mode", n)
	}
}

// Requests without the right secret are refused (401) and change
// nothing; a redelivered update (same update_id) is acknowledged and
// dropped.
func TestWebhookSecretAndRedelivery(t *testing.T) {
	t.Parallel()
	rec := &recorder{}
	e := start(t, rec, nil, webhook)
	update := func(id int, text string) []byte {
		b, _ := json.Marshal(map[string]any{"update_id": id, "message": map[string]any{
			"message_id": id, "date": 1700000000, "text": text,
			"chat":     map[string]any{"id": alice.ID, "type": "private", "first_name": "Alice"},
			"from":     map[string]any{"id": alice.ID, "is_bot": false, "first_name": "Alice", "username": "alice"},
			"entities": []any{map[string]any{"type": "bot_command", "offset": 0, "length": 5}},
		}})
		return b
	}
	for _, c := range []struct{ name, secret string }{{"no secret", ""}, {"wrong secret", "hook_Secret-124"}, {"prefix", "hook_Secret-12"}, {"longer", hookSecret + "x"}} {
		status, err := e.srv.PostToWebhook(update(9001, "/help"), c.secret)
		if err != nil {
			t.Fatal(err)
		}
		if status != http.StatusUnauthorized {
			t.Errorf("%s: status %d, want 401", c.name, status)
		}
	}
	if st := e.ad.Stats(); st.Received != 0 || len(rec.requests()) != 0 {
		t.Fatalf("refused requests were handled: %+v, %d requests", st, len(rec.requests()))
	}
	status, err := e.srv.PostToWebhook([]byte(`{"update_id":`), hookSecret)
	if err != nil || status != http.StatusBadRequest {
		t.Errorf("malformed update: %d %v, want 400", status, err)
	}
	// The same update twice: handled once.
	for range 2 {
		status, err := e.srv.PostToWebhook(update(9002, "/help"), hookSecret)
		if err != nil || status != http.StatusOK {
			t.Fatalf("status %d %v", status, err)
		}
	}
	status, err = e.srv.PostToWebhook(update(9003, "/rules"), hookSecret)
	if err != nil || status != http.StatusOK {
		t.Fatalf("status %d %v", status, err)
	}
	if !e.srv.WaitFor(5*time.Second, func() bool { st := e.ad.Stats(); return st.Handled == 2 }) {
		t.Fatalf("stats %+v", e.ad.Stats())
	}
	var texts []string
	for _, r := range rec.requests() {
		texts = append(texts, r.Text)
	}
	if !slices.Equal(texts, []string{"/help", "/rules"}) {
		t.Errorf("requests %q, want /help once then /rules", texts)
	}
}
