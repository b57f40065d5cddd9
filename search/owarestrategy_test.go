package search

import (
	"context"
	"errors"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/kalah"
	"github.com/mancala-bot/mancala/search/internal/oware"
)

// checkStrategy is ProveOwareStrategy with db's seed count.
func checkStrategy(db *oware.DB, p engine.Position, side engine.Side, want, limit int) (bool, int, error) {
	return ProveOwareStrategy(context.Background(), p, engine.Move{}, side, want, db.MaxSeeds, limit)
}

var errStrategyLimit = ErrProofLimit

// TestOwareDBStrategies checks the database beyond the brute force's reach
// (random boards of 8 to 10 seeds) through the engine's rules, without
// trusting its values: with South's store margin d set around each board's
// bounds, the side the database says wins plays the database's moves
// against every defence and must win on every line (and each side must at
// least draw where the database says draw). A board whose value is exact
// at v is checked with d = -v+1 (South wins), d = -v (a draw: each side
// holds it) and d = -v-1 (North wins), which pins v; a board with bounds
// lo < hi with d = -lo+1 and d = -hi-1. The two wins prove lo <= value <=
// hi (South's end-of-board result r has d + r > 0, or < 0), so an exact
// value is pinned. OWARE_STRATEGY_DRAWS=1 also checks that each side holds
// the draw with d = -v (costlier: the side holding a draw may go round in
// cycles until the repetition rule ends the game; 10 seeds: 157 claims
// proven, 34 past the limit, 69 million positions, 75 s).
//
// OWARE_STRATEGY_SEEDS=12 checks up to 12 seeds (building the 12-seed
// database, about half a minute, unless MANCALA_CACHE_DIR holds it).
func TestOwareDBStrategies(t *testing.T) {
	K := 10
	if s := os.Getenv("OWARE_STRATEGY_SEEDS"); s != "" {
		K, _ = strconv.Atoi(s)
	}
	db, err := oware.GetDB(context.Background(), oware.Capture, K, CacheDir())
	if err != nil {
		t.Fatal(err)
	}
	n := 25
	if testing.Short() {
		n = 6
	}
	var st proofStats
	for k := 8; k <= K; k++ {
		for _, p := range owareEndgames(t, n, k, int64(7*k)) {
			b, _ := oware.BoardOf(&p)
			st.prove(t, db, b, os.Getenv("OWARE_STRATEGY_DRAWS") != "", 2_000_000)
		}
	}
	checked, exact, open, given, nodes := st.checked, st.exact, st.open, st.given, st.nodes
	t.Logf("boards of 8 to %d seeds: %d exact, %d with bounds only; %d claims proven through the engine (%d positions), %d given up", K, exact, open, checked, nodes, given)
	if checked == 0 {
		t.Fatal("nothing checked")
	}
}

// TestOwareDBWhereSolveErrs pins two 8- and 9-seed endgames where the
// generic solver, with its graph-history error, disagrees with the
// database: the database's claims are proven through the engine.
func TestOwareDBWhereSolveErrs(t *testing.T) {
	db, err := oware.GetDB(context.Background(), oware.Capture, 9, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		south, north []int
		ss, ns       int
		lo, hi       int // South's bounds, stores included
		side         engine.Side
		want         int
	}{
		// North wins by 4 (the solver says a draw).
		{[]int{0, 0, 1, 0, 1, 2}, []int{1, 0, 1, 0, 0, 2}, 20, 20, -4, -4, engine.North, 1},
		// South does not lose (the solver says it loses by 3).
		{[]int{0, 0, 1, 0, 0, 0}, []int{0, 1, 0, 1, 4, 2}, 19, 20, 0, 2, engine.South, 0},
	} {
		p, err := engine.NewPosition(owareRules, engine.Setup{ToMove: engine.South, Pits: [][]int{c.south, c.north}, Stores: []int{c.ss, c.ns}})
		if err != nil {
			t.Fatal(err)
		}
		a, ok := owareAnswerOf(db, p)
		if !ok || a.Lower != c.lo || a.Upper != c.hi {
			t.Errorf("%v: database [%d, %d], want [%d, %d]", p, a.Lower, a.Upper, c.lo, c.hi)
		}
		if ok, _, err := checkStrategy(db, p, c.side, c.want, 1_000_000); !ok || err != nil {
			t.Errorf("%v: %s does not get %+d with the database's moves (%v)", p, c.side, c.want, err)
		}
	}
}

// proofStats counts the claims proveClaims proved.
type proofStats struct{ checked, exact, open, given, nodes int }

// prove proves the database's claims on board b through the engine (see
// TestOwareDBStrategies): a win for South with d = -lo+1, for North with
// d = -hi-1, and with draws, each side holding the draw with d = -v where
// the value v is exact. A claim past limit positions is counted as given
// up.
func (st *proofStats) prove(t *testing.T, db *oware.DB, b kalah.Board, draws bool, limit int) {
	t.Helper()
	type claim struct {
		d    int
		side engine.Side
		want int
	}
	k := b.Seeds()
	lo, hi := db.Bounds(b)
	claims := []claim{{-lo + 1, engine.South, 1}, {-hi - 1, engine.North, 1}}
	if lo == hi {
		st.exact++
		if draws {
			claims = append(claims, claim{-lo, engine.South, 0}, claim{-lo, engine.North, 0})
		}
	} else {
		st.open++
	}
	for _, c := range claims {
		if c.d < -k || c.d > k {
			continue // a majority already: not a position
		}
		q, err := owarePosition(t, b, c.d)
		if err != nil {
			t.Fatalf("%v d=%d: %v", b, c.d, err)
		}
		ok, nn, err := checkStrategy(db, q, c.side, c.want, limit)
		st.nodes += nn
		switch {
		case errors.Is(err, errStrategyLimit):
			st.given++
			continue
		case err != nil:
			t.Fatalf("%v\nbounds [%d, %d], %s to get at least %+d: %v", q, lo, hi, c.side, c.want, err)
		case !ok:
			t.Fatalf("%v\nbounds [%d, %d]: %s playing the database's moves does not get %+d on every line", q, lo, hi, c.side, c.want)
		}
		st.checked++
	}
}

// TestOwareDBProofsAll proves the database's claims through the engine
// (proofStats.prove: the winner playing the database's moves against
// every defence, every line played through engine.Game, repetition rule
// included) for every board of up to 6 seeds with moves (4 with -short;
// OWARE_PROOF_SEEDS sets another count). Draws are left out here: a side
// holding a draw can go round in cycles until the repetition rule ends
// the game, and proving it on every board takes hours (4 seeds: more than
// 5 minutes); the two wins already pin every exact value.
func TestOwareDBProofsAll(t *testing.T) {
	K := 6
	if testing.Short() {
		K = 4
	}
	if s := os.Getenv("OWARE_PROOF_SEEDS"); s != "" {
		K, _ = strconv.Atoi(s)
	}
	db, err := oware.GetDB(context.Background(), oware.Capture, K, "")
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	var st proofStats
	boards := 0
	for k := 1; k <= K; k++ {
		for j := 1; j <= k; j++ {
			for _, my := range kalah.Compositions(6, j) {
				for _, opp := range kalah.Compositions(6, k-j) {
					b := kalah.Board{My: my, Opp: opp}
					if oware.Capture.Moves(b) == 0 {
						continue
					}
					boards++
					st.prove(t, db, b, false, 2_000_000)
				}
			}
		}
	}
	t.Logf("%d boards of 1 to %d seeds with moves (%d exact, %d with bounds only): %d claims proven through the engine, %d given up past 2 000 000 positions; %d positions in %v",
		boards, K, st.exact, st.open, st.checked, st.given, st.nodes, time.Since(t0).Round(time.Millisecond))
	if st.given > 0 {
		t.Errorf("%d win claims given up", st.given)
	}
}
