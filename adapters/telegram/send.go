package telegram

import (
	"context"
	"encoding/json"
	"errors"
	"html"
	"strconv"
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/mancala-bot/mancala/bot"
)

// send delivers r as new messages in dst; replyTo, when not 0, is the
// message it answers. It tries every part and returns the first error,
// and the id of the message showing the board and its buttons (the
// photo, or the last text piece; 0 when that one was not sent). A photo
// Telegram refuses with 400 is replaced by the text board, an animation
// by the text alone.
func (a *Adapter) send(ctx context.Context, dst target, r bot.Reply, replyTo int) (int, error) {
	r = placeLink(r)
	kb := a.keyboard(ctx, dst, r)
	var errs []error
	if anim := animation(r); anim != nil {
		caption := r.Text
		if textLen(caption) > maxCaptionLen {
			for _, p := range splitText(caption, maxMessageLen) {
				_, err := a.sendText(ctx, dst, toHTML(p), nil, replyTo)
				errs = append(errs, err)
				replyTo = 0
			}
			caption = ""
		}
		err := a.sendAnimation(ctx, dst, anim, toHTML(strings.TrimSpace(caption)), replyTo)
		if e := asError(err); e == nil || e.Code != 400 || ctx.Err() != nil || caption == "" {
			errs = append(errs, err)
			return 0, firstError(errs)
		}
		// Telegram refused the animation (no right to send media in this
		// group): the caption still says what the move did.
		a.log.WarnContext(ctx, "animation refused; sending its caption as text", "channel", dst.channel(), "err", err)
		r.Text, r.Animation = caption, nil
	}
	if png := boardPNG(r); png != nil {
		caption := r.Text
		if textLen(caption) > maxCaptionLen {
			for _, p := range splitText(caption, maxMessageLen) {
				_, err := a.sendText(ctx, dst, toHTML(p), nil, replyTo)
				errs = append(errs, err)
				replyTo = 0
			}
			caption = ""
		}
		id, err := a.sendPhoto(ctx, dst, png, toHTML(strings.TrimSpace(caption)), kb, replyTo)
		if e := asError(err); e == nil || e.Code != 400 || ctx.Err() != nil {
			errs = append(errs, err)
			return id, firstError(errs)
		}
		// Telegram refused the photo (no right to send media in this
		// group, an image it cannot process): show the move as text.
		a.log.WarnContext(ctx, "photo refused; sending the board as text", "channel", dst.channel(), "err", err)
		r.Text = caption
		r.Board = &bot.Board{Text: r.Board.Text, Buttons: r.Board.Buttons}
	}
	pieces := textPieces(r)
	var last int
	for i, p := range pieces {
		var m *inlineKeyboard
		if i == len(pieces)-1 {
			m = kb
		}
		id, err := a.sendText(ctx, dst, p, m, replyTo)
		errs = append(errs, err)
		last = id
		replyTo = 0
	}
	return last, firstError(errs)
}

// keyboard is r's inline keyboard in dst (see keyboardLayout), the board
// app's button included (see appButton); buttons that do not fit are
// logged as an error.
func (a *Adapter) keyboard(ctx context.Context, dst target, r bot.Reply) *inlineKeyboard {
	kb, dropped := keyboardLayout(r.Board, r.Link, a.appButton(dst, r))
	if dropped > 0 {
		a.log.ErrorContext(ctx, "buttons dropped: the board has more than Telegram shows", "channel", dst.channel(), "dropped", dropped, "max", maxKeyboardButtons)
	}
	return kb
}

// textPieces is a reply without an image as HTML messages: its text
// split to size, then the board's text drawing, if any, in a <pre> block
// (with the last piece when it fits). A reply with nothing to show but
// buttons gets "…".
func textPieces(r bot.Reply) []string {
	parts := splitText(r.Text, maxMessageLen)
	pieces := make([]string, len(parts))
	for i, p := range parts {
		pieces[i] = toHTML(p)
	}
	if r.Board != nil && strings.TrimSpace(r.Board.Text) != "" {
		pre := preHTML(r.Board.Text)
		n := utf16Len(strings.TrimRight(r.Board.Text, "\n"))
		switch last := len(parts) - 1; {
		case last >= 0 && textLen(parts[last])+1+n <= maxMessageLen:
			pieces[last] += "\n" + pre
		case n <= maxMessageLen:
			pieces = append(pieces, pre)
		}
	}
	if len(pieces) == 0 && keyboard(r) != nil {
		pieces = []string{html.EscapeString("…")}
	}
	return pieces
}

// animation is the reply's animation, or nil (also when the reply has a
// board, which wins).
func animation(r bot.Reply) []byte {
	if r.Board != nil || len(r.Animation) == 0 {
		return nil
	}
	return r.Animation
}

// boardPNG is the reply's board image, or nil.
func boardPNG(r bot.Reply) []byte {
	if r.Board == nil || len(r.Board.PNG) == 0 {
		return nil
	}
	return r.Board.PNG
}

func firstError(errs []error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// edit replaces held, the message whose button was pressed, with r (see
// the package documentation); when that is impossible or fails, r is sent
// as a new message. It returns the id of the message showing r's board
// (held's, or the new one's; see send).
func (a *Adapter) edit(ctx context.Context, dst target, held *tgbotapi.Message, r bot.Reply) (int, error) {
	if animation(r) != nil {
		// An animation replaces nothing: it comes as a new message.
		return a.send(ctx, dst, r, 0)
	}
	r = placeLink(r)
	kb := a.keyboard(ctx, dst, r)
	if kb == nil {
		kb = noKeyboard
	}
	chat, id := held.Chat.ID, held.MessageID
	png := boardPNG(r)
	isPhoto := len(held.Photo) > 0
	var err error
	switch {
	case png != nil && isPhoto:
		caption := strings.TrimSpace(r.Text)
		var extra []string
		if textLen(caption) > maxCaptionLen {
			extra, caption = splitText(caption, maxMessageLen), ""
		}
		if err = a.editMedia(ctx, chat, id, png, toHTML(caption), kb); err == nil {
			var errs []error
			for _, p := range extra {
				_, err := a.sendText(ctx, dst, toHTML(p), nil, 0)
				errs = append(errs, err)
			}
			return id, firstError(errs)
		}
	case png == nil && isPhoto:
		pieces := textPieces(r)
		if len(pieces) == 1 && textLen(r.Text)+boardTextLen(r) < maxCaptionLen {
			err = a.editCaption(ctx, chat, id, pieces[0], kb)
		} else {
			err = errors.New("reply too long for a caption")
		}
	case png == nil:
		pieces := textPieces(r)
		if len(pieces) == 1 {
			err = a.editText(ctx, chat, id, pieces[0], kb)
		} else {
			err = errors.New("reply too long for one message")
		}
	default:
		// A text message cannot become a photo: retire its buttons and
		// post the board.
		if err := a.editMarkup(ctx, chat, id, noKeyboard); err != nil {
			a.log.WarnContext(ctx, "could not remove old buttons", "channel", dst.channel(), "message", id, "err", err)
		}
		return a.send(ctx, dst, r, 0)
	}
	switch {
	case err == nil:
		return id, nil
	case ctx.Err() != nil:
		return 0, err
	}
	a.log.WarnContext(ctx, "edit failed; sending a new message", "channel", dst.channel(), "message", id, "err", err)
	return a.send(ctx, dst, r, 0)
}

// replace edits the message id of dst's chat, the game's board that
// r.Replace names, into r: its photo, caption and buttons
// (editMessageMedia), or its text and buttons (editMessageText) for a
// reply without an image. When the edit fails (the message was deleted,
// is not a photo any more, or cannot be edited), r is sent as a new
// message. It returns the id of the message showing r's board.
func (a *Adapter) replace(ctx context.Context, dst target, id int, r bot.Reply) (int, error) {
	r = placeLink(r)
	kb := a.keyboard(ctx, dst, r)
	if kb == nil {
		kb = noKeyboard
	}
	var err error
	if png := boardPNG(r); png != nil {
		caption := strings.TrimSpace(r.Text)
		if textLen(caption) > maxCaptionLen {
			err = errors.New("reply too long for a caption")
		} else {
			err = a.editMedia(ctx, dst.chat, id, png, toHTML(caption), kb)
		}
	} else if pieces := textPieces(r); len(pieces) == 1 {
		err = a.editText(ctx, dst.chat, id, pieces[0], kb)
	} else {
		err = errors.New("reply too long for one message")
	}
	switch {
	case err == nil:
		return id, nil
	case ctx.Err() != nil:
		return 0, err
	}
	a.log.WarnContext(ctx, "board not replaced; sending a new one", "channel", dst.channel(), "message", id, "err", err)
	return a.send(ctx, dst, r, 0)
}

func boardTextLen(r bot.Reply) int {
	if r.Board == nil {
		return 0
	}
	return utf16Len(r.Board.Text) + 1
}

// dstParams are the chat_id and message_thread_id of a new message, and
// what it replies to.
func dstParams(dst target, replyTo int) tgbotapi.Params {
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(dst.chat, 10)}
	p.AddNonZero("message_thread_id", dst.thread)
	if replyTo != 0 {
		// Bot API 7.0 replaced reply_to_message_id and
		// allow_sending_without_reply by reply_parameters.
		p["reply_parameters"] = `{"message_id":` + strconv.Itoa(replyTo) + `,"allow_sending_without_reply":true}`
	}
	return p
}

// noLinkPreview is link_preview_options turning link previews off (Bot
// API 7.0 replaced disable_web_page_preview by it).
const noLinkPreview = `{"is_disabled":true}`

func addMarkup(p tgbotapi.Params, kb *inlineKeyboard) {
	if kb != nil {
		_ = p.AddInterface("reply_markup", kb) // cannot fail: plain structs
	}
}

// sent is the part of a sent Message the adapter reads.
type sent struct {
	MessageID int `json:"message_id"`
}

// sendText sends a text message and returns its id.
func (a *Adapter) sendText(ctx context.Context, dst target, htmlText string, kb *inlineKeyboard, replyTo int) (int, error) {
	p := dstParams(dst, replyTo)
	p["text"] = htmlText
	p["parse_mode"] = tgbotapi.ModeHTML
	p["link_preview_options"] = noLinkPreview
	addMarkup(p, kb)
	var m sent
	err := a.do(ctx, call{method: "sendMessage", params: p, chat: dst.chat, paced: true}, &m)
	return m.MessageID, err
}

func photoFile(field string, png []byte) []tgbotapi.RequestFile {
	return []tgbotapi.RequestFile{{Name: field, Data: tgbotapi.FileBytes{Name: "board.png", Bytes: png}}}
}

// sendPhoto sends a photo and returns its message's id.
func (a *Adapter) sendPhoto(ctx context.Context, dst target, png []byte, captionHTML string, kb *inlineKeyboard, replyTo int) (int, error) {
	p := dstParams(dst, replyTo)
	if captionHTML != "" {
		p["caption"] = captionHTML
		p["parse_mode"] = tgbotapi.ModeHTML
	}
	addMarkup(p, kb)
	var m sent
	err := a.do(ctx, call{method: "sendPhoto", params: p, files: photoFile("photo", png), chat: dst.chat, paced: true}, &m)
	return m.MessageID, err
}

// sendAnimation sends a GIF with sendAnimation, as tgbotapi's
// NewAnimation would (the file in the multipart field "animation"), but
// with the parameters built here like every other call (message_thread_id).
func (a *Adapter) sendAnimation(ctx context.Context, dst target, gif []byte, captionHTML string, replyTo int) error {
	p := dstParams(dst, replyTo)
	if captionHTML != "" {
		p["caption"] = captionHTML
		p["parse_mode"] = tgbotapi.ModeHTML
	}
	files := []tgbotapi.RequestFile{{Name: "animation", Data: tgbotapi.FileBytes{Name: "move.gif", Bytes: gif}}}
	return a.do(ctx, call{method: "sendAnimation", params: p, files: files, chat: dst.chat, paced: true}, nil)
}

// inputMediaPhoto is InputMediaPhoto as editMessageMedia takes it.
type inputMediaPhoto struct {
	Type      string `json:"type"`
	Media     string `json:"media"`
	Caption   string `json:"caption,omitempty"`
	ParseMode string `json:"parse_mode,omitempty"`
}

func editParams(chat int64, id int) tgbotapi.Params {
	return tgbotapi.Params{"chat_id": strconv.FormatInt(chat, 10), "message_id": strconv.Itoa(id)}
}

func (a *Adapter) editMedia(ctx context.Context, chat int64, id int, png []byte, captionHTML string, kb *inlineKeyboard) error {
	m := inputMediaPhoto{Type: "photo", Media: "attach://board", Caption: captionHTML}
	if captionHTML != "" {
		m.ParseMode = tgbotapi.ModeHTML
	}
	media, _ := json.Marshal(m)
	p := editParams(chat, id)
	p["media"] = string(media)
	addMarkup(p, kb)
	return a.do(ctx, call{method: "editMessageMedia", params: p, files: photoFile("board", png), chat: chat, paced: true}, nil)
}

func (a *Adapter) editCaption(ctx context.Context, chat int64, id int, captionHTML string, kb *inlineKeyboard) error {
	p := editParams(chat, id)
	p["caption"] = captionHTML
	p["parse_mode"] = tgbotapi.ModeHTML
	addMarkup(p, kb)
	return a.do(ctx, call{method: "editMessageCaption", params: p, chat: chat, paced: true}, nil)
}

func (a *Adapter) editText(ctx context.Context, chat int64, id int, htmlText string, kb *inlineKeyboard) error {
	p := editParams(chat, id)
	p["text"] = htmlText
	p["parse_mode"] = tgbotapi.ModeHTML
	p["link_preview_options"] = noLinkPreview
	addMarkup(p, kb)
	return a.do(ctx, call{method: "editMessageText", params: p, chat: chat, paced: true}, nil)
}

func (a *Adapter) editMarkup(ctx context.Context, chat int64, id int, kb *inlineKeyboard) error {
	p := editParams(chat, id)
	addMarkup(p, kb)
	return a.do(ctx, call{method: "editMessageReplyMarkup", params: p, chat: chat, paced: true}, nil)
}

// answer answers a button press, with text as an alert when there is one.
// Failures are logged: the press itself has been handled.
func (a *Adapter) answer(ctx context.Context, id, text string) {
	p := tgbotapi.Params{"callback_query_id": id}
	if text = truncate(strings.TrimSpace(text), maxCallbackLen); text != "" {
		p["text"] = text
		p["show_alert"] = "true"
	}
	if err := a.do(ctx, call{method: "answerCallbackQuery", params: p, maxWait: maxCallbackWait}, nil); err != nil {
		a.log.WarnContext(ctx, "answerCallbackQuery failed", "err", err)
	}
}
