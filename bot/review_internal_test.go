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

// TestTurningLineMargins: a turning point of a 64-seed Bao game whose move
// threw away a whole win (from +64 to −64, a loss of 128) is told by its
// margins, never as "128 seeds worse" in a game of 64 seeds; in English
// and in Polish.
func TestTurningLineMargins(t *testing.T) {
	rules := engine.MustNew("bao-kenya", nil)
	start := rules.Start()
	m := start.Moves()[0]
	rv := &review.Review{Plies: []review.Ply{{Before: start, Mover: start.ToMove(), Move: m, Best: start.Moves()[1],
		BestValue: 64, Played: -64, Loss: 128, Scored: true}}}
	tp := review.TurningPoint{Index: 0, Loss: 128, Played: review.Effect{Move: m}, Better: review.Effect{Move: start.Moves()[1]}}
	lg := &loaded{rules: rules, game: engine.NewGame(start), rec: &store.Game{Players: []store.Player{{UserID: "a", Name: "@alice"}, {UserID: "b", Name: "@bob"}}}}
	for _, tc := range []struct {
		lang locales.Lang
		want string
	}{
		{locales.EN, "expected margin −64 instead of +64 with the best move."},
		{locales.PL, "oczekiwana różnica wyniku −64 zamiast +64 po najlepszym ruchu."},
	} {
		s := &session{b: New(Config{Store: nopStore{}}), ctx: context.Background(), lang: tc.lang, user: tc.lang}
		got := s.turningLine(lg, rv, tp)
		if !strings.Contains(got, tc.want) || strings.Contains(got, "128") {
			t.Errorf("%s: %q, want %q", tc.lang, got, tc.want)
		}
	}
}
