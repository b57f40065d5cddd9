package discord

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/locales"
)

// Discord's message limits (resources/message.mdx,
// components/reference.mdx). Characters are counted as UTF-16 code units
// (see contentLen).
const (
	maxContent     = 2000 // characters of content
	maxRows        = 5    // action rows per message (without IS_COMPONENTS_V2)
	maxRowButtons  = 5    // buttons per action row
	maxButtons     = maxRows * maxRowButtons
	maxButtonLabel = 80  // characters of a button's label
	maxCustomID    = 100 // characters of a button's custom_id
	maxLinkURL     = 512 // characters of a link button's url
)

// outMsg is one Discord message made from a bot reply (or, for a reply
// longer than Discord allows, from one part of it).
type outMsg struct {
	content   string
	png       []byte // the board image, if any
	fileName  string
	gif       []byte                       // an animation ("move.gif"), when there is no board image
	buttons   []discordgo.MessageComponent // action rows; never nil
	ephemeral bool
	// edit replaces the pressed message: its text, image and buttons.
	edit bool
	// ping lists the users this message may notify (all others are
	// mentioned silently); @everyone, @here and roles never ping.
	ping []string
	// committed is the reply's bot.Reply.Committed, on the message that
	// carries its board (zero on the others).
	committed time.Time
	// ack is the reply's bot.Reply.Ack, on the message that carries its
	// board (nil on the others).
	ack func()
	// posted is the reply's bot.Reply.Posted, on the public message that
	// carries its board (nil on the others): called with the id of the
	// message once it is sent or edited.
	posted func(string)
	// replace is the reply's bot.Reply.Replace, on the public message
	// that carries its board when it is not an Edit: a message of the
	// channel that Deliver edits into this one instead of posting it.
	replace string
	// dropped counts the board's buttons that did not fit (see
	// components); the adapter logs them as an error.
	dropped int
}

// toMessages turns the bot's replies into Discord messages. requester is
// the user who made the request, or "" for a message the bot sends on its
// own (Deliver).
//
// Who is notified: in a message the bot sends on its own (a reminder),
// every user it mentions; in a reply, the users mentioned in a message
// that asks for action, one with buttons (a challenge, a board: the
// opponent, the player to move), but never the requester. Replies without
// buttons (/top, /game, /stats...) mention people silently.
func toMessages(replies []bot.Reply, requester string) []outMsg {
	var out []outMsg
	for _, r := range replies {
		text := noEmbeds(locales.ForDiscord(r.Text))
		b := r.Board
		if b != nil && len(b.PNG) == 0 && b.Text != "" {
			// No image (a bot without a renderer): show the text board.
			text = strings.TrimSpace(text + "\n```\n" + strings.Trim(b.Text, "\n") + "\n```")
		}
		var link *discordgo.Button
		if r.Link != nil {
			var boardRows [][]bot.Button
			if b != nil {
				boardRows = b.Buttons
			}
			if link = linkButton(*r.Link, boardRows); link == nil {
				// <url> links without an embed of the page.
				text = strings.TrimSpace(text + "\n" + locales.ForDiscord(r.Link.Label) + ": <" + r.Link.URL + ">")
			}
		}
		parts := splitContent(text, maxContent)
		if len(parts) == 0 {
			parts = []string{""} // an image or buttons without text
		}
		for n, part := range parts {
			m := outMsg{content: part, ephemeral: r.Private, edit: r.Edit && !r.Private && n == 0, buttons: []discordgo.MessageComponent{}}
			if n == 0 && b != nil {
				if len(b.PNG) > 0 {
					m.png = b.PNG
					m.fileName = fmt.Sprintf("board-%d-%d.png", b.GameID, b.Version)
				}
				m.buttons, m.dropped = components(b.Buttons)
				m.committed = r.Committed
				if !r.Private {
					m.ack, m.posted = r.Ack, r.Posted
					if !r.Edit {
						m.replace = r.Replace
					}
				}
			}
			if n == 0 && b == nil && len(r.Animation) > 0 {
				m.gif = r.Animation
			}
			asks := len(m.buttons) > 0 // a link asks nothing of anyone
			if n == 0 && r.App != nil && !r.Private && roomFor(m.buttons) >= 1+count(link != nil) {
				m.buttons = withLink(m.buttons, appButton(*r.App))
			}
			if n == 0 && link != nil {
				m.buttons = withLink(m.buttons, *link)
			}
			if m.content == "" && m.png == nil && m.gif == nil && len(m.buttons) == 0 {
				continue
			}
			if requester == "" || asks {
				m.ping = pingable(m.content, requester)
			}
			out = append(out, m)
		}
	}
	return out
}

// bareURL is an http(s) URL at the start of a line or after a space or
// an opening parenthesis, not yet in angle brackets (it ends before a
// parenthesis).
var bareURL = regexp.MustCompile(`(^|[\s(])(https?://[^\s<>()]+)`)

// noEmbeds puts the bare URLs of content in angle brackets, which keeps
// Discord from adding an embed (a preview) of each under the message: a
// list of games with their pages' links stays a list.
func noEmbeds(content string) string {
	if !strings.Contains(content, "://") {
		return content
	}
	return bareURL.ReplaceAllString(content, "${1}<${2}>")
}

var mentionRE = regexp.MustCompile(`<@!?([0-9]+)>`)

// pingable lists the users mentioned in content, but the requester.
func pingable(content, requester string) []string {
	var ids []string
	for _, m := range mentionRE.FindAllStringSubmatch(content, -1) {
		if id := m[1]; id != requester && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids
}

// components lays the bot's buttons out as action rows: the bot's rows as
// they are when they fit Discord's 5 rows of 5, else re-flowed five to a
// row. Buttons beyond maxButtons cannot be shown: dropped counts them, and
// those that cannot come back to the bot (no data, or data longer than a
// custom_id). No board of any variant needs that (the adapter's tests walk
// them all); the adapter logs an error when one does.
func components(rows [][]bot.Button) (out []discordgo.MessageComponent, dropped int) {
	fits := len(rows) <= maxRows
	var all []bot.Button
	for _, row := range rows {
		fits = fits && len(row) <= maxRowButtons
		all = append(all, row...)
	}
	if !fits {
		rows = nil
		for len(all) > 0 && len(rows) < maxRows {
			n := min(len(all), maxRowButtons)
			rows, all = append(rows, all[:n]), all[n:]
		}
		dropped = len(all)
	}
	out = []discordgo.MessageComponent{}
	for _, row := range rows {
		var btns []discordgo.MessageComponent
		for _, b := range row {
			if b.Data == "" || len(b.Data) > maxCustomID {
				dropped++ // cannot come back to the bot
				continue
			}
			label := clip(b.Label, maxButtonLabel)
			if label == "" {
				label = "·"
			}
			btns = append(btns, discordgo.Button{Label: label, Style: buttonStyle(b.Label), CustomID: b.Data})
		}
		if len(btns) > 0 {
			out = append(out, discordgo.ActionsRow{Components: btns})
		}
	}
	return out, dropped
}

// linkButton is l as a link button, or nil when it cannot be one: its URL
// is too long, or the message's buttons, rows (those components lays
// out), leave no room for it (the link then goes in the content).
func linkButton(l bot.Link, rows [][]bot.Button) *discordgo.Button {
	if len(l.URL) > maxLinkURL || !strings.HasPrefix(l.URL, "http://") && !strings.HasPrefix(l.URL, "https://") {
		return nil
	}
	laid, _ := components(rows)
	if len(laid) == maxRows && len(laid[maxRows-1].(discordgo.ActionsRow).Components) == maxRowButtons {
		return nil
	}
	label := clip(l.Label, maxButtonLabel)
	if label == "" {
		label = "🔗"
	}
	return &discordgo.Button{Label: label, Style: discordgo.LinkButton, URL: l.URL}
}

// appPrefix starts the custom_id of the board app's button ("o:" and the
// game's page id), which the adapter answers itself (see launchActivity):
// no button of the bot's has that action.
const appPrefix = "o:"

// appButton is the board app's button (bot.Reply.App): pressed, it
// launches the Activity (see launchActivity). Blue, like the other
// buttons that open something new.
func appButton(app bot.AppLink) discordgo.Button {
	label := clip(app.Label, maxButtonLabel)
	if label == "" {
		label = "🎯"
	}
	return discordgo.Button{Label: label, Style: discordgo.PrimaryButton, CustomID: clip(appPrefix+app.Page, maxCustomID)}
}

// roomFor is how many more buttons withLink can add to rows: a whole row
// while there are fewer than maxRows, else what the last row has left.
func roomFor(rows []discordgo.MessageComponent) int {
	if len(rows) < maxRows {
		return maxRowButtons
	}
	return maxRowButtons - len(rows[len(rows)-1].(discordgo.ActionsRow).Components)
}

func count(b bool) int {
	if b {
		return 1
	}
	return 0
}

// withLink adds a button (the link's, the board app's) to rows: at the
// end of the last row when that row holds only such buttons (the app's
// button and the link share a row), else in a row of its own under them
// when there is room for one, else at the end of the last row (linkButton
// and roomFor checked that one of these fits).
func withLink(rows []discordgo.MessageComponent, link discordgo.Button) []discordgo.MessageComponent {
	if n := len(rows); n > 0 && extrasOnly(rows[n-1]) && roomFor(rows) > 0 {
		last := rows[n-1].(discordgo.ActionsRow)
		last.Components = append(slices.Clip(last.Components), link)
		return append(rows[:n-1:n-1], last)
	}
	if n := len(rows); n == maxRows {
		last := rows[n-1].(discordgo.ActionsRow)
		last.Components = append(slices.Clip(last.Components), link)
		return append(rows[:n-1:n-1], last)
	}
	return append(slices.Clip(rows), discordgo.ActionsRow{Components: []discordgo.MessageComponent{link}})
}

// extrasOnly reports whether row holds only link buttons and the board
// app's button, which withLink puts in a row of their own.
func extrasOnly(row discordgo.MessageComponent) bool {
	r, ok := row.(discordgo.ActionsRow)
	if !ok || len(r.Components) == 0 {
		return false
	}
	for _, c := range r.Components {
		b, ok := c.(discordgo.Button)
		if !ok || b.Style != discordgo.LinkButton && !strings.HasPrefix(b.CustomID, appPrefix) {
			return false
		}
	}
	return true
}

// buttonStyle colours a button by its label: ✔ green, ✖ red, ↻ blue, pits
// and everything else grey.
func buttonStyle(label string) discordgo.ButtonStyle {
	// The label's first word is its symbol ("✔ Accept").
	if sym, _, ok := strings.Cut(label, " "); ok {
		label = sym
	}
	switch label {
	case "✔":
		return discordgo.SuccessButton
	case "✖":
		return discordgo.DangerButton
	case "↻":
		return discordgo.PrimaryButton
	}
	return discordgo.SecondaryButton
}

// animationName is the file name of an animation: Discord shows an
// attached .gif animated, in line.
const animationName = "move.gif"

// files returns the message's attachment, the board image or the
// animation, with a fresh reader each time (a retried request must send
// the image again).
func (m outMsg) files() []*discordgo.File {
	switch {
	case len(m.png) > 0:
		return []*discordgo.File{{Name: m.fileName, ContentType: "image/png", Reader: bytes.NewReader(m.png)}}
	case len(m.gif) > 0:
		return []*discordgo.File{{Name: animationName, ContentType: "image/gif", Reader: bytes.NewReader(m.gif)}}
	}
	return nil
}

func (m outMsg) allowedMentions() *discordgo.MessageAllowedMentions {
	// Parse is empty and Users lists the ids: exactly those users may be
	// notified, never @everyone, @here or a role, whatever the text says.
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: m.ping}
}

func (m outMsg) flags() discordgo.MessageFlags {
	if m.ephemeral {
		return discordgo.MessageFlagsEphemeral
	}
	return 0
}

// editAttachments is the attachments list of an edit that replaces the
// message's picture: Discord's API (v10, "Editing Message Attachments")
// keeps the old attachments an edit lists and appends only the new files
// it lists, files[n] as id n. The list names the new file (the board, or
// the animation) and nothing else, so exactly the new picture remains;
// with no new file it is empty and the old picture goes
// (bwmarrin/discordgo#1524: old images stayed).
func (m outMsg) editAttachments() *[]*discordgo.MessageAttachment {
	out := []*discordgo.MessageAttachment{}
	for i, f := range m.files() {
		out = append(out, &discordgo.MessageAttachment{ID: strconv.Itoa(i), Filename: f.Name})
	}
	return &out
}

func (m outMsg) responseData() *discordgo.InteractionResponseData {
	d := &discordgo.InteractionResponseData{
		Content:         m.content,
		Components:      m.buttons,
		Files:           m.files(),
		AllowedMentions: m.allowedMentions(),
		Flags:           m.flags(),
	}
	if m.edit {
		d.Attachments = m.editAttachments()
	}
	return d
}

func (m outMsg) webhookEdit() *discordgo.WebhookEdit {
	content, buttons := m.content, m.buttons
	return &discordgo.WebhookEdit{
		Content:         &content,
		Components:      &buttons,
		Files:           m.files(),
		Attachments:     m.editAttachments(),
		AllowedMentions: m.allowedMentions(),
	}
}

func (m outMsg) webhookParams() *discordgo.WebhookParams {
	return &discordgo.WebhookParams{
		Content:         m.content,
		Components:      m.buttons,
		Files:           m.files(),
		AllowedMentions: m.allowedMentions(),
		Flags:           m.flags(),
	}
}

func (m outMsg) messageSend() *discordgo.MessageSend {
	return &discordgo.MessageSend{
		Content:         m.content,
		Components:      m.buttons,
		Files:           m.files(),
		AllowedMentions: m.allowedMentions(),
	}
}

func (m outMsg) messageEdit(channel, id string) *discordgo.MessageEdit {
	content, buttons := m.content, m.buttons
	return &discordgo.MessageEdit{
		ID: id, Channel: channel,
		Content:         &content,
		Components:      &buttons,
		Files:           m.files(),
		Attachments:     m.editAttachments(),
		AllowedMentions: m.allowedMentions(),
	}
}

// contentLen is a text's length as Discord counts it against its limit
// (UTF-16 code units, which is never less than the number of characters).
func contentLen(s string) int { return len(utf16.Encode([]rune(s))) }

// splitContent cuts s into parts of at most limit characters: between
// lines where it can, else between words, else between characters (never
// inside one). Parts are trimmed; their text, joined, is s's text.
func splitContent(s string, limit int) []string {
	s = strings.TrimSpace(s)
	if contentLen(s) <= limit {
		if s == "" {
			return nil
		}
		return []string{s}
	}
	var parts []string
	cur := ""
	flush := func() {
		if t := strings.TrimSpace(cur); t != "" {
			parts = append(parts, t)
		}
		cur = ""
	}
	add := func(piece, sep string) {
		cand := piece
		if cur != "" {
			cand = cur + sep + piece
		}
		if contentLen(cand) <= limit {
			cur = cand
			return
		}
		flush()
		cur = piece
	}
	for _, line := range strings.Split(s, "\n") {
		if contentLen(line) <= limit {
			add(line, "\n")
			continue
		}
		flush()
		for _, word := range strings.Fields(line) {
			for contentLen(word) > limit {
				cut := runeCut(word, limit)
				flush()
				parts = append(parts, word[:cut])
				word = word[cut:]
			}
			add(word, " ")
		}
		flush()
	}
	flush()
	return parts
}

// runeCut is the largest byte index at a character boundary such that
// s[:i] fits in limit.
func runeCut(s string, limit int) int {
	n, i := 0, 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if n+w > limit {
			break
		}
		n += w
		i += size
	}
	return i
}

// The steps that answer an interaction.
type opKind int

const (
	opRespond        opKind = iota // the interaction response (callback)
	opEditOriginal                 // PATCH @original: the deferred or pressed message
	opDeleteOriginal               // DELETE @original: a "thinking…" message not needed
	opFollowup                     // a further message
)

func (k opKind) String() string {
	return [...]string{"respond", "edit original", "delete original", "follow-up"}[k]
}

type step struct {
	op       opKind
	respType discordgo.InteractionResponseType // for opRespond
	msg      outMsg
	hasMsg   bool
}

// plan decides how msgs answer an interaction of the given kind. deferred
// says it was acknowledged already: a command with a deferred message
// (type 5, "thinking…"), a button press with a deferred update (type 6).
//
//   - A button press's first public Edit reply is the response (type 7,
//     "update message") or, after a deferral, an edit of @original, which
//     is then the pressed message. It goes first, because only the first
//     response can make @original the pressed message.
//   - Otherwise the first message is the response (type 4, ephemeral when
//     private) and the rest are follow-ups (ephemeral when private).
//   - A deferred command's "thinking…" message gets the first message's
//     content; a private first message cannot (a deferred public message
//     cannot become ephemeral), so the placeholder is deleted and the
//     reply follows up as ephemeral.
func plan(kind interactionKind, deferred bool, msgs []outMsg) []step {
	msgs = slices.Clone(msgs)
	if kind == kindComponent {
		if i := slices.IndexFunc(msgs, func(m outMsg) bool { return m.edit }); i > 0 {
			m := msgs[i]
			msgs = slices.Insert(slices.Delete(msgs, i, i+1), 0, m)
		}
	} else {
		for i := range msgs {
			msgs[i].edit = false // nothing was pressed
		}
	}
	var steps []step
	acked := deferred
	placeholder := kind == kindCommand && deferred
	for _, m := range msgs {
		switch {
		case m.edit && !acked:
			steps = append(steps, step{op: opRespond, respType: discordgo.InteractionResponseUpdateMessage, msg: m, hasMsg: true})
			acked = true
		case m.edit:
			steps = append(steps, step{op: opEditOriginal, msg: m, hasMsg: true})
		case !acked:
			steps = append(steps, step{op: opRespond, respType: discordgo.InteractionResponseChannelMessageWithSource, msg: m, hasMsg: true})
			acked = true
		case placeholder && m.ephemeral:
			steps = append(steps, step{op: opDeleteOriginal}, step{op: opFollowup, msg: m, hasMsg: true})
			placeholder = false
		case placeholder:
			steps = append(steps, step{op: opEditOriginal, msg: m, hasMsg: true})
			placeholder = false
		default:
			steps = append(steps, step{op: opFollowup, msg: m, hasMsg: true})
		}
	}
	switch {
	case !acked && kind == kindComponent:
		// Nothing to say: acknowledge without changing anything.
		steps = append(steps, step{op: opRespond, respType: discordgo.InteractionResponseDeferredMessageUpdate})
	case !acked:
		steps = append(steps, step{op: opRespond, respType: discordgo.InteractionResponseChannelMessageWithSource,
			msg: outMsg{content: "✓", ephemeral: true, buttons: []discordgo.MessageComponent{}}, hasMsg: true})
	case placeholder:
		steps = append(steps, step{op: opDeleteOriginal})
	}
	return steps
}
