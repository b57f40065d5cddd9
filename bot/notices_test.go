package bot_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store"
)

// withNotices rebuilds h's bot with turn notifications on.
func withNotices(h *harness) *harness {
	h.bot = bot.New(bot.Config{
		Store:       h.db,
		Now:         func() time.Time { h.mu.Lock(); defer h.mu.Unlock(); return h.now },
		RemindAfter: time.Hour, ClaimAfter: 24 * time.Hour,
		TurnNotices: true,
	})
	return h
}

// at sends a typed command as user in channel, which the adapter says is
// reached at link.
func (h *harness) at(channel, link, user, text string) []bot.Reply {
	h.t.Helper()
	return h.bot.Handle(context.Background(), bot.Request{
		Platform: "test", Channel: channel, Text: text, ChannelLink: link,
		User: bot.User{ID: user, Name: user, Mention: "@" + user},
	})
}

// notices splits the turn notices from the other replies.
func notices(rs []bot.Reply) (other, ns []bot.Reply) {
	for _, r := range rs {
		if r.Notice != nil {
			ns = append(ns, r)
		} else {
			other = append(other, r)
		}
	}
	return other, ns
}

// wantNotice checks the request's one notice: it pings ping ("" for a
// deletion only) and replaces replaced; then it reports it sent as sentID
// (as an adapter does) and checks what the store keeps.
func (h *harness) wantNotice(rs []bot.Reply, ping, replaced, sentID string) {
	h.t.Helper()
	_, ns := notices(rs)
	if len(ns) != 1 {
		h.t.Fatalf("%d notices, want 1: %+v", len(ns), rs)
	}
	r, n := ns[0], ns[0].Notice
	if n.Ping.ID != ping || n.Replaces != replaced || r.Private || r.Board != nil || r.Edit {
		h.t.Fatalf("notice pings %q replacing %q (private %v, board %v), want %q replacing %q, public, no board",
			n.Ping.ID, n.Replaces, r.Private, r.Board != nil, ping, replaced)
	}
	if (ping == "") != (r.Text == "") {
		h.t.Fatalf("notice text %q for ping %q", r.Text, ping)
	}
	if ping != "" && (!strings.Contains(r.Text, "@"+ping) || n.Ping.Mention != "@"+ping) {
		h.t.Errorf("notice %q does not mention @%s (Ping %+v)", r.Text, ping, n.Ping)
	}
	n.Done(sentID)
	g := h.live()
	if g == nil {
		g, _ = h.db.LastGame(context.Background(), "test", "c1")
	}
	got, err := h.db.TurnNotice(context.Background(), g.ID)
	switch {
	case sentID == "" && !errors.Is(err, store.ErrNotFound):
		h.t.Errorf("after a deletion the store keeps notice %+v, %v", got, err)
	case sentID != "" && (err != nil || got.MessageID != sentID || got.UserID != ping):
		h.t.Errorf("store keeps %+v, %v; want %s for %s", got, err, sentID, ping)
	}
}

func wantNoNotice(t *testing.T, rs []bot.Reply) {
	t.Helper()
	if _, ns := notices(rs); len(ns) != 0 {
		t.Fatalf("unexpected notice %+v", ns[0])
	}
}

// TestTurnNotices: a Kalah game between people. The player whose turn it
// becomes is mentioned, unless they made the request (an extra turn) or
// turned notices off; each notice replaces the game's previous one, and a
// move by the notified player removes theirs.
func TestTurnNotices(t *testing.T) {
	h := withNotices(newHarness(t, nil))
	wantNoNotice(t, h.say("alice", "new kalah @bob"))
	// bob accepts; alice (the challenger) moves first: she is mentioned.
	rs := h.say("bob", "accept")
	h.wantNotice(rs, "alice", "", "n1")
	if _, ns := notices(rs); ns[0].Text != "🔔 @alice, your move (Kalah)." {
		t.Errorf("notice text %q", ns[0].Text)
	}
	// Pit 3 (4 seeds: pits 4, 5, 6 and the store) is an extra turn: alice
	// just acted, so nobody is mentioned, and her notice goes.
	h.wantNotice(h.say("alice", "move 3"), "", "n1", "")
	// Pit 1 (4 seeds, the last in pit 5): bob's turn.
	h.wantNotice(h.say("alice", "move 1"), "bob", "", "n2")
	// A refusal changes nothing and sends nothing.
	wantNoNotice(t, h.say("alice", "move 2"))
	// bob turns notices off; his move gives alice the turn (bob's notice
	// replaced by hers), and her move then only removes hers.
	if r := one(t, h.say("bob", "notify off")); !r.Private || !strings.Contains(r.Text, "no more turn notifications") {
		t.Errorf("notify off: %+v", r)
	}
	if r := one(t, h.say("bob", "notify")); !strings.Contains(r.Text, "are off") {
		t.Errorf("notify: %q", r.Text)
	}
	h.wantNotice(h.say("bob", "move 1"), "alice", "n2", "n3")
	// alice's pits are 0 5 1 6 6 5: pit 2 ends in her store, an extra
	// turn (her notice goes); pit 3 (2 seeds) gives bob the turn, and bob
	// wants no notice: nothing is sent.
	h.wantNotice(h.say("alice", "move 2"), "", "n3", "")
	wantNoNotice(t, h.say("alice", "move 3"))
	// bob turns them on again; his pit 3 (5 seeds: 4, 5, 6, the store and
	// alice's pit 1) gives alice the turn; her resignation ends the game
	// and removes her notice.
	one(t, h.say("bob", "notify on"))
	h.wantNotice(h.say("bob", "move 3"), "alice", "", "n4")
	h.wantNotice(h.say("alice", "resign"), "", "n4", "")
}

// TestNotifyCommand: "notify" takes on or off, in the user's words
// too; anything else is refused and changes nothing.
func TestNotifyCommand(t *testing.T) {
	h := withNotices(newHarness(t, nil))
	if r := one(t, h.say("bob", "notify")); !strings.Contains(r.Text, "are on") {
		t.Errorf("notify by default: %q", r.Text)
	}
	h.wantRefusal(h.say("bob", "notify maybe"), "/notify on or /notify off", nil)
	h.wantRefusal(h.say("bob", "notify on off"), "/notify on or /notify off", nil)
	if on, _ := h.db.Notify(context.Background(), "test", "bob"); !on {
		t.Error("a refused notify turned notices off")
	}
	rs := h.bot.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c1", Text: "/notify wył",
		User: bot.User{ID: "bob", Name: "bob", Locale: "pl"}})
	if r := one(t, rs); r.Text != "Gotowe: nie będzie już powiadomień o ruchu. /notify on je przywraca." {
		t.Errorf("pl notify wył: %q", r.Text)
	}
	if on, _ := h.db.Notify(context.Background(), "test", "bob"); on {
		t.Error("notify wył left notices on")
	}
}

// TestNoNoticeAgainstTheBot: the bot answers within the player's request,
// so the turn is back with the player who just acted.
func TestNoNoticeAgainstTheBot(t *testing.T) {
	h := withNotices(newHarness(t, nil))
	wantNoNotice(t, h.say("alice", "new kalah bot"))
	for _, pit := range []string{"1", "2", "4"} {
		rs := h.say("alice", "move "+pit)
		wantNoNotice(t, rs)
		if g := h.live(); g == nil || g.Phase != store.PhasePlaying {
			break
		}
	}
}

// TestGamesList: "games" lists the requester's live games on the
// platform, privately, newest change first, with whose turn, how long
// since the last move, and where.
func TestGamesList(t *testing.T) {
	h := withNotices(newHarness(t, nil))
	if r := one(t, h.say("alice", "games")); !r.Private || r.Text != "You have no games going on. Start one with /new." {
		t.Errorf("no games: %+v", r)
	}
	const link = "https://discord.com/channels/G1/c1"
	h.at("c1", link, "alice", "new kalah @bob")
	rs := h.at("c1", link, "bob", "accept")
	_, ns := notices(rs)
	ns[0].Notice.Done("m-77") // alice's notice, just under the board
	h.advance(3 * time.Minute)
	// An open challenge elsewhere, in a channel with no link.
	h.at("c2", "", "alice", "new oware")
	h.advance(2*24*time.Hour + 5*time.Hour)
	// A game over does not count.
	h.at("c3", "", "alice", "new kalah bot")
	h.at("c3", "", "alice", "resign")

	r := one(t, h.say("alice", "games"))
	want := "*Your games*\n" +
		"• Oware — the challenge waits for an answer, opened 2 days ago — in channel c2\n" +
		"• Kalah against @bob — your move, started 2 days ago, no moves yet — " + link + "/m-77"
	if !r.Private || r.Text != want {
		t.Errorf("games:\n%s\nwant:\n%s", r.Text, want)
	}
	// alice moves: her notice goes, bob's is sent (the adapter reports
	// it); bob asks 21 minutes later.
	_, ns = notices(h.at("c1", link, "alice", "move 1"))
	ns[0].Notice.Done("m-78")
	h.advance(21 * time.Minute)
	rs = h.bot.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c9", Text: "/games",
		User: bot.User{ID: "bob", Name: "bob", Mention: "@bob", Locale: "pl"}})
	r = one(t, rs)
	want = "*Twoje partie*\n• Kalah, przeciwnik: @alice — twój ruch, ostatni ruch 21 minut temu — " + link + "/m-78"
	if r.Text != want {
		t.Errorf("pl games:\n%s\nwant:\n%s", r.Text, want)
	}
}

// TestNoticeAcrossProcesses: the notice's message id is in the store, so
// a second process handling the next move replaces the first process's
// notice.
func TestNoticeAcrossProcesses(t *testing.T) {
	h := withNotices(newHarness(t, nil))
	first := h.bot
	second := bot.New(bot.Config{Store: h.db, TurnNotices: true})
	h.say("alice", "new kalah @bob")
	h.wantNotice(h.say("bob", "accept"), "alice", "", "n1")
	h.bot = second
	h.wantNotice(h.say("alice", "move 1"), "bob", "n1", "n2")
	h.bot = first
	h.wantNotice(h.say("bob", "move 1"), "alice", "n2", "n3")
}
