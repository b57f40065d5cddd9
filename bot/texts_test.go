package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
)

// TestUndoBetweenPeople: an undo two people agree on, after the
// opponent's answer, takes back both moves and says so without speaking
// of the bot; in English and in Russian (the game's language).
func TestUndoBetweenPeople(t *testing.T) {
	for _, tc := range []struct{ lang, want string }{
		{"en", "2 moves were taken back, to before @alice’s last move."},
		{"ru", "Отменены 2 хода — до последнего хода игрока @alice."},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			h := newHarness(t, nil)
			if tc.lang != "en" {
				h.say("alice", "/lang "+tc.lang)
			}
			one(t, h.say("alice", "/new kalah @bob"))
			one(t, h.say("bob", "/accept"))
			one(t, h.say("alice", "1"))
			one(t, h.say("bob", "1"))
			one(t, h.say("alice", "/undo"))
			r := one(t, h.say("bob", "/undo"))
			if !strings.Contains(r.Text, tc.want) || strings.Contains(r.Text, "bot") || strings.Contains(r.Text, "бот") {
				t.Errorf("undo: want %q, got\n%s", tc.want, r.Text)
			}
			if g := h.live(); len(g.Moves) != 0 {
				t.Errorf("%d moves left", len(g.Moves))
			}
		})
	}
}

// TestChallengeWithoutAName: "@" with no name after it is refused with a
// reason (it would open a challenge nobody can accept, holding the
// channel), and the channel stays free; in English and in Polish.
func TestChallengeWithoutAName(t *testing.T) {
	for _, tc := range []struct{ lang, word, want string }{
		{"en", "@", "“@” names nobody: write the player’s name after the @"},
		{"en", "<@>", "“<@>” names nobody"},
		{"pl", "@", "„@” nie wskazuje nikogo: wpisz nazwę gracza po @"},
	} {
		t.Run(tc.lang+tc.word, func(t *testing.T) {
			h := newHarness(t, nil)
			if tc.lang != "en" {
				h.say("alice", "/lang "+tc.lang)
			}
			h.wantRefusal(h.say("alice", "/new kalah "+tc.word), tc.want, nil)
			if r := one(t, h.say("alice", "/new kalah @bob")); r.Private || h.live() == nil {
				t.Errorf("the channel is not free after the refusal: %+v", r)
			}
		})
	}
}

// TestClaimTooEarlyWait: "too early to claim" tells the real time left,
// rounded up in the largest unit that fits, with plural forms: 2 seconds
// with a claim after 2 s (not "1 hour"), minutes, hours, days; in English
// and in Russian.
func TestClaimTooEarlyWait(t *testing.T) {
	for _, tc := range []struct {
		lang       string
		claimAfter time.Duration
		waited     time.Duration
		want       string
	}{
		{"en", 2 * time.Second, 0, "your opponent still has 2 seconds to move."},
		{"en", 2 * time.Second, 1500 * time.Millisecond, "your opponent still has 1 second to move."},
		{"en", 90 * time.Minute, time.Hour, "your opponent still has 30 minutes to move."},
		{"en", 24 * time.Hour, 0, "your opponent still has 24 hours to move."},
		{"en", 7 * 24 * time.Hour, 0, "your opponent still has 7 days to move."},
		{"ru", 2 * time.Second, 0, "у соперника есть ещё 2 секунды на ход."},
		{"ru", 5 * time.Minute, 0, "у соперника есть ещё 5 минут на ход."},
		{"ru", 21 * time.Hour, 0, "у соперника есть ещё 21 час на ход."},
	} {
		t.Run(tc.lang+tc.claimAfter.String(), func(t *testing.T) {
			h := newHarnessWith(t, nil, func(c *bot.Config) {
				c.ClaimAfter = tc.claimAfter
				c.NotifyAfter = min(c.NotifyAfter, tc.claimAfter/2)
			})
			if tc.lang != "en" {
				h.say("alice", "/lang "+tc.lang)
			}
			one(t, h.say("alice", "/new kalah @bob"))
			one(t, h.say("bob", "/accept"))
			one(t, h.say("alice", "1"))
			h.advance(tc.waited)
			h.wantRefusal(h.say("alice", "/claim"), tc.want, h.live())
		})
	}
}

// topInOware offers its strongest level only in Oware.
type topInOware struct{ firstMove }

func (topInOware) Levels() []string { return []string{"one", "two", "top"} }
func (o topInOware) Offered(r engine.Rules) []string {
	if r.Variant().ID == "oware" {
		return o.Levels()
	}
	return o.Levels()[:2]
}

// TestHelpLevels: /help offers Kalah, its example, only the levels the bot
// plays there, and names where the others are offered; a level it lists
// for Kalah is accepted. In English and in Russian.
func TestHelpLevels(t *testing.T) {
	for _, tc := range []struct{ lang, want string }{
		{"en", "levels in Kalah: one, two; top where the bot can prove its play: Oware\n"},
		{"ru", "уровни в калахе: one, two; top — там, где бот может доказать свою игру: Оваре\n"},
	} {
		h := newHarness(t, topInOware{})
		if tc.lang != "en" {
			h.say("alice", "/lang "+tc.lang)
		}
		if r := one(t, h.say("alice", "/help")); !strings.Contains(r.Text, tc.want) {
			t.Errorf("%s help:\n%s\nwant %q", tc.lang, r.Text, tc.want)
		}
	}
	h := newHarness(t, topInOware{})
	h.wantRefusal(h.say("alice", "/new kalah bot top"), "“top” is not offered for Kalah", nil)
	if r := one(t, h.say("alice", "/new oware bot top")); r.Private {
		t.Errorf("top refused in Oware: %s", r.Text)
	}
}

// TestGameRecordWithoutMoves: /game before the first move says there are
// no moves yet instead of ending in ":"; after one it lists it. In English
// and in Danish.
func TestGameRecordWithoutMoves(t *testing.T) {
	for _, tc := range []struct{ lang, want string }{
		{"en", "kalah pits=6 seeds=4 empty_capture=false pie=false cross=false\nNo moves yet."},
		{"da", "kalah pits=6 seeds=4 empty_capture=false pie=false cross=false\nIngen træk endnu."},
	} {
		h := newHarness(t, nil)
		if tc.lang != "en" {
			h.say("alice", "/lang "+tc.lang)
		}
		one(t, h.say("alice", "/new kalah @bob"))
		one(t, h.say("bob", "/accept"))
		r := one(t, h.say("alice", "/game"))
		if !strings.HasSuffix(r.Text, tc.want) || strings.HasSuffix(r.Text, ":") {
			t.Errorf("%s: /game before a move:\n%s\nwant it to end %q", tc.lang, r.Text, tc.want)
		}
		one(t, h.say("alice", "3"))
		if r := one(t, h.say("alice", "/game")); !strings.HasSuffix(r.Text, "cross=false: 3") {
			t.Errorf("%s: /game after a move:\n%s", tc.lang, r.Text)
		}
	}
}

// TestJoinFullAndSecondRematch: /join beside a game whose seats are all
// taken says so (not "no challenge to accept"), and a rematch offered a
// second time says it was offered: to the one who offered it, that it
// waits for the opponent; to the opponent, to accept it. In English and
// in Russian.
func TestJoinFullAndSecondRematch(t *testing.T) {
	for _, tc := range []struct{ lang, full, seated, byYou, toYou string }{
		{"en", "Every seat of the game here is taken", "You already have a seat at this table.",
			"You have already offered a rematch; it is @bob’s to accept.", "@alice has already offered a rematch: accept it with /accept."},
		{"ru", "Все места в этой партии заняты", "",
			"Вы уже предложили реванш — теперь слово за игроком @bob.", "Игрок @alice уже предложил реванш: примите его командой /accept."},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			h := newHarness(t, nil)
			for _, u := range []string{"alice", "bob", "carol"} {
				if tc.lang != "en" {
					h.say(u, "/lang "+tc.lang)
				}
			}
			one(t, h.say("alice", "/new kalah @bob"))
			one(t, h.say("bob", "/accept"))
			h.wantRefusal(h.say("carol", "/join"), tc.full, h.live())
			if tc.seated != "" {
				h.wantRefusal(h.say("bob", "/join"), tc.seated, h.live())
			}
			one(t, h.say("alice", "/resign"))
			one(t, h.say("alice", "/rematch"))
			h.wantRefusal(h.say("alice", "/rematch"), tc.byYou, h.live())
			h.wantRefusal(h.say("bob", "/rematch"), tc.toYou, h.live())
			if r := one(t, h.say("bob", "/accept")); r.Private {
				t.Errorf("bob cannot accept the rematch: %s", r.Text)
			}
		})
	}
}

// TestRumaForThreeRefused: "players=3" is refused saying which option and
// why, for a game and for the rules; in English and in Polish.
func TestRumaForThreeRefused(t *testing.T) {
	for _, tc := range []struct{ lang, want string }{
		{"en", "Ruma is not played by three (players=3): four play, one a seat (players=4, the default), or two, each holding two seats (players=2)."},
		{"pl", "W rumę nie gra się we trzech (players=3)"},
	} {
		h := newHarness(t, nil)
		if tc.lang != "en" {
			h.say("alice", "/lang "+tc.lang)
		}
		h.wantRefusal(h.say("alice", "/new ruma players=3"), tc.want, nil)
		h.wantRefusal(h.say("alice", "/rules ruma players=3"), tc.want, nil)
	}
}

// TestAgainstTheBotDeclined: "against" takes the bot's name in the case
// the language wants ("против бота", "przeciw botowi"), in /game's head.
func TestAgainstTheBotDeclined(t *testing.T) {
	for _, tc := range []struct{ lang, want string }{
		{"en", "Kalah: @alice (first) against the bot"},
		{"ru", "@alice (первый ход) против бота"},
		{"pl", "@alice (zaczyna) przeciw botowi"},
	} {
		h := newHarness(t, nil)
		if tc.lang != "en" {
			h.say("alice", "/lang "+tc.lang)
		}
		one(t, h.say("alice", "/new kalah bot"))
		if r := one(t, h.say("alice", "/game")); !strings.Contains(r.Text, tc.want) {
			t.Errorf("%s: /game:\n%s\nwant %q", tc.lang, r.Text, tc.want)
		}
	}
}

// TestWhenTchukaIsThePuzzle: Tchuka Ruma, a solitaire, is only played as
// the daily puzzle; /new tchuka and its rules say on which days (Monday
// and Saturday, UTC) and the next date when today's puzzle is another
// game, and to send /puzzle on its day. In English and in Russian.
func TestWhenTchukaIsThePuzzle(t *testing.T) {
	for _, tc := range []struct {
		lang string
		day  time.Time
		want string
	}{
		{"en", time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC), // a Thursday: Togyz Kumalak
			"Tchuka Ruma is the daily puzzle every Monday and every Saturday (UTC days); the next one is on 28 November 2026. Today’s puzzle is Togyz Kumalak (/puzzle)."},
		{"en", time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC), // a Monday
			"Today’s daily puzzle is Tchuka Ruma: send /puzzle to play it."},
		{"ru", time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC), // a Sunday: Kalah
			"по понедельникам и по субботам (дни по UTC), следующая — 30 ноября 2026 г.; сегодняшняя задача — Калах (/puzzle)."},
	} {
		h := newHarness(t, nil)
		h.now = tc.day
		if tc.lang != "en" {
			h.say("alice", "/lang "+tc.lang)
		}
		h.wantRefusal(h.say("alice", "/new tchuka"), tc.want, nil)
		if r := one(t, h.say("alice", "/rules tchuka")); !strings.Contains(r.Text, tc.want) {
			t.Errorf("%s %s: rules:\n%s\nwant %q", tc.lang, tc.day.Weekday(), r.Text, tc.want)
		}
	}
}

// TestRuleDiagramCaptions: the examples' captions name a move on an
// opponent's pit as the buttons do (Tshuba's bonus capture "↑1", not its
// notation 17); in English and in Russian.
func TestRuleDiagramCaptions(t *testing.T) {
	for _, lang := range []string{"en", "ru"} {
		h := newHarnessWith(t, nil, func(c *bot.Config) { c.RuleDiagrams = true })
		h.say("alice", "/lang "+lang)
		rs := h.say("alice", "/rules tshuba")
		if len(rs) != 2 || rs[1].Board == nil {
			t.Fatalf("%s: want the rules and the diagrams: %+v", lang, rs)
		}
		var third string
		for _, l := range strings.Split(rs[1].Text, "\n") {
			if strings.HasPrefix(l, "3. ") {
				third = l
			}
		}
		if !strings.HasSuffix(third, " ↑1") || strings.Contains(third, "17") {
			t.Errorf("%s: example 3's caption %q, want it to end in ↑1", lang, third)
		}
	}
}

// TestVariantAliases: the other names a variant registers (engine's
// Variant.Aliases) start its game, in any case and with spaces around.
func TestVariantAliases(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"awale", "oware"},
		{" Mancala ", "kalah"},
		{"тогыз", "togyz"},
		{"tschuba", "tshuba"},
		{"sulus-aydi", "sulus"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			h := newHarness(t, nil)
			one(t, h.say("alice", "/new "+tc.name+" @bob"))
			if g := h.live(); g == nil || g.Variant != tc.want {
				t.Errorf("/new %s: game %+v, want %s", tc.name, g, tc.want)
			}
		})
	}
}
