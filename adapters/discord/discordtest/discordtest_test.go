package discordtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

var (
	alice = User{ID: "1180000000000000201", Username: "alice", GlobalName: "Alice"}
	bob   = User{ID: "1180000000000000202", Username: "bob", GlobalName: "Bob"}
)

// bot is a minimal gateway client: it identifies and reads dispatches.
type bot struct {
	t *testing.T
	c *websocket.Conn
}

func connect(t *testing.T, s *Server) *bot {
	t.Helper()
	c, _, err := websocket.DefaultDialer.Dial(s.wsURL()+"/?v=10&encoding=json", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	b := &bot{t: t, c: c}
	if p := b.read(); p.Op != 10 {
		t.Fatalf("first payload op %d, want HELLO", p.Op)
	}
	if err := c.WriteJSON(map[string]any{"op": 2, "d": goodIdentify(s)}); err != nil {
		t.Fatal(err)
	}
	if p := b.read(); p.T != "READY" || p.S == nil || *p.S != 1 {
		t.Fatalf("after IDENTIFY: %+v", p)
	}
	if err := c.WriteJSON(map[string]any{"op": 1, "d": 1}); err != nil {
		t.Fatal(err)
	}
	if p := b.read(); p.Op != 11 {
		t.Fatalf("heartbeat answered with op %d, want 11", p.Op)
	}
	return b
}

func (b *bot) read() gwPayload {
	b.t.Helper()
	_ = b.c.SetReadDeadline(time.Now().Add(5 * time.Second))
	var p gwPayload
	if err := b.c.ReadJSON(&p); err != nil {
		b.t.Fatal(err)
	}
	return p
}

func post(t *testing.T, method, url, contentType string, body []byte) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(method, url, bytes.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Authorization", "Bot "+DefaultToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return resp.StatusCode, out
}

// multipartBody is a payload_json part and files, as discordgo sends them.
func multipartBody(t *testing.T, payload string, files ...string) (string, []byte) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	p, _ := w.CreateFormField("payload_json")
	io.WriteString(p, payload)
	for i, name := range files {
		f, _ := w.CreateFormFile(fmt.Sprintf("files[%d]", i), name)
		io.WriteString(f, "png of "+name)
	}
	w.Close()
	return w.FormDataContentType(), b.Bytes()
}

// keys lists the keys of a JSON object, recursively, as paths.
func keys(prefix string, v any, out map[string]bool) {
	m, ok := v.(map[string]any)
	if !ok {
		if a, ok := v.([]any); ok && len(a) > 0 {
			keys(prefix+"[]", a[0], out)
		}
		return
	}
	for k, x := range m {
		p := prefix + "." + k
		if prefix == ".data.resolved.users" || prefix == ".data.resolved.members" {
			p = prefix + ".ID" // keyed by user id
		}
		out[p] = true
		keys(p, x, out)
	}
}

// The INTERACTION_CREATE payloads the fake sends have every field of the
// real payloads in ../testdata.
func TestPayloadsMatchFixtures(t *testing.T) {
	s := New(t)
	b := connect(t, s)

	s.SlashCommand("1180000000000000300", alice, "ru", "new", Opt("variant", "kalah"), Opt("opponent", bob), Opt("options", "seeds=5"))
	gotCmd := b.read()
	s.PressButton("1180000000000000300", bob, "da", "1180000000000000700", "m:7:12:3")
	gotBtn := b.read()
	for _, tt := range []struct {
		fixture string
		got     gwPayload
	}{{"command_new_opponent.json", gotCmd}, {"component_button.json", gotBtn}} {
		if tt.got.T != "INTERACTION_CREATE" {
			t.Fatalf("dispatch %s", tt.got.T)
		}
		raw, err := os.ReadFile(filepath.Join("..", "testdata", tt.fixture))
		if err != nil {
			t.Fatal(err)
		}
		var want, got any
		_ = json.Unmarshal(raw, &want)
		_ = json.Unmarshal(tt.got.D, &got)
		wk, gk := map[string]bool{}, map[string]bool{}
		keys("", want, wk)
		keys("", got, gk)
		var missing []string
		for k := range wk {
			// The pressed message of the fixture is richer than the fake's
			// (it was never posted to the fake).
			if !gk[k] && !strings.HasPrefix(k, ".message.") {
				missing = append(missing, k)
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s: the fake's payload lacks %q", tt.fixture, missing)
		}
	}
}

func goodIdentify(s *Server) map[string]any {
	return map[string]any{
		"token": "Bot " + s.Token, "intents": 0, "large_threshold": 250, "compress": false,
		"properties": map[string]any{"os": "linux", "browser": "mancala", "device": "mancala"},
		"presence":   map[string]any{"since": nil, "activities": []any{}, "status": "online", "afk": false},
	}
}

// Discord's API v10 keeps a message's attachments on edit unless the edit
// lists the ones to keep, and adds only the new files it lists ("Editing
// Message Attachments"); the fake does the same, and refuses an edit that
// uploads a file it does not list (it would not show).
func TestEditAttachments(t *testing.T) {
	s := New(t)
	ct, body := multipartBody(t, `{"content":"board 1"}`, "board-1.png")
	status, msg := post(t, "POST", s.URL+"/api/v10/channels/42/messages", ct, body)
	if status != 200 {
		t.Fatalf("post: %d %v", status, msg)
	}
	id := msg["id"].(string)
	edit := s.URL + "/api/v10/channels/42/messages/" + id

	ct, body = multipartBody(t, `{"content":"board 2","attachments":[]}`, "board-2.png")
	status, errBody := post(t, "PATCH", edit, ct, body)
	m, _ := s.Message(id)
	if status != 400 || errBody["code"] != float64(codeInvalidFormBody) || len(m.Files) != 1 || m.Files[0].Name != "board-1.png" || m.Edits != 0 {
		t.Errorf("edit uploading a file not listed: %d %v, message %+v; want 400 and the message unchanged", status, errBody, m)
	}
	if v := s.TakeViolations(); len(v) != 1 || !strings.Contains(v[0], "files[0] is uploaded but attachments does not list id 0") {
		t.Errorf("violations %q", v)
	}

	ct, body = multipartBody(t, `{"content":"board 2","attachments":[{"id":"0","filename":"board-2.png"}]}`, "board-2.png")
	post(t, "PATCH", edit, ct, body)
	m, _ = s.Message(id)
	if len(m.Files) != 1 || m.Files[0].Name != "board-2.png" || string(m.Files[0].Data) != "png of board-2.png" || m.Content != "board 2" || m.Edits != 1 {
		t.Errorf("edit listing the new file only: %+v, want that file alone", m)
	}
	old := m.Files[0].ID
	ct, body = multipartBody(t, `{"attachments":[{"id":"`+old+`"},{"id":"0","filename":"board-3.png"}]}`, "board-3.png")
	post(t, "PATCH", edit, ct, body)
	m, _ = s.Message(id)
	if len(m.Files) != 2 || m.Files[0].ID != old || m.Files[1].Name != "board-3.png" || m.Content != "board 2" {
		t.Errorf("edit keeping the old file and adding one: %+v", m)
	}

	status, errBody = post(t, "POST", s.URL+"/api/v10/channels/42/messages", "application/json", []byte(`{"content":"`+strings.Repeat("я", 2001)+`"}`))
	if status != 400 || errBody["code"] != float64(codeInvalidFormBody) {
		t.Errorf("2001 characters: %d %v", status, errBody)
	}
	status, _ = post(t, "POST", s.URL+"/api/v10/channels/42/messages", "application/json", []byte(`{"content":"x","components":[{"type":1,"components":[]}]}`))
	if status != 400 {
		t.Errorf("an empty action row: %d", status)
	}
	if v := s.TakeViolations(); len(v) != 2 {
		t.Errorf("violations %q, want the two refusals", v)
	}
}

// What Discord's specification refuses, the fake refuses, and counts as a
// violation: another API version than v10, a field no schema has (tts on
// an update-message response, url on an attachment), a missing required
// field, a value out of its range; what it accepts passes.
func TestSpecificationRefusals(t *testing.T) {
	s := New(t)
	b := connect(t, s)
	status, msg := post(t, "POST", s.URL+"/api/v10/channels/1180000000000000300/messages", "application/json",
		[]byte(`{"content":"board","components":[{"type":1,"components":[{"type":2,"style":2,"custom_id":"m:7:12:3","label":"3"}]}]}`))
	if status != 200 {
		t.Fatalf("post: %d %v", status, msg)
	}
	ix := s.PressButton("1180000000000000300", bob, "da", msg["id"].(string), "m:7:12:3")
	b.read()
	callback := s.URL + "/api/v10/interactions/" + ix.ID + "/" + ix.Token + "/callback"
	for _, tt := range []struct {
		name, method, url, body, want string
	}{
		{"API v9", "POST", s.URL + "/api/v9/channels/42/messages", `{"content":"hi"}`, "not API v10"},
		{"no version", "POST", s.URL + "/api/channels/42/messages", `{"content":"hi"}`, "not API v10"},
		{"tts on type 7", "POST", callback, `{"type":7,"data":{"content":"x","tts":false}}`, "body.data.tts: unknown field"},
		{"unknown field", "POST", s.URL + "/api/v10/channels/42/messages", `{"content":"hi","colour":3}`, "body.colour: unknown field"},
		{"attachment fields of a response", "PATCH", s.URL + "/api/v10/channels/42/messages/1", `{"attachments":[{"id":"0","filename":"a.png","url":""}]}`, "body.attachments[0].url: unknown field"},
		{"attachment without id", "PATCH", s.URL + "/api/v10/channels/42/messages/1", `{"attachments":[{"filename":"a.png"}]}`, `required field "id" missing`},
		{"callback type", "POST", callback, `{"type":99}`, "body.type: 99 is not one of"},
		{"launch activity with data", "POST", callback, `{"type":12,"data":{"content":"x"}}`, "data"},
		{"launch activity with empty data", "POST", callback, `{"type":12,"data":{}}`, "data"},
		{"button label", "POST", s.URL + "/api/v10/channels/42/messages", `{"components":[{"type":1,"components":[{"type":2,"style":2,"custom_id":"x","label":"` + strings.Repeat("x", 81) + `"}]}]}`, "label: 81 characters, at most 80"},
		{"link button with custom_id", "POST", s.URL + "/api/v10/channels/42/messages", `{"components":[{"type":1,"components":[{"type":2,"style":5,"custom_id":"x","url":"https://example.com/g/a","label":"page"}]}]}`, "a link button has no custom_id"},
		{"link button without url", "POST", s.URL + "/api/v10/channels/42/messages", `{"components":[{"type":1,"components":[{"type":2,"style":5,"label":"page"}]}]}`, "link button without url"},
		{"link button to a path", "POST", s.URL + "/api/v10/channels/42/messages", `{"components":[{"type":1,"components":[{"type":2,"style":5,"url":"/g/a","label":"page"}]}]}`, "not an http(s) URL"},
		{"url on a button", "POST", s.URL + "/api/v10/channels/42/messages", `{"components":[{"type":1,"components":[{"type":2,"style":2,"custom_id":"x","url":"https://example.com/","label":"3"}]}]}`, "only a link button"},
		{"parse and users", "POST", s.URL + "/api/v10/channels/42/messages", `{"content":"hi","allowed_mentions":{"parse":["users"],"users":["1"]}}`, "mutually exclusive"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, _ := post(t, tt.method, tt.url, "application/json", []byte(tt.body))
			v := s.TakeViolations()
			if status != 400 || len(v) != 1 || !strings.Contains(v[0], tt.want) {
				t.Errorf("%s: %d, violations %q; want 400 and one violation saying %q", tt.body, status, v, tt.want)
			}
		})
	}
	status, msg = post(t, "POST", s.URL+"/api/v10/channels/1180000000000000300/messages", "application/json",
		[]byte(`{"content":"board","components":[{"type":1,"components":[{"type":2,"style":2,"custom_id":"m:7:12:4","label":"4"},{"type":2,"style":5,"url":"https://example.com/g/a","label":"page"}]}]}`))
	if v := s.TakeViolations(); status != 200 || len(v) != 0 {
		t.Errorf("a link button beside a button: %d %v %q", status, msg, v)
	} else if rows, _ := msg["components"].([]any); len(rows) != 1 || !strings.Contains(fmt.Sprint(rows[0]), "url:https://example.com/g/a") {
		t.Errorf("the link button is not in the message: %v", msg["components"])
	}
	status, _ = post(t, "POST", callback, "application/json", []byte(`{"type":7,"data":{"content":"x","components":[],"attachments":[],"allowed_mentions":{"parse":[],"users":["1"]}}}`))
	if v := s.TakeViolations(); status != 204 || len(v) != 0 {
		t.Errorf("a valid update: %d %q", status, v)
	}

	// LAUNCH_ACTIVITY, {"type":12} alone, answers a button press and a
	// command.
	for _, ix := range []*Interaction{
		s.PressButton("1180000000000000300", bob, "da", msg["id"].(string), "o:page"),
		s.SlashCommand("1180000000000000300", bob, "da", "board"),
	} {
		b.read()
		status, _ = post(t, "POST", s.URL+"/api/v10/interactions/"+ix.ID+"/"+ix.Token+"/callback", "application/json", []byte(`{"type":12}`))
		if v := s.TakeViolations(); status != 204 || len(v) != 0 {
			t.Errorf("LAUNCH_ACTIVITY to an interaction of type %d: %d %q", ix.Type, status, v)
		}
		if out := ix.WaitOp(t, OpLaunchActivity); out.MessageID != "" {
			t.Errorf("LAUNCH_ACTIVITY made a message: %+v", out)
		}
	}
}

// The gateway refuses an IDENTIFY that breaks Discord's documented
// rules: deprecated "$os" property names, a presence without activities
// or with an empty status.
func TestIdentifyRefusals(t *testing.T) {
	s := New(t)
	for _, tt := range []struct {
		name   string
		change func(d map[string]any)
		want   string
	}{
		{"$os", func(d map[string]any) {
			d["properties"] = map[string]any{"$os": "linux", "$browser": "DiscordGo v0.29.0", "$device": ""}
		}, `properties: field "$`},
		{"no activities", func(d map[string]any) {
			d["presence"] = map[string]any{"since": 0, "game": map[string]any{"name": ""}, "status": "", "afk": false}
		}, `presence: unknown field "game"`},
		{"empty status", func(d map[string]any) {
			d["presence"] = map[string]any{"since": 0, "activities": []any{}, "status": "", "afk": false}
		}, `presence.status ""`},
		{"large threshold", func(d map[string]any) { d["large_threshold"] = 300 }, "large_threshold 300"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, _, err := websocket.DefaultDialer.Dial(s.wsURL()+"/?v=10&encoding=json", nil)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			var hello gwPayload
			if err := c.ReadJSON(&hello); err != nil || hello.Op != 10 {
				t.Fatalf("hello %+v %v", hello, err)
			}
			d := goodIdentify(s)
			tt.change(d)
			if err := c.WriteJSON(map[string]any{"op": 2, "d": d}); err != nil {
				t.Fatal(err)
			}
			var p gwPayload
			err = c.ReadJSON(&p)
			var ce *websocket.CloseError
			if !errors.As(err, &ce) || ce.Code != 4002 {
				t.Errorf("after the IDENTIFY: %+v %v, want close 4002", p, err)
			}
			if v := s.TakeViolations(); len(v) != 1 || !strings.Contains(v[0], tt.want) {
				t.Errorf("violations %q, want one saying %q", v, tt.want)
			}
		})
	}
	if n := len(s.Identifies()); n != 0 {
		t.Errorf("%d identifies accepted", n)
	}
	connect(t, s)
	if ids := s.Identifies(); len(ids) != 1 || ids[0].OS != "linux" || ids[0].Status != "online" {
		t.Errorf("the good IDENTIFY: %+v", ids)
	}
}

// Every answer carries its bucket's X-RateLimit headers; a request that
// comes while the bucket is empty is answered 429 and counted as a
// violation; after the reset the bucket is full again.
func TestRateLimitBuckets(t *testing.T) {
	s := New(t)
	s.SetRateLimit(2, 300*time.Millisecond, RouteChannelMessages, RouteChannelDelete)
	send := func(method, path string) *http.Response {
		req, _ := http.NewRequest(method, s.URL+"/api/v10"+path, strings.NewReader(`{"content":"hi"}`))
		req.Header.Set("Authorization", "Bot "+s.Token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	first := send("POST", "/channels/42/messages")
	other := send("POST", "/channels/43/messages") // another channel: another bucket
	second := send("DELETE", "/channels/42/messages/1")
	if first.Header.Get("X-RateLimit-Remaining") != "1" || other.Header.Get("X-RateLimit-Remaining") != "1" ||
		second.Header.Get("X-RateLimit-Remaining") != "0" || first.Header.Get("X-RateLimit-Bucket") != second.Header.Get("X-RateLimit-Bucket") {
		t.Fatalf("headers %v / %v / %v", first.Header, other.Header, second.Header)
	}
	resetAfter, _ := strconv.ParseFloat(second.Header.Get("X-RateLimit-Reset-After"), 64)
	if resetAfter <= 0 || resetAfter > 0.3 {
		t.Errorf("X-RateLimit-Reset-After %v", resetAfter)
	}
	if s.TakeViolations() != nil {
		t.Fatal("violations before the bucket was empty")
	}
	if third := send("POST", "/channels/42/messages"); third.StatusCode != 429 {
		t.Errorf("into the empty bucket: %d, want 429", third.StatusCode)
	}
	if v := s.TakeViolations(); len(v) != 1 || !strings.Contains(v[0], "exhausted rate-limit bucket") {
		t.Errorf("violations %q", v)
	}
	time.Sleep(time.Duration(resetAfter*1000)*time.Millisecond + 10*time.Millisecond) // the reset the header announced
	if after := send("POST", "/channels/42/messages"); after.StatusCode != 200 || after.Header.Get("X-RateLimit-Remaining") != "1" {
		t.Errorf("after the reset: %d %v", after.StatusCode, after.Header)
	}
}

// The first response must come within the deadline, and only once.
func TestInteractionResponses(t *testing.T) {
	s := New(t)
	s.Deadline = 100 * time.Millisecond
	b := connect(t, s)

	ix := s.SlashCommand("1", alice, "en-US", "help")
	b.read()
	url := s.URL + "/api/v10/interactions/" + ix.ID + "/" + ix.Token + "/callback"
	status, _ := post(t, "POST", url, "application/json", []byte(`{"type":4,"data":{"content":"hi","flags":64}}`))
	if status != 204 {
		t.Fatalf("response: %d", status)
	}
	status, body := post(t, "POST", url, "application/json", []byte(`{"type":4,"data":{"content":"again"}}`))
	if status != 400 || body["code"] != float64(codeAlreadyAcknowledged) {
		t.Errorf("second response: %d %v", status, body)
	}
	if out := ix.Wait(t); out.Op != OpReply || !out.Message.Ephemeral || out.Message.Content != "hi" {
		t.Errorf("output %+v", out)
	}

	late := s.SlashCommand("1", alice, "en-US", "help")
	b.read()
	time.Sleep(150 * time.Millisecond)
	status, body = post(t, "POST", s.URL+"/api/v10/interactions/"+late.ID+"/"+late.Token+"/callback", "application/json", []byte(`{"type":5}`))
	if status != 404 || body["code"] != float64(codeUnknownInteraction) {
		t.Errorf("late response: %d %v", status, body)
	}

	s.RateLimit(RouteCallback, 1, 250*time.Millisecond)
	rl := s.SlashCommand("1", alice, "en-US", "help")
	b.read()
	req, _ := http.NewRequest("POST", s.URL+"/api/v10/interactions/"+rl.ID+"/"+rl.Token+"/callback", strings.NewReader(`{"type":5}`))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") != "1" || resp.Header.Get("X-RateLimit-Reset-After") != "0.250" {
		t.Errorf("rate limited: %d, headers %v", resp.StatusCode, resp.Header)
	}
	if rs := s.RequestsTo(RouteCallback); len(rs) != 4 || rs[3].Status != 429 {
		t.Errorf("requests %+v", rs)
	}
	if v := s.TakeViolations(); len(v) != 0 {
		t.Errorf("violations %q", v)
	}
}

// Commands are recorded per registration, and checked against Discord's
// naming rules.
func TestCommandRegistration(t *testing.T) {
	s := New(t)
	base := s.URL + "/api/v10/applications/" + s.AppID
	status, _ := post(t, "PUT", base+"/guilds/7/commands", "application/json",
		[]byte(`[{"name":"new","description":"Start","name_localizations":{"ru":"новая"}},{"name":"move","description":"Move"}]`))
	if status != 200 {
		t.Fatalf("PUT: %d", status)
	}
	status, _ = post(t, "POST", base+"/guilds/7/commands", "application/json", []byte(`{"name":"move","description":"Sow"}`))
	if status != 201 {
		t.Fatalf("POST: %d", status)
	}
	sets := s.Commands()
	if len(sets) != 2 || sets[1].Guild != "7" || len(sets[1].Commands) != 2 || sets[1].Commands[1].Description != "Sow" {
		t.Fatalf("sets %+v", sets)
	}
	for _, bad := range []string{
		`[{"name":"New","description":"x"}]`,
		`[{"name":"new","description":""}]`,
		`[{"name":"new","description":"x","name_localizations":{"ru":"Новая"}}]`,
		`[{"name":"new","description":"x","name_localizations":{"xx":"new"}}]`,
		`[{"name":"new game","description":"x"}]`,
	} {
		if status, _ := post(t, "PUT", base+"/commands", "application/json", []byte(bad)); status != 400 {
			t.Errorf("%s: %d, want 400", bad, status)
		}
		if v := s.TakeViolations(); len(v) != 1 {
			t.Errorf("%s: violations %q, want one", bad, v)
		}
	}
}
