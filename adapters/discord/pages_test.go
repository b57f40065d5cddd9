package discord

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
	"github.com/mancala-bot/mancala/store"
)

// linkButtons are m's link buttons (style 5) as "label url".
func linkButtons(m discordtest.Message) []string {
	var out []string
	for _, b := range m.Buttons() {
		if b.Style == 5 {
			out = append(out, b.Label+" "+b.URL)
		}
	}
	return out
}

// With PUBLIC_URL, the boards of a game carry a link button to its page
// (the live view, then the finished game's page), under the board's
// buttons; /game has it too, and /games lists the page without an embed.
// The link asks nothing of anyone: /game still pings nobody. Without
// PUBLIC_URL, no message has a link.
func TestGamePageLinks(t *testing.T) {
	t.Parallel()
	for _, base := range []string{"https://mancala.example.com/", ""} {
		t.Run("PUBLIC_URL="+base, func(t *testing.T) {
			t.Parallel()
			h := start(t, setup{PublicURL: base})
			h.reply(h.command(alice, "en-US", "new", discordtest.Opt("variant", "kalah")))
			started := h.reply(h.command(bob, "da", "accept"))
			g := h.live()
			page := "https://mancala.example.com/g/" + g.PageID
			want := func(label string) []string {
				if base == "" {
					return nil
				}
				return []string{label + " " + page}
			}
			if !regexp.MustCompile(`^[A-Za-z0-9_-]{22}$`).MatchString(g.PageID) {
				t.Fatalf("page id %q", g.PageID)
			}
			if got := linkButtons(started.Message); !slices.Equal(got, want("👀 Watch live")) {
				t.Errorf("the first board's links %q, want %q", got, want("👀 Watch live"))
			}
			if rows := started.Message.Rows; base != "" && (len(rows[len(rows)-1]) != 1 || rows[len(rows)-1][0].Style != 5) {
				t.Errorf("rows %+v: want the link in a row of its own, last", rows)
			}

			mover := h.toMove(g)
			moved := h.update(h.press(mover, started.MessageID, pitButtons(started.Message)[0].CustomID))
			if got := linkButtons(moved); !slices.Equal(got, want("👀 Watch live")) {
				t.Errorf("the board after a move: links %q", got)
			}

			record := h.reply(h.command(carol, "en-US", "game"))
			if got := linkButtons(record.Message); !slices.Equal(got, want("👀 Watch live")) || len(record.Message.Ping) != 0 {
				t.Errorf("/game: links %q, pings %v; want %q, nobody pinged", got, record.Message.Ping, want("👀 Watch live"))
			}
			games := h.command(bob, "en-US", "games").Wait(t)
			if has := strings.Contains(games.Message.Content, "🔗 <"+page+">"); has != (base != "") || !games.Message.Ephemeral {
				t.Errorf("/games: %q (ephemeral %v), want the page's link in brackets: %v", games.Message.Content, games.Message.Ephemeral, base != "")
			}

			resigned := h.reply(h.command(bob, "en-US", "resign"))
			if h.last().Phase != store.PhaseOver {
				t.Fatal("the game did not end")
			}
			if got := linkButtons(resigned.Message); !slices.Equal(got, want("🔗 Game page")) {
				t.Errorf("the finished game's board: links %q, want %q", got, want("🔗 Game page"))
			}
			if _, ok := resigned.Message.Button("↻"); !ok {
				t.Errorf("the finished game's buttons %q: no rematch", labels(resigned.Message))
			}
			if v := h.srv.TakeViolations(); len(v) != 0 {
				t.Errorf("violations: %q", v)
			}
		})
	}
}

// The number of people on a live game's page comes with its board when
// the board is updated after a move or posted again, in the plural form
// it needs; the move still edits the pressed message and posts nothing
// more.
func TestSpectatorCount(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC) // the bot's clock, stopped
	h := start(t, setup{PublicURL: "https://mancala.example.com", Now: func() time.Time { return now }})
	h.reply(h.command(alice, "en-US", "new", discordtest.Opt("variant", "kalah")))
	board := h.reply(h.command(bob, "en-US", "accept")).Message
	if strings.Contains(board.Content, "👀") {
		t.Errorf("a board nobody watches: %q", board.Content)
	}
	g := h.live()
	watch := func(viewer string) {
		t.Helper()
		if err := h.db.Watch(context.Background(), g.ID, viewer, now.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	watch("v1")
	before := len(h.srv.Messages())
	moved := h.update(h.press(h.toMove(g), board.ID, pitButtons(board)[0].CustomID))
	if !strings.Contains(moved.Content, "👀 1 person is watching this game") {
		t.Errorf("the board after a move, one viewer: %q", moved.Content)
	}
	if n := len(h.srv.Messages()); n != before {
		t.Errorf("%d messages after the move, were %d: the count must not post anything", n, before)
	}
	watch("v2")
	watch("v3")
	again := h.reply(h.command(carol, "en-US", "board"))
	if !strings.Contains(again.Message.Content, "👀 3 people are watching this game") {
		t.Errorf("/board, three viewers: %q", again.Message.Content)
	}
}
