package bot

import (
	"fmt"
	"strings"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/internal/boardview"
)

// seatPlayer names the player holding seat in lg: a person's name, "Bot",
// or at a table of more than two seats, where the bot may hold several,
// the bot with its seat: "Bot (West)".
func (s *session) seatPlayer(lg *loaded, seat int) string {
	if seat < 0 || seat >= len(lg.rec.Players) {
		return s.t("bot_name", nil)
	}
	p := lg.rec.Players[seat]
	if p.IsBot() && len(lg.rec.Players) > 2 {
		return s.t("bot_name", nil) + " (" + s.seatName(engine.Side(seat)) + ")"
	}
	return s.name(p)
}

// isClaim reports whether a move's events are a Nam Nam claim: seeds put
// from the mover's store into a pit of the other row, no sowing.
func isClaim(ev []engine.Event) bool {
	fill := false
	for _, e := range ev {
		switch e.Kind {
		case engine.EventPickup:
			return false
		case engine.EventFill:
			fill = true
		}
	}
	return fill
}

// claimPhase reports whether p is in Nam Nam's claim phase, and how many
// claims are left.
func claimPhase(p engine.Position) (bool, int) {
	x := p.Extra()
	if x == nil || x["phase"] != "claim" {
		return false, 0
	}
	n, _ := x["claims"].(int)
	return true, n
}

// roundLines narrate what happened between rounds (Nam Nam) from before
// to after one move: the round over, who leads and how many of the
// other's pits the leader claims ("Round 1 is over: @alice leads 28:20
// and claims 1 of @bob's pits"), a round starting like the first after
// a 24:24 round, and the next round beginning once the last claim is
// made. Nothing for a game without rounds or a move within a round.
func (s *session) roundLines(lg *loaded, before, after engine.Position) []string {
	if after.Round() == 0 || after.Status().Over() {
		return nil
	}
	var lines []string
	ended := before.Round()
	if after.Round() > ended {
		claiming, k := claimPhase(after)
		if claiming {
			lead := after.ToMove()
			// The leader's seeds fill his own pits, 4 each, and wait in his
			// store for his claims; the other's wait in his store.
			mine := after.Store(lead) + 4*after.Rules().Layout().Pits
			lines = append(lines, s.t("round_over_lead", map[string]any{
				"Round": ended, "Leader": s.seatPlayer(lg, seatOf(after, lead)),
				"Other": s.seatPlayer(lg, seatOf(after, 1-lead)), "Count": k,
				"Score": fmt.Sprintf("%d:%d", mine, after.Store(1-lead))}))
		} else {
			half := after.PitSeeds(engine.South)
			lines = append(lines, s.t("round_over_even", map[string]any{"Round": ended, "Score": fmt.Sprintf("%d:%d", half, half)}))
		}
		return lines
	}
	if was, _ := claimPhase(before); was {
		if now, _ := claimPhase(after); !now {
			lines = append(lines, s.t("round_begins", map[string]any{"Round": after.Round()}))
		}
	}
	return lines
}

// passedOver returns the event of a pass the engine made without one: in
// Nam Nam a player who cannot move passes with no ply and no event (C5),
// seen as the mover being to move again within the same round's play.
func passedOver(before, after engine.Position) (engine.Event, bool) {
	if before.Round() == 0 || after.Round() != before.Round() || after.Status().Over() || after.ToMove() != before.ToMove() {
		return engine.Event{}, false
	}
	if c, _ := claimPhase(before); c {
		return engine.Event{}, false
	}
	return engine.Event{Kind: engine.EventPass, Side: 1 - before.ToMove()}, true
}

// chainPart is a run of the bot's moves described together.
type chainPart struct {
	claims bool
	moves  []chainMove
}

// chainMove is one move of a chain: its notation, ply and events.
type chainMove struct {
	move   string
	ply    int
	events []engine.Event
}

// splitChain cuts a chain of moves where a round ends (after the move
// that ends it) and between claims and sowings, so that each part is
// described on its own and the narration of a round's end comes where it
// happened.
func splitChain(lg *loaded, moves []chainMove) []chainPart {
	pos := lg.game.Positions()
	var parts []chainPart
	cut := true
	for _, m := range moves {
		c := isClaim(m.events)
		if cut || parts[len(parts)-1].claims != c {
			parts = append(parts, chainPart{claims: c})
		}
		last := &parts[len(parts)-1]
		last.moves = append(last.moves, m)
		cut = m.ply+1 < len(pos) && pos[m.ply+1].Round() > pos[m.ply].Round()
	}
	return parts
}

// positionsAround returns the positions before and after ply in lg.
func positionsAround(lg *loaded, ply int) (engine.Position, engine.Position) {
	pos := lg.game.Positions()
	if ply < 0 || ply+1 >= len(pos) {
		p := lg.game.Position()
		return p, p
	}
	return pos[ply], pos[ply+1]
}

// describePart says what a part of a chain did: a claim line, a line per
// move for a short run, or for a longer run one line per seat that moved
// ("Bot (East) played 9 moves: 5 2 4 …, captured 4"), each seat's passes
// and penalties summed up, and what happened between rounds.
func (s *session) describePart(lg *loaded, part chainPart) []string {
	l := lg.rules.Layout()
	first, _ := positionsAround(lg, part.moves[0].ply)
	_, end := positionsAround(lg, part.moves[len(part.moves)-1].ply)
	if part.claims {
		var pits []string
		for _, m := range part.moves {
			pits = append(pits, boardview.MoveText(l, m.move, m.events))
		}
		mover := s.seatPlayer(lg, seatOf(first, first.ToMove()))
		lines := []string{s.t("claimed", map[string]any{"Player": mover, "Count": len(pits), "Pits": strings.Join(pits, " ")})}
		return append(lines, s.roundLines(lg, first, end)...)
	}
	if len(part.moves) <= maxBotLines {
		var lines []string
		for _, m := range part.moves {
			before, after := positionsAround(lg, m.ply)
			lines = append(lines, s.describeMove(lg, s.seatPlayer(lg, seatOf(before, before.ToMove())), m.move, m.events, before, after))
		}
		return lines
	}
	var seats []int
	count := map[int][]string{}
	captured := map[int]int{}
	var all []engine.Event
	for _, m := range part.moves {
		before, _ := positionsAround(lg, m.ply)
		seat := seatOf(before, before.ToMove())
		if _, ok := count[seat]; !ok {
			seats = append(seats, seat)
		}
		count[seat] = append(count[seat], boardview.MoveText(l, m.move, m.events))
		for _, e := range m.events {
			if e.Kind == engine.EventCapture {
				captured[seat] += e.Count
			}
		}
		all = append(all, m.events...)
		if e, ok := passedOver(positionsAround(lg, m.ply)); ok {
			all = append(all, e)
		}
	}
	var lines []string
	for _, seat := range seats {
		list := count[seat]
		n := len(list)
		if n > 12 {
			list = append(list[:12:12], "…")
		}
		key := "bot_moves_seat"
		if len(seats) == 1 {
			key = "bot_moves_summary"
		}
		name := s.seatPlayer(lg, seat)
		line := s.t(key, map[string]any{"Player": name, "Count": n, "Moves": strings.Join(list, " ")})
		if captured[seat] > 0 {
			line += " " + s.t("captured", map[string]any{"Player": name, "Count": captured[seat]})
		}
		lines = append(lines, line)
	}
	lines = append(lines, s.passLines(lg, all, end)...)
	lines = append(lines, s.seatEvents(lg, all, end)...)
	return append(lines, s.roundLines(lg, first, end)...)
}

// passLines sums up the passes (EventPass) in ev, one line per side: "Bot
// cannot move and passes", or "... passed 3 times".
func (s *session) passLines(lg *loaded, ev []engine.Event, after engine.Position) []string {
	var n [engine.MaxSides]int
	var order []engine.Side
	for _, e := range ev {
		if e.Kind == engine.EventPass && int(e.Side) < engine.MaxSides {
			if n[e.Side] == 0 {
				order = append(order, e.Side)
			}
			n[e.Side]++
		}
	}
	var lines []string
	for _, side := range order {
		name := s.seatPlayer(lg, seatOf(after, side))
		if n[side] == 1 {
			lines = append(lines, s.t("passes", map[string]any{"Player": name}))
		} else {
			lines = append(lines, s.t("passes_times", map[string]any{"Player": name, "Count": n[side]}))
		}
	}
	return lines
}
