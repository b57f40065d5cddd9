package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/internal/boardview"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
)

// One language per table.
//
// Public messages (a challenge, the board's caption, move lines, the end
// of a game, the puzzle's post) are written in the table's language, so
// that everybody at a table reads the same words whoever pressed last:
//
//  1. the channel's language, when someone allowed to manage the channel
//     set one with "lang channel xx";
//  2. else the game's language, fixed when it was created: the platform's
//     language for the whole channel (Discord's guild_locale) when it is
//     Russian, Danish or Polish, else the language of the player who opened
//     it. An English guild_locale does not count: it is what Discord reports
//     for every server that never chose a language (en-US);
//  3. outside a game (the puzzle's post): the platform's channel language
//     when supported, else the requester's.
//
// Private replies (refusals, a puzzle attempt, "lang", "stats") and
// answers asked by one person ("rules", "help") stay in the requester's own
// language. Images carry no words, only the players' names.

// channelLang is the language set for the request's channel, or "".
func (s *session) channelLang() locales.Lang {
	if !s.chanLoaded {
		s.chanLoaded = true
		l, err := s.b.cfg.Store.ChannelLanguage(s.ctx, s.req.Platform, s.req.Channel)
		if err != nil {
			s.b.log.WarnContext(s.ctx, "channel language", "channel", s.req.Channel, "err", err)
		}
		if locales.Lang(l).Valid() {
			s.chanLang = locales.Lang(l)
		}
	}
	return s.chanLang
}

// newTableLang is the language a new game's public messages get when the
// channel has none set: the platform's channel language when the bot
// speaks it, else the requester's.
func (s *session) newTableLang() locales.Lang {
	if l := s.channelLang(); l != "" {
		return l
	}
	if s.req.ChannelLocale != "" {
		if l, ok := locales.Parse(s.req.ChannelLocale); ok && l != locales.EN {
			return l
		}
	}
	return s.user
}

// tableLang is the language of rec's public messages.
func (s *session) tableLang(rec *store.Game) locales.Lang {
	if l := s.channelLang(); l != "" {
		return l
	}
	if l := locales.Lang(rec.Lang); l.Valid() {
		return l
	}
	return s.newTableLang()
}

// gameSession is a session of the bot's own work on rec's game, with no
// request behind it (Tick, Owed): it writes in the table's language, and
// in user (the table's language when "") what is meant for one player.
func (b *Bot) gameSession(ctx context.Context, rec *store.Game, user locales.Lang) *session {
	s := &session{b: b, ctx: ctx, req: Request{Platform: rec.Platform, Channel: rec.Channel}, lang: user, user: user, arrived: time.Now()}
	s.atTable(rec)
	if user == "" {
		s.user = s.lang
	}
	return s
}

// atTable switches the session to rec's table language: what it writes from
// now on is public. Refusals are still written in the requester's language
// (see Handle).
func (s *session) atTable(rec *store.Game) { s.lang = s.tableLang(rec) }

// inLang returns what f writes in language l, leaving the session's
// language as it was.
func inLang[T any](s *session, l locales.Lang, f func() T) T {
	old := s.lang
	s.lang = l
	defer func() { s.lang = old }()
	return f()
}

// seatOf returns the seat (index in store.Game.Players) of the player who
// plays side in pos (boardview.SeatOf).
func seatOf(pos engine.Position, side engine.Side) int { return boardview.SeatOf(pos, side) }

// sideOfSeat is the inverse of seatOf.
func sideOfSeat(pos engine.Position, seat int) engine.Side {
	return engine.Side(seatOf(pos, engine.Side(seat)))
}

// seatToMove is the seat of the player to move in lg.
func (lg *loaded) seatToMove() int {
	p := lg.game.Position()
	return seatOf(p, p.ToMove())
}

// moverSeat is the seat of the player who played ply i of lg.
func (lg *loaded) moverSeat(ply int) int {
	p := lg.game.Positions()[ply]
	return seatOf(p, p.ToMove())
}

// seatResult is the stored result for a win by seat w ("south_won" means
// the player in seat 0 won, whatever side they play after a swap;
// "east_won" the player in seat 2).
func seatResult(w int) string {
	return engine.Won(engine.Side(w)).String()
}

// renderOptions are what the board image shows besides the position
// (boardview.Options): the players' names by side, at a table of four
// every seat's player and name, and the result of a finished game.
func (s *session) renderOptions(lg *loaded, events []engine.Event) render.Options {
	return boardview.Options(boardview.Board{
		Rec:    lg.rec,
		Rules:  lg.rules,
		Pos:    lg.game.Position(),
		Events: events,
		Final:  lg.rec.Phase == store.PhaseOver,
		Name: func(seat int) string {
			if pl := lg.rec.Players[seat]; !pl.Empty() {
				return s.name(pl)
			}
			return ""
		},
		SeatName: s.seatName,
	})
}

// textBoard is the board in characters under the game's name; the reply's
// text says whose turn it is, so the board does not say it again.
func (s *session) textBoard(lg *loaded) string {
	return s.positionText(locales.VariantName(s.lang, lg.rec.Variant), lg.game.Position(), lg.rec)
}

// positionText draws p in characters under head, in the reader's
// language: the engine's drawing without its English first line and notes
// (the round, the penalties), followed by those notes localized and the
// marked pits the drawing cannot show (Togyz Kumalak's tuzdyks, the traps
// of Selus and Sulus), named by their owners when rec is not nil.
func (s *session) positionText(head string, p engine.Position, rec *store.Game) string {
	lines := strings.Split(strings.TrimRight(p.String(), "\n"), "\n")
	out := []string{head}
	for _, l := range lines[1:] {
		if strings.HasPrefix(l, "round ") || strings.HasPrefix(l, "penalties:") {
			continue
		}
		out = append(out, l)
	}
	owner := func(side engine.Side) string {
		if rec != nil {
			if seat := seatOf(p, side); seat < len(rec.Players) && !rec.Players[seat].Empty() {
				return s.name(rec.Players[seat])
			}
		}
		return s.seatName(side)
	}
	if r := p.Round(); r > 0 {
		if claiming, k := claimPhase(p); claiming {
			out = append(out, s.t("text_round_claims", map[string]any{"Round": r, "Count": k}))
		} else {
			out = append(out, s.t("text_round", map[string]any{"Round": r}))
		}
	}
	l := p.Rules().Layout()
	if l.Sides > 2 {
		var seats []string
		for _, side := range engine.TurnOrder(p.Rules()) {
			seat := s.seatName(side) + " " + strconv.Itoa(p.Penalties(side))
			if p.Out(side) {
				seat += " " + s.t("text_out", nil)
			}
			seats = append(seats, seat)
		}
		out = append(out, s.t("text_penalties", map[string]any{"Seats": strings.Join(seats, " · ")}))
	}
	byKind := map[engine.MarkKind]map[engine.Side][]string{}
	var kinds []engine.MarkKind
	for _, m := range p.Marks() {
		if int(m.Cell) >= len(l.Cells) || int(m.Side) >= engine.MaxSides || m.Kind != engine.MarkTuzdyk && m.Kind != engine.MarkTrap {
			continue
		}
		if byKind[m.Kind] == nil {
			byKind[m.Kind] = map[engine.Side][]string{}
			kinds = append(kinds, m.Kind)
		}
		ci := l.Cells[m.Cell]
		byKind[m.Kind][m.Side] = append(byKind[m.Kind][m.Side], fmt.Sprintf("%c%d", unicode.ToUpper(rune(ci.Owner.String()[0])), ci.Pit))
	}
	for _, k := range kinds {
		var parts []string
		for side := range engine.Side(engine.MaxSides) {
			if pits := byKind[k][side]; len(pits) > 0 {
				parts = append(parts, owner(side)+": "+strings.Join(pits, " "))
			}
		}
		out = append(out, s.t("text_marks_"+k.String(), map[string]any{"Pits": strings.Join(parts, " · ")}))
	}
	return strings.Join(out, "\n") + "\n"
}
