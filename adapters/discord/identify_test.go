package discord

import (
	"bytes"
	"encoding/json"
	"net"
	"reflect"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// sink is a net.Conn that keeps what is written.
type sink struct {
	net.Conn
	b bytes.Buffer
}

func (s *sink) Write(p []byte) (int, error) { return s.b.Write(p) }

// The IDENTIFY discordgo writes (deprecated "$os" names, a presence with
// "game" and an empty status) leaves as Discord documents it, whatever
// pieces the websocket library writes it in; the handshake before it and
// the frames after it pass unchanged.
func TestIdentifyRewritten(t *testing.T) {
	s, _ := discordgo.New("Bot secret")
	s.Identify.Intents = discordgo.IntentsNone
	orig, err := json.Marshal(map[string]any{"op": 2, "d": s.Identify})
	if err != nil {
		t.Fatal(err)
	}
	key := []byte{1, 2, 3, 4}
	handshake := []byte("GET /?v=10&encoding=json HTTP/1.1\r\nHost: gateway\r\nUpgrade: websocket\r\n\r\n")
	heartbeat := frame(0x81, key, []byte(`{"op":1,"d":null}`))
	in := append(append(append([]byte{}, handshake...), frame(0x81, key, orig)...), heartbeat...)
	for _, chunk := range []int{1, 7, len(in)} {
		out := &sink{}
		c := &identifyConn{Conn: out}
		for i := 0; i < len(in); i += chunk {
			if n, err := c.Write(in[i:min(i+chunk, len(in))]); err != nil || n != min(chunk, len(in)-i) {
				t.Fatalf("write: %d %v", n, err)
			}
		}
		got := out.b.Bytes()
		if !bytes.HasPrefix(got, handshake) {
			t.Fatalf("chunks of %d: the handshake changed: %q", chunk, got)
		}
		rest := got[len(handshake):]
		n, _, text, ok := nextFrame(rest)
		if !ok || !text {
			t.Fatalf("chunks of %d: no frame after the handshake", chunk)
		}
		payload := payloadOf(t, rest[:n])
		var msg struct {
			Op int `json:"op"`
			D  struct {
				Token      string         `json:"token"`
				Intents    int            `json:"intents"`
				Properties map[string]any `json:"properties"`
				Presence   map[string]any `json:"presence"`
			} `json:"d"`
		}
		if err := json.Unmarshal(payload, &msg); err != nil {
			t.Fatalf("%q: %v", payload, err)
		}
		wantProps := map[string]any{"os": identifyProperties["os"], "browser": "mancala-bot", "device": "mancala-bot"}
		wantPresence := map[string]any{"since": nil, "activities": []any{}, "status": "online", "afk": false}
		if msg.Op != 2 || msg.D.Token != "Bot secret" || !reflect.DeepEqual(msg.D.Properties, wantProps) || !reflect.DeepEqual(msg.D.Presence, wantPresence) {
			t.Errorf("chunks of %d: IDENTIFY %s", chunk, payload)
		}
		if !bytes.Equal(rest[n:], heartbeat) {
			t.Errorf("chunks of %d: the heartbeat after it changed", chunk)
		}
	}
}

func payloadOf(t *testing.T, f []byte) []byte {
	t.Helper()
	size, hdr := int(f[1]&0x7f), 2
	switch size {
	case 126:
		size, hdr = int(f[2])<<8|int(f[3]), 4
	case 127:
		t.Fatal("frame too long for the test")
	}
	key := f[hdr : hdr+4]
	p := bytes.Clone(f[hdr+4 : hdr+4+size])
	mask(p, key)
	return p
}
