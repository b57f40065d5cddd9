package telegramtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestParseHTML(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"<b>bold</b> &lt;x&gt; &amp; &quot;q&quot; &#39;s&#x41;", `bold <x> & "q" 'sA`, true},
		{"<pre>a\nb</pre>", "a\nb", true},
		{"a < b", "", false},
		{"a > b", "", false},
		{"<b>unclosed", "", false},
		{"<b><i>x</b></i>", "", false},
		{"<script>x</script>", "", false},
		{"AT&T", "", false},
		{"&nbsp;", "", false},
	} {
		got, err := ParseHTML(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseHTML(%q) = %q, %v", tc.in, got, err)
		}
	}
}

func post(t *testing.T, s *Server, tok, method string, form url.Values) (int, map[string]any) {
	t.Helper()
	resp, err := http.PostForm(s.URL+"/bot"+tok+"/"+method, form)
	if err != nil {
		t.Error(err) // not Fatal: post also runs in goroutines
		return 0, nil
	}
	defer resp.Body.Close()
	var body map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Error(err)
	}
	return resp.StatusCode, body
}

func TestServer(t *testing.T) {
	s := New("1:tok")
	defer s.Close()
	if code, _ := post(t, s, "1:bad", "getMe", nil); code != 401 {
		t.Errorf("wrong token: %d", code)
	}
	if code, _ := post(t, s, "1:tok", "frobnicate", nil); code != 404 {
		t.Errorf("unknown method: %d", code)
	}

	// A long poll waits for an injected update; a newer poll ends it with 409.
	var wg sync.WaitGroup
	wg.Add(1)
	var code1 int
	go func() {
		defer wg.Done()
		code1, _ = post(t, s, "1:tok", "getUpdates", url.Values{"timeout": {"5"}})
	}()
	s.WaitFor(time.Second, func() bool { return len(s.Calls("getUpdates")) == 1 })
	done := make(chan map[string]any)
	go func() {
		_, body := post(t, s, "1:tok", "getUpdates", url.Values{"timeout": {"5"}})
		done <- body
	}()
	wg.Wait()
	if code1 != 409 {
		t.Errorf("the older poll got %d, want 409", code1)
	}
	s.SendText(-5, User{ID: 9, FirstName: "A"}, "pl", "/new kalah")
	body := <-done
	ups := body["result"].([]any)
	if len(ups) != 1 || !strings.Contains(mustJSON(ups[0]), `"language_code":"pl"`) || !strings.Contains(mustJSON(ups[0]), `"bot_command"`) {
		t.Errorf("updates %v", ups)
	}
	id := int(ups[0].(map[string]any)["update_id"].(float64))
	if s.Unconfirmed() != 1 {
		t.Error("confirmed before a later offset")
	}
	post(t, s, "1:tok", "getUpdates", url.Values{"offset": {itoa(id + 1)}})
	if s.Unconfirmed() != 0 {
		t.Error("not confirmed")
	}

	// Sends are checked and recorded; edits that change nothing fail.
	s.RateLimit("sendMessage", 1, 3)
	code, body := post(t, s, "1:tok", "sendMessage", url.Values{"chat_id": {"-5"}, "text": {"x"}})
	if code != 429 || body["parameters"].(map[string]any)["retry_after"].(float64) != 3 {
		t.Errorf("rate limit: %d %v", code, body)
	}
	if code, _ := post(t, s, "1:tok", "sendMessage", url.Values{"chat_id": {"-5"}, "text": {"a <b"}, "parse_mode": {"HTML"}}); code != 400 {
		t.Errorf("bad HTML: %d", code)
	}
	kb := `{"inline_keyboard":[[{"text":"1","callback_data":"m:1:1:1"}]]}`
	code, body = post(t, s, "1:tok", "sendMessage", url.Values{"chat_id": {"-5"}, "text": {"<b>hi</b>"}, "parse_mode": {"HTML"}, "reply_markup": {kb}})
	if code != 200 {
		t.Fatalf("send: %d %v", code, body)
	}
	mid := itoa(int(body["result"].(map[string]any)["message_id"].(float64)))
	m, _ := s.LastSent(-5)
	if m.Visible() != "hi" || labels(m) != "1" {
		t.Errorf("recorded %+v", m)
	}
	edit := url.Values{"chat_id": {"-5"}, "message_id": {mid}, "text": {"<b>hi</b>"}, "parse_mode": {"HTML"}, "reply_markup": {kb}}
	if code, body := post(t, s, "1:tok", "editMessageText", edit); code != 400 || !strings.Contains(body["description"].(string), "not modified") {
		t.Errorf("unmodified edit: %d %v", code, body)
	}
	cb := s.PressButton(-5, User{ID: 9}, "", m.ID, "m:1:1:1")
	if code, _ := post(t, s, "1:tok", "answerCallbackQuery", url.Values{"callback_query_id": {cb}}); code != 200 {
		t.Error("answer")
	}
	if code, _ := post(t, s, "1:tok", "answerCallbackQuery", url.Values{"callback_query_id": {cb}}); code != 400 {
		t.Error("answered twice")
	}
}

func labels(m Message) string {
	var l []string
	for _, b := range m.Buttons() {
		l = append(l, b.Text)
	}
	return strings.Join(l, " ")
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

func TestChatMemberAndHold(t *testing.T) {
	s := New("1:tok")
	defer s.Close()
	status := func(chat, user string) string {
		t.Helper()
		code, body := post(t, s, "1:tok", "getChatMember", url.Values{"chat_id": {chat}, "user_id": {user}})
		if code != 200 {
			t.Fatalf("getChatMember(%s, %s): %d %v", chat, user, code, body)
		}
		return body["result"].(map[string]any)["status"].(string)
	}
	s.SetChatMember(-100, 5, "administrator")
	s.SetChatMember(-100, 6, "creator")
	if got := status("-100", "5") + " " + status("-100", "6") + " " + status("-100", "7") + " " + status("-200", "5"); got != "administrator creator member member" {
		t.Errorf("statuses %q", got)
	}
	if code, _ := post(t, s, "1:tok", "getChatMember", url.Values{"chat_id": {"x"}, "user_id": {"5"}}); code != 400 {
		t.Errorf("a bad chat id: %d", code)
	}

	release := s.Hold("sendMessage")
	done := make(chan int, 1)
	go func() {
		code, _ := post(t, s, "1:tok", "sendMessage", url.Values{"chat_id": {"-100"}, "text": {"hi"}})
		done <- code
	}()
	if !s.WaitFor(5*time.Second, func() bool { return s.Waiting("sendMessage") == 1 }) {
		t.Fatal("the call is not waiting")
	}
	if n := len(s.Calls("sendMessage")) + len(s.Sent(-100)); n != 0 {
		t.Fatalf("a held call was served: %d", n)
	}
	release()
	if code := <-done; code != 200 || len(s.Sent(-100)) != 1 || s.Waiting("sendMessage") != 0 {
		t.Errorf("after release: %d, %d sent", code, len(s.Sent(-100)))
	}
	release() // a second call does nothing
}

// What the Bot API's specification refuses, the fake refuses (400) and
// counts as a violation: parameters it no longer documents
// (disable_web_page_preview, reply_to_message_id,
// allow_sending_without_reply), unknown fields of a JSON object, a
// missing required parameter, a value of the wrong type, a button with
// two actions, keyboards over 8 a row or 100 in all; their documented
// replacements pass.
func TestSpecificationRefusals(t *testing.T) {
	s := New("1:tok")
	defer s.Close()
	row := func(n int) string {
		var b []string
		for i := range n {
			b = append(b, `{"text":"x","callback_data":"d`+strings.Repeat("1", i%3)+string(rune('a'+i%26))+`"}`)
		}
		return "[" + strings.Join(b, ",") + "]"
	}
	for _, tt := range []struct {
		name   string
		method string
		form   url.Values
		want   string
	}{
		{"disable_web_page_preview", "sendMessage", url.Values{"chat_id": {"5"}, "text": {"hi"}, "disable_web_page_preview": {"true"}}, `unknown parameter "disable_web_page_preview"`},
		{"reply_to_message_id", "sendMessage", url.Values{"chat_id": {"5"}, "text": {"hi"}, "reply_to_message_id": {"1"}}, `unknown parameter "reply_to_message_id"`},
		{"allow_sending_without_reply", "sendPhoto", url.Values{"chat_id": {"5"}, "photo": {"x"}, "allow_sending_without_reply": {"true"}}, `unknown parameter "allow_sending_without_reply"`},
		{"no text", "sendMessage", url.Values{"chat_id": {"5"}}, `required parameter "text" missing`},
		{"not an integer", "deleteMessage", url.Values{"chat_id": {"5"}, "message_id": {"x"}}, "message_id"},
		{"unknown field", "sendMessage", url.Values{"chat_id": {"5"}, "text": {"hi"}, "link_preview_options": {`{"is_disabled":true,"disabled":true}`}}, "link_preview_options.disabled: unknown field of LinkPreviewOptions"},
		{"reply_parameters without message_id", "sendMessage", url.Values{"chat_id": {"5"}, "text": {"hi"}, "reply_parameters": {`{"allow_sending_without_reply":true}`}}, `without its required field "message_id"`},
		{"two actions", "sendMessage", url.Values{"chat_id": {"5"}, "text": {"hi"}, "reply_markup": {`{"inline_keyboard":[[{"text":"x","callback_data":"a","url":"https://x"}]]}`}}, "exactly one field"},
		{"url button to localhost", "sendMessage", url.Values{"chat_id": {"5"}, "text": {"hi"}, "reply_markup": {`{"inline_keyboard":[[{"text":"page","url":"http://localhost:8080/g/a"}]]}`}}, "BUTTON_URL_INVALID"},
		{"url button to a path", "sendMessage", url.Values{"chat_id": {"5"}, "text": {"hi"}, "reply_markup": {`{"inline_keyboard":[[{"text":"page","url":"/g/a"}]]}`}}, "BUTTON_URL_INVALID"},
		{"url button, ftp", "sendMessage", url.Values{"chat_id": {"5"}, "text": {"hi"}, "reply_markup": {`{"inline_keyboard":[[{"text":"page","url":"ftp://files.example.com/a"}]]}`}}, "BUTTON_URL_INVALID"},
		{"web_app in a group", "sendMessage", url.Values{"chat_id": {"-5"}, "text": {"hi"}, "reply_markup": {`{"inline_keyboard":[[{"text":"board","web_app":{"url":"https://mancala.example.com/app/"}}]]}`}}, "not a private chat"},
		{"web_app in a supergroup, edited", "editMessageReplyMarkup", url.Values{"chat_id": {"-1001234567890"}, "message_id": {"1"}, "reply_markup": {`{"inline_keyboard":[[{"text":"board","web_app":{"url":"https://mancala.example.com/app/"}}]]}`}}, "not a private chat"},
		{"web_app over http", "sendMessage", url.Values{"chat_id": {"5"}, "text": {"hi"}, "reply_markup": {`{"inline_keyboard":[[{"text":"board","web_app":{"url":"http://mancala.example.com/app/"}}]]}`}}, "not an https URL"},
		{"web_app to localhost", "sendMessage", url.Values{"chat_id": {"5"}, "text": {"hi"}, "reply_markup": {`{"inline_keyboard":[[{"text":"board","web_app":{"url":"https://localhost/app/"}}]]}`}}, "not an https URL"},
		{"web_app without url", "sendMessage", url.Values{"chat_id": {"5"}, "text": {"hi"}, "reply_markup": {`{"inline_keyboard":[[{"text":"board","web_app":{}}]]}`}}, `without its required field "url"`},
		{"web_app and url", "sendMessage", url.Values{"chat_id": {"5"}, "text": {"hi"}, "reply_markup": {`{"inline_keyboard":[[{"text":"board","url":"https://t.me/b/app","web_app":{"url":"https://mancala.example.com/app/"}}]]}`}}, "exactly one field"},
		{"menu button in a group", "setChatMenuButton", url.Values{"chat_id": {"-5"}, "menu_button": {`{"type":"web_app","text":"board","web_app":{"url":"https://mancala.example.com/app/"}}`}}, "not a private chat"},
		{"menu button over http", "setChatMenuButton", url.Values{"chat_id": {"5"}, "menu_button": {`{"type":"web_app","text":"board","web_app":{"url":"http://mancala.example.com/app/"}}`}}, "not an https URL"},
		{"menu button without text", "setChatMenuButton", url.Values{"chat_id": {"5"}, "menu_button": {`{"type":"web_app","web_app":{"url":"https://mancala.example.com/app/"}}`}}, `without its required field "text"`},
		{"menu button of another type", "setChatMenuButton", url.Values{"chat_id": {"5"}, "menu_button": {`{"type":"webapp","text":"board","web_app":{"url":"https://mancala.example.com/app/"}}`}}, "no MenuButton fits"},
		{"9 in a row", "sendMessage", url.Values{"chat_id": {"5"}, "text": {"hi"}, "reply_markup": {`{"inline_keyboard":[` + row(9) + `]}`}}, "row 0 has 9 buttons, at most 8"},
		{"101 buttons", "sendMessage", url.Values{"chat_id": {"5"}, "text": {"hi"}, "reply_markup": {`{"inline_keyboard":[` + strings.Repeat(row(8)+",", 12) + row(5) + `]}`}}, "101 buttons, at most 100"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, body := post(t, s, "1:tok", tt.method, tt.form)
			v := s.TakeViolations()
			if code != 400 || len(v) != 1 || !strings.Contains(v[0], tt.want) {
				t.Errorf("%d %v, violations %q; want 400 and one saying %q", code, body, v, tt.want)
			}
		})
	}
	code, body := post(t, s, "1:tok", "sendMessage", url.Values{"chat_id": {"5"}, "text": {"hi"}, "link_preview_options": {`{"is_disabled":true}`},
		"reply_parameters": {`{"message_id":99,"allow_sending_without_reply":true}`}, "reply_markup": {`{"inline_keyboard":[` + strings.Repeat(row(8)+",", 12) + row(4) + `]}`}})
	if v := s.TakeViolations(); code != 200 || len(v) != 0 {
		t.Errorf("the documented parameters: %d %v %q", code, body, v)
	}
	code, body = post(t, s, "1:tok", "sendMessage", url.Values{"chat_id": {"5"}, "text": {"hi"},
		"reply_markup": {`{"inline_keyboard":[[{"text":"1","callback_data":"m:1"}],[{"text":"page","url":"https://mancala.example.com/g/a"}]]}`}})
	if v := s.TakeViolations(); code != 200 || len(v) != 0 {
		t.Errorf("a url button under a callback button: %d %v %q", code, body, v)
	} else if kb := fmt.Sprint(body["result"]); !strings.Contains(kb, "url:https://mancala.example.com/g/a") {
		t.Errorf("the url button is not in the message: %s", kb)
	}
	code, body = post(t, s, "1:tok", "sendMessage", url.Values{"chat_id": {"5"}, "text": {"hi"},
		"reply_markup": {`{"inline_keyboard":[[{"text":"1","callback_data":"m:1"}],[{"text":"board","web_app":{"url":"https://mancala.example.com/app/?game=a"}}]]}`}})
	if v := s.TakeViolations(); code != 200 || len(v) != 0 {
		t.Errorf("a web_app button in a private chat: %d %v %q", code, body, v)
	} else if m, _ := s.LastSent(5); len(m.Keyboard) != 2 || m.Keyboard[1][0] != (Button{Text: "board", WebApp: "https://mancala.example.com/app/?game=a"}) {
		t.Errorf("the web_app button is not in the message: %+v", m.Keyboard)
	}
	if _, ok := s.MenuButton(5); ok {
		t.Error("a menu button before any setChatMenuButton")
	}
	for _, mb := range []struct {
		chat string
		raw  string
		want MenuButton
	}{
		{"5", `{"type":"web_app","text":"board","web_app":{"url":"https://mancala.example.com/app/?game=a"}}`, MenuButton{Type: "web_app", Text: "board", WebApp: "https://mancala.example.com/app/?game=a"}},
		{"6", `{"type":"web_app","text":"board","web_app":{"url":"https://t.me/MancalaTestBot/board?startapp=a"}}`, MenuButton{Type: "web_app", Text: "board", WebApp: "https://t.me/MancalaTestBot/board?startapp=a"}},
		{"", `{"type":"commands"}`, MenuButton{Type: "commands"}},
	} {
		form := url.Values{"menu_button": {mb.raw}}
		var chat int64
		if mb.chat != "" {
			form.Set("chat_id", mb.chat)
			fmt.Sscan(mb.chat, &chat)
		}
		code, body := post(t, s, "1:tok", "setChatMenuButton", form)
		if v := s.TakeViolations(); code != 200 || len(v) != 0 {
			t.Errorf("setChatMenuButton %s %s: %d %v %q", mb.chat, mb.raw, code, body, v)
		}
		if got, ok := s.MenuButton(chat); !ok || got != mb.want {
			t.Errorf("chat %q's menu button %+v, want %+v", mb.chat, got, mb.want)
		}
	}
	code, _ = post(t, s, "1:tok", "sendMessage", url.Values{"chat_id": {"5"}, "text": {"hi"}, "reply_parameters": {`{"message_id":99}`}})
	if v := s.TakeViolations(); code != 400 || len(v) != 0 {
		t.Errorf("a reply to a missing message without allow_sending_without_reply: %d %q, want 400 (no violation: Telegram's own answer)", code, v)
	}
}
