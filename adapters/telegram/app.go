package telegram

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/mancala-bot/mancala/bot"
)

// The board app (issue #29) is a Telegram Mini App: the web page of
// package miniapp/app, registered with @BotFather (/newapp) at
// Config.AppURL under the short name Config.AppName. A board that carries
// bot.Reply.App gets an "Open board" button, which Telegram allows only in
// some forms (InlineKeyboardButton.web_app: "Available only in private
// chats between a user and the bot"):
//
//   - in a private chat, a web_app button opening Config.AppURL with
//     "?game=<page id>" (Telegram signs the launch data, initData, but puts
//     no start parameter in it for such a button: the page reads the game
//     from its own address);
//   - in a group, a url button to the Mini App's direct link,
//     https://t.me/<bot's username>/<AppName>?startapp=<page id>, which
//     opens the app inside the chat with the page id as initData's
//     start_param; without AppName (or before getMe told the username)
//     groups get no button;
//   - in a private chat, the menu button too: once a board of a game with
//     the app has been delivered there, the chat's menu button
//     (setChatMenuButton with the chat's id, MenuButtonWebApp labelled like
//     the button) opens that game, until a board of another game replaces
//     it. It is set once per game and chat in a process (again after a
//     restart); a failure is logged and changes nothing else.

// inlineKeyboard is an InlineKeyboardMarkup as the Bot API takes it, with
// the buttons of inlineButton: tgbotapi's (v5.5.1) have no web_app.
type inlineKeyboard struct {
	InlineKeyboard [][]inlineButton `json:"inline_keyboard"`
}

// inlineButton is an InlineKeyboardButton: tgbotapi's, or a web_app
// button (WebApp set and nothing but the Text of the embedded button).
type inlineButton struct {
	tgbotapi.InlineKeyboardButton
	WebApp *webAppInfo `json:"web_app,omitempty"`
}

// webAppInfo is the Bot API's WebAppInfo: an https URL.
type webAppInfo struct {
	URL string `json:"url"`
}

// appButton is the board app's button of r in dst (see above), or nil:
// for a reply without App, a private reply, and when the app is not
// configured for that kind of chat.
func (a *Adapter) appButton(dst target, r bot.Reply) *inlineButton {
	if r.App == nil || r.Private {
		return nil
	}
	if dst.chat > 0 {
		u := a.appPageURL(r.App.Page)
		if u == "" {
			return nil
		}
		return &inlineButton{InlineKeyboardButton: tgbotapi.InlineKeyboardButton{Text: r.App.Label}, WebApp: &webAppInfo{URL: u}}
	}
	u := a.AppLink(r.App.Page)
	if u == "" {
		return nil
	}
	return &inlineButton{InlineKeyboardButton: tgbotapi.NewInlineKeyboardButtonURL(r.App.Label, u)}
}

// appPageURL is the board app's address for the game of page id page
// (Config.AppURL with "game=<page>" in its query), or "" without AppURL.
func (a *Adapter) appPageURL(page string) string {
	if a.cfg.AppURL == "" {
		return ""
	}
	u, err := url.Parse(a.cfg.AppURL)
	if err != nil {
		return ""
	}
	q := u.Query()
	q.Set("game", page)
	u.RawQuery = q.Encode()
	return u.String()
}

// AppLink is the Mini App's direct link opening the game of page id page,
// https://t.me/<username>/<Config.AppName>?startapp=<page>, or "" without
// AppName or before Run has learnt the bot's username.
func (a *Adapter) AppLink(page string) string {
	user := a.Username()
	if a.cfg.AppName == "" || user == "" {
		return ""
	}
	return "https://t.me/" + user + "/" + a.cfg.AppName + "?startapp=" + url.QueryEscape(page)
}

// menuButton is MenuButtonWebApp as setChatMenuButton takes it.
type menuButton struct {
	Type   string     `json:"type"`
	Text   string     `json:"text"`
	WebApp webAppInfo `json:"web_app"`
}

// setMenuButton points the menu button of dst, a private chat, at the
// game of r's App (see above), unless it already does or r has no App.
// A failure is logged: the board itself has been delivered.
func (a *Adapter) setMenuButton(ctx context.Context, dst target, r bot.Reply) {
	if r.App == nil || r.Private || dst.chat <= 0 {
		return
	}
	u := a.appPageURL(r.App.Page)
	if u == "" {
		return
	}
	a.menuMu.Lock()
	if a.menus == nil {
		a.menus = map[int64]string{}
	}
	if a.menus[dst.chat] == r.App.Page {
		a.menuMu.Unlock()
		return
	}
	a.menus[dst.chat] = r.App.Page
	a.menuMu.Unlock()
	b, _ := json.Marshal(menuButton{Type: "web_app", Text: r.App.Label, WebApp: webAppInfo{URL: u}})
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(dst.chat, 10), "menu_button": string(b)}
	if err := a.do(ctx, call{method: "setChatMenuButton", params: p}, nil); err != nil {
		a.menuMu.Lock()
		if a.menus[dst.chat] == r.App.Page {
			delete(a.menus, dst.chat) // try again with the next board
		}
		a.menuMu.Unlock()
		a.log.WarnContext(ctx, "setChatMenuButton failed", "channel", dst.channel(), "err", err)
	}
}
