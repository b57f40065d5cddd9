package bot

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/internal/boardview"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/store"
)

func lookupVariant(name string) (*engine.Variant, error) {
	id := strings.ToLower(strings.TrimSpace(name))
	for _, v := range engine.Variants() {
		if slices.Contains(v.Aliases, id) {
			return v, nil
		}
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
// namesSomeone reports whether a, a word starting with "@" or "<@", has
// a name in it: a letter or a digit after the mention's marks ("@alice",
// "<@123>"; not "@", "<@>" or "@_").
func namesSomeone(a string) bool {
	return strings.IndexFunc(strings.TrimLeft(a, "<@!"), func(r rune) bool {
		return unicode.IsLetter(r) || unicode.IsDigit(r)
	}) >= 0
}

func (s *session) newGame(args []string) ([]Reply, error) {
	if len(args) == 0 {
		return nil, refuse("err_new_usage", map[string]any{"Known": knownVariants()})
	}
	v, err := lookupVariant(args[0])
	if err != nil {
		return nil, refuse("err_unknown_variant", map[string]any{"Variant": shorten(args[0], 40), "Known": knownVariants()})
	}
	var (
		vsBot    bool
		level    string
		invitee  string
		invitees []string // every @name, in order (a table takes several)
		second   bool
		pairs    []string
	)
	for i := 1; i < len(args); i++ {
		a := args[i]
		la := strings.ToLower(a)
		switch {
		case la == "bot" || la == "ai" || la == "cpu":
			vsBot = true
			if i+1 < len(args) && isLevelWord(args[i+1]) {
				level = strings.ToLower(args[i+1])
				i++
			}
		case slices.Contains(s.b.cfg.Opponent.Levels(), la) && vsBot:
			level = la
		case la == "first" || la == "south":
			second = false
		case la == "second" || la == "north":
			second = true
		case strings.HasPrefix(a, "@") || strings.HasPrefix(a, "<@"):
			// The name as the challenge will show it: no control or
			// bidi characters, no bold ('*' is '∗', as in names from
			// Telegram, so that "@Da*ve" still invites Da*ve).
			a = strings.ReplaceAll(locales.CleanText(a, false), "*", "∗")
			if !namesSomeone(a) {
				// "@" alone would open a challenge nobody can accept,
				// holding the channel until it is withdrawn.
				return nil, refuse("err_empty_name", map[string]any{"Word": shorten(a, 40)})
			}
			invitees = append(invitees, a)
			invitee = a
		case strings.Contains(a, "="):
			pairs = append(pairs, a)
		default:
			return nil, refuse("err_new_word", map[string]any{"Word": shorten(a, 40)})
		}
	}
	opts, err := s.parseOptions(v, pairs)
	if err != nil {
		return nil, err
	}
	rules, err := v.New(opts)
	if err != nil {
		return nil, s.optionsRefused(v, opts, pairs)
	}
	if rules.Layout().Sides < 2 {
		// A solitaire is played as a puzzle, not in a channel game.
		return nil, refuse("err_solitaire", map[string]any{"Variant": locales.VariantName(s.lang, v.ID), "When": s.puzzleDays(v.ID)})
	}
	people := peopleOf(rules)
	switch {
	case people <= 2 && len(invitees) > 1, people <= 2 && vsBot && invitee != "":
		return nil, refuse("err_two_opponents", nil)
	case len(invitees) > people-1:
		return nil, refuse("err_too_many_invited", map[string]any{"Count": people - 1})
	}
	for i, inv := range invitees {
		if s.matchesInvite(store.Player{Name: inv}) {
			return nil, refuse("err_self_challenge", nil)
		}
		for _, other := range invitees[:i] {
			if strings.EqualFold(other, inv) {
				return nil, refuse("err_invited_twice", map[string]any{"Player": shorten(inv, 40)})
			}
		}
	}
	offered := s.b.cfg.Opponent.Offered(rules)
	if vsBot {
		switch {
		case level == "":
			level = offered[(len(offered)-1)/2]
			if slices.Contains(offered, "medium") {
				level = "medium"
			}
		case !slices.Contains(offered, level):
			return nil, s.unknownLevel(v.ID, level, offered)
		}
	}
	now := s.b.now()
	me := store.Player{UserID: s.req.User.ID, Name: s.mention()}
	g := &store.Game{
		Platform: s.req.Platform, Channel: s.req.Channel, Variant: v.ID, Options: opts,
		Challenger: s.req.User.ID, DrawOffer: -1, UndoOffer: -1,
		CreatedAt: now, UpdatedAt: now, TurnStarted: now, Lang: string(s.newTableLang()),
		Players: make([]store.Player, rules.Layout().Sides),
	}
	if people > 2 {
		s.seatTable(g, me, invitees, vsBot, level)
	} else {
		mine, theirs := 0, 1 // by person: South's (and North's, in Ruma for two) first
		if second {
			mine, theirs = 1, 0
		}
		n := len(g.Players)
		for i := range g.Players {
			// A person holds every seat of their group (Ruma for two).
			switch groupOf(n, people, i) {
			case mine:
				g.Players[i] = me
			case theirs:
				if vsBot {
					g.Players[i] = store.Player{Level: level}
				} else {
					g.Players[i] = store.Player{Name: invitee} // an invitation, or open to anyone
				}
			}
		}
		g.Phase = store.PhaseChallenge
		if vsBot {
			g.Phase = store.PhasePlaying
		}
	}
	if err := s.b.cfg.Store.CreateGame(s.ctx, g); err != nil {
		if errors.Is(err, store.ErrChannelBusy) {
			return nil, s.channelBusy()
		}
		return nil, err
	}
	s.rememberPlace()
	s.atTable(g)
	if g.Phase == store.PhaseChallenge {
		return []Reply{s.challengeReply(g)}, nil
	}
	if people > 2 {
		return s.tableStarted(g, false)
	}
	lg, err := load(g)
	if err != nil {
		return nil, err
	}
	text := s.t("game_started_vs_bot", map[string]any{"Player": me.Name, "Level": s.levelName(rules, level)})
	if s.botToMove(lg) {
		return s.botTurn(lg, text, false)
	}
	return []Reply{s.boardReply(lg, text+"\n"+s.turnLine(lg), nil, false)}, nil
}

// isLevelWord reports whether the word after "bot" names a level (known or
// not) rather than something else "new" takes.
func isLevelWord(w string) bool {
	lw := strings.ToLower(w)
	switch {
	case lw == "first" || lw == "second" || lw == "south" || lw == "north":
		return false
	case strings.ContainsAny(w, "=@<"):
		return false
	}
	return true
}

// unknownLevel refuses a level that is not offered for the variant: an
// unknown word, or a level too strong to be honest here ("perfect" where
// play is not provably exact).
func (s *session) unknownLevel(variant, level string, offered []string) error {
	args := map[string]any{"Level": shorten(level, 40), "Levels": strings.Join(offered, ", "),
		"Variant": locales.VariantName(s.user, variant)}
	if slices.Contains(s.b.cfg.Opponent.Levels(), level) {
		return refuse("err_level_not_offered", args)
	}
	return refuse("err_unknown_level", args)
}

// channelBusy says what already occupies the channel: the requester's own
// open challenge, someone else's, or a game in progress.
func (s *session) channelBusy() error {
	rec, err := s.b.cfg.Store.LiveGame(s.ctx, s.req.Platform, s.req.Channel)
	if err == nil {
		if _, lerr := load(rec); lerr != nil {
			return lerr // a damaged game: say who may abandon it
		}
	}
	switch {
	case err != nil:
		return refuse("err_game_exists", nil)
	case rec.Phase == store.PhaseChallenge && rec.Challenger == s.req.User.ID:
		return refuse("err_own_challenge_open", nil)
	case rec.Phase == store.PhaseChallenge:
		return refuse("err_challenge_open", nil)
	}
	return refuse("err_game_exists", nil)
}

// optionsRefused is the refusal of options that are each valid but that
// the rules of v refuse (engine.Variant.New failed): which, and why, where
// it is known (Ruma for three), else the options as given.
func (s *session) optionsRefused(v *engine.Variant, opts engine.Options, pairs []string) error {
	if v.ID == "ruma" && opts["players"] == "3" {
		return refuse("err_ruma_three_players", nil)
	}
	return refuse("err_bad_option", map[string]any{"Detail": strings.Join(pairs, " ")})
}

// parseOptions reads "name=value" rule options for variant v, refusing an
// unknown name, a name given twice and a value out of its type or range
// with a message in the requester's language. Values are returned as given
// (the engine canonicalizes them), booleans also as yes/no/on/off.
func (s *session) parseOptions(v *engine.Variant, pairs []string) (engine.Options, error) {
	opts := engine.Options{}
	for _, pair := range pairs {
		k, val, _ := strings.Cut(pair, "=")
		k = strings.ToLower(strings.TrimSpace(k))
		val = strings.TrimSpace(val)
		spec, ok := v.Option(k)
		if !ok {
			var known []string
			for _, o := range v.Options {
				known = append(known, o.Name)
			}
			if len(known) == 0 {
				return nil, refuse("err_option_none", map[string]any{"Option": shorten(k, 40), "Variant": locales.VariantName(s.user, v.ID)})
			}
			return nil, refuse("err_option_unknown", map[string]any{"Option": shorten(k, 40), "Known": strings.Join(known, ", ")})
		}
		if _, dup := opts[k]; dup {
			return nil, refuse("err_option_twice", map[string]any{"Option": k})
		}
		args := map[string]any{"Option": k, "Value": shorten(val, 40), "Min": spec.Min, "Max": spec.Max}
		switch spec.Kind {
		case engine.IntOption:
			n, err := strconv.Atoi(val)
			if err != nil {
				return nil, refuse("err_option_int", args)
			}
			if n < spec.Min || n > spec.Max {
				return nil, refuse("err_option_range", args)
			}
		case engine.BoolOption:
			switch strings.ToLower(val) {
			case "true", "yes", "on", "1", "да", "ja", "tak", "y":
				val = "true"
			case "false", "no", "off", "0", "нет", "nej", "nie", "n":
				val = "false"
			default:
				return nil, refuse("err_option_bool", args)
			}
		default:
			if !slices.Contains(spec.Values, val) {
				args["Values"] = strings.Join(spec.Values, ", ")
				return nil, refuse("err_option_enum", args)
			}
		}
		opts[k] = val
	}
	return opts, nil
}

// name is how to call a player in this session's language: the bot is
// named in the reader's language, not the game creator's.
func (s *session) name(p store.Player) string {
	if p.IsBot() {
		return s.t("bot_name", nil)
	}
	return p.Name
}

// nameAgainst is p's name after "against" ("@alice против бота"): a
// person's name is not inflected, the bot's takes the case the language
// wants there (bot_name_against: Russian genitive "бота", Polish dative
// "botowi").
func (s *session) nameAgainst(p store.Player) string {
	if p.IsBot() {
		return s.t("bot_name_against", nil)
	}
	return s.name(p)
}

// mention is how to address the requesting user.
func (s *session) mention() string {
	if s.req.User.Mention != "" {
		return s.req.User.Mention
	}
	return s.req.User.Name
}

func (s *session) challengeReply(g *store.Game) Reply {
	if isTable(g) {
		return s.tableReply(g)
	}
	inv := g.Players[otherSeat(g, g.Challenger)]
	args := map[string]any{"Challenger": s.name(g.Players[sideOf(g, g.Challenger)]), "Variant": s.variantTitle(g),
		"Accept": s.t("btn_accept", nil), "Decline": s.t("btn_decline", nil)}
	text := s.t("challenge_open", args)
	if inv.Name != "" {
		args["Opponent"] = inv.Name
		text = s.t("challenge_named", args)
	}
	d := buttonData{gameID: g.ID, version: g.Version}
	d.action = actionAccept
	accept := Button{Label: "✔ " + s.t("btn_accept", nil), Data: d.String()}
	d.action = actionDecline
	decline := Button{Label: "✖ " + s.t("btn_decline", nil), Data: d.String()}
	return Reply{Text: text, Board: &Board{GameID: g.ID, Version: g.Version, Buttons: [][]Button{{accept, decline}}}}
}

// variantTitle is the localized name with the options that differ from
// the defaults, in words: "Kalah · Seeds per pit: 5".
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
		// An option is named when it is given a value other than the one
		// it has without it (a default may depend on other options).
		without := maps.Clone(g.Options)
		delete(without, o.Name)
		def, err := v.Resolve(without)
		if err != nil {
			def = engine.Options{o.Name: o.Default}
		}
		if full[o.Name] != def[o.Name] {
			diff = append(diff, locales.OptionName(s.lang, g.Variant, o.Name)+": "+locales.OptionValue(s.lang, g.Variant, o.Name, full[o.Name]))
		}
	}
	if len(diff) > 0 {
		name += " · " + strings.Join(diff, "; ")
	}
	return name
}

// matchesInvite reports whether the requesting user is the one a challenge
// names (by id, @mention or name).
func (s *session) matchesInvite(inv store.Player) bool {
	u := s.req.User
	for _, c := range []string{u.ID, u.Mention, "@" + u.Name, "<@" + u.ID + ">", "<@!" + u.ID + ">", "@" + u.ID} {
		if c != "" && c != "@" && c != "<@>" && c != "<@!>" && strings.EqualFold(c, inv.Name) {
			return true
		}
	}
	return false
}

// accept answers a challenge (✔, /accept) or takes an open seat at a
// table (🪑, /join): the requester takes the seats that invite them, else
// an open one. The game starts when no seat is waited for.
func (s *session) accept(d *buttonData) ([]Reply, error) {
	var table bool
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
		people := peopleOf(g.rules)
		table = people > 2
		full, err := s.takeSeat(rec, people)
		if err != nil {
			return err
		}
		if full {
			rec.Phase = store.PhasePlaying
			rec.TurnStarted = s.b.now()
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if table {
		if lg.rec.Phase == store.PhaseChallenge {
			r := s.tableReply(lg.rec)
			r.Text = s.t("table_seated", map[string]any{"Player": s.mention()}) + "\n" + r.Text
			r.Edit = d != nil
			return []Reply{r}, nil
		}
		return s.tableStarted(lg.rec, d != nil)
	}
	text := s.t("challenge_accepted", map[string]any{"South": s.name(lg.rec.Players[0]), "North": s.name(lg.rec.Players[otherSeat(lg.rec, lg.rec.Players[0].UserID)])}) +
		"\n" + s.turnLine(lg)
	if pieOffered(lg) {
		text += "\n" + s.t("pie_explained", map[string]any{"Player": s.name(lg.rec.Players[1]), "Swap": "⇄ " + s.t("btn_swap", nil)})
	}
	return []Reply{s.boardReply(lg, text, nil, d != nil)}, nil
}

// pieOffered reports whether lg is played with the pie rule.
func pieOffered(lg *loaded) bool {
	return lg.rules.Options()["pie"] == "true"
}

func (s *session) decline(d *buttonData) ([]Reply, error) {
	var withdrawn bool
	_, err := s.mutate(func(g *loaded) error {
		rec := g.rec
		if d != nil && (d.gameID != rec.ID || d.version != rec.Version) {
			return errStale
		}
		if rec.Phase != store.PhaseChallenge {
			return refuse("err_nothing_to_decline", nil)
		}
		invited, open := false, false
		for _, i := range pendingSeats(rec) {
			if inv := rec.Players[i]; inv.Name == "" {
				open = true
			} else if s.matchesInvite(inv) {
				invited = true
			}
		}
		switch {
		case rec.Challenger == s.req.User.ID:
			rec.Reason, withdrawn = "withdrawn", true
		case invited:
			rec.Reason = "declined"
		case sideOf(rec, s.req.User.ID) >= 0: // seated at a table: cancels it too
			rec.Reason = "declined"
		case open:
			return refuse("err_decline_open", nil)
		default:
			return refuse("err_not_invited", nil)
		}
		rec.Phase = store.PhaseOver
		return nil
	})
	if err == errNoGame {
		return nil, refuse("err_nothing_to_decline", nil)
	}
	if err != nil {
		return nil, err
	}
	key := "challenge_declined"
	if withdrawn {
		key = "challenge_withdrawn"
	}
	return []Reply{{Text: s.t(key, map[string]any{"User": s.mention()}), Edit: d != nil}}, nil
}

// moveCommand is "move PIT": exactly one move.
func (s *session) moveCommand(args []string) ([]Reply, error) {
	if len(args) != 1 {
		return nil, refuse("err_move_usage", nil)
	}
	return s.move(args[0], nil)
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
		if rec.Phase == store.PhaseChallenge {
			return refuse("err_challenge_pending", nil)
		}
		if rec.Phase != store.PhasePlaying {
			return refuse("err_no_game", nil)
		}
		seat := sideOf(rec, s.req.User.ID)
		if seat < 0 {
			return refuse("err_not_a_player", nil)
		}
		if !holds(rec, g.seatToMove(), s.req.User.ID) {
			return s.notYourTurn(g)
		}
		seat = g.seatToMove()
		m, err := engine.ParseMove(text)
		if err != nil {
			return refuse("err_bad_pit", map[string]any{"Pit": shorten(text, 20)})
		}
		ev, err := g.game.Play(m)
		if err != nil {
			return illegalMove(err, m)
		}
		played, mover = ev, s.name(rec.Players[seat])
		s.record(g, m, s.req.User.ID)
		pos := g.game.Positions()
		g.note = s.describeMove(g, mover, m.String(), played, pos[len(pos)-2], pos[len(pos)-1])
		s.prerenderShown(g, played)
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.committed(false)
	text = lg.note
	if lg.rec.Phase == store.PhasePlaying && s.botToMove(lg) {
		return s.botTurn(lg, text, d != nil)
	}
	return []Reply{s.boardReply(lg, text+"\n"+s.turnLine(lg), lastMoveEvents(played), d != nil)}, nil
}

// illegalMove turns an engine refusal into the user's message, with the
// key the reason carries (engine.Reason.Message).
func illegalMove(err error, m engine.Move) error {
	return refuse(engine.ReasonOf(err).Message(m))
}

// record appends the move just played on g.game to the stored game and
// updates the game's state from the new position. The stored result is by
// seat (see seatResult).
func (s *session) record(g *loaded, m engine.Move, userID string) {
	rec := g.rec
	now := s.b.now()
	rec.Moves = append(rec.Moves, store.Move{Ply: len(rec.Moves), Move: m.String(), UserID: userID, At: now})
	rec.DrawOffer, rec.UndoOffer = -1, -1
	rec.TurnStarted, rec.Reminded = now, time.Time{}
	s.finish(g)
}

// notYourTurn refuses a move by a player whose seat is not to move; at a
// table it names whose turn it is.
func (s *session) notYourTurn(g *loaded) error {
	if len(g.rec.Players) > 2 {
		return refuse("err_not_your_turn_seat", map[string]any{"Player": s.name(g.rec.Players[g.seatToMove()])})
	}
	return refuse("err_not_your_turn", nil)
}

func (s *session) botToMove(g *loaded) bool {
	p := g.game.Position()
	return !p.Status().Over() && g.rec.Players[g.seatToMove()].IsBot()
}

// botMoves plays the bot's moves until it is a person's turn or the game is
// over, committing each one. It returns the events of the bot's moves, each
// followed by a moveMarker. The moves share one think time, Config.ThinkTime
// (see think): a chain of them (extra turns, the opponent passing, a new
// round, the bots' seats at a table) takes no longer to think than one move.
//
// The moves are one search of the pool (see searchpool.go): botMoves waits
// for a worker, fairly, and the think time counts from when it has one.
// Errors: the request's context's when it ends while waiting, and those of
// the moves.
func (s *session) botMoves(lg *loaded) (*loaded, []engine.Event, error) {
	key := s.searchKey()
	if err := s.b.searches.acquire(s.ctx, key); err != nil {
		return nil, nil, err
	}
	defer s.b.searches.release(key)
	return s.botMovesHeld(lg)
}

// botMovesHeld is botMoves for a session that holds a worker of the search
// pool.
func (s *session) botMovesHeld(lg *loaded) (*loaded, []engine.Event, error) {
	var all []engine.Event
	s.exact = nil
	started := time.Now()
	for range 200 {
		if lg.rec.Phase != store.PhasePlaying || !s.botToMove(lg) {
			break
		}
		level := lg.rec.Players[lg.seatToMove()].Level
		left := s.b.cfg.ThinkTime - time.Since(started)
		choice, err := s.think(lg.game, level, lg.rec.ID*1000+int64(len(lg.rec.Moves)), left)
		if err != nil {
			return nil, nil, fmt.Errorf("bot move in game %d: %w", lg.rec.ID, err)
		}
		m := choice.Move
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
			exact := s.exact
			if choice.Exact {
				s.exact = &choice
			}
			g.note = s.describeBotMoves(g, append(slices.Clip(e), engine.Event{Kind: moveMarker, Count: len(g.rec.Moves) - 1}))
			s.exact = exact
			s.prerenderShown(g, e)
			return nil
		})
		if err != nil {
			if errors.Is(err, errStale) {
				break // someone else (a concurrent request) is moving the bot
			}
			return nil, nil, err
		}
		s.committed(true)
		if choice.Exact {
			c := choice
			s.exact = &c
		}
		lg = next
		all = append(all, ev...)
		all = append(all, engine.Event{Kind: moveMarker, Count: len(lg.rec.Moves) - 1})
	}
	return lg, all, nil
}

// thinkShare is the part of the reply's think time left that one move of
// the bot may use: most of it, as a reply is mostly one move, and the rest
// for the moves of a chain that may follow.
const thinkShare = 0.75

// minThink is the least think time worth giving the opponent: with less
// left, the bot plays its quick move (see think).
const minThink = 10 * time.Millisecond

// think asks the opponent for its move in g at level, within left, the
// think time the reply has left: thinkShare of it. When less than minThink
// is left, or the opponent's time ends before it has chosen, the bot plays
// the built-in opponent's quick move (SimpleOpponent's "easy": the move
// that gains the most at once), so that a reply never fails, nor waits, for
// want of time. Errors: the opponent's other errors, and the request's
// context's.
func (s *session) think(g *engine.Game, level string, seed int64, left time.Duration) (Choice, error) {
	if left >= minThink {
		ctx, cancel := context.WithTimeout(s.ctx, time.Duration(float64(left)*thinkShare))
		c, err := s.b.cfg.Opponent.Move(ctx, g, level, seed)
		cancel()
		if err == nil || !errors.Is(err, context.DeadlineExceeded) || s.ctx.Err() != nil {
			return c, err
		}
	}
	if err := s.ctx.Err(); err != nil {
		return Choice{}, err
	}
	return SimpleOpponent{}.Move(s.ctx, g, "easy", seed)
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

// maxBotLines is how many of the bot's moves in a row are described one by
// one; a longer chain (Congkak's relays and extra turns) is summed up in
// one line.
const maxBotLines = 3

// describeBotMoves says what the bot's moves did: a line each, or for a
// long chain a line per seat that moved ("Bot played 26 moves: 3 5 1 …,
// captured 40"; at a table "Bot (East) played 9 moves: …"), the passes and
// penalties summed up per seat, and the end of a round where it came
// (see describePart); then, when the bot played exactly, the proven result.
func (s *session) describeBotMoves(lg *loaded, ev []engine.Event) string {
	var moves []chainMove
	start := 0
	for i, e := range ev {
		if e.Kind != moveMarker {
			continue
		}
		moves = append(moves, chainMove{lg.rec.Moves[e.Count].Move, e.Count, ev[start:i]})
		start = i + 1
	}
	var lines []string
	for _, part := range splitChain(lg, moves) {
		lines = append(lines, s.describePart(lg, part)...)
	}
	if s.exact != nil && s.exact.OutcomeOnly {
		switch v := s.exact.Value; {
		case v > 0:
			lines = append(lines, s.t("bot_solved_win_outcome", nil))
		case v < 0:
			lines = append(lines, s.t("bot_solved_loss_outcome", nil))
		default:
			lines = append(lines, s.t("bot_solved_draw", nil))
		}
	} else if s.exact != nil {
		switch v := s.exact.Value; {
		case v > 0:
			lines = append(lines, s.t("bot_solved_win", map[string]any{"Count": v}))
		case v < 0:
			lines = append(lines, s.t("bot_solved_loss", map[string]any{"Count": -v}))
		default:
			lines = append(lines, s.t("bot_solved_draw", nil))
		}
	}
	return strings.Join(lines, "\n")
}

// describeMove says what a move did, from position before to after: who
// played which pit (or claimed it, in Nam Nam), what was captured, a
// tuzdyk, an extra turn, passes and penalties, the end of a round.
func (s *session) describeMove(lg *loaded, player, move string, ev []engine.Event, before, after engine.Position) string {
	l := lg.rules.Layout()
	lines := []string{s.t("moved", map[string]any{"Player": player, "Pit": boardview.MoveText(l, move, ev)})}
	switch {
	case move == engine.SwapMove.String():
		lines = []string{s.t("swap", map[string]any{"Player": player})}
	case isClaim(ev):
		lines = []string{s.t("claimed", map[string]any{"Player": player, "Count": 1, "Pits": boardview.MoveText(l, move, ev)})}
	}
	// Captures are credited to the side the engine gives them to: in
	// Abawo, Anyiwoli and Nam Nam a four goes to the owner of its pit,
	// who need not be the mover.
	mover := engine.NoSide
	for _, e := range ev {
		if e.Kind == engine.EventPickup {
			mover = e.Side
			break
		}
	}
	captured := 0
	var others [engine.MaxSides]int
	for _, e := range ev {
		switch e.Kind {
		case engine.EventCapture:
			if mover != engine.NoSide && e.Side != mover && int(e.Side) < engine.MaxSides {
				others[e.Side] += e.Count
			} else {
				captured += e.Count
			}
		case engine.EventTuzdyk:
			lines = append(lines, s.t("tuzdyk_created", map[string]any{"Player": player, "Pit": l.Cells[e.Cell].Pit}))
		}
	}
	if captured > 0 {
		lines = append(lines, s.t("captured", map[string]any{"Player": player, "Count": captured}))
	}
	for side, n := range others {
		if n > 0 {
			lines = append(lines, s.t("captured", map[string]any{"Player": s.sideName(lg, engine.Side(side)), "Count": n}))
		}
	}
	inStore := false // the last seed sown went into a store
	for _, e := range ev {
		switch e.Kind {
		case engine.EventSow:
			inStore = int(e.Cell) < len(l.Cells) && l.Cells[e.Cell].Kind == engine.StoreCell
		case engine.EventExtraTurn:
			if inStore {
				lines = append(lines, s.t("extra_turn", map[string]any{"Player": player}))
			} else { // Selus's extra move, or the opponent's pass
				lines = append(lines, s.t("moves_again", map[string]any{"Player": player}))
			}
		case engine.EventTrap:
			if int(e.Side) < engine.MaxSides && int(e.Cell) < len(l.Cells) {
				lines = append(lines, s.t("trap_made", map[string]any{"Player": s.sideName(lg, e.Side)}))
			}
		}
	}
	passes := ev
	if e, ok := passedOver(before, after); ok {
		passes = append(slices.Clip(ev), e)
	}
	lines = append(lines, s.passLines(lg, passes, after)...)
	lines = append(lines, s.roundLines(lg, before, after)...)
	// At a table, what the move did to other seats goes on lines of its
	// own: a run of forced passes names every seat.
	return strings.Join(append([]string{strings.Join(lines, " ")}, s.seatEvents(lg, ev, after)...), "\n")
}

// score is the final score with the winner's first ("29:3"), or South's
// first on a draw or in a game still going on. Scores are by seat: what the
// stores hold of the sides the players own, or in a game without stores
// the seeds each side holds, on the board and in hand.
func score(lg *loaded, first int) string {
	p := lg.game.Position()
	count := p.Store
	if lg.rules.Layout().Store(engine.South) == engine.NoCell {
		// No stores (four-row Bao): captured seeds join the capturer's
		// rows, and the seeds still in hand (Bao la Kiswahili's namua
		// stage) are the player's too.
		count = func(s engine.Side) int { return p.PitSeeds(s) + p.Hand(s) }
	}
	if south, north, ok := p.Scores(); ok { // Selus, Sulus: traps count too
		count = func(s engine.Side) int { return [2]int{south, north}[s&1] }
	}
	return fmt.Sprintf("%d:%d", count(sideOfSeat(p, first)), count(sideOfSeat(p, 1-first)))
}

// turnLine says whose turn it is, or how the game ended: the winner, the
// score with the winner's first and why it ended, in words.
func (s *session) turnLine(lg *loaded) string {
	rec := lg.rec
	if rec.Phase != store.PhaseOver {
		return s.t("turn", map[string]any{"Player": s.name(rec.Players[lg.seatToMove()])})
	}
	w := boardview.WinnerSeat(rec)
	if len(rec.Players) > 2 {
		return s.tableOver(lg, w)
	}
	var why string
	switch rec.Reason {
	case "resign":
		why = s.t("end_resign", map[string]any{"Player": s.name(rec.Players[1-max(w, 0)])})
	case "timeout":
		why = s.t("end_timeout", map[string]any{"Player": s.name(rec.Players[1-max(w, 0)])})
	case "agreed":
		why = s.t("end_agreed", nil)
	case engine.EndNoMoves.String():
		if endsWhenNeitherMoves(lg.rules) {
			why = s.t("end_no_moves_both", nil)
		} else {
			why = s.t("end_no_moves", map[string]any{"Player": s.name(rec.Players[s.emptySeat(lg)])})
		}
	case engine.EndEmptySide.String():
		why = s.t("end_"+rec.Reason, map[string]any{"Player": s.name(rec.Players[s.emptySeat(lg)])})
	case engine.EndRepetition.String():
		// Oware with repetition=first ends at the first recurrence.
		if lg.rules.RepetitionLimit() == 2 {
			why = s.t("end_repetition_first", nil)
		} else {
			why = s.t("end_repetition", nil)
		}
	case engine.EndMajority.String(), engine.EndNeverEnding.String():
		why = s.t("end_"+rec.Reason, nil)
	case engine.EndFrontRowEmpty.String(): // four-row Bao: the loser's front row
		if w >= 0 {
			why = s.t("end_front_row_empty", map[string]any{"Player": s.name(rec.Players[1-w])})
		}
	case engine.EndNeverEnding.String():
		why = s.t("end_never_ending", nil)
	}
	var line string
	if w < 0 {
		line = s.t("game_over_draw", map[string]any{"Score": score(lg, 0)})
	} else {
		line = s.t("game_over_win", map[string]any{"Winner": s.name(rec.Players[w]), "Score": score(lg, w)})
	}
	if why != "" {
		line += " " + why
	}
	return line
}

// endsWhenNeitherMoves reports whether r ends a game for want of moves
// only when neither player can move, a player who cannot move passing
// until then (engine.Passer: Selus, Sulus, and Ayo-ayo with starve=false).
// Its end then names nobody.
func endsWhenNeitherMoves(r engine.Rules) bool {
	p, ok := r.(engine.Passer)
	return ok && p.PassesWhenStuck()
}

// emptySeat is the seat of the player whose pits ran out, or who could
// not move, at the end of lg. The pits are counted as they were before the
// last move's final sweeps (the seeds a sweep took out of a pit are put
// back): when exactly one side's pits were empty, that side's seat. That
// holds whether the empty side wins (Ohojitxi), loses and the winner then
// takes every seed (Tshuba) or its opponent's seeds are swept (Kalah).
// Otherwise, the seat to move when the game stopped.
func (s *session) emptySeat(lg *loaded) int {
	after := lg.game.Position()
	l := lg.rules.Layout()
	left := [2]int{after.PitSeeds(engine.South), after.PitSeeds(engine.North)}
	moves, pos := lg.game.Moves(), lg.game.Positions()
	if len(moves) > 0 && len(pos) > 1 {
		if _, ev, err := pos[len(pos)-2].PlayEvents(moves[len(moves)-1]); err == nil {
			for _, e := range ev {
				if e.Kind == engine.EventSweep && e.Count > 0 && int(e.Cell) < len(l.Cells) && l.Cells[e.Cell].Kind == engine.PitCell {
					left[l.Cells[e.Cell].Owner&1] += e.Count
				}
			}
		}
	}
	if (left[0] == 0) != (left[1] == 0) {
		empty := engine.South
		if left[1] == 0 {
			empty = engine.North
		}
		return seatOf(after, empty)
	}
	return seatOf(after, after.ToMove())
}

// boardReply shows the game: image, text board and the buttons the player
// to move can press; with pages (Config.PublicURL), the link to the game's
// page and, while it is played, how many people watch that page.
func (s *session) boardReply(lg *loaded, text string, events []engine.Event, edit bool) Reply {
	p := lg.game.Position()
	b := &Board{GameID: lg.rec.ID, Version: lg.rec.Version, Text: s.textBoard(lg)}
	if s.b.cfg.Render != nil {
		o := s.renderOptions(lg, events)
		png, took, err, ok := s.takePrerendered(lg, o)
		if ok {
			s.b.metrics.Rendered(RenderBoard, took, err)
		} else {
			err = s.timed(RenderBoard, func() (err error) {
				png, err = s.b.cfg.Render(p, o)
				return err
			})
		}
		if err != nil {
			s.b.log.ErrorContext(s.ctx, "render failed", "game", lg.rec.ID, "err", err)
		} else {
			b.PNG = png
		}
	}
	b.Buttons = s.buttons(lg)
	if line := s.ratingLine(lg); line != "" {
		text += "\n" + line // every end of a rated game is shown here
	}
	if line := s.watchersLine(lg.rec); line != "" {
		text += "\n" + line
	}
	r := Reply{Text: strings.TrimSpace(text), Board: b, Edit: edit, Committed: s.lastCommit, Link: s.pageLink(lg.rec), App: s.appLink(lg.rec)}
	if s.owes {
		r.Ack = s.b.ack(lg.rec.ID, lg.rec.Version)
	}
	r.Posted = s.b.posted(lg.rec.ID, lg.rec.Version)
	if s.req.App {
		r.Edit = false
		r.Replace = s.boardMessage(lg.rec.ID)
	}
	return r
}

// buttons are one per legal move, in the order the pits appear on the
// board image (left to right), or a rematch button when the game is over;
// once a move has been played, a replay button (▶, see replay) follows, in
// a row of its own under the moves, beside the rematch button, and a
// finished game of two seats has the review button (📈, see review.go)
// after it.
func (s *session) buttons(lg *loaded) [][]Button {
	rec := lg.rec
	if rec.Phase == store.PhaseOver {
		d := buttonData{action: actionRematch, gameID: rec.ID, version: rec.Version}
		row := append([]Button{{Label: "↻ " + s.t("btn_rematch", nil), Data: d.String()}}, replayButton(rec)...)
		return [][]Button{append(row, reviewButton(s, rec)...)}
	}
	rows := s.moveButtons(lg)
	if r := replayButton(rec); r != nil {
		rows = append(rows, r)
	}
	return rows
}

// moveButtons are the buttons of the player to move, in rows of at most
// five, in the order the pits appear on the board image; none when the bot
// is to move. A pit with one legal move gets a button that plays it; a pit
// with several (directions, going on or not) gets a button that shows its
// choices (see pick), so that no board needs more than Discord's 25
// buttons. The pie rule's swap gets a row of its own, labelled in words.
func (s *session) moveButtons(lg *loaded) [][]Button {
	rec := lg.rec
	if rec.Players[lg.seatToMove()].IsBot() {
		return nil
	}
	var rows [][]Button
	var row []Button
	var swap []Button
	for _, group := range movesByPit(lg) {
		m := group[0]
		d := buttonData{action: actionMove, gameID: rec.ID, version: rec.Version, arg: m.String()}
		if m.Kind == engine.Swap {
			swap = append(swap, Button{Label: "⇄ " + s.t("btn_swap", nil), Data: d.String()})
			continue
		}
		label := boardview.MoveLabel(lg.game.Position(), m)
		if len(group) > 1 {
			d = buttonData{action: actionPick, gameID: rec.ID, version: rec.Version, arg: strconv.Itoa(int(m.Pit))}
			label = strconv.Itoa(int(m.Pit)) + " …"
		}
		row = append(row, Button{Label: label, Data: d.String()})
		if len(row) == 5 {
			rows, row = append(rows, row), nil
		}
	}
	if len(row) > 0 {
		rows = append(rows, row)
	}
	if len(swap) > 0 {
		rows = append(rows, swap)
	}
	return rows
}

// movesByPit groups the legal moves of the player to move by the pit they
// start from, in the order the pits appear on the board image (a swap last,
// on its own).
func movesByPit(lg *loaded) [][]engine.Move {
	p := lg.game.Position()
	l := lg.rules.Layout()
	moves := p.Moves()
	sort.SliceStable(moves, func(i, j int) bool {
		if l.Sides > 2 {
			// A table's board is drawn from the mover's seat (Viewer),
			// their pit 1 on the left.
			return moves[i].Pit < moves[j].Pit
		}
		return moveCol(l, p, moves[i]) < moveCol(l, p, moves[j])
	})
	var groups [][]engine.Move
	for _, m := range moves {
		n := len(groups)
		if n > 0 && m.Kind == engine.Sow && groups[n-1][0].Kind == engine.Sow && groups[n-1][0].Pit == m.Pit {
			groups[n-1] = append(groups[n-1], m)
			continue
		}
		groups = append(groups, []engine.Move{m})
	}
	return groups
}

// pick answers a pit's button when the pit has several moves: the same
// board, its buttons replaced by that pit's choices (each plays its move)
// and ↩ to go back. Only the player to move may press it, and nothing
// changes in the game.
func (s *session) pick(d buttonData) ([]Reply, error) {
	rec, err := s.b.cfg.Store.LiveGame(s.ctx, s.req.Platform, s.req.Channel)
	if errors.Is(err, store.ErrNotFound) {
		return nil, errStale
	}
	if err != nil {
		return nil, err
	}
	if rec.ID != d.gameID || rec.Version != d.version || rec.Phase != store.PhasePlaying {
		return nil, errStale
	}
	lg, err := load(rec)
	if err != nil {
		return nil, err
	}
	s.atTable(rec)
	seat := sideOf(rec, s.req.User.ID)
	switch {
	case seat < 0:
		return nil, refuse("err_not_a_player", nil)
	case !holds(rec, lg.seatToMove(), s.req.User.ID):
		return nil, s.notYourTurn(lg)
	}
	r := s.boardReply(lg, s.turnLine(lg), nil, true)
	if d.action == actionBack {
		return []Reply{r}, nil
	}
	var choices []Button
	for _, group := range movesByPit(lg) {
		if group[0].Kind != engine.Sow || strconv.Itoa(int(group[0].Pit)) != d.arg {
			continue
		}
		for _, m := range group {
			md := buttonData{action: actionMove, gameID: rec.ID, version: rec.Version, arg: m.String()}
			choices = append(choices, Button{Label: choiceLabel(m), Data: md.String()})
		}
	}
	if len(choices) == 0 {
		return nil, refuse("err_bad_pit", map[string]any{"Pit": d.arg})
	}
	back := buttonData{action: actionBack, gameID: rec.ID, version: rec.Version}
	r.Text = s.t("pick_direction", map[string]any{"Pit": d.arg}) + "\n" + r.Text
	r.Board.Buttons = [][]Button{choices, {{Label: "↩ " + s.t("btn_back", nil), Data: back.String()}}}
	return []Reply{r}, nil
}

// choiceLabel shows a move of a pit with several: its notation with an
// arrow the way the first seed goes as the mover sees it ("6L ←", "6R →"),
// and "+" for going on.
func choiceLabel(m engine.Move) string {
	label := m.String()
	switch m.Dir {
	case engine.DirLeft:
		label = "← " + label
	case engine.DirRight:
		label += " →"
	}
	return label
}

func moveCol(l *engine.Layout, p engine.Position, m engine.Move) int {
	if m.Kind != engine.Sow {
		return 1 << 20
	}
	c := p.MoveCell(m)
	if c == engine.NoCell {
		return 1 << 19
	}
	return l.Cells[c].Row*100 + l.Cells[c].Col
}

// sideName names the player who plays side now (after a pie-rule swap,
// the seat that took it over).
func (s *session) sideName(lg *loaded, side engine.Side) string {
	p := lg.game.Position()
	seat := seatOf(p, side)
	if seat < 0 || seat >= len(lg.rec.Players) {
		return s.seatName(side)
	}
	return s.name(lg.rec.Players[seat])
}
