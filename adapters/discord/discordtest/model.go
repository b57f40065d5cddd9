package discordtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
)

// Message is a message in a channel, as the fake keeps it.
type Message struct {
	ID        string
	ChannelID string
	Content   string
	Files     []File
	// Rows are the action rows of buttons under the message.
	Rows [][]Button
	// Ephemeral messages are seen only by the user who interacted.
	Ephemeral bool
	// Deferred is a "thinking…" message (an interaction deferred with type
	// 5) that has not been given its content yet.
	Deferred bool
	// Interaction is the id of the interaction whose response or
	// follow-up created the message; "" for a channel message.
	Interaction string
	// Ping lists the user ids the message may notify (its allowed
	// mentions); PingParse lists the allowed mention types ("users",
	// "roles", "everyone").
	Ping      []string
	PingParse []string
	// Edits counts the edits since the message was created.
	Edits   int
	Deleted bool
}

// File is an attachment.
type File struct {
	ID          string
	Name        string
	ContentType string
	Data        []byte

	part int // n of its files[n] part in the request
}

// Button is a button under a message.
type Button struct {
	Style    int
	Label    string
	CustomID string
	Disabled bool
	// URL is a link button's (style 5) address.
	URL string
}

// Buttons returns the message's buttons, row after row.
func (m Message) Buttons() []Button {
	var out []Button
	for _, r := range m.Rows {
		out = append(out, r...)
	}
	return out
}

// Button returns the button with the label, if any. A label may also be
// named by the symbol it starts with: "✔" finds "✔ Accept".
func (m Message) Button(label string) (Button, bool) {
	for _, b := range m.Buttons() {
		if b.Label == label || strings.HasPrefix(b.Label, label+" ") {
			return b, true
		}
	}
	return Button{}, false
}

func (m *Message) snapshot() Message {
	c := *m
	c.Files = append([]File(nil), m.Files...)
	c.Rows = make([][]Button, len(m.Rows))
	for i, r := range m.Rows {
		c.Rows[i] = append([]Button(nil), r...)
	}
	c.Ping = append([]string(nil), m.Ping...)
	c.PingParse = append([]string(nil), m.PingParse...)
	return c
}

// Response is an interaction response (callback) as the bot sent it.
type Response struct {
	InteractionID string
	// Type is the response type: 4 message, 5 deferred message, 6
	// deferred update, 7 update message, 12 launch the Activity.
	Type int
	// Payload is the response's data (content, files, buttons, flags).
	Payload Payload
	At      time.Time
}

// Payload is a message body the bot sent: in an interaction response, an
// edit, a follow-up or a channel message.
type Payload struct {
	// Content is nil when the field was absent (an edit keeps the text).
	Content *string
	// Rows is nil when "components" was absent or null (an edit keeps the
	// buttons); an empty, non-nil slice removes them.
	Rows [][]Button
	// KeepAttachments lists the ids in "attachments" (old attachments
	// kept, and "n" for the new file files[n]); nil when the field was
	// absent (an edit then keeps every old attachment and adds none).
	KeepAttachments []string
	Files           []File
	Flags           int
	Ping            []string
	PingParse       []string
	HasMentions     bool
}

// Ephemeral reports whether the payload asks for an ephemeral message.
func (p Payload) Ephemeral() bool { return p.Flags&64 != 0 }

// wirePayload is the JSON of a message body.
type wirePayload struct {
	Content     *string          `json:"content"`
	Components  *[]wireRow       `json:"components"`
	Attachments *[]wireAttach    `json:"attachments"`
	Flags       int              `json:"flags"`
	Mentions    *wireMentions    `json:"allowed_mentions"`
	Data        *json.RawMessage `json:"data"` // interaction responses wrap the message
	Type        int              `json:"type"`
}

type wireRow struct {
	Type       int          `json:"type"`
	Components []wireButton `json:"components"`
}

type wireButton struct {
	Type     int    `json:"type"`
	Style    int    `json:"style"`
	Label    string `json:"label"`
	CustomID string `json:"custom_id"`
	Disabled bool   `json:"disabled"`
	URL      string `json:"url"`
}

type wireAttach struct {
	ID       json.RawMessage `json:"id"`
	Filename string          `json:"filename"`
}

type wireMentions struct {
	Parse []string `json:"parse"`
	Users []string `json:"users"`
}

// errInvalid is a body Discord would refuse with 400 Invalid Form Body.
type errInvalid struct{ msg string }

func (e errInvalid) Error() string { return e.msg }

// readBody reads a JSON or multipart/form-data body: the JSON (the
// payload_json part of a multipart body) and the files.
func readBody(r *http.Request) (raw []byte, files []File, err error) {
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "multipart/form-data" {
		raw, err = readAll(r)
		return raw, nil, err
	}
	mr := multipart.NewReader(r.Body, params["boundary"])
	for {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		data, err := io.ReadAll(p)
		if err != nil {
			return nil, nil, err
		}
		switch name := p.FormName(); {
		case name == "payload_json":
			raw = data
		case strings.HasPrefix(name, "files["):
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(name, "files["), "]"))
			files = append(files, File{Name: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: data, part: n})
		}
	}
	return raw, files, nil
}

// parsePayload reads a message body and checks it against Discord's
// limits.
func parsePayload(raw []byte, files []File) (Payload, error) {
	var w wirePayload
	if len(bytes.TrimSpace(raw)) > 0 {
		if err := json.Unmarshal(raw, &w); err != nil {
			return Payload{}, errInvalid{"malformed JSON: " + err.Error()}
		}
	}
	p := Payload{Content: w.Content, Files: files, Flags: w.Flags}
	if w.Content != nil && len(utf16.Encode([]rune(*w.Content))) > 2000 {
		return p, errInvalid{"content: must be 2000 or fewer in length"}
	}
	if w.Components != nil {
		rows, err := parseRows(*w.Components)
		if err != nil {
			return p, err
		}
		p.Rows = rows
	}
	if w.Attachments != nil {
		p.KeepAttachments = []string{}
		for _, a := range *w.Attachments {
			id := strings.Trim(string(a.ID), `"`)
			if len(strings.TrimSpace(id)) == 0 {
				continue
			}
			p.KeepAttachments = append(p.KeepAttachments, id)
		}
	}
	if w.Mentions != nil {
		p.HasMentions = true
		p.Ping = w.Mentions.Users
		p.PingParse = w.Mentions.Parse
	}
	return p, nil
}

// parseResponse reads an interaction response: {"type":N,"data":{...}}.
func parseResponse(raw []byte, files []File) (int, Payload, error) {
	var w wirePayload
	if err := json.Unmarshal(raw, &w); err != nil {
		return 0, Payload{}, errInvalid{"malformed JSON: " + err.Error()}
	}
	var data []byte
	if w.Data != nil {
		data = *w.Data
	}
	if string(bytes.TrimSpace(data)) == "null" {
		data = nil
	}
	if w.Type == 12 {
		// LaunchActivityInteractionCallbackRequest is {"type": 12} only.
		if data != nil || len(files) > 0 {
			return 0, Payload{}, errInvalid{"a LAUNCH_ACTIVITY (12) response takes no data and no files"}
		}
		return w.Type, Payload{}, nil
	}
	p, err := parsePayload(data, files)
	return w.Type, p, err
}

// webURL reports whether u is an absolute http or https URL with a host,
// as a link button's url must be (components/reference.mdx, Button).
func webURL(u string) bool {
	p, err := url.Parse(u)
	return err == nil && (p.Scheme == "http" || p.Scheme == "https") && p.Host != ""
}

func parseRows(rows []wireRow) ([][]Button, error) {
	if len(rows) > 5 {
		return nil, errInvalid{fmt.Sprintf("components: %d action rows, at most 5", len(rows))}
	}
	out := [][]Button{}
	seen := map[string]bool{}
	for i, r := range rows {
		if r.Type != 1 {
			return nil, errInvalid{fmt.Sprintf("components[%d]: type %d, want 1 (action row)", i, r.Type)}
		}
		if len(r.Components) == 0 || len(r.Components) > 5 {
			return nil, errInvalid{fmt.Sprintf("components[%d]: %d buttons, want 1 to 5", i, len(r.Components))}
		}
		var row []Button
		for j, b := range r.Components {
			where := fmt.Sprintf("components[%d].components[%d]", i, j)
			switch {
			case b.Type != 2:
				return nil, errInvalid{where + ": not a button"}
			case b.Style < 1 || b.Style > 5:
				return nil, errInvalid{fmt.Sprintf("%s: style %d", where, b.Style)}
			case b.Style == 5 && b.URL == "":
				return nil, errInvalid{where + ": link button without url"}
			case b.Style == 5 && b.CustomID != "":
				return nil, errInvalid{where + ": a link button has no custom_id"}
			case b.Style == 5 && !webURL(b.URL):
				return nil, errInvalid{where + ": url " + b.URL + " is not an http(s) URL with a host"}
			case b.Style != 5 && b.URL != "":
				return nil, errInvalid{where + ": only a link button (style 5) has a url"}
			case b.Style != 5 && (b.CustomID == "" || len(b.CustomID) > 100):
				return nil, errInvalid{where + ": custom_id must be 1 to 100 characters"}
			case len([]rune(b.Label)) > 80:
				return nil, errInvalid{where + ": label longer than 80"}
			case b.Label == "":
				return nil, errInvalid{where + ": a button needs a label"}
			case b.CustomID != "" && seen[b.CustomID]:
				return nil, errInvalid{where + ": custom_id " + b.CustomID + " used twice"}
			}
			seen[b.CustomID] = true
			row = append(row, Button{Style: b.Style, Label: b.Label, CustomID: b.CustomID, Disabled: b.Disabled, URL: b.URL})
		}
		out = append(out, row)
	}
	return out, nil
}

// newMessage builds a message from a payload, or says why Discord would
// refuse it.
func (s *Server) newMessage(channel string, p Payload) (*Message, error) {
	m := &Message{ID: s.id(), ChannelID: channel, Ephemeral: p.Ephemeral()}
	if p.Content != nil {
		m.Content = *p.Content
	}
	m.Rows = p.Rows
	for _, f := range p.Files {
		f.ID = s.id()
		m.Files = append(m.Files, f)
	}
	m.setMentions(p)
	if strings.TrimSpace(m.Content) == "" && len(m.Files) == 0 && len(m.Rows) == 0 {
		return nil, errEmpty
	}
	return m, nil
}

var errEmpty = errors.New("cannot send an empty message")

func (m *Message) setMentions(p Payload) {
	if p.HasMentions {
		m.Ping, m.PingParse = p.Ping, p.PingParse
	} else {
		m.Ping, m.PingParse = nil, []string{"users", "roles", "everyone"}
	}
}

// edit applies an edit the way Discord's API v10 does ("Editing Message
// Attachments"): absent fields are kept; "attachments", when present,
// lists the old attachments kept (by id) and the new files added (files[n]
// as id n); without it every old attachment is kept and no new file is
// added (checkRequest refuses such an edit).
func (s *Server) edit(m *Message, p Payload) error {
	next := m.snapshot()
	if p.Content != nil {
		next.Content = *p.Content
	}
	if p.Rows != nil {
		next.Rows = p.Rows
	}
	if p.KeepAttachments != nil {
		var kept []File
		for _, f := range m.Files {
			if slices.Contains(p.KeepAttachments, f.ID) {
				kept = append(kept, f)
			}
		}
		next.Files = kept
	}
	for _, f := range p.Files {
		if !slices.Contains(p.KeepAttachments, strconv.Itoa(f.part)) {
			continue
		}
		f.ID = s.id()
		next.Files = append(next.Files, f)
	}
	if p.HasMentions {
		next.setMentions(p)
	}
	if strings.TrimSpace(next.Content) == "" && len(next.Files) == 0 && len(next.Rows) == 0 {
		return errEmpty
	}
	next.Edits = m.Edits + 1
	next.Deferred = false
	*m = next
	return nil
}

func (s *Server) add(m *Message) {
	s.messages = append(s.messages, m)
	s.byID[m.ID] = m
}

// wire is the message as Discord's JSON.
func (m *Message) wire(appID string) map[string]any {
	var rows []any
	for _, r := range m.Rows {
		var btns []any
		for _, b := range r {
			btn := map[string]any{"type": 2, "style": b.Style, "label": b.Label, "disabled": b.Disabled}
			if b.Style == 5 {
				btn["url"] = b.URL
			} else {
				btn["custom_id"] = b.CustomID
			}
			btns = append(btns, btn)
		}
		rows = append(rows, map[string]any{"type": 1, "components": btns})
	}
	atts := []any{}
	for _, f := range m.Files {
		atts = append(atts, map[string]any{
			"id": f.ID, "filename": f.Name, "size": len(f.Data), "content_type": f.ContentType,
			"url":       "https://cdn.discordapp.com/attachments/" + m.ChannelID + "/" + f.ID + "/" + f.Name,
			"proxy_url": "https://media.discordapp.net/attachments/" + m.ChannelID + "/" + f.ID + "/" + f.Name,
		})
	}
	flags := 0
	if m.Ephemeral {
		flags |= 64
	}
	if m.Deferred {
		flags |= 128 // LOADING
	}
	typ := 0
	if m.Interaction != "" {
		typ = 20 // CHAT_INPUT_COMMAND reply
	}
	if rows == nil {
		rows = []any{}
	}
	out := map[string]any{
		"id": m.ID, "channel_id": m.ChannelID, "type": typ, "content": m.Content,
		"author":     map[string]any{"id": appID, "username": "Mancala", "global_name": nil, "discriminator": "0", "avatar": nil, "bot": true, "public_flags": 0},
		"components": rows, "attachments": atts, "embeds": []any{}, "mentions": []any{}, "mention_roles": []any{},
		"mention_everyone": false, "pinned": false, "tts": false, "flags": flags,
		"timestamp": "2026-11-22T12:00:00.000000+00:00", "edited_timestamp": nil,
	}
	if m.Interaction != "" {
		out["application_id"] = appID
		out["webhook_id"] = appID
	}
	return out
}
