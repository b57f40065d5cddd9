package discord

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
	"github.com/mancala-bot/mancala/store"
)

// notices are the turn notifications alive in the channel: the bot's own
// channel messages starting with 🔔.
func (h *harness) notices() []discordtest.Message {
	var out []discordtest.Message
	for _, m := range h.srv.ChannelMessages(channel) {
		if m.Interaction == "" && strings.HasPrefix(m.Content, "🔔") {
			out = append(out, m)
		}
	}
	return out
}

// storedNotice is the game's live notice as the store keeps it ("" none).
func (h *harness) storedNotice(gameID int64) string {
	n, err := h.db.TurnNotice(context.Background(), gameID)
	if errors.Is(err, store.ErrNotFound) {
		return ""
	}
	if err != nil {
		h.t.Fatal(err)
	}
	return n.MessageID
}

// deletions are the paths of the DELETE requests to channel messages.
func (h *harness) deletions() []string {
	var out []string
	for _, r := range h.srv.RequestsTo(discordtest.RouteChannelDelete) {
		out = append(out, r.Path)
	}
	return out
}

// clock is a test's clock, moved by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *clock) advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

// tick runs the bot's background work once, as the program does every
// minute, and delivers what it gives; it returns the number of messages.
func (h *harness) tick() int {
	h.t.Helper()
	out := h.bot.Tick(context.Background())
	for _, o := range out {
		if err := h.a.Deliver(context.Background(), o); err != nil {
			h.t.Fatalf("delivering %+v: %v", o, err)
		}
	}
	return len(out)
}

// TestTurnNotices: through the fake Discord, a Kalah game between alice and
// bob played with the buttons (edits, which notify nobody), the bot's
// clock the test's, its background tick run by hand. While they answer
// within a minute, no notice is posted and nothing is deleted. Then bob
// stays away: after NotifyAfter (3 minutes) he gets one ping, a channel
// message that may notify him only, and no other however long he stays
// away; his move deletes it, once. A ping deleted by hand is found gone,
// which is fine; /games links to the live ping; /notify off stops them.
func TestTurnNotices(t *testing.T) {
	t.Parallel()
	clk := &clock{now: time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)}
	h := start(t, setup{Notices: true, Now: clk.Now})
	challenge := h.reply(h.command(alice, "en-US", "new", discordtest.Opt("variant", "kalah"), discordtest.Opt("opponent", bob))).Message
	accept, _ := challenge.Button("✔")
	board := h.update(h.press(bob, challenge.ID, accept.CustomID))
	press := func(u discordtest.User, label string) {
		t.Helper()
		b, ok := board.Button(label)
		if !ok {
			t.Fatalf("no button %s in %q", label, labels(board))
		}
		board = h.update(h.press(u, board.ID, b.CustomID))
	}
	posts := len(h.srv.RequestsTo(discordtest.RouteChannelMessages))

	// A quick game: each player answers within a minute, the tick runs
	// every minute. Pit 3 is alice's extra turn; then they alternate.
	for _, p := range []struct {
		u     discordtest.User
		label string
	}{{alice, "3"}, {alice, "1"}, {bob, "1"}, {alice, "2"}, {alice, "4"}, {bob, "2"}, {alice, "5"}, {bob, "3"}} {
		if n := h.tick(); n != 0 {
			t.Fatalf("the tick sent %d messages in a quick game", n)
		}
		clk.advance(time.Minute)
		press(p.u, p.label)
	}
	if n := h.tick(); n != 0 {
		t.Fatalf("the tick sent %d messages in a quick game", n)
	}
	if ns, ds, n := h.notices(), h.deletions(), len(h.srv.RequestsTo(discordtest.RouteChannelMessages))-posts; len(ns) != 0 || len(ds) != 0 || n != 0 {
		t.Fatalf("a quick game: notices %+v, deletions %q, %d channel posts; want none", ns, ds, n)
	}
	g := h.live()
	away := h.toMove(g)

	// The player to move stays away: pinged once, after 3 minutes.
	clk.advance(2 * time.Minute)
	if n := h.tick(); n != 0 {
		t.Fatalf("pinged after 2 minutes (%d messages)", n)
	}
	clk.advance(time.Minute)
	if n := h.tick(); n != 1 {
		t.Fatalf("after 3 minutes: %d messages, want the ping", n)
	}
	for range 3 {
		clk.advance(time.Hour)
		if n := h.tick(); n != 0 {
			t.Fatalf("pinged again (%d messages)", n)
		}
	}
	ns := h.notices()
	if len(ns) != 1 || h.storedNotice(g.ID) != ns[0].ID {
		t.Fatalf("notices in the channel %+v, stored %q; want one, stored", ns, h.storedNotice(g.ID))
	}
	ping := ns[0]
	if want := "🔔 " + away.Mention() + ", your move (Kalah) — the game is waiting for you."; ping.Content != want ||
		!slices.Equal(ping.Ping, []string{away.ID}) || len(ping.PingParse) != 0 {
		t.Errorf("ping %q pings %v (parse %v), want %q pinging %s only", ping.Content, ping.Ping, ping.PingParse, want, away.Username)
	}

	// /games, for the away player: the game, their move, a link to the ping.
	out := h.command(away, "en-US", "games").Wait(t)
	link := "https://discord.com/channels/" + h.srv.GuildID + "/" + channel + "/" + ping.ID
	if !out.Message.Ephemeral || !strings.Contains(out.Message.Content, "your move") || !strings.Contains(out.Message.Content, link) {
		t.Errorf("/games: %+v", out.Message)
	}

	// They come back and move: the ping is deleted, once.
	b := board.Buttons()[0]
	board = h.update(h.press(away, board.ID, b.CustomID))
	h.srv.WaitFor(t, "the ping deleted", func() bool { return len(h.deletions()) == 1 })
	if m, ok := h.srv.Message(ping.ID); !ok || !m.Deleted || h.storedNotice(g.ID) != "" {
		t.Errorf("the ping %s: deleted %v, stored %q; want deleted, none stored", ping.ID, m.Deleted, h.storedNotice(g.ID))
	}

	// The other player is away now; their ping is deleted by hand before
	// they move: the bot's deletion finds it gone, which is fine.
	other := h.toMove(h.live())
	clk.advance(3 * time.Minute)
	if n := h.tick(); n != 1 {
		t.Fatalf("after 3 minutes: %d messages, want the ping of %s", n, other.Username)
	}
	second := h.storedNotice(g.ID)
	req, _ := http.NewRequest(http.MethodDelete, h.srv.URL+discordtest.APIPrefix+"/channels/"+channel+"/messages/"+second, nil)
	req.Header.Set("Authorization", "Bot "+h.srv.Token)
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusNoContent {
		t.Fatalf("deleting by hand: %v %v", resp, err)
	}
	b = board.Buttons()[0]
	board = h.update(h.press(other, board.ID, b.CustomID))
	h.srv.WaitFor(t, "the second ping's deletion", func() bool { return len(h.deletions()) == 3 })
	if strings.Contains(h.logs.String(), "not deleted") {
		t.Errorf("a notice already gone was reported:\n%s", h.logs.String())
	}

	// Whoever is to move now turns notices off: never pinged.
	off := h.toMove(h.live())
	if out := h.command(off, "en-US", "notify", discordtest.Opt("state", "off")).Wait(t); !out.Message.Ephemeral ||
		!strings.Contains(out.Message.Content, "no more turn notifications") {
		t.Errorf("/notify off: %+v", out.Message)
	}
	clk.advance(time.Hour)
	if n := h.tick(); n != 0 {
		t.Errorf("%s, who turned notices off, got %d messages", off.Username, n)
	}
	// Each message was deleted once: the first ping by the bot, the second
	// by hand and by the bot (found gone).
	ds := h.deletions()
	if len(ds) != 3 || !strings.HasSuffix(ds[0], "/"+ping.ID) || !strings.HasSuffix(ds[1], "/"+second) || !strings.HasSuffix(ds[2], "/"+second) {
		t.Errorf("deletions %q, want %s, then %s twice (by hand, by the bot)", ds, ping.ID, second)
	}
	if ns := h.notices(); len(ns) != 0 {
		t.Errorf("notices left in the channel: %+v", ns)
	}
}
