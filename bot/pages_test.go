package bot_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/bot"
)

// pageRE is a page's address under https://mancala.example.com: 22
// characters of base64url.
var pageRE = regexp.MustCompile(`^https://mancala\.example\.com/g/[A-Za-z0-9_-]{22}$`)

// With PUBLIC_URL, a game's boards link to its page: "Watch live" while it
// is played, "Game page" once it is over (the same address); /game and
// /games link to it too; a challenge has no page yet. The trailing slash
// of the base is not doubled.
func TestPageLinks(t *testing.T) {
	h := newHarnessWith(t, nil, func(c *bot.Config) { c.PublicURL = "https://mancala.example.com/" })
	if r := one(t, h.say("alice", "/new kalah @bob")); r.Link != nil {
		t.Errorf("the challenge links to %+v; a challenge has no page", r.Link)
	}
	if g := h.live(); g == nil || len(g.PageID) != 22 {
		t.Fatalf("the challenge's game %+v: want a page id of 22 characters", g)
	}
	r := one(t, h.say("bob", "/accept"))
	page := "https://mancala.example.com/g/" + h.live().PageID
	if !pageRE.MatchString(page) {
		t.Fatalf("page %q", page)
	}
	if r.Board == nil || r.Link == nil || *r.Link != (bot.Link{URL: page, Label: "👀 Watch live"}) {
		t.Fatalf("the first board's link %+v, want %s labelled 👀 Watch live", r.Link, page)
	}
	if r := one(t, h.say("alice", "3")); r.Link == nil || r.Link.URL != page || strings.Contains(r.Text, "👀") {
		t.Errorf("the board after a move: link %+v, text %q; want the page, no watchers", r.Link, r.Text)
	}
	if r := one(t, h.say("bob", "/game")); r.Link == nil || *r.Link != (bot.Link{URL: page, Label: "👀 Watch live"}) {
		t.Errorf("/game: link %+v", r.Link)
	}
	games := one(t, h.say("bob", "/games"))
	if !strings.Contains(games.Text, "— 🔗 "+page) || games.Link != nil {
		t.Errorf("/games:\n%s\nwant the game's line to end with 🔗 %s", games.Text, page)
	}
	over := one(t, h.say("alice", "/resign"))
	if over.Board == nil || over.Link == nil || *over.Link != (bot.Link{URL: page, Label: "🔗 Game page"}) {
		t.Errorf("the finished game's board: link %+v, want %s labelled 🔗 Game page", over.Link, page)
	}
	if r := one(t, h.say("bob", "/game")); r.Link == nil || *r.Link != (bot.Link{URL: page, Label: "🔗 Game page"}) {
		t.Errorf("/game of the finished game: link %+v", r.Link)
	}

	// In Russian, the labels are Russian.
	h.say("carol", "/lang ru")
	one(t, h.say("carol", "/new kalah @dave"))
	r = one(t, h.say("dave", "/accept"))
	if r.Link == nil || r.Link.Label != "👀 Смотреть вживую" || r.Link.URL == page || !pageRE.MatchString(r.Link.URL) {
		t.Errorf("another game's link %+v: want its own page, labelled in Russian", r.Link)
	}
}

// Without PUBLIC_URL, nothing links to a page.
func TestNoPageLinksWithoutPublicURL(t *testing.T) {
	h := newHarness(t, nil)
	one(t, h.say("alice", "/new kalah @bob"))
	var all []bot.Reply
	all = append(all, h.say("bob", "/accept")...)
	all = append(all, h.say("alice", "3")...)
	all = append(all, h.say("alice", "/game")...)
	all = append(all, h.say("alice", "/games")...)
	all = append(all, h.say("alice", "/resign")...)
	all = append(all, h.say("alice", "/game")...)
	for _, r := range all {
		if r.Link != nil || strings.Contains(r.Text, "/g/") || strings.Contains(r.Text, "🔗") {
			t.Errorf("a reply links to a page: %q %+v", r.Text, r.Link)
		}
	}
}
