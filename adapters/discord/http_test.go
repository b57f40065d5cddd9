package discord

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
	"github.com/mancala-bot/mancala/bot"
)

func TestParsePublicKey(t *testing.T) {
	t.Parallel()
	good := strings.Repeat("ab", 32)
	if k, err := ParsePublicKey(" " + good + "\n"); err != nil || len(k) != 32 {
		t.Errorf("ParsePublicKey(good) = %x, %v", k, err)
	}
	for _, bad := range []string{"", "xyz", strings.Repeat("ab", 31), strings.Repeat("ab", 33), good[:63]} {
		if _, err := ParsePublicKey(bad); err == nil {
			t.Errorf("ParsePublicKey(%q) accepted", bad)
		} else if bad != "" && strings.Contains(err.Error(), bad) {
			t.Errorf("the error repeats the value: %v", err)
		}
	}
	if _, err := New(Config{Token: "t", AppID: "1", PublicKey: []byte{1, 2}}, HandlerFunc(func(context.Context, bot.Request) []bot.Reply { return nil })); err == nil {
		t.Error("New accepted a short public key")
	}
}

// A signed PING is answered with a PONG; nothing else happens.
func TestHTTPPing(t *testing.T) {
	t.Parallel()
	h := start(t, setup{HTTP: true})
	status, body, err := h.srv.PostSigned([]byte(`{"id":"1","application_id":"` + h.srv.AppID + `","type":1,"token":"x","version":1}`))
	if err != nil {
		t.Fatal(err)
	}
	var resp struct{ Type int }
	if status != http.StatusOK || json.Unmarshal(body, &resp) != nil || resp.Type != 1 {
		t.Fatalf("PING: %d %s, want 200 {\"type\":1}", status, body)
	}
	if n := len(h.srv.Identifies()); n != 0 {
		t.Errorf("%d gateway sessions in HTTP mode", n)
	}
	if len(h.srv.Responses()) != 0 || len(h.srv.Messages()) != 0 {
		t.Errorf("a PING changed something: %+v", h.srv.Messages())
	}
}

// Requests that fail the signature check are refused with 401 and handled
// not at all: a forged signature, a signature over another timestamp, a
// missing header, a malformed one, a body over the cap.
func TestHTTPBadSignatures(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	h := start(t, setup{HTTP: true, Handler: HandlerFunc(func(_ context.Context, _ bot.Request) []bot.Reply {
		calls.Add(1)
		return []bot.Reply{{Text: "handled"}}
	})})
	ix := &discordtest.Interaction{ID: discordtest.Snowflake(time.Now(), 9001), Token: "aW50ZXJhY3Rpb24forged", ChannelID: channel, Type: 2, User: alice, Locale: "en-US"}
	body := h.srv.Payload(ix, map[string]any{"id": "1", "name": "help", "type": 1}, nil)
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	good := h.srv.Sign(ts, body)
	forged := []byte(good)
	if forged[0] == 'a' {
		forged[0] = 'b'
	} else {
		forged[0] = 'a'
	}
	other := discordtest.Start() // another application's key
	defer other.Close()
	cases := []struct {
		name    string
		body    []byte
		headers map[string]string
	}{
		{"forged signature", body, map[string]string{"X-Signature-Ed25519": string(forged), "X-Signature-Timestamp": ts}},
		{"another key", body, map[string]string{"X-Signature-Ed25519": other.Sign(ts, body), "X-Signature-Timestamp": ts}},
		{"wrong timestamp", body, map[string]string{"X-Signature-Ed25519": good, "X-Signature-Timestamp": ts + "1"}},
		{"signed over another body", append(slices.Clone(body), ' '), map[string]string{"X-Signature-Ed25519": good, "X-Signature-Timestamp": ts}},
		{"no signature", body, map[string]string{"X-Signature-Timestamp": ts}},
		{"no timestamp", body, map[string]string{"X-Signature-Ed25519": good}},
		{"no headers", body, nil},
		{"signature not hex", body, map[string]string{"X-Signature-Ed25519": "zz" + good[2:], "X-Signature-Timestamp": ts}},
		{"body over the cap", make([]byte, MaxInteractionBody+1), map[string]string{"X-Signature-Ed25519": h.srv.Sign(ts, make([]byte, MaxInteractionBody+1)), "X-Signature-Timestamp": ts}},
	}
	for _, c := range cases {
		status, answer, err := h.srv.Post(c.body, c.headers)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if status != http.StatusUnauthorized {
			t.Errorf("%s: %d %s, want 401", c.name, status, answer)
		}
	}
	// The same body, correctly signed, is handled: the cases above were
	// refused for their signature only.
	status, answer, err := h.srv.PostSigned(body)
	if err != nil || status != http.StatusOK || !strings.Contains(string(answer), "handled") {
		t.Fatalf("signed: %d %s %v", status, answer, err)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("the handler ran %d times, want once (for the signed request only)", n)
	}
	if len(h.srv.Messages()) != 0 || len(h.srv.Requests()) != len(h.srv.RequestsTo(discordtest.RouteGuildCommands))+len(h.srv.RequestsTo(discordtest.RouteMe)) {
		t.Errorf("something was sent: %+v", h.srv.Requests())
	}
}

// A game through HTTP interactions: the challenge in the HTTP response,
// refusals as ephemeral HTTP responses, and boards (with their image)
// delivered by a deferral and a REST edit of the pressed message; the
// game is played to its end.
func TestHTTPGame(t *testing.T) {
	t.Parallel()
	h := start(t, setup{HTTP: true, DeferAfter: 2 * time.Second})
	ix := h.command(alice, "en-US", "new", discordtest.Opt("variant", "kalah"), discordtest.Opt("opponent", bob))
	challenge := h.reply(ix).Message
	if ix.HTTPStatus != http.StatusOK {
		t.Errorf("HTTP status %d", ix.HTTPStatus)
	}
	if len(h.srv.RequestsTo(discordtest.RouteCallback)) != 0 {
		t.Errorf("the callback endpoint was used in HTTP mode")
	}
	accept, ok := challenge.Button("✔")
	if !ok {
		t.Fatalf("challenge buttons %+v", challenge.Rows)
	}
	h.refusal(h.press(carol, challenge.ID, accept.CustomID), "err_not_invited")
	h.unchanged(challenge)

	board := h.update(h.press(bob, challenge.ID, accept.CustomID))
	h.wantBoard(board)
	for turn := 0; ; turn++ {
		if turn > 400 {
			t.Fatal("the game does not end")
		}
		g := h.live()
		if g == nil {
			break
		}
		pits := pitButtons(board)
		if len(pits) == 0 {
			t.Fatalf("turn %d: no buttons on the board", turn)
		}
		press := h.press(h.toMove(g), board.ID, pits[turn%len(pits)].CustomID)
		t.Cleanup(func() {
			if t.Failed() && h.live() != nil {
				t.Logf("press %s: ops %q, HTTP %d\n%s", press.CustomID, ops(press), press.HTTPStatus, h.logs.String())
			}
		})
		next := h.update(press)
		h.wantBoard(next)
		if got := ops(press); !slices.Equal(got, []string{discordtest.OpDeferUpdate, discordtest.OpEditOriginal}) {
			t.Errorf("turn %d: %q, want a deferral in the HTTP response and a REST edit", turn, got)
		}
		if after := h.game(); len(after.Moves) != len(g.Moves)+1 {
			t.Fatalf("turn %d: %d moves played, want 1", turn, len(after.Moves)-len(g.Moves))
		}
		board = next
	}
	if _, ok := board.Button("↻"); !ok {
		t.Errorf("final board buttons %q", labels(board))
	}
	if len(h.srv.RequestsTo(discordtest.RouteCallback)) != 0 {
		t.Errorf("the callback endpoint was used in HTTP mode")
	}
}

// With every interaction deferred, the HTTP answer is the deferral and
// the answer follows through REST: a command's "thinking…" is edited, a
// refused press gets an ephemeral follow-up.
func TestHTTPAlwaysDeferred(t *testing.T) {
	t.Parallel()
	h := start(t, setup{HTTP: true, DeferAfter: -1})
	challenge := h.reply(h.command(alice, "en-US", "new", discordtest.Opt("variant", "kalah"), discordtest.Opt("opponent", bob))).Message
	accept, ok := challenge.Button("✔")
	if !ok {
		t.Fatalf("challenge buttons %+v", challenge.Rows)
	}
	h.refusal(h.press(carol, challenge.ID, accept.CustomID), "err_not_invited")
	h.unchanged(challenge)
	h.wantBoard(h.update(h.press(bob, challenge.ID, accept.CustomID)))
	for _, r := range h.srv.Responses() {
		if r.Type != 5 && r.Type != 6 {
			t.Errorf("response %+v, want only deferrals", r)
		}
	}
}

// A private answer with an image to a command cannot be the HTTP answer:
// it is deferred privately ("thinking…" seen by the user only), and comes
// as an ephemeral follow-up with its image.
func TestHTTPPrivateImage(t *testing.T) {
	t.Parallel()
	h := start(t, setup{HTTP: true, Handler: HandlerFunc(func(context.Context, bot.Request) []bot.Reply {
		return []bot.Reply{{Text: "your board", Board: board(7, 3, []string{"1", "2"}), Private: true}}
	})})
	ix := h.command(alice, "en-US", "board")
	out := ix.Wait(t)
	want := []string{discordtest.OpDefer, discordtest.OpDeleteOriginal, discordtest.OpFollowup}
	if got := ops(ix); !slices.Equal(got, want) {
		t.Fatalf("outputs %q, want %q", got, want)
	}
	if !out.Message.Ephemeral || len(out.Message.Files) != 1 || out.Message.Content != "your board" {
		t.Errorf("answer %+v, want an ephemeral message with the image", out.Message)
	}
	for _, r := range h.srv.Responses() {
		if r.Type != 5 || !r.Payload.Ephemeral() {
			t.Errorf("response %+v, want an ephemeral deferral", r)
		}
	}
}
