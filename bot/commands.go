package bot

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/rulebook"
	"github.com/mancala-bot/mancala/store"
)

// playerSide checks that the requesting user plays in a game in progress
// and returns their seat.
func (s *session) playerSide(rec *store.Game) (int, error) {
	switch rec.Phase {
	case store.PhaseChallenge:
		return 0, refuse("err_challenge_pending", nil)
	case store.PhasePlaying:
	default:
		return 0, refuse("err_no_game", nil)
	}
	seat := sideOf(rec, s.req.User.ID)
	if seat < 0 {
		return 0, refuse("err_not_a_player", nil)
	}
	return seat, nil
}

// resign ends the game as a loss for the requester; at a table of more
// than two people it takes only the requester's seat out, and the game
// goes on without it (see leaveSeat).
func (s *session) resign() ([]Reply, error) {
	var left []engine.Event
	var table bool
	lg, err := s.mutate(func(g *loaded) error {
		seat, err := s.playerSide(g.rec)
		if err != nil {
			return err
		}
		if table = peopleOf(g.rules) > 2; table {
			left, err = s.leaveSeat(g, seat, s.req.User.ID)
			return err
		}
		g.rec.Phase = store.PhaseOver
		g.rec.Result = seatResult(otherSeat(g.rec, s.req.User.ID))
		g.rec.Reason = "resign"
		return nil
	})
	if err != nil {
		return nil, err
	}
	if table {
		return s.afterLeave(lg, s.t("seat_resigned", map[string]any{"Player": s.mention()}), left)
	}
	return []Reply{s.boardReply(lg, s.turnLine(lg), nil, false)}, nil
}

// afterLeave shows a table after a seat left: what happened, the bot's
// moves if its turn came, and whose turn it is (or the end).
func (s *session) afterLeave(lg *loaded, head string, ev []engine.Event) ([]Reply, error) {
	// The head says who left; the leaver's own "out" event would say it
	// again.
	var rest []engine.Event
	for i, e := range ev {
		if i == 0 && e.Kind == engine.EventOut {
			continue
		}
		rest = append(rest, e)
	}
	lines := append([]string{head}, s.seatEvents(lg, rest, lg.game.Position())...)
	text := strings.Join(lines, " ")
	if lg.rec.Phase == store.PhasePlaying && s.botToMove(lg) {
		return s.botTurn(lg, text, false)
	}
	return []Reply{s.boardReply(lg, text+"\n"+s.turnLine(lg), nil, false)}, nil
}

// draw offers a draw, or accepts the opponent's offer. The bot declines.
func (s *session) draw() ([]Reply, error) {
	var accepted bool
	lg, err := s.mutate(func(g *loaded) error {
		seat, err := s.playerSide(g.rec)
		if err != nil {
			return err
		}
		if len(g.rec.Players) > 2 {
			return refuse("err_no_draw_table", nil)
		}
		other := g.rec.Players[1-seat]
		switch {
		case other.IsBot():
			return refuse("draw_declined_bot", nil)
		case g.rec.DrawOffer == 1-seat:
			accepted = true
			g.rec.Phase, g.rec.Result, g.rec.Reason = store.PhaseOver, "draw", "agreed"
		case g.rec.DrawOffer == seat:
			return refuse("err_already_offered", nil)
		default:
			g.rec.DrawOffer = seat
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if accepted {
		return []Reply{s.boardReply(lg, s.turnLine(lg), nil, false)}, nil
	}
	return []Reply{{Text: s.t("draw_offered", map[string]any{"Player": s.mention()})}}, nil
}

// undo asks to take back the requester's last move; the opponent agrees by
// asking too. Against the bot it is granted at once. The moves from the
// requester's last one on are removed (the bot's answers with it).
func (s *session) undo() ([]Reply, error) {
	var done bool
	var removed int
	lg, err := s.mutate(func(g *loaded) error {
		seat, err := s.playerSide(g.rec)
		if err != nil {
			return err
		}
		if len(g.rec.Players) > 2 {
			return refuse("err_no_undo_table", nil)
		}
		requester := seat
		switch {
		case g.rec.Players[1-seat].IsBot():
		case g.rec.UndoOffer == 1-seat:
			requester = 1 - seat // agreeing to the opponent's request
		case g.rec.UndoOffer == seat:
			return refuse("err_already_offered", nil)
		default:
			if lastMoveBy(g, seat) < 0 {
				return refuse("err_nothing_to_undo", nil)
			}
			g.rec.UndoOffer = seat
			return nil
		}
		ply := lastMoveBy(g, requester)
		if ply < 0 {
			return refuse("err_nothing_to_undo", nil)
		}
		removed = len(g.rec.Moves) - ply
		g.rec.Moves = g.rec.Moves[:ply]
		switch {
		case removed == 1:
			g.note = s.t("undo_done", nil)
		case g.rec.Players[1-requester].IsBot():
			g.note = s.t("undo_done_many", map[string]any{"Count": removed})
		default: // between people: the requester's move and the opponent's after it
			g.note = s.t("undo_done_moves", map[string]any{"Count": removed, "Player": s.name(g.rec.Players[requester])})
		}
		g.rec.DrawOffer, g.rec.UndoOffer = -1, -1
		g.rec.TurnStarted, g.rec.Reminded = s.b.now(), time.Time{}
		done = true
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !done {
		return []Reply{{Text: s.t("undo_requested", map[string]any{"Player": s.mention()})}}, nil
	}
	note := lg.note
	lg, err = load(lg.rec)
	if err != nil {
		return nil, err
	}
	return []Reply{s.boardReply(lg, note+"\n"+s.turnLine(lg), nil, false)}, nil
}

// lastMoveBy returns the ply of the last move by the player in seat, or -1.
func lastMoveBy(g *loaded, seat int) int {
	for ply := len(g.rec.Moves) - 1; ply >= 0; ply-- {
		if g.moverSeat(ply) == seat {
			return ply
		}
	}
	return -1
}

// rematch starts the channel's last game again with the seats swapped: a
// new challenge to the same opponent, or a new game against the bot.
func (s *session) rematch(d *buttonData) ([]Reply, error) {
	last, err := s.b.cfg.Store.LastGame(s.ctx, s.req.Platform, s.req.Channel)
	if errors.Is(err, store.ErrNotFound) {
		return nil, refuse("err_no_game", nil)
	}
	if err != nil {
		return nil, err
	}
	if d != nil && d.gameID != last.ID {
		return nil, errStale
	}
	side := sideOf(last, s.req.User.ID)
	if side < 0 || len(last.Players) < 2 || last.Players[otherSeat(last, s.req.User.ID)].Empty() {
		return nil, refuse("err_not_a_player", nil)
	}
	if len(last.Players) > 2 {
		return s.tableRematch(last)
	}
	now := s.b.now()
	g := &store.Game{
		Platform: s.req.Platform, Channel: s.req.Channel, Variant: last.Variant, Options: last.Options,
		Start: last.Start, Challenger: s.req.User.ID, DrawOffer: -1, UndoOffer: -1,
		CreatedAt: now, UpdatedAt: now, TurnStarted: now, Lang: last.Lang,
		Players: []store.Player{last.Players[1], last.Players[0]},
	}
	g.Phase = store.PhaseChallenge
	opp := g.Players[sideOf(g, s.req.User.ID)^1]
	if opp.IsBot() {
		g.Phase = store.PhasePlaying
	} else {
		// The opponent must accept again.
		g.Players[sideOf(g, s.req.User.ID)^1] = store.Player{Name: opp.Name}
	}
	if err := s.b.cfg.Store.CreateGame(s.ctx, g); err != nil {
		if errors.Is(err, store.ErrChannelBusy) {
			return nil, s.rematchBusy(last)
		}
		return nil, err
	}
	s.rememberPlace()
	s.atTable(g)
	if g.Phase == store.PhaseChallenge {
		r := s.challengeReply(g)
		r.Text = s.t("rematch_offered", map[string]any{"Player": s.mention()}) + "\n" + r.Text
		return []Reply{r}, nil
	}
	lg, err := load(g)
	if err != nil {
		return nil, err
	}
	text := s.t("game_started_vs_bot", map[string]any{"Player": s.mention(), "Level": s.levelName(lg.rules, opp.Level)})
	if s.botToMove(lg) {
		return s.botTurn(lg, text, false)
	}
	return []Reply{s.boardReply(lg, text+"\n"+s.turnLine(lg), nil, false)}, nil
}

// claim ends a game the opponent has left idle past the timeout.
func (s *session) claim(d *buttonData) ([]Reply, error) {
	var (
		left  []engine.Event
		table bool
		idle  string
	)
	lg, err := s.mutate(func(g *loaded) error {
		if d != nil && d.gameID != g.rec.ID {
			return errStale
		}
		seat, err := s.playerSide(g.rec)
		if err != nil {
			return err
		}
		if holds(g.rec, g.seatToMove(), s.req.User.ID) {
			return refuse("err_claim_own_turn", nil)
		}
		if wait := g.rec.TurnStarted.Add(s.b.cfg.ClaimAfter).Sub(s.b.now()); wait > 0 {
			return refuse("err_claim_too_early", map[string]any{"Wait": s.waitText(wait)})
		}
		if table = peopleOf(g.rules) > 2; table {
			// At a table the idle seat is taken out; the game goes on.
			idle = s.name(g.rec.Players[g.seatToMove()])
			left, err = s.leaveSeat(g, g.seatToMove(), s.req.User.ID)
			return err
		}
		g.rec.Phase = store.PhaseOver
		g.rec.Result = seatResult(seat)
		g.rec.Reason = "timeout"
		return nil
	})
	if err != nil {
		return nil, err
	}
	if table {
		return s.afterLeave(lg, s.t("seat_timed_out", map[string]any{"Player": idle}), left)
	}
	return []Reply{s.boardReply(lg, s.turnLine(lg), nil, false)}, nil
}

// board re-posts the live game's board.
func (s *session) board() ([]Reply, error) {
	rec, err := s.b.cfg.Store.LiveGame(s.ctx, s.req.Platform, s.req.Channel)
	if errors.Is(err, store.ErrNotFound) {
		return nil, refuse("err_no_game", nil)
	}
	if err != nil {
		return nil, err
	}
	s.atTable(rec)
	if rec.Phase == store.PhaseChallenge {
		return []Reply{s.challengeReply(rec)}, nil
	}
	lg, err := load(rec)
	if err != nil {
		return nil, err
	}
	return []Reply{s.boardReply(lg, s.turnLine(lg), nil, false)}, nil
}

// rematchBusy is the refusal of a rematch in a channel that already has a
// live game: when it is the rematch of last already offered, it says so
// (to the one who offered it: it waits for the opponent; to the opponent:
// accept it), else what channelBusy says.
func (s *session) rematchBusy(last *store.Game) error {
	live, err := s.b.cfg.Store.LiveGame(s.ctx, s.req.Platform, s.req.Channel)
	if err != nil || live.Phase != store.PhaseChallenge || live.Variant != last.Variant || sideOf(last, live.Challenger) < 0 {
		return s.channelBusy()
	}
	if live.Challenger == s.req.User.ID {
		return refuse("err_rematch_offered_by_you", map[string]any{"Opponent": s.name(live.Players[otherSeat(live, s.req.User.ID)])})
	}
	return refuse("err_rematch_offered_to_you", map[string]any{"Player": s.name(live.Players[sideOf(live, live.Challenger)])})
}

// join takes an open seat at a table. A game whose seats are all taken
// (one being played) is refused as such, not as "no challenge to accept".
func (s *session) join() ([]Reply, error) {
	rec, err := s.b.cfg.Store.LiveGame(s.ctx, s.req.Platform, s.req.Channel)
	if err == nil && rec.Phase == store.PhasePlaying {
		if sideOf(rec, s.req.User.ID) >= 0 {
			return nil, refuse("err_already_seated", nil)
		}
		return nil, refuse("err_join_full", nil)
	}
	return s.accept(nil)
}

// gameRecord prints the game record: variant, options and moves (the live game,
// else the channel's last one); "no moves yet" instead of an empty list;
// with pages (Config.PublicURL), the link to the game's page.
func (s *session) gameRecord() ([]Reply, error) {
	rec, err := s.b.cfg.Store.LiveGame(s.ctx, s.req.Platform, s.req.Channel)
	if errors.Is(err, store.ErrNotFound) {
		rec, err = s.b.cfg.Store.LastGame(s.ctx, s.req.Platform, s.req.Channel)
	}
	if errors.Is(err, store.ErrNotFound) {
		return nil, refuse("err_no_game", nil)
	}
	if err != nil {
		return nil, err
	}
	s.atTable(rec)
	var b strings.Builder
	b.WriteString(rec.Variant)
	if v, err := engine.Lookup(rec.Variant); err == nil {
		if full, err := v.Resolve(rec.Options); err == nil {
			for _, o := range v.Options {
				fmt.Fprintf(&b, " %s=%s", o.Name, full[o.Name])
			}
		}
	}
	if len(rec.Moves) == 0 {
		b.WriteString("\n" + s.t("game_record_no_moves", nil))
	} else {
		b.WriteString(":")
		for _, m := range rec.Moves {
			b.WriteString(" " + m.Move)
		}
	}
	var head string
	if len(rec.Players) > 2 {
		head = s.variantTitle(rec) + ": " + s.seatList(rec)
	} else {
		head = s.t("game_record_head", map[string]any{"Variant": s.variantTitle(rec), "South": s.name(rec.Players[0]), "North": s.nameAgainst(rec.Players[1])})
	}
	if rec.Phase == store.PhaseOver && rec.Result != "" {
		if lg, err := load(rec); err == nil {
			head += "\n" + s.turnLine(lg)
		}
	}
	return []Reply{{Text: head + "\n" + b.String(), Link: s.pageLink(rec)}}, nil
}

func (s *session) rules(args []string) ([]Reply, error) {
	if len(args) == 0 {
		return s.variants()
	}
	v, err := lookupVariant(args[0])
	if err != nil {
		return nil, refuse("err_unknown_variant", map[string]any{"Variant": shorten(args[0], 40), "Known": knownVariants()})
	}
	for _, a := range args[1:] {
		if !strings.Contains(a, "=") {
			return nil, refuse("err_rules_word", map[string]any{"Word": shorten(a, 40)})
		}
	}
	opts, err := s.parseOptions(v, args[1:])
	if err != nil {
		return nil, err
	}
	if _, err := v.New(opts); err != nil {
		return nil, s.optionsRefused(v, opts, args[1:])
	}
	text := platformCommands(s.req.Platform, s.lang, locales.Rules(s.lang, v.ID, opts))
	if when := s.puzzleDays(v.ID); when != "" {
		text += "\n" + when // a solitaire: when it is the daily puzzle
	}
	replies := []Reply{{Text: text}}
	if d := s.ruleDiagrams(v.ID, opts); d != nil {
		replies = append(replies, *d)
	}
	return replies, nil
}

// ruleDiagrams illustrates the rules: the before/after diagrams of the
// rulebook's example moves, together in one image (so that a rules
// explanation is at most two messages), captioned with a numbered line per
// diagram. Nil unless Config.RuleDiagrams is set, or when the variant has
// no example.
func (s *session) ruleDiagrams(variant string, opts map[string]string) *Reply {
	if !s.b.cfg.RuleDiagrams {
		return nil
	}
	examples := rulebook.Examples(variant, opts)
	if len(examples) == 0 {
		return nil
	}
	var buf bytes.Buffer
	if err := rulebook.SheetPNG(&buf, examples); err != nil {
		s.b.log.ErrorContext(s.ctx, "rule diagrams", "variant", variant, "err", err)
		return nil
	}
	lines := []string{"*" + s.t("rules_diagrams", nil) + "*"}
	for i, ex := range examples {
		lines = append(lines, fmt.Sprintf("%d. %s: %s", i+1, s.t("rules_h_"+ex.Section, nil),
			s.t("rules_diagram_move", map[string]any{"Pit": rulebook.MoveLabel(ex.Before, ex.Move)})))
	}
	return &Reply{Text: strings.Join(lines, "\n"), Board: &Board{PNG: buf.Bytes()}}
}

func (s *session) variants() ([]Reply, error) {
	var b strings.Builder
	b.WriteString(s.t("variants_header", nil))
	for _, v := range engine.Variants() {
		fmt.Fprintf(&b, "\n• %s: %s", v.ID, locales.VariantName(s.lang, v.ID))
	}
	return []Reply{{Text: b.String()}}, nil
}

// setLang answers "lang xx" (the requester's own language) and "lang
// channel xx|off" (the table language of the channel, for those allowed to
// manage it; see table.go).
func (s *session) setLang(args []string) ([]Reply, error) {
	if len(args) == 0 {
		return nil, refuse("lang_usage", nil)
	}
	if w := strings.ToLower(args[0]); w == "channel" || w == "group" || w == "chat" || w == "server" {
		return s.setChannelLang(args[1:])
	}
	if len(args) > 1 {
		return nil, refuse("lang_usage", nil)
	}
	l, ok := locales.Parse(args[0])
	if !ok {
		return nil, refuse("lang_unknown", map[string]any{"Lang": shorten(args[0], 20)})
	}
	if err := s.b.cfg.Store.SetLanguage(s.ctx, s.req.Platform, s.req.User.ID, string(l)); err != nil {
		return nil, err
	}
	s.lang, s.user = l, l
	return []Reply{{Text: s.t("lang_set", map[string]any{"Lang": s.t("lang_name_"+string(l), nil)}), Private: true}}, nil
}

func (s *session) setChannelLang(args []string) ([]Reply, error) {
	if len(args) != 1 {
		return nil, refuse("lang_channel_usage", nil)
	}
	want := strings.ToLower(args[0])
	var l locales.Lang
	if want != "off" && want != "none" && want != "reset" {
		var ok bool
		if l, ok = locales.Parse(want); !ok {
			return nil, refuse("lang_unknown", map[string]any{"Lang": shorten(args[0], 20)})
		}
	}
	if s.req.CanManage == nil || !s.req.CanManage(s.ctx) {
		return nil, refuse("err_not_manager", nil)
	}
	if err := s.b.cfg.Store.SetChannelLanguage(s.ctx, s.req.Platform, s.req.Channel, string(l)); err != nil {
		return nil, err
	}
	if l == "" {
		return []Reply{{Text: s.t("lang_channel_off", nil)}}, nil
	}
	s.lang = l
	return []Reply{{Text: s.t("lang_channel_set", map[string]any{"Lang": s.t("lang_name_"+string(l), nil)})}}, nil
}

// help lists every command the bot accepts.
// help lists the commands. The levels are those the bot offers in Kalah,
// the example's game; a level it offers only elsewhere (perfect, where it
// can prove its play) is named with the games that have it, so that the
// list never offers Kalah a level that is then refused.
func (s *session) help() ([]Reply, error) {
	return []Reply{{Text: s.t("help", map[string]any{"Levels": s.helpLevels()})}}, nil
}

func (s *session) helpLevels() string {
	opp := s.b.cfg.Opponent
	kalah := engine.MustNew("kalah", nil)
	offered := opp.Offered(kalah)
	levels := strings.Join(offered, ", ")
	var extra []string
	for _, l := range opp.Levels() {
		if !slices.Contains(offered, l) {
			extra = append(extra, l)
		}
	}
	if len(extra) == 0 {
		return levels
	}
	hasAll := func(r engine.Rules) bool {
		o := opp.Offered(r)
		for _, l := range extra {
			if !slices.Contains(o, l) {
				return false
			}
		}
		return true
	}
	var games []string
	for _, v := range engine.Variants() {
		if r, err := v.New(nil); err == nil && r.Layout().Sides >= 2 && hasAll(r) {
			games = append(games, locales.VariantName(s.lang, v.ID))
		}
	}
	if small, err := engine.New("kalah", engine.Options{"pits": "4", "seeds": "3"}); err == nil && hasAll(small) {
		games = append(games, s.t("help_small_kalah", nil))
	}
	if len(games) == 0 {
		return levels
	}
	return levels + s.t("help_levels_more", map[string]any{"Levels": strings.Join(extra, ", "), "Games": strings.Join(games, ", ")})
}
