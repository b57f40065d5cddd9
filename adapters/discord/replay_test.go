package discord

import (
	"bytes"
	"context"
	"fmt"
	"image/gif"
	"image/png"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/render"
)

// moveGIF is a real animation of Kalah's pit 3 from the start.
func moveGIF(t *testing.T) []byte {
	t.Helper()
	r, err := engine.New("kalah", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, ev, err := r.Start().PlayEvents(engine.Move{Pit: 2})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := render.Animation(&b, r.Start(), ev, render.Options{}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// wantAnimation checks that m carries one attachment, move.gif, an
// animated GIF of several frames; want, when not nil, is its exact bytes.
func wantAnimation(t *testing.T, m discordtest.Message, want []byte) {
	t.Helper()
	if len(m.Files) != 1 {
		t.Fatalf("message has %d files, want move.gif: %+v", len(m.Files), m.Files)
	}
	f := m.Files[0]
	if f.Name != "move.gif" || f.ContentType != "image/gif" {
		t.Errorf("file %s (%s), want move.gif (image/gif)", f.Name, f.ContentType)
	}
	if want != nil && !bytes.Equal(f.Data, want) {
		t.Errorf("the GIF arrived altered: %d bytes, sent %d", len(f.Data), len(want))
	}
	g, err := gif.DecodeAll(bytes.NewReader(f.Data))
	if err != nil {
		t.Fatalf("move.gif: %v", err)
	}
	if len(g.Image) < 2 {
		t.Errorf("move.gif has %d frames, want an animation", len(g.Image))
	}
}

// TestReplayButtonAndCommand: the ▶ button under a board and /replay post
// the last move as an animated move.gif in a new public message, the
// board left as it was; before any move /replay is refused privately.
// Once answered at once, once with every interaction deferred.
func TestReplayButtonAndCommand(t *testing.T) {
	t.Parallel()
	for _, deferAfter := range []time.Duration{0, -1} {
		t.Run(fmt.Sprint("deferAfter=", deferAfter), func(t *testing.T) {
			t.Parallel()
			h := start(t, setup{DeferAfter: deferAfter})
			ch := h.reply(h.command(alice, "en-US", "new", discordtest.Opt("variant", "kalah"), discordtest.Opt("opponent", bob)))
			accept, _ := ch.Message.Button("✔")
			board := h.update(h.press(bob, ch.MessageID, accept.CustomID))
			if _, ok := board.Button("▶"); ok {
				t.Errorf("a board before any move offers a replay: %q", labels(board))
			}
			h.refusal(h.command(carol, "en-US", "replay"), "err_no_move_yet")

			pit3, _ := board.Button("3")
			board = h.update(h.press(alice, board.ID, pit3.CustomID))
			replay, ok := board.Button("▶")
			if !ok || replay.Style != 2 || board.Rows[len(board.Rows)-1][0].Label != "▶" {
				t.Fatalf("board after a move: buttons %q, want ▶ (grey) in the last row", labels(board))
			}

			ix := h.press(carol, board.ID, replay.CustomID)
			out := ix.Wait(t)
			want := []string{discordtest.OpReply}
			if h.deferred {
				want = []string{discordtest.OpDeferUpdate, discordtest.OpFollowup}
			}
			if got := ops(ix); !slices.Equal(got, want) || out.Message.Ephemeral || out.MessageID == board.ID {
				t.Fatalf("▶: outputs %q on %s (ephemeral %v), want %q: a new public message", got, out.MessageID, out.Message.Ephemeral, want)
			}
			wantAnimation(t, out.Message, nil)
			caption := locales.ForDiscord(locales.Text(locales.EN, "replay_caption", map[string]any{
				"Move": locales.Text(locales.EN, "moved", map[string]any{"Player": alice.Mention(), "Pit": 3}),
			}))
			if !strings.HasPrefix(out.Message.Content, caption) || len(out.Message.Rows) != 0 {
				t.Errorf("▶: content %q buttons %q, want %q and no buttons", out.Message.Content, labels(out.Message), caption)
			}
			if len(out.Message.Ping) != 0 {
				t.Errorf("▶ pings %v", out.Message.Ping)
			}
			h.unchanged(board)
			if g := h.live(); len(g.Moves) != 1 {
				t.Errorf("the replay changed the game: %d moves", len(g.Moves))
			}

			again := h.reply(h.command(bob, "en-US", "replay"))
			wantAnimation(t, again.Message, out.Message.Files[0].Data)
		})
	}
}

// TestAnimationAndPrivateBoard: an Animation reaches Discord intact as
// move.gif, publicly, ephemerally and with Deliver; a Private reply with a
// board is an ephemeral message holding the image and the buttons, to a
// command and to a button press, answered at once or deferred.
func TestAnimationAndPrivateBoard(t *testing.T) {
	t.Parallel()
	anim := moveGIF(t)
	img, _ := tinyPNG(engine.Position{}, render.Options{})
	mine := &bot.Board{GameID: 5, Version: 2, PNG: img, Buttons: [][]bot.Button{{{Label: "1", Data: "m:5:2:1"}, {Label: "2", Data: "m:5:2:2"}}}}
	handler := HandlerFunc(func(_ context.Context, req bot.Request) []bot.Reply {
		switch {
		case req.Command == "replay":
			return []bot.Reply{{Text: "*Last move*", Animation: anim}}
		case req.Command == "stats":
			return []bot.Reply{{Text: "Only you see this move.", Animation: anim, Private: true}}
		}
		return []bot.Reply{{Text: "Your attempt", Board: mine, Private: true}}
	})
	for _, deferAfter := range []time.Duration{0, -1} {
		t.Run(fmt.Sprint("deferAfter=", deferAfter), func(t *testing.T) {
			t.Parallel()
			h := start(t, setup{Handler: handler, DeferAfter: deferAfter})

			pub := h.reply(h.command(alice, "en-US", "replay"))
			wantAnimation(t, pub.Message, anim)
			if pub.Message.Content != "**Last move**" {
				t.Errorf("caption %q", pub.Message.Content)
			}

			priv := h.command(alice, "en-US", "stats").Wait(t)
			if !priv.Message.Ephemeral {
				t.Errorf("private animation: not ephemeral")
			}
			wantAnimation(t, priv.Message, anim)

			wantPrivateBoard := func(what string, ix *discordtest.Interaction) {
				t.Helper()
				out := ix.Wait(t)
				m := out.Message
				if !m.Ephemeral || m.Content != "Your attempt" || !slices.Equal(labels(m), []string{"1", "2"}) {
					t.Errorf("%s: ops %q, message %+v: want ephemeral, with the buttons", what, ops(ix), m)
				}
				if len(m.Files) != 1 || m.Files[0].Name != "board-5-2.png" || !bytes.Equal(m.Files[0].Data, img) {
					t.Fatalf("%s: files %+v, want board-5-2.png", what, m.Files)
				}
				if _, err := png.Decode(bytes.NewReader(m.Files[0].Data)); err != nil {
					t.Errorf("%s: image: %v", what, err)
				}
			}
			ix := h.command(alice, "en-US", "puzzle")
			wantPrivateBoard("/puzzle", ix)
			if h.deferred {
				want := []string{discordtest.OpDefer, discordtest.OpDeleteOriginal, discordtest.OpFollowup}
				if got := ops(ix); !slices.Equal(got, want) {
					t.Errorf("/puzzle: outputs %q, want %q", got, want)
				}
			}
			// A press on the ephemeral board: another ephemeral board, the
			// pressed message untouched.
			first := ix.Wait(t)
			press := h.srv.PressButton(channel, alice, "en-US", first.MessageID, "m:5:2:1")
			wantPrivateBoard("press", press)
			if out := press.Wait(t); out.MessageID == first.MessageID {
				t.Errorf("the press edited the pressed message")
			}

			if err := h.a.Deliver(context.Background(), bot.Outgoing{Platform: Platform, Channel: channel, Reply: bot.Reply{Text: "Replay", Animation: anim}}); err != nil {
				t.Fatalf("Deliver: %v", err)
			}
			msgs := h.srv.ChannelMessages(channel)
			wantAnimation(t, msgs[len(msgs)-1], anim)
		})
	}
}

// TestToMessagesAnimation: an animation goes with the first part of its
// reply as move.gif, and is dropped when the reply has a board.
func TestToMessagesAnimation(t *testing.T) {
	long := strings.Repeat("word ", 500) // two messages
	msgs := toMessages([]bot.Reply{
		{Text: long, Animation: []byte("GIF89a fake")},
		{Text: "both", Animation: []byte("GIF89a fake"), Board: board(4, 2, []string{"1"})},
		{Animation: []byte("GIF89a fake")},
	}, alice.ID)
	if len(msgs) != 4 {
		t.Fatalf("%d messages", len(msgs))
	}
	if f := msgs[0].files(); len(f) != 1 || f[0].Name != "move.gif" || f[0].ContentType != "image/gif" {
		t.Errorf("first part files %+v", f)
	}
	if msgs[1].files() != nil {
		t.Errorf("second part carries a file")
	}
	if f := msgs[2].files(); len(f) != 1 || f[0].Name != "board-4-2.png" {
		t.Errorf("board and animation: files %+v, want the board only", f)
	}
	if f := msgs[3].files(); msgs[3].content != "" || len(f) != 1 || f[0].Name != "move.gif" {
		t.Errorf("animation without text: %+v", msgs[3])
	}
}
