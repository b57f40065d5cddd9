package bot_test

import (
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
)

// With the board app on for the chat's platform, every public board of a
// game carries its "Open board" link: the game's page id, id and version
// (the board's), labelled in the channel's language; a challenge, a
// private refusal and the puzzle's boards carry none.
func TestAppLinkOnBoards(t *testing.T) {
	h := newHarnessWith(t, nil, func(c *bot.Config) { c.AppPlatforms = []string{"test"} })
	if r := one(t, h.say("alice", "/new kalah @bob")); r.App != nil {
		t.Errorf("the challenge carries %+v; a challenge has no board", r.App)
	}
	r := one(t, h.say("bob", "/accept"))
	g := h.live()
	want := bot.AppLink{Page: g.PageID, GameID: g.ID, Version: g.Version, Label: "🎯 Open board"}
	if r.Board == nil || r.App == nil || *r.App != want || len(want.Page) != 22 {
		t.Fatalf("the first board's app link %+v, want %+v", r.App, want)
	}
	r = one(t, h.say("alice", "3")) // an extra turn: the board after one move
	want.Version = h.live().Version
	if r.App == nil || *r.App != want || r.App.Version != r.Board.Version {
		t.Errorf("the board after a move: app link %+v, want %+v (board version %d)", r.App, want, r.Board.Version)
	}
	refusal := one(t, h.say("bob", "4"))
	if !refusal.Private || refusal.App != nil {
		t.Errorf("bob's move out of turn: %+v; want a private refusal without the app", refusal)
	}
	if r := one(t, h.say("bob", "/board")); r.Board == nil || r.App == nil || *r.App != want {
		t.Errorf("/board: app link %+v, want %+v", r.App, want)
	}
	if r := one(t, h.say("bob", "/game")); r.App != nil {
		t.Errorf("/game, the record in text: app link %+v, want none", r.App)
	}
	over := one(t, h.say("alice", "/resign"))
	if over.Board == nil || over.App == nil || over.App.Page != want.Page || over.App.Version != over.Board.Version {
		t.Errorf("the finished game's board: app link %+v, want page %s at version %d", over.App, want.Page, over.Board.Version)
	}

	// In Russian, the label is Russian.
	h.say("carol", "/lang ru")
	one(t, h.say("carol", "/new kalah @dave"))
	if r := one(t, h.say("dave", "/accept")); r.App == nil || r.App.Label != "🎯 Открыть доску" || r.App.Page == want.Page {
		t.Errorf("another game's app link %+v: want its own page, labelled in Russian", r.App)
	}

	// The puzzle's boards are not games: no app.
	h.setNow(time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC))
	p := h.todaysPuzzle()
	post := publicPost(t, h.say("erin", "puzzle"), p)
	if post.App != nil {
		t.Errorf("the puzzle's post carries the app: %+v", post.App)
	}
	for _, r := range h.press("erin", buttonFor(t, post, p.Answer[0])) {
		if r.App != nil {
			t.Errorf("a puzzle attempt's reply carries the app: %+v", r)
		}
	}
}

// Without the app, or with it on other platforms only, no reply carries
// it.
func TestNoAppLinkByDefault(t *testing.T) {
	for name, platforms := range map[string][]string{"off": nil, "other platforms": {"telegram", "discord"}} {
		t.Run(name, func(t *testing.T) {
			h := newHarnessWith(t, nil, func(c *bot.Config) {
				c.PublicURL = "https://mancala.example.com"
				c.AppPlatforms = platforms
			})
			var all []bot.Reply
			all = append(all, h.say("alice", "/new kalah @bob")...)
			all = append(all, h.say("bob", "/accept")...)
			all = append(all, h.say("alice", "3")...)
			all = append(all, h.say("alice", "/board")...)
			all = append(all, h.say("alice", "/resign")...)
			boards := 0
			for _, r := range all {
				if r.App != nil {
					t.Errorf("a reply carries the app: %+v", r)
				}
				if r.Board != nil {
					boards++
				}
			}
			if boards != 5 { // the challenge's buttons, the game's four boards
				t.Errorf("%d replies with a board, want 5", boards)
			}
		})
	}
}
