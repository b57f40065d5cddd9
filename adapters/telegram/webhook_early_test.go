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
