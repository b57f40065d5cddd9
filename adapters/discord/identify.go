package discord

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/binary"
	"encoding/json"
	"net"
	"runtime"
	"time"

	"github.com/gorilla/websocket"
)

// The gateway IDENTIFY, as Discord documents it (events/gateway-events.mdx,
// Identify): connection properties os, browser and device, and a presence
// with since, an activities array, a status and afk. discordgo (v0.29)
// cannot send that: its IdentifyProperties marshal as the deprecated
// "$os", "$browser"..., and its presence as {"game": {...}, "status": ""},
// in structs whose JSON it fixes. The adapter therefore dials the gateway
// itself (Session.Dialer) and hands discordgo a connection that rewrites
// that one payload, the first text frame the client sends after the
// websocket handshake when it is an IDENTIFY (op 2), keeping its token,
// intents, compress, large_threshold and shard. Everything else passes
// unchanged; a RESUME (op 6) ends the watch as well.

// identifyProperties are the connection properties the adapter sends.
var identifyProperties = map[string]string{"os": runtime.GOOS, "browser": "mancala-bot", "device": "mancala-bot"}

// identifyPresence is the presence the adapter identifies with: online,
// no activity.
var identifyPresence = map[string]any{"since": nil, "activities": []any{}, "status": "online", "afk": false}

// rewriteIdentify returns the IDENTIFY payload p with the documented
// properties and presence, or nil when p is not an IDENTIFY.
func rewriteIdentify(p []byte) []byte {
	var msg struct {
		Op int                        `json:"op"`
		D  map[string]json.RawMessage `json:"d"`
	}
	if json.Unmarshal(p, &msg) != nil || msg.Op != 2 || msg.D == nil {
		return nil
	}
	props, _ := json.Marshal(identifyProperties)
	presence, _ := json.Marshal(identifyPresence)
	msg.D["properties"] = props
	msg.D["presence"] = presence
	out, err := json.Marshal(map[string]any{"op": 2, "d": msg.D})
	if err != nil {
		return nil
	}
	return out
}

// gatewayDialer dials the gateway (ws:// or wss://) with connections that
// rewrite the IDENTIFY. The TLS handshake of wss:// is made here, so that
// the rewriting sees the websocket frames; an HTTP proxy is not used for
// the gateway.
func gatewayDialer() *websocket.Dialer {
	nd := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}
	return &websocket.Dialer{
		HandshakeTimeout: 45 * time.Second,
		NetDialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			c, err := nd.DialContext(ctx, network, addr)
			if err != nil {
				return nil, err
			}
			return &identifyConn{Conn: c}, nil
		},
		NetDialTLSContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			c, err := nd.DialContext(ctx, network, addr)
			if err != nil {
				return nil, err
			}
			host, _, _ := net.SplitHostPort(addr)
			tc := tls.Client(c, &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12})
			if err := tc.HandshakeContext(ctx); err != nil {
				c.Close()
				return nil, err
			}
			return &identifyConn{Conn: tc}, nil
		},
	}
}

// identifyConn is a client's websocket connection that rewrites its
// IDENTIFY (see rewriteIdentify). It passes the HTTP handshake through,
// then parses the client's frames (RFC 6455 §5.2, masked) until the first
// complete text frame, which it rewrites when it is an IDENTIFY; from then
// on it passes everything through. gorilla/websocket writes one frame at a
// time, from one goroutine at a time.
type identifyConn struct {
	net.Conn
	handshook bool   // the HTTP upgrade request has been written
	done      bool   // the first payload went through
	pending   []byte // bytes of an incomplete request or frame
}

func (c *identifyConn) Write(p []byte) (int, error) {
	if c.done {
		return c.Conn.Write(p)
	}
	c.pending = append(c.pending, p...)
	if !c.handshook {
		end := bytes.Index(c.pending, []byte("\r\n\r\n"))
		if end < 0 {
			return len(p), nil
		}
		if _, err := c.Conn.Write(c.pending[:end+4]); err != nil {
			return 0, err
		}
		c.handshook = true
		c.pending = c.pending[end+4:]
	}
	for len(c.pending) > 0 && !c.done {
		n, out, text, ok := nextFrame(c.pending)
		if !ok {
			return len(p), nil // wait for the rest of the frame
		}
		if out == nil {
			out = c.pending[:n]
		}
		if _, err := c.Conn.Write(out); err != nil {
			return 0, err
		}
		c.pending = c.pending[n:]
		c.done = text
	}
	if c.done && len(c.pending) > 0 {
		rest := c.pending
		c.pending = nil
		if _, err := c.Conn.Write(rest); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// nextFrame reads the client frame at the start of b: its length n, its
// replacement out (nil: send it as it is), and whether it is a complete
// text frame (the first payload, which ends the watch). ok is false while
// b holds only part of the frame.
func nextFrame(b []byte) (n int, out []byte, text, ok bool) {
	if len(b) < 2 {
		return 0, nil, false, false
	}
	fin, opcode := b[0]&0x80 != 0, b[0]&0x0f
	masked := b[1]&0x80 != 0
	size, hdr := uint64(b[1]&0x7f), 2
	switch size {
	case 126:
		if len(b) < 4 {
			return 0, nil, false, false
		}
		size, hdr = uint64(binary.BigEndian.Uint16(b[2:4])), 4
	case 127:
		if len(b) < 10 {
			return 0, nil, false, false
		}
		size, hdr = binary.BigEndian.Uint64(b[2:10]), 10
	}
	var key []byte
	if masked {
		if len(b) < hdr+4 {
			return 0, nil, false, false
		}
		key, hdr = b[hdr:hdr+4], hdr+4
	}
	if uint64(len(b)-hdr) < size {
		return 0, nil, false, false
	}
	n = hdr + int(size)
	if opcode != websocket.TextMessage || !fin {
		return n, nil, false, true
	}
	payload := bytes.Clone(b[hdr:n])
	mask(payload, key)
	if rewritten := rewriteIdentify(payload); rewritten != nil {
		return n, frame(b[0], key, rewritten), true, true
	}
	return n, nil, true, true
}

// frame builds a client frame with the first byte b0, masked with key
// (none when key is nil).
func frame(b0 byte, key, payload []byte) []byte {
	var out []byte
	maskBit := byte(0)
	if key != nil {
		maskBit = 0x80
	}
	switch n := len(payload); {
	case n < 126:
		out = []byte{b0, maskBit | byte(n)}
	case n <= 0xffff:
		out = []byte{b0, maskBit | 126, 0, 0}
		binary.BigEndian.PutUint16(out[2:], uint16(n))
	default:
		out = make([]byte, 10)
		out[0], out[1] = b0, maskBit|127
		binary.BigEndian.PutUint64(out[2:], uint64(n))
	}
	out = append(out, key...)
	body := bytes.Clone(payload)
	mask(body, key)
	return append(out, body...)
}

// mask applies (or removes) a websocket mask in place.
func mask(b, key []byte) {
	if len(key) != 4 {
		return
	}
	for i := range b {
		b[i] ^= key[i%4]
	}
}
