package discordtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// gwConn is one gateway session.
type gwConn struct {
	c     *websocket.Conn
	wmu   sync.Mutex // one writer at a time
	seq   int64      // guarded by wmu
	ready bool       // guarded by Server.mu
	once  sync.Once
}

type gwPayload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

// send writes one gateway payload; dispatches (op 0) get the next
// sequence number.
func (g *gwConn) send(op int, typ string, d any) error {
	g.wmu.Lock()
	defer g.wmu.Unlock()
	raw, err := json.Marshal(d)
	if err != nil {
		return err
	}
	p := gwPayload{Op: op, D: raw, T: typ}
	if op == 0 {
		g.seq++
		seq := g.seq
		p.S = &seq
	}
	_ = g.c.SetWriteDeadline(time.Now().Add(5 * time.Second))
	return g.c.WriteJSON(p)
}

func (g *gwConn) close() {
	g.once.Do(func() {
		g.wmu.Lock()
		_ = g.c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseGoingAway, "fake shutting down"), time.Now().Add(time.Second))
		g.wmu.Unlock()
		_ = g.c.Close()
	})
}

// serveGateway runs one gateway session: HELLO, then IDENTIFY (or RESUME)
// answered with READY (or RESUMED), heartbeats answered with ACKs, and
// whatever the server dispatches.
func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		http.Error(w, "closed", http.StatusServiceUnavailable)
		return
	}
	s.gwWG.Add(1)
	s.mu.Unlock()
	defer s.gwWG.Done()

	if v := r.URL.Query().Get("v"); v != "10" {
		s.violate("gateway connection with ?v=%s, want API v10", v)
	}
	c, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	g := &gwConn{c: c}
	s.mu.Lock()
	s.conns[g] = struct{}{}
	closed := s.closed
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.conns, g)
		s.notify()
		s.mu.Unlock()
		g.close()
	}()
	if closed {
		return
	}
	if err := g.send(10, "", map[string]any{"heartbeat_interval": s.HeartbeatInterval.Milliseconds()}); err != nil {
		return
	}
	for {
		_, data, err := c.ReadMessage()
		if err != nil {
			return
		}
		var p gwPayload
		if json.Unmarshal(data, &p) != nil {
			_ = c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4002, "Error while decoding payload."), time.Now().Add(time.Second))
			return
		}
		switch p.Op {
		case 1: // heartbeat
			if g.send(11, "", nil) != nil {
				return
			}
		case 2: // identify
			id, err := checkIdentify(p.D)
			if err != nil {
				s.violate("gateway IDENTIFY: %v", err)
				_ = c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4002, "Error while decoding payload."), time.Now().Add(time.Second))
				return
			}
			if s.Token != "" && strings.TrimPrefix(id.Token, "Bot ") != s.Token {
				_ = c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."), time.Now().Add(time.Second))
				return
			}
			s.mu.Lock()
			s.identifies = append(s.identifies, id)
			s.mu.Unlock()
			if g.send(0, "READY", s.readyPayload()) != nil {
				return
			}
			s.mu.Lock()
			g.ready = true
			s.notify()
			s.mu.Unlock()
		case 6: // resume
			if g.send(0, "RESUMED", map[string]any{}) != nil {
				return
			}
			s.mu.Lock()
			g.ready = true
			s.notify()
			s.mu.Unlock()
		}
	}
}

func (s *Server) wsURL() string { return "ws" + strings.TrimPrefix(s.URL, "http") + "/ws" }

func (s *Server) readyPayload() map[string]any {
	return map[string]any{
		"v": 10,
		"user": map[string]any{
			"id": s.AppID, "username": "Mancala", "global_name": nil, "discriminator": "0",
			"avatar": nil, "bot": true, "verified": true, "flags": 0, "mfa_enabled": false,
		},
		"guilds":             []any{map[string]any{"id": s.GuildID, "unavailable": true}},
		"private_channels":   []any{},
		"session_id":         "fake-session-" + s.AppID,
		"session_type":       "normal",
		"resume_gateway_url": s.wsURL(),
		"shard":              []int{0, 1},
		"application":        map[string]any{"id": s.AppID, "flags": 0},
	}
}

// Connected reports whether a bot has identified on the gateway.
func (s *Server) Connected() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.conns {
		if c.ready {
			return true
		}
	}
	return false
}

// WaitConnected waits until a bot has identified on the gateway.
func (s *Server) WaitConnected(tb testing.TB) {
	tb.Helper()
	s.WaitFor(tb, "a gateway session", s.Connected)
}

// dispatch sends an event to every ready session; it reports how many got
// it.
func (s *Server) dispatch(typ string, d any) int {
	s.mu.Lock()
	var conns []*gwConn
	for c := range s.conns {
		if c.ready {
			conns = append(conns, c)
		}
	}
	s.mu.Unlock()
	n := 0
	for _, c := range conns {
		if c.send(0, typ, d) == nil {
			n++
		}
	}
	return n
}

// checkIdentify reads an IDENTIFY's data and applies Discord's rules
// (events/gateway-events.mdx, Identify and Gateway Presence Update): the
// documented fields only; properties os, browser and device (the "$os"
// names are deprecated); large_threshold 50 to 250; a presence, when
// sent, with since, an activities array, a status among online, dnd,
// idle, invisible and offline, and afk.
func checkIdentify(raw json.RawMessage) (Identify, error) {
	var d map[string]json.RawMessage
	if err := json.Unmarshal(raw, &d); err != nil {
		return Identify{}, fmt.Errorf("not an object: %v", err)
	}
	known := map[string]bool{"token": true, "properties": true, "compress": true, "large_threshold": true, "shard": true, "presence": true, "intents": true}
	for k := range d {
		if !known[k] {
			return Identify{}, fmt.Errorf("unknown field %q", k)
		}
	}
	var id struct {
		Token          string           `json:"token"`
		Intents        *int             `json:"intents"`
		LargeThreshold *int             `json:"large_threshold"`
		Properties     map[string]any   `json:"properties"`
		Presence       *json.RawMessage `json:"presence"`
	}
	if err := json.Unmarshal(raw, &id); err != nil {
		return Identify{}, err
	}
	out := Identify{Token: id.Token}
	switch {
	case id.Token == "":
		return out, errors.New("no token")
	case id.Intents == nil:
		return out, errors.New("no intents")
	case id.Properties == nil:
		return out, errors.New("no properties")
	case id.LargeThreshold != nil && (*id.LargeThreshold < 50 || *id.LargeThreshold > 250):
		return out, fmt.Errorf("large_threshold %d, want 50 to 250", *id.LargeThreshold)
	}
	out.Intents = *id.Intents
	for k, v := range id.Properties {
		str, ok := v.(string)
		switch {
		case k != "os" && k != "browser" && k != "device":
			return out, fmt.Errorf("properties: field %q (the documented ones are os, browser, device; \"$os\" and the like are deprecated)", k)
		case !ok:
			return out, fmt.Errorf("properties.%s is not a string", k)
		}
		switch k {
		case "os":
			out.OS = str
		case "browser":
			out.Browser = str
		case "device":
			out.Device = str
		}
	}
	for _, k := range []string{"os", "browser", "device"} {
		if _, ok := id.Properties[k]; !ok {
			return out, fmt.Errorf("properties.%s missing", k)
		}
	}
	if id.Presence != nil && string(*id.Presence) != "null" {
		var p map[string]json.RawMessage
		if err := json.Unmarshal(*id.Presence, &p); err != nil {
			return out, fmt.Errorf("presence: %v", err)
		}
		for k := range p {
			if k != "since" && k != "activities" && k != "status" && k != "afk" {
				return out, fmt.Errorf("presence: unknown field %q", k)
			}
		}
		var pr struct {
			Activities *[]any  `json:"activities"`
			Status     *string `json:"status"`
			AFK        *bool   `json:"afk"`
		}
		if err := json.Unmarshal(*id.Presence, &pr); err != nil {
			return out, fmt.Errorf("presence: %v", err)
		}
		switch {
		case p["since"] == nil:
			return out, errors.New("presence.since missing (null when not idle)")
		case pr.Activities == nil:
			return out, errors.New("presence.activities missing (an array, empty for none)")
		case pr.AFK == nil:
			return out, errors.New("presence.afk missing")
		case pr.Status == nil:
			return out, errors.New("presence.status missing")
		}
		switch *pr.Status {
		case "online", "dnd", "idle", "invisible", "offline":
			out.Status = *pr.Status
		default:
			return out, fmt.Errorf("presence.status %q, want online, dnd, idle, invisible or offline", *pr.Status)
		}
	}
	return out, nil
}
