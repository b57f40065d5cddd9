package web

import (
	"net/http"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
)

// Current is a stored game as it stands, as the game page shows its last
// position: for the board app (package miniapp/app), which shares the
// page's replay rather than keeping its own.
type Current struct {
	// Game is the engine game replayed from the stored moves, at its
	// last position (a seat leaving a table starts it anew, as in the bot).
	Game *engine.Game
	// Options draw the position as the page does in the language asked
	// for (names, the last move marked, the result); the caller may turn
	// the board with Options.Viewer.
	Options render.Options
	// Names are the players by seat, as the page calls them.
	Names []string
	// LastMove is the last move as the bot's move lines write it, "" at
	// the start or after a seat left.
	LastMove string
	// Result says who won and why, "" while the game goes on.
	Result string
}

// CurrentOf replays rec and returns it as it stands, its texts in lang.
// The error means the stored game cannot be replayed (damaged).
func CurrentOf(rec *store.Game, lang locales.Lang) (*Current, error) {
	g, err := replay(rec)
	if err != nil {
		return nil, err
	}
	last := g.last()
	c := &Current{Game: g.game, Options: g.renderOptions(lang, last)}
	for seat := range rec.Players {
		c.Names = append(c.Names, g.name(lang, seat))
	}
	if st := g.steps[last]; last > 0 && !st.leave {
		c.LastMove = moveText(g.rules.Layout(), st.move, st.events)
	}
	if g.over() {
		c.Result = g.resultText(lang)
	}
	return c, nil
}

// Limiter is the pages' rate limit, a token bucket per key, for the board
// app to count its own clients with. It is safe for concurrent use.
type Limiter struct{ l *limiter }

// NewLimiter returns a Limiter of rate requests a second per key on
// average and burst at once, reading the clock now.
func NewLimiter(rate float64, burst int, now func() time.Time) *Limiter {
	return &Limiter{l: newLimiter(rate, burst, now)}
}

// Allow takes a token of key's bucket. When there is none it reports
// false and how long until there is one.
func (l *Limiter) Allow(key string) (wait time.Duration, ok bool) { return l.l.allow(key) }

// ClientAddr is the client a request is counted against: with header (a
// proxy's "X-Forwarded-For", "X-Real-IP"), the last address in it, else
// the connection's address.
func ClientAddr(r *http.Request, header string) string { return clientOf(r, header) }
