package discord

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
	"github.com/mancala-bot/mancala/bot"
)

// lastRow is m's last row of buttons as "label custom_id" (link buttons
// as "label url").
func lastRow(m discordtest.Message) []string {
	if len(m.Rows) == 0 {
		return nil
	}
	var out []string
	for _, b := range m.Rows[len(m.Rows)-1] {
		if b.Style == 5 {
			out = append(out, b.Label+" "+b.URL)
		} else {
			out = append(out, b.Label+" "+b.CustomID)
		}
	}
	return out
}

// With the Activity on, a game's boards carry a blue "🎯 Open board"
// button (custom_id "o:<page id>") beside the page's link, in a row of
// their own; its press is answered with LAUNCH_ACTIVITY (type 12, no
// data: the fake refuses anything else) without reaching the bot: no
// message, no change to the game. Through the gateway and through HTTP
// interactions alike, with the real discordgo client.
func TestOpenBoardLaunchesActivity(t *testing.T) {
	t.Parallel()
	for _, httpMode := range []bool{false, true} {
		name := "gateway"
		if httpMode {
			name = "HTTP interactions"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := start(t, setup{PublicURL: "https://mancala.example.com", App: true, Activity: true, HTTP: httpMode})
			// Wait, not reply: in HTTP mode a board (a file) comes as an
			// edit of the deferred response.
			h.command(alice, "en-US", "new", discordtest.Opt("variant", "kalah")).Wait(t)
			board := h.command(bob, "en-US", "accept").Wait(t).Message
			g := h.live()
			want := []string{"🎯 Open board o:" + g.PageID, "👀 Watch live https://mancala.example.com/g/" + g.PageID}
			if got := lastRow(board); !slices.Equal(got, want) {
				t.Fatalf("the board's last row %q, want %q", got, want)
			}
			if b, _ := board.Button("🎯"); b.Style != 1 {
				t.Errorf("the app button's style %d, want 1 (blue)", b.Style)
			}
			before := len(h.srv.Messages())
			ix := h.press(carol, board.ID, "o:"+g.PageID)
			if out := ix.WaitOp(t, discordtest.OpLaunchActivity); out.MessageID != "" {
				t.Errorf("the launch made a message: %+v", out)
			}
			if got := ops(ix); !slices.Equal(got, []string{discordtest.OpLaunchActivity}) {
				t.Errorf("the press was answered with %q, want the launch alone", got)
			}
			rs := h.srv.Responses()
			if last := rs[len(rs)-1]; last.InteractionID != ix.ID || last.Type != 12 {
				t.Errorf("the last response %+v, want type 12 to the press", last)
			}
			if after := h.live(); after.Version != g.Version || len(h.srv.Messages()) != before {
				t.Errorf("the launch changed something: version %d → %d, %d → %d messages", g.Version, after.Version, before, len(h.srv.Messages()))
			}
			// A move: the updated board keeps the button.
			moved := h.press(h.toMove(g), board.ID, pitButtons(board)[0].CustomID).Wait(t).Message
			if got := lastRow(moved); !slices.Equal(got, want) {
				t.Errorf("the board after a move: last row %q, want %q", got, want)
			}
		})
	}
}

// With the Activity off, the bot's App is dropped: no app button; a
// press of one left from before goes to the bot, which refuses it as a
// stale button, and nothing is launched.
func TestOpenBoardActivityOff(t *testing.T) {
	t.Parallel()
	h := start(t, setup{PublicURL: "https://mancala.example.com", App: true})
	h.reply(h.command(alice, "en-US", "new", discordtest.Opt("variant", "kalah")))
	board := h.reply(h.command(bob, "en-US", "accept")).Message
	g := h.live()
	if got := lastRow(board); !slices.Equal(got, []string{"👀 Watch live https://mancala.example.com/g/" + g.PageID}) {
		t.Errorf("the board's last row %q, want the page's link alone", got)
	}
	ix := h.press(carol, board.ID, "o:"+g.PageID)
	h.refusal(ix, "err_stale_button")
	for _, r := range h.srv.Responses() {
		if r.Type == 12 {
			t.Errorf("an Activity was launched: %+v", r)
		}
	}
}

// The app's button and the link share a row of their own under the
// board's buttons while there is a row left, else they end the last row
// when it has room for both; a board with room for one button keeps the
// link (in a button) and drops the app's; a full board has the link in
// its text and no app button; a private reply never carries it.
func TestAppButtonLayout(t *testing.T) {
	rowsOf := func(sizes ...int) [][]bot.Button {
		var rows [][]bot.Button
		n := 0
		for _, size := range sizes {
			var row []bot.Button
			for range size {
				n++
				row = append(row, bot.Button{Label: strconv.Itoa(n), Data: "m:1:2:" + strconv.Itoa(n)})
			}
			rows = append(rows, row)
		}
		return rows
	}
	app := &bot.AppLink{Page: "abc", GameID: 1, Version: 2, Label: "🎯 Open board"}
	link := &bot.Link{URL: "https://mancala.example.com/g/abc", Label: "👀 Watch live"}
	for _, c := range []struct {
		name    string
		rows    []int
		private bool
		want    []string // the last row: custom ids, or the link's url
		inText  bool     // the link is in the content
	}{
		{"one row", []int{5}, false, []string{"o:abc", link.URL}, false},
		{"four rows", []int{5, 5, 5, 5}, false, []string{"o:abc", link.URL}, false},
		{"five rows, room for two", []int{5, 5, 5, 5, 3}, false, []string{"m:1:2:21", "m:1:2:22", "m:1:2:23", "o:abc", link.URL}, false},
		{"five rows, room for one", []int{5, 5, 5, 5, 4}, false, []string{"m:1:2:21", "m:1:2:22", "m:1:2:23", "m:1:2:24", link.URL}, false},
		{"full", []int{5, 5, 5, 5, 5}, false, []string{"m:1:2:21", "m:1:2:22", "m:1:2:23", "m:1:2:24", "m:1:2:25"}, true},
		{"private", []int{5}, true, []string{link.URL}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := bot.Reply{Text: "Your move.", Board: &bot.Board{GameID: 1, Version: 2, PNG: []byte{1}, Buttons: rowsOf(c.rows...)}, Link: link, App: app, Private: c.private}
			m := toMessages([]bot.Reply{r}, "")[0]
			if len(m.buttons) > maxRows {
				t.Fatalf("%d rows", len(m.buttons))
			}
			var got []string
			for _, b := range m.buttons[len(m.buttons)-1].(discordgo.ActionsRow).Components {
				b := b.(discordgo.Button)
				if b.URL != "" {
					got = append(got, b.URL)
				} else {
					got = append(got, b.CustomID)
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("last row %q, want %q", got, c.want)
			}
			if in := strings.Contains(m.content, link.URL); in != c.inText {
				t.Errorf("content %q: the link in it %v, want %v", m.content, in, c.inText)
			}
		})
	}
}
