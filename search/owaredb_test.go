package search

import (
	"context"
	"encoding/binary"
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/kalah"
	"github.com/mancala-bot/mancala/search/internal/oware"
)

var owareRules = engine.MustNew("oware", nil)

// owareSlamRules holds Oware's rules for each grand-slam rule.
var owareSlamRules = func() map[oware.Slam]engine.Rules {
	m := map[oware.Slam]engine.Rules{}
	for _, s := range oware.Slams {
		m[s] = engine.MustNew("oware", engine.Options{"grand_slam": s.String()})
	}
	return m
}()

// owarePosition sets up board b with South to move and South's store
// margin d (stores of 10 and 10+|d|), under the default rules.
func owarePosition(t testing.TB, b kalah.Board, d int) (engine.Position, error) {
	t.Helper()
	return owarePositionUnder(t, owareRules, b, d)
}

// owarePositionUnder is owarePosition under the rules r.
func owarePositionUnder(t testing.TB, r engine.Rules, b kalah.Board, d int) (engine.Position, error) {
	t.Helper()
	var s, n [6]int
	for j := range 6 {
		s[j], n[j] = kalah.PitAt(b.My, j), kalah.PitAt(b.Opp, j)
	}
	return engine.NewPosition(r, engine.Setup{
		ToMove: engine.South,
		Pits:   [][]int{s[:], n[:]},
		Stores: []int{10 + max(d, 0), 10 + max(-d, 0)},
	})
}

// TestOwarePlayMatchesEngine checks the database's move generator of each
// grand-slam rule against the engine's rules on random boards: the same
// legal moves, the same child boards and captures, the same end.
func TestOwarePlayMatchesEngine(t *testing.T) {
	for _, slam := range oware.Slams {
		t.Run(slam.String(), func(t *testing.T) { testOwarePlayMatchesEngine(t, slam) })
	}
}

func testOwarePlayMatchesEngine(t *testing.T, slam oware.Slam) {
	rng := rand.New(rand.NewSource(1))
	// Moves capturing every seed of the opponent's row (under the default
	// rule), and boards on which every move does.
	slams, forced := 0, 0
	for range 20000 {
		var b kalah.Board
		seeds := rng.Intn(30)
		for range seeds {
			j := rng.Intn(12)
			if j < 6 {
				b.My += 1 << (8 * j)
			} else {
				b.Opp += 1 << (8 * (j - 6))
			}
		}
		p, err := owarePositionUnder(t, owareSlamRules[slam], b, 0)
		mask := slam.Moves(b)
		if err != nil {
			if mask != 0 {
				t.Fatalf("%v: engine says over (%v), database has moves %b", b, err, mask)
			}
			continue
		}
		var em uint
		for _, m := range p.Moves() {
			em |= 1 << (m.Pit - 1)
		}
		if em != mask {
			t.Fatalf("%v: engine moves %b, database %b", b, em, mask)
		}
		all := true
		for i := range 6 {
			if oware.Capture.Moves(b)&(1<<i) != 0 {
				if c, g := oware.Capture.Play(b, i); g == 0 || c.My != 0 {
					all = false
				}
			}
		}
		if all {
			forced++
		}
		for i := range 6 {
			if mask&(1<<i) == 0 {
				continue
			}
			c, g := slam.Play(b, i)
			if dc, dg := oware.Capture.Play(b, i); dg > 0 && dc.My == 0 {
				slams++
			}
			q, err := p.Play(engine.Move{Kind: engine.Sow, Pit: uint8(i + 1)})
			if err != nil {
				t.Fatal(err)
			}
			if got := q.Store(engine.South) - p.Store(engine.South); got != g && q.Status() == engine.Ongoing {
				t.Fatalf("%v pit %d: engine captures %d, database %d", b, i+1, got, g)
			}
			if q.Status() != engine.Ongoing {
				continue // a majority, or the end sweep: the pits are emptied
			}
			cb, _ := oware.BoardOf(&q)
			if cb != c {
				t.Fatalf("%v pit %d: engine child %v, database %v", b, i+1, cb, c)
			}
		}
	}
	t.Logf("%d grand slams among the moves compared, %d boards where every move is one", slams, forced)
	if slams == 0 || forced == 0 {
		t.Error("the boards drawn do not exercise the grand-slam rule")
	}
}

// bruteSearch is a brute-force minimax over the engine's rules, the
// third-repetition rule of Game included: every line is played through a
// Game, an alpha-beta search with no table but one of results that no
// repetition touched (those do not depend on the line that led to the
// position).
type bruteSearch struct {
	memo  map[bruteKey]int8
	nodes int
	limit int // nodes; past it the search gives up
	// first, if not nil, names a move to try first (0: none): an order
	// only, which changes the time taken, never the result.
	first func(p *engine.Position) uint8
}

type bruteKey struct {
	k           engine.Key
	alpha, beta int8
}

var errBruteLimit = errors.New("brute force: node limit")

// outcome returns the result of g's position for the side to move with
// perfect play (+1 win, 0 draw, -1 loss) within the window (alpha, beta),
// fail-soft (a result <= alpha is an upper bound, >= beta a lower bound),
// and whether a repetition ended a line it depends on.
func (s *bruteSearch) outcome(g *engine.Game, alpha, beta int) (v int, rep bool) {
	if s.nodes++; s.nodes > s.limit {
		panic(errBruteLimit)
	}
	p := g.Position()
	if p.Status() != engine.Ongoing {
		rep = p.EndReason() == engine.EndRepetition
		switch w, ok := p.Status().Winner(); {
		case !ok:
			return 0, rep
		case w == p.ToMove():
			return 1, rep
		default:
			return -1, rep
		}
	}
	mk := bruteKey{p.Key(), int8(alpha), int8(beta)}
	if v, ok := s.memo[mk]; ok {
		return int(v), false
	}
	best := -2
	moves := p.Moves()
	if s.first != nil {
		if f := s.first(&p); f != 0 {
			for i, m := range moves {
				if m.Pit == f {
					moves[0], moves[i] = moves[i], moves[0]
				}
			}
		}
	}
	for _, m := range moves {
		if _, err := g.Play(m); err != nil {
			panic(err)
		}
		cv, crep := s.outcome(g, -beta, -max(alpha, best))
		g.Undo()
		if -cv > best {
			best = -cv
		}
		if best >= beta { // a cut: this line alone decides
			rep = crep
			break
		}
		rep = rep || crep
	}
	if !rep {
		s.memo[mk] = int8(best)
	}
	return best, rep
}

// bruteOutcome returns the result of p with perfect play from scratch
// under the engine's rules within the window (alpha, beta), as outcome,
// or ok false past limit nodes; first is as in bruteSearch.
func bruteOutcome(p engine.Position, alpha, beta, limit int, first func(p *engine.Position) uint8) (v int, ok bool) {
	s := &bruteSearch{memo: map[bruteKey]int8{}, limit: limit, first: first}
	defer func() {
		if r := recover(); r != nil {
			if r != errBruteLimit {
				panic(r)
			}
			ok = false
		}
	}()
	v, _ = s.outcome(engine.NewGame(p), alpha, beta)
	return v, true
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// TestOwareDBBruteForce checks every board of up to owareBruteSeeds seeds
// against a brute-force minimax over the engine itself (with Game's
// repetition rule): for each board, with South's store margin d set to
// -v-1, -v and -v+1 (v the database's value), the engine's result must be
// a loss, a draw and a win (each proven by null-window searches), which
// pins v exactly. Where the database only
// has bounds lo < hi, the result must be a win with d = -lo+1 and a loss
// with d = -hi-1. The brute force tries the database's move first, which
// only makes it quicker; a position it cannot finish within
// owareBruteNodes positions is counted and left out.
//
// Up to 4 seeds it takes about 30 s (3 with -short); OWARE_BRUTE_SEEDS
// sets another count.
//
// Each grand-slam rule's database is checked against the engine under
// that rule: the default rule's up to 4 seeds, the others' up to 3 (a few
// seconds each), all up to OWARE_BRUTE_SEEDS when set.
func TestOwareDBBruteForce(t *testing.T) {
	for _, slam := range oware.Slams {
		K := owareBruteSeeds
		if testing.Short() || slam != oware.Capture {
			K = 3
		}
		if s := os.Getenv("OWARE_BRUTE_SEEDS"); s != "" {
			K, _ = strconv.Atoi(s)
		}
		t.Run(slam.String(), func(t *testing.T) { testOwareDBBruteForce(t, slam, K) })
	}
}

func testOwareDBBruteForce(t *testing.T, slam oware.Slam, K int) {
	db := oware.NewDB(slam, K)
	if err := db.Build(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	first := func(p *engine.Position) uint8 {
		b, _ := oware.BoardOf(p)
		if b.Seeds() > K {
			return 0
		}
		pit, ok := db.BestMove(b)
		if !ok {
			return 0
		}
		return uint8(pit + 1)
	}
	exact, open, total := 0, 0, 0
	var checked, given [2]int // of exact boards, of the others
	for k := 1; k <= K; k++ {
		for j := 1; j <= k; j++ {
			for _, my := range kalah.Compositions(6, j) {
				for _, opp := range kalah.Compositions(6, k-j) {
					b := kalah.Board{My: my, Opp: opp}
					if db.Moves(b) == 0 {
						continue
					}
					total++
					lo, hi := db.Bounds(b)
					if lo == hi {
						exact++
					} else {
						open++
					}
					// Each check is a null-window proof: the result is
					// at least 1 (a win), at most -1 (a loss), or both at
					// least 0 and at most 0 (a draw).
					type check struct{ d, alpha, beta, want int }
					checks := []check{{-lo + 1, 0, 1, 1}, {-hi - 1, -1, 0, -1}}
					x := 1
					if lo == hi {
						checks = append(checks, check{-lo, -1, 0, 0}, check{-lo, 0, 1, 0})
						x = 0
					}
					for _, c := range checks {
						if c.d < -k || c.d > k {
							continue // not a position: a majority already
						}
						p, err := owarePositionUnder(t, owareSlamRules[slam], b, c.d)
						if err != nil {
							t.Fatalf("%v d=%d: %v", b, c.d, err)
						}
						got, ok := bruteOutcome(p, c.alpha, c.beta, owareBruteNodes, first)
						if !ok {
							given[x]++
							continue
						}
						checked[x]++
						if (c.want >= c.beta && got < c.beta) || (c.want <= c.alpha && got > c.alpha) {
							t.Fatalf("%v margin %+d: brute force %+d in (%d, %d), database bounds [%d, %d]", b, c.d, got, c.alpha, c.beta, lo, hi)
						}
					}
				}
			}
		}
	}
	t.Logf("%d boards of 1 to %d seeds with moves: %d exact (%d positions checked, %d given up), %d with bounds only (%d checked, %d given up); limit %d nodes",
		total, K, exact, checked[0], given[0], open, checked[1], given[1], owareBruteNodes)
}

const (
	owareBruteSeeds = 4
	owareBruteNodes = 20_000
)

// TestOwareLookup checks Perfect's answer from the database: on exact
// boards a legal move whose child proves the value, with the margin
// added; none on boards with bounds only, nor once a position of the same
// seed count has occurred twice.
func TestOwareLookup(t *testing.T) {
	db := oware.NewDB(oware.Capture, 6)
	if err := db.Build(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	answered, open := 0, 0
	for j := 1; j <= 6; j++ {
		for _, my := range kalah.Compositions(6, j) {
			for _, opp := range kalah.Compositions(6, 6-j) {
				b := kalah.Board{My: my, Opp: opp}
				if oware.Capture.Moves(b) == 0 {
					continue
				}
				p, err := owarePosition(t, b, 2)
				if err != nil {
					t.Fatal(err)
				}
				d, ok := owareLookup(db, p, nil)
				v, exact := db.Exact(b)
				if ok != exact {
					t.Fatalf("%v: answered %v, exact %v", b, ok, exact)
				}
				if !ok {
					open++
					continue
				}
				answered++
				if !d.Exact || d.Value != 2+v {
					t.Fatalf("%v: %+v, want exact %d", b, d, 2+v)
				}
				c, g := oware.Capture.Play(b, int(d.Move.Pit)-1)
				if cv, cok := db.Exact(c); !cok || g-cv != v {
					t.Fatalf("%v: move %d leads to %v (exact %v), gain %d, not value %d", b, d.Move.Pit, cv, cok, g, v)
				}
				if _, err := p.Play(d.Move); err != nil {
					t.Fatal(err)
				}
				if _, ok := owareLookup(db, p, []engine.Position{p, p}); ok {
					t.Fatalf("%v: answered after the position occurred twice", b)
				}
			}
		}
	}
	t.Logf("6 seeds: %d boards answered, %d with bounds only", answered, open)
}

// owareEndgames returns n random Oware positions with k seeds on the
// board (both sides holding some, South to move) and the other 48-k
// seeds split as evenly as the stores allow.
func owareEndgames(t testing.TB, n, k int, seed int64) []engine.Position {
	rng := rand.New(rand.NewSource(seed))
	var out []engine.Position
	for len(out) < n {
		var s, m [6]int
		for range k {
			if j := rng.Intn(12); j < 6 {
				s[j]++
			} else {
				m[j-6]++
			}
		}
		p, err := engine.NewPosition(owareRules, engine.Setup{
			ToMove: engine.South,
			Pits:   [][]int{s[:], m[:]},
			Stores: []int{(48 - k) / 2, 48 - k - (48-k)/2},
		})
		if err != nil || p.PitSeeds(engine.South) == 0 || p.PitSeeds(engine.North) == 0 {
			continue
		}
		out = append(out, p)
	}
	return out
}

// BenchmarkOwareEndgameMatch plays Perfect (with the Oware database)
// against Expert from random endgames of OWARE_MATCH_SEEDS seeds (default
// 10), OWARE_MATCH_GAMES games (default 20, each start played with both
// colours), and reports Perfect's score and Elo difference with its 95%
// margin. The database comes from the cache (MANCALA_CACHE_DIR).
func BenchmarkOwareEndgameMatch(b *testing.B) {
	k, games := 10, 20
	if s := os.Getenv("OWARE_MATCH_SEEDS"); s != "" {
		k, _ = strconv.Atoi(s)
	}
	if s := os.Getenv("OWARE_MATCH_GAMES"); s != "" {
		games, _ = strconv.Atoi(s)
	}
	if testing.Short() {
		// CI runs every benchmark once under -short: the tests' small
		// database and a few games, to show the benchmark works.
		k, games = 5, 4
	} else {
		owarePerfectSeeds = 0 // the bot's database (the largest in the cache), not the tests'
		defer func() { owarePerfectSeeds = testOwarePerfectSeeds }()
	}
	starts := owareEndgames(b, games/2, k, 1)
	for range b.N {
		res, err := PlayMatch(context.Background(), owareRules, Perfect, Expert, MatchOptions{Games: games, Starts: starts, Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		elo, margin := res.Elo()
		b.Logf("perfect vs expert, %d-seed Oware endgames: +%d =%d -%d, score %.3f, Elo %+.0f ± %.0f, margin %+d",
			k, res.Wins, res.Draws, res.Losses, res.Score(), elo, margin, res.Margin)
		b.ReportMetric(res.Score(), "score")
		b.ReportMetric(elo, "elo")
		b.ReportMetric(margin, "elo±")
	}
}

// TestOwarePerfectPlayMakesProgress plays the database's move for the side
// to move from every exact 6-seed board, the margin set so that the value
// just draws, against random replies through the engine's Game (with its
// repetition rule): every game ends within 300 plies, the side playing
// from the database never loses, and Perfect's lookup answers only on
// exact boards (it also declines after a repetition the random side
// made; the bound's move is played then).
func TestOwarePerfectPlayMakesProgress(t *testing.T) {
	db := oware.NewDB(oware.Capture, 6)
	if err := db.Build(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(3))
	games := 0
	for j := 1; j <= 6; j++ {
		for _, my := range kalah.Compositions(6, j) {
			for _, opp := range kalah.Compositions(6, 6-j) {
				b := kalah.Board{My: my, Opp: opp}
				v, ok := db.Exact(b)
				if !ok || oware.Capture.Moves(b) == 0 || v < -6 || v > 6 {
					continue
				}
				p, err := owarePosition(t, b, -v)
				if err != nil {
					t.Fatal(err)
				}
				games++
				g := engine.NewGame(p)
				for g.Position().Status() == engine.Ongoing {
					q := g.Position()
					if q.Ply() >= 300 {
						t.Fatalf("%v: no end after 300 plies", b)
					}
					var m engine.Move
					if q.ToMove() == engine.South {
						// Exact boards through Perfect's lookup, the
						// others (after a weak reply) by their bound.
						qb, _ := oware.BoardOf(&q)
						d, ok := owareLookup(db, q, g.Positions()[:len(g.Positions())-1])
						if _, exact := db.Exact(qb); ok && !exact {
							t.Fatalf("%v: lookup answered on a board with bounds only at ply %d:\n%v", b, q.Ply(), q)
						}
						if !ok {
							pit, _ := db.BestMove(qb)
							d.Move = engine.Move{Kind: engine.Sow, Pit: uint8(pit + 1)}
						}
						m = d.Move
					} else {
						moves := q.Moves()
						m = moves[rng.Intn(len(moves))]
					}
					if _, err := g.Play(m); err != nil {
						t.Fatal(err)
					}
				}
				if w, ok := g.Position().Status().Winner(); ok && w != engine.South {
					t.Fatalf("%v (value %d, margin %d): lost\n%v", b, v, -v, g.Position())
				}
			}
		}
	}
	t.Logf("%d games", games)
}

// TestOwarePerfectLevel checks Perfect on Oware boards within its
// database (a 6-seed one, put in the process's cache): exact boards are answered exactly from it (but for a
// forced move, played at once), and on
// boards with bounds only the answer is not called exact and secures the
// proven lower bound.
//
// Under the other grand-slam rules Perfect answers from their own
// databases: besides random endgames, it is asked the boards (up to 20)
// whose bounds under the rule differ from the default rule's, which the
// default's database would answer wrongly.
func TestOwarePerfectLevel(t *testing.T) {
	for _, slam := range oware.Slams {
		t.Run(slam.String(), func(t *testing.T) { testOwarePerfectLevel(t, slam) })
	}
}

// keepOwareDB puts db in memory as the database of its grand-slam rule
// that the levels use with cache folder dir (owarePerfectSeeds seeds), for
// the rest of the test.
func keepOwareDB(t *testing.T, dir string, db *oware.DB) {
	key := dir + "|" + oware.FileName(db.Slam, owarePerfectSeeds)
	oware.DBs.Lock()
	if oware.DBs.M == nil {
		oware.DBs.M = map[string]*oware.DB{}
	}
	oware.DBs.M[key] = db
	oware.DBs.Unlock()
	t.Cleanup(func() {
		oware.DBs.Lock()
		delete(oware.DBs.M, key)
		oware.DBs.Unlock()
	})
}

func testOwarePerfectLevel(t *testing.T, slam oware.Slam) {
	dir := t.TempDir()
	setCacheDir(t, dir)
	r := owareSlamRules[slam]
	db := oware.NewDB(slam, 6)
	if err := db.Build(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	keepOwareDB(t, dir, db)
	var starts []engine.Position
	for _, p := range owareEndgames(t, 40, 6, 5) {
		b, _ := oware.BoardOf(&p)
		q, err := owarePositionUnder(t, r, b, 0)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, q)
	}
	differ := 0
	if slam != oware.Capture {
		def := oware.NewDB(oware.Capture, 6)
		if err := def.Build(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
		for j := 1; j < 6 && differ < 20; j++ {
			for _, my := range kalah.Compositions(6, j) {
				for _, opp := range kalah.Compositions(6, 6-j) {
					b := kalah.Board{My: my, Opp: opp}
					lo, hi := db.Bounds(b)
					dlo, dhi := def.Bounds(b)
					if differ < 20 && db.Moves(b) != 0 && (lo != dlo || hi != dhi) {
						q, err := owarePositionUnder(t, r, b, 0)
						if err != nil {
							t.Fatal(err)
						}
						starts = append(starts, q)
						differ++
					}
				}
			}
		}
		if differ == 0 {
			t.Fatal("no 6-seed board whose bounds differ from the default rule's")
		}
	}
	exact, open := 0, 0
	for _, p := range starts {
		b, margin := oware.BoardOf(&p)
		lo, hi := db.Bounds(b)
		d, err := Perfect.ChooseFrom(context.Background(), p, nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		c, g := db.Play(b, int(d.Move.Pit)-1)
		_, chi := db.Bounds(c)
		if lo == hi {
			exact++
			if len(p.Moves()) == 1 && !d.Exact {
				continue // a forced move is played at once
			}
			if !d.Exact || !d.ToBoardEnd || d.Value != margin+lo || g-chi != lo {
				t.Fatalf("%v: %+v, want exact %d, counted to the end of the board", p, d, margin+lo)
			}
			continue
		}
		open++
		if d.Exact || g-chi < lo {
			t.Fatalf("%v: %+v; bounds [%d, %d], the move secures %d", p, d, lo, hi, g-chi)
		}
	}
	t.Logf("%d exact boards, %d with bounds only (%d whose bounds differ from the default rule's)", exact, open, differ)
}

// TestOwareDBAgreesWithSolve checks the database beyond the brute force's
// reach against the generic solver (the engine's rules, its repetition
// rule along each line): on random 8-seed endgames whose value the
// database holds exactly, the solver finds the same winner (the solver's
// margin counts the majority rule, which can stop the game sooner, so
// only the winner is compared), or, where it does not, the database's
// claim is proven through the engine (ProveOwareStrategy), since the
// solver's value is no proof under the repetition rule.
func TestOwareDBAgreesWithSolve(t *testing.T) {
	db := oware.NewDB(oware.Capture, 8)
	if err := db.Build(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	checked, skipped, solverWrong := 0, 0, 0
	for _, p := range owareEndgames(t, 30, 8, 11) {
		b, margin := oware.BoardOf(&p)
		v, ok := db.Exact(b)
		if !ok {
			continue
		}
		res, err := Solve(context.Background(), p, SolveOptions{MaxNodes: 1_000_000, MemoryMB: 32})
		if errors.Is(err, ErrTooLarge) {
			skipped++
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		checked++
		if sign(res.Value) == sign(margin+v) {
			continue
		}
		// The solver's value is no proof under the repetition rule
		// (solverProves: a value stored from one line can miss a
		// repetition another line reaches, so it depends on the move
		// order). Where the two disagree, the database's claim is proven
		// through the engine's own rules: each side it credits with at
		// least a draw (both for a draw, the winner for a win) plays its
		// moves against every reply.
		want := sign(margin + v)
		sides := []engine.Side{p.ToMove(), 1 - p.ToMove()}
		switch {
		case want > 0:
			sides = sides[:1]
		case want < 0:
			sides = sides[1:]
		}
		for _, side := range sides {
			ok, _, err := ProveOwareStrategy(context.Background(), p, engine.Move{}, side, want*want, 8, 5_000_000)
			if err != nil || !ok {
				t.Errorf("%v\nsolver %+d, database %+d (margin %+d, value %+d): %s's strategy not proven (%v)", p, res.Value, margin+v, margin, v, side, err)
			}
		}
		solverWrong++
	}
	t.Logf("%d positions checked, %d over the solver's limit, %d where the solver erred and the database's claim was proven", checked, skipped, solverWrong)
	if checked == 0 {
		t.Fatal("nothing checked")
	}
}

// testOwarePerfectSeeds is the Oware database Perfect uses in this
// package's tests: built in a few hundredths of a second, where the bot's
// 12-seed one takes about 12 s on two cores.
const testOwarePerfectSeeds = 6

func TestMain(m *testing.M) {
	owarePerfectSeeds = testOwarePerfectSeeds
	owareFirstSeeds = testOwarePerfectSeeds
	// Databases the tests build go to a folder of their own, never the
	// user's cache.
	if os.Getenv("MANCALA_CACHE_DIR") == "" {
		dir, err := os.MkdirTemp("", "mancala-search-test")
		if err != nil {
			panic(err)
		}
		os.Setenv("MANCALA_CACHE_DIR", dir)
		code := m.Run()
		os.RemoveAll(dir)
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// writeFakeOwareDB writes a file for the k-seed database to dir with the
// given magic and a length off by extra bytes, all zeros after the header
// (sparse: a large one costs no disk), so its checksum fails when loaded.
func writeFakeOwareDB(t *testing.T, dir string, k int, magic string, extra int64) {
	t.Helper()
	f, err := os.Create(filepath.Join(dir, oware.FileName(oware.Capture, k)))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h := oware.Header{MaxSeeds: uint32(k), Size: oware.DBSize(k)}
	copy(h.Magic[:], magic)
	if err := binary.Write(f, binary.LittleEndian, h); err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(int64(binary.Size(h)) + 4*int64(h.Size) + 4 + extra); err != nil {
		t.Fatal(err)
	}
}

// TestCachedOwareSeeds checks which Oware database the levels use: the
// largest in the cache whose header and length are right, above 12 seeds,
// else the 12-seed one. The answer is kept until a build or a failed load,
// and a database of more than 14 seeds is never built on use.
func TestCachedOwareSeeds(t *testing.T) {
	dir := t.TempDir()
	setCacheDir(t, dir)
	saved := owarePerfectSeeds
	owarePerfectSeeds = 0 // the bot's choice, not the tests' small database
	defer func() { owarePerfectSeeds = saved; oware.ForgetCachedSeeds(dir) }()
	if k := OwarePerfectSeeds(); k != OwareDBSeeds {
		t.Fatalf("empty cache: %d seeds, want %d", k, OwareDBSeeds)
	}
	writeFakeOwareDB(t, dir, 15, oware.Magic, 0)
	writeFakeOwareDB(t, dir, 18, oware.Magic, -1)       // cut short
	writeFakeOwareDB(t, dir, 19, "MANCALA-OWAREDB1", 0) // an older format
	writeFakeOwareDB(t, dir, 11, oware.Magic, 0)        // smaller than the default
	if k := OwarePerfectSeeds(); k != OwareDBSeeds {
		t.Errorf("the answer was not kept: %d seeds", k)
	}
	oware.ForgetCachedSeeds(dir)
	if k := OwarePerfectSeeds(); k != 15 {
		t.Fatalf("cache with a 15-seed database: %d seeds, want 15", k)
	}
	if !ExactInEndgames(owareRules) {
		t.Fatal("Oware's perfect level is not exact in endgames")
	}
	// Its checksum fails: not built instead, and the cache is read again.
	_, err := oware.GetDB(context.Background(), oware.Capture, 15, dir)
	if !errors.Is(err, ErrOwareDBNotBuilt) || !strings.Contains(err.Error(), `mancala book oware --db-seeds 15`) {
		t.Fatalf("a damaged 15-seed database: %v, want ErrOwareDBNotBuilt", err)
	}
	if err := os.Remove(filepath.Join(dir, oware.FileName(oware.Capture, 15))); err != nil {
		t.Fatal(err)
	}
	if k := OwarePerfectSeeds(); k != OwareDBSeeds {
		t.Errorf("after a failed load and the file's removal: %d seeds, want %d", k, OwareDBSeeds)
	}
	if _, err := oware.GetDB(context.Background(), oware.Capture, 16, dir); !errors.Is(err, ErrOwareDBNotBuilt) {
		t.Errorf("a 16-seed database not in the cache: %v, want ErrOwareDBNotBuilt", err)
	}
	if files, _ := os.ReadDir(dir); len(files) != 3 {
		t.Errorf("the cache holds %d files, want the 3 fakes left", len(files))
	}
}

// TestBuildOwareDB builds a small database into the cache: its stats
// match the database's, a second call keeps the file, and a seed count
// out of range is refused.
func TestBuildOwareDB(t *testing.T) {
	dir := t.TempDir()
	setCacheDir(t, dir)
	var levels []int
	st, err := BuildOwareDB(context.Background(), owareRules, 5, func(level int, _ time.Duration) { levels = append(levels, level) })
	if err != nil {
		t.Fatal(err)
	}
	want := oware.NewDB(oware.Capture, 5)
	if err := want.Build(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	exact := uint64(0)
	for i := range want.Lo {
		if want.Lo[i] == want.Hi[i] {
			exact++
		}
	}
	path := filepath.Join(dir, oware.FileName(oware.Capture, 5))
	if st.Seeds != 5 || st.Boards != 6188 || st.Exact != exact || st.Cached || st.Path != path || st.Bytes != 28+4*6188+4 {
		t.Errorf("stats %+v; want 6188 boards, %d exact, %s", st, exact, path)
	}
	if !slices.Equal(levels, []int{0, 1, 2, 3, 4, 5}) {
		t.Errorf("progress after levels %v", levels)
	}
	got := oware.NewDB(oware.Capture, 5)
	if err := got.Load(dir); err != nil || !slices.Equal(got.Lo, want.Lo) || !slices.Equal(got.Hi, want.Hi) || !slices.Equal(got.DHi, want.DHi) {
		t.Fatalf("the saved database differs from a fresh build (load: %v)", err)
	}
	again, err := BuildOwareDB(context.Background(), owareRules, 5, func(int, time.Duration) { t.Error("rebuilt a cached database") })
	if err != nil || !again.Cached || again.Exact != exact || again.Elapsed != 0 {
		t.Errorf("second build: %+v, %v; want the cached one", again, err)
	}
	for _, k := range []int{0, MaxOwareDBSeeds + 1} {
		if _, err := BuildOwareDB(context.Background(), owareRules, k, nil); err == nil {
			t.Errorf("BuildOwareDB(%d): no error", k)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := BuildOwareDB(ctx, owareRules, 6, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled build: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, oware.FileName(oware.Capture, 6))); !os.IsNotExist(err) {
		t.Errorf("a cancelled build left a file: %v", err)
	}
}

// TestOwareStrategyWin plays Abapa games (grand_slam=nocapture,
// repetition=first) from random boards of 5 or 6 seeds, South playing
// Hard's moves and North random quiet ones, with the 6-seed database in
// memory. At South's turns after a quiet move, where the history keeps
// the database from being trusted (TrustedAfter) but South has kept to
// the database's moves, and the database's lower bound with the stores is
// a win, Hard plays the database's move (owareStrategyWin), with no
// claim; a search of Hard's size chooses otherwise on some of those
// positions, so a level that searched there fails.
func TestOwareStrategyWin(t *testing.T) {
	dir := t.TempDir()
	setCacheDir(t, dir)
	r := engine.MustNew("oware", engine.Options{"grand_slam": "nocapture", "repetition": "first"})
	db := oware.NewDB(oware.NoCapture, testOwarePerfectSeeds)
	if err := db.Build(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	keepOwareDB(t, dir, db)
	rng := rand.New(rand.NewSource(21))
	checked, searchDiffers := 0, 0
	for trial := 0; trial < 300 && checked < 40; trial++ {
		k := 5 + trial%2
		var pits [12]int
		for range k {
			pits[rng.Intn(12)]++
		}
		p, err := engine.NewPosition(r, engine.Setup{ToMove: engine.South, Pits: [][]int{pits[:6], pits[6:]}, Stores: []int{24 - k/2, 24 - k + k/2}})
		if err != nil || p.Status() != engine.Ongoing {
			continue
		}
		g := engine.NewGame(p)
		for range 12 {
			ps := g.Positions()
			q, history := ps[len(ps)-1], ps[:len(ps)-1]
			if q.Status() != engine.Ongoing {
				break
			}
			var m engine.Move
			if q.ToMove() == engine.South {
				d, err := Hard.ChooseFrom(context.Background(), q, history, 1)
				if err != nil {
					t.Fatal(err)
				}
				m = d.Move
				b, margin := oware.BoardOf(&q)
				lo, _ := db.Bounds(b)
				if !oware.TrustedAfter(&q, history) && oware.StrategyTrusted(db, &q, history) && margin+lo > 0 {
					pit, _ := db.BestMove(b)
					if int(m.Pit) != pit+1 || d.Exact {
						t.Fatalf("trial %d: Hard plays %v (exact %v), the database's winning move is pit %d\n%s", trial, m, d.Exact, pit+1, &q)
					}
					checked++
					a, err := Analyze(context.Background(), q, Limits{Nodes: levelSpecs[Hard].nodes, History: history, TableMB: 4})
					if err != nil {
						t.Fatal(err)
					}
					if a.Best != m {
						searchDiffers++
					}
				}
			} else {
				moves := q.Moves()
				m = moves[rng.Intn(len(moves))]
				for _, o := range moves { // a quiet move, if any
					if c, err := q.Play(o); err == nil && c.Store(engine.North) == q.Store(engine.North) {
						m = o
						break
					}
				}
			}
			if _, err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d positions checked; a search of Hard's size chose another move on %d", checked, searchDiffers)
	if checked < 10 {
		t.Fatalf("only %d positions checked", checked)
	}
	if searchDiffers == 0 {
		t.Error("the search chose the database's move everywhere: the check does not tell the two apart")
	}
}
