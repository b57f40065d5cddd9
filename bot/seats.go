package bot

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/internal/boardview"
	"github.com/mancala-bot/mancala/store"
)

// Seats.
//
// A game has one seat per side of its variant (store.Game.Players, by the
// side each seat had at the start): two, or four in Ruma (South, East,
// North, West, in turn order). Each seat is held by a person or the bot.
// Usually one person holds one seat; in Ruma for two (players=2) each
// person holds two: the challenger South and North, the other East and
// West. A "table" is a game of more than two people:
//
//   - "new ruma @b @c @d" invites three people to East, North and West in
//     turn order; "bot" fills every seat not named with the bot; seats
//     left are open, and anyone may take one (🪑, or /join). Each invited
//     person accepts (✔, /accept); the game starts when every seat is
//     held. Anyone seated or invited may decline (✖), which cancels it.
//   - Only the seat to move has buttons that do anything; others pressing
//     them are refused, and nothing changes.
//   - /resign (and /claim against an idle seat) takes that one seat out
//     (engine.Position.Leave) and the game goes on. It is stored as the
//     pseudo-move "out:SEAT" (out:east), which load replays through Leave.
//   - Draw offers and undo are refused: Ruma has no draws, and taking back
//     a move would need everyone's consent.
//
// Two-person games (every two-seat variant, and Ruma for two) behave as
// they always did.

// leavePrefix starts the stored pseudo-move of a seat leaving a table.
const leavePrefix = "out:"

// leaveMove is the stored pseudo-move of side leaving.
func leaveMove(side engine.Side) string { return leavePrefix + side.String() }

// parseLeave reads a stored pseudo-move "out:SEAT".
func parseLeave(m string) (engine.Side, bool) {
	name, ok := strings.CutPrefix(m, leavePrefix)
	if !ok {
		return 0, false
	}
	side, err := engine.ParseSide(name)
	return side, err == nil
}

// peopleOf is how many people (or bots) hold the seats of rules: one per
// seat, except where the variant's "players" option seats fewer (Ruma for
// two: two people, each holding two seats).
func peopleOf(rules engine.Rules) int {
	n := rules.Layout().Sides
	if n > 2 {
		if k, err := strconv.Atoi(rules.Options()["players"]); err == nil && k >= 2 && k < n && n%k == 0 {
			return k
		}
	}
	return n
}

// recPeople is peopleOf for a stored game (its seat count when its rules
// cannot be built).
func recPeople(rec *store.Game) int {
	rules, err := engine.New(rec.Variant, rec.Options)
	if err != nil {
		return len(rec.Players)
	}
	return peopleOf(rules)
}

// isTable reports whether rec is played by more than two people.
func isTable(rec *store.Game) bool { return len(rec.Players) > 2 && recPeople(rec) > 2 }

// groupOf is the person index of seat in a game of n seats and people
// holders: seats 0 and 1 (South, North) are the first person's and 2, 3
// (East, West) the second's in Ruma for two; one seat each otherwise.
func groupOf(n, people, seat int) int {
	if people <= 0 || people >= n {
		return seat
	}
	return seat / (n / people)
}

// holds reports whether user id holds seat in rec.
func holds(rec *store.Game, seat int, id string) bool {
	return id != "" && seat >= 0 && seat < len(rec.Players) && rec.Players[seat].UserID == id
}

// otherSeat is the first seat not held by user id: the opponent's in a
// two-person game (for the bot's id "", the first person's); 1 when there
// is none.
func otherSeat(rec *store.Game, id string) int {
	for i, p := range rec.Players {
		if p.UserID != id {
			return i
		}
	}
	return 1
}

// pendingSeats are the seats nobody holds yet: invited (a name) or open.
func pendingSeats(rec *store.Game) []int {
	var out []int
	for i, p := range rec.Players {
		if p.UserID == "" && !p.IsBot() {
			out = append(out, i)
		}
	}
	return out
}

// seatName is the localized name of a seat ("South", "East"...).
func (s *session) seatName(side engine.Side) string {
	return s.t("table_seat_"+side.String(), nil)
}

// seatList lists who holds each seat, in turn order: "South @a · East @b".
// Waiting seats say so; a person holding several seats is named at each.
func (s *session) seatList(rec *store.Game) string {
	var parts []string
	for _, side := range boardview.TurnOrder(len(rec.Players)) {
		if int(side) >= len(rec.Players) {
			continue
		}
		p := rec.Players[side]
		var who string
		switch {
		case p.UserID != "" || p.IsBot():
			who = s.name(p)
		case p.Name != "":
			who = s.t("seat_invited", map[string]any{"Player": p.Name})
		default:
			who = s.t("seat_open", nil)
		}
		parts = append(parts, s.seatName(side)+" "+who)
	}
	return strings.Join(parts, " · ")
}

// tableReply is a table's challenge: who sits where, and buttons to
// accept (for the invited), take an open seat, and decline.
func (s *session) tableReply(g *store.Game) Reply {
	args := map[string]any{"Challenger": s.name(g.Players[max(sideOf(g, g.Challenger), 0)]), "Variant": s.variantTitle(g),
		"Accept": s.t("btn_accept", nil), "Decline": s.t("btn_decline", nil), "Join": s.t("btn_join", nil),
		"Seats": s.seatList(g)}
	lines := []string{s.t("table_open", args)}
	var invited, open bool
	for _, i := range pendingSeats(g) {
		if g.Players[i].Name != "" {
			invited = true
		} else {
			open = true
		}
	}
	if invited {
		lines = append(lines, s.t("table_invited", args))
	}
	if open {
		lines = append(lines, s.t("table_open_seats", args))
	}
	d := buttonData{gameID: g.ID, version: g.Version}
	var row []Button
	if invited {
		d.action = actionAccept
		row = append(row, Button{Label: "✔ " + s.t("btn_accept", nil), Data: d.String()})
	}
	if open {
		d.action = actionJoin
		row = append(row, Button{Label: "🪑 " + s.t("btn_join", nil), Data: d.String()})
	}
	d.action = actionDecline
	row = append(row, Button{Label: "✖ " + s.t("btn_decline", nil), Data: d.String()})
	return Reply{Text: strings.Join(lines, "\n"), Board: &Board{GameID: g.ID, Version: g.Version, Buttons: [][]Button{row}}}
}

// takeSeat seats the requester in rec, a challenge: in the seats that
// invite them by name, else in the first open seat (all the open seats of
// that person, in Ruma for two). It reports whether the table is now full.
func (s *session) takeSeat(rec *store.Game, people int) (bool, error) {
	if sideOf(rec, s.req.User.ID) >= 0 {
		if rec.Challenger == s.req.User.ID {
			return false, refuse("err_cannot_accept_own", nil)
		}
		return false, refuse("err_already_seated", nil)
	}
	pending := pendingSeats(rec)
	var mine []int
	for _, i := range pending {
		if p := rec.Players[i]; p.Name != "" && s.matchesInvite(p) {
			mine = append(mine, i)
		}
	}
	if len(mine) == 0 {
		for _, side := range boardview.TurnOrder(len(rec.Players)) {
			i := int(side)
			if !slices.Contains(pending, i) || rec.Players[i].Name != "" {
				continue
			}
			if len(mine) == 0 || groupOf(len(rec.Players), people, i) == groupOf(len(rec.Players), people, mine[0]) {
				mine = append(mine, i)
			}
		}
	}
	if len(mine) == 0 {
		return false, refuse("err_not_invited", nil)
	}
	for _, i := range mine {
		rec.Players[i] = store.Player{UserID: s.req.User.ID, Name: s.mention()}
	}
	return len(pendingSeats(rec)) == 0, nil
}

// leaveSeat takes seat out of g, a table in play (resign, or a claim on an
// idle seat): the engine's Leave, recorded as the pseudo-move "out:SEAT".
func (s *session) leaveSeat(g *loaded, seat int, userID string) ([]engine.Event, error) {
	p := g.game.Position()
	side := sideOfSeat(p, seat)
	if p.Out(side) {
		return nil, refuse("err_already_out", nil)
	}
	np, ev, err := p.Leave(side)
	if err != nil {
		return nil, err
	}
	g.game = engine.NewGame(np)
	rec := g.rec
	now := s.b.now()
	rec.Moves = append(rec.Moves, store.Move{Ply: len(rec.Moves), Move: leaveMove(side), UserID: userID, At: now})
	rec.DrawOffer, rec.UndoOffer = -1, -1
	rec.TurnStarted, rec.Reminded = now, time.Time{}
	s.finish(g)
	if rec.Phase == store.PhasePlaying {
		// Nobody but the bot is left in: the game ends, won by the first
		// seat still in (in turn order), so that those who left lose.
		for _, side := range boardview.TurnOrder(len(rec.Players)) {
			if int(side) >= len(rec.Players) || np.Out(side) {
				continue
			}
			if !rec.Players[seatOf(np, side)].IsBot() {
				return ev, nil
			}
		}
		for _, side := range boardview.TurnOrder(len(rec.Players)) {
			if !np.Out(side) {
				rec.Phase, rec.Result, rec.Reason = store.PhaseOver, seatResult(seatOf(np, side)), reasonOnlyBots
				break
			}
		}
	}
	return ev, nil
}

// reasonOnlyBots ends a table that only the bot still plays.
const reasonOnlyBots = "only_bots"

// finish records the end of g's game, if its position is over: the
// result by seat.
func (s *session) finish(g *loaded) {
	rec := g.rec
	p := g.game.Position()
	if !p.Status().Over() {
		return
	}
	rec.Phase = store.PhaseOver
	rec.Reason = p.EndReason().String()
	if w, ok := p.Status().Winner(); ok {
		rec.Result = seatResult(seatOf(p, w))
	} else {
		rec.Result = p.Status().String()
	}
}

// tableEnd is the end of a table's game: each seat's row and store and
// its penalties, in turn order.
func (s *session) tableEnd(lg *loaded) string {
	p := lg.game.Position()
	l := lg.rules.Layout()
	var lines []string
	for _, side := range boardview.TurnOrder(l.Sides) {
		seat := seatOf(p, side)
		if seat >= len(lg.rec.Players) {
			continue
		}
		args := map[string]any{"Seat": s.seatName(side), "Player": s.name(lg.rec.Players[seat]),
			"Row": p.PitSeeds(side), "Store": p.Store(side), "Penalties": p.Penalties(side)}
		key := "table_final_row"
		if p.Out(side) {
			key = "table_final_row_out"
		}
		lines = append(lines, s.t(key, args))
	}
	return strings.Join(lines, "\n")
}

// seatTable seats a new table: the challenger South, the invited in turn
// order (East, North, West), then the bot in every seat left when vsBot,
// else open seats. It is in play at once when nobody is waited for.
func (s *session) seatTable(g *store.Game, me store.Player, invitees []string, vsBot bool, level string) {
	order := boardview.TurnOrder(len(g.Players))
	g.Players[order[0]] = me
	for i, side := range order[1:] {
		switch {
		case i < len(invitees):
			g.Players[side] = store.Player{Name: invitees[i]}
		case vsBot:
			g.Players[side] = store.Player{Level: level}
		}
	}
	g.Phase = store.PhaseChallenge
	if len(pendingSeats(g)) == 0 {
		g.Phase = store.PhasePlaying
	}
}

// tableStarted shows a table whose every seat is now held: who sits
// where, the bot's moves if it moves first, whose turn it is.
func (s *session) tableStarted(rec *store.Game, edit bool) ([]Reply, error) {
	lg, err := load(rec)
	if err != nil {
		return nil, err
	}
	text := s.t("table_started", map[string]any{"Seats": s.seatList(rec)})
	if s.botToMove(lg) {
		return s.botTurn(lg, text, edit)
	}
	return []Reply{s.boardReply(lg, text+"\n"+s.turnLine(lg), nil, edit)}, nil
}

// seatEvents says what a move, or a run of moves, did to the seats of a
// table, after is the position it left: one line for each seat that was
// forced to pass, with its penalty points then ("@c has no legal move and
// passes: penalty point 3 of 12", or "... had no legal move 8 times and
// passed: penalty points 9 of 12" for a run of passes), and one for each
// seat going out.
func (s *session) seatEvents(lg *loaded, ev []engine.Event, after engine.Position) []string {
	var passes, seeds [engine.MaxSides]int
	var order []engine.Side
	var out []engine.Side
	for _, e := range ev {
		if int(e.Side) >= engine.MaxSides || seatOf(after, e.Side) >= len(lg.rec.Players) {
			continue
		}
		switch e.Kind {
		case engine.EventPenalty:
			if passes[e.Side] == 0 {
				order = append(order, e.Side)
			}
			passes[e.Side]++
			seeds[e.Side] += e.Count
		case engine.EventOut:
			out = append(out, e.Side)
		}
	}
	limit := lg.rules.Options()["penalty_limit"]
	var lines []string
	for _, side := range order {
		args := map[string]any{"Player": s.name(lg.rec.Players[seatOf(after, side)]), "Seat": s.seatName(side),
			"Points": after.Penalties(side), "Limit": limit, "Count": passes[side]}
		switch {
		case passes[side] > 1:
			lines = append(lines, s.t("seat_passed_times", args))
		case seeds[side] > 0:
			lines = append(lines, s.t("seat_passed_seed", args))
		default:
			lines = append(lines, s.t("seat_passed", args))
		}
	}
	for _, side := range out {
		lines = append(lines, s.t("seat_out", map[string]any{"Player": s.name(lg.rec.Players[seatOf(after, side)]), "Seat": s.seatName(side)}))
	}
	return lines
}

// tableOver is the end of a game of more than two seats: the winner, why,
// and each seat's final row, store and penalties.
func (s *session) tableOver(lg *loaded, w int) string {
	rec := lg.rec
	if w < 0 {
		return s.t("game_over_draw_table", nil) + "\n" + s.tableEnd(lg)
	}
	winner := rec.Players[w]
	loser := s.seatPlayer(lg, otherSeat(rec, winner.UserID))
	var why string
	switch rec.Reason {
	case "resign":
		why = s.t("end_resign", map[string]any{"Player": loser})
	case "timeout":
		why = s.t("end_timeout", map[string]any{"Player": loser})
	case engine.EndEmptySide.String():
		why = s.t("end_row_emptied", map[string]any{"Player": s.seatPlayer(lg, w)})
	case reasonOnlyBots:
		why = s.t("end_only_bots", nil)
	case "seat_out":
		if recPeople(rec) > 2 {
			why = s.t("end_others_out", nil)
		} else {
			why = s.t("end_penalty_limit", map[string]any{"Player": loser})
		}
	}
	line := s.t("game_over_win_table", map[string]any{"Winner": s.seatPlayer(lg, w)})
	if why != "" {
		line += " " + why
	}
	return line + "\n" + s.tableEnd(lg)
}

// tableRematch starts a game of more than two seats again, everyone moved
// one seat on in turn order (East's player becomes South...): the people
// must accept again, the bot keeps its seats.
func (s *session) tableRematch(last *store.Game) ([]Reply, error) {
	n := len(last.Players)
	order := boardview.TurnOrder(n)
	now := s.b.now()
	g := &store.Game{
		Platform: s.req.Platform, Channel: s.req.Channel, Variant: last.Variant, Options: last.Options,
		Start: last.Start, Challenger: s.req.User.ID, DrawOffer: -1, UndoOffer: -1,
		CreatedAt: now, UpdatedAt: now, TurnStarted: now, Lang: last.Lang,
		Players: make([]store.Player, n),
	}
	for i, side := range order {
		p := last.Players[order[(i+1)%n]]
		if !p.IsBot() && p.UserID != s.req.User.ID {
			p = store.Player{Name: p.Name} // invited again
		}
		g.Players[side] = p
	}
	g.Phase = store.PhaseChallenge
	if len(pendingSeats(g)) == 0 {
		g.Phase = store.PhasePlaying
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
		r := s.challengeReply(g)
		r.Text = s.t("rematch_offered", map[string]any{"Player": s.mention()}) + "\n" + r.Text
		return []Reply{r}, nil
	}
	return s.tableStarted(g, false)
}

// botMover names the bot in the line of one of its moves: "Bot", or at a
// table where it may hold several seats "Bot (East)", the seat read from
// the move's pickup.
func (s *session) botMover(lg *loaded, ev []engine.Event) string {
	name := s.t("bot_name", nil)
	if len(lg.rec.Players) <= 2 {
		return name
	}
	for _, e := range ev {
		if e.Kind == engine.EventPickup && int(e.Side) < engine.MaxSides {
			return name + " (" + s.seatName(e.Side) + ")"
		}
	}
	return name
}
