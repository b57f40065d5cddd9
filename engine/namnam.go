package engine

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
)

// Oware Nam Nam (id "namnam"; also Num Num, Adi, Mewelad, Lamosh): the
// Masters Traditional Games rules (docs/sources/seed-002.md#line-29
// (002:29-62), docs/sources/seed-000.md#line-1041 (000:1041-1067)), as read in
// docs/sources/more-games-rules.md section 2, whose rule numbers are used here.
// A game is several rounds; pits change hands between rounds.
//
// Board and start
//
//   - (1) Two rows of six pits, 4 seeds in each (48 in all). The stores only
//     keep the seeds captured in the current round and are never sown. Each
//     player starts owning the six pits of his row. South starts round 1
//     [choice: the source's fist game is not modelled].
//   - (2) Ownership is per pit: from round 2 a player may own pits in the
//     other row. [Position.Owner] says who owns a pit now.
//
// A move (phase "play")
//
//   - (3) The mover chooses a non-empty pit he owns, in either row: written
//     1..6 for his own row, 7..12 for the other row's pits 1..6 (C2).
//   - (4) He sows counter-clockwise, one seed a pit, round all twelve pits;
//     the origin pit is sown like any other when passed.
//   - (5) A seed that makes a pit hold exactly 4 (it held 3) captures those
//     4 at once: into the store of the pit's owner while seeds remain in
//     hand, the sowing going on; into the mover's store if it was the last
//     seed, whoever owns the pit, and the move ends. A pit that already
//     holds 4 or more just grows.
//   - (6) A last seed that falls into an empty pit ends the move; one that
//     makes 4 is rule 5; otherwise the pit's seeds, that seed included,
//     are lifted and sown on from the next pit (relay, C3).
//   - (7) Last four: after any capture, if exactly 4 seeds remain in play
//     (the board and the mover's hand), the capturer takes them too and
//     the round ends at once, the sowing stopping there. The seeds taken
//     from the hand are an EventCapture with Cell NoCell.
//   - (8) A player with no legal move passes (C5: no ply, the other moves
//     again). If neither can move, or a position occurs for the third time
//     in the round (C6), the seeds left on the board go to the round's
//     starting player and the round ends [choice]. The starting player is
//     rule 12's, by the round's parity, even in the rare round whose
//     designated starter had to pass at once [choice]. A move whose relays
//     would never end is illegal (C4):
//     the state before every lift (the twelve pits and the pit lifted) is
//     compared with a saved one by Brent's algorithm, and a move still
//     relaying after maxRelayLaps laps counts as never-ending too. Captures
//     take seeds out of play, so a cycle never contains one.
//
// Between rounds
//
//   - (9) A player who holds all 48 seeds has won: the pits are all empty,
//     the stores 48 and 0, and extra is that of the round just played
//     (end reason "majority"). A game can go on for ever (24:24 rounds, or
//     the same shares round after round); the round counter is 16 bits.
//   - (10) If both hold 24, the next round starts like round 1: own rows, 4
//     in each pit [choice, gap (a)].
//   - (11) Otherwise the leader (4a seeds, a >= 7) fills his six pits with 4
//     each from his store and owns them; then, in the claim phase, he
//     claims a-6 pits of the other row, one ply each: move 6+j names the
//     other row's pit j (not yet his), which gets 4 seeds from his store
//     and becomes his. After the last claim, the other player's unclaimed
//     pits get 4 each from his store; both stores are then empty and the
//     round is played. Filling a pit is an EventFill.
//   - (12) Round r is started by South when r is odd, by North when r is
//     even [choice, gap (b), after oware.org]; if that player cannot move,
//     the other starts (rule 8's pass).
//
// The repetition rule (C6) counts positions within a round: the round
// number is part of the variant state, which [Position.Key] hashes, so
// positions of different rounds never compare equal and Game's count over
// the whole game is the count within the round. Its third occurrence does
// not end the game but the round (endRepeated): the game then goes on in
// the next round, whose first position Game counts as its first
// occurrence, and Perft follows it there.
//
// Position JSON: pits by row as usual; stores hold the seeds captured in
// the current round (during the claim phase: what each player still has to
// put on the board); extra is {"round": r, "phase": "play"|"claim",
// "claims": k, "owner": {"south": [6 sides], "north": [6 sides]}}, where
// owner.<row>[i] is the owner of that row's pit i+1; missing keys read as
// round 1, play, no claims, each row its side's. [Position.Round] gives the
// round without reading extra. A position must hold 48 seeds and its
// stores multiples of 4 (captures go by fours), its side to move must have
// a move (else it would pass), and in the claim phase the leader's store
// must hold 4 per claim, the other's 4 per pit left to him, those pits
// empty [choices: positions the rules can reach].
//
// Events: the sowing's pickup, sow, relay and capture events; a new
// round's set-up and each claim are EventFill events (seeds from a store
// into a pit, which becomes the store's side's); the settlement of a
// stalled or repeated round is captures into the starter's store.
func init() {
	register(&Variant{
		ID: "namnam", Name: "Oware Nam Nam", Players: 2, BoardBytes: SmallBoardBytes,
		Order: 60, Aliases: []string{"nam-nam", "numnum", "num-num", "нам-нам"},
		build: func(v *Variant, o Options) (Rules, error) {
			return &namnamRules{base: base{variant: v, opts: o, layout: twoRowLayout(6)}}, nil
		},
	})
}

// namnamRules: cells follow twoRowLayout(6); ring index i (0..11) is South
// pit i+1 for i < 6 and North pit i-5 after (owareRing). aux holds:
//
//	aux[0..1]  a bit per ring index: set when the pit is owned by the side
//	           whose row it is not in;
//	aux[2..3]  the round minus 1 (little-endian);
//	aux[4]     bit 0: the claim phase; bits 1..3: the claims left.
//
// The zero aux is therefore round 1 in play, each row its side's.
type namnamRules struct {
	base
}

const (
	nnSeeds = 48
	nnAuxPh = 4
)

func (r *namnamRules) RepetitionLimit() int { return 3 } // C6, within the round

func (r *namnamRules) Start() Position {
	p := Position{rules: r}
	for i := range 12 {
		p.cells[owareRing[i]] = 4
	}
	return p
}

// nnRow returns the side whose row holds ring index i.
func nnRow(i int) Side { return Side(i / 6) }

func nnForeign(p *Position) uint16 { return binary.LittleEndian.Uint16(p.aux[0:2]) }

// nnOwner returns the owner of ring index i.
func nnOwner(p *Position, i int) Side {
	return nnRow(i) ^ Side(nnForeign(p)>>i&1)
}

func nnSetOwner(p *Position, i int, s Side) {
	f := nnForeign(p) &^ (1 << i)
	if s != nnRow(i) {
		f |= 1 << i
	}
	binary.LittleEndian.PutUint16(p.aux[0:2], f)
}

// nnRound returns the round number (1, 2, ...).
func nnRound(p *Position) int { return int(binary.LittleEndian.Uint16(p.aux[2:4])) + 1 }

func nnClaiming(p *Position) bool { return p.aux[nnAuxPh]&1 != 0 }
func nnClaims(p *Position) int    { return int(p.aux[nnAuxPh] >> 1 & 7) }

// nnStarter returns the player who starts round r (12).
func nnStarter(r int) Side {
	if r%2 == 1 {
		return South
	}
	return North
}

// nnRing returns the ring index move k (1..12) of side me names (C2).
func nnRing(me Side, k int) int {
	if k <= 6 {
		return 6*int(me) + k - 1
	}
	return 6*int(1-me) + k - 7
}

func (r *namnamRules) owner(p Position, c Cell) Side {
	switch {
	case c < 6:
		return nnOwner(&p, int(c))
	case c > 6 && c < 13:
		return nnOwner(&p, int(c)-1)
	case c == owareSouthStore:
		return South
	case c == owareNorthStore:
		return North
	}
	return NoSide
}

// run sows ring index o for side me on p (rules 4-7). It returns
// never = true, p left half-way, when the relays would never end (C4);
// else roundOver reports the last four (7).
func (r *namnamRules) run(p *Position, me Side, o int, ev *[]Event) (never, roundOver bool) {
	var w [12]uint8
	for i := range 12 {
		w[i] = p.cells[owareRing[i]]
	}
	never, roundOver = r.sowRing(p, &w, me, o, ev)
	for i := range 12 {
		p.cells[owareRing[i]] = w[i]
	}
	return never, roundOver
}

// sowRing is run on the twelve pits w; captures go straight to p's stores.
func (r *namnamRules) sowRing(p *Position, w *[12]uint8, me Side, o int, ev *[]Event) (never, roundOver bool) {
	onBoard := 0
	for _, n := range w {
		onBoard += int(n)
	}
	i := o
	saved, savedAt := *w, o
	power, lam := 1, 0
	hand := int(w[i])
	w[i] = 0
	onBoard -= hand
	emit(ev, Event{Kind: EventPickup, Side: me, Cell: owareRing[i], Count: hand})
	for lap := 0; ; lap++ {
		for hand > 0 {
			if i++; i == 12 {
				i = 0
			}
			w[i]++
			hand--
			onBoard++
			emit(ev, Event{Kind: EventSow, Side: me, Cell: owareRing[i]})
			if w[i] != 4 {
				continue
			}
			// (5): the owner takes them while seeds remain in hand, the
			// mover with the last seed.
			who := me
			if hand > 0 {
				who = nnOwner(p, i)
			}
			w[i] = 0
			onBoard -= 4
			p.cells[owareStore(who)] += 4
			emit(ev, Event{Kind: EventCapture, Side: who, Cell: owareRing[i], Count: 4})
			if onBoard+hand == 4 { // (7) the last four
				for k := range 12 {
					if n := w[k]; n > 0 {
						w[k] = 0
						p.cells[owareStore(who)] += n
						emit(ev, Event{Kind: EventCapture, Side: who, Cell: owareRing[k], Count: int(n)})
					}
				}
				if hand > 0 {
					p.cells[owareStore(who)] += uint8(hand)
					emit(ev, Event{Kind: EventCapture, Side: who, Cell: NoCell, Count: hand})
				}
				return false, true
			}
			if hand == 0 {
				return false, false
			}
		}
		if w[i] == 1 { // (6) the last seed fell into an empty pit
			return false, false
		}
		// (6) relay. C4: has the state before this lift been seen?
		if lap >= maxRelayLaps || i == savedAt && *w == saved {
			return true, false
		}
		if lam++; lam == power {
			saved, savedAt = *w, i
			power, lam = power*2, 0
		}
		hand = int(w[i])
		w[i] = 0
		onBoard -= hand
		emit(ev, Event{Kind: EventRelay, Side: me, Cell: owareRing[i], Count: hand})
	}
}

// endless reports whether sowing ring index o never ends (C4).
func (r *namnamRules) endless(p *Position, o int) bool {
	q := *p
	never, _ := r.run(&q, q.toMove, o, nil)
	return never
}

// playable reports whether side me may sow ring index i (3, C4).
func (r *namnamRules) playable(p *Position, me Side, i int) bool {
	return p.cells[owareRing[i]] > 0 && nnOwner(p, i) == me && !r.endless(p, i)
}

// canMove reports whether side me has a legal sowing (phase play).
func (r *namnamRules) canMove(p *Position, me Side) bool {
	for i := range 12 {
		if p.cells[owareRing[i]] > 0 && nnOwner(p, i) == me && !r.endless(p, i) {
			return true
		}
	}
	return false
}

func (r *namnamRules) AppendMoves(p *Position, buf []Move) []Move {
	if p.status != Ongoing {
		return buf
	}
	me := p.toMove & 1
	if nnClaiming(p) {
		for j := 1; j <= 6; j++ {
			if nnOwner(p, nnRing(me, 6+j)) != me {
				buf = append(buf, Move{Pit: uint8(6 + j)})
			}
		}
		return buf
	}
	for k := 1; k <= 12; k++ {
		if r.playable(p, me, nnRing(me, k)) {
			buf = append(buf, Move{Pit: uint8(k)})
		}
	}
	return buf
}

// why returns the reason m is illegal in p, or 0.
func (r *namnamRules) why(p *Position, m Move) Reason {
	switch {
	case p.status != Ongoing:
		return GameOver
	case m.Kind == Swap:
		return SwapUnavailable
	case m.Kind != Sow:
		return NoSuchPit
	case m.Dir != DirNone || m.Plus:
		return NeedsNoDirection
	case m.Pit < 1 || m.Pit > 12:
		return NoSuchPit
	}
	me := p.toMove & 1
	i := nnRing(me, int(m.Pit))
	if nnClaiming(p) {
		if m.Pit <= 6 || nnOwner(p, i) == me {
			return ClaimNeeded
		}
		return 0
	}
	switch {
	case nnOwner(p, i) != me:
		return NotYourPit
	case p.cells[owareRing[i]] == 0:
		return EmptyPit
	case r.endless(p, i):
		return NeverEnding
	}
	return 0
}

func (r *namnamRules) Check(p *Position, m Move) error {
	if why := r.why(p, m); why != 0 {
		return illegal(m, why)
	}
	return nil
}

func (r *namnamRules) Apply(p *Position, m Move, ev *[]Event) {
	if p.status != Ongoing || m.Kind != Sow || m.Pit < 1 || m.Pit > 12 {
		return
	}
	me := p.toMove & 1
	i := nnRing(me, int(m.Pit))
	if nnClaiming(p) {
		if m.Pit <= 6 || nnOwner(p, i) == me {
			return
		}
		r.claim(p, me, i, ev)
		return
	}
	if p.cells[owareRing[i]] == 0 || nnOwner(p, i) != me {
		return
	}
	q := *p
	never, over := r.run(&q, me, i, nil)
	if never {
		return // not a legal move (C4): nothing happens
	}
	if ev != nil {
		q = *p
		r.run(&q, me, i, ev)
	}
	*p = q
	p.ply++
	if over {
		r.endRound(p, ev)
		return
	}
	p.toMove = 1 - me
	r.settle(p, ev)
}

// fill puts n seeds from side s's store into ring index i, which becomes
// s's.
func (r *namnamRules) fill(p *Position, s Side, i, n int, ev *[]Event) {
	st := owareStore(s)
	n = min(n, int(p.cells[st]))
	p.cells[st] -= uint8(n)
	p.cells[owareRing[i]] += uint8(n)
	nnSetOwner(p, i, s)
	emit(ev, Event{Kind: EventFill, Side: s, Cell: owareRing[i], Count: n})
}

// claim is one claim of the leader me (11).
func (r *namnamRules) claim(p *Position, me Side, i int, ev *[]Event) {
	r.fill(p, me, i, 4, ev)
	p.ply++
	k := nnClaims(p) - 1
	p.aux[nnAuxPh] = uint8(k<<1) | 1
	if k > 0 {
		return
	}
	// The other player fills his unclaimed pits; the round is played.
	other := 1 - me
	for j := 6 * int(other); j < 6*int(other)+6; j++ {
		if nnOwner(p, j) == other {
			r.fill(p, other, j, 4, ev)
		}
	}
	p.aux[nnAuxPh] = 0
	p.toMove = nnStarter(nnRound(p))
	r.settle(p, ev)
}

// endRound ends the round whose board is now empty (9-12).
func (r *namnamRules) endRound(p *Position, ev *[]Event) {
	s, n := int(p.cells[owareSouthStore]), int(p.cells[owareNorthStore])
	switch {
	case n == 0:
		p.finish(SouthWon, EndMajority, ev)
		return
	case s == 0:
		p.finish(NorthWon, EndMajority, ev)
		return
	}
	round := nnRound(p) + 1
	binary.LittleEndian.PutUint16(p.aux[2:4], uint16(round-1))
	binary.LittleEndian.PutUint16(p.aux[0:2], 0)
	p.aux[nnAuxPh] = 0
	if s == n { // (10)
		for i := range 12 {
			r.fill(p, nnRow(i), i, 4, ev)
		}
		p.toMove = nnStarter(round)
		r.settle(p, ev)
		return
	}
	lead := South
	if n > s {
		lead = North
	}
	for i := 6 * int(lead); i < 6*int(lead)+6; i++ {
		r.fill(p, lead, i, 4, ev)
	}
	k := min(max((max(s, n)-24)/4, 1), 5) // 1..5 with 48 seeds in fours
	p.aux[nnAuxPh] = uint8(k<<1) | 1
	p.toMove = lead
}

// settleRound gives the seeds left on the board to the round's starter and
// ends the round (8).
func (r *namnamRules) settleRound(p *Position, ev *[]Event) {
	to := nnStarter(nnRound(p))
	for i := range 12 {
		c := owareRing[i]
		if n := p.cells[c]; n > 0 {
			p.cells[c] = 0
			p.cells[owareStore(to)] += n
			emit(ev, Event{Kind: EventCapture, Side: to, Cell: c, Count: int(n)})
		}
	}
	r.endRound(p, ev)
}

// endRepeated: the third occurrence of a position in a round ends the
// round, not the game (8).
func (r *namnamRules) endRepeated(p *Position, ev *[]Event) { r.settleRound(p, ev) }

// settle passes the turn of a player who cannot move (C5), and ends the
// round when neither can (8).
func (r *namnamRules) settle(p *Position, ev *[]Event) {
	if p.status != Ongoing || nnClaiming(p) {
		return
	}
	me := p.toMove & 1
	if r.canMove(p, me) {
		return
	}
	if r.canMove(p, 1-me) {
		p.toMove = 1 - me
		return
	}
	r.settleRound(p, ev)
}

func (r *namnamRules) extra(p *Position) map[string]any {
	own := map[string][]string{}
	for s := range Side(2) {
		row := make([]string, 6)
		for j := range 6 {
			row[j] = nnOwner(p, 6*int(s)+j).String()
		}
		own[s.String()] = row
	}
	phase := "play"
	if nnClaiming(p) {
		phase = "claim"
	}
	return map[string]any{"round": nnRound(p), "phase": phase, "claims": nnClaims(p), "owner": own}
}

func (r *namnamRules) setExtra(p *Position, extra map[string]json.RawMessage) error {
	round, claims, claiming := 1, 0, false
	for k, raw := range extra {
		switch k {
		case "round":
			if err := json.Unmarshal(raw, &round); err != nil || round < 1 || round > 1<<16 {
				return fmt.Errorf("extra.round: want a round number 1..65536")
			}
		case "phase":
			var s string
			if err := json.Unmarshal(raw, &s); err != nil || s != "play" && s != "claim" {
				return fmt.Errorf("extra.phase: want \"play\" or \"claim\"")
			}
			claiming = s == "claim"
		case "claims":
			if err := json.Unmarshal(raw, &claims); err != nil || claims < 0 || claims > 5 {
				return fmt.Errorf("extra.claims: want 0..5 claims")
			}
		case "owner":
			var own map[string][]string
			if err := json.Unmarshal(raw, &own); err != nil {
				return fmt.Errorf("extra.owner: want {\"south\": [6 sides], \"north\": [6 sides]}")
			}
			for name, row := range own {
				s, err := ParseSide(name)
				if err != nil || s > North {
					return fmt.Errorf("extra.owner.%s: unknown row", name)
				}
				if len(row) != 6 {
					return fmt.Errorf("extra.owner.%s: want 6 sides, got %d", name, len(row))
				}
				for j, o := range row {
					os, err := ParseSide(o)
					if err != nil || os > North {
						return fmt.Errorf("extra.owner.%s[%d]: %q is not south or north", name, j, o)
					}
					nnSetOwner(p, 6*int(s)+j, os)
				}
			}
		default:
			return fmt.Errorf("extra.%s: unknown key (known: round, phase, claims, owner)", k)
		}
	}
	binary.LittleEndian.PutUint16(p.aux[2:4], uint16(round-1))
	if total := p.Seeds(); total != nnSeeds {
		return fmt.Errorf("pits: Nam Nam is played with %d seeds, not %d", nnSeeds, total)
	}
	for s := range Side(2) {
		if n := p.cells[owareStore(s)]; n%4 != 0 {
			return fmt.Errorf("stores.%s: %d is not a multiple of 4 (seeds are captured by fours)", s, n)
		}
	}
	if p.status != Ongoing {
		if claiming || claims != 0 {
			return fmt.Errorf("extra.phase: a finished game is in the play phase with no claims")
		}
		return nil
	}
	me := p.toMove & 1
	if claiming {
		free := 0
		for j := 7; j <= 12; j++ {
			if nnOwner(p, nnRing(me, j)) != me {
				free++
			}
		}
		if claims < 1 || claims > free {
			return fmt.Errorf("extra.claims: the claim phase needs 1..%d claims (the other row's pits %s does not own), not %d", free, me, claims)
		}
		// (11) The seeds still to be put down are in the stores.
		for j := 7; j <= 12; j++ {
			if i := nnRing(me, j); nnOwner(p, i) != me && p.cells[owareRing[i]] != 0 {
				return fmt.Errorf("pits: in the claim phase the pits of %s's row not yet claimed are empty", 1-me)
			}
		}
		if p.cells[owareStore(me)] != uint8(4*claims) || p.cells[owareStore(1-me)] != uint8(4*(free-claims)) {
			return fmt.Errorf("stores: in the claim phase %s's store holds 4 per claim (%d) and %s's 4 per pit left to it (%d)",
				me, 4*claims, 1-me, 4*(free-claims))
		}
		p.aux[nnAuxPh] = uint8(claims<<1) | 1
		return nil
	}
	if claims != 0 {
		return fmt.Errorf("extra.claims: %d claims outside the claim phase", claims)
	}
	if !r.canMove(p, me) {
		return fmt.Errorf("to_move: %s has no legal move (it would pass)", me)
	}
	return nil
}

func (r *namnamRules) round(p *Position) int { return nnRound(p) }

// Round returns the round a game of several rounds is in, 1 for the first
// (Oware Nam Nam), so that renderers and the bot need not read
// [Position.Extra] by name; 0 for the games played in one round.
func (p Position) Round() int {
	if r, ok := p.rules.(interface{ round(*Position) int }); ok {
		return r.round(&p)
	}
	return 0
}
