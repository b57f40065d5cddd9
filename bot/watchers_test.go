package bot_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
)

// watchLine is the reply's spectator line, "" when it has none.
func watchLine(r bot.Reply) string {
	for _, l := range strings.Split(r.Text, "\n") {
		if strings.HasPrefix(l, "👀") {
			return l
		}
	}
	return ""
}

// A live game's board says how many people have its page open (the page
// records each with Watch until a time), in the language's plural form;
// nothing when nobody does, once their time ran out, and once the game is
// over. The count comes with a board shown anyway: a move with watchers is
// answered with one reply, the board, as without.
func TestWatchersUnderTheBoard(t *testing.T) {
	ctx := context.Background()
	type count struct {
		n    int
		line string
	}
	for _, c := range []struct {
		lang   string
		counts []count
	}{
		{"en", []count{{1, "👀 1 person is watching this game"}, {3, "👀 3 people are watching this game"}, {21, "👀 21 people are watching this game"}}},
		{"ru", []count{{1, "👀 Партию смотрит 1 человек"}, {3, "👀 Партию смотрят 3 человека"}, {5, "👀 Партию смотрят 5 человек"}, {21, "👀 Партию смотрит 21 человек"}, {22, "👀 Партию смотрят 22 человека"}}},
		{"pl", []count{{1, "👀 Partię ogląda 1 osoba"}, {3, "👀 Partię oglądają 3 osoby"}, {5, "👀 Partię ogląda 5 osób"}, {12, "👀 Partię ogląda 12 osób"}, {22, "👀 Partię oglądają 22 osoby"}}},
		{"da", []count{{1, "👀 1 tilskuer følger partiet"}, {2, "👀 2 tilskuere følger partiet"}}},
	} {
		t.Run(c.lang, func(t *testing.T) {
			h := newHarnessWith(t, nil, func(cfg *bot.Config) { cfg.PublicURL = "https://mancala.example.com" })
			h.say("alice", "/lang "+c.lang)
			h.say("bob", "/lang "+c.lang)
			h.say("alice", "/new kalah @bob")
			if l := watchLine(one(t, h.say("bob", "/accept"))); l != "" {
				t.Errorf("a board nobody watches says %q", l)
			}
			g := h.live()
			h.mu.Lock()
			until := h.now.Add(30 * time.Second)
			h.mu.Unlock()
			viewers := 0
			for _, want := range c.counts {
				for ; viewers < want.n; viewers++ {
					if err := h.db.Watch(ctx, g.ID, fmt.Sprintf("viewer-%d", viewers), until); err != nil {
						t.Fatal(err)
					}
				}
				if l := watchLine(one(t, h.say("alice", "/board"))); l != want.line {
					t.Errorf("%d watching: %q, want %q", want.n, l, want.line)
				}
			}
			// A move: one reply, the board, with the count.
			if l := watchLine(one(t, h.say("alice", "1"))); l != c.counts[len(c.counts)-1].line {
				t.Errorf("the board after a move says %q, want %q", l, c.counts[len(c.counts)-1].line)
			}
			// The viewers' time runs out: nobody watches.
			h.advance(31 * time.Second)
			if l := watchLine(one(t, h.say("bob", "/board"))); l != "" {
				t.Errorf("after the viewers left: %q", l)
			}
			// Watching a finished game is not counted under its board.
			h.mu.Lock()
			until = h.now.Add(time.Minute)
			h.mu.Unlock()
			if err := h.db.Watch(ctx, g.ID, "late", until); err != nil {
				t.Fatal(err)
			}
			if l := watchLine(one(t, h.say("bob", "/resign"))); l != "" {
				t.Errorf("the finished game's board says %q", l)
			}
		})
	}
}

// Without PUBLIC_URL there are no pages, and no count.
func TestNoWatchersWithoutPages(t *testing.T) {
	h := newHarness(t, nil)
	h.say("alice", "/new kalah @bob")
	one(t, h.say("bob", "/accept"))
	if err := h.db.Watch(context.Background(), h.live().ID, "someone", h.now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if l := watchLine(one(t, h.say("alice", "/board"))); l != "" {
		t.Errorf("without pages the board says %q", l)
	}
}
