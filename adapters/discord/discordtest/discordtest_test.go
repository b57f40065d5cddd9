package discordtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"sort"
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
	c, _, err := websocket.DefaultDialer.Dial(s.wsURL()+"/?v=9&encoding=json", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	b := &bot{t: t, c: c}
	if p := b.read(); p.Op != 10 {
		t.Fatalf("first payload op %d, want HELLO", p.Op)
	}
	if err := c.WriteJSON(map[string]any{"op": 2, "d": map[string]any{"token": "Bot " + s.Token, "intents": 0}}); err != nil {
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

// Discord's API v9 keeps a message's attachments on edit unless the edit
// lists the ones to keep; the fake does the same.
func TestEditAttachments(t *testing.T) {
	s := New(t)
	ct, body := multipartBody(t, `{"content":"board 1"}`, "board-1.png")
	status, msg := post(t, "POST", s.URL+"/api/v9/channels/42/messages", ct, body)
	if status != 200 {
		t.Fatalf("post: %d %v", status, msg)
	}
	id := msg["id"].(string)
	edit := s.URL + "/api/v9/channels/42/messages/" + id

	ct, body = multipartBody(t, `{"content":"board 2"}`, "board-2.png")
	post(t, "PATCH", edit, ct, body)
	m, _ := s.Message(id)
	if len(m.Files) != 2 || m.Content != "board 2" || m.Edits != 1 {
		t.Errorf("edit without attachments: %d files (%+v), want the old and the new", len(m.Files), m)
	}
	ct, body = multipartBody(t, `{"attachments":[],"components":[]}`, "board-3.png")
	post(t, "PATCH", edit, ct, body)
	m, _ = s.Message(id)
	if len(m.Files) != 1 || m.Files[0].Name != "board-3.png" || string(m.Files[0].Data) != "png of board-3.png" || m.Content != "board 2" {
		t.Errorf("edit with attachments []: %+v, want the new file only and the old text", m)
	}

	status, errBody := post(t, "POST", s.URL+"/api/v9/channels/42/messages", "application/json", []byte(`{"content":"`+strings.Repeat("я", 2001)+`"}`))
	if status != 400 || errBody["code"] != float64(codeInvalidFormBody) {
		t.Errorf("2001 characters: %d %v", status, errBody)
	}
	status, _ = post(t, "POST", s.URL+"/api/v9/channels/42/messages", "application/json", []byte(`{"content":"x","components":[{"type":1,"components":[]}]}`))
	if status != 400 {
		t.Errorf("an empty action row: %d", status)
	}
}

// The first response must come within the deadline, and only once.
func TestInteractionResponses(t *testing.T) {
	s := New(t)
	s.Deadline = 100 * time.Millisecond
	b := connect(t, s)

	ix := s.SlashCommand("1", alice, "en-US", "help")
	b.read()
	url := s.URL + "/api/v9/interactions/" + ix.ID + "/" + ix.Token + "/callback"
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
	status, body = post(t, "POST", s.URL+"/api/v9/interactions/"+late.ID+"/"+late.Token+"/callback", "application/json", []byte(`{"type":5}`))
	if status != 404 || body["code"] != float64(codeUnknownInteraction) {
		t.Errorf("late response: %d %v", status, body)
	}

	s.RateLimit(RouteCallback, 1, 250*time.Millisecond)
	rl := s.SlashCommand("1", alice, "en-US", "help")
	b.read()
	req, _ := http.NewRequest("POST", s.URL+"/api/v9/interactions/"+rl.ID+"/"+rl.Token+"/callback", strings.NewReader(`{"type":5}`))
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
}

// Commands are recorded per registration, and checked against Discord's
// naming rules.
func TestCommandRegistration(t *testing.T) {
	s := New(t)
	base := s.URL + "/api/v9/applications/" + s.AppID
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
	}
}
