package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
)

// variantAliases maps other names people use to variant ids.
var variantAliases = map[string]string{
	"mancala": "kalah", "kalaha": "kalah", "калах": "kalah",
	"awale": "oware", "awari": "oware", "wari": "oware", "оваре": "oware",
	"togyzkumalak": "togyz", "toguz": "togyz", "togus": "togyz", "тогыз": "togyz",
	"congklak": "congkak", "chongkak": "congkak", "конгкак": "congkak",
	"tchuka-ruma": "tchuka", "tchukaruma": "tchuka", "чука": "tchuka",
}

func lookupVariant(name string) (*engine.Variant, error) {
	id := strings.ToLower(strings.TrimSpace(name))
	if a, ok := variantAliases[id]; ok {
		id = a
	}
	return engine.Lookup(id)
}

func knownVariants() string {
	var ids []string
	for _, v := range engine.Variants() {
		ids = append(ids, v.ID)
	}
	return strings.Join(ids, ", ")
}

// newGame opens a challenge, or starts a game against the bot:
// new VARIANT [@opponent | bot [LEVEL]] [first|second] [key=value...]
func (s *session) newGame(args []string) ([]Reply, error) {
	if len(args) == 0 {
		return nil, refuse("err_unknown_variant", map[string]any{"Variant": "", "Known": knownVariants()})
	}
	v, err := lookupVariant(args[0])
	if err != nil {
		return nil, refuse("err_unknown_variant", map[string]any{"Variant": args[0], "Known": knownVariants()})
	}
	var (
		vsBot   bool
		level   string
		invitee string
		second  bool
		opts    = engine.Options{}
		levels  = s.b.cfg.Opponent.Levels()
	)
	for i := 1; i < len(args); i++ {
		a := args[i]
		la := strings.ToLower(a)
		switch {
		case la == "bot" || la == "ai" || la == "cpu":
			vsBot = true
			if i+1 < len(args) && slices.Contains(levels, strings.ToLower(args[i+1])) {
				level = strings.ToLower(args[i+1])
				i++
			}
		case slices.Contains(levels, la) && vsBot:
			level = la
		case la == "first" || la == "south":
			second = false
		case la == "second" || la == "north":
			second = true
		case strings.HasPrefix(a, "@") || strings.HasPrefix(a, "<@"):
			invitee = a
		case strings.Contains(a, "="):
			k, val, _ := strings.Cut(a, "=")
			opts[strings.ToLower(k)] = val
		default:
			return nil, refuse("err_bad_option", map[string]any{"Detail": a})
		}
	}
	if vsBot && invitee != "" {
		return nil, refuse("err_bad_option", map[string]any{"Detail": invitee})
	}
	rules, err := v.New(opts)
	if err != nil {
		return nil, refuse("err_bad_option", map[string]any{"Detail": err.Error()})
	}
	if rules.Layout().Sides != 2 {
		// A solitaire is played as a puzzle, not in a channel game.
		return nil, refuse("err_solitaire", map[string]any{"Variant": locales.VariantName(s.lang, v.ID)})
	}
	if invitee != "" && invitee == s.mention() {
		return nil, refuse("err_cannot_accept_own", nil)
	}
	now := s.b.now()
	me := store.Player{UserID: s.req.User.ID, Name: s.mention()}
	g := &store.Game{
		Platform: s.req.Platform, Channel: s.req.Channel, Variant: v.ID, Options: opts,
		Challenger: s.req.User.ID, DrawOffer: -1, UndoOffer: -1,
		CreatedAt: now, UpdatedAt: now, TurnStarted: now,
	}
	mine, theirs := 0, 1
	if second {
		mine, theirs = 1, 0
	}
	g.Players[mine] = me
	if vsBot {
		if level == "" {
			level = levels[(len(levels)-1)/2] // "medium" of six
			if slices.Contains(levels, "medium") {
				level = "medium"
			}
		}
		g.Players[theirs] = store.Player{Level: level}
		g.Phase = store.PhasePlaying
	} else {
		g.Players[theirs] = store.Player{Name: invitee} // an invitation, or open to anyone
		g.Phase = store.PhaseChallenge
	}
	if err := s.b.cfg.Store.CreateGame(s.ctx, g); err != nil {
		if errors.Is(err, store.ErrChannelBusy) {
			return nil, refuse("err_game_exists", nil)
		}
		return nil, err
	}
	if g.Phase == store.PhaseChallenge {
		return []Reply{s.challengeReply(g)}, nil
	}
	lg, err := load(g)
	if err != nil {
		return nil, err
	}
	text := s.t("game_started_vs_bot", map[string]any{"Player": me.Name, "Level": s.t("level_"+level, nil)})
	var events []engine.Event
	if lg.game.Position().ToMove() == engine.Side(theirs) {
		if lg, events, err = s.botMoves(lg); err != nil {
			return nil, err
		}
		text += "\n" + s.describeBotMoves(lg, events)
	}
	return []Reply{s.boardReply(lg, text, events, false)}, nil
}

// name is how to call a player in this session's language: the bot is
// named in the reader's language, not the game creator's.
func (s *session) name(p store.Player) string {
	if p.IsBot() {
		return s.t("bot_name", nil)
	}
	return p.Name
}

// mention is how to address the requesting user.
func (s *session) mention() string {
	if s.req.User.Mention != "" {
		return s.req.User.Mention
	}
	return s.req.User.Name
}

func (s *session) challengeReply(g *store.Game) Reply {
	inv := g.Players[1-sideOf(g, g.Challenger)]
	args := map[string]any{"Challenger": s.name(g.Players[sideOf(g, g.Challenger)]), "Variant": s.variantTitle(g)}
	text := s.t("challenge_open", args)
	if inv.Name != "" {
		args["Opponent"] = inv.Name
		text = s.t("challenge_named", args)
	}
	d := buttonData{gameID: g.ID, version: g.Version}
	d.action = actionAccept
	accept := Button{Label: "✔", Data: d.String()}
	d.action = actionDecline
	decline := Button{Label: "✖", Data: d.String()}
	return Reply{Text: text, Board: &Board{GameID: g.ID, Version: g.Version, Buttons: [][]Button{{accept, decline}}}}
}

// variantTitle is the localized name with the options that differ from
// the defaults: "Kalah (seeds=5)".
func (s *session) variantTitle(g *store.Game) string {
	name := locales.VariantName(s.lang, g.Variant)
	v, err := engine.Lookup(g.Variant)
	if err != nil {
		return name
	}
	full, err := v.Resolve(g.Options)
	if err != nil {
		return name
	}
	var diff []string
	for _, o := range v.Options {
		if full[o.Name] != o.Default {
			diff = append(diff, o.Name+"="+full[o.Name])
		}
	}
	if len(diff) > 0 {
		name += " (" + strings.Join(diff, ", ") + ")"
	}
	return name
}

// matchesInvite reports whether the requesting user is the one a challenge
// names (by id, @mention or name).
func (s *session) matchesInvite(inv store.Player) bool {
	u := s.req.User
	for _, c := range []string{u.ID, u.Mention, "@" + u.Name, "<@" + u.ID + ">", "<@!" + u.ID + ">", "@" + u.ID} {
		if c != "" && c != "@" && strings.EqualFold(c, inv.Name) {
			return true
		}
	}
	return false
}

func (s *session) accept(d *buttonData) ([]Reply, error) {
	lg, err := s.mutate(func(g *loaded) error {
		rec := g.rec
		if d != nil && (d.gameID != rec.ID || d.version != rec.Version) {
			return errStale
		}
		if rec.Phase != store.PhaseChallenge {
			return refuse("err_nothing_to_accept", nil)
		}
		if rec.Challenger == s.req.User.ID {
			return refuse("err_cannot_accept_own", nil)
		}
		seat := 1 - sideOf(rec, rec.Challenger)
		if inv := rec.Players[seat]; inv.Name != "" && !s.matchesInvite(inv) {
			return refuse("err_not_invited", nil)
		}
		rec.Players[seat] = store.Player{UserID: s.req.User.ID, Name: s.mention()}
		rec.Phase = store.PhasePlaying
		rec.TurnStarted = s.b.now()
		return nil
	})
	if err != nil {
		return nil, err
	}
	text := s.t("challenge_accepted", map[string]any{"South": s.name(lg.rec.Players[0]), "North": s.name(lg.rec.Players[1])}) +
		"\n" + s.turnLine(lg)
	return []Reply{s.boardReply(lg, text, nil, d != nil)}, nil
}

func (s *session) decline(d *buttonData) ([]Reply, error) {
	_, err := s.mutate(func(g *loaded) error {
		rec := g.rec
		if d != nil && (d.gameID != rec.ID || d.version != rec.Version) {
			return errStale
		}
		if rec.Phase != store.PhaseChallenge {
			return refuse("err_nothing_to_accept", nil)
		}
		seat := 1 - sideOf(rec, rec.Challenger)
		inv := rec.Players[seat]
		switch {
		case rec.Challenger == s.req.User.ID:
			rec.Reason = "withdrawn"
		case inv.Name != "" && s.matchesInvite(inv):
			rec.Reason = "declined"
		default:
			return refuse("err_not_invited", nil)
		}
		rec.Phase = store.PhaseOver
		return nil
	})
	if err != nil {
		return nil, err
	}
	return []Reply{{Text: s.t("challenge_declined", map[string]any{"User": s.mention()}), Edit: d != nil}}, nil
}

// move plays the requesting user's move, then the bot's replies if it is
// the bot's turn.
func (s *session) move(text string, d *buttonData) ([]Reply, error) {
	var played []engine.Event
	var mover string
	lg, err := s.mutate(func(g *loaded) error {
		rec := g.rec
		if d != nil && (d.gameID != rec.ID || d.version != rec.Version) {
			return errStale
		}
		if rec.Phase != store.PhasePlaying {
			return refuse("err_no_game", nil)
		}
		side := sideOf(rec, s.req.User.ID)
		if side < 0 {
			return refuse("err_not_a_player", nil)
		}
		pos := g.game.Position()
		if int(pos.ToMove()) != side {
			return refuse("err_not_your_turn", nil)
		}
		m, err := engine.ParseMove(text)
		if err != nil {
			return refuse("err_bad_pit", map[string]any{"Pit": text})
		}
		ev, err := g.game.Play(m)
		if err != nil {
			return illegalMove(err, m)
		}
		played, mover = ev, s.name(rec.Players[side])
		s.record(g, m, s.req.User.ID)
		return nil
	})
	if err != nil {
		return nil, err
	}
	text = s.describeMove(lg, mover, lg.rec.Moves[len(lg.rec.Moves)-1].Move, played)
	events := played
	if lg.rec.Phase == store.PhasePlaying && s.botToMove(lg) {
		var botEvents []engine.Event
		if lg, botEvents, err = s.botMoves(lg); err != nil {
			return nil, err
		}
		text += "\n" + s.describeBotMoves(lg, botEvents)
		events = botEvents
	}
	return []Reply{s.boardReply(lg, text+"\n"+s.turnLine(lg), lastMoveEvents(events), d != nil)}, nil
}

// illegalMove turns an engine refusal into the user's message.
func illegalMove(err error, m engine.Move) error {
	pit := map[string]any{"Pit": m.String()}
	switch engine.ReasonOf(err) {
	case engine.EmptyPit:
		return refuse("err_empty_pit", pit)
	case engine.MustFeed:
		return refuse("err_must_feed", pit)
	case engine.GrandSlamForbidden:
		return refuse("err_grand_slam", pit)
	case engine.TuzdykPit:
		return refuse("err_tuzdyk_pit", pit)
	case engine.SwapUnavailable:
		return refuse("err_swap_unavailable", nil)
	case engine.GameOver:
		return refuse("err_game_over", nil)
	}
	return refuse("err_bad_pit", pit)
}

// record appends the move just played on g.game to the stored game and
// updates the game's state from the new position.
func (s *session) record(g *loaded, m engine.Move, userID string) {
	rec := g.rec
	now := s.b.now()
	rec.Moves = append(rec.Moves, store.Move{Ply: len(rec.Moves), Move: m.String(), UserID: userID, At: now})
	rec.DrawOffer, rec.UndoOffer = -1, -1
	rec.TurnStarted, rec.Reminded = now, time.Time{}
	if p := g.game.Position(); p.Status().Over() {
		rec.Phase = store.PhaseOver
		rec.Result = p.Status().String()
		rec.Reason = p.EndReason().String()
	}
}

func (s *session) botToMove(g *loaded) bool {
	p := g.game.Position()
	return !p.Status().Over() && g.rec.Players[p.ToMove()].IsBot()
}

// botMoves plays the bot's moves until it is a person's turn or the game is
// over, committing each one. It returns the events of the bot's moves.
func (s *session) botMoves(lg *loaded) (*loaded, []engine.Event, error) {
	var all []engine.Event
	for range 200 {
		if lg.rec.Phase != store.PhasePlaying || !s.botToMove(lg) {
			break
		}
		level := lg.rec.Players[lg.game.Position().ToMove()].Level
		ctx, cancel := context.WithTimeout(s.ctx, s.b.cfg.ThinkTime)
		choice, err := s.b.cfg.Opponent.Move(ctx, lg.game, level, lg.rec.ID*1000+int64(len(lg.rec.Moves)))
		cancel()
		m := choice.Move
		if err != nil {
			return nil, nil, fmt.Errorf("bot move in game %d: %w", lg.rec.ID, err)
		}
		var ev []engine.Event
		wantVersion := lg.rec.Version
		next, err := s.mutate(func(g *loaded) error {
			if g.rec.ID != lg.rec.ID || g.rec.Version != wantVersion {
				return errStale
			}
			e, err := g.game.Play(m)
			if err != nil {
				return fmt.Errorf("bot chose an illegal move %s: %w", m, err)
			}
			ev = e
			s.record(g, m, "")
			return nil
		})
		if err != nil {
			if errors.Is(err, errStale) {
				break // someone else (a concurrent request) is moving the bot
			}
			return nil, nil, err
		}
		lg = next
		all = append(all, ev...)
		all = append(all, engine.Event{Kind: moveMarker, Count: len(lg.rec.Moves) - 1})
	}
	return lg, all, nil
}

// moveMarker separates the bot's moves in a combined event list; Count is
// the move's ply.
const moveMarker engine.EventKind = 255

// lastMoveEvents returns the events of the last move in a combined list.
func lastMoveEvents(ev []engine.Event) []engine.Event {
	end := len(ev)
	if end > 0 && ev[end-1].Kind == moveMarker {
		end--
	}
	start := end
	for start > 0 && ev[start-1].Kind != moveMarker {
		start--
	}
	return ev[start:end]
}

func (s *session) describeBotMoves(lg *loaded, ev []engine.Event) string {
	var lines []string
	start := 0
	for i, e := range ev {
		if e.Kind != moveMarker {
			continue
		}
		m := lg.rec.Moves[e.Count]
		lines = append(lines, s.describeMove(lg, s.name(lg.rec.Players[moverSide(lg, e.Count)]), m.Move, ev[start:i]))
		start = i + 1
	}
	return strings.Join(lines, "\n")
}

// moverSide is the side that played ply i, read from the replayed game.
func moverSide(lg *loaded, ply int) engine.Side {
	return lg.game.Positions()[ply].ToMove()
}

// describeMove says what a move did: who played which pit, what was
// captured, a tuzdyk, an extra turn.
func (s *session) describeMove(lg *loaded, player, move string, ev []engine.Event) string {
	l := lg.rules.Layout()
	lines := []string{s.t("moved", map[string]any{"Player": player, "Pit": move})}
	if move == engine.SwapMove.String() {
		lines = []string{s.t("swap", map[string]any{"Player": player})}
	}
	captured := 0
	for _, e := range ev {
		switch e.Kind {
		case engine.EventCapture:
			captured += e.Count
		case engine.EventTuzdyk:
			lines = append(lines, s.t("tuzdyk_created", map[string]any{"Player": player, "Pit": l.Cells[e.Cell].Pit}))
		}
	}
	if captured > 0 {
		lines = append(lines, s.t("captured", map[string]any{"Player": player, "Count": captured}))
	}
	for _, e := range ev {
		if e.Kind == engine.EventExtraTurn {
			lines = append(lines, s.t("extra_turn", map[string]any{"Player": player}))
		}
	}
	return strings.Join(lines, " ")
}

// turnLine says whose turn it is, or how the game ended.
func (s *session) turnLine(lg *loaded) string {
	rec := lg.rec
	p := lg.game.Position()
	score := fmt.Sprintf("%d : %d", p.Store(engine.South), p.Store(engine.North))
	if rec.Phase == store.PhaseOver {
		switch rec.Result {
		case "south_won", "north_won":
			w := 0
			if rec.Result == "north_won" {
				w = 1
			}
			key := "game_over_win"
			switch rec.Reason {
			case "resign":
				return s.t("resigned", map[string]any{"Player": s.name(rec.Players[1-w])}) + " " +
					s.t(key, map[string]any{"Winner": s.name(rec.Players[w]), "Score": score})
			case "timeout":
				return s.t("timeout_claimed", map[string]any{"Winner": s.name(rec.Players[w])})
			}
			return s.t(key, map[string]any{"Winner": s.name(rec.Players[w]), "Score": score})
		case "draw":
			if rec.Reason == "agreed" {
				return s.t("draw_accepted", nil)
			}
			return s.t("game_over_draw", map[string]any{"Score": score})
		}
		return ""
	}
	return s.t("turn", map[string]any{"Player": s.name(rec.Players[p.ToMove()])})
}

// boardReply shows the game: image, text board and the buttons the player
// to move can press.
func (s *session) boardReply(lg *loaded, text string, events []engine.Event, edit bool) Reply {
	p := lg.game.Position()
	b := &Board{GameID: lg.rec.ID, Version: lg.rec.Version, Text: p.String()}
	if s.b.cfg.Render != nil {
		png, err := s.b.cfg.Render(p, render.Options{Events: events})
		if err != nil {
			s.b.log.ErrorContext(s.ctx, "render failed", "game", lg.rec.ID, "err", err)
		} else {
			b.PNG = png
		}
	}
	b.Buttons = s.buttons(lg)
	return Reply{Text: strings.TrimSpace(text), Board: b, Edit: edit}
}

// buttons are one per legal move, in the order the pits appear on the
// board image (left to right), or a rematch button when the game is over;
// once a move has been played, a replay button (▶, see replay) follows, in
// a row of its own under the moves, beside the rematch button.
func (s *session) buttons(lg *loaded) [][]Button {
	rec := lg.rec
	if rec.Phase == store.PhaseOver {
		d := buttonData{action: actionRematch, gameID: rec.ID, version: rec.Version}
		return [][]Button{append([]Button{{Label: "↻", Data: d.String()}}, replayButton(rec)...)}
	}
	rows := s.moveButtons(lg)
	if r := replayButton(rec); r != nil {
		rows = append(rows, r)
	}
	return rows
}

// moveButtons are one button per legal move of the player to move, in
// rows of at most five; none when the bot is to move.
func (s *session) moveButtons(lg *loaded) [][]Button {
	rec := lg.rec
	p := lg.game.Position()
	if rec.Players[p.ToMove()].IsBot() {
		return nil
	}
	l := lg.rules.Layout()
	moves := p.Moves()
	sort.SliceStable(moves, func(i, j int) bool {
		return moveCol(l, p.ToMove(), moves[i]) < moveCol(l, p.ToMove(), moves[j])
	})
	var rows [][]Button
	var row []Button
	for _, m := range moves {
		label := m.String()
		if m.Kind == engine.Swap {
			label = "⇄"
		}
		d := buttonData{action: actionMove, gameID: rec.ID, version: rec.Version, arg: m.String()}
		row = append(row, Button{Label: label, Data: d.String()})
		if len(row) == 5 {
			rows, row = append(rows, row), nil
		}
	}
	if len(row) > 0 {
		rows = append(rows, row)
	}
	return rows
}

func moveCol(l *engine.Layout, s engine.Side, m engine.Move) int {
	if m.Kind != engine.Sow {
		return 1 << 20
	}
	c := l.Pit(s, int(m.Pit))
	if c == engine.NoCell {
		return 1 << 19
	}
	return l.Cells[c].Row*100 + l.Cells[c].Col
}
