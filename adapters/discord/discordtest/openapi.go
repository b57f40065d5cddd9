package discordtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/mancala-bot/mancala/adapters/internal/specs"
)

// The request bodies the fake checks against Discord's OpenAPI
// description (shared/specs/discord-openapi.json, API v10): the schema of
// each route's JSON body (the payload_json of a multipart body). The
// check is stricter than JSON Schema in one way, as Discord's API is: an
// object may hold only the properties its schema lists (unless the schema
// has additionalProperties), so a field the API does not document, or no
// longer documents, is refused.
var routeSchemas = map[string]string{
	RouteCallback:            "POST /interactions/{interaction_id}/{interaction_token}/callback",
	RouteFollowup:            "POST /webhooks/{webhook_id}/{webhook_token}",
	RouteWebhookEdit:         "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
	RouteChannelMessages:     "POST /channels/{channel_id}/messages",
	RouteChannelEdit:         "PATCH /channels/{channel_id}/messages/{message_id}",
	RouteGlobalCommands:      "PUT /applications/{application_id}/commands",
	RouteGuildCommands:       "PUT /applications/{application_id}/guilds/{guild_id}/commands",
	RouteCreateGlobalCommand: "POST /applications/{application_id}/commands",
	RouteCreateGuildCommand:  "POST /applications/{application_id}/guilds/{guild_id}/commands",
}

// openAPI is the loaded description.
type openAPI struct {
	schemas map[string]any // components.schemas
	bodies  map[string]any // routeSchemas value -> the JSON body's schema
}

var (
	apiOnce sync.Once
	apiDoc  *openAPI
	apiErr  error
)

// loadOpenAPI reads and indexes the specification once per process.
func loadOpenAPI() (*openAPI, error) {
	apiOnce.Do(func() {
		raw, err := specs.Read(specs.DiscordOpenAPI)
		if err != nil {
			apiErr = err
			return
		}
		var doc struct {
			Paths      map[string]map[string]any `json:"paths"`
			Components struct {
				Schemas map[string]any `json:"schemas"`
			} `json:"components"`
		}
		if err := json.Unmarshal(raw, &doc); err != nil {
			apiErr = fmt.Errorf("%s: %w", specs.DiscordOpenAPI, err)
			return
		}
		api := &openAPI{schemas: doc.Components.Schemas, bodies: map[string]any{}}
		for _, key := range routeSchemas {
			method, path, _ := strings.Cut(key, " ")
			op, _ := doc.Paths[path][strings.ToLower(method)].(map[string]any)
			rb, _ := op["requestBody"].(map[string]any)
			content, _ := rb["content"].(map[string]any)
			js, _ := content["application/json"].(map[string]any)
			if js["schema"] == nil {
				apiErr = fmt.Errorf("%s: no JSON body for %s", specs.DiscordOpenAPI, key)
				return
			}
			api.bodies[key] = js["schema"]
		}
		apiDoc = api
	})
	return apiDoc, apiErr
}

// checkBody validates the JSON body raw of a request on route against the
// specification; routes without a schema pass.
func (api *openAPI) checkBody(route string, raw []byte) error {
	key, ok := routeSchemas[route]
	if !ok || api == nil {
		return nil
	}
	var v any
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		return fmt.Errorf("malformed JSON: %v", err)
	}
	if err := api.validate(api.bodies[key], v, "body", false); err != nil {
		return err
	}
	return nil
}

// schemaError is a value that does not fit its schema, at a path such as
// body.data.attachments[0].url.
type schemaError struct {
	path string
	msg  string
}

func (e *schemaError) Error() string { return e.path + ": " + e.msg }

func errAt(path, format string, args ...any) error {
	return &schemaError{path: path, msg: fmt.Sprintf(format, args...)}
}

// resolve follows $ref.
func (api *openAPI) resolve(s any) map[string]any {
	m, _ := s.(map[string]any)
	for m != nil {
		ref, ok := m["$ref"].(string)
		if !ok {
			return m
		}
		m, _ = api.schemas[strings.TrimPrefix(ref, "#/components/schemas/")].(map[string]any)
	}
	return m
}

// properties is the union of the properties of s and of its allOf
// members: the names an object of schema s may hold. open reports
// additionalProperties (any name is allowed).
func (api *openAPI) properties(s map[string]any) (props map[string]any, open bool) {
	props = map[string]any{}
	if p, ok := s["properties"].(map[string]any); ok {
		for k, v := range p {
			props[k] = v
		}
	}
	if ap, ok := s["additionalProperties"]; ok && ap != false {
		open = true
	}
	all, _ := s["allOf"].([]any)
	for _, sub := range all {
		p, o := api.properties(api.resolve(sub))
		for k, v := range p {
			props[k] = v
		}
		open = open || o
	}
	return props, open
}

// validate checks v against schema s. Within allOf, members are checked
// with partial set: the unknown-property check is made once, against the
// union of the members' properties.
func (api *openAPI) validate(schema, v any, path string, partial bool) error {
	s := api.resolve(schema)
	if s == nil {
		return nil // no constraint
	}
	if err := checkType(s, v, path); err != nil {
		return err
	}
	if enum, ok := s["enum"].([]any); ok && v != nil {
		found := false
		for _, e := range enum {
			if sameJSON(e, v) {
				found = true
				break
			}
		}
		if !found {
			return errAt(path, "%v is not one of %v", v, enum)
		}
	}
	if all, ok := s["allOf"].([]any); ok {
		for _, sub := range all {
			if err := api.validate(sub, v, path, true); err != nil {
				return err
			}
		}
	}
	for _, kw := range []string{"oneOf", "anyOf"} {
		alts, ok := s[kw].([]any)
		if !ok {
			continue
		}
		var best error
		matched := false
		for _, sub := range api.discriminated(alts, v) {
			err := api.validate(sub, v, path, false)
			if err == nil {
				matched = true
				break
			}
			if best == nil || depth(err) > depth(best) {
				best = err
			}
		}
		if !matched {
			return best
		}
	}
	switch x := v.(type) {
	case string:
		n := utf8.RuneCountInString(x)
		if m, ok := num(s["maxLength"]); ok && float64(n) > m {
			return errAt(path, "%d characters, at most %v", n, m)
		}
		if m, ok := num(s["minLength"]); ok && float64(n) < m {
			return errAt(path, "%d characters, at least %v", n, m)
		}
		if p, ok := s["pattern"].(string); ok {
			if re := pattern(p); re != nil && !re.MatchString(x) {
				return errAt(path, "%q does not match %s", x, p)
			}
		}
	case json.Number:
		f, _ := x.Float64()
		if m, ok := num(s["maximum"]); ok && f > m {
			return errAt(path, "%v, at most %v", x, m)
		}
		if m, ok := num(s["minimum"]); ok && f < m {
			return errAt(path, "%v, at least %v", x, m)
		}
	case []any:
		if m, ok := num(s["maxItems"]); ok && float64(len(x)) > m {
			return errAt(path, "%d items, at most %v", len(x), m)
		}
		if m, ok := num(s["minItems"]); ok && float64(len(x)) < m {
			return errAt(path, "%d items, at least %v", len(x), m)
		}
		if items, ok := s["items"]; ok {
			for i, e := range x {
				if err := api.validate(items, e, fmt.Sprintf("%s[%d]", path, i), false); err != nil {
					return err
				}
			}
		}
	case map[string]any:
		props, open := api.properties(s)
		if req, ok := s["required"].([]any); ok {
			for _, r := range req {
				if _, ok := x[r.(string)]; !ok {
					return errAt(path, "required field %q missing", r)
				}
			}
		}
		if m, ok := num(s["maxProperties"]); ok && float64(len(x)) > m {
			return errAt(path, "%d properties, at most %v", len(x), m)
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			sub, known := props[k]
			if !known {
				if ap, ok := s["additionalProperties"].(map[string]any); ok {
					if err := api.validate(ap, x[k], path+"."+k, false); err != nil {
						return err
					}
					continue
				}
				if !open && !partial && len(props) > 0 {
					return errAt(path+"."+k, "unknown field (not in the API's schema)")
				}
				continue
			}
			if _, own := s["properties"].(map[string]any)[k]; own || !partial {
				if err := api.validate(sub, x[k], path+"."+k, false); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// discriminated narrows the alternatives of a oneOf or anyOf for an
// object to those whose "type" property admits the object's type (as
// Discord's interaction responses and components are told apart), so that
// the error reported is the one of the schema the object means to be.
func (api *openAPI) discriminated(alts []any, v any) []any {
	obj, ok := v.(map[string]any)
	if !ok || obj["type"] == nil {
		return alts
	}
	var out []any
	for _, alt := range alts {
		props, _ := api.properties(api.resolve(alt))
		t := api.resolve(props["type"])
		enum, ok := t["enum"].([]any)
		if !ok {
			return alts
		}
		for _, e := range enum {
			if sameJSON(e, obj["type"]) {
				out = append(out, alt)
				break
			}
		}
	}
	if len(out) == 0 {
		return alts
	}
	return out
}

// checkType checks the JSON type of v against s's "type" (a name or a
// list of names).
func checkType(s map[string]any, v any, path string) error {
	var types []string
	switch t := s["type"].(type) {
	case string:
		types = []string{t}
	case []any:
		for _, e := range t {
			types = append(types, e.(string))
		}
	default:
		return nil
	}
	got := jsonType(v)
	for _, t := range types {
		if t == got || (t == "number" && got == "integer") {
			return nil
		}
	}
	return errAt(path, "%s, want %s", got, strings.Join(types, " or "))
}

func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if f, err := x.Float64(); err == nil && f == math.Trunc(f) && !strings.ContainsAny(x.String(), ".eE") {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

func num(v any) (float64, bool) {
	f, ok := v.(float64)
	return f, ok
}

// sameJSON compares an enum value from the specification (float64,
// string, bool) with a decoded request value (json.Number, ...).
func sameJSON(spec, v any) bool {
	if n, ok := v.(json.Number); ok {
		f, err := n.Float64()
		sf, ok := spec.(float64)
		return err == nil && ok && f == sf
	}
	return spec == v
}

// depth is how far into the body an error is: the most specific of the
// alternatives of a oneOf is reported.
func depth(err error) int {
	if e, ok := err.(*schemaError); ok {
		return strings.Count(e.path, ".") + strings.Count(e.path, "[")
	}
	return 0
}

var (
	patMu    sync.Mutex
	patCache = map[string]*regexp.Regexp{}
)

// pattern compiles a schema's ECMAScript pattern; nil for one Go's
// regexp cannot read (it is then not checked).
func pattern(p string) *regexp.Regexp {
	patMu.Lock()
	defer patMu.Unlock()
	re, ok := patCache[p]
	if !ok {
		re, _ = regexp.Compile(p)
		patCache[p] = re
	}
	return re
}
