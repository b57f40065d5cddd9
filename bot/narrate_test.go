package bot_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/store"
)

// TestNamnamRoundsNarrated: a game of Oware Nam Nam against the bot (it
// plays its first legal move, alice one picked by the ply) played until the bot has claimed pits
// of alice's row. The move that ends a round says so, who leads by how
// much and how many pits the leader claims; the claims are written as the
// pits a player sees ("↓3", pit 3 of the row below), never as the raw
// claim numbers 7..12; the next round's start is said. In English and in
// Russian.
func TestNamnamRoundsNarrated(t *testing.T) {
	for _, tc := range []struct {
		lang                         string
		over, claims, begins, passed string
		overArgs                     func(round int, leader, other, score string, k int) string
	}{
		{lang: "en", claims: "Bot claims ", begins: "Round %d begins.",
			overArgs: func(round int, leader, other, score string, k int) string {
				return "Round " + strconv.Itoa(round) + " is over: " + leader + " leads " + score + " and claims " + strconv.Itoa(k) + " of " + other + "’s pits."
			}},
		{lang: "ru", claims: "Бот занимает ", begins: "Начинается раунд %d.",
			overArgs: func(round int, leader, other, score string, k int) string {
				pits := map[int]string{1: "лунку", 2: "лунки", 3: "лунки", 4: "лунки", 5: "лунок"}[k]
				return "Раунд " + strconv.Itoa(round) + " окончен: " + leader + " ведёт со счётом " + score + " и занимает " + strconv.Itoa(k) + " " + pits + " игрока " + other + "."
			}},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			h := newHarness(t, firstMove{})
			if tc.lang != "en" {
				h.say("alice", "/lang "+tc.lang)
			}
			one(t, h.say("alice", "/new namnam bot one"))
			var transcript strings.Builder
			botClaimed := false
			for i := 0; i < 400 && h.live() != nil && !botClaimed; i++ {
				g := replay(t, h.live())
				ms := g.Position().Moves()
				r := one(t, h.say("alice", "/move "+ms[i*7%len(ms)].String()))
				if r.Private {
					t.Fatalf("alice's move refused: %s", r.Text)
				}
				transcript.WriteString(r.Text + "\n")
				for _, m := range h.live().Moves {
					botClaimed = botClaimed || m.UserID == "" && strings.Contains(r.Text, tc.claims)
				}
			}
			text := transcript.String()
			if !botClaimed {
				t.Fatalf("the bot never claimed a pit:\n%s", text)
			}
			for _, raw := range []string{"played pit 7", "played pit 8", "played pit 9", "played pit 10", "played pit 11", "played pit 12"} {
				if strings.Contains(text, raw) {
					t.Errorf("a raw claim number %q:\n%s", raw, text)
				}
			}
			// Every round's end and the bot's claims, from the record.
			rec := h.live()
			g := replay(t, rec)
			pos := g.Positions()
			names := [2]string{"@alice", map[string]string{"en": "Bot", "ru": "Бот"}[tc.lang]}
			checked := 0
			for ply := 0; ply+1 < len(pos); ply++ {
				before, after := pos[ply], pos[ply+1]
				if after.Round() > before.Round() {
					x := after.Extra()
					if x["phase"] != "claim" {
						continue
					}
					lead := after.ToMove()
					k := x["claims"].(int)
					score := strconv.Itoa(after.Store(lead)+24) + ":" + strconv.Itoa(after.Store(1-lead))
					want := tc.overArgs(before.Round(), names[lead], names[1-lead], score, k)
					if !strings.Contains(text, want) {
						t.Errorf("round %d's end: want %q in\n%s", before.Round(), want, text)
					}
					checked++
					if lead == engine.North { // the bot's claims follow, as alice sees them
						var pits []string
						for j := ply + 1; j < ply+1+k; j++ {
							mv, _ := engine.ParseMove(rec.Moves[j].Move)
							pits = append(pits, "↓"+strconv.Itoa(int(mv.Pit)-6))
						}
						if !strings.Contains(text, tc.claims) || !strings.Contains(text, ": "+strings.Join(pits, " ")+".") {
							t.Errorf("the bot's claims %v are not shown:\n%s", pits, text)
						}
						if want := strings.Replace(tc.begins, "%d", strconv.Itoa(after.Round()), 1); !strings.Contains(text, want) {
							t.Errorf("want %q in\n%s", want, text)
						}
					}
				}
			}
			if checked == 0 {
				t.Errorf("no round ended with claims:\n%s", text)
			}
		})
	}
}

// TestRumaBotChainPerSeat: Ruma for four against three bot seats, to the
// end (each seat's move picked by the ply, see spreadMove). Each reply tells the bot's run seat by seat ("Bot (East) played
// ..."), never merged as one "Bot"; alice's forced passes inside the run
// are summed up with her penalty points; no line of a reply grows long;
// the winning bot is named with its seat. In English and in Russian.
func TestRumaBotChainPerSeat(t *testing.T) {
	for _, tc := range []struct {
		lang, summary, winner string
		merged                []string // a bot's move line without its seat
		passes                func(n, points, limit int) string
	}{
		{"en", "Bot (%s) played ", "Game over: Bot (%s) wins.", []string{"Bot played"},
			func(n, points, limit int) string {
				if n == 1 {
					return "@alice (South) has no legal move and passes: penalty point " + strconv.Itoa(points) + " of " + strconv.Itoa(limit)
				}
				return "@alice (South) had no legal move " + strconv.Itoa(n) + " times and passed: penalty points " + strconv.Itoa(points) + " of " + strconv.Itoa(limit) + "."
			}},
		{"ru", "Бот (%s) делает ", "Партия окончена: побеждает Бот (%s).", []string{"Бот делает", "Бот ходит"},
			func(n, points, limit int) string {
				if n == 1 {
					return "@alice (Юг) не может сделать ход и пропускает его: штрафное очко, " + strconv.Itoa(points) + " из " + strconv.Itoa(limit)
				}
				times := map[bool]string{true: "раза", false: "раз"}[n%10 >= 2 && n%10 <= 4 && (n%100 < 12 || n%100 > 14)]
				return "@alice (Юг) не может сделать ход и пропускает его " + strconv.Itoa(n) + " " + times + ": штрафных очков " + strconv.Itoa(points) + " из " + strconv.Itoa(limit) + "."
			}},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			h := newHarness(t, spreadMove{})
			if tc.lang != "en" {
				h.say("alice", "/lang "+tc.lang)
			}
			seat := map[string]map[engine.Side]string{
				"en": {engine.East: "East", engine.North: "North", engine.West: "West"},
				"ru": {engine.East: "Восток", engine.North: "Север", engine.West: "Запад"},
			}[tc.lang]
			one(t, h.say("alice", "/new ruma bot one"))
			longChains, alicePassed := 0, 0
			var r bot.Reply
			for i := 0; i < 300 && h.live() != nil; i++ {
				before := len(h.live().Moves)
				g := replay(t, h.live())
				r = one(t, h.say("alice", "/move "+spread(g).String()))
				if r.Private {
					t.Fatalf("alice's move refused: %s", r.Text)
				}
				for _, line := range strings.Split(r.Text, "\n") {
					if len([]rune(line)) > 300 {
						t.Errorf("a line of %d characters: %s", len([]rune(line)), line)
					}
				}
				for _, m := range tc.merged {
					if strings.Contains(r.Text, m) {
						t.Errorf("a bot's moves told without its seat:\n%s", r.Text)
					}
				}
				// What the moves after alice's did, from the record.
				rec := h.live()
				if rec == nil {
					rec, _ = h.db.LastGame(t.Context(), "test", "c1")
				}
				full := replayEvents(t, rec)
				penalties, bots := 0, map[engine.Side]int{}
				for ply := before + 1; ply < len(rec.Moves); ply++ {
					bots[full.positions[ply].ToMove()]++
					for _, e := range full.events[ply] {
						if e.Kind == engine.EventPenalty && e.Side == engine.South {
							penalties++
						}
					}
				}
				if len(rec.Moves)-before-1 > 3 {
					longChains++
					for side, n := range bots {
						if n > 0 && !strings.Contains(r.Text, strings.Replace(tc.summary, "%s", seat[side], 1)) {
							t.Errorf("%v's %d moves are not told:\n%s", side, n, r.Text)
						}
					}
				}
				if penalties > 0 {
					alicePassed++
					p := full.positions[len(full.positions)-1]
					want := tc.passes(penalties, p.Penalties(engine.South), 12)
					if !strings.Contains(r.Text, want) {
						t.Errorf("alice's %d passes: want %q in\n%s", penalties, want, r.Text)
					}
				}
			}
			if h.live() != nil {
				t.Fatal("the game did not end")
			}
			last, _ := h.db.LastGame(t.Context(), "test", "c1")
			if w := map[string]engine.Side{"east_won": engine.East, "north_won": engine.North, "west_won": engine.West}; w[last.Result] != 0 {
				if want := strings.Replace(tc.winner, "%s", seat[w[last.Result]], 1); !strings.Contains(r.Text, want) {
					t.Errorf("want %q in the end:\n%s", want, r.Text)
				}
			}
			t.Logf("%d long runs, alice passed in %d replies; the end:\n%s", longChains, alicePassed, r.Text)
			if longChains == 0 || alicePassed == 0 {
				t.Errorf("the game had %d long runs of the bots and %d replies with alice's passes", longChains, alicePassed)
			}
		})
	}
}

// played is a replayed game: the position before each ply (and the last
// one after) and each ply's events.
type played struct {
	positions []engine.Position
	events    [][]engine.Event
}

func replayEvents(t *testing.T, g *store.Game) played {
	t.Helper()
	r, err := engine.New(g.Variant, g.Options)
	if err != nil {
		t.Fatal(err)
	}
	game := engine.NewGame(r.Start())
	var out played
	for _, m := range g.Moves {
		mv, err := engine.ParseMove(m.Move)
		if err != nil {
			t.Fatal(err)
		}
		out.positions = append(out.positions, game.Position())
		ev, err := game.Play(mv)
		if err != nil {
			t.Fatal(err)
		}
		out.events = append(out.events, ev)
	}
	out.positions = append(out.positions, game.Position())
	return out
}

// spreadMove is an opponent that plays the legal move picked by the ply,
// so that a game does not repeat one pattern.
type spreadMove struct{}

func (spreadMove) Levels() []string                { return []string{"one"} }
func (o spreadMove) Offered(engine.Rules) []string { return o.Levels() }
func (spreadMove) Move(_ context.Context, g *engine.Game, _ string, _ int64) (bot.Choice, error) {
	return bot.Choice{Move: spread(g)}, nil
}

func spread(g *engine.Game) engine.Move {
	ms := g.Position().Moves()
	return ms[g.Position().Ply()*7%len(ms)]
}
