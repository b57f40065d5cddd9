// Package telegramtest is a fake Telegram Bot API server for tests, in the
// manner of net/http/httptest: it serves the Bot API methods the telegram
// adapter uses on a loopback address, records everything the bot sends,
// lets a test act as users (typing a message, pressing a button) and can
// answer the next calls of a method with a failure, such as 429 Too Many
// Requests with a retry_after, or hold them until the test releases them
// (Hold), to fill the bot's queues deterministically.
//
// Methods: getMe, getUpdates (long polling: the call blocks until an update
// is injected or its timeout passes; a newer call ends an older one with
// 409 Conflict, as Telegram does), setWebhook (from then on the injected
// updates are POSTed to the webhook, see Webhook), deleteWebhook,
// setMyCommands (recorded
// per language_code), setChatMenuButton (recorded per chat: MenuButton),
// sendMessage, sendPhoto and sendAnimation (multipart),
// editMessageText, editMessageCaption, editMessageMedia (multipart,
// attach://), editMessageReplyMarkup, deleteMessage, answerCallbackQuery
// and getChatMember (every user is a "member" unless SetChatMember says
// otherwise). Requests
// go to POST /bot<token>/<method>, form-encoded or multipart; a wrong
// token gets 401 Unauthorized, an unknown method 404 Not Found.
//
// Like Telegram it checks what it is sent: HTML parse mode (see
// ParseHTML), the 4096-character text and 1024-character caption limits,
// 64-byte callback data, 200-character callback answers, "message is not
// modified" for an edit that changes nothing, an edit of the wrong kind
// of message, a callback query answered twice or never issued. Every call
// is checked against the Bot API's description
// (shared/specs/telegram-bot-api.json, Bot API 10.1, found by package
// adapters/internal/specs): a parameter it does not list (the replaced
// disable_web_page_preview, reply_to_message_id and
// allow_sending_without_reply included), a missing required one, a value
// of the wrong type, a JSON object with an unknown or missing field, a
// button with more than one action, keyboards past 8 buttons a row or 100
// in all, a web_app button outside a private chat, a Mini App address
// (WebAppInfo.url) that is not https, a menu button set for a chat that is
// not private are answered 400 and counted as violations (TakeViolations).
//
// Chat types follow the id: a positive id is a private chat, an id below
// -1000000000000 a supergroup and any other negative id a group. The bot
// may write to every private chat, as if every user had pressed Start,
// except those of users for whom RefusePrivateChat was called: sends there
// fail with 403 "Forbidden: bot can't initiate conversation with a user".
package telegramtest

import (
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// DefaultBot is the bot user getMe returns unless Server.Bot is changed
// before the first request.
var DefaultBot = User{ID: 7000001, FirstName: "Mancala", UserName: "MancalaTestBot"}

// User is a Telegram user.
type User struct {
	ID        int64
	FirstName string
	LastName  string
	UserName  string
}

// Button is an inline keyboard button.
type Button struct {
	Text, Data string
	// URL is a url button's address (Data is then "").
	URL string
	// WebApp is a web_app button's Mini App address (WebAppInfo.url; Data
	// and URL are then "").
	WebApp string
}

// MenuButton is the bot's menu button of a private chat as
// setChatMenuButton set it: Type "commands", "web_app" or "default", and
// for a web_app one its Text and WebApp address.
type MenuButton struct {
	Type, Text, WebApp string
}

// Message is a message in a chat as the server holds it now (after
// edits).
type Message struct {
	ID       int
	ChatID   int64
	ThreadID int
	// FromBot is set for the bot's messages; From is the author of the
	// others.
	FromBot bool
	From    User
	// Text is a text message's text, Caption a photo's caption, both as
	// the bot sent them (HTML in HTML parse mode); ParseMode is the parse
	// mode of the last send or edit.
	Text, Caption, ParseMode string
	// Photo is the image the bot uploaded (nil for a text message).
	Photo []byte
	// Animation is the GIF the bot uploaded with sendAnimation (nil for
	// other messages); its text is the Caption.
	Animation []byte
	// Keyboard is the inline keyboard (nil when none).
	Keyboard [][]Button
	// ReplyTo is the message this one replies to.
	ReplyTo int
	// Edits counts the edits; Sent and Edited are when they happened.
	Edits        int
	Sent, Edited time.Time
}

// IsPhoto reports whether m is a photo.
func (m Message) IsPhoto() bool { return m.Photo != nil }

// IsAnimation reports whether m is an animation.
func (m Message) IsAnimation() bool { return m.Animation != nil }

// hasCaption reports whether m is a media message, whose text is a
// caption.
func (m Message) hasCaption() bool { return m.IsPhoto() || m.IsAnimation() }

// Visible is the text or caption as a user sees it (HTML removed).
func (m Message) Visible() string {
	s := m.Text
	if m.hasCaption() {
		s = m.Caption
	}
	if m.ParseMode == "HTML" {
		if p, err := ParseHTML(s); err == nil {
			return p
		}
	}
	return s
}

// Buttons lists the keyboard's buttons row by row.
func (m Message) Buttons() []Button {
	var out []Button
	for _, row := range m.Keyboard {
		out = append(out, row...)
	}
	return out
}

// Button returns the data of the button labelled text. A label may also be
// named by the symbol it starts with: "✔" finds "✔ Accept".
func (m Message) Button(text string) (string, bool) {
	for _, b := range m.Buttons() {
		if b.Text == text || strings.HasPrefix(b.Text, text+" ") {
			return b.Data, true
		}
	}
	return "", false
}

// Call is one request the server received.
type Call struct {
	Method string
	// Params are the form fields; Files the multipart files by field.
	Params map[string]string
	Files  map[string][]byte
	Time   time.Time
	// Status is the HTTP status of the answer; Error its description
	// when it was an error.
	Status int
	Error  string
}

// CallbackAnswer is an answerCallbackQuery.
type CallbackAnswer struct {
	ID        string
	Text      string
	ShowAlert bool
	Time      time.Time
}

// Command is a bot command as registered with setMyCommands.
type Command struct {
	Command     string `json:"command"`
	Description string `json:"description"`
}

// Server is a fake Bot API server. Create it with New; it is safe for
// concurrent use.
type Server struct {
	// URL is the server's base URL ("http://127.0.0.1:PORT"), which is
	// what TELEGRAM_API_ENDPOINT takes.
	URL string
	// Token is the only token the server accepts.
	Token string
	// Bot is the bot user (getMe).
	Bot User

	srv       *httptest.Server
	closing   chan struct{}
	closeOnce sync.Once

	mu sync.Mutex
	// webhookTimeout is how long a delivery to the webhook may take before
	// it counts as failed and the update is POSTed again (0: 10 s); see
	// SetWebhookTimeout.
	webhookTimeout time.Duration
	changed        chan struct{}
	nextUpdate     int
	updates        []pendingUpdate
	injected       int
	confirmed      int // update ids below this are confirmed
	pollGen        int
	polls          int         // getUpdates calls begun
	returned       map[int]int // update id -> polls when getUpdates first returned it
	chats          map[int64]*chat
	calls          []Call
	answers        []CallbackAnswer
	callbacks      map[string]bool // issued query ids: answered?
	nextCB         int
	commands       map[string][]Command
	menus          map[int64]MenuButton // chat (0: the default) -> menu button
	failures       map[string][]failure
	migrated       map[int64]int64
	refused        map[int64]bool             // private chats the bot may not write to
	members        map[int64]map[int64]string // chat -> user -> status
	holds          map[string]chan struct{}   // methods whose calls wait
	waiting        map[string]int             // calls waiting on a hold
	webhookDel     bool
	hook           *Webhook // set by setWebhook
	hookRun        bool     // the delivering goroutine is running
	hookPosts      []WebhookPost

	api        *botAPI
	vMu        sync.Mutex // guards violations; taken last
	violations []string
}

type pendingUpdate struct {
	id   int
	kind string
	raw  map[string]any
}

type chat struct {
	id   int64
	typ  string
	next int
	msgs map[int]*Message
	ids  []int
}

type failure struct {
	status     int
	desc       string
	retryAfter int
}

// New starts a server accepting token. Close it when done.
func New(token string) *Server {
	s := &Server{
		Token:      token,
		Bot:        DefaultBot,
		closing:    make(chan struct{}),
		changed:    make(chan struct{}),
		nextUpdate: 500,
		chats:      map[int64]*chat{},
		callbacks:  map[string]bool{},
		commands:   map[string][]Command{},
		menus:      map[int64]MenuButton{},
		failures:   map[string][]failure{},
		migrated:   map[int64]int64{},
		refused:    map[int64]bool{},
		members:    map[int64]map[int64]string{},
		returned:   map[int]int{},
		holds:      map[string]chan struct{}{},
		waiting:    map[string]int{},
	}
	if api, err := loadBotAPI(); err != nil {
		s.violate("the Bot API's specification, which every call is checked against, is not available: %v", err)
	} else {
		s.api = api
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /{bottoken}/{method}", s.serve)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeErr(w, http.StatusNotFound, "Not Found", 0)
	})
	s.srv = httptest.NewServer(mux)
	s.URL = s.srv.URL
	return s
}

// Endpoint is the server as a tgbotapi endpoint pattern
// ("http://127.0.0.1:PORT/bot%s/%s").
func (s *Server) Endpoint() string { return s.URL + "/bot%s/%s" }

// Close ends pending long polls and shuts the server down.
func (s *Server) Close() {
	s.closeOnce.Do(func() { close(s.closing) })
	s.srv.Close()
}

// touch wakes waiters; s.mu must be held.
func (s *Server) touch() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// MinWait is the least WaitFor waits before it gives up (see WaitFor).
var MinWait = 2 * time.Minute

// WaitFor waits until cond (called without the server's lock held, so it
// may use the accessors) is true, re-checking after every request and
// injection and at least every 20 ms. It reports whether cond became true
// within timeout, or MinWait if that is longer: the timeout only guards
// against a hang, and a test waiting for something that does happen must
// not fail because a loaded machine was slow to do it.
func (s *Server) WaitFor(timeout time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(max(timeout, MinWait))
	for {
		s.mu.Lock()
		ch := s.changed
		s.mu.Unlock()
		if cond() {
			return true
		}
		left := time.Until(deadline)
		if left <= 0 {
			return false
		}
		t := time.NewTimer(min(left, 20*time.Millisecond))
		select {
		case <-ch:
		case <-t.C:
		}
		t.Stop()
	}
}

// RateLimit answers the next n calls of method with 429 Too Many
// Requests and retry_after seconds.
func (s *Server) RateLimit(method string, n, retryAfter int) {
	s.addFailure(method, n, failure{status: 429, desc: fmt.Sprintf("Too Many Requests: retry after %d", retryAfter), retryAfter: retryAfter})
}

// Fail answers the next n calls of method with status and description
// ("Internal Server Error", "Forbidden: bot was blocked by the user").
func (s *Server) Fail(method string, n, status int, description string) {
	s.addFailure(method, n, failure{status: status, desc: description})
}

func (s *Server) addFailure(method string, n int, f failure) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.failures[method] = append(s.failures[method], f)
	}
}

// Migrate upgrades group from to supergroup to: from then on, messages
// sent to from fail with migrate_to_chat_id, as Telegram answers.
func (s *Server) Migrate(from, to int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.migrated[from] = to
}

// RefusePrivateChat makes the user's private chat with the bot (chat id =
// user id) refuse the bot's messages with 403 Forbidden, as Telegram does
// until the user has opened the chat and pressed Start.
func (s *Server) RefusePrivateChat(userID int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refused[userID] = true
}

// AllowPrivateChat undoes RefusePrivateChat: the user pressed Start.
func (s *Server) AllowPrivateChat(userID int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.refused, userID)
}

// SetChatMember sets the status getChatMember reports for user in chat:
// "creator", "administrator", "member" (the default for everyone),
// "restricted", "left" or "kicked".
func (s *Server) SetChatMember(chatID, userID int64, status string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.members[chatID]
	if m == nil {
		m = map[int64]string{}
		s.members[chatID] = m
	}
	m[userID] = status
}

// Hold makes the calls of method wait, unanswered and unrecorded, until
// release is called (once); they are then served, in no particular order
// when several wait.
// Waiting tells how many wait.
func (s *Server) Hold(method string) (release func()) {
	ch := make(chan struct{})
	s.mu.Lock()
	s.holds[method] = ch
	s.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			if s.holds[method] == ch {
				delete(s.holds, method)
			}
			s.mu.Unlock()
			close(ch)
		})
	}
}

// Waiting is the number of calls of method waiting on a Hold.
func (s *Server) Waiting(method string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.waiting[method]
}

// wait blocks a call of method while it is held; it reports false when
// the request or the server ended first.
func (s *Server) wait(r *http.Request, method string) bool {
	s.mu.Lock()
	ch := s.holds[method]
	if ch == nil {
		s.mu.Unlock()
		return true
	}
	s.waiting[method]++
	s.touch()
	s.mu.Unlock()
	// Drain the body: only once it hit EOF does net/http watch the
	// connection, and end the request's context when the client goes
	// away (a bot process killed while held).
	_, _ = io.Copy(io.Discard, r.Body)
	ok := true
	select {
	case <-ch:
	case <-r.Context().Done():
		ok = false
	case <-s.closing:
		ok = false
	}
	s.mu.Lock()
	s.waiting[method]--
	s.touch()
	s.mu.Unlock()
	return ok
}

// chatType is the type a chat id implies.
func chatType(id int64) string {
	switch {
	case id > 0:
		return "private"
	case id < -1000000000000:
		return "supergroup"
	}
	return "group"
}

// chatLocked returns the chat, creating it; s.mu must be held.
func (s *Server) chatLocked(id int64) *chat {
	c := s.chats[id]
	if c == nil {
		c = &chat{id: id, typ: chatType(id), next: 1, msgs: map[int]*Message{}}
		s.chats[id] = c
	}
	return c
}

func (c *chat) add(m *Message) *Message {
	m.ID = c.next
	m.ChatID = c.id
	c.next++
	c.msgs[m.ID] = m
	c.ids = append(c.ids, m.ID)
	return m
}

// --- Injecting what users do ---

// SendText makes user type text in chat, with the app language lang (the
// language_code; "" for none). A text starting with "/" carries a
// bot_command entity. It returns the message id.
func (s *Server) SendText(chatID int64, from User, lang, text string) int {
	return s.SendTextInTopic(chatID, 0, from, lang, text)
}

// SendTextInTopic is SendText in a forum topic (a supergroup's
// message_thread_id, with is_topic_message set).
func (s *Server) SendTextInTopic(chatID int64, thread int, from User, lang, text string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.chatLocked(chatID)
	m := c.add(&Message{ThreadID: thread, From: from, Text: text, Sent: time.Now()})
	msg := s.messageJSON(c, m)
	msg["from"] = userJSON(from, lang)
	if strings.HasPrefix(text, "/") {
		cmd, _, _ := strings.Cut(text, " ")
		msg["entities"] = []any{map[string]any{"type": "bot_command", "offset": 0, "length": utf16Len(cmd)}}
	}
	s.pushLocked("message", map[string]any{"message": msg})
	return m.ID
}

// PressButton makes user press the button with callback data data under
// message messageID of chat (whatever the message's keyboard holds now: a
// user's app may show an old keyboard). It returns the callback query id.
func (s *Server) PressButton(chatID int64, from User, lang string, messageID int, data string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.chatLocked(chatID)
	var msg map[string]any
	if m := c.msgs[messageID]; m != nil {
		msg = s.messageJSON(c, m)
	} else {
		msg = map[string]any{"message_id": messageID, "date": time.Now().Unix(), "chat": chatJSON(c), "text": ""}
	}
	s.nextCB++
	id := "cb" + strconv.Itoa(s.nextCB)
	s.callbacks[id] = false
	s.pushLocked("callback_query", map[string]any{"callback_query": map[string]any{
		"id": id, "from": userJSON(from, lang), "message": msg,
		"chat_instance": "ci" + strconv.FormatInt(chatID, 10), "data": data,
	}})
	return id
}

// Inject queues a raw Update object (a fixture). Its update_id is
// replaced by the server's next id, which is returned; a callback query's
// id becomes known to answerCallbackQuery.
func (s *Server) Inject(update []byte) (int, error) {
	var u map[string]any
	if err := json.Unmarshal(update, &u); err != nil {
		return 0, fmt.Errorf("telegramtest: update: %w", err)
	}
	kind := ""
	for k := range u {
		if k != "update_id" {
			kind = k
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if cq, ok := u["callback_query"].(map[string]any); ok {
		if id, ok := cq["id"].(string); ok {
			s.callbacks[id] = false
		}
	}
	return s.pushLocked(kind, u), nil
}

func (s *Server) pushLocked(kind string, u map[string]any) int {
	id := s.nextUpdate
	s.nextUpdate++
	u["update_id"] = id
	s.updates = append(s.updates, pendingUpdate{id: id, kind: kind, raw: u})
	s.injected++
	s.touch()
	return id
}

// --- Accessors ---

// Injected is the number of updates injected so far.
func (s *Server) Injected() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.injected
}

// Unconfirmed is the number of injected updates the bot has not yet
// confirmed (by asking getUpdates for a later offset).
func (s *Server) Unconfirmed() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.updates)
}

// Confirmed is the offset the bot has confirmed with getUpdates (or, in
// webhook mode, one past the highest update it answered 2xx): update ids
// below it that getUpdates returned were acknowledged.
func (s *Server) Confirmed() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.confirmed
}

// PolledSince reports whether getUpdates has returned update id and a
// getUpdates call has begun since: the bot has had the chance to confirm
// it (by that call's offset).
func (s *Server) PolledSince(id int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	at, ok := s.returned[id]
	return ok && s.polls > at
}

// Delete deletes message id of chat, as a chat administrator (or, in a
// private chat, the user) may: from then on it is gone for the bot too
// (edits and deletions answer "not found"). It reports whether there was
// such a message.
func (s *Server) Delete(chatID int64, id int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.chats[chatID]
	if c == nil || c.msgs[id] == nil {
		return false
	}
	delete(c.msgs, id)
	return true
}

// Sent lists the bot's messages in chat, oldest first, as they are now.
func (s *Server) Sent(chatID int64) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.chats[chatID]
	if c == nil {
		return nil
	}
	var out []Message
	for _, id := range c.ids {
		if m := c.msgs[id]; m != nil && m.FromBot {
			out = append(out, *m)
		}
	}
	return out
}

// LastSent is the bot's latest message in chat.
func (s *Server) LastSent(chatID int64) (Message, bool) {
	sent := s.Sent(chatID)
	if len(sent) == 0 {
		return Message{}, false
	}
	return sent[len(sent)-1], true
}

// Message returns message id of chat as it is now.
func (s *Server) Message(chatID int64, id int) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.chats[chatID]; c != nil {
		if m := c.msgs[id]; m != nil {
			return *m, true
		}
	}
	return Message{}, false
}

// Calls lists the requests for method, or all of them when method is "".
func (s *Server) Calls(method string) []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Call
	for _, c := range s.calls {
		if method == "" || c.Method == method {
			out = append(out, c)
		}
	}
	return out
}

// Answers lists the callback answers, oldest first.
func (s *Server) Answers() []CallbackAnswer {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.answers)
}

// Answer returns the answer to callback query id.
func (s *Server) Answer(id string) (CallbackAnswer, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, a := range s.answers {
		if a.ID == id {
			return a, true
		}
	}
	return CallbackAnswer{}, false
}

// Commands returns the command list last registered for language_code
// lang ("" is the default list) and whether there is one.
func (s *Server) Commands(lang string) ([]Command, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.commands[lang]
	return slices.Clone(c), ok
}

// MenuButton is the menu button setChatMenuButton set for the private
// chat chat (0: the bot's default one), and whether it was set at all.
func (s *Server) MenuButton(chat int64) (MenuButton, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.menus[chat]
	return m, ok
}

// WebhookDeleted reports whether deleteWebhook was called.
func (s *Server) WebhookDeleted() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.webhookDel
}

// --- Serving ---

type apiError struct {
	status     int
	desc       string
	retryAfter int
	migrateTo  int64
}

func badRequest(format string, args ...any) *apiError {
	return &apiError{status: 400, desc: "Bad Request: " + fmt.Sprintf(format, args...)}
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	tok, ok := strings.CutPrefix(r.PathValue("bottoken"), "bot")
	method := r.PathValue("method")
	if !ok {
		writeErr(w, http.StatusNotFound, "Not Found", 0)
		return
	}
	call := Call{Method: method, Params: map[string]string{}, Files: map[string][]byte{}, Time: time.Now()}
	if err := readParams(r, &call); err != nil {
		writeErr(w, 400, "Bad Request: "+err.Error(), 0)
		return
	}
	if tok != s.Token {
		s.record(call, 401, "Unauthorized")
		writeErr(w, 401, "Unauthorized", 0)
		return
	}
	if s.api != nil {
		if err := s.api.checkCall(call); err != nil {
			s.violate("%v", err)
			s.record(call, 400, "Bad Request: "+err.Error())
			writeErr(w, 400, "Bad Request: "+err.Error(), 0)
			return
		}
	}
	if method == "getUpdates" {
		s.mu.Lock()
		hooked := s.hook != nil
		s.mu.Unlock()
		if hooked {
			s.record(call, 409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first")
			writeErr(w, 409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first", 0)
			return
		}
		s.getUpdates(w, r, call)
		return
	}
	if !s.wait(r, method) {
		writeErr(w, http.StatusServiceUnavailable, "Service Unavailable", 0)
		return
	}
	s.mu.Lock()
	if fs := s.failures[method]; len(fs) > 0 {
		f := fs[0]
		s.failures[method] = fs[1:]
		s.recordLocked(call, f.status, f.desc)
		s.mu.Unlock()
		writeErr(w, f.status, f.desc, f.retryAfter)
		return
	}
	result, aerr := s.apply(call)
	if aerr != nil {
		s.recordLocked(call, aerr.status, aerr.desc)
		s.mu.Unlock()
		writeAPIError(w, aerr)
		return
	}
	s.recordLocked(call, 200, "")
	s.mu.Unlock()
	writeJSON(w, 200, map[string]any{"ok": true, "result": result})
}

func readParams(r *http.Request, c *Call) error {
	ct := r.Header.Get("Content-Type")
	if strings.HasPrefix(ct, "multipart/form-data") {
		if err := r.ParseMultipartForm(32 << 20); err != nil {
			return err
		}
		for k, v := range r.MultipartForm.Value {
			c.Params[k] = v[0]
		}
		for k, fhs := range r.MultipartForm.File {
			b, err := readFile(fhs[0])
			if err != nil {
				return err
			}
			c.Files[k] = b
		}
		return nil
	}
	if err := r.ParseForm(); err != nil {
		return err
	}
	for k, v := range r.PostForm {
		c.Params[k] = v[0]
	}
	return nil
}

func readFile(fh *multipart.FileHeader) ([]byte, error) {
	f, err := fh.Open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// violate records a call Telegram would refuse (see TakeViolations).
func (s *Server) violate(format string, args ...any) {
	s.vMu.Lock()
	s.violations = append(s.violations, fmt.Sprintf(format, args...))
	s.vMu.Unlock()
}

// TakeViolations returns the calls received so far that break the Bot
// API's specification (shared/specs/telegram-bot-api.json: an unknown or
// deprecated parameter, a missing required one, a value of the wrong
// type, a keyboard over its limits), each answered 400, and forgets them.
// Tests check that it is empty at their end; one that sends bad calls on
// purpose takes them. Without the specification, its absence is the
// violation.
func (s *Server) TakeViolations() []string {
	s.vMu.Lock()
	defer s.vMu.Unlock()
	v := s.violations
	s.violations = nil
	return v
}

func (s *Server) record(c Call, status int, desc string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.recordLocked(c, status, desc)
}

func (s *Server) recordLocked(c Call, status int, desc string) {
	c.Status, c.Error = status, desc
	s.calls = append(s.calls, c)
	s.touch()
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeErr(w http.ResponseWriter, status int, desc string, retryAfter int) {
	writeAPIError(w, &apiError{status: status, desc: desc, retryAfter: retryAfter})
}

func writeAPIError(w http.ResponseWriter, e *apiError) {
	body := map[string]any{"ok": false, "error_code": e.status, "description": e.desc}
	switch {
	case e.retryAfter > 0:
		body["parameters"] = map[string]any{"retry_after": e.retryAfter}
	case e.migrateTo != 0:
		body["parameters"] = map[string]any{"migrate_to_chat_id": e.migrateTo}
	}
	writeJSON(w, e.status, body)
}

// getUpdates long-polls; see the package documentation.
func (s *Server) getUpdates(w http.ResponseWriter, r *http.Request, c Call) {
	offset, _ := strconv.Atoi(c.Params["offset"])
	limit, _ := strconv.Atoi(c.Params["limit"])
	if limit <= 0 || limit > 100 {
		limit = 100
	}
	timeout, _ := strconv.Atoi(c.Params["timeout"])
	var allowed []string
	if a := c.Params["allowed_updates"]; a != "" {
		_ = json.Unmarshal([]byte(a), &allowed)
	}
	s.mu.Lock()
	if fs := s.failures["getUpdates"]; len(fs) > 0 {
		f := fs[0]
		s.failures["getUpdates"] = fs[1:]
		s.recordLocked(c, f.status, f.desc)
		s.mu.Unlock()
		writeErr(w, f.status, f.desc, f.retryAfter)
		return
	}
	s.pollGen++
	s.polls++
	gen := s.pollGen
	s.recordLocked(c, 200, "")
	s.mu.Unlock()

	deadline := time.NewTimer(time.Duration(timeout) * time.Second)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		if gen != s.pollGen {
			s.mu.Unlock()
			writeErr(w, 409, "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running", 0)
			return
		}
		if len(allowed) > 0 { // Telegram does not keep updates of other kinds
			s.updates = slices.DeleteFunc(s.updates, func(u pendingUpdate) bool { return !slices.Contains(allowed, u.kind) })
		}
		if offset > 0 && offset > s.confirmed {
			s.confirmed = offset
			s.updates = slices.DeleteFunc(s.updates, func(u pendingUpdate) bool { return u.id < offset })
			s.touch()
		}
		var out []any
		for _, u := range s.updates {
			if len(out) == limit {
				break
			}
			if u.id >= offset && (len(allowed) == 0 || slices.Contains(allowed, u.kind)) {
				out = append(out, u.raw)
			}
		}
		if len(out) > 0 {
			for _, u := range out {
				id := u.(map[string]any)["update_id"].(int)
				if _, ok := s.returned[id]; !ok {
					s.returned[id] = s.polls
				}
			}
			s.touch()
		}
		ch := s.changed
		s.mu.Unlock()
		if len(out) > 0 || timeout <= 0 {
			if out == nil {
				out = []any{}
			}
			b, _ := json.Marshal(map[string]any{"ok": true, "result": out})
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write(b)
			return
		}
		select {
		case <-ch:
		case <-deadline.C:
			timeout = 0
		case <-s.closing:
			timeout = 0
		case <-r.Context().Done():
			return
		}
	}
}

// apply performs a call; s.mu is held.
func (s *Server) apply(c Call) (any, *apiError) {
	p := c.Params
	switch c.Method {
	case "getMe":
		return map[string]any{"id": s.Bot.ID, "is_bot": true, "first_name": s.Bot.FirstName,
			"username": s.Bot.UserName, "can_join_groups": true}, nil
	case "deleteWebhook":
		s.webhookDel = true
		s.hook = nil
		return true, nil
	case "setWebhook":
		return s.setWebhookLocked(p)
	case "setMyCommands":
		var cmds []Command
		if err := json.Unmarshal([]byte(p["commands"]), &cmds); err != nil {
			return nil, badRequest("can't parse commands JSON object")
		}
		if len(cmds) > 100 {
			return nil, badRequest("too many commands")
		}
		for _, cm := range cmds {
			if !validCommand(cm.Command) {
				return nil, badRequest("BOT_COMMAND_INVALID")
			}
			if n := utf16Len(cm.Description); n < 1 || n > 256 {
				return nil, badRequest("BOT_COMMAND_DESCRIPTION_INVALID")
			}
		}
		if sc := p["scope"]; sc != "" && !strings.Contains(sc, `"default"`) {
			return nil, badRequest("only the default scope is supported by telegramtest")
		}
		s.commands[p["language_code"]] = cmds
		return true, nil
	case "setChatMenuButton":
		return s.setChatMenuButton(p)
	case "sendMessage":
		return s.sendMessage(c)
	case "sendPhoto":
		return s.sendPhoto(c)
	case "sendAnimation":
		return s.sendAnimation(c)
	case "editMessageText", "editMessageCaption", "editMessageMedia", "editMessageReplyMarkup":
		return s.editMessage(c)
	case "deleteMessage":
		ch, m, err := s.target(p)
		if err != nil {
			return nil, badRequest("message to delete not found")
		}
		delete(ch.msgs, m.ID)
		return true, nil
	case "getChatMember":
		chatID, err1 := strconv.ParseInt(p["chat_id"], 10, 64)
		userID, err2 := strconv.ParseInt(p["user_id"], 10, 64)
		if err1 != nil || err2 != nil || chatID == 0 {
			return nil, badRequest("chat not found")
		}
		status := s.members[chatID][userID]
		if status == "" {
			status = "member"
		}
		u := map[string]any{"id": userID, "is_bot": false, "first_name": "User"}
		return map[string]any{"status": status, "user": u}, nil
	case "sendChatAction":
		return s.sendChatAction(p)
	case "answerCallbackQuery":
		id := p["callback_query_id"]
		answered, ok := s.callbacks[id]
		if !ok || answered {
			return nil, badRequest("query is too old and response timeout expired or query ID is invalid")
		}
		if utf16Len(p["text"]) > 200 {
			return nil, badRequest("MESSAGE_TOO_LONG")
		}
		s.callbacks[id] = true
		s.answers = append(s.answers, CallbackAnswer{ID: id, Text: p["text"], ShowAlert: p["show_alert"] == "true", Time: c.Time})
		return true, nil
	}
	return nil, &apiError{status: 404, desc: "Not Found: method not found"}
}

func validCommand(n string) bool {
	if n == "" || len(n) > 32 {
		return false
	}
	for _, c := range n {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// checkText validates a text or caption in its parse mode against limit.
func checkText(text, mode string, limit int, what string) *apiError {
	visible := text
	if mode == "HTML" {
		v, err := ParseHTML(text)
		if err != nil {
			return badRequest("can't parse entities: %v", err)
		}
		visible = v
	} else if mode != "" && mode != "Markdown" && mode != "MarkdownV2" {
		return badRequest("unsupported parse_mode")
	}
	if n := utf16Len(strings.TrimSpace(visible)); n > limit {
		return badRequest("%s is too long", what)
	} else if n == 0 && what == "message" {
		return badRequest("message text is empty")
	}
	return nil
}

// setChatMenuButton records a chat's menu button (the default one without
// chat_id); the Bot API changes "the bot's menu button in a private chat",
// so another chat is refused, as is a web_app button whose address is not
// https (checkCall has checked the fields' types).
func (s *Server) setChatMenuButton(p map[string]string) (any, *apiError) {
	var chat int64
	if c := p["chat_id"]; c != "" {
		id, err := strconv.ParseInt(c, 10, 64)
		if err != nil || id == 0 {
			return nil, badRequest("chat not found")
		}
		if chatType(id) != "private" {
			return nil, badRequest("the menu button can be set only in private chats")
		}
		chat = id
	}
	m := MenuButton{Type: "default"}
	if raw := p["menu_button"]; raw != "" {
		var mb struct {
			Type   string `json:"type"`
			Text   string `json:"text"`
			WebApp struct {
				URL string `json:"url"`
			} `json:"web_app"`
		}
		if err := json.Unmarshal([]byte(raw), &mb); err != nil {
			return nil, badRequest("can't parse menu button JSON object")
		}
		m = MenuButton{Type: mb.Type, Text: mb.Text, WebApp: mb.WebApp.URL}
		switch {
		case m.Type == "web_app" && (m.Text == "" || !webAppURL(m.WebApp)):
			return nil, badRequest("BUTTON_URL_INVALID")
		case m.Type != "web_app" && m.Type != "commands" && m.Type != "default":
			return nil, badRequest("unsupported menu button type")
		}
	}
	s.menus[chat] = m
	return true, nil
}

// webAppURL reports whether u can be a Mini App's address (WebAppInfo.url:
// "An HTTPS URL"; the url button's rules for the host).
func webAppURL(u string) bool {
	p, err := url.Parse(u)
	return err == nil && p.Scheme == "https" && buttonURL(u)
}

// keyboardParam reads reply_markup. A web_app button is refused outside
// private chats ("Available only in private chats between a user and the
// bot": Telegram answers BUTTON_TYPE_INVALID), and with an address that is
// not https.
func keyboardParam(p map[string]string) ([][]Button, *apiError) {
	raw := p["reply_markup"]
	if raw == "" {
		return nil, nil
	}
	var mk struct {
		InlineKeyboard [][]struct {
			Text         string  `json:"text"`
			CallbackData *string `json:"callback_data"`
			URL          *string `json:"url"`
			WebApp       *struct {
				URL string `json:"url"`
			} `json:"web_app"`
		} `json:"inline_keyboard"`
	}
	if err := json.Unmarshal([]byte(raw), &mk); err != nil {
		return nil, badRequest("can't parse reply keyboard markup JSON object")
	}
	var rows [][]Button
	for _, row := range mk.InlineKeyboard {
		if len(row) == 0 || len(row) > 8 {
			return nil, badRequest("REPLY_MARKUP_INVALID")
		}
		var r []Button
		for _, b := range row {
			if b.Text == "" {
				return nil, badRequest("text buttons are unallowed in the inline keyboard")
			}
			if b.WebApp != nil {
				id, _ := strconv.ParseInt(p["chat_id"], 10, 64)
				if chatType(id) != "private" {
					return nil, badRequest("BUTTON_TYPE_INVALID")
				}
				if !webAppURL(b.WebApp.URL) {
					return nil, badRequest("BUTTON_URL_INVALID")
				}
				r = append(r, Button{Text: b.Text, WebApp: b.WebApp.URL})
				continue
			}
			if b.URL != nil {
				if !buttonURL(*b.URL) {
					return nil, badRequest("BUTTON_URL_INVALID")
				}
				r = append(r, Button{Text: b.Text, URL: *b.URL})
				continue
			}
			if b.CallbackData == nil || *b.CallbackData == "" || len(*b.CallbackData) > 64 {
				return nil, badRequest("BUTTON_DATA_INVALID")
			}
			r = append(r, Button{Text: b.Text, Data: *b.CallbackData})
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// buttonURL reports whether Telegram takes u as a url button's address:
// "HTTP or tg:// URL" (InlineKeyboardButton.url); an http(s) URL whose
// host has no dot, such as localhost, is refused with BUTTON_URL_INVALID
// (not documented; reported in github.com/rubenlagus/TelegramBots issue
// 302), as is any other scheme ("Unsupported URL protocol").
func buttonURL(u string) bool {
	p, err := url.Parse(u)
	if err != nil {
		return false
	}
	switch p.Scheme {
	case "tg":
		return true
	case "http", "https":
		return strings.Contains(strings.Trim(p.Hostname(), "."), ".")
	}
	return false
}

// newMessage checks chat_id, message_thread_id and reply_parameters of a
// send.
func (s *Server) newMessage(p map[string]string) (*chat, *Message, *apiError) {
	id, err := strconv.ParseInt(p["chat_id"], 10, 64)
	if err != nil || id == 0 {
		return nil, nil, badRequest("chat not found")
	}
	if to := s.migrated[id]; to != 0 {
		return nil, nil, &apiError{status: 400, desc: "Bad Request: group chat was upgraded to a supergroup chat", migrateTo: to}
	}
	if s.refused[id] {
		return nil, nil, &apiError{status: 403, desc: "Forbidden: bot can't initiate conversation with a user"}
	}
	c := s.chatLocked(id)
	m := &Message{FromBot: true, Sent: time.Now()}
	if t := p["message_thread_id"]; t != "" {
		if c.typ != "supergroup" {
			return nil, nil, badRequest("message thread not found")
		}
		m.ThreadID, _ = strconv.Atoi(t)
	}
	if r := p["reply_parameters"]; r != "" {
		var rp struct {
			MessageID                int  `json:"message_id"`
			AllowSendingWithoutReply bool `json:"allow_sending_without_reply"`
		}
		if err := json.Unmarshal([]byte(r), &rp); err != nil {
			return nil, nil, badRequest("can't parse reply parameters JSON object")
		}
		m.ReplyTo = rp.MessageID
		if c.msgs[m.ReplyTo] == nil && !rp.AllowSendingWithoutReply {
			return nil, nil, badRequest("message to be replied not found")
		}
	}
	kb, aerr := keyboardParam(p)
	if aerr != nil {
		return nil, nil, aerr
	}
	m.Keyboard = kb
	return c, m, nil
}

func (s *Server) sendMessage(call Call) (any, *apiError) {
	p := call.Params
	c, m, aerr := s.newMessage(p)
	if aerr != nil {
		return nil, aerr
	}
	if aerr := checkText(p["text"], p["parse_mode"], 4096, "message"); aerr != nil {
		return nil, aerr
	}
	m.Text, m.ParseMode = p["text"], p["parse_mode"]
	return s.messageJSON(c, c.add(m)), nil
}

func (s *Server) sendPhoto(call Call) (any, *apiError) {
	p := call.Params
	c, m, aerr := s.newMessage(p)
	if aerr != nil {
		return nil, aerr
	}
	photo := call.Files["photo"]
	if len(photo) == 0 {
		return nil, badRequest("there is no photo in the request")
	}
	if aerr := checkText(p["caption"], p["parse_mode"], 1024, "message caption"); aerr != nil {
		return nil, aerr
	}
	m.Photo, m.Caption, m.ParseMode = photo, p["caption"], p["parse_mode"]
	return s.messageJSON(c, c.add(m)), nil
}

func (s *Server) sendAnimation(call Call) (any, *apiError) {
	p := call.Params
	c, m, aerr := s.newMessage(p)
	if aerr != nil {
		return nil, aerr
	}
	anim := call.Files["animation"]
	if len(anim) == 0 {
		return nil, badRequest("there is no animation in the request")
	}
	if aerr := checkText(p["caption"], p["parse_mode"], 1024, "message caption"); aerr != nil {
		return nil, aerr
	}
	m.Animation, m.Caption, m.ParseMode = anim, p["caption"], p["parse_mode"]
	return s.messageJSON(c, c.add(m)), nil
}

// target finds the message of chat_id and message_id.
func (s *Server) target(p map[string]string) (*chat, *Message, error) {
	id, err := strconv.ParseInt(p["chat_id"], 10, 64)
	if err != nil {
		return nil, nil, err
	}
	mid, err := strconv.Atoi(p["message_id"])
	if err != nil {
		return nil, nil, err
	}
	c := s.chats[id]
	if c == nil || c.msgs[mid] == nil {
		return nil, nil, fmt.Errorf("no message %d in chat %d", mid, id)
	}
	return c, c.msgs[mid], nil
}

func (s *Server) editMessage(call Call) (any, *apiError) {
	p := call.Params
	c, m, err := s.target(p)
	if err != nil {
		return nil, badRequest("message to edit not found")
	}
	if !m.FromBot {
		return nil, badRequest("message can't be edited")
	}
	next := *m
	kb, aerr := keyboardParam(p)
	if aerr != nil {
		return nil, aerr
	}
	next.Keyboard = kb
	switch call.Method {
	case "editMessageText":
		if m.hasCaption() {
			return nil, badRequest("there is no text in the message to edit")
		}
		if aerr := checkText(p["text"], p["parse_mode"], 4096, "message"); aerr != nil {
			return nil, aerr
		}
		next.Text, next.ParseMode = p["text"], p["parse_mode"]
	case "editMessageCaption":
		if !m.hasCaption() {
			return nil, badRequest("there is no caption in the message to edit")
		}
		if aerr := checkText(p["caption"], p["parse_mode"], 1024, "message caption"); aerr != nil {
			return nil, aerr
		}
		next.Caption, next.ParseMode = p["caption"], p["parse_mode"]
	case "editMessageMedia":
		if !m.hasCaption() {
			return nil, badRequest("there is no media in the message to edit")
		}
		var media struct {
			Type, Media, Caption string
			ParseMode            string `json:"parse_mode"`
		}
		if err := json.Unmarshal([]byte(p["media"]), &media); err != nil {
			return nil, badRequest("can't parse InputMedia JSON object")
		}
		name, ok := strings.CutPrefix(media.Media, "attach://")
		if media.Type != "photo" || !ok || len(call.Files[name]) == 0 {
			return nil, badRequest("wrong file identifier/HTTP URL specified")
		}
		if aerr := checkText(media.Caption, media.ParseMode, 1024, "message caption"); aerr != nil {
			return nil, aerr
		}
		next.Photo, next.Animation, next.Caption, next.ParseMode = call.Files[name], nil, media.Caption, media.ParseMode
	case "editMessageReplyMarkup":
	}
	if call.Method != "editMessageMedia" && next.Text == m.Text && next.Caption == m.Caption &&
		next.ParseMode == m.ParseMode && keyboardsEqual(next.Keyboard, m.Keyboard) {
		return nil, badRequest("message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message")
	}
	next.Edits++
	next.Edited = time.Now()
	*m = next
	return s.messageJSON(c, m), nil
}

func keyboardsEqual(a, b [][]Button) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !slices.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// --- JSON of Bot API objects ---

func userJSON(u User, lang string) map[string]any {
	j := map[string]any{"id": u.ID, "is_bot": false, "first_name": u.FirstName}
	if u.LastName != "" {
		j["last_name"] = u.LastName
	}
	if u.UserName != "" {
		j["username"] = u.UserName
	}
	if lang != "" {
		j["language_code"] = lang
	}
	return j
}

func chatJSON(c *chat) map[string]any {
	j := map[string]any{"id": c.id, "type": c.typ}
	if c.typ == "private" {
		j["first_name"] = "User"
	} else {
		j["title"] = "Chat " + strconv.FormatInt(c.id, 10)
	}
	return j
}

// messageJSON is m as the Bot API returns it: text and caption as the
// user sees them, the photo as one PhotoSize.
func (s *Server) messageJSON(c *chat, m *Message) map[string]any {
	j := map[string]any{"message_id": m.ID, "date": m.Sent.Unix(), "chat": chatJSON(c)}
	if m.FromBot {
		j["from"] = map[string]any{"id": s.Bot.ID, "is_bot": true, "first_name": s.Bot.FirstName, "username": s.Bot.UserName}
	} else {
		j["from"] = userJSON(m.From, "")
	}
	if m.ThreadID != 0 {
		j["message_thread_id"] = m.ThreadID
		j["is_topic_message"] = true
	}
	if m.Edits > 0 {
		j["edit_date"] = m.Edited.Unix()
	}
	if m.IsPhoto() {
		fid := fmt.Sprintf("photo-%d-%d-%d", c.id, m.ID, m.Edits)
		j["photo"] = []any{map[string]any{"file_id": fid, "file_unique_id": fid, "width": 800, "height": 300, "file_size": len(m.Photo)}}
		if m.Caption != "" {
			j["caption"] = m.Visible()
		}
	} else if m.IsAnimation() {
		fid := fmt.Sprintf("animation-%d-%d-%d", c.id, m.ID, m.Edits)
		file := map[string]any{"file_id": fid, "file_unique_id": fid, "file_name": "move.gif",
			"mime_type": "image/gif", "file_size": len(m.Animation)}
		anim := map[string]any{"width": 600, "height": 230, "duration": 3}
		for k, v := range file {
			anim[k] = v
		}
		j["animation"], j["document"] = anim, file
		if m.Caption != "" {
			j["caption"] = m.Visible()
		}
	} else {
		j["text"] = m.Visible()
	}
	if m.ReplyTo != 0 {
		if r := c.msgs[m.ReplyTo]; r != nil {
			j["reply_to_message"] = map[string]any{"message_id": r.ID, "date": r.Sent.Unix(), "chat": chatJSON(c)}
		}
	}
	if len(m.Keyboard) > 0 {
		var rows []any
		for _, row := range m.Keyboard {
			var r []any
			for _, b := range row {
				switch {
				case b.WebApp != "":
					r = append(r, map[string]any{"text": b.Text, "web_app": map[string]any{"url": b.WebApp}})
				case b.URL != "":
					r = append(r, map[string]any{"text": b.Text, "url": b.URL})
				default:
					r = append(r, map[string]any{"text": b.Text, "callback_data": b.Data})
				}
			}
			rows = append(rows, r)
		}
		j["reply_markup"] = map[string]any{"inline_keyboard": rows}
	}
	return j
}

// chatActions are sendChatAction's actions (Bot API 10.1).
var chatActions = map[string]bool{"typing": true, "upload_photo": true, "record_video": true, "upload_video": true,
	"record_voice": true, "upload_voice": true, "upload_document": true, "choose_sticker": true,
	"find_location": true, "record_video_note": true, "upload_video_note": true}

// sendChatAction checks a chat action (the call is recorded: see Calls) as
// Telegram does: a known chat, a known action, a whole message_thread_id.
func (s *Server) sendChatAction(p map[string]string) (any, *apiError) {
	id, err := strconv.ParseInt(p["chat_id"], 10, 64)
	if err != nil || id == 0 {
		return nil, badRequest("chat not found")
	}
	if !chatActions[p["action"]] {
		return nil, badRequest("wrong parameter action in request")
	}
	if t, ok := p["message_thread_id"]; ok {
		if _, err := strconv.Atoi(t); err != nil {
			return nil, badRequest("message thread not found")
		}
	}
	return true, nil
}

// SetWebhookTimeout sets how long a delivery to the webhook may take before
// it counts as failed and the update is POSTed again (0, the default:
// 10 s). Call it before the first setWebhook; the bot under test may run
// in another process, so the setting is taken under the server's lock.
func (s *Server) SetWebhookTimeout(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.webhookTimeout = d
}
