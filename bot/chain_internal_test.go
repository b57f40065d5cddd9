package bot

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/store"
)

// TestLongBotChainInOneLine: 26 bot moves in a row (Congkak's relays and
// extra turns) are summed up in one line; three or fewer get a line each.
func TestLongBotChainInOneLine(t *testing.T) {
	rules, err := engine.New("congkak", nil)
	if err != nil {
		t.Fatal(err)
	}
	chain := func(n int) (*loaded, []engine.Event) {
		rec := &store.Game{}
		var ev []engine.Event
		for i := range n {
			rec.Moves = append(rec.Moves, store.Move{Ply: i, Move: strconv.Itoa(i%7 + 1)})
			ev = append(ev, engine.Event{Kind: engine.EventCapture, Count: 2},
				engine.Event{Kind: moveMarker, Count: i})
		}
		return &loaded{rec: rec, rules: rules, game: engine.NewGame(rules.Start())}, ev
	}
	for _, c := range []struct {
		lang locales.Lang
		n    int
		want string
	}{
		{locales.EN, 26, "Bot played 26 moves in a row: 1 2 3 4 5 6 7 1 2 3 4 5 …. Bot captured 52 seeds."},
		{locales.RU, 26, "Бот делает 26 ходов подряд: 1 2 3 4 5 6 7 1 2 3 4 5 …. Бот забирает 52 камня."},
		{locales.RU, 21, "Бот делает 21 ход подряд: 1 2 3 4 5 6 7 1 2 3 4 5 …. Бот забирает 42 камня."},
		{locales.PL, 4, "Bot wykonuje 4 ruchy z rzędu: 1 2 3 4. Bot zdobywa 8 kamieni."},
	} {
		s := &session{b: New(Config{Store: nopStore{}}), ctx: context.Background(), lang: c.lang, user: c.lang}
		lg, ev := chain(c.n)
		got := s.describeBotMoves(lg, ev)
		if got != c.want {
			t.Errorf("%s, %d moves:\n got %q\nwant %q", c.lang, c.n, got, c.want)
		}
	}
	s := &session{b: New(Config{Store: nopStore{}}), ctx: context.Background(), lang: locales.EN, user: locales.EN}
	lg, ev := chain(3)
	if got := s.describeBotMoves(lg, ev); strings.Count(got, "\n") != 2 || !strings.HasPrefix(got, "Bot played pit 1.") {
		t.Errorf("three moves: %q", got)
	}
}

// nopStore is a store.Store that is never called.
type nopStore struct{ store.Store }
