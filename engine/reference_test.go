package engine_test

// A deliberately plain, slow reference implementation of the seven variants
// (kalah, congkak, oware, togyz, tchuka here; bao-kenya and bao-laps in
// reference_bao_test.go), written from the rule text in the doc comments of
// kalah.go, oware.go, togyz.go and tchuka.go (and docs/sources/bao-rules.md)
// and not from the engine's code: the board is one slice of pits per side and a
// store per side, seeds are sown one at a time by walking from pit to pit, and
// every question ("does this move feed the opponent?", "is it a grand slam?")
// is answered by playing the move on a copy. It knows nothing of cells, rings
// or lap arithmetic.
//
// TestReferenceRandomGames plays random games through engine.Game and the
// reference side by side and compares every position: the legal move list,
// every pit and store, the side to move, the ply, the status and its reason,
// the variant state (Kalah's pie rule, Togyz's tuzdyks), the reason given for
// a set of probe moves (legal and illegal), and the position the fast path
// (Position.Play, no events) reaches. Half of the games start from random
// positions built with engine.NewPosition, biased towards the situations the
// rules single out (big piles that go round the board, chains of 2s and 3s,
// tuzdyks, starving sides, endgames with a handful of seeds that repeat);
// for those the reference also decides whether NewPosition must refuse the
// setup as already finished. TestReferencePerft compares perft counts.
//
// Numbers, from a full run (go test, not -short; -v logs them):
// TestReferenceRandomGames plays 15,880 games under 66 option sets (7,940 of
// them from random positions) and compares 846,000 positions, each with 10
// to 21 probe moves; 9,231 random setups were judged, 1,291 of them
// rightly refused by NewPosition as already finished. Among the moves played
// were 8,300 Kalah and 6,600 Congkak laps (13+ seeds with 6 pits), 72,000
// Congkak relays, 800 Kalah empty captures, 88 swaps, 29,000 Oware laps
// (12+ seeds), 6,600 Oware chain captures, 140 Oware grand slams played and
// 480 positions where the forbidden ones were refused, 2,400 feeding moves,
// 195 games ended by the third repetition, 4,100 Togyz laps (19+), 2,700
// tuzdyks made and 4,800 refused, 50,000 seeds sown into tuzdyks, and 7,500
// Tchuka relays. The Bao cases add 1,600 bao-kenya games (8,300 captures,
// 8,150 extra turns, 2,190 piles skipping their origin) and 1,440 bao-laps
// games (17,800 captures, 4.6 million relays, 9 games ended by a
// never-ending move and 43 such moves refused with infinite=illegal).
// TestReferencePerft compares Perft and PerftFull at every
// depth up to 4..6 from 12 opening positions and from 306 random positions,
// 83 of whose lines end by repetition. With -short everything is about a
// tenth. The whole file runs in about 6 s (about 40 s with -race, 6 s with
// -race -short).

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// The reference implementations of these variants, for TestEveryVariantHasItsTests.
func init() {
	engine.AddReference("kalah", TestReferenceRandomGames)
	engine.AddReference("oware", TestReferenceRandomGames)
	engine.AddReference("togyz", TestReferenceRandomGames)
	engine.AddReference("congkak", TestReferenceRandomGames)
	engine.AddReference("tchuka", TestReferenceRandomGames)
	engine.AddReference("bao-kenya", TestReferenceRandomGames)
	engine.AddReference("bao-laps", TestReferenceRandomGames)
}

// ---------------------------------------------------------------------------
// The reference rules.

const (
	refS = 0 // South, the first player
	refN = 1 // North
)

// refSpot is a place a seed can be dropped into: pit 1..n of a side, or the
// side's store (pit 0).
type refSpot struct {
	side int
	pit  int
}

func (s refSpot) isStore() bool { return s.pit == 0 }

// refGame is a position of one of the five variants together with its rule
// options and, for Oware, the history of positions seen in the game.
type refGame struct {
	variant string
	n       int // pits per side

	// options
	emptyCapture bool   // kalah
	pie          bool   // kalah
	cross        bool   // kalah, oware: an even pit is sown clockwise
	relay        bool   // congkak
	slam         string // oware: capture, nocapture, forbidden
	baoSeeds     int    // bao-kenya, bao-laps: seeds per pit at the start
	captureSower bool   // bao-kenya, bao-laps
	skipOrigin   bool   // bao-laps
	infinite     string // bao-laps: draw, loss, illegal

	// state
	pits          [][]int // pits[side][i]: seeds in side's pit i+1
	stores        []int
	toMove        int
	ply           int
	status        engine.Status
	reason        engine.EndReason
	swapAvailable bool   // kalah with pie: North may still swap
	swapped       bool   // kalah with pie: North has swapped
	tuzdyk        [2]int // togyz: tuzdyk[s] is the number of the opponent's pit that is s's tuzdyk (0: none)

	seen map[string]int // oware: how often each position occurred in this game

	cache  []engine.Move // the legal moves, once computed (play clears it)
	cached bool
}

// refCounts, when not nil, counts the rule situations the reference meets
// ("kalah lap", "oware grand slam", ...), to show what the random games
// exercise.
var refCounts map[string]int

func refCount(what string) {
	if refCounts != nil {
		refCounts[what]++
	}
}

// refOpt reads an option with the default the variant's doc comment names.
func refOpt(opts engine.Options, name, def string) string {
	if v, ok := opts[name]; ok {
		return v
	}
	return def
}

func refAtoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		panic(err)
	}
	return n
}

// refRules returns an empty board of the variant, with the options read.
func refRules(variant string, opts engine.Options) *refGame {
	g := &refGame{variant: variant}
	switch variant {
	case "kalah":
		g.n = refAtoi(refOpt(opts, "pits", "6"))
		g.emptyCapture = refOpt(opts, "empty_capture", "false") == "true"
		g.pie = refOpt(opts, "pie", "false") == "true"
		g.cross = refOpt(opts, "cross", "false") == "true"
	case "congkak":
		g.n = 7
		g.relay = refOpt(opts, "relay", "true") == "true"
	case "oware":
		g.n = 6
		g.slam = refOpt(opts, "grand_slam", "capture")
		g.cross = refOpt(opts, "cross", "false") == "true"
	case "togyz":
		g.n = 9
	case "tchuka":
		g.n = refAtoi(refOpt(opts, "pits", "4"))
	case "bao-kenya", "bao-laps":
		g.refBaoOptions(opts)
	default:
		panic("reference: unknown variant " + variant)
	}
	sides := 2
	if variant == "tchuka" {
		sides = 1
	}
	g.pits = make([][]int, sides)
	for s := range g.pits {
		g.pits[s] = make([]int, g.n)
	}
	g.stores = make([]int, sides)
	return g
}

// refStart returns the opening position.
func refStart(variant string, opts engine.Options) *refGame {
	g := refRules(variant, opts)
	seeds := 0
	switch variant {
	case "kalah":
		seeds = refAtoi(refOpt(opts, "seeds", "4"))
		g.swapAvailable = g.pie
	case "congkak":
		seeds = 7
	case "oware":
		seeds = refAtoi(refOpt(opts, "seeds", "4"))
	case "togyz":
		seeds = 9
	case "tchuka":
		seeds = refAtoi(refOpt(opts, "seeds", "2"))
	case "bao-kenya", "bao-laps":
		seeds = g.baoSeeds
	}
	for s := range g.pits {
		for i := range g.pits[s] {
			g.pits[s][i] = seeds
		}
	}
	g.startHistory()
	return g
}

func (g *refGame) startHistory() {
	if g.variant == "oware" || g.variant == "bao-laps" || g.variant == "kalah" && g.cross {
		g.seen = map[string]int{g.key(): 1}
	}
}

func (g *refGame) clone() *refGame {
	c := g.cloneBoard()
	if g.seen != nil {
		c.seen = make(map[string]int, len(g.seen))
		for k, v := range g.seen {
			c.seen[k] = v
		}
	}
	return c
}

// cloneBoard copies the position without the game's history.
func (g *refGame) cloneBoard() *refGame {
	c := *g
	c.pits = make([][]int, len(g.pits))
	for s := range g.pits {
		c.pits[s] = append([]int(nil), g.pits[s]...)
	}
	c.stores = append([]int(nil), g.stores...)
	c.seen = nil
	c.cache, c.cached = nil, false
	return &c
}

// key identifies the position for the repetition rule: the board and the
// side to move.
func (g *refGame) key() string {
	b := make([]byte, 0, 64)
	for s := range g.pits {
		for _, k := range g.pits[s] {
			b = strconv.AppendInt(b, int64(k), 10)
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(g.stores[s]), 10)
		b = append(b, '|')
	}
	b = strconv.AppendInt(b, int64(g.toMove), 10)
	return string(b)
}

func (g *refGame) get(s refSpot) int {
	if s.isStore() {
		return g.stores[s.side]
	}
	return g.pits[s.side][s.pit-1]
}

func (g *refGame) add(s refSpot, k int) {
	if s.isStore() {
		g.stores[s.side] += k
	} else {
		g.pits[s.side][s.pit-1] += k
	}
}

// take empties a pit and returns what it held.
func (g *refGame) take(s refSpot) int {
	k := g.get(s)
	g.add(s, -k)
	return k
}

func (g *refGame) rowSum(side int) int {
	n := 0
	for _, k := range g.pits[side] {
		n += k
	}
	return n
}

func (g *refGame) totalSeeds() int {
	n := 0
	for s := range g.pits {
		n += g.rowSum(s) + g.stores[s]
	}
	return n
}

func (g *refGame) other(side int) int { return 1 - side }

// nextSpot is the place after s in counter-clockwise order around the
// board: along a side's pits 1..n, then (where stores are sown) that side's
// store, then the other side's pit 1. withStores says whether stores are
// part of the walk at all.
func (g *refGame) nextSpot(s refSpot, withStores bool) refSpot {
	if len(g.pits) == 1 { // the solitaire: pits 1..n, the store, pit 1 again
		if s.isStore() {
			return refSpot{0, 1}
		}
		if s.pit == g.n {
			return refSpot{0, 0}
		}
		return refSpot{0, s.pit + 1}
	}
	switch {
	case s.isStore():
		return refSpot{g.other(s.side), 1}
	case s.pit < g.n:
		return refSpot{s.side, s.pit + 1}
	case withStores:
		return refSpot{s.side, 0}
	default:
		return refSpot{g.other(s.side), 1}
	}
}

// prevSpot is the place before s in counter-clockwise order, that is the
// next one clockwise: nextSpot walked backwards.
func (g *refGame) prevSpot(s refSpot, withStores bool) refSpot {
	switch {
	case s.isStore():
		return refSpot{s.side, g.n}
	case s.pit > 1:
		return refSpot{s.side, s.pit - 1}
	case withStores:
		return refSpot{g.other(s.side), 0}
	default:
		return refSpot{g.other(s.side), g.n}
	}
}

// decide ends the game: the bigger store wins, equal stores draw.
func (g *refGame) decide(r engine.EndReason) {
	switch {
	case g.stores[refS] > g.stores[refN]:
		g.status = engine.SouthWon
	case g.stores[refN] > g.stores[refS]:
		g.status = engine.NorthWon
	default:
		g.status = engine.Draw
	}
	g.reason = r
}

// eachTakesOwn moves the seeds left on each side into that side's store.
func (g *refGame) eachTakesOwn() {
	for s := range g.pits {
		for i := range g.pits[s] {
			g.stores[s] += g.pits[s][i]
			g.pits[s][i] = 0
		}
	}
}

// majority ends the game if a store holds more than half of all the seeds,
// or both hold exactly half. It reports whether it did.
func (g *refGame) majority() bool {
	total := g.totalSeeds()
	s, n := g.stores[refS], g.stores[refN]
	switch {
	case 2*s > total:
		g.status, g.reason = engine.SouthWon, engine.EndMajority
	case 2*n > total:
		g.status, g.reason = engine.NorthWon, engine.EndMajority
	case 2*s == total && 2*n == total:
		g.status, g.reason = engine.Draw, engine.EndMajority
	default:
		return false
	}
	return true
}

// settle ends the game if the rules say it is over in this position (it is
// used after every move and to judge a setup).
func (g *refGame) settle() {
	if g.status != engine.Ongoing {
		return
	}
	switch g.variant {
	case "kalah":
		// As soon as either side has no seeds in its pits.
		if g.rowSum(refS) == 0 || g.rowSum(refN) == 0 {
			g.eachTakesOwn()
			g.decide(engine.EndEmptySide)
		}
	case "congkak":
		// When the player to move has no seeds in their pits.
		if g.rowSum(g.toMove) == 0 {
			g.eachTakesOwn()
			g.decide(engine.EndNoMoves)
		}
	case "oware":
		if g.majority() {
			return
		}
		if len(g.owareMoves()) == 0 {
			g.eachTakesOwn()
			g.decide(engine.EndNoMoves)
		}
	case "togyz":
		if g.majority() {
			return
		}
		if g.rowSum(g.toMove) == 0 {
			// The opponent takes the seeds left on his own side.
			opp := g.other(g.toMove)
			g.stores[opp] += g.rowSum(opp)
			for i := range g.pits[opp] {
				g.pits[opp][i] = 0
			}
			g.decide(engine.EndNoMoves)
		}
	case "tchuka":
		if g.rowSum(refS) == 0 {
			g.status, g.reason = engine.Solved, engine.EndCleared
		}
	case "bao-kenya", "bao-laps":
		g.baoSettle()
	}
}

func (g *refGame) canSwap() bool {
	return g.variant == "kalah" && g.pie && g.toMove == refN && g.swapAvailable
}

// legalMoves lists the legal moves: pits in ascending order, then "swap".
func (g *refGame) legalMoves() []engine.Move {
	if !g.cached {
		g.cache, g.cached = g.computeMoves(), true
	}
	return g.cache
}

func (g *refGame) computeMoves() []engine.Move {
	if g.status != engine.Ongoing {
		return nil
	}
	if g.variant == "oware" {
		var out []engine.Move
		for _, pit := range g.owareMoves() {
			out = append(out, engine.Move{Pit: uint8(pit)})
		}
		return out
	}
	if g.variant == "bao-laps" {
		return g.baoLapsMoves()
	}
	var out []engine.Move
	for pit := 1; pit <= g.n; pit++ {
		if g.variant == "togyz" && g.tuzdyk[g.other(g.toMove)] == pit {
			continue // the opponent's tuzdyk is never played from
		}
		if g.pits[g.toMove][pit-1] > 0 {
			out = append(out, engine.Move{Pit: uint8(pit)})
		}
	}
	if g.canSwap() {
		out = append(out, engine.SwapMove)
	}
	return out
}

// why says why m is illegal (0 when it is legal). Only moves with at most
// one thing wrong with them are asked about.
func (g *refGame) why(m engine.Move) engine.Reason {
	if g.status != engine.Ongoing {
		return engine.GameOver
	}
	if m.Kind == engine.Swap {
		if g.canSwap() {
			return 0
		}
		return engine.SwapUnavailable
	}
	if m.Dir != engine.DirNone {
		return engine.NeedsNoDirection
	}
	pit := int(m.Pit)
	if pit < 1 || pit > g.n {
		return engine.NoSuchPit
	}
	me := g.toMove
	if g.variant == "togyz" && g.tuzdyk[g.other(me)] == pit {
		return engine.TuzdykPit
	}
	if g.pits[me][pit-1] == 0 {
		return engine.EmptyPit
	}
	if g.variant == "bao-kenya" || g.variant == "bao-laps" {
		return g.baoWhy(pit)
	}
	if g.variant == "oware" {
		for _, m := range g.legalMoves() {
			if int(m.Pit) == pit {
				return 0
			}
		}
		feeds, _ := g.owareTry(pit)
		if g.rowSum(g.other(me)) == 0 && !feeds {
			return engine.MustFeed
		}
		return engine.GrandSlamForbidden
	}
	return 0
}

// play plays a legal move.
func (g *refGame) play(m engine.Move) {
	g.cache, g.cached = nil, false
	defer func() { g.cache, g.cached = nil, false }()
	switch g.variant {
	case "kalah", "congkak":
		g.kalahPlay(m)
	case "oware":
		g.owarePlay(int(m.Pit))
	case "togyz":
		g.togyzPlay(int(m.Pit))
	case "tchuka":
		g.tchukaPlay(int(m.Pit))
	case "bao-kenya":
		g.baoKenyaPlay(int(m.Pit))
	case "bao-laps":
		g.baoLapsPlay(int(m.Pit))
	}
	// Oware: a position occurring for the third time ends the game, each
	// player taking the seeds on their own side. bao-laps (R1): it is a
	// draw, the seeds staying where they are.
	if g.seen != nil && g.status == engine.Ongoing {
		k := g.key()
		g.seen[k]++
		if g.seen[k] >= 3 && g.variant == "bao-laps" {
			g.status, g.reason = engine.Draw, engine.EndRepetition
		} else if g.seen[k] >= 3 {
			g.eachTakesOwn()
			g.decide(engine.EndRepetition)
		}
	}
}

// Kalah and Congkak.
func (g *refGame) kalahPlay(m engine.Move) {
	me := g.toMove
	g.ply++
	if m.Kind == engine.Swap {
		// North takes over South's side; the board stays, North's seat is
		// to move again.
		g.swapAvailable, g.swapped = false, true
		refCount(g.variant + " swap")
		return
	}
	if me == refN {
		g.swapAvailable = false // North has sown: the swap is gone
	}
	here := refSpot{me, int(m.Pit)}
	hand := g.take(here)
	if hand >= 2*g.n+1 {
		refCount(g.variant + " lap")
	}
	cw := g.cross && hand%2 == 0 // cross-sowing: an even pit goes clockwise
	if cw {
		refCount(g.variant + " clockwise")
	}
	for {
		for hand > 0 {
			if cw {
				here = g.prevSpot(here, true)
			} else {
				here = g.nextSpot(here, true)
			}
			if here.isStore() && here.side != me {
				continue // never the opponent's store
			}
			g.add(here, 1)
			hand--
		}
		// Congkak's relay: a last seed in an occupied pit (either side)
		// lifts that pit and sowing goes on.
		if g.relay && !here.isStore() && g.get(here) > 1 {
			hand = g.take(here)
			refCount(g.variant + " relay")
			continue
		}
		break
	}
	if here.isStore() { // own store: move again
		refCount(g.variant + " extra turn")
		g.settle()
		return
	}
	if here.side == me && g.get(here) == 1 {
		// The last seed fell into an own empty pit: it captures the facing
		// pit, with itself, if that pit has seeds (or always, with the
		// empty capture house rule).
		facing := refSpot{g.other(me), g.n + 1 - here.pit}
		if g.get(facing) > 0 || g.emptyCapture {
			if g.get(facing) == 0 {
				refCount(g.variant + " empty capture")
			} else {
				refCount(g.variant + " capture")
			}
			g.stores[me] += g.take(facing) + g.take(here)
		}
	}
	g.toMove = g.other(me)
	g.settle()
}

// Oware.

// owareSow sows the mover's pit and returns where the last seed fell. The
// emptied pit is skipped on every lap.
func (g *refGame) owareSow(pit int) refSpot {
	from := refSpot{g.toMove, pit}
	hand := g.take(from)
	cw := g.cross && hand%2 == 0 // cross-sowing: an even pit goes clockwise
	here := from
	for hand > 0 {
		if cw {
			here = g.prevSpot(here, false)
		} else {
			here = g.nextSpot(here, false)
		}
		if here == from {
			continue
		}
		g.add(here, 1)
		hand--
	}
	return here
}

// owareChain lists the opponent's pits that the last seed at last captures:
// that pit if it now holds 2 or 3, then the pits before it in the
// opponent's row while they hold 2 or 3; after a clockwise sowing (cw)
// the pits after it, toward the opponent's pit 6.
func (g *refGame) owareChain(last refSpot, cw bool) []refSpot {
	var out []refSpot
	step := -1
	if cw {
		step = 1
	}
	for s := last; s.side != g.toMove && s.pit >= 1 && s.pit <= 6; s.pit += step {
		if k := g.get(s); k != 2 && k != 3 {
			break
		}
		out = append(out, s)
	}
	return out
}

// owareTry plays pit on a copy: does it sow a seed into the opponent's row,
// and would it capture every seed there?
func (g *refGame) owareTry(pit int) (feeds, grandSlam bool) {
	c := g.cloneBoard()
	opp := c.other(c.toMove)
	before := c.rowSum(opp)
	cw := c.cross && c.pits[c.toMove][pit-1]%2 == 0
	last := c.owareSow(pit)
	after := c.rowSum(opp)
	taken := 0
	chain := c.owareChain(last, cw)
	for _, s := range chain {
		taken += c.get(s)
	}
	return after > before, len(chain) > 0 && taken == after
}

// owareMoves lists the legal pits of the side to move (the status aside).
func (g *refGame) owareMoves() []int {
	me := g.toMove
	starving := g.rowSum(g.other(me)) == 0
	var pits, kept []int
	for pit := 1; pit <= 6; pit++ {
		if g.pits[me][pit-1] == 0 {
			continue
		}
		if !starving && g.slam != "forbidden" {
			pits = append(pits, pit)
			continue
		}
		feeds, slam := g.owareTry(pit)
		if starving && !feeds {
			continue // the opponent must be fed
		}
		pits = append(pits, pit)
		if !slam {
			kept = append(kept, pit)
		}
	}
	// A forbidden grand slam is illegal unless every legal move is one.
	if g.slam == "forbidden" && len(kept) > 0 {
		if len(kept) < len(pits) {
			refCount("oware grand slam refused")
		}
		pits = kept
	}
	return pits
}

func (g *refGame) owarePlay(pit int) {
	me, opp := g.toMove, g.other(g.toMove)
	if g.pits[me][pit-1] >= 12 {
		refCount("oware lap")
	}
	if g.rowSum(opp) == 0 {
		refCount("oware feeding move")
	}
	cw := g.cross && g.pits[me][pit-1]%2 == 0
	if cw {
		refCount("oware clockwise")
	}
	last := g.owareSow(pit)
	chain := g.owareChain(last, cw)
	taken := 0
	for _, s := range chain {
		taken += g.get(s)
	}
	grandSlam := len(chain) > 0 && taken == g.rowSum(opp)
	switch {
	case grandSlam:
		refCount("oware grand slam (" + g.slam + ")")
	case len(chain) > 1:
		refCount("oware chain capture")
	case len(chain) == 1:
		refCount("oware capture")
	}
	if !(grandSlam && g.slam == "nocapture") {
		for _, s := range chain {
			g.stores[me] += g.take(s)
		}
	}
	g.ply++
	g.toMove = opp
	g.settle()
}

// Togyz Kumalak.

// togyzDrop drops one seed into a pit; a seed that falls into a tuzdyk goes
// at once to its owner's kazan.
func (g *refGame) togyzDrop(s refSpot) {
	for owner := range 2 {
		if s.side == g.other(owner) && g.tuzdyk[owner] == s.pit {
			g.stores[owner]++
			refCount("togyz seed into a tuzdyk")
			return
		}
	}
	g.add(s, 1)
}

func (g *refGame) togyzPlay(pit int) {
	me, opp := g.toMove, g.other(g.toMove)
	from := refSpot{me, pit}
	hand := g.take(from)
	if hand >= 19 {
		refCount("togyz lap")
	}
	// The first seed goes back into the pit it came from, unless it is the
	// only one: then it moves to the next pit.
	here := from
	if hand == 1 {
		here = g.nextSpot(from, false)
	}
	g.togyzDrop(here)
	hand--
	for ; hand > 0; hand-- {
		here = g.nextSpot(here, false)
		g.togyzDrop(here)
	}
	if here.side == opp && g.tuzdyk[me] != here.pit {
		switch k := g.get(here); {
		case k%2 == 0:
			refCount("togyz capture")
			g.stores[me] += g.take(here)
		case k == 3 && g.tuzdyk[me] == 0 && here.pit != 9 && g.tuzdyk[opp] != here.pit:
			refCount("togyz tuzdyk")
			g.tuzdyk[me] = here.pit
			g.stores[me] += g.take(here)
		case k == 3:
			refCount("togyz 3 without a tuzdyk")
		}
	}
	g.ply++
	g.toMove = opp
	g.settle()
}

// Tchuka Ruma.
func (g *refGame) tchukaPlay(pit int) {
	here := refSpot{0, pit}
	hand := g.take(here)
	for {
		for ; hand > 0; hand-- {
			here = g.nextSpot(here, true)
			g.add(here, 1)
		}
		if !here.isStore() && g.get(here) > 1 {
			hand = g.take(here) // relay
			refCount("tchuka relay")
			continue
		}
		break
	}
	g.ply++
	if !here.isStore() {
		g.status, g.reason = engine.Failed, engine.EndStranded
		return
	}
	g.settle()
}

// extra is the variant state as position JSON writes it.
func (g *refGame) extra() map[string]any {
	switch {
	case g.variant == "kalah" && g.pie:
		return map[string]any{"swap_available": g.swapAvailable, "swapped": g.swapped}
	case g.variant == "togyz":
		return map[string]any{"tuzdyk": map[string]int{"south": g.tuzdyk[refS], "north": g.tuzdyk[refN]}}
	}
	return nil
}

func (g *refGame) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s ply %d, %s to move, %s (%s)\n", g.variant, g.ply, engine.Side(g.toMove), g.status, g.reason)
	for s := range g.pits {
		fmt.Fprintf(&b, "  %s pits %v store %d\n", engine.Side(s), g.pits[s], g.stores[s])
	}
	if e := g.extra(); e != nil {
		j, _ := json.Marshal(e)
		fmt.Fprintf(&b, "  extra %s\n", j)
	}
	return b.String()
}

// refPerft counts the move sequences of exactly depth plies. repetitions
// counts the lines the repetition rule ended.
func refPerft(g *refGame, depth int, repetitions *int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range g.legalMoves() {
		c := g.clone()
		c.play(m)
		if c.reason == engine.EndRepetition {
			*repetitions++
		}
		n += refPerft(c, depth-1, repetitions)
	}
	return n
}

// ---------------------------------------------------------------------------
// Comparing the engine with the reference.

type refCase struct {
	variant string
	opts    engine.Options
}

func (c refCase) String() string {
	j, _ := json.Marshal(c.opts)
	return c.variant + " " + string(j)
}

func refMovesString(ms []engine.Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.String()
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// refDiff lists the differences between an engine position and the
// reference's: the board, side to move, ply, status, variant state and legal
// moves. (It reads the engine through Pit, Store and Extra, the exported
// accessors; Setup is checked by the JSON round trips of fuzz_test.go.)
func refDiff(p engine.Position, g *refGame) []string {
	var d []string
	for side := range g.pits {
		for i, want := range g.pits[side] {
			if got := p.Pit(engine.Side(side), i+1); got != want {
				d = append(d, fmt.Sprintf("pits.%s[%d] (pit %d): engine %d, reference %d", engine.Side(side), i, i+1, got, want))
			}
		}
		if got := p.Store(engine.Side(side)); got != g.stores[side] {
			d = append(d, fmt.Sprintf("stores.%s: engine %d, reference %d", engine.Side(side), got, g.stores[side]))
		}
	}
	if p.ToMove() != engine.Side(g.toMove) {
		d = append(d, fmt.Sprintf("to_move: engine %s, reference %s", p.ToMove(), engine.Side(g.toMove)))
	}
	if p.Ply() != g.ply {
		d = append(d, fmt.Sprintf("ply: engine %d, reference %d", p.Ply(), g.ply))
	}
	if p.Status() != g.status || p.EndReason() != g.reason {
		d = append(d, fmt.Sprintf("status: engine %s (%s), reference %s (%s)", p.Status(), p.EndReason(), g.status, g.reason))
	}
	if !refExtraEqual(p.Extra(), g) {
		ej, _ := json.Marshal(p.Extra())
		rj, _ := json.Marshal(g.extra())
		if string(ej) != string(rj) {
			d = append(d, fmt.Sprintf("extra: engine %s, reference %s", ej, rj))
		}
	}
	em, rm := p.Moves(), g.legalMoves()
	same := len(em) == len(rm)
	for i := 0; same && i < len(em); i++ {
		same = em[i] == rm[i]
	}
	if !same {
		d = append(d, fmt.Sprintf("moves: engine %s, reference %s", refMovesString(em), refMovesString(rm)))
	}
	return d
}

// refExtraEqual is a quick check of the variant state against the types
// the engine uses today; when it says no, refDiff compares the JSON.
func refExtraEqual(e map[string]any, g *refGame) bool {
	want := g.extra()
	switch {
	case want == nil:
		return e == nil
	case g.variant == "togyz":
		t, ok := e["tuzdyk"].(map[string]int)
		return ok && len(e) == 1 && len(t) == 2 && t["south"] == g.tuzdyk[refS] && t["north"] == g.tuzdyk[refN]
	default:
		a, ok1 := e["swap_available"].(bool)
		b, ok2 := e["swapped"].(bool)
		return ok1 && ok2 && len(e) == 2 && a == g.swapAvailable && b == g.swapped
	}
}

type refReasonDiff struct {
	move      engine.Move
	got, want engine.Reason
	text      string
}

// refProbe plays probe moves: every pit number from 0 to n+1, the swap, and
// a legal pit with a direction. Each must be accepted or refused as the
// reference says, and a refusal must leave the position as it was; those
// differences come first. The reason given for a refusal is compared too;
// a wrong reason comes back separately.
func refProbe(p engine.Position, g *refGame) (diffs []string, reasons []refReasonDiff) {
	probes := make([]engine.Move, 0, g.n+5)
	probes = append(probes, engine.SwapMove)
	for pit := 0; pit <= g.n+1; pit++ {
		probes = append(probes, engine.Move{Pit: uint8(pit)})
	}
	dirPit := uint8(1)
	if ms := g.legalMoves(); len(ms) > 0 && ms[0].Kind == engine.Sow {
		dirPit = ms[0].Pit
	}
	probes = append(probes, engine.Move{Pit: dirPit, Dir: engine.DirLeft}, engine.Move{Pit: dirPit, Dir: engine.DirRight})
	for _, m := range probes {
		q, err := p.Play(m)
		want := g.why(m)
		var got engine.Reason
		if e, ok := err.(*engine.IllegalMoveError); ok {
			got = e.Reason
		} else {
			got = engine.ReasonOf(err)
		}
		switch {
		case (err == nil) != (want == 0):
			diffs = append(diffs, fmt.Sprintf("move %s: engine error %v, reference reason %d", m, err, want))
		case err != nil && got == 0:
			diffs = append(diffs, fmt.Sprintf("move %s: error without a reason: %v", m, err))
		case err != nil && q != p:
			diffs = append(diffs, fmt.Sprintf("move %s: refused, but the position changed", m))
		case got != want:
			reasons = append(reasons, refReasonDiff{m, got, want, fmt.Sprintf("move %s: engine reason %d (%q), reference reason %d (%q)",
				m, got, err, want, (&engine.IllegalMoveError{Move: m, Reason: want}).Error())})
		}
	}
	return diffs, reasons
}

type refStats struct {
	games, gamesFromSetup, positions, setups, setupsRefused int
	ends                                                    map[string]int
	// badReasons counts refusals the engine explains with a reason other
	// than the reference's, by variant and pair of reasons; the first
	// instance of each is reported with t.Errorf, and the test goes on.
	badReasons map[string]int
}

// refPlayGame plays one random game from start through engine.Game and the
// reference side by side, failing the test on the first difference.
func refPlayGame(t *testing.T, c refCase, start engine.Position, ref *refGame, rng *rand.Rand, st *refStats) {
	t.Helper()
	g := engine.NewGame(start)
	var played []engine.Move
	report := func(fatal bool, what string, diffs []string, eng engine.Position) {
		t.Helper()
		sj, _ := start.MarshalJSON()
		ej, _ := eng.MarshalJSON()
		f := t.Errorf
		if fatal {
			f = t.Fatalf
		}
		f("%s: %s\nstart: %s\nmoves: %s\nengine:    %s\n%s\nreference: %s\ndifferences:\n  %s",
			c, what, sj, refMovesString(played), ej, eng.String(), ref, strings.Join(diffs, "\n  "))
	}
	check := func(what string, p engine.Position) {
		t.Helper()
		d := refDiff(p, ref)
		pd, reasons := refProbe(p, ref)
		if d = append(d, pd...); len(d) > 0 {
			report(true, what, d, p)
		}
		for _, r := range reasons {
			k := fmt.Sprintf("%s: move refused with reason %d instead of %d", c.variant, r.got, r.want)
			if st.badReasons[k]++; st.badReasons[k] == 1 {
				report(false, what+": wrong reason for an illegal move (reported once per kind; the test goes on)", []string{r.text}, p)
			}
		}
		st.positions++
	}
	check("the start positions differ", start)
	const maxPlies = 3000
	for len(played) < maxPlies {
		moves := ref.legalMoves()
		if len(moves) == 0 {
			break
		}
		m := moves[rng.IntN(len(moves))]
		if last := moves[len(moves)-1]; last.Kind == engine.Swap && rng.IntN(3) == 0 {
			m = last // the swap is offered once a game: play it often
		}
		prev := g.Position()
		fast, fastErr := prev.Play(m)
		if _, err := g.Play(m); err != nil {
			played = append(played, m)
			report(true, fmt.Sprintf("engine refused %s: %v", m, err), nil, prev)
		}
		played = append(played, m)
		ref.play(m)
		cur := g.Position()
		check(fmt.Sprintf("after move %d (%s)", len(played), m), cur)
		// The fast path (no events) must reach the same position, except
		// where the Game ended the game by repetition.
		if cur.EndReason() != engine.EndRepetition && (fastErr != nil || fast != cur) {
			report(true, fmt.Sprintf("after move %d (%s): Position.Play and Game.Play disagree", len(played), m),
				[]string{fmt.Sprintf("Position.Play: %v\n%s", fastErr, fast.String())}, cur)
		}
	}
	st.games++
	st.ends[fmt.Sprintf("%s %s", c.variant, ref.reason)]++
}

// ---------------------------------------------------------------------------
// Random positions.

// refSeeds draws a pit's seeds for a profile: 0 sparse (0..3, many empty
// pits), 1 mixed, 2 heavy (piles that go round the board), 3 endgame (a
// handful of seeds).
func refSeeds(rng *rand.Rand, profile, lap int) int {
	r := rng.IntN(100)
	switch profile {
	case 0:
		switch {
		case r < 35:
			return 0
		case r < 60:
			return 1
		case r < 85:
			return 2
		default:
			return 3
		}
	case 1:
		switch {
		case r < 20:
			return 0
		case r < 60:
			return 1 + rng.IntN(3)
		case r < 90:
			return 4 + rng.IntN(6)
		default:
			return lap - 2 + rng.IntN(6) // around a full lap
		}
	case 2:
		switch {
		case r < 15:
			return 0
		case r < 55:
			return 1 + rng.IntN(4)
		case r < 75:
			return 5 + rng.IntN(10)
		default:
			return lap - 1 + rng.IntN(2*lap) // one to three laps
		}
	default:
		switch {
		case r < 75:
			return 0
		case r < 92:
			return 1
		default:
			return 2
		}
	}
}

// refRandomSetup draws a random position of case c: the engine's Setup and
// the same position in the reference (with its judgement of whether the
// game is already over).
func refRandomSetup(rng *rand.Rand, c refCase) (engine.Setup, *refGame) {
	for {
		g := refRules(c.variant, c.opts)
		// seeds a lap sows: the cells a sowing passes through
		lap := map[string]int{"kalah": 2*g.n + 1, "congkak": 15, "oware": 11, "togyz": 18, "tchuka": g.n + 1, "bao-kenya": 16, "bao-laps": 16}[c.variant]
		profile := rng.IntN(4)
		for s := range g.pits {
			for i := range g.pits[s] {
				g.pits[s][i] = refSeeds(rng, profile, lap)
			}
		}
		if c.variant == "bao-laps" {
			// Few seeds: with many, a never-ending move can cycle through
			// tens of millions of laps (78,278,100 from one random setup
			// with 71 seeds and skip_origin), too many for the reference's
			// set of states.
			for s := range g.pits {
				for i := range g.pits[s] {
					g.pits[s][i] %= 4
				}
			}
		}
		if c.variant == "togyz" {
			for s := range 2 {
				if rng.IntN(2) == 0 {
					g.tuzdyk[s] = 1 + rng.IntN(8)
				}
			}
			if g.tuzdyk[refS] != 0 && g.tuzdyk[refS] == g.tuzdyk[refN] {
				g.tuzdyk[refN] = 0
			}
			for s := range 2 {
				if g.tuzdyk[s] != 0 {
					g.pits[g.other(s)][g.tuzdyk[s]-1] = 0
				}
			}
		}
		board := g.totalSeeds()
		for s := range g.stores {
			switch rng.IntN(3) {
			case 0:
			case 1:
				g.stores[s] = rng.IntN(10)
			default:
				g.stores[s] = rng.IntN(board + 10)
			}
		}
		if g.totalSeeds() > 255 || g.totalSeeds() == 0 {
			continue
		}
		if len(g.pits) == 2 {
			g.toMove = rng.IntN(2)
		}
		g.ply = rng.IntN(200)
		if g.pie {
			g.swapAvailable = rng.IntN(2) == 0
			g.swapped = rng.IntN(3) == 0
		}
		setup := engine.Setup{ToMove: engine.Side(g.toMove), Ply: g.ply}
		for s := range g.pits {
			setup.Pits = append(setup.Pits, append([]int(nil), g.pits[s]...))
			setup.Stores = append(setup.Stores, g.stores[s])
		}
		if e := g.extra(); e != nil {
			setup.Extra = map[string]json.RawMessage{}
			for k, v := range e {
				setup.Extra[k], _ = json.Marshal(v)
			}
		}
		g.startHistory()
		return setup, g
	}
}

// refCases are the rule sets the random games are played under, each with
// its number of games from the start and from random positions.
func refCases() []refCase {
	var cs []refCase
	for _, pits := range []int{1, 2, 3, 4, 5, 6, 7, 8} {
		for _, seeds := range []int{1, 3, 4, 6, 8} {
			cs = append(cs, refCase{"kalah", engine.Options{"pits": strconv.Itoa(pits), "seeds": strconv.Itoa(seeds)}})
		}
	}
	cs = append(cs,
		refCase{"kalah", engine.Options{}},
		refCase{"kalah", engine.Options{"empty_capture": "true"}},
		refCase{"kalah", engine.Options{"pie": "true"}},
		refCase{"kalah", engine.Options{"pits": "4", "seeds": "3", "pie": "true"}},
		refCase{"kalah", engine.Options{"pits": "8", "seeds": "8", "pie": "true", "empty_capture": "true"}},
		refCase{"kalah", engine.Options{"pits": "3", "seeds": "5", "empty_capture": "true"}},
		refCase{"kalah", engine.Options{"cross": "true"}},
		refCase{"kalah", engine.Options{"cross": "true", "pits": "3", "seeds": "2"}},
		refCase{"kalah", engine.Options{"cross": "true", "pits": "4", "seeds": "3", "pie": "true", "empty_capture": "true"}},
		refCase{"kalah", engine.Options{"cross": "true", "pits": "8", "seeds": "6"}},
		refCase{"kalah", engine.Options{"cross": "true", "pits": "1", "seeds": "4"}},
		refCase{"congkak", engine.Options{}},
		refCase{"congkak", engine.Options{"relay": "false"}},
		refCase{"togyz", engine.Options{}},
	)
	for seeds := 1; seeds <= 6; seeds++ {
		for _, slam := range []string{"capture", "nocapture", "forbidden"} {
			cs = append(cs, refCase{"oware", engine.Options{"seeds": strconv.Itoa(seeds), "grand_slam": slam}})
			cs = append(cs, refCase{"oware", engine.Options{"seeds": strconv.Itoa(seeds), "grand_slam": slam, "cross": "true"}})
		}
	}
	for _, ps := range [][2]int{{1, 1}, {1, 5}, {2, 2}, {3, 2}, {4, 2}, {4, 3}, {4, 6}, {5, 2}, {6, 4}, {7, 4}, {8, 3}, {16, 15}, {16, 2}, {10, 9}} {
		cs = append(cs, refCase{"tchuka", engine.Options{"pits": strconv.Itoa(ps[0]), "seeds": strconv.Itoa(ps[1])}})
	}
	for _, seeds := range []string{"1", "3", "5", "8"} {
		for _, cs2 := range []string{"false", "true"} {
			cs = append(cs, refCase{"bao-kenya", engine.Options{"seeds": seeds, "capture_sower": cs2}})
		}
	}
	for _, inf := range []string{"draw", "loss", "illegal"} {
		cs = append(cs,
			refCase{"bao-laps", engine.Options{"infinite": inf}},
			refCase{"bao-laps", engine.Options{"infinite": inf, "skip_origin": "true"}},
			refCase{"bao-laps", engine.Options{"infinite": inf, "capture_sower": "true", "seeds": "3"}},
		)
	}
	cs = append(cs,
		refCase{"bao-laps", engine.Options{"seeds": "1"}},
		refCase{"bao-laps", engine.Options{"seeds": "4", "skip_origin": "true", "capture_sower": "true"}},
		refCase{"bao-laps", engine.Options{"seeds": "4", "infinite": "illegal"}},
	)
	return cs
}

// refGamesPer is the number of games per case from the start and from
// random setups: variants with few cases get more games each.
func refGamesPer(variant string) int {
	n := map[string]int{"kalah": 40, "congkak": 800, "togyz": 1200, "oware": 90, "tchuka": 120, "bao-kenya": 100, "bao-laps": 60}[variant]
	if testing.Short() {
		n /= 10
	}
	return n
}

func TestReferenceRandomGames(t *testing.T) {
	st := &refStats{ends: map[string]int{}, badReasons: map[string]int{}}
	refCounts = map[string]int{}
	defer func() { refCounts = nil }()
	for ci, c := range refCases() {
		rules, err := engine.New(c.variant, c.opts)
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		rng := rand.New(rand.NewPCG(uint64(ci), 0x5eed))
		games := refGamesPer(c.variant)
		for range games {
			refPlayGame(t, c, rules.Start(), refStart(c.variant, c.opts), rng, st)
		}
		for played := 0; played < games; {
			setup, ref := refRandomSetup(rng, c)
			st.setups++
			over := ref.clone()
			over.settle()
			p, err := engine.NewPosition(rules, setup)
			switch {
			case over.status != engine.Ongoing && err == nil:
				t.Fatalf("%s: NewPosition accepted a position the rules say is over (%s, %s):\n%s", c, over.status, over.reason, p.String())
			case over.status == engine.Ongoing && err != nil:
				t.Fatalf("%s: NewPosition refused a valid ongoing position: %v\n%s", c, err, ref)
			case err != nil:
				st.setupsRefused++
				continue
			}
			refPlayGame(t, c, p, ref, rng, st)
			st.gamesFromSetup++
			played++
		}
	}
	t.Logf("%d games (%d from random positions), %d positions compared; %d random setups, %d of them refused as finished",
		st.games, st.gamesFromSetup, st.positions, st.setups, st.setupsRefused)
	t.Logf("game ends: %v", st.ends)
	t.Logf("rule situations met: %v", refCounts)
	for k, n := range st.badReasons {
		t.Errorf("%s: %d times", k, n)
	}
}

func TestReferencePerft(t *testing.T) {
	type perftCase struct {
		refCase
		depth int
	}
	cases := []perftCase{
		{refCase{"kalah", engine.Options{}}, 5},
		{refCase{"kalah", engine.Options{"empty_capture": "true", "seeds": "3"}}, 5},
		{refCase{"kalah", engine.Options{"pits": "4", "seeds": "3", "pie": "true"}}, 6},
		{refCase{"kalah", engine.Options{"pits": "1", "seeds": "8"}}, 6},
		{refCase{"oware", engine.Options{}}, 5},
		{refCase{"oware", engine.Options{"grand_slam": "forbidden"}}, 5},
		{refCase{"oware", engine.Options{"grand_slam": "nocapture", "seeds": "2"}}, 5},
		{refCase{"kalah", engine.Options{"cross": "true"}}, 6},
		{refCase{"kalah", engine.Options{"cross": "true", "pits": "3", "seeds": "2"}}, 7},
		{refCase{"oware", engine.Options{"cross": "true"}}, 6},
		{refCase{"oware", engine.Options{"cross": "true", "grand_slam": "forbidden", "seeds": "2"}}, 6},
		{refCase{"togyz", engine.Options{}}, 4},
		{refCase{"congkak", engine.Options{}}, 4},
		{refCase{"congkak", engine.Options{"relay": "false"}}, 4},
		{refCase{"tchuka", engine.Options{}}, 6},
		{refCase{"tchuka", engine.Options{"pits": "6", "seeds": "4"}}, 6},
		{refCase{"bao-kenya", engine.Options{}}, 5},
		{refCase{"bao-kenya", engine.Options{"seeds": "1", "capture_sower": "true"}}, 6},
		{refCase{"bao-laps", engine.Options{}}, 5},
		{refCase{"bao-laps", engine.Options{"infinite": "illegal"}}, 5},
		{refCase{"bao-laps", engine.Options{"skip_origin": "true", "infinite": "loss"}}, 5},
	}
	if testing.Short() {
		for i := range cases {
			cases[i].depth--
		}
	}
	// check compares the counts at depths 1..depth, or only at depth and
	// depth/2 when all is false.
	check := func(c refCase, p engine.Position, ref *refGame, depth int, all bool) int {
		t.Helper()
		reps := 0
		for d := 1; d <= depth; d++ {
			if !all && d != depth && d != depth/2 {
				continue
			}
			want := refPerft(ref, d, &reps)
			if got := engine.Perft(p, d); got != want {
				j, _ := p.MarshalJSON()
				t.Fatalf("%s: Perft(%s, %d) = %d, reference %d", c, j, d, got, want)
			}
			if got := engine.PerftFull(p, d); got != want {
				j, _ := p.MarshalJSON()
				t.Fatalf("%s: PerftFull(%s, %d) = %d, reference %d", c, j, d, got, want)
			}
		}
		return reps
	}
	for _, c := range cases {
		rules := engine.MustNew(c.variant, c.opts)
		check(c.refCase, rules.Start(), refStart(c.variant, c.opts), c.depth, true)
	}
	// Random positions: endgames with few seeds reach Oware's repetition
	// rule within a few plies.
	positions, reps := 0, 0
	for ci, c := range refCases() {
		if ci%3 != 0 && c.variant != "oware" {
			continue
		}
		rules := engine.MustNew(c.variant, c.opts)
		rng := rand.New(rand.NewPCG(uint64(ci), 0xbeef))
		n := 6
		if testing.Short() {
			n = 2
		}
		for k := 0; k < n; {
			setup, ref := refRandomSetup(rng, c)
			p, err := engine.NewPosition(rules, setup)
			if err != nil {
				continue
			}
			depth := 3
			if onBoard := ref.rowSum(refS) + ref.rowSum(len(ref.pits)-1); onBoard <= 8 {
				depth = 7 // few seeds on the board: few moves, long lines
			}
			reps += check(c, p, ref, depth, true)
			positions++
			k++
		}
	}
	// Oware with a lone seed on each side: the seeds chase each other round
	// the board (or one captures the other), and a position comes back every
	// twelve plies, so the third occurrence ends the game within perft's
	// reach. A third seed adds branching; the depth is the largest (up to
	// 40) whose count stays small.
	for ci, slam := range []string{"capture", "nocapture", "forbidden"} {
		c := refCase{"oware", engine.Options{"grand_slam": slam}}
		rules := engine.MustNew(c.variant, c.opts)
		rng := rand.New(rand.NewPCG(uint64(ci), 0x1a7e))
		n := 24
		if testing.Short() {
			n = 6
		}
		for k := 0; k < n; {
			ref := refRules("oware", c.opts)
			ref.pits[refS][rng.IntN(6)]++
			ref.pits[refN][rng.IntN(6)]++
			if k%2 == 1 {
				ref.pits[rng.IntN(2)][rng.IntN(6)]++
			}
			ref.stores[refS], ref.stores[refN] = rng.IntN(3), rng.IntN(3)
			ref.toMove = rng.IntN(2)
			setup := engine.Setup{ToMove: engine.Side(ref.toMove), Pits: [][]int{ref.pits[refS], ref.pits[refN]}, Stores: ref.stores}
			p, err := engine.NewPosition(rules, setup)
			if err != nil {
				continue
			}
			ref.startHistory()
			depth := 1
			for depth < 40 && engine.Perft(p, depth+1) <= 1000 {
				depth++
			}
			reps += check(c, p, ref, depth, false)
			positions++
			k++
		}
	}
	// bao-laps (R1): a position that comes back every six plies (see
	// TestBaoLapsRules in bao_test.go); its third occurrence is a draw.
	{
		c := refCase{"bao-laps", engine.Options{}}
		rules := engine.MustNew(c.variant, c.opts)
		ref := refRules(c.variant, c.opts)
		ref.pits[refS] = []int{0, 0, 2, 0, 2, 0, 1, 0}
		ref.pits[refN] = []int{0, 1, 0, 2, 0, 1, 1, 1}
		p, err := engine.NewPosition(rules, engine.Setup{Pits: [][]int{ref.pits[refS], ref.pits[refN]}, Stores: ref.stores})
		if err != nil {
			t.Fatal(err)
		}
		ref.startHistory()
		depth := 12
		for depth < 16 && engine.Perft(p, depth+1) <= 20000 {
			depth++
		}
		r := check(c, p, ref, depth, false)
		if r == 0 {
			t.Errorf("bao-laps: no perft line to depth %d ended by repetition", depth)
		}
		t.Logf("bao-laps repetition position: perft to depth %d, %d lines ended by repetition", depth, r)
		reps += r
	}
	if reps == 0 {
		t.Errorf("no perft line ended by repetition: the repetition rule went untested")
	}
	t.Logf("perft compared from %d random positions; %d lines ended by repetition", positions, reps)
}
