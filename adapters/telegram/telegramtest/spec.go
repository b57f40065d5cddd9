package telegramtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/mancala-bot/mancala/adapters/internal/specs"
)

// Keyboard limits the Bot API does not publish but enforces (see
// shared/specs/README.md): buttons per row and per inline keyboard.
const (
	MaxRowButtons      = 8
	MaxKeyboardButtons = 100
)

// botAPI is the Bot API's machine-readable description
// (shared/specs/telegram-bot-api.json): methods and types with their
// fields, each field's types ("Integer", "String", "Array of BotCommand",
// a type name...) and whether it is required.
type botAPI struct {
	Methods map[string]apiObject `json:"methods"`
	Types   map[string]apiObject `json:"types"`
}

type apiObject struct {
	Fields   []apiField `json:"fields"`
	Subtypes []string   `json:"subtypes"`
}

type apiField struct {
	Name     string   `json:"name"`
	Types    []string `json:"types"`
	Required bool     `json:"required"`
}

var (
	botAPIOnce sync.Once
	botAPIDoc  *botAPI
	botAPIErr  error
)

func loadBotAPI() (*botAPI, error) {
	botAPIOnce.Do(func() {
		raw, err := specs.Read(specs.TelegramBotAPI)
		if err != nil {
			botAPIErr = err
			return
		}
		var api botAPI
		if err := json.Unmarshal(raw, &api); err != nil {
			botAPIErr = fmt.Errorf("%s: %w", specs.TelegramBotAPI, err)
			return
		}
		botAPIDoc = &api
	})
	return botAPIDoc, botAPIErr
}

// checkCall checks a call's parameters against the method's fields: no
// parameter the documentation does not list (parameters it no longer
// lists, such as disable_web_page_preview, reply_to_message_id and
// allow_sending_without_reply, included), every required one present,
// every value of its type (JSON-serialized objects checked field by field
// the same way), every uploaded file named by an InputFile parameter or
// an attach:// reference; and the documented rules the fields do not
// carry: an inline keyboard button has exactly one field besides text,
// icon_custom_emoji_id and style, its url one Telegram takes (see
// buttonURL), at most MaxRowButtons a row and MaxKeyboardButtons in all;
// a web_app button only in a private chat, a WebAppInfo's url https (a
// button's or a menu button's), setChatMenuButton's chat_id a private
// chat.
func (api *botAPI) checkCall(c Call) error {
	m, ok := api.Methods[c.Method]
	if !ok {
		return nil // answered 404 Not Found, as Telegram does
	}
	fields := map[string]apiField{}
	for _, f := range m.Fields {
		fields[f.Name] = f
	}
	names := make([]string, 0, len(c.Params))
	for k := range c.Params {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		f, ok := fields[k]
		if !ok {
			return fmt.Errorf("%s: unknown parameter %q (not in Bot API %s)", c.Method, k, api.version())
		}
		if err := api.checkParam(f.Types, c.Params[k], k); err != nil {
			return fmt.Errorf("%s: %v", c.Method, err)
		}
	}
	attached := map[string]bool{}
	for _, v := range c.Params {
		for _, part := range strings.Split(v, "attach://")[1:] {
			end := strings.IndexAny(part, `"\ ,}`)
			if end < 0 {
				end = len(part)
			}
			attached[part[:end]] = true
		}
	}
	for k := range c.Files {
		if f, ok := fields[k]; ok && slices.Contains(f.Types, "InputFile") {
			continue
		}
		if !attached[k] {
			return fmt.Errorf("%s: file %q is neither an InputFile parameter nor named by attach://", c.Method, k)
		}
	}
	for _, f := range m.Fields {
		_, p := c.Params[f.Name]
		_, file := c.Files[f.Name]
		if f.Required && !p && !file {
			return fmt.Errorf("%s: required parameter %q missing", c.Method, f.Name)
		}
	}
	if kb := c.Params["reply_markup"]; kb != "" {
		if err := checkKeyboardLimits(kb); err != nil {
			return fmt.Errorf("%s: reply_markup: %v", c.Method, err)
		}
		id, _ := strconv.ParseInt(c.Params["chat_id"], 10, 64)
		if strings.Contains(kb, `"web_app"`) && chatType(id) != "private" {
			return fmt.Errorf("%s: reply_markup: a web_app button in chat %s, not a private chat (web_app is \"available only in private chats between a user and the bot\")", c.Method, c.Params["chat_id"])
		}
	}
	if c.Method == "setChatMenuButton" && c.Params["chat_id"] != "" {
		if id, err := strconv.ParseInt(c.Params["chat_id"], 10, 64); err == nil && chatType(id) != "private" {
			return fmt.Errorf("setChatMenuButton: chat %d is not a private chat (the menu button is a private chat's)", id)
		}
	}
	return nil
}

func (api *botAPI) version() string { return "10.1" }

// checkParam checks a form parameter: a plain value for Integer, Float,
// Boolean and String, JSON for the rest.
func (api *botAPI) checkParam(types []string, v, path string) error {
	var errs []string
	for _, t := range types {
		var err error
		switch t {
		case "Integer":
			_, err = strconv.ParseInt(v, 10, 64)
		case "Float":
			_, err = strconv.ParseFloat(v, 64)
		case "Boolean":
			if v != "true" && v != "false" {
				err = fmt.Errorf("%q is not true or false", v)
			}
		case "String", "InputFile":
		default:
			var x any
			d := json.NewDecoder(bytes.NewReader([]byte(v)))
			d.UseNumber()
			if err = d.Decode(&x); err == nil {
				err = api.checkValue(t, x, path)
			}
		}
		if err == nil {
			return nil
		}
		errs = append(errs, err.Error())
	}
	return fmt.Errorf("%s: %s", path, strings.Join(errs, "; or "))
}

// checkValue checks a decoded JSON value against one of a field's types.
func (api *botAPI) checkValue(t string, v any, path string) error {
	if elem, ok := strings.CutPrefix(t, "Array of "); ok {
		a, ok := v.([]any)
		if !ok {
			return fmt.Errorf("%s: not an array", path)
		}
		for i, e := range a {
			if err := api.checkValue(elem, e, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	}
	switch t {
	case "Integer":
		if n, ok := v.(json.Number); ok {
			if _, err := n.Int64(); err == nil {
				return nil
			}
		}
		return fmt.Errorf("%s: not an integer", path)
	case "Float":
		if _, ok := v.(json.Number); ok {
			return nil
		}
		return fmt.Errorf("%s: not a number", path)
	case "Boolean", "True":
		if _, ok := v.(bool); ok {
			return nil
		}
		return fmt.Errorf("%s: not a boolean", path)
	case "String", "InputFile":
		if _, ok := v.(string); ok {
			return nil
		}
		return fmt.Errorf("%s: not a string", path)
	}
	typ, ok := api.Types[t]
	if !ok {
		return fmt.Errorf("%s: unknown type %s", path, t)
	}
	if len(typ.Subtypes) > 0 {
		var errs []string
		for _, st := range typ.Subtypes {
			err := api.checkValue(st, v, path)
			if err == nil {
				return nil
			}
			errs = append(errs, st+": "+err.Error())
		}
		return fmt.Errorf("%s: no %s fits (%s)", path, t, strings.Join(errs, "; "))
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("%s: not a %s object", path, t)
	}
	fields := map[string]apiField{}
	for _, f := range typ.Fields {
		fields[f.Name] = f
		if _, ok := obj[f.Name]; f.Required && !ok {
			return fmt.Errorf("%s: %s without its required field %q", path, t, f.Name)
		}
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f, ok := fields[k]
		if !ok {
			return fmt.Errorf("%s.%s: unknown field of %s", path, k, t)
		}
		var errs []string
		for _, ft := range f.Types {
			err := api.checkValue(ft, obj[k], path+"."+k)
			if err == nil {
				errs = nil
				break
			}
			errs = append(errs, err.Error())
		}
		if len(errs) > 0 {
			return fmt.Errorf("%s", strings.Join(errs, "; or "))
		}
	}
	if t == "InlineKeyboardButton" {
		n := 0
		for k := range obj {
			if k != "text" && k != "icon_custom_emoji_id" && k != "style" {
				n++
			}
		}
		if n != 1 {
			return fmt.Errorf("%s: an InlineKeyboardButton needs exactly one field besides text, icon_custom_emoji_id and style, has %d", path, n)
		}
		if u, ok := obj["url"].(string); ok && !buttonURL(u) {
			return fmt.Errorf("%s.url: %q is refused (BUTTON_URL_INVALID): an http(s) URL needs a host name with a dot, other schemes but tg:// are unsupported", path, u)
		}
	}
	if t == "WebAppInfo" {
		if u, _ := obj["url"].(string); !webAppURL(u) {
			return fmt.Errorf("%s.url: %q is not an https URL on a public host name (WebAppInfo.url: \"An HTTPS URL\")", path, u)
		}
	}
	// Type-tagged subtypes (InputMediaPhoto, BotCommandScopeDefault...)
	// name themselves in "type".
	if tag, ok := obj["type"].(string); ok && fields["type"].Name != "" {
		if want := subtypeTag(t); want != "" && tag != want {
			return fmt.Errorf("%s: type %q is not %s", path, tag, t)
		}
	}
	return nil
}

// subtypeTag is the "type" value a tagged subtype carries: "photo" for
// InputMediaPhoto, "default" for BotCommandScopeDefault.
func subtypeTag(t string) string {
	for _, prefix := range []string{"InputMedia", "BotCommandScope", "MenuButton"} {
		if rest, ok := strings.CutPrefix(t, prefix); ok && rest != "" {
			var b strings.Builder
			for i, r := range rest {
				if r >= 'A' && r <= 'Z' {
					if i > 0 {
						b.WriteByte('_')
					}
					r += 'a' - 'A'
				}
				b.WriteRune(r)
			}
			return b.String()
		}
	}
	return ""
}

// checkKeyboardLimits applies the keyboard size limits.
func checkKeyboardLimits(raw string) error {
	var mk struct {
		InlineKeyboard [][]json.RawMessage `json:"inline_keyboard"`
	}
	if err := json.Unmarshal([]byte(raw), &mk); err != nil {
		return nil // the type check reports it
	}
	total := 0
	for i, row := range mk.InlineKeyboard {
		if len(row) > MaxRowButtons {
			return fmt.Errorf("row %d has %d buttons, at most %d", i, len(row), MaxRowButtons)
		}
		total += len(row)
	}
	if total > MaxKeyboardButtons {
		return fmt.Errorf("%d buttons, at most %d in a keyboard", total, MaxKeyboardButtons)
	}
	return nil
}
