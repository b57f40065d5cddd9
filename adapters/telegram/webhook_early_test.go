package telegram_test

import (
	"bufio"
	"fmt"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/telegram"
)

// A request with a wrong or missing secret is answered 401 before its body
// is sent, and the connection is closed: a client without the secret
// cannot hold a connection by sending its body slowly, or never. (Before,
// the 401 waited for the whole announced body.) The test server has no
// timeouts, so only the early answer ends the read; the 30 s deadline is a
// safety net against a hang, not a measure.
func TestWebhookUnauthorizedBeforeBody(t *testing.T) {
	t.Parallel()
	a, err := telegram.New(telegram.Config{Token: token, WebhookURL: "https://bot.example.com/telegram/webhook", WebhookSecret: hookSecret}, &recorder{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.WebhookHandler())
	defer srv.Close()
	for _, header := range []string{"", telegram.SecretHeader + ": wrong_secret\r\n", telegram.SecretHeader + ": " + hookSecret + "x\r\n"} {
		c, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		c.SetDeadline(time.Now().Add(30 * time.Second))
		// Headers announcing 1,000 bytes of body, and no body.
		fmt.Fprintf(c, "POST /telegram/webhook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n%sContent-Length: 1000\r\n\r\n{", header)
		br := bufio.NewReader(c)
		status, err := br.ReadString('\n')
		if err != nil || !strings.HasPrefix(status, "HTTP/1.1 401 ") {
			t.Errorf("header %q: status %q, %v; want 401 before the body", header, status, err)
		}
		// Then the server closes the connection.
		for err == nil {
			_, err = br.ReadString('\n')
		}
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			t.Errorf("header %q: the connection stayed open", header)
		}
		c.Close()
	}
}

// A password in the webhook URL or the API endpoint is never repeated in
// an error: it is redacted, and a URL with user information is refused
// for what it is (before: "not an absolute URL", the password printed).
func TestWebhookURLPasswordRedacted(t *testing.T) {
	t.Parallel()
	const password = "hunter2Secret"
	for _, c := range []struct{ url, want string }{
		{"https://bob:" + password + "@bot.example.com/telegram/webhook", `webhook URL "https://bob:xxxxx@bot.example.com/telegram/webhook" holds a user name or password`},
		{"https://:" + password + "@bot.example.com/hook", "holds a user name or password"},
		{"http://bob:" + password + "@bot.example.com/hook", "holds a user name or password"},
		{"https://bob:" + password + "@bot.example.com:port/hook", "webhook URL (not shown: it does not parse and may hold a password) is not an absolute URL"},
		{"https://bob:pass/" + password + "@bot.example.com/hook", "is not an absolute URL"},
	} {
		err := telegram.ValidateWebhook(c.url, hookSecret)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ValidateWebhook(%q): %v, want %q", c.url, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), password) {
			t.Errorf("the error repeats the password: %v", err)
		}
	}
	for _, ep := range []string{"ftp://bob:" + password + "@api.example.com", "https://bob:" + password + "@api.example.com/%s/%s/%s", "https://bob:" + password + "@api.example.com/%d"} {
		_, err := telegram.New(telegram.Config{Token: token, APIEndpoint: ep}, &recorder{})
		if err == nil || strings.Contains(err.Error(), password) || !strings.Contains(err.Error(), "API endpoint") {
			t.Errorf("APIEndpoint %q: %v, want a refusal without the password", ep, err)
		}
	}
	if got, want := telegram.RedactURL("https://u:"+password+"@h.example/x?q=1"), `"https://u:xxxxx@h.example/x?q=1"`; got != want {
		t.Errorf("RedactURL = %s, want %s", got, want)
	}
}
