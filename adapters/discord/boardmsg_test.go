package discord

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
)

// boardMsg is one SetBoardMessage the bot made.
type boardMsg struct {
	id      string
	version int64
}

// recordingStore passes SetBoardMessage on and reports each one made, so
// that a test waits for the bot's Posted instead of guessing when it ran.
type recordingStore struct {
	store.Store
	set chan boardMsg
}

func (s recordingStore) SetBoardMessage(ctx context.Context, game, version int64, id string) error {
	err := s.Store.SetBoardMessage(ctx, game, version, id)
	if err == nil {
		s.set <- boardMsg{id, version}
	}
	return err
}

// startRecording is start with a real bot whose store reports its board
// messages on the returned channel.
func startRecording(t *testing.T, s setup) (*harness, <-chan boardMsg) {
	t.Helper()
	db := openStore(t)
	set := make(chan boardMsg, 16)
	logs := &logBuffer{}
	b := bot.New(bot.Config{Store: recordingStore{db, set}, Render: tinyPNG, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	s.Handler = b
	h := start(t, s)
	h.db, h.bot = db, b
	return h, set
}

// wantPosted waits for the bot to record the game's board message and
// checks it.
func wantPosted(t *testing.T, set <-chan boardMsg, what, id string, version int64) {
	t.Helper()
	got := <-set
	if got.id != id || got.version != version {
		t.Fatalf("%s: board message %s (version %d) recorded, want %s (version %d)", what, got.id, got.version, id, version)
	}
}

// appEvents numbers the board app's requests (their EventID).
var appEvents atomic.Int64

// appMove plays customID as u from the board app: through the bot's
// Handle with Request.App, the public replies delivered with Deliver, as
// the board app's server does. It returns the private replies.
func (h *harness) appMove(u discordtest.User, customID string) []bot.Reply {
	h.t.Helper()
	rs := h.bot.Handle(context.Background(), bot.Request{
		Platform: Platform, Channel: channel, Button: customID, App: true,
		EventID: fmt.Sprint("app:", appEvents.Add(1)),
		User:    bot.User{ID: u.ID, Name: u.GlobalName, Mention: u.Mention()},
	})
	var private []bot.Reply
	for _, r := range rs {
		if r.Private {
			private = append(private, r)
			continue
		}
		if err := h.a.Deliver(context.Background(), bot.Outgoing{Platform: Platform, Channel: channel, Reply: r}); err != nil {
			h.t.Fatalf("Deliver: %v", err)
		}
	}
	return private
}

// A move made in the board app edits the channel's board in place
// (PATCH /channels/{channel}/messages/{id}: the new image, content and
// buttons; no new message); a button press in the channel updates it as
// before; both are recorded as the game's board message with their
// version, and so is a board sent as a command's response (its id asked
// with GET @original: the callback does not return it) or as the edit of
// a deferred response. When the board was deleted, the app's move posts a
// new one and records it; a stale move from the app is refused privately
// and changes nothing. The same through the gateway, HTTP interactions,
// and deferred answers.
func TestAppMoveEditsChannelBoard(t *testing.T) {
	for _, c := range []struct {
		name string
		s    setup
	}{
		{"gateway", setup{}},
		{"http", setup{HTTP: true}},
		{"deferred", setup{DeferAfter: -1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			h, set := startRecording(t, c.s)
			h.reply(h.command(alice, "en-US", "new", discordtest.Opt("variant", "kalah"), discordtest.Opt("opponent", bob)))
			// Over HTTP a response with files is deferred, then edited in.
			h.deferred = h.deferred || c.s.HTTP
			started := h.reply(h.command(bob, "en-US", "accept"))
			g := h.live()
			wantPosted(t, set, "/accept", started.MessageID, g.Version)
			// Only a response of type 4 (the gateway's, not deferred)
			// needs its id asked for.
			wantGets := 0
			if !h.deferred {
				wantGets = 1
			}
			if n := len(h.srv.RequestsTo(discordtest.RouteWebhookGet)); n != wantGets {
				t.Errorf("/accept: %d GET @original, want %d", n, wantGets)
			}
			before := len(h.srv.ChannelMessages(channel))
			board, _ := h.srv.Message(started.MessageID)

			// Alice moves in the app: the board is edited in place.
			one, _ := started.Message.Button("1")
			if p := h.appMove(alice, one.CustomID); len(p) != 0 {
				t.Fatalf("app move refused: %+v", p)
			}
			g = h.live()
			wantPosted(t, set, "app move", started.MessageID, g.Version)
			edited, _ := h.srv.Message(started.MessageID)
			if n := len(h.srv.ChannelMessages(channel)); n != before || edited.Edits != board.Edits+1 {
				t.Fatalf("app move: %d messages (want %d), %d edits of the board (want %d)", n, before, edited.Edits, board.Edits+1)
			}
			if len(h.srv.RequestsTo(discordtest.RouteChannelEdit)) != 1 {
				t.Errorf("app move: %d channel message edits, want 1", len(h.srv.RequestsTo(discordtest.RouteChannelEdit)))
			}
			h.wantBoard(edited)
			if got := labels(edited); !slices.Equal(got, []string{"6", "5", "4", "3", "2", "1", "▶"}) {
				t.Errorf("edited board's buttons %q, want bob's", got)
			}

			// Bob presses a button in the channel: the pressed message is
			// updated and recorded at the new version.
			b1, _ := edited.Button("1")
			pressed := h.update(h.press(bob, started.MessageID, b1.CustomID))
			g = h.live()
			wantPosted(t, set, "press", started.MessageID, g.Version)

			// The board is deleted: the app's move posts a new one.
			if !h.srv.Delete(started.MessageID) {
				t.Fatal("no board to delete")
			}
			two, _ := pressed.Button("2")
			if p := h.appMove(alice, two.CustomID); len(p) != 0 {
				t.Fatalf("app move refused: %+v", p)
			}
			msgs := h.srv.ChannelMessages(channel)
			fresh := msgs[len(msgs)-1]
			g = h.live()
			if fresh.ID == started.MessageID || len(msgs) != before {
				t.Fatalf("after the board's deletion: last message %s, %d messages; want a new board, %d messages", fresh.ID, len(msgs), before)
			}
			h.wantBoard(fresh)
			wantPosted(t, set, "app move after the deletion", fresh.ID, g.Version)

			// A stale move from the app: refused privately, nothing changed.
			p := h.appMove(alice, two.CustomID)
			if len(p) != 1 || p[0].Board != nil {
				t.Fatalf("stale app move: private replies %+v, want one refusal", p)
			}
			h.unchanged(fresh)
			select {
			case m := <-set:
				t.Errorf("a stale app move recorded %+v", m)
			default:
			}
		})
	}
}

// A board reply's Posted gets the id of the message showing the board:
// the follow-up's when the board follows another message (no GET
// @original: the follow-up returns it). A private reply never carries
// Posted or Replace, nor does an Edit carry Replace.
func TestPostedIDs(t *testing.T) {
	img, _ := tinyPNG(engine.Position{}, render.Options{})
	board := &bot.Board{GameID: 3, Version: 7, PNG: img, Buttons: [][]bot.Button{{{Label: "1", Data: "m:3:7:1"}}}}
	posted := make(chan string, 4)
	h := start(t, setup{Handler: HandlerFunc(func(_ context.Context, req bot.Request) []bot.Reply {
		return []bot.Reply{{Text: "First"}, {Text: "Board", Board: board, Posted: func(id string) { posted <- id }}}
	})})
	ix := h.command(alice, "en-US", "board")
	ix.Wait(t)
	id := <-posted
	outs := ix.Outputs()
	if len(outs) != 2 || outs[1].Op != discordtest.OpFollowup || id != outs[1].MessageID {
		t.Errorf("Posted(%s); outputs %+v, want the follow-up's id", id, outs)
	}
	if n := len(h.srv.RequestsTo(discordtest.RouteWebhookGet)); n != 0 {
		t.Errorf("%d GET @original for a follow-up's board, want 0", n)
	}

	f := func(string) {}
	for _, r := range []bot.Reply{
		{Board: board, Private: true, Posted: f, Replace: "5"},
		{Board: board, Edit: true, Posted: f, Replace: "5"},
	} {
		m := toMessages([]bot.Reply{r}, alice.ID)[0]
		if m.replace != "" || r.Private && m.posted != nil {
			t.Errorf("reply (private %v, edit %v): replace %q, posted set %v", r.Private, r.Edit, m.replace, m.posted != nil)
		}
	}
}
