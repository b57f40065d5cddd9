package discord

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/locales"
)

func board(id, version int64, rows ...[]string) *bot.Board {
	b := &bot.Board{GameID: id, Version: version, PNG: []byte("\x89PNG fake"), Text: "text board"}
	for _, r := range rows {
		var row []bot.Button
		for _, l := range r {
			row = append(row, bot.Button{Label: l, Data: "m:" + l})
		}
		b.Buttons = append(b.Buttons, row)
	}
	return b
}

func TestToMessages(t *testing.T) {
	msgs := toMessages([]bot.Reply{
		{Text: "*Kalah* <@1> vs <@2>\n<@2> to move.", Board: board(7, 3, []string{"1", "2", "3", "4", "5"}, []string{"6"}), Edit: true},
		{Text: "It is not your turn.", Private: true, Edit: true},
	}, "1")
	if len(msgs) != 2 {
		t.Fatalf("%d messages, want 2", len(msgs))
	}
	m := msgs[0]
	if m.content != "**Kalah** <@1> vs <@2>\n<@2> to move." {
		t.Errorf("content %q: *bold* should become **bold**", m.content)
	}
	if !m.edit || m.ephemeral || m.fileName != "board-7-3.png" || string(m.png) != "\x89PNG fake" {
		t.Errorf("board message %+v", m)
	}
	if !reflect.DeepEqual(m.ping, []string{"2"}) {
		t.Errorf("ping %q: the requester (1) is never pinged, the opponent (2) is", m.ping)
	}
	if len(m.buttons) != 2 {
		t.Fatalf("%d rows, want 2", len(m.buttons))
	}
	p := msgs[1]
	if !p.ephemeral || p.edit || p.png != nil || len(p.buttons) != 0 {
		t.Errorf("private message %+v: want ephemeral, never an edit", p)
	}

	// A list of players (no buttons) pings nobody; a reminder (no
	// requester) pings whom it mentions.
	top := toMessages([]bot.Reply{{Text: "1. <@1>: 3 wins\n2. <@2>: 1 win"}}, "3")[0]
	if len(top.ping) != 0 {
		t.Errorf("leaderboard pings %q", top.ping)
	}
	if r := toMessages([]bot.Reply{{Text: "<@2> to move."}}, "")[0]; !reflect.DeepEqual(r.ping, []string{"2"}) {
		t.Errorf("reminder pings %q", r.ping)
	}
}

// Without an image (a bot with no renderer), the text board is shown.
func TestTextBoardFallback(t *testing.T) {
	b := board(1, 1)
	b.PNG = nil
	m := toMessages([]bot.Reply{{Text: "Your move.", Board: b}}, "")[0]
	if !strings.Contains(m.content, "```\ntext board\n```") || m.png != nil {
		t.Errorf("content %q", m.content)
	}
}

// A reply's Link is a link button in a row of its own under the board's
// buttons, or at the end of the fifth row when there are five; without
// room, or with a URL too long for a button, a line of the content. A
// link does not make a message notify anyone.
func TestLinkButton(t *testing.T) {
	const page = "https://mancala.example.com/g/AAAAAAAAAAAAAAAAAAAAAA"
	link := &bot.Link{URL: page, Label: "🔗 Game page"}
	row := func(n int) []string {
		var r []string
		for i := range n {
			r = append(r, strconv.Itoa(i+1))
		}
		return r
	}
	// layout is the message's rows as labels, a link button as "link:URL".
	layout := func(m outMsg) [][]string {
		var out [][]string
		for _, c := range m.buttons {
			var r []string
			for _, b := range c.(discordgo.ActionsRow).Components {
				b := b.(discordgo.Button)
				switch {
				case b.Style == discordgo.LinkButton && b.CustomID == "":
					r = append(r, "link:"+b.URL+" "+b.Label)
				case b.URL != "":
					r = append(r, "url on a button that is not a link")
				default:
					r = append(r, b.Label)
				}
			}
			out = append(out, r)
		}
		return out
	}
	btn := "link:" + page + " 🔗 Game page"
	long := "https://mancala.example.com/" + strings.Repeat("g", 500)
	for _, c := range []struct {
		name    string
		reply   bot.Reply
		rows    [][]string
		content string
	}{
		{"finished game", bot.Reply{Text: "<@2> wins 30:18.", Board: board(7, 40, []string{"↻", "▶", "📈"}), Link: link},
			[][]string{{"↻", "▶", "📈"}, {btn}}, "<@2> wins 30:18."},
		{"no board (game)", bot.Reply{Text: "kalah: 3 4", Link: link}, [][]string{{btn}}, "kalah: 3 4"},
		{"five rows", bot.Reply{Text: "b", Board: board(7, 2, row(5), row(5), row(5), row(5), row(1)), Link: link},
			[][]string{row(5), row(5), row(5), row(5), {row(1)[0], btn}}, "b"},
		{"no room", bot.Reply{Text: "b", Board: board(7, 2, row(5), row(5), row(5), row(5), row(5)), Link: link},
			[][]string{row(5), row(5), row(5), row(5), row(5)}, "b\n🔗 Game page: <" + page + ">"},
		{"URL too long for a button", bot.Reply{Text: "b", Link: &bot.Link{URL: long, Label: "🔗 *Game* page"}},
			nil, "b\n🔗 **Game** page: <" + long + ">"},
	} {
		t.Run(c.name, func(t *testing.T) {
			msgs := toMessages([]bot.Reply{c.reply}, "1")
			if len(msgs) != 1 {
				t.Fatalf("%d messages, want 1", len(msgs))
			}
			if got := layout(msgs[0]); !reflect.DeepEqual(got, c.rows) {
				t.Errorf("rows %q, want %q", got, c.rows)
			}
			if msgs[0].content != c.content {
				t.Errorf("content %q, want %q", msgs[0].content, c.content)
			}
		})
	}
	// A text naming people with only a link asks nothing of them.
	if m := toMessages([]bot.Reply{{Text: "<@1> vs <@2>", Link: link}}, "1")[0]; len(m.ping) != 0 {
		t.Errorf("a reply with a link alone pings %q", m.ping)
	}
}

// Bare URLs in a text get angle brackets, so that Discord embeds none of
// them; those already in brackets are left alone.
func TestNoEmbeds(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"no link", "no link"},
		{"• Kalah — https://discord.com/channels/1/2 — 🔗 https://m.example.com/g/a_b-c",
			"• Kalah — <https://discord.com/channels/1/2> — 🔗 <https://m.example.com/g/a_b-c>"},
		{"http://localhost:8080/g/x\n(see https://m.example.com/g/y)", "<http://localhost:8080/g/x>\n(see <https://m.example.com/g/y>)"},
		{"already <https://m.example.com/g/a>", "already <https://m.example.com/g/a>"},
		{"not a link: xhttps://m.example.com", "not a link: xhttps://m.example.com"},
	} {
		if got := noEmbeds(c.in); got != c.want {
			t.Errorf("noEmbeds(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestComponents(t *testing.T) {
	style := func(c discordgo.MessageComponent, i int) discordgo.ButtonStyle {
		return c.(discordgo.ActionsRow).Components[i].(discordgo.Button).Style
	}
	rows, _ := components([][]bot.Button{{{Label: "✔", Data: "a:1:0"}, {Label: "✖", Data: "d:1:0"}, {Label: "↻", Data: "r:1:0"}, {Label: "3", Data: "m:1:0:3"}}})
	for i, want := range []discordgo.ButtonStyle{discordgo.SuccessButton, discordgo.DangerButton, discordgo.PrimaryButton, discordgo.SecondaryButton} {
		if got := style(rows[0], i); got != want {
			t.Errorf("button %d style %d, want %d", i, got, want)
		}
	}
	// Rows longer than Discord's 5 are re-flowed five to a row, at most
	// 5 rows.
	var long []bot.Button
	for i := range 30 {
		long = append(long, bot.Button{Label: "x", Data: "m:1:0:" + string(rune('a'+i))})
	}
	rows, dropped := components([][]bot.Button{long})
	if len(rows) != 5 || dropped != 5 {
		t.Fatalf("%d rows, %d dropped; want 5 rows and the 5 buttons beyond 25 counted as dropped", len(rows), dropped)
	}
	for _, r := range rows {
		if n := len(r.(discordgo.ActionsRow).Components); n != 5 {
			t.Errorf("row of %d buttons, want 5", n)
		}
	}
	if got, dropped := components(nil); got == nil || len(got) != 0 || dropped != 0 {
		t.Errorf("no buttons: %#v, want an empty, non-nil list (so an edit removes the old ones)", got)
	}
}

func TestSplitContent(t *testing.T) {
	para := strings.Repeat("слово ", 100) // 600 characters
	long := strings.Join([]string{para, para, para, para, para}, "\n")
	huge := strings.Repeat("x", 4500)
	emoji := strings.Repeat("😀", 1500) // 3000 UTF-16 units
	for name, s := range map[string]string{"lines": long, "one word": huge, "emoji": emoji, "short": "hi"} {
		parts := splitContent(s, maxContent)
		for i, p := range parts {
			if n := contentLen(p); n > maxContent || n == 0 {
				t.Errorf("%s: part %d has %d characters", name, i, n)
			}
		}
		if got, want := strings.Join(strings.Fields(strings.Join(parts, "")), ""), strings.Join(strings.Fields(s), ""); got != want {
			t.Errorf("%s: the parts do not add up to the text", name)
		}
		if name == "lines" && len(parts) != 2 {
			t.Errorf("lines: %d parts, want 2 (cut between lines)", len(parts))
		}
	}
	if got := splitContent("  ", maxContent); got != nil {
		t.Errorf("blank text: %q", got)
	}
}

// A long reply becomes several messages; the board goes with the first.
func TestLongReply(t *testing.T) {
	text := strings.Repeat("*Rules* line of text\n", 250)
	msgs := toMessages([]bot.Reply{{Text: text, Board: board(1, 2, []string{"1"})}}, "")
	if len(msgs) < 3 {
		t.Fatalf("%d messages", len(msgs))
	}
	for i, m := range msgs {
		if contentLen(m.content) > maxContent {
			t.Errorf("message %d too long", i)
		}
		if (m.png != nil) != (i == 0) || (len(m.buttons) > 0) != (i == 0) {
			t.Errorf("message %d: board only on the first", i)
		}
		if strings.Contains(m.content, "*Rules* ") {
			t.Errorf("message %d: bold not converted", i)
		}
	}
}

func TestPlan(t *testing.T) {
	pub := outMsg{content: "board", edit: true}
	newMsg := outMsg{content: "new"}
	priv := outMsg{content: "no", ephemeral: true}
	type s = struct {
		op   opKind
		resp discordgo.InteractionResponseType
		msg  string
	}
	tests := []struct {
		name     string
		kind     interactionKind
		deferred bool
		msgs     []outMsg
		want     []s
	}{
		{"command", kindCommand, false, []outMsg{newMsg, priv},
			[]s{{opRespond, 4, "new"}, {opFollowup, 0, "no"}}},
		{"command: edit means nothing", kindCommand, false, []outMsg{pub},
			[]s{{opRespond, 4, "board"}}},
		{"command deferred", kindCommand, true, []outMsg{newMsg, newMsg},
			[]s{{opEditOriginal, 0, "new"}, {opFollowup, 0, "new"}}},
		{"command deferred, private answer", kindCommand, true, []outMsg{priv},
			[]s{{opDeleteOriginal, 0, ""}, {opFollowup, 0, "no"}}},
		{"command deferred, nothing to say", kindCommand, true, nil,
			[]s{{opDeleteOriginal, 0, ""}}},
		{"command, nothing to say", kindCommand, false, nil,
			[]s{{opRespond, 4, "✓"}}},
		{"button edits the board", kindComponent, false, []outMsg{pub},
			[]s{{opRespond, 7, "board"}}},
		{"button refused", kindComponent, false, []outMsg{priv},
			[]s{{opRespond, 4, "no"}}},
		{"button posts a new message", kindComponent, false, []outMsg{newMsg},
			[]s{{opRespond, 4, "new"}}},
		{"button: the edit goes first", kindComponent, false, []outMsg{newMsg, pub},
			[]s{{opRespond, 7, "board"}, {opFollowup, 0, "new"}}},
		{"button deferred", kindComponent, true, []outMsg{pub, newMsg},
			[]s{{opEditOriginal, 0, "board"}, {opFollowup, 0, "new"}}},
		{"button deferred, refused", kindComponent, true, []outMsg{priv},
			[]s{{opFollowup, 0, "no"}}},
		{"button, nothing to say", kindComponent, false, nil,
			[]s{{opRespond, 6, ""}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []s
			for _, st := range plan(tt.kind, tt.deferred, tt.msgs) {
				got = append(got, s{st.op, st.respType, st.msg.content})
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("plan\n got %v\nwant %v", got, tt.want)
			}
		})
	}
}

// call is one request the recorder received.
type call struct {
	method string
	body   map[string]any
	files  []string // names
	data   [][]byte
}

// recorder implements restAPI, recording what would be sent (the JSON as
// session sends it) and failing on demand.
type recorder struct {
	mu    sync.Mutex
	calls []call
	fail  map[string][]error // method -> errors for the next calls
}

func (r *recorder) add(method string, payload any, files []*discordgo.File) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if q := r.fail[method]; len(q) > 0 {
		r.fail[method] = q[1:]
		r.calls = append(r.calls, call{method: method + " (failed)"})
		return q[0]
	}
	c := call{method: method}
	if payload != nil {
		raw, _ := json.Marshal(payload)
		_ = json.Unmarshal(raw, &c.body)
	}
	for _, f := range files {
		b, _ := io.ReadAll(f.Reader)
		c.files = append(c.files, f.Name)
		c.data = append(c.data, b)
	}
	r.calls = append(r.calls, c)
	return nil
}

func (r *recorder) InteractionRespond(_ *discordgo.Interaction, resp *discordgo.InteractionResponse, _ ...discordgo.RequestOption) error {
	var files []*discordgo.File
	if resp.Data != nil {
		files = resp.Data.Files
	}
	body, _ := toWireResponse(resp)
	return r.add("respond", body, files)
}

func (r *recorder) InteractionResponseEdit(_ *discordgo.Interaction, e *discordgo.WebhookEdit, _ ...discordgo.RequestOption) (*discordgo.Message, error) {
	return &discordgo.Message{}, r.add("edit", webhookEditBody(e), e.Files)
}

func (r *recorder) InteractionResponseDelete(_ *discordgo.Interaction, _ ...discordgo.RequestOption) error {
	return r.add("delete", nil, nil)
}

func (r *recorder) InteractionResponse(_ *discordgo.Interaction, _ ...discordgo.RequestOption) (*discordgo.Message, error) {
	return &discordgo.Message{}, r.add("original", nil, nil)
}

func (r *recorder) FollowupMessageCreate(_ *discordgo.Interaction, _ bool, p *discordgo.WebhookParams, _ ...discordgo.RequestOption) (*discordgo.Message, error) {
	return &discordgo.Message{}, r.add("followup", webhookParamsBody(p), p.Files)
}

func (r *recorder) ChannelMessageSendComplex(_ string, m *discordgo.MessageSend, _ ...discordgo.RequestOption) (*discordgo.Message, error) {
	return &discordgo.Message{}, r.add("channel send", messageSendBody(m), m.Files)
}

func (r *recorder) ChannelMessageEditComplex(m *discordgo.MessageEdit, _ ...discordgo.RequestOption) (*discordgo.Message, error) {
	return &discordgo.Message{}, r.add("channel edit", messageEditBody(m), m.Files)
}

func (r *recorder) ChannelMessageDelete(_, id string, _ ...discordgo.RequestOption) error {
	return r.add("channel delete", id, nil)
}

func testAdapter(rec *recorder) *Adapter {
	return &Adapter{rest: rec, log: slog.New(slog.DiscardHandler), redact: redactor{token: "secret"}, backoff: time.Millisecond, metrics: noMetrics{}}
}

func restError(status int) error {
	return &discordgo.RESTError{Response: &http.Response{StatusCode: status, Status: http.StatusText(status)}, ResponseBody: []byte(`{"message":"x","code":0}`)}
}

// The payloads as Discord receives them: a board update replaces the
// attachment and the buttons, a private reply is ephemeral.
func TestSendPayloads(t *testing.T) {
	rec := &recorder{}
	a := testAdapter(rec)
	i := fixture(t, "component_button.json")
	msgs := toMessages([]bot.Reply{
		{Text: "*Moved*", Board: board(7, 13, []string{"1", "2"}), Edit: true},
		{Text: "psst", Private: true},
	}, fixBob)
	a.send(context.Background(), i, kindComponent, false, msgs)
	if len(rec.calls) != 2 {
		t.Fatalf("calls %+v", rec.calls)
	}
	upd := rec.calls[0]
	data, _ := upd.body["data"].(map[string]any)
	if upd.method != "respond" || upd.body["type"] != float64(7) || data == nil {
		t.Fatalf("first call %+v, want an update-message response", upd)
	}
	if data["content"] != "**Moved**" {
		t.Errorf("content %v", data["content"])
	}
	want := []any{map[string]any{"id": "0", "filename": "board-7-13.png"}}
	if !reflect.DeepEqual(data["attachments"], want) {
		t.Errorf("attachments %v: want %v, the new board alone (the old one is dropped)", data["attachments"], want)
	}
	if _, ok := data["tts"]; ok {
		t.Errorf("tts sent in an update-message response: %v", data)
	}
	if !reflect.DeepEqual(upd.files, []string{"board-7-13.png"}) || string(upd.data[0]) != "\x89PNG fake" {
		t.Errorf("files %v", upd.files)
	}
	rows, _ := data["components"].([]any)
	if len(rows) != 1 {
		t.Errorf("components %v", data["components"])
	}
	am, _ := data["allowed_mentions"].(map[string]any)
	if parse, ok := am["parse"].([]any); !ok || len(parse) != 0 {
		t.Errorf("allowed_mentions %v: want parse [] (no @everyone, no roles)", am)
	}
	fu := rec.calls[1]
	if fu.method != "followup" || fu.body["flags"] != float64(64) {
		t.Errorf("private follow-up %+v, want flags 64", fu)
	}
}

// A failing request is retried a bounded number of times; a 4xx is not
// retried; when the response itself cannot be sent, a public reply goes to
// the channel instead (and a board update edits the pressed message).
func TestSendRetriesAndFallback(t *testing.T) {
	i := fixture(t, "component_button.json")
	msgs := toMessages([]bot.Reply{{Text: "moved", Board: board(7, 13, []string{"1"}), Edit: true}}, fixBob)

	rec := &recorder{fail: map[string][]error{"respond": {restError(500), errors.New("connection reset")}}}
	testAdapter(rec).send(context.Background(), i, kindComponent, false, msgs)
	if n := len(rec.calls); n != 3 || rec.calls[2].method != "respond" || len(rec.calls[2].files) != 1 {
		t.Errorf("calls %+v: want two failures then the response, with its image again", rec.calls)
	}

	rec = &recorder{fail: map[string][]error{"respond": {restError(500), restError(502), restError(503)}}}
	testAdapter(rec).send(context.Background(), i, kindComponent, false, msgs)
	if n := len(rec.calls); n != 4 || rec.calls[3].method != "channel edit" {
		t.Errorf("calls %+v: want 3 tries, then an edit of the pressed message", rec.calls)
	}

	rec = &recorder{fail: map[string][]error{"respond": {restError(404)}}}
	testAdapter(rec).send(context.Background(), fixture(t, "command_help.json"), kindCommand, false, toMessages([]bot.Reply{{Text: "help"}}, ""))
	if n := len(rec.calls); n != 2 || rec.calls[1].method != "channel send" {
		t.Errorf("calls %+v: a 404 is not retried; the reply is posted to the channel", rec.calls)
	}

	rec = &recorder{fail: map[string][]error{"respond": {restError(404)}}}
	testAdapter(rec).send(context.Background(), fixture(t, "command_help.json"), kindCommand, false, toMessages([]bot.Reply{{Text: "no", Private: true}}, ""))
	if n := len(rec.calls); n != 1 {
		t.Errorf("calls %+v: a private reply is never posted publicly", rec.calls)
	}
}

func ackedError() error {
	return &discordgo.RESTError{
		Response: &http.Response{StatusCode: 400, Status: "400 Bad Request"}, ResponseBody: []byte(`{"code":40060}`),
		Message: &discordgo.APIErrorMessage{Code: discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged, Message: "Interaction has already been acknowledged."},
	}
}

// "Already acknowledged" on a retry means the first try got through; on
// the first try, that a deferral thought lost got through: the answer then
// goes the deferred way.
func TestAlreadyAcknowledged(t *testing.T) {
	i := fixture(t, "component_button.json")
	msgs := toMessages([]bot.Reply{{Text: "moved", Board: board(7, 13, []string{"1"}), Edit: true}}, fixBob)

	rec := &recorder{fail: map[string][]error{"respond": {restError(502), ackedError()}}}
	testAdapter(rec).send(context.Background(), i, kindComponent, false, msgs)
	if n := len(rec.calls); n != 2 {
		t.Errorf("calls %+v: want a failure, then success", rec.calls)
	}

	rec = &recorder{fail: map[string][]error{"respond": {ackedError()}}}
	testAdapter(rec).send(context.Background(), i, kindComponent, false, msgs)
	if n := len(rec.calls); n != 2 || rec.calls[1].method != "edit" || len(rec.calls[1].files) != 1 {
		t.Errorf("calls %+v: want the board as an edit of @original", rec.calls)
	}
}

func TestRetryable(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want bool
	}{
		{restError(500), true}, {restError(502), true}, {restError(429), true},
		{restError(400), false}, {restError(401), false}, {restError(403), false}, {restError(404), false},
		{errors.New("dial tcp: connection refused"), true},
		{&discordgo.RateLimitError{RateLimit: &discordgo.RateLimit{TooManyRequests: &discordgo.TooManyRequests{}}}, true},
		{redactor{token: "t"}.Error(restError(404)), false},
	} {
		if got := retryable(tt.err); got != tt.want {
			t.Errorf("retryable(%v) = %v, want %v", tt.err, got, tt.want)
		}
	}
}

// The bot's *bold* is Discord's **bold**.
func TestForDiscordIsApplied(t *testing.T) {
	got := toMessages([]bot.Reply{{Text: locales.Text(locales.EN, "help", nil)}}, "")
	if len(got) != 1 || !strings.HasPrefix(got[0].content, "**") {
		t.Errorf("help: %q", got[0].content)
	}
}

// Past Discord's 25 buttons, a board loses buttons: the adapter says so
// in its log, as an error, and sends the 25 that fit.
func TestDroppedButtonsLogged(t *testing.T) {
	rec := &recorder{}
	a := testAdapter(rec)
	var logs logBuffer
	a.log = slog.New(slog.NewTextHandler(&logs, nil))
	var rows [][]bot.Button
	for r := range 6 {
		var row []bot.Button
		for c := range 5 {
			row = append(row, bot.Button{Label: strconv.Itoa(5*r + c + 1), Data: "m:1:0:" + strconv.Itoa(5*r+c+1)})
		}
		rows = append(rows, row)
	}
	err := a.Deliver(context.Background(), bot.Outgoing{Platform: Platform, Channel: "c", Reply: bot.Reply{Text: "board", Board: &bot.Board{Buttons: rows}}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), "level=ERROR") || !strings.Contains(logs.String(), "dropped=5") {
		t.Errorf("log %q: want an error counting 5 dropped buttons", logs.String())
	}
	if len(rec.calls) != 1 || len(rec.calls[0].body["components"].([]any)) != maxRows {
		t.Errorf("calls %+v", rec.calls)
	}
}

// clip counts UTF-16 code units, as the rest of the adapter does: a text
// of astral characters (two units each) is cut to fit in units, ending
// with "…".
func TestClipCountsUTF16(t *testing.T) {
	for _, tt := range []struct {
		in   string
		n    int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "ab…"},
		{"🔔🔔🔔", 6, "🔔🔔🔔"},
		{"🔔🔔🔔", 5, "🔔🔔…"},
		{"🔔🔔🔔", 4, "🔔…"},
		{"a🔔", 2, "a…"},
	} {
		got := clip(tt.in, tt.n)
		if got != tt.want || contentLen(got) > tt.n {
			t.Errorf("clip(%q, %d) = %q (%d units), want %q", tt.in, tt.n, got, contentLen(got), tt.want)
		}
	}
}
