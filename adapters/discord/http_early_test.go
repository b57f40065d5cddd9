package discord

import (
	"bufio"
	"context"
	"crypto/ed25519"
	"fmt"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
)

// A request whose signature headers are missing or malformed is answered
// 401 before its body is sent, and the connection is closed: a client
// without a signature cannot hold a connection by sending its body slowly,
// or never. (Before, the 401 waited for the whole announced body.) The
// test server has no timeouts, so only the early answer ends the read; the
// 30 s deadline is a safety net against a hang, not a measure.
func TestHTTPUnauthorizedBeforeBody(t *testing.T) {
	t.Parallel()
	pub, _, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(Config{Token: "tok", AppID: "1", PublicKey: pub}, HandlerFunc(func(context.Context, bot.Request) []bot.Reply {
		t.Error("handled an unsigned request")
		return nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.InteractionsHandler())
	defer srv.Close()
	sig := strings.Repeat("ab", ed25519.SignatureSize)
	for _, headers := range []string{
		"",
		"X-Signature-Timestamp: 1700000000\r\n",
		"X-Signature-Ed25519: " + sig + "\r\n",
		"X-Signature-Ed25519: zz" + sig[2:] + "\r\nX-Signature-Timestamp: 1700000000\r\n",
		"X-Signature-Ed25519: " + sig[2:] + "\r\nX-Signature-Timestamp: 1700000000\r\n",
	} {
		c, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		c.SetDeadline(time.Now().Add(30 * time.Second))
		// Headers announcing 1,000 bytes of body, and no body.
		fmt.Fprintf(c, "POST /discord/interactions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n%sContent-Length: 1000\r\n\r\n{", headers)
		br := bufio.NewReader(c)
		status, err := br.ReadString('\n')
		if err != nil || !strings.HasPrefix(status, "HTTP/1.1 401 ") {
			t.Errorf("headers %q: status %q, %v; want 401 before the body", headers, status, err)
		}
		// Then the server closes the connection.
		for err == nil {
			_, err = br.ReadString('\n')
		}
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			t.Errorf("headers %q: the connection stayed open", headers)
		}
		c.Close()
	}
}
