package telegram

import (
	"context"
	"html"
	"strconv"
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/mancala-bot/mancala/bot"
)

// sendNotice carries out a turn notification in dst (see bot.Notice): it
// deletes the message it replaces, then sends its text with the pinged
// user's name as a text mention (a link to tg://user?id=ID, which notifies
// a user without a username too), reports the new message's id to Done
// and deletes the messages Done gives back. Deletions are not paced (only
// the new message takes a slot of the chat's pace); one of a message
// already gone counts as done, and another failure is logged. A send that
// fails after the retries is returned; Done is then not called.
func (a *Adapter) sendNotice(ctx context.Context, dst target, r bot.Reply) error {
	n := r.Notice
	a.deleteNotice(ctx, dst, n.Replaces)
	if r.Text == "" {
		return nil
	}
	p := dstParams(dst, 0)
	p["text"] = withMention(toHTML(truncate(r.Text, maxMessageLen)), n.Ping)
	p["parse_mode"] = tgbotapi.ModeHTML
	p["link_preview_options"] = noLinkPreview
	var m tgbotapi.Message
	if err := a.do(ctx, call{method: "sendMessage", params: p, chat: dst.chat, paced: true}, &m); err != nil {
		return err
	}
	if n.Done != nil {
		for _, id := range n.Done(strconv.Itoa(m.MessageID)) {
			a.deleteNotice(ctx, dst, id)
		}
	}
	return nil
}

// deleteNotice deletes the notice id in dst, when id is set: a message
// already gone counts as deleted; another failure is logged.
func (a *Adapter) deleteNotice(ctx context.Context, dst target, id string) {
	if id == "" {
		return
	}
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(dst.chat, 10), "message_id": id}
	err := a.do(ctx, call{method: "deleteMessage", params: p, chat: dst.chat}, nil)
	if err != nil && !messageGone(err) {
		a.log.WarnContext(ctx, "old turn notice not deleted", "channel", dst.channel(), "message", id, "err", err)
	}
}

// withMention turns the first occurrence of u's name in htmlText (its
// Mention, else Name, as toHTML escaped it) into a text mention of u.
func withMention(htmlText string, u bot.User) string {
	if _, err := strconv.ParseInt(u.ID, 10, 64); err != nil {
		return htmlText
	}
	name := u.Mention
	if name == "" {
		name = u.Name
	}
	esc := html.EscapeString(name)
	i := strings.Index(htmlText, esc)
	if esc == "" || i < 0 {
		return htmlText
	}
	return htmlText[:i] + `<a href="tg://user?id=` + u.ID + `">` + esc + `</a>` + htmlText[i+len(esc):]
}

// messageGone reports Telegram's refusal to delete a message that is not
// there any more.
func messageGone(err error) bool {
	e := asError(err)
	return e != nil && e.Code == 400 && strings.Contains(strings.ToLower(e.Description), "message to delete not found")
}

// place is how the bot may point to a chat (bot.Request.ChannelLink,
// ChannelTitle): a supergroup's t.me/c link (its id without -100; a
// message's link adds "/" and its id), a group's title, and for a private
// chat the bot's own @username.
func (a *Adapter) place(c *tgbotapi.Chat) (link, title string) {
	if c == nil {
		return "", ""
	}
	id := strconv.FormatInt(c.ID, 10)
	switch {
	case c.Type == "supergroup" && strings.HasPrefix(id, "-100"):
		return "https://t.me/c/" + strings.TrimPrefix(id, "-100"), c.Title
	case c.Type == "private":
		if me := a.Username(); me != "" {
			return "", "@" + me
		}
		return "", ""
	}
	return "", c.Title
}
