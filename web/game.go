package web

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
)

// step is one position of a replayed game: the start (ply 0) or the
// position after a stored move.
type step struct {
	pos engine.Position
	// before is the position the move was played in (ply > 0).
	before engine.Position
	// move is the stored move ("3", "swap", "out:east"); events are what
	// it did (none for a seat leaving).
	move   string
	events []engine.Event
	// mover is the seat that played the move, or left; -1 at ply 0;
	// side is the side it played.
	mover int
	side  engine.Side
	// leave is set for a seat leaving a table.
	leave bool
}

// replayed is a stored game with every position rebuilt from its moves.
type replayed struct {
	rec   *store.Game
	rules engine.Rules
	steps []step // steps[0] is the start; len(steps) == len(rec.Moves)+1
	// game is the engine's game at the last position (since the last
	// seat left, at a table).
	game *engine.Game
}

// leavePrefix starts the stored pseudo-move of a seat leaving a table
// ("out:east"), as the bot writes it.
const leavePrefix = "out:"

// replay rebuilds every position of rec as the bot's load does: the
// moves played in turn from the start, a seat leaving through
// Position.Leave (the game going on from there as a new one). The error
// means the stored game cannot be replayed (damaged).
func replay(rec *store.Game) (*replayed, error) {
	if rec.Damage != "" {
		return nil, fmt.Errorf("game %d: damaged %s", rec.ID, rec.Damage)
	}
	rules, err := engine.New(rec.Variant, rec.Options)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", rec.ID, err)
	}
	if len(rec.Players) < rules.Layout().Sides {
		return nil, fmt.Errorf("game %d: %d seats for %d sides", rec.ID, len(rec.Players), rules.Layout().Sides)
	}
	start := rules.Start()
	if rec.Start != "" {
		if start, err = engine.ParsePosition([]byte(rec.Start)); err != nil {
			return nil, fmt.Errorf("game %d: start: %w", rec.ID, err)
		}
	}
	g := engine.NewGame(start)
	steps := make([]step, 1, len(rec.Moves)+1)
	steps[0] = step{pos: start, mover: -1}
	for i, m := range rec.Moves {
		before := g.Position()
		st := step{before: before, move: m.Move}
		if name, ok := strings.CutPrefix(m.Move, leavePrefix); ok {
			side, err := engine.ParseSide(name)
			if err != nil {
				return nil, fmt.Errorf("game %d: move %d: %w", rec.ID, i, err)
			}
			p, _, err := before.Leave(side)
			if err != nil {
				return nil, fmt.Errorf("game %d: move %d: %w", rec.ID, i, err)
			}
			g = engine.NewGame(p)
			st.leave, st.mover, st.side = true, seatOf(before, side), side
		} else {
			mv, err := engine.ParseMove(m.Move)
			if err != nil {
				return nil, fmt.Errorf("game %d: move %d: %w", rec.ID, i, err)
			}
			if st.events, err = g.Play(mv); err != nil {
				return nil, fmt.Errorf("game %d: move %d: %w", rec.ID, i, err)
			}
			st.mover, st.side = seatOf(before, before.ToMove()), before.ToMove()
		}
		st.pos = g.Position()
		steps = append(steps, st)
	}
	return &replayed{rec: rec, rules: rules, steps: steps, game: g}, nil
}

// last is the last ply.
func (g *replayed) last() int { return len(g.steps) - 1 }

// over reports whether the game has ended.
func (g *replayed) over() bool { return g.rec.Phase == store.PhaseOver }

// seatOf is the seat (index in store.Game.Players) playing side in pos:
// a pie-rule swap exchanges the two sides' seats.
func seatOf(pos engine.Position, side engine.Side) int {
	if pos.Swapped() && side <= engine.North {
		return 1 - int(side)
	}
	return int(side)
}

// winnerSeat is the seat that won, or -1 (a draw, or not over).
func (g *replayed) winnerSeat() int {
	st, err := engine.ParseStatus(g.rec.Result)
	if err != nil {
		return -1
	}
	if w, ok := st.Winner(); ok && int(w) < len(g.rec.Players) {
		return int(w)
	}
	return -1
}

// drawnFromMover reports whether the bot draws boards of layout l from the
// seat of the player to move (three- and four-row boards, four seats).
func drawnFromMover(l *engine.Layout) bool { return l.Rows >= 3 || l.Sides > 2 }

// discordMention is a stored name that is a Discord mention ("<@123>"),
// which means nothing outside Discord.
var discordMention = regexp.MustCompile(`^<@!?[0-9]+>$`)

// name is how the page calls the player of seat: the bot by its name in
// lang, a Discord mention by the seat's name, anyone else by the stored
// name cleaned of control characters.
func (g *replayed) name(lang locales.Lang, seat int) string {
	if seat < 0 || seat >= len(g.rec.Players) {
		return ""
	}
	p := g.rec.Players[seat]
	switch {
	case p.IsBot():
		return locales.Text(lang, "bot_name", nil)
	case p.Name == "" || discordMention.MatchString(p.Name):
		return locales.Text(lang, "page_player_of_seat", map[string]any{"Seat": seatName(lang, engine.Side(seat))})
	}
	return locales.CleanText(p.Name, false)
}

// seatName is a side's name in lang ("South").
func seatName(lang locales.Lang, side engine.Side) string {
	return locales.Text(lang, "table_seat_"+side.String(), nil)
}

// renderOptions are what the board of ply shows besides the position, as
// the bot draws a game's board: the players' names by side, the seats'
// names at a table of four, the move that led to it marked, a four-row
// or four-seat board from the seat to move, and the result on the last
// position of a finished game.
func (g *replayed) renderOptions(lang locales.Lang, ply int) render.Options {
	st := g.steps[ply]
	p := st.pos
	o := render.Options{Events: st.events}
	for side := range min(len(o.Names), len(g.rec.Players)) {
		o.Names[side] = g.name(lang, seatOf(p, engine.Side(side)))
	}
	if g.rules.Layout().Sides > 2 {
		for side := range min(len(o.Seats), len(g.rec.Players)) {
			o.Seats[side] = g.name(lang, seatOf(p, engine.Side(side)))
			o.SeatLabels[side] = seatName(lang, engine.Side(side))
		}
	}
	final := g.over() && ply == g.last()
	if drawnFromMover(g.rules.Layout()) && !final && p.Status() == engine.Ongoing {
		o.Viewer = p.ToMove()
	}
	if final {
		switch w := g.winnerSeat(); w {
		case -1:
			o.Status = engine.Draw
		default:
			o.Status = engine.Won(engine.Side(seatOf(p, engine.Side(w))))
		}
	}
	return o
}

// parsePly reads a ply in the route ("12.png" with suffix ".png") or the
// query: a number from lo to hi without sign or leading zeros.
func parsePly(s, suffix string, lo, hi int) (int, bool) {
	s, ok := strings.CutSuffix(s, suffix)
	if !ok || s == "" || len(s) > 6 || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi || strings.ContainsAny(s, "+-") {
		return 0, false
	}
	return n, true
}

// etag is a strong entity tag of the parts (a page id, a version, the
// ply...): the same parts, the same tag.
func etag(parts ...any) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%v\x00", p)
	}
	return `"` + base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:18]) + `"`
}

// hashOf is a short hash of data, for an ETag.
func hashOf(data []byte) string {
	s := sha256.Sum256(data)
	return base64.RawURLEncoding.EncodeToString(s[:12])
}

// notModified sets the ETag and reports whether the request's
// If-None-Match names it, having answered 304 then.
func notModified(w http.ResponseWriter, r *http.Request, tag string) bool {
	w.Header().Set("ETag", tag)
	for _, t := range strings.Split(r.Header.Get("If-None-Match"), ",") {
		if t = strings.TrimSpace(t); t == tag || t == "*" {
			w.WriteHeader(http.StatusNotModified)
			return true
		}
	}
	return false
}
