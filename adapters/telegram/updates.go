package telegram

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf16"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/locales"
)

// allowedUpdates are the update kinds the adapter asks for.
const allowedUpdates = `["message","callback_query"]`

// topicInfo is what tgbotapi v5.5.1 (Bot API 5.5) does not decode of a
// message: forum topics came with Bot API 6.3.
type topicInfo struct {
	ThreadID int  `json:"message_thread_id"`
	IsTopic  bool `json:"is_topic_message"`
}

func (t *topicInfo) thread() int {
	if t != nil && t.IsTopic {
		return t.ThreadID
	}
	return 0
}

// updateExtra is an update's topic information.
type updateExtra struct {
	Message       *topicInfo `json:"message"`
	CallbackQuery *struct {
		Message *topicInfo `json:"message"`
	} `json:"callback_query"`
}

// getUpdates fetches updates from offset, waiting up to timeout seconds.
func (a *Adapter) getUpdates(ctx context.Context, offset, timeout, limit int) ([]tgbotapi.Update, []updateExtra, error) {
	p := tgbotapi.Params{"allowed_updates": allowedUpdates}
	p.AddNonZero("offset", offset)
	p.AddNonZero("limit", limit)
	p.AddNonZero("timeout", timeout)
	ctx, cancel := context.WithTimeout(ctx, time.Duration(timeout)*time.Second+15*time.Second)
	defer cancel()
	raw, err := a.request(ctx, "getUpdates", p, nil, nil)
	if err != nil {
		return nil, nil, err
	}
	var ups []tgbotapi.Update
	var extra []updateExtra
	if err := json.Unmarshal(raw, &ups); err != nil {
		return nil, nil, &Error{Method: "getUpdates", Description: "decoding updates: " + a.red.Replace(err.Error())}
	}
	if err := json.Unmarshal(raw, &extra); err != nil || len(extra) != len(ups) {
		extra = make([]updateExtra, len(ups))
	}
	return ups, extra, nil
}

// poll long-polls until ctx ends, dispatching updates to handlers that
// run under work. It returns an error only when the token is rejected.
//
// The offset it asks from (which confirms every update before it to
// Telegram) is a.acks.offset: it passes an update only once that update
// is handled, so an update a crash leaves unhandled is delivered again.
// While some are unhandled, getUpdates returns them again at once; those
// are skipped, and the next call waits backlogPoll.
func (a *Adapter) poll(ctx, work context.Context) error {
	timeout := int(a.cfg.PollTimeout / time.Second)
	b := newBackoff()
	for ctx.Err() == nil {
		wait := timeout
		if a.acks.waiting() {
			wait = 0 // it answers at once anyway: the unhandled updates are there
		}
		ups, extra, err := a.getUpdates(ctx, a.acks.offset(), wait, 100)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			e := asError(err)
			if e != nil && e.Code == 401 {
				a.log.ErrorContext(ctx, "Telegram rejected the token; stopping", "err", err)
				return err
			}
			if e != nil && e.Code == 409 && strings.Contains(e.Description, "webhook") {
				if _, err := a.request(ctx, "deleteWebhook", tgbotapi.Params{}, nil, nil); err != nil {
					a.log.WarnContext(ctx, "deleteWebhook failed", "err", err)
				}
			}
			d := b.next()
			a.log.WarnContext(ctx, "getUpdates failed; retrying", "err", err, "in", d)
			if sleep(ctx, d) != nil {
				break
			}
			continue
		}
		b.reset()
		a.lastPoll.Store(time.Now().UnixNano())
		fresh := 0
		for i, u := range ups {
			if !a.acks.receive(u.UpdateID) {
				continue // received before, not handled yet
			}
			fresh++
			id := u.UpdateID
			a.dispatch(work, u, extra[i], func(handled bool) {
				switch {
				case handled:
					a.acks.handled(id)
				case work.Err() == nil:
					// In progress elsewhere (bot.Request.InProgress): it
					// holds the offset and is handled again once the
					// next getUpdates after inProgressRetry returns it.
					time.AfterFunc(inProgressRetry, func() { a.acks.again(id) })
				}
			})
		}
		if fresh == 0 && a.acks.waiting() && sleep(ctx, backlogPoll) != nil {
			break
		}
	}
	return nil
}

// confirm tells Telegram, within timeout, that every update before
// offset was handled, so that the next start does not get them again.
// An update the call returns stays unconfirmed and comes again then.
func (a *Adapter) confirm(offset int, timeout time.Duration) {
	if offset == 0 || timeout <= 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if _, _, err := a.getUpdates(ctx, offset, 0, 1); err != nil {
		a.log.WarnContext(ctx, "could not confirm the last updates; they may be handled again", "err", err)
	}
}

// incoming is an update the handler will see.
type incoming struct {
	dst   target
	group bool
	req   bot.Request
	// user is the user's id, which is also their private chat's with the
	// bot.
	user int64
	// msgID is the user's message (for replies to it).
	msgID int
	// callbackID is set for a button press; held is the message whose
	// button was pressed (nil when Telegram did not send it).
	callbackID string
	held       *tgbotapi.Message
}

// dispatch queues an update on its chat's worker. done is called once:
// done(true) when the update is handled (see handle), or ignored;
// done(false) when Run stopped before handling it, or the bot left it in
// progress.
func (a *Adapter) dispatch(work context.Context, u tgbotapi.Update, x updateExtra, done func(handled bool)) {
	a.received.Add(1)
	in, ok := a.convert(u, x)
	if !ok {
		a.handled.Add(1)
		done(true)
		return
	}
	in.req.Received = time.Now()
	// A press Telegram sent without its message only needs its answer.
	isUrgent := in.callbackID != "" && in.held == nil || bot.Urgent(in.req)
	a.enqueue(in.dst.chat, isUrgent, func() { a.handle(work, in, isUrgent, done) })
}

// convert reads an update; ok is false for an update to ignore.
func (a *Adapter) convert(u tgbotapi.Update, x updateExtra) (in incoming, ok bool) {
	switch {
	case u.Message != nil:
		m := u.Message
		if m.From == nil || m.From.IsBot || m.Chat == nil || m.ForwardDate != 0 {
			return in, false
		}
		text := strings.TrimSpace(withTextMentions(m.Text, m.Entities))
		if text == "" {
			return in, false
		}
		switch m.Chat.Type {
		case "private":
		case "group", "supergroup":
			if !strings.HasPrefix(text, "/") || !a.addressedToMe(text) {
				return in, false
			}
			in.group = true
		default:
			return in, false
		}
		in.dst = target{chat: m.Chat.ID, thread: x.Message.thread()}
		in.msgID = m.MessageID
		in.user = m.From.ID
		in.req = bot.Request{Platform: Platform, Channel: in.dst.channel(), User: userOf(m.From), Text: text,
			EventID: strconv.Itoa(u.UpdateID)}
		in.req.ChannelLink, in.req.ChannelTitle = a.place(m.Chat)
		return in, true
	case u.CallbackQuery != nil:
		cq := u.CallbackQuery
		in.callbackID = cq.ID
		if cq.Message == nil || cq.Message.Chat == nil || cq.From == nil || cq.Data == "" {
			// An inline-mode message, or one too old for Telegram to
			// send: nothing to do but stop the spinner.
			return in, true
		}
		var ti *topicInfo
		if x.CallbackQuery != nil {
			ti = x.CallbackQuery.Message
		}
		in.dst = target{chat: cq.Message.Chat.ID, thread: ti.thread()}
		in.group = cq.Message.Chat.Type != "private"
		in.held = cq.Message
		in.user = cq.From.ID
		in.req = bot.Request{Platform: Platform, Channel: in.dst.channel(), User: userOf(cq.From), Button: cq.Data,
			EventID: strconv.Itoa(u.UpdateID)}
		in.req.ChannelLink, in.req.ChannelTitle = a.place(cq.Message.Chat)
		return in, true
	}
	return in, false
}

// addressedToMe reports whether a command is for this bot: "/cmd" or
// "/cmd@ThisBot", not "/cmd@OtherBot".
func (a *Adapter) addressedToMe(text string) bool {
	first, _, _ := strings.Cut(text, " ")
	first, _, _ = strings.Cut(first, "\n")
	_, name, ok := strings.Cut(first, "@")
	if !ok {
		return true
	}
	me := a.Username()
	return me == "" || strings.EqualFold(name, me)
}

// userOf is a Telegram user as the bot sees them (bot.TelegramUser, as the
// board app names them too).
func userOf(u *tgbotapi.User) bot.User {
	return bot.TelegramUser(u.ID, u.FirstName, u.UserName, u.LanguageCode)
}

// withTextMentions replaces each mention of a user without a username (a
// text_mention entity, whose text is the user's name) with "@<user id>".
func withTextMentions(text string, ents []tgbotapi.MessageEntity) string {
	var mentions []tgbotapi.MessageEntity
	for _, e := range ents {
		if e.Type == "text_mention" && e.User != nil {
			mentions = append(mentions, e)
		}
	}
	if len(mentions) == 0 {
		return text
	}
	u := utf16.Encode([]rune(text))
	for i := len(mentions) - 1; i >= 0; i-- { // entities come in order
		e := mentions[i]
		if e.Offset < 0 || e.Length <= 0 || e.Offset+e.Length > len(u) {
			continue
		}
		repl := utf16.Encode([]rune("@" + strconv.FormatInt(e.User.ID, 10)))
		u = append(u[:e.Offset:e.Offset], append(repl, u[e.Offset+e.Length:]...)...)
	}
	return string(utf16.Decode(u))
}

// handle runs one update through the handler and queues its replies in
// the chat's outbox (urgent ones when the update is). A button press is
// answered here, before any of its replies is sent, even when the handler
// panics. The update counts as handled (Stats.Handled) once every reply
// has been sent or given up on; HandleTimeout bounds all of it.
//
// done(true) is called as soon as the handler has returned: what the
// update changes is committed then (a move's board is owed in the store's
// outbox, which any process sends), so Telegram may be told, and the
// replies need not be waited for. It is called too when the handler
// panicked (the update would fail again). done(false) is called when Run
// stopped before the update was handled, or when the bot left it in
// progress (bot.Request.InProgress): Telegram must deliver it again.
func (a *Adapter) handle(work context.Context, in incoming, isUrgent bool, done func(handled bool)) {
	if work.Err() != nil {
		// Run is stopping and gave up: this update was received but is
		// not handled; it is not confirmed either, and comes again.
		a.unhandled.Add(1)
		a.handled.Add(1)
		done(false)
		return
	}
	acked := false
	ack := func() {
		if !acked {
			acked = true
			done(true)
		}
	}
	defer ack() // runs last: after the answer of a press, and a panic's recovery
	ctx, cancel := context.WithTimeout(work, a.cfg.HandleTimeout)
	tr := newTracker(func() {
		cancel()
		a.handled.Add(1)
	})
	defer tr.done()
	a.sem <- struct{}{}
	// The bot gives the slot back early when the update's search waits for
	// a worker (bot.WithSlot): waiting for the bot's move holds no slot.
	ctx, freeSlot := bot.WithSlot(ctx, func() { <-a.sem })
	defer freeSlot()

	queue := func(r bot.Reply, replyTo int, held *tgbotapi.Message) {
		tr.add()
		a.queueReply(&outItem{ctx: ctx, dst: in.dst, r: r, held: held, replyTo: replyTo, done: func(err error) {
			if err != nil {
				a.log.ErrorContext(ctx, "reply not delivered", "channel", in.dst.channel(), "err", err)
			}
			tr.done()
		}}, isUrgent)
	}
	answered := in.callbackID == ""
	defer func() {
		if r := recover(); r != nil {
			a.log.ErrorContext(ctx, "handler panicked", "channel", in.dst.channel(), "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
		}
		if !answered {
			a.answer(ctx, in.callbackID, "")
		}
	}()
	if in.callbackID != "" && in.held == nil {
		return
	}
	in.req.CanManage = a.canManage(in)
	// A press another process handles (the same update delivered to it
	// too) is answered there, alert included: not here. One whose handling
	// has not finished (bot.Request.InProgress: still running elsewhere,
	// or its process died) is not acknowledged: Telegram delivers it again,
	// and the handling that takes it over answers it.
	duplicate, inProgress := false, false
	in.req.Duplicate = func() { duplicate, answered = true, true }
	in.req.InProgress = func() { inProgress, answered = true, true }
	replies := func() []bot.Reply {
		defer a.typing(ctx, in.dst)()
		return a.h.Handle(ctx, in.req)
	}()
	if inProgress {
		acked = true
		done(false)
		return
	}
	ack()
	if duplicate {
		return
	}
	if in.callbackID == "" {
		for _, r := range replies {
			if r.Private && in.group && (hasMedia(r) || r.Direct) {
				if a.sendPrivately(ctx, in, r) {
					continue
				}
				r = bot.Reply{Text: a.privateChatNeeded(in), Private: true}
			}
			replyTo := 0
			if r.Private && in.group {
				replyTo = in.msgID
			}
			r.Edit = false // nothing was pressed
			queue(r, replyTo, nil)
		}
		return
	}
	// A press: private text replies become the callback answer, sent
	// first; private replies with media go to the user's private chat
	// before it, so that the answer can say when they could not.
	var notes []string
	var rest []bot.Reply
	refused := false
	for _, r := range replies {
		switch {
		case r.Private && (hasMedia(r) || r.Direct) && in.group:
			if !refused && !a.sendPrivately(ctx, in, r) {
				refused = true
				notes = append(notes, locales.Plain(a.privateChatNeeded(in)))
			}
		case r.Private && hasMedia(r):
			rest = append(rest, r) // a private chat: a message like any other
		case r.Private:
			if t := strings.TrimSpace(locales.Plain(r.Text)); t != "" {
				notes = append(notes, t)
			}
		default:
			rest = append(rest, r)
		}
	}
	answered = true
	a.answer(ctx, in.callbackID, strings.Join(notes, "\n"))
	for _, r := range rest {
		queue(r, 0, in.held)
	}
}

// canManage is Request.CanManage for the user of in: true in a private
// chat; in a group, whether getChatMember says the user is its creator
// or an administrator, asked only when the bot wants to know, at most
// once per update.
func (a *Adapter) canManage(in incoming) func(context.Context) bool {
	if !in.group {
		return func(context.Context) bool { return true }
	}
	var (
		once sync.Once
		ok   bool
	)
	return func(ctx context.Context) bool {
		once.Do(func() { ok = a.isAdmin(ctx, in.dst.chat, in.user) })
		return ok
	}
}

// isAdmin asks getChatMember whether user is chat's creator or an
// administrator. A failure counts as no, and is logged.
func (a *Adapter) isAdmin(ctx context.Context, chat, user int64) bool {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var m struct {
		Status string `json:"status"`
	}
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(chat, 10), "user_id": strconv.FormatInt(user, 10)}
	if _, err := a.request(ctx, "getChatMember", p, nil, &m); err != nil {
		a.log.WarnContext(ctx, "getChatMember failed; the user counts as no administrator", "chat", chat, "user", user, "err", err)
		return false
	}
	return m.Status == "creator" || m.Status == "administrator"
}

// hasMedia reports whether r shows a board or an animation: a private
// reply that cannot be reduced to a note.
func hasMedia(r bot.Reply) bool { return r.Board != nil || len(r.Animation) > 0 }

// sendPrivately sends r, a private reply to a request made in a group, to
// the user's private chat with the bot, as a new message. It reports
// false when Telegram refuses because the user has not opened that chat
// (or has blocked the bot); other failures are logged and count as
// delivered, as for any other reply.
func (a *Adapter) sendPrivately(ctx context.Context, in incoming, r bot.Reply) bool {
	r.Edit = false
	_, err := a.send(ctx, target{chat: in.user}, r, 0)
	if err == nil {
		return true
	}
	if e := asError(err); e != nil && ctx.Err() == nil &&
		(e.Code == 403 || e.Code == 400 && strings.Contains(e.Description, "chat not found")) {
		a.log.InfoContext(ctx, "the user's private chat is closed to the bot", "channel", in.dst.channel(), "user", in.req.User.ID, "err", err)
		return false
	}
	a.log.ErrorContext(ctx, "private reply not delivered", "channel", in.dst.channel(), "user", in.req.User.ID, "err", err)
	return true
}

// privateChatNeeded asks the user, in their app's language, to open a
// private chat with the bot and press Start.
func (a *Adapter) privateChatNeeded(in incoming) string {
	l := locales.Resolve(in.req.User.Locale)
	name := locales.Text(l, "bot_name", nil)
	if u := a.Username(); u != "" {
		name = "@" + u
	}
	return locales.Text(l, "err_private_chat", map[string]any{"Bot": name})
}

// commands is the command menu in language l: the bot's command table
// (bot.Commands, the same that routes them), in its order, described by
// the cmd_* texts.
func commands(l locales.Lang) []tgbotapi.BotCommand {
	var names []string
	for _, c := range bot.Commands {
		names = append(names, c.Name)
	}
	var out []tgbotapi.BotCommand
	for _, n := range names {
		key := "cmd_" + n
		if !locales.Has(locales.EN, key) || !validCommand(n) {
			continue
		}
		d := truncate(strings.TrimSpace(locales.Plain(locales.Text(l, key, nil))), 256)
		out = append(out, tgbotapi.BotCommand{Command: n, Description: d})
	}
	return out
}

// validCommand reports whether Telegram accepts n as a command name.
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

// setCommands registers the command menu: the default list in English,
// and one per other language for users whose app uses it.
func (a *Adapter) setCommands(ctx context.Context) {
	for _, l := range locales.All {
		p := tgbotapi.Params{}
		if err := p.AddInterface("commands", commands(l)); err != nil {
			a.log.ErrorContext(ctx, "setMyCommands", "err", err)
			return
		}
		if l != locales.EN {
			p["language_code"] = string(l)
		}
		if err := a.do(ctx, call{method: "setMyCommands", params: p}, nil); err != nil {
			if ctx.Err() != nil {
				return
			}
			a.log.WarnContext(ctx, "setMyCommands failed", "lang", string(l), "err", err)
		}
	}
}
