package bot_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store"
)

// notifyAfter is the harness's NotifyAfter with notices on.
const notifyAfter = 3 * time.Minute

// withNotices rebuilds h's bot with turn notifications on.
func withNotices(h *harness) *harness {
	h.bot = h.noticeBot()
	return h
}

// noticeBot is a bot with turn notifications on, on h's store and clock:
// another process when h already has one.
func (h *harness) noticeBot() *bot.Bot {
	return bot.New(bot.Config{
		Store:       h.db,
		Now:         func() time.Time { h.mu.Lock(); defer h.mu.Unlock(); return h.now },
		NotifyAfter: notifyAfter, ClaimAfter: 24 * time.Hour,
		TurnNotices: true,
	})
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

func wantNoNotice(t *testing.T, rs []bot.Reply) {
	t.Helper()
	if _, ns := notices(rs); len(ns) != 0 {
		t.Fatalf("unexpected notice %+v", ns[0])
	}
}

// wantDeletion checks that the replies hold exactly one notice, which only
// deletes the message id, and that the store has no live notice left.
func (h *harness) wantDeletion(rs []bot.Reply, id string) {
	h.t.Helper()
	_, ns := notices(rs)
	if len(ns) != 1 || ns[0].Text != "" || ns[0].Notice.Replaces != id || ns[0].Notice.Done != nil {
		h.t.Fatalf("notices %+v, want one deleting %s only", ns, id)
	}
	h.wantStored(0, "")
}

// wantStored checks the live notice of game (0: the channel's live or
// last game) as the store keeps it ("" none).
func (h *harness) wantStored(game int64, id string) {
	h.t.Helper()
	if game == 0 {
		g := h.live()
		if g == nil {
			g, _ = h.db.LastGame(context.Background(), "test", "c1")
		}
		game = g.ID
	}
	n, err := h.db.TurnNotice(context.Background(), game)
	switch {
	case id == "" && !errors.Is(err, store.ErrNotFound):
		h.t.Errorf("the store keeps notice %+v, %v; want none", n, err)
	case id != "" && (err != nil || n.MessageID != id):
		h.t.Errorf("the store keeps %+v, %v; want %s", n, err, id)
	}
}

// wantPing runs a tick and checks that it gives exactly one message: a
// ping of user in c1 with the text want (when set). It returns the ping.
func (h *harness) wantPing(user, want string) bot.Reply {
	h.t.Helper()
	out := h.bot.Tick(context.Background())
	if len(out) != 1 {
		h.t.Fatalf("tick: %d messages, want %s's ping: %+v", len(out), user, out)
	}
	o := out[0]
	r, n := o.Reply, o.Reply.Notice
	if o.Channel != "c1" || o.Quiet || n == nil || n.Ping.ID != user || n.Ping.Mention != "@"+user || n.Replaces != "" ||
		r.Private || r.Board != nil || r.Edit || n.Done == nil || !strings.Contains(r.Text, "@"+user) {
		h.t.Fatalf("tick gave %+v (notice %+v), want a public ping of %s in c1", o, n, user)
	}
	if want != "" && r.Text != want {
		h.t.Errorf("ping %q, want %q", r.Text, want)
	}
	return r
}

func (h *harness) wantNoPing() {
	h.t.Helper()
	if out := h.bot.Tick(context.Background()); len(out) != 0 {
		h.t.Fatalf("tick: %+v, want nothing", out)
	}
}

// TestNoNoticeWhenPlayersAnswerQuickly: a whole game of Kalah between
// people who each move within two minutes, the background tick running
// every minute: nobody is pinged and no request carries a notice.
func TestNoNoticeWhenPlayersAnswerQuickly(t *testing.T) {
	h := withNotices(newHarness(t, nil))
	h.say("alice", "new kalah @bob")
	r := one(t, h.say("bob", "accept"))
	plies := 0
	for ; r.Board != nil && len(r.Board.Buttons) > 0 && h.live() != nil; plies++ {
		mover := "alice" // the turn line names the player to move
		if strings.Contains(r.Text, "@bob to move") {
			mover = "bob"
		}
		for range 2 {
			h.advance(time.Minute)
			h.wantNoPing()
		}
		rs := h.press(mover, r.Board.Buttons[0][0].Data)
		wantNoNotice(t, rs)
		other, _ := notices(rs)
		if len(other) != 1 || other[0].Private {
			t.Fatalf("ply %d by %s: %+v", plies, mover, rs)
		}
		r = other[0]
	}
	if g, _ := h.db.LastGame(context.Background(), "test", "c1"); g == nil || g.Phase != store.PhaseOver || plies < 10 {
		t.Fatalf("the game did not end after %d plies: %+v", plies, g)
	}
	h.wantStored(0, "")
}

// TestAwayPlayerPingedOnce: alice leaves her turn idle. The tick pings her
// once NotifyAfter has passed, not before, and only once however long she
// stays away; her move deletes the ping. bob, who turned notices off, is
// never pinged; alice's extra turn is a new turn, pinged again when idle.
func TestAwayPlayerPingedOnce(t *testing.T) {
	h := withNotices(newHarness(t, nil))
	h.say("alice", "new kalah @bob")
	board := one(t, h.say("bob", "accept")) // alice (the challenger) moves first
	h.advance(notifyAfter - time.Second)
	h.wantNoPing()
	h.advance(time.Second)
	ping := h.wantPing("alice", "🔔 @alice, your move (Kalah) — the game is waiting for you.")
	if gone := ping.Notice.Done("n1"); len(gone) != 0 {
		t.Errorf("recording the ping gave %v to delete, want nothing", gone)
	}
	h.wantStored(0, "n1")
	for _, d := range []time.Duration{time.Minute, time.Hour, 20 * time.Hour} {
		h.advance(d)
		h.wantNoPing()
	}
	// A refusal changes nothing and sends nothing.
	wantNoNotice(t, h.say("bob", "move 1"))
	h.wantStored(0, "n1")
	// Pit 3 (4 seeds: pits 4, 5, 6 and the store) is an extra turn: alice
	// is back, her ping goes (the board's buttons still work after the
	// ping); after NotifyAfter of this new turn she is pinged again.
	rs := h.press("alice", buttonFor(t, board, "3"))
	h.wantDeletion(rs, "n1")
	if other, _ := notices(rs); len(other) != 1 || other[0].Private || other[0].Board == nil {
		t.Fatalf("alice's press after the ping: %+v", rs)
	}
	h.wantNoPing()
	h.advance(notifyAfter)
	ping = h.wantPing("alice", "")
	ping.Notice.Done("n2")
	// Pit 1 (4 seeds, the last in pit 5): bob's turn, and alice's ping goes.
	h.wantDeletion(h.say("alice", "move 1"), "n2")
	// bob turns notices off: never pinged.
	if r := one(t, h.say("bob", "notify off")); !r.Private || !strings.Contains(r.Text, "no more turn notifications") {
		t.Errorf("notify off: %+v", r)
	}
	h.advance(2 * time.Hour)
	h.wantNoPing()
	// bob turns them on again: pinged at the next tick (his turn is long
	// idle), in Polish when the table speaks Polish.
	one(t, h.say("bob", "notify on"))
	if err := h.db.SetChannelLanguage(context.Background(), "test", "c1", "pl"); err != nil {
		t.Fatal(err)
	}
	ping = h.wantPing("bob", "🔔 @bob, twój ruch (Kalah) — partia na ciebie czeka.")
	ping.Notice.Done("n3")
	h.wantNoPing()
	// bob resigns: the game is over, and his ping goes.
	h.wantDeletion(h.say("bob", "resign"), "n3")
}

// TestPingOutlivedByItsTurn: alice moves while her ping is being sent; her
// move found no notice to delete, so recording the ping gives the ping
// itself back to delete, and nothing stays in the store.
func TestPingOutlivedByItsTurn(t *testing.T) {
	h := withNotices(newHarness(t, nil))
	h.say("alice", "new kalah @bob")
	h.say("bob", "accept")
	h.advance(notifyAfter)
	ping := h.wantPing("alice", "")
	wantNoNotice(t, h.say("alice", "move 1"))
	if gone := ping.Notice.Done("n1"); !slices.Equal(gone, []string{"n1"}) {
		t.Errorf("recording a ping whose turn ended gave %v to delete, want [n1]", gone)
	}
	h.wantStored(0, "")
	// A notice left behind (by an older race): the next ping swaps it out
	// and gives it to delete.
	g := h.live()
	if ok, err := h.db.SwapTurnNotice(context.Background(), "", store.Notice{GameID: g.ID, UserID: "alice", MessageID: "old"}); !ok || err != nil {
		t.Fatal(ok, err)
	}
	h.advance(notifyAfter)
	ping = h.wantPing("bob", "")
	if gone := ping.Notice.Done("n2"); !slices.Equal(gone, []string{"old"}) {
		t.Errorf("recording over a notice left behind gave %v to delete, want [old]", gone)
	}
	h.wantStored(g.ID, "n2")
}

// TestNoPingAgainstTheBot: a player who leaves a game against the bot is
// waited for by nobody: no ping, and no notice in its replies.
func TestNoPingAgainstTheBot(t *testing.T) {
	h := withNotices(newHarness(t, nil))
	wantNoNotice(t, h.say("alice", "new kalah bot"))
	wantNoNotice(t, h.say("alice", "move 1"))
	h.advance(2 * time.Hour)
	h.wantNoPing()
}

// TestPingsRacingMoves: alice's ping is alive; she presses each of her
// buttons at once, in two processes, while bob resigns. Whatever wins,
// exactly one reply deletes the ping, and the store keeps none.
func TestPingsRacingMoves(t *testing.T) {
	for round := range 5 {
		h := withNotices(newHarness(t, nil))
		second := h.noticeBot()
		h.say("alice", "new kalah @bob")
		r := one(t, h.say("bob", "accept"))
		h.advance(notifyAfter)
		h.wantPing("alice", "").Notice.Done("n1")
		var mu sync.Mutex
		var deletions []string
		var wg sync.WaitGroup
		handle := func(b *bot.Bot, req bot.Request) {
			rs := b.Handle(context.Background(), req)
			_, ns := notices(rs)
			mu.Lock()
			defer mu.Unlock()
			for _, n := range ns {
				if n.Text != "" {
					t.Errorf("a move sent a ping: %+v", n)
				}
				deletions = append(deletions, n.Notice.Replaces)
			}
		}
		for _, row := range r.Board.Buttons {
			for _, b := range row {
				for _, p := range []*bot.Bot{h.bot, second} {
					wg.Go(func() {
						handle(p, bot.Request{Platform: "test", Channel: "c1", Button: b.Data, User: bot.User{ID: "alice", Name: "alice"}})
					})
				}
			}
		}
		wg.Go(func() {
			handle(second, bot.Request{Platform: "test", Channel: "c1", Text: "resign", User: bot.User{ID: "bob", Name: "bob"}})
		})
		wg.Wait()
		if !slices.Equal(deletions, []string{"n1"}) {
			t.Errorf("round %d: deletions %v, want n1 once", round, deletions)
		}
		h.wantStored(0, "")
	}
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

// TestGamesList: "games" lists the requester's live games on the
// platform, privately, newest change first, with whose turn, how long
// since the last move, and where: the live ping when there is one, else
// the channel.
func TestGamesList(t *testing.T) {
	h := withNotices(newHarness(t, nil))
	if r := one(t, h.say("alice", "games")); !r.Private || r.Text != "You have no games going on. Start one with /new." {
		t.Errorf("no games: %+v", r)
	}
	const link = "https://discord.com/channels/G1/c1"
	h.at("c1", link, "alice", "new kalah @bob")
	h.at("c1", link, "bob", "accept")
	h.advance(3 * time.Minute)
	h.wantPing("alice", "").Notice.Done("m-77") // alice's ping
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
	// alice moves: her ping goes; bob asks 21 minutes later (unpinged:
	// the tick did not run), and the link is the channel's.
	h.wantDeletion(h.at("c1", link, "alice", "move 1"), "m-77")
	h.advance(21 * time.Minute)
	rs := h.bot.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c9", Text: "/games",
		User: bot.User{ID: "bob", Name: "bob", Mention: "@bob", Locale: "pl"}})
	r = one(t, rs)
	want = "*Twoje partie*\n• Kalah, przeciwnik: @alice — twój ruch, ostatni ruch 21 minut temu — " + link
	if r.Text != want {
		t.Errorf("pl games:\n%s\nwant:\n%s", r.Text, want)
	}
}

// TestNoticeAcrossProcesses: the ping's message id is in the store, so a
// second process handling the move deletes the first process's ping.
func TestNoticeAcrossProcesses(t *testing.T) {
	h := withNotices(newHarness(t, nil))
	first := h.bot
	h.say("alice", "new kalah @bob")
	h.say("bob", "accept")
	h.advance(notifyAfter)
	h.wantPing("alice", "").Notice.Done("n1")
	h.bot = h.noticeBot()
	h.wantDeletion(h.say("alice", "move 1"), "n1")
	h.bot = first
	h.wantNoPing() // bob's turn is new
}

// TestTickFinishesTheBotsMove: a game where the bot's reply was lost (the
// player's move is stored, the bot is to move): Tick leaves it for 5
// minutes, since a request may still be working the reply out, then plays
// the bot's move; Resume (at start) plays it at once.
func TestTickFinishesTheBotsMove(t *testing.T) {
	for _, resume := range []bool{false, true} {
		h := withNotices(newHarness(t, nil))
		h.say("alice", "new kalah bot")
		g := h.live()
		// alice's pit 1 (4 seeds, the last in pit 5): the bot's turn, its
		// reply lost.
		g.Moves = append(g.Moves, store.Move{Ply: 0, Move: "1", UserID: "alice", At: h.now})
		g.TurnStarted = h.now
		if err := h.db.UpdateGame(context.Background(), g); err != nil {
			t.Fatal(err)
		}
		if resume {
			if out := h.bot.Resume(context.Background()); len(out) != 1 || out[0].Reply.Board == nil {
				t.Fatalf("resume: %+v, want the bot's move", out)
			}
			continue
		}
		for _, d := range []time.Duration{notifyAfter, 5*time.Minute - notifyAfter - time.Second} {
			h.advance(d)
			h.wantNoPing()
		}
		h.advance(time.Second)
		out := h.bot.Tick(context.Background())
		if len(out) != 1 || out[0].Reply.Board == nil || out[0].Reply.Notice != nil {
			t.Fatalf("tick after 5 minutes: %+v, want the bot's move", out)
		}
		if g := h.live(); g == nil || len(g.Moves) < 2 {
			t.Errorf("the bot did not move: %+v", g)
		}
	}
}
