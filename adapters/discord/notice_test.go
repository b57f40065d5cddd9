package discord

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
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

// waitStore polls cond, which reads the store (the fake's WaitFor wakes
// on the server's changes only, and the store is written after them),
// until it holds; it fails the test after discordtest.WaitTimeout.
func waitStore(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(discordtest.WaitTimeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", discordtest.WaitTimeout, what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// wantNotice waits for the game's notice to be a new message other than
// old that mentions and pings exactly user, and for it to be the only one
// in the channel; it returns its id.
func (h *harness) wantNotice(gameID int64, old string, user discordtest.User) string {
	h.t.Helper()
	waitStore(h.t, "a new turn notice", func() bool { id := h.storedNotice(gameID); return id != "" && id != old })
	id := h.storedNotice(gameID)
	ns := h.notices()
	if len(ns) != 1 || ns[0].ID != id {
		h.t.Fatalf("notices in the channel %+v, want only %s", ns, id)
	}
	n := ns[0]
	if !strings.Contains(n.Content, user.Mention()) || !slices.Equal(n.Ping, []string{user.ID}) || len(n.PingParse) != 0 {
		h.t.Errorf("notice %q pings %v (parse %v), want %s only", n.Content, n.Ping, n.PingParse, user.Username)
	}
	return id
}

// wantNoNotice waits for the game's notice to be gone, and checks that no
// notice is left in the channel.
func (h *harness) wantNoNotice(gameID int64) {
	h.t.Helper()
	waitStore(h.t, "the notice deleted", func() bool { return h.storedNotice(gameID) == "" })
	if ns := h.notices(); len(ns) != 0 {
		h.t.Fatalf("notices left in the channel: %+v", ns)
	}
}

// TestTurnNotices: through the fake Discord, a Kalah game between alice and
// bob played with the buttons (edits, which notify nobody). Each time the
// turn passes to the other player, a channel message mentions them (only
// them may be pinged) and the previous one is deleted; an extra turn
// sends nothing and removes the mover's notice; /notify off stops them;
// /games lists the game with a link to the notice.
func TestTurnNotices(t *testing.T) {
	t.Parallel()
	h := start(t, setup{Notices: true})
	challenge := h.reply(h.command(alice, "en-US", "new", discordtest.Opt("variant", "kalah"), discordtest.Opt("opponent", bob))).Message
	accept, _ := challenge.Button("✔")
	board := h.update(h.press(bob, challenge.ID, accept.CustomID))
	g := h.live()
	// alice moves first: she is mentioned.
	n1 := h.wantNotice(g.ID, "", alice)
	if want := "🔔 " + alice.Mention() + ", your move (Kalah)."; h.notices()[0].Content != want {
		t.Errorf("notice %q, want %q", h.notices()[0].Content, want)
	}

	press := func(u discordtest.User, label string) {
		t.Helper()
		b, ok := board.Button(label)
		if !ok {
			t.Fatalf("no button %s in %q", label, labels(board))
		}
		board = h.update(h.press(u, board.ID, b.CustomID))
	}
	// Pit 3 ends in alice's store: her extra turn. Nobody is mentioned,
	// and her notice is deleted.
	press(alice, "3")
	h.wantNoNotice(g.ID)
	if m, ok := h.srv.Message(n1); !ok || !m.Deleted {
		t.Errorf("alice's notice %s not deleted", n1)
	}
	// Pit 1 gives bob the turn; bob's pit 1 gives it back to alice, whose
	// notice replaces bob's.
	press(alice, "1")
	n2 := h.wantNotice(g.ID, "", bob)
	// Someone deletes bob's notice by hand: its deletion by the bot finds
	// it gone, which is fine.
	req, _ := http.NewRequest(http.MethodDelete, h.srv.URL+discordtest.APIPrefix+"/channels/"+channel+"/messages/"+n2, nil)
	req.Header.Set("Authorization", "Bot "+h.srv.Token)
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusNoContent {
		t.Fatalf("deleting by hand: %v %v", resp, err)
	}
	press(bob, "1")
	n3 := h.wantNotice(g.ID, n2, alice)
	if deletes := h.srv.RequestsTo(discordtest.RouteChannelDelete); len(deletes) != 3 {
		t.Errorf("%d deletions, want 3 (alice's notice, bob's by hand, bob's by the bot)", len(deletes))
	}
	if strings.Contains(h.logs.String(), "not deleted") {
		t.Errorf("a notice already gone was reported:\n%s", h.logs.String())
	}

	// A typed move posts a new board naming the player to move: the
	// notice alone pings them, not the board too.
	ix := h.command(alice, "en-US", "move", discordtest.Opt("pit", "4"))
	typed := h.reply(ix).Message
	n4 := h.wantNotice(g.ID, n3, bob)
	if !strings.Contains(typed.Content, bob.Mention()+" to move") || len(typed.Ping) != 0 {
		t.Errorf("typed move's board %q pings %v, want nobody", typed.Content, typed.Ping)
	}
	board = typed
	press(bob, "2")
	n3 = h.wantNotice(g.ID, n4, alice)

	// /games, for alice: the game, her move, a link to the notice.
	games := h.command(alice, "en-US", "games")
	out := games.Wait(t)
	link := "https://discord.com/channels/" + h.srv.GuildID + "/" + channel + "/" + n3
	if !out.Message.Ephemeral || !strings.Contains(out.Message.Content, "• Kalah against "+bob.Mention()+" — your move, last move just now — "+link) {
		t.Errorf("/games: %+v", out.Message)
	}

	// bob turns notices off: alice's pit 2 (an extra turn) and pit 3 (bob's
	// turn) leave no notice at all.
	if out := h.command(bob, "en-US", "notify", discordtest.Opt("state", "off")).Wait(t); !out.Message.Ephemeral ||
		!strings.Contains(out.Message.Content, "no more turn notifications") {
		t.Errorf("/notify off: %+v", out.Message)
	}
	press(alice, "2")
	h.wantNoNotice(g.ID)
	press(alice, "3")
	if g := h.live(); g == nil || h.toMove(g).ID != bob.ID {
		t.Fatalf("bob is not to move: %+v", g)
	}
	if ns := h.notices(); len(ns) != 0 {
		t.Errorf("a notice for bob, who turned them off: %+v", ns)
	}
}
