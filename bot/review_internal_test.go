package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/review"
	"github.com/mancala-bot/mancala/store"
)

// TestTurningLineMargins: a turning point of a Bao (Kenyan) game, 48 seeds
// and no stores, whose search values say the move threw away more than a
// whole win (from +64 to −64) is told by its margins clamped to the seeds
// in play (review.Margins): −48 instead of +48, never 64, nor "128 seeds
// worse"; in English and in Polish.
func TestTurningLineMargins(t *testing.T) {
	rules := engine.MustNew("bao-kenya", nil)
	start := rules.Start()
	m := start.Moves()[0]
	rv := &review.Review{Plies: []review.Ply{{Before: start, Mover: start.ToMove(), Move: m, Best: start.Moves()[1],
		BestValue: 64, Played: -64, Loss: 128, Scored: true}}}
	mb, mp := review.Margins(start, 64, -64)
	tp := review.TurningPoint{Index: 0, Loss: 128, MarginPlayed: mp, MarginBest: mb,
		Played: review.Effect{Move: m}, Better: review.Effect{Move: start.Moves()[1]}}
	lg := &loaded{rules: rules, game: engine.NewGame(start), rec: &store.Game{Players: []store.Player{{UserID: "a", Name: "@alice"}, {UserID: "b", Name: "@bob"}}}}
	for _, tc := range []struct {
		lang locales.Lang
		want string
	}{
		{locales.EN, "expected margin −48 instead of +48 with the best move."},
		{locales.PL, "oczekiwana różnica wyniku −48 zamiast +48 po najlepszym ruchu."},
	} {
		s := &session{b: New(Config{Store: nopStore{}}), ctx: context.Background(), lang: tc.lang, user: tc.lang}
		got := s.turningLine(lg, rv, tp)
		if !strings.Contains(got, tc.want) || strings.Contains(got, "64") || strings.Contains(got, "128") {
			t.Errorf("%s: %q, want %q", tc.lang, got, tc.want)
		}
	}
}

// nextTurnStart is review's hand-checked position (review/effect_test.go):
// Kalah with four pits, South (alice) to move with 0 1 0 2 against North's
// 0 4 0 0, stores 5 and 4. Pit 4 sows into the store and North's pit 1;
// after North's pit 1 (now 5 seeds in its pit 2), South's pit 2 ends in its
// empty pit 3 and takes those 5 and its own seed: 6 on the next turn.
const nextTurnStart = `{"variant":"kalah","options":{"pits":4,"seeds":2},"to_move":"south","ply":10,
	"pits":{"south":[0,1,0,2],"north":[0,4,0,0]},"stores":{"south":5,"north":4},"status":"ongoing","extra":{}}`

// TestTurningLineExplains: the words of a turning point follow the
// principal variations the review found (here written by hand): the move
// played let bob capture 5 seeds with his pit 2 (as if alice had played
// pit 2 into nothing), the better pit 4 would have taken 6 seeds on alice's
// next turn. In the four languages, with their plural forms of "seeds".
func TestTurningLineExplains(t *testing.T) {
	start, err := engine.ParsePosition([]byte(nextTurnStart))
	if err != nil {
		t.Fatal(err)
	}
	rules := start.Rules()
	played, better := engine.Move{Pit: 2}, engine.Move{Pit: 4}
	rv := &review.Review{Plies: []review.Ply{{Before: start, Mover: engine.South, Move: played, Best: better,
		BestValue: 7, Played: -3, Loss: 10, Scored: true}}}
	tp := review.TurningPoint{Index: 0, Loss: 10, MarginPlayed: -3, MarginBest: 7,
		Played: review.Effect{Move: played, Reply: engine.Move{Pit: 2}, ReplyCaptured: 5, ReplyPit: engine.Move{Pit: 2}},
		Better: review.Effect{Move: better, Reply: engine.Move{Pit: 1}, NextCaptured: 6, NextPit: engine.Move{Pit: 2}}}
	lg := &loaded{rules: rules, game: engine.NewGame(start), rec: &store.Game{Players: []store.Player{{UserID: "a", Name: "@alice"}, {UserID: "b", Name: "@bob"}}}}
	for _, tc := range []struct {
		lang locales.Lang
		want string
	}{
		{locales.EN, "• Move 1, @alice: pit 2, expected margin −3 instead of +7 with the best move. After it, @bob captures 5 seeds with pit 2. Pit 4 was better: it would have taken 6 seeds on the next turn."},
		{locales.RU, "• Ход 1, @alice: лунка 2, ожидаемая разница в счёте −3 вместо +7 при лучшем ходе. После него @bob забирает 5 камней ходом из лунки 2. Лучше была лунка 4: после неё следующим ходом можно было забрать 6 камней."},
		{locales.DA, "• Træk 1, @alice: hul 2, forventet forskel i stillingen −3 i stedet for +7 med det bedste træk. Bagefter fanger @bob 5 frø med hul 2. Hul 4 var bedre: det ville have givet en fangst på 6 frø i næste tur."},
		{locales.PL, "• Ruch 1, @alice: dołek 2, oczekiwana różnica wyniku −3 zamiast +7 po najlepszym ruchu. Po nim @bob zdobywa 5 kamieni ruchem z dołka 2. Lepszy był dołek 4: w następnym ruchu pozwoliłby zdobyć 6 kamieni."},
	} {
		s := &session{b: New(Config{Store: nopStore{}}), ctx: context.Background(), lang: tc.lang, user: tc.lang}
		if got := s.turningLine(lg, rv, tp); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.lang, got, tc.want)
		}
	}
	// Two and one seed: the other plural forms.
	tp.Played.ReplyCaptured, tp.Better.NextCaptured = 2, 1
	for _, tc := range []struct {
		lang        locales.Lang
		reply, next string
	}{
		{locales.EN, "captures 2 seeds", "taken 1 seed on"},
		{locales.RU, "забирает 2 камня", "забрать 1 камень"},
		{locales.DA, "fanger @bob 2 frø", "fangst på 1 frø"},
		{locales.PL, "zdobywa 2 kamienie", "zdobyć 1 kamień"},
	} {
		s := &session{b: New(Config{Store: nopStore{}}), ctx: context.Background(), lang: tc.lang, user: tc.lang}
		if got := s.turningLine(lg, rv, tp); !strings.Contains(got, tc.reply) || !strings.Contains(got, tc.next) {
			t.Errorf("%s: %q, want %q and %q", tc.lang, got, tc.reply, tc.next)
		}
	}
}
