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
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// filesPart is the name of an uploaded file's part: files[n].
var filesPart = regexp.MustCompile(`^files\[([0-9])\]$`)

// checkRequest applies to a REST request the rules Discord's
// specification and documentation set on its body (see routeSchemas):
// the JSON (or a multipart body's payload_json) fits the route's schema,
// a multipart body has only payload_json and files[n] parts, an edit that
// uploads files[n] lists attachment id n (Discord's "Editing Message
// Attachments": an edit appends only the files its attachments name), and
// allowed_mentions does not both parse users and list them. The body is
// left for the handler to read.
func (s *Server) checkRequest(r *http.Request, route string) error {
	if _, ok := routeSchemas[route]; !ok {
		return nil
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 32<<20))
	r.Body.Close()
	r.Body = io.NopCloser(bytes.NewReader(body))
	if err != nil {
		return err
	}
	raw, files := body, []int(nil)
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt == "multipart/form-data" {
		raw = nil
		mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		for {
			p, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return fmt.Errorf("multipart body: %v", err)
			}
			data, err := io.ReadAll(p)
			if err != nil {
				return fmt.Errorf("multipart body: %v", err)
			}
			name := p.FormName()
			if name == "payload_json" {
				raw = data
				continue
			}
			m := filesPart.FindStringSubmatch(name)
			if m == nil {
				return fmt.Errorf("multipart part %q: want payload_json or files[n]", name)
			}
			if p.FileName() == "" {
				return fmt.Errorf("multipart part %s has no filename", name)
			}
			n, _ := strconv.Atoi(m[1])
			files = append(files, n)
		}
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		if len(files) > 0 || r.Method == http.MethodPost && route != RouteCallback {
			return errors.New("no JSON body")
		}
		return nil
	}
	if err := s.api.checkBody(route, raw); err != nil {
		return err
	}
	if strings.Contains(route, "/commands") {
		return nil
	}
	var msg struct {
		Type            int             `json:"type"`
		Data            json.RawMessage `json:"data"`
		Attachments     *[]wireAttach   `json:"attachments"`
		AllowedMentions *wireMentions   `json:"allowed_mentions"`
	}
	if err := json.Unmarshal(raw, &msg); err != nil {
		return fmt.Errorf("malformed JSON: %v", err)
	}
	edit := route == RouteWebhookEdit || route == RouteChannelEdit
	if route == RouteCallback {
		edit = msg.Type == 7
		msg.Attachments, msg.AllowedMentions = nil, nil
		if len(msg.Data) > 0 && string(msg.Data) != "null" {
			if err := json.Unmarshal(msg.Data, &msg); err != nil {
				return fmt.Errorf("malformed JSON: %v", err)
			}
		}
	}
	if am := msg.AllowedMentions; am != nil && slices.Contains(am.Parse, "users") && len(am.Users) > 0 {
		return errors.New("allowed_mentions: parse \"users\" and a users list are mutually exclusive")
	}
	if edit {
		for _, n := range files {
			listed := false
			if msg.Attachments != nil {
				for _, a := range *msg.Attachments {
					listed = listed || attachID(a) == strconv.Itoa(n)
				}
			}
			if !listed {
				return fmt.Errorf("files[%d] is uploaded but attachments does not list id %d: Discord would not attach it (Editing Message Attachments)", n, n)
			}
		}
	}
	return nil
}

// attachID is an attachment's id, a string or a number in the JSON.
func attachID(a wireAttach) string {
	var s string
	if json.Unmarshal(a.ID, &s) == nil {
		return s
	}
	return string(bytes.TrimSpace(a.ID))
}
